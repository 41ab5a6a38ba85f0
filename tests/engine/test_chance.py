"""ambigu_rules.engine.chance: a seed keeps its meaning.

Scenario seeds, replays, ``simulate --jobs`` and the browser's parity with
CPython all rely on one seed giving one deal. The engine's own draws must
therefore be the standard library's, number for number.
"""

from __future__ import annotations

import random

import pytest

from ambigu_rules.engine.chance import below, shuffle


@pytest.mark.parametrize("seed", range(20))
def test_a_shuffle_is_the_standard_librarys_for_the_same_seed(seed: int) -> None:
    for size in (0, 1, 2, 32, 40, 52):
        mine, theirs = list(range(size)), list(range(size))
        mine_rng, their_rng = random.Random(seed), random.Random(seed)
        shuffle(mine_rng, mine)
        their_rng.shuffle(theirs)
        assert mine == theirs
        assert mine_rng.getstate() == their_rng.getstate()  # and the draws that follow


@pytest.mark.parametrize("bound", [1, 2, 3, 7, 8, 9, 40, 2**31 - 1, 10**9 + 1, 10**30])
def test_a_number_below_a_bound_is_randrange_of_it(bound: int) -> None:
    mine, theirs = random.Random(bound), random.Random(bound)
    assert [below(mine, bound) for _ in range(200)] == [
        theirs.randrange(bound) for _ in range(200)]


def test_nothing_to_choose_from_is_an_error_not_an_endless_loop() -> None:
    with pytest.raises(ValueError, match="nothing to choose from"):
        below(random.Random(1), 0)
