"""Buying counters back never brings a bank above ``limits.MAX_COUNTERS`` (issue 20, item 15).

A bank of a billion counters could buy a billion more, and ``simulate
--rebuy`` bought a billion and one for a player one counter in debt (and
stopped, the engine refusing such a purchase). Now a purchase that would
take a bank past the limit is refused with :class:`IllegalActionError`
before anything changes, whichever way it is asked for: ``Game.buy_back``,
``buy N`` in a replay's actions, ``buy:`` before a deal. Counters won from
the other players may still take a bank past the limit: they were already
on the table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.engine import Game
from ambigu_rules.engine.invariants import state_of
from ambigu_rules.errors import IllegalActionError, ReplayError
from ambigu_rules.limits import MAX_COUNTERS
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.replay_run import play_replay

from conftest import ROOT

BILLION = 10**9


def foster_pair(bank: int) -> Game:
    """Foster, Anna and Ben with ``bank`` counters each, before the first deal."""
    return Game(load_ruleset("foster"), names=["Anna", "Ben"], banks=bank, dealer=1)


def test_the_limit_is_a_billion_counters() -> None:
    assert MAX_COUNTERS == BILLION


def test_a_bank_at_the_limit_may_not_buy_one_more_counter_and_nothing_changes() -> None:
    game = foster_pair(BILLION)
    before = (state_of(game), game.session.brought[:], len(game.log))
    with pytest.raises(IllegalActionError) as refused:
        game.buy_back(0, 1)
    # 1,000,000,000 + 1: one over the limit, and nothing more may be bought.
    assert str(refused.value) == (
        "buying 1 would bring Anna's bank to 1,000,000,001, above 1,000,000,000, the most "
        "counters buying may bring a bank to: Anna may buy no more")
    assert (state_of(game), game.session.brought[:], len(game.log)) == before
    assert game.table.bought == 0


def test_a_bank_may_be_bought_up_to_the_limit_exactly_but_not_past_it() -> None:
    game = foster_pair(BILLION - 5)
    with pytest.raises(IllegalActionError, match="Anna may buy at most 5 more"):
        game.buy_back(0, 6)
    game.buy_back(0, 5)
    assert game.table.banks == [BILLION, BILLION - 5]
    assert game.table.bought == 5 and game.session.brought == [BILLION, BILLION - 5]


def test_a_billion_bought_by_a_player_in_debt_keeps_him_within_the_limit() -> None:
    # The scenario leaves Dan 6 counters in debt (a bank of -6): a purchase of
    # the largest amount brings him to 999,999,994, and 7 more would pass it.
    result = play_replay(ROOT / "tests" / "scenarios" / "1730" / "short-payer-owes-debt.yaml")
    game = result.game
    dan = game.names.index("Dan")
    assert game.table.banks[dan] == -6
    game.buy_back(dan, BILLION)
    assert game.table.banks[dan] == BILLION - 6
    with pytest.raises(IllegalActionError, match="Dan may buy at most 6 more"):
        game.buy_back(dan, 7)
    assert game.table.banks[dan] == BILLION - 6


@pytest.mark.parametrize("amount", [BILLION + 1, 2**70, True, 1.0])
def test_an_amount_out_of_range_is_refused_as_such_before_the_bank_is_looked_at(
        amount: object) -> None:
    # Buy-back checks the amount a caller gives (the command line, a replay):
    # a wrong amount gets the amount's message, never a TypeError or the limit's.
    game = foster_pair(BILLION)
    with pytest.raises(IllegalActionError, match="buy a whole number of counters from 1 to "
                                                 "1,000,000,000"):
        game.buy_back(0, amount)
    assert game.table.banks == [BILLION, BILLION]


REPLAY = """\
variant: foster
seats: [Anna, Ben]
bank: 1000000000
dealer: Ben
deals:
  - actions:
      - Anna: discard none
      - Ben: discard none
      - Anna: open 1
      - Ben: raise 1
      - Anna: fold
{after}"""


def test_winnings_may_take_a_bank_past_the_limit_but_buying_may_not(tmp_path: Path) -> None:
    # Blinds 1 and antes 2 each make a pool of 6; Anna's uncalled opening of 1
    # is raised by Ben (2 in all) and she folds: Ben takes the pool and both
    # bets (foster's on_uncalled_raise), 1,000,000,000 - 5 + 6 + 3, and may be
    # paid his combination by Anna too.
    path = tmp_path / "deal.yaml"
    path.write_text(REPLAY.format(after=""), encoding="utf-8")
    game = play_replay(path).game
    assert game.table.banks[1] >= BILLION + 4
    assert sum(game.table.banks) + game.table.on_table == 2 * BILLION
    path.write_text(REPLAY.format(after="  - buy: {Ben: 1}\n"), encoding="utf-8")
    with pytest.raises(ReplayError) as refused:
        play_replay(path)
    # The second deal is line 12 of the file, after "- " at column 5.
    assert str(refused.value).startswith(f"{path}:12:5: deal 2: buying 1 would bring Ben's "
                                         "bank to 1,000,000,")
    assert "Ben may buy no more" in str(refused.value)


DURING_A_DEAL = """\
variant: "1730"
seats: [Anna, Ben]
bank: 1000000000
dealer: Ben
deals:
  - actions:
      - Anna: buy 2
"""


def test_buy_in_a_replays_actions_is_refused_at_its_line_past_the_limit(tmp_path: Path) -> None:
    # Under 1730 a player may buy until his third card is dealt. Anna, who
    # speaks first, has paid the ante of 1: 999,999,999 counters, so 2 more
    # would pass the limit by one. Her action is line 7, after "- " at column 9.
    path = tmp_path / "deal.yaml"
    path.write_text(DURING_A_DEAL, encoding="utf-8")
    with pytest.raises(ReplayError) as refused:
        play_replay(path)
    assert str(refused.value) == (
        f"{path}:7:9: Anna: buying 2 would bring Anna's bank to 1,000,000,001, above "
        "1,000,000,000, the most counters buying may bring a bank to: Anna may buy at most "
        "1 more")
