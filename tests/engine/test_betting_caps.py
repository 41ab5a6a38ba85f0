"""Limits on bets: a pool limit, the largest raise, the number of raises, fixed stakes.

The amounts are worked out from Foster's procedure (foster-1897, Blind and
Method of Playing: blind 1 and ante 2 from each player before the first
betting) and from the house keys' descriptions in the rule format.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.engine.actions import Action
from ambigu_rules.engine.game import Game
from ambigu_rules.errors import GameSetupError
from ambigu_rules.load.resolver import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Anna", "Ben", "Carla", "Dan"]


def amounts(game: Game, kind: str) -> tuple[int, int] | None:
    """The lowest and highest amount of ``kind`` the player to act may play."""
    actions = game.legal_actions().of_kind(kind)
    if not actions:
        return None
    low, high = actions[0].amount, actions[-1].amount
    assert low is not None and high is not None
    return low, high


def at_first_betting(version: str, **options: object) -> Game:
    game = Game(load_ruleset(version), names=NAMES, banks=100, dealer=3, **options)  # type: ignore[arg-type]
    game.start_deal()
    for _ in range(4):
        game.apply(Action("discard"))  # everybody stands at the first draw
    return game


def test_pool_limit_opening_is_at_most_the_pool() -> None:
    # blind 1 + ante 2 from each of four: 12 on the table, more than the 10 a
    # table's agreed limit would allow: under a pool limit no agreed limit applies.
    game = at_first_betting(str(ROOT / "docs" / "variants" / "pool-limit.yaml"))
    assert amounts(game, "open") == (1, 12)


def test_pool_limit_raise_is_at_most_the_table_after_the_call() -> None:
    game = at_first_betting(str(ROOT / "docs" / "variants" / "pool-limit.yaml"))
    game.apply(Action("open", amount=5))
    # Ben calls 5, and may raise up to 12 (pool) + 5 (Anna) + 5 (his call) = 22
    assert amounts(game, "raise") == (1, 22)


def test_agreed_limit_caps_the_opening_at_the_limit() -> None:
    game = at_first_betting("foster", limit=7)
    assert amounts(game, "open") == (1, 7)


@pytest.mark.parametrize("version", ["1659", "1702", "1730"])
def test_a_limit_asked_for_where_only_the_purse_limits_is_refused(version: str) -> None:
    # 1730's table.betting_limit is purse_only (our reading of ajo, Phase 3 and
    # Lack of counters to call), and 1659 and 1702 extend 1730: no limit on a bet
    # but the counters a player has, so an agreed limit has nothing to bound and
    # is refused rather than ignored.
    with pytest.raises(GameSetupError, match=(
            f"under '{version}' there is no limit but the counters each player has "
            r"\(table.betting_limit\): a betting limit of 5 cannot apply")):
        Game(load_ruleset(version), names=NAMES, limit=5)
    assert Game(load_ruleset(version), names=NAMES).limit is None


def test_a_limit_asked_for_under_a_pool_limit_is_refused() -> None:
    with pytest.raises(GameSetupError, match="no bet or raise may be larger than what lies"):
        Game(load_ruleset(str(ROOT / "docs" / "variants" / "pool-limit.yaml")), names=NAMES,
             limit=50)


def test_no_limit_given_is_ten_where_the_table_agrees_one() -> None:
    # Foster, Method of Playing: the limit is agreed; the engine's agreement
    # where the table names none is 10 (engine.input_checks.DEFAULT_LIMIT).
    assert Game(load_ruleset("foster"), names=NAMES).limit == 10


def test_fixed_stake_is_the_only_opening_and_raise() -> None:
    # ru-enc, Лимитирование ставок: the stakes may be fixed.
    game = Game(load_ruleset("russian"), names=NAMES, banks=30, dealer=3, fixed_stake=2)
    game.start_deal()
    for _ in range(4):
        game.apply(Action("discard"))
    assert amounts(game, "open") == (2, 2)
    game.apply(Action("open", amount=2))
    assert amounts(game, "raise") == (2, 2)


def test_stakes_cannot_be_fixed_where_the_version_has_an_agreed_limit() -> None:
    with pytest.raises(GameSetupError, match="cannot be fixed"):
        Game(load_ruleset("foster"), names=NAMES, fixed_stake=2)


def test_raise_max_and_raises_max_in_the_last_round() -> None:
    game = at_first_betting(str(ROOT / "docs" / "variants" / "capped-raises.yaml"))
    game.apply(Action("open", amount=1))
    for _ in range(3):
        game.apply(Action("call"))
    for _ in range(4):
        game.apply(Action("discard"))
    game.apply(Action("open", amount=3))
    assert amounts(game, "raise") == (1, 2)
    game.apply(Action("raise", amount=2))
    assert amounts(game, "raise") is None  # the one raise allowed is made
    assert Action("call") in game.legal_actions()
