"""A version given by name: its evaluator, and a showdown under it.

A name is a built-in id or a path to a YAML file (:func:`.catalog.locate`).
These are the loader's conveniences over :mod:`ambigu_rules.hands`, which is
given resolved rulesets and reads no file itself.

>>> evaluator_for_variant("foster").evaluate("2S 3S 4S 9S").combination
'flush_sequence'
>>> settle_showdown("foster", ["2S 3S 4S 9S", "5H 5D 5C 8S", "10H 9D 7C 6S"]).winner
0
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hands.evaluator import Evaluator, evaluator_for
from ..hands.showdown import Showdown, settle
from .catalog import pack_of_ruleset
from .resolver import resolve


def evaluator_for_variant(name: str, hands: Sequence[str] = ()) -> Evaluator:
    """The evaluator of a version given by id or path (cached per file state).

    ``hands`` written as text are read with the version's pack first, so that a
    bad card is reported at once, before a table is compiled (which can take a
    few seconds for a house file's own pack).
    """
    ruleset = resolve(name).ruleset
    deck = pack_of_ruleset(ruleset)
    for hand in hands:
        deck.parse_hand(hand)
    return evaluator_for(ruleset)


def settle_showdown(variant: str, hands: Sequence[str | Sequence[int]]) -> Showdown:
    """Compare hands (in seat order from the dealer's right) under the version
    ``variant`` names; a card written wrong is reported before any table is made."""
    evaluator = evaluator_for_variant(variant, [hand for hand in hands if isinstance(hand, str)])
    return settle(evaluator, hands)
