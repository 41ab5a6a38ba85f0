"""Issue 42, defect 14 (c): the observation was ``float32``, which holds whole numbers
exactly only up to 2**24: a bank of 999,999,998 was observed as 1,000,000,000. The
observation is now ``int64`` (every part of it is a whole number), so banks, bets and
the pool up to the counter limit are observed as the engine holds them."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from ambigu_rules.rl import raw_env, single_agent


def test_banks_near_a_billion_are_observed_exactly() -> None:
    environment = raw_env("foster", players=4, seed=1, banks=999_999_999)
    environment.reset(seed=1)
    layout = environment.layout
    at = len(layout.cards)
    for seat, agent in enumerate(environment.possible_agents):
        observation = environment.observe(agent)["observation"]
        view = environment.game.view(seat)
        assert observation[at:at + 4].tolist() == list(view.banks)
        assert observation[at + 4:at + 8].tolist() == list(view.bets)
        assert observation[at + 28] == view.pool  # after 3n banks/bets/sizes and 4n one-hots
    assert min(environment.game.view(0).banks) < 999_999_999  # the antes were paid


def test_the_observation_space_is_whole_numbers_and_holds_what_is_observed() -> None:
    learner = single_agent("foster", seed=1, banks=999_999_999)
    observation, _ = learner.reset(seed=1)
    space = learner.observation_space["observation"]  # type: ignore[index]
    assert space.dtype == np.int64 and observation["observation"].dtype == np.int64
    assert learner.observation_space.contains(observation)
