"""The figures of *How the versions play*, computed from per-deal records.

Each expected value is worked out by hand from the records written here,
with the arithmetic in a comment; the intervals follow the batch means rule
of :mod:`ambigu_rules.play.play_statistics` (blocks are the independent units).
"""

from __future__ import annotations

import math

import pytest

from ambigu_rules.engine.events import BestHand, Forced, HandShown, Paid
from ambigu_rules.play.deal_records import summarize_deal
from ambigu_rules.play.play_statistics import (
    Z95,
    ending_kind,
    play_statistics,
    quantile_with_interval,
    ratio_estimate,
    t95,
)


def test_a_deal_summary_names_the_best_hands_combination_and_adds_up_combination_payments() -> None:
    events = [
        HandShown(seat=0, cards=(0, 1, 2, 3), combination="point", name="Point", value=1),
        HandShown(seat=2, cards=(4, 5, 6, 7), combination="prime", name="Prime", value=2),
        BestHand(seat=2),
        # Three payers give the prime's value, 2 each; the ante-like payment
        # into the pool is no combination's.
        Paid(seat=0, amount=2, to=2, combination="prime"),
        Paid(seat=1, amount=2, to=2, combination="prime"),
        Paid(seat=3, amount=2, to=2, combination="prime"),
        Paid(seat=1, amount=5),
    ]
    summary = summarize_deal(events)
    assert summary.best == "prime"          # seat 2's hand is the best
    assert summary.combination_paid == 6    # 3 payers x 2
    assert summary.forced is False
    assert summarize_deal([Forced(seat=0), *events]).forced is True


@pytest.mark.parametrize(("ended", "forced", "kind"), [
    ("showdown", False, "showdown"),
    ("showdown", True, "forced"),
    ("final_betting: all pass", False, "all_pass"),
    ("vade: uncalled open", False, "uncontested"),
    ("first_betting: uncalled raise", False, "uncontested"),
    ("first_betting: redeal", False, "other"),
])
def test_each_way_a_deal_ends_falls_in_one_kind(ended: str, forced: bool, kind: str) -> None:
    assert ending_kind({"ended": ended, "forced": forced}) == kind


def test_ratio_estimate_follows_the_batch_means_formula() -> None:
    # Blocks (numerator, deals): (2, 4), (6, 4). R = 8 / 8 = 1.
    # Residuals: 2 - 1*4 = -2 and 6 - 4 = 2; sum of squares 8; x B/(B-1) = 2: 16.
    # Standard error sqrt(16) / 8 = 0.5; with two blocks, one degree of
    # freedom: Student's t 12.7062, interval 1 -+ 12.7062 x 0.5 = -5.3531 to 7.3531.
    estimate = ratio_estimate([(2, 4), (6, 4)])
    assert estimate.mean == 1
    assert estimate.low == pytest.approx(-5.3531)
    assert estimate.high == pytest.approx(7.3531)


def test_t_quantile_follows_the_normal_one_for_many_blocks() -> None:
    # Tables of Student's t, two-sided 95 %: 2.0423 for 30 degrees of freedom,
    # 1.9720 for 199; the normal 1.96 is the limit.
    assert t95(30) == pytest.approx(2.0423, abs=1e-3)
    assert t95(199) == pytest.approx(1.9720, abs=1e-3)
    assert Z95 < t95(100_000) < Z95 + 1e-4


def test_one_block_says_nothing_of_the_spread() -> None:
    estimate = ratio_estimate([(3, 10)])
    assert estimate.mean == 0.3 and estimate.low == -math.inf and estimate.high == math.inf


def test_percentile_interval_uses_the_binomial_ranks() -> None:
    # 100 values 0..99; the median's rank is 100 x 0.5 = 50, and the interval's
    # half-width in ranks 1.96 x sqrt(100 x 0.5 x 0.5) = 9.8: ranks 40.2 and 59.8,
    # taken down to the values at 40 and 59.
    estimate = quantile_with_interval(list(range(100)), 50)
    assert (estimate.mean, estimate.low, estimate.high) == (50, 40, 59)


def record(block: int, table: int, dealer: int, ended: str, pot: int, net: list[int],
           best: str | None = None, paid: int = 0, forced: bool = False) -> dict[str, object]:
    return {"block": block, "table": table, "dealer": dealer, "ended": ended, "pot": pot,
            "net": net, "best": best, "combination_paid": paid, "forced": forced}


RECORDS = [
    # Block 0: a showdown won with a prime, then all pass.
    record(0, 0, 0, "showdown", 12, [-4, 10, -3, -3], best="prime", paid=6),
    record(0, 0, 1, "final_betting: all pass", 0, [-1, -1, -1, -1]),
    # Block 1: an uncalled opening, then a forced showdown won with a point.
    record(1, 0, 0, "first_betting: uncalled open", 4, [3, -1, -1, -1]),
    record(1, 0, 1, "showdown", 8, [-2, -2, 6, -2], best="point", paid=3, forced=True),
]


def test_figures_of_a_handful_of_deals() -> None:
    stats = play_statistics(RECORDS, players=4, session_deals=2)
    assert stats.deals == 4 and stats.blocks == 2
    # One deal of four in each kind but "other".
    assert [stats.endings[k].mean for k in ("showdown", "uncontested", "all_pass", "forced",
                                            "other")] == [0.25, 0.25, 0.25, 0.25, 0]
    # Pots 12 + 0 + 4 + 8 = 24 over 4 deals; combination payments 6 + 3 = 9 over 4.
    assert stats.pot.mean == 6 and stats.combination_paid.mean == 2.25
    # Showdowns (the forced one included): a prime in block 0, a point in block 1.
    assert stats.best_combination["prime"].mean == 0.5
    assert stats.best_combination["point"].mean == 0.5
    # Place = (seat - dealer) mod 4. The dealer's place (0): seat 0 in deals 1
    # and 3 (-4, 3), seat 1 in deals 2 and 4 (-1, -2): -4 over 4 deals.
    # Place 1 (first to speak): seat 1 (10, -1), seat 2 (-1, 6): 14 / 4 = 3.5.
    assert stats.net_by_place[0].mean == -1
    assert stats.net_by_place[1].mean == 3.5
    # Sessions of 2 deals, seat 0 of each table: -4 - 1 = -5 and 3 - 2 = 1.
    assert stats.sessions == 2
    assert stats.session_net[5].mean == -5 and stats.session_net[95].mean == 1


def test_a_tables_deals_are_cut_into_sessions_taking_the_seats_in_turn() -> None:
    # Sessions of one deal: block 0 gives seat 0's -4 then seat 1's -1; block 1
    # gives seat 0's 3 then seat 1's -2. Sorted: -4, -2, -1, 3.
    stats = play_statistics(RECORDS, players=4, session_deals=1)
    assert stats.sessions == 4
    assert stats.session_net[5].mean == -4 and stats.session_net[95].mean == 3
    # A run shorter than a session is left out: no table has 3 deals.
    assert play_statistics(RECORDS, players=4, session_deals=3).sessions == 0
