"""The audit's rule for Lighthouse's performance score, which moves by up to
15 points from one run to the next on a shared machine (issue 24): a page
holds the minimum when the median of three runs reaches it, and the third run
is made only when the first two disagree (tools/audit_site.py, settle).

The scores below are made up; what each case expects follows from the median
of the three, worked out in its comment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from site_helpers import load_tool

audit_site = load_tool("audit_site")


def runs(*scores: int | None) -> tuple[Callable[[], int | None], list[int | None]]:
    """A stand-in for Lighthouse that gives ``scores`` in turn, and the list of those it gave."""
    given: list[int | None] = []
    left: Iterator[int | None] = iter(scores)

    def again() -> int | None:
        given.append(next(left))
        return given[-1]

    return again, given


def test_two_runs_at_the_minimum_pass_without_a_third() -> None:
    # 95 and 99: whatever a third run gives, the median is at least 95.
    again, given = runs(99, 50)
    assert audit_site.settle(95, again, 95) == (True, [95, 99])
    assert given == [99]


def test_two_runs_below_the_minimum_fail_without_a_third() -> None:
    # 94 and 80: whatever a third run gives, the median is at most 94.
    again, given = runs(80, 100)
    assert audit_site.settle(94, again, 95) == (False, [94, 80])
    assert given == [80]


def test_a_third_run_decides_when_the_first_two_disagree() -> None:
    # 97, 90, 96: sorted 90, 96, 97, median 96 >= 95.
    again, _ = runs(90, 96)
    assert audit_site.settle(97, again, 95) == (True, [97, 90, 96])
    # 97, 90, 94: sorted 90, 94, 97, median 94 < 95.
    again, _ = runs(90, 94)
    assert audit_site.settle(97, again, 95) == (False, [97, 90, 94])


def test_a_run_without_a_score_counts_as_below_the_minimum() -> None:
    # None, 99, 98: two runs reach 95 (the median of 98, 99 and a failure is 98).
    again, _ = runs(99, 98)
    assert audit_site.settle(None, again, 95) == (True, [None, 99, 98])
    # 99, None, None: one run reaches 95.
    again, _ = runs(None, None)
    assert audit_site.settle(99, again, 95) == (False, [99, None, None])
