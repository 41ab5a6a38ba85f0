"""The reinforcement-learning environments (``ambigu_rules.learning``, the extra ``rl``):
PettingZoo's and Gymnasium's own checks, and the promise that a seat sees only
its own cards."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from ambigu_rules import learning
from ambigu_rules.load.catalog import builtin_ids

# As the issue and PettingZoo's convention spell it: ambigu_rules.rl.env(version).
from ambigu_rules.rl import env, raw_env, single_agent


def test_rl_is_the_learning_package_under_pettingzoos_usual_name() -> None:
    assert (env, raw_env, single_agent) == (learning.env, learning.raw_env,
                                            learning.single_agent)


@pytest.mark.parametrize("version", builtin_ids())
def test_every_version_passes_pettingzoo_api_test(version: str) -> None:
    api_test(env(version, seed=7), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("version", builtin_ids())
def test_the_observation_holds_the_seats_own_cards_and_no_other(version: str) -> None:
    environment = raw_env(version, players=4, seed=3)
    environment.reset(seed=3)
    rng = random.Random(3)
    game = environment.game
    cards = environment.layout.cards
    checked = 0
    while not game.deal_over:
        for seat, agent in enumerate(environment.possible_agents):
            shown = environment.observe(agent)["observation"][:len(cards)]
            seen = {card for card, bit in zip(cards, shown, strict=True) if bit}
            assert seen == set(game.view(seat).hand)
            others = {card for other in range(4) if other != seat for card in game.hand(other)}
            assert not seen & others
            checked += 1
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert checked >= 4


@pytest.mark.parametrize("version", builtin_ids())
def test_a_random_masked_policy_plays_a_deal_to_its_end(version: str) -> None:
    environment = env(version, players=4, seed=11)
    environment.reset(seed=11)
    rng = random.Random(11)
    for _turn in range(2000):
        agent = environment.agent_selection
        observation, _reward, terminated, truncated, _info = environment.last()
        if terminated or truncated:
            break
        allowed = np.flatnonzero(observation["action_mask"]).tolist()
        assert allowed, f"{agent} is to act but no index is allowed"
        environment.step(rng.choice(allowed))
    else:
        pytest.fail("the deal did not end in 2000 turns")
    # The deal's winnings move counters between the seats and the pool: what the
    # seats won in all is at most what they brought in (nothing is made from nothing).
    assert sum(environment.rewards.values()) <= 0
    environment.close()


def test_an_index_the_mask_forbids_ends_the_deal_with_the_illegal_reward() -> None:
    environment = env("foster", players=4, seed=5)
    environment.reset(seed=5)
    agent = environment.agent_selection
    mask = environment.observe(agent)["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[0])
    environment.step(forbidden)
    assert environment.rewards[agent] == -1
    assert all(environment.terminations.values())


@pytest.mark.parametrize("opponents", ["random", "heuristic", "expert"])
def test_the_single_agent_wrapper_passes_gymnasium_check_env(opponents: str) -> None:
    check_env(single_agent("foster", opponents=opponents, seed=1), skip_render_check=True)


def test_the_single_agent_episode_ends_with_the_learners_change_of_bank() -> None:
    learner = single_agent("russian", opponents="heuristic", seed=2)
    observation, _ = learner.reset(seed=2)
    rng = random.Random(2)
    terminated, reward = False, 0.0
    while not terminated:
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        observation, reward, terminated, _truncated, _info = learner.step(action)
    game = learner.aec.game
    assert reward == game.table.banks[0] - 100  # banks of 100 at the start (the default)
