"""A betting step whose called outcome comes back to it (issue 42, found by the fuzzer's
playability class in its 10-minute run): once every player still in is all in, nobody
can bet, the round is called at once (the engine's BettingRound: fewer than two players
left to speak), and the deal goes round without any player's decision. The engine went
round by recursion until Python's RecursionError; validation now refuses such a file at
the outcome, and the engine, given one unchecked, stops the deal with its loop limit.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from house_files import problems_of

from ambigu_rules.engine.game import Game
from ambigu_rules.errors import ProcedureLoopError
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.rules.procedure import BettingStep, Effect
from ambigu_rules.rules.ruleset import Ruleset

# The encyclopedia's version lets a player go all in (rulesets/encyclopedia.yaml, all_in).
AGAIN = """\
format: 1
id: again
title: Bet again after every call
short_title: Again
summary: The encyclopedia's rules, betting again after every called round.
extends: encyclopedia
inherit: {downgrade_to: inferred, note: All else from the encyclopedia.}
procedure:
  - id: first_betting
    on_called: [{goto: first_betting}]
    source: editors
    evidence: editorial
"""


def test_a_called_outcome_that_comes_back_to_its_own_step_is_refused(tmp_path: Path) -> None:
    (problem,) = problems_of(tmp_path, AGAIN, "again.yaml")
    assert problem.startswith(f"{tmp_path / 'again.yaml'}:10:24: "
                              "procedure.first_betting.on_called[0].goto: once every player "
                              "still in is all in, nobody can bet at step 'first_betting'")


def looping(version: str) -> Ruleset:
    """``version`` with its first betting step's called outcome sent back to it, built
    without validation (as a caller of the engine may)."""
    ruleset = load_ruleset(version)
    steps = list(ruleset.procedure)
    index = next(i for i, step in enumerate(steps) if isinstance(step, BettingStep))
    steps[index] = steps[index].model_copy(
        update={"on_called": [Effect(goto=steps[index].id)]})
    return ruleset.model_copy(update={"procedure": steps})


def test_the_engine_stops_such_a_deal_with_its_loop_limit_not_a_recursion_error() -> None:
    game = Game(looping("encyclopedia"), players=3, banks=5, seed=3)
    game.start_deal()
    with pytest.raises(ProcedureLoopError, match="10,000 steps without ending"):
        for _ in range(1000):  # every player bets all he can: soon all are all in
            legal = list(game.legal_actions())
            game.apply(max(legal, key=lambda action: (action.kind in ("open", "raise", "call"),
                                                      action.amount or 0)))
