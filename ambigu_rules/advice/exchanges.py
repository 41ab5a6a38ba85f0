"""A version's exchanges, read from its procedure: how many cards a player holds
when each comes, how many he may discard, and how many reach him after it.

An exchange is an ``exchange`` step, or a ``shuffle_call`` step's exchange
(made when every player has passed). The cards a player holds when it comes
are those the deal steps before it have dealt; the rule file's deal steps
always add up to a whole hand (the loader checks it), so the hand is whole
once every deal step has been dealt.

>>> from ambigu_rules.load.resolver import load_ruleset
>>> foster = exchanges_of(load_ruleset("foster"))
>>> [(rule.step_id, rule.hand_size, rule.low, rule.high) for rule in foster]
[('first_draw', 2, 0, 2), ('second_draw', 4, 0, 4)]
>>> [(rule.step_id, rule.low, rule.high) for rule in exchanges_of(load_ruleset("1730"))]
[('battez', 1, 2), ('second_exchange', 0, 4)]
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules.procedure import DealStep, ExchangeStep, ShuffleCallStep
from ..rules.ruleset import Ruleset

#: The exchanges by their place in the procedure, as the command line names them.
ORDINALS = ("first", "second")


class ExchangeRule(NamedTuple):
    """One exchange of a version: its step, the hand it is made on, the discards
    it allows (``low`` to ``high`` cards, never more than the hand)."""

    step_id: str
    title: str
    hand_size: int
    low: int
    high: int


def exchanges_of(ruleset: Ruleset) -> list[ExchangeRule]:
    """Every exchange of ``ruleset``, in the order of its procedure."""
    found: list[ExchangeRule] = []
    dealt = 0
    for step in ruleset.procedure:
        if isinstance(step, DealStep):
            dealt += step.cards
            continue
        if isinstance(step, ExchangeStep):
            allowed = step.discard
        elif isinstance(step, ShuffleCallStep):
            allowed = step.exchange
        else:
            continue
        high = min(allowed.max, dealt)
        found.append(ExchangeRule(step.id, step.title, dealt, min(allowed.min, high), high))
    return found
