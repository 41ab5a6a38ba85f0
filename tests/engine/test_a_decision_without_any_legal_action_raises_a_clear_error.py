"""Issue 42 (A): a deal that reaches a decision with no legal action says so.

Validation refuses an exchange whose ``min`` no hand can meet
(``tests/load/test_bounds_no_hand_can_meet_are_refused.py``), but a ruleset
built in Python without it can still reach one. The engine then raises the
project's :class:`NoLegalActionError`, naming the seat, the step and the
bounds, instead of letting a bot pick from nothing (``IndexError``,
``ValueError: nothing to choose from``).
"""

from __future__ import annotations

import pytest

from ambigu_rules.engine.game import Game
from ambigu_rules.errors import AmbiguError, NoLegalActionError
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.simulate import simulate
from ambigu_rules.rules.common import Range
from ambigu_rules.rules.ruleset import Ruleset

MESSAGE = ("seat 1 holds 2 card(s) at step 'first_draw' and must discard 3 to 9: no discard is "
           "allowed, so the deal cannot go on (the rule file's bounds cannot be met)")


def unvalidated_foster() -> Ruleset:
    """Foster's rules with a first draw of 3 to 9 of the two cards held, never validated."""
    foster = load_ruleset("foster")
    steps = [step.model_copy(update={"discard": Range(min=3, max=9)})
             if step.id == "first_draw" else step for step in foster.procedure]
    return foster.model_copy(update={"procedure": steps})


def test_the_legal_actions_of_a_decision_no_hand_can_meet_raise_a_clear_error() -> None:
    game = Game(unvalidated_foster(), players=3, seed=1)
    game.start_deal()
    assert game.to_act == 1
    with pytest.raises(NoLegalActionError) as caught:
        game.legal_actions()
    assert str(caught.value) == MESSAGE
    assert isinstance(caught.value, AmbiguError)  # the command line prints it in one line
    with pytest.raises(NoLegalActionError):
        game.view(1)


@pytest.mark.parametrize("bots", ["random", "heuristic", "expert"])
def test_a_simulation_of_such_rules_stops_with_the_error_not_an_index_error(bots: str) -> None:
    with pytest.raises(NoLegalActionError, match="must discard 3 to 9"):
        simulate(unvalidated_foster(), hands=5, players=3, bots=bots)
