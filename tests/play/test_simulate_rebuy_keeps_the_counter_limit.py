"""``simulate --rebuy`` never buys a bank past the counter limit (issue 20, item 15).

A player short of the antes buys the initial bank back in, more if he is in
debt. With ``--bank 1000000000`` a player one counter in debt used to ask for
1,000,000,001 counters (more than one purchase may be, so the run stopped with
an error), and one with a few counters left would have been bought past the
limit. Now what he buys stops at the limit, and a debt is bought off in
purchases of at most the limit each. ``banks`` in the report are not banks a
player held but the initial bank plus each seat's net over all tables, so
they may be far above the limit: the counters are conserved all the same.
"""

from __future__ import annotations

import pytest

from ambigu_rules.engine import Game
from ambigu_rules.limits import MAX_COUNTERS
from ambigu_rules.play.simulate import simulate

BILLION = 10**9


def test_rebuying_at_a_bank_of_a_billion_never_buys_past_the_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    purchases: list[tuple[int, int, int]] = []  # bank before, amount, bank after
    buy_back = Game.buy_back

    def watched(game: Game, seat: object, amount: object) -> object:
        assert isinstance(seat, int) and isinstance(amount, int)
        before = game.table.banks[seat]
        event = buy_back(game, seat, amount)
        purchases.append((before, amount, game.table.banks[seat]))
        return event

    monkeypatch.setattr(Game, "buy_back", watched)
    # Bets up to a billion: banks are lost whole, and players end in debt.
    report = simulate("foster", hands=50, players=3, initial_bank=BILLION, limit=BILLION,
                      rebuy=True, seed=0, jobs=1)
    assert report.hands == 50 and report.tables == 1 and report.rebuys > 0
    assert purchases and all(1 <= amount <= MAX_COUNTERS for _, amount, _ in purchases)
    assert all(after <= MAX_COUNTERS for _, _, after in purchases)
    # A player in debt was bought back to the limit, not past it: the case the
    # old rule (a billion and the debt, in one purchase) could not buy.
    assert any(before < 0 for before, _, _ in purchases)
    assert sum(amount for _, amount, _ in purchases) == sum(report.bought)
    assert sum(report.banks) + report.on_table == 3 * BILLION + sum(report.bought)


def test_a_small_bank_still_buys_the_whole_initial_bank_back() -> None:
    # Far from the limit nothing changes: each rebuy is the initial bank at least.
    report = simulate("russian", hands=300, players=3, initial_bank=10, rebuy=True, seed=1)
    assert report.rebuys > 0 and sum(report.bought) >= 10 * report.rebuys
    assert sum(report.banks) + report.on_table == 3 * 10 + sum(report.bought)
