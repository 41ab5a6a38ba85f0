"""Issue 42, defect 14 (d): ``reset(seed=-1)``, ``reset(seed=2**200)``, ``2.5`` and
``"1"`` were taken by the PettingZoo environment (and a float or string seed given to
the constructor too). A seed is now ``None`` (no new seed) or a whole number from 0 to
:data:`~ambigu_rules.learning.aec.MAX_SEED` (``2**64 - 1``, what a 64-bit unsigned
integer holds); anything else is refused with :class:`GameSetupError`."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from ambigu_rules.errors import GameSetupError
from ambigu_rules.rl import env, raw_env, single_agent

BAD_SEEDS = [
    (-1, "-1"),
    (2**64, "18446744073709551616"),
    (2**200, str(2**200)[:57] + "..."),
    (2.5, "2.5"),
    ("1", "'1'"),
    (True, "True"),
    (np.float64(1.0), "np.float64(1.0)"),
]


def refusal(shown: str) -> str:
    return ("seed: expected None or a whole number from 0 to 18,446,744,073,709,551,615 "
            f"(2**64 - 1), got {shown}")


@pytest.mark.parametrize("make", [env, raw_env, single_agent])
@pytest.mark.parametrize(("seed", "shown"), BAD_SEEDS)
def test_reset_refuses_a_seed_out_of_range_or_not_whole(make: Any, seed: object,
                                                         shown: str) -> None:
    environment = make("foster", players=4, seed=1)
    with pytest.raises(GameSetupError) as caught:
        environment.reset(seed=seed)
    assert str(caught.value) == refusal(shown)


@pytest.mark.parametrize("make", [env, raw_env, single_agent])
@pytest.mark.parametrize(("seed", "shown"), BAD_SEEDS)
def test_the_environment_refuses_such_a_seed_when_made(make: Any, seed: object,
                                                       shown: str) -> None:
    with pytest.raises(GameSetupError) as caught:
        make("foster", players=4, seed=seed)
    assert str(caught.value) == refusal(shown)


@pytest.mark.parametrize("seed", [0, 2**64 - 1, np.uint64(2**64 - 1), np.int32(7)])
def test_a_seed_in_range_of_any_integer_kind_deals_as_its_int(seed: Any) -> None:
    dealt = []
    for given in (seed, int(seed)):
        environment = raw_env("foster", players=4)
        environment.reset(seed=given)
        dealt.append([environment.game.hand(seat) for seat in range(4)])
    assert dealt[0] == dealt[1]
    learner = single_agent("foster", players=4)
    observation, _ = learner.reset(seed=seed)
    again, _ = learner.reset(seed=int(seed))
    assert observation["observation"].tolist() == again["observation"].tolist()


def test_none_still_means_no_new_seed() -> None:
    environment = raw_env("foster", players=4, seed=5)
    environment.reset(seed=None)
    first = [environment.game.hand(seat) for seat in range(4)]
    environment.reset(seed=None)  # the next deal of the same seed: other cards
    second = [environment.game.hand(seat) for seat in range(4)]
    again = raw_env("foster", players=4, seed=5)
    again.reset()
    assert [again.game.hand(seat) for seat in range(4)] == first != second
