"""Issue 42, defect 14 (b): the environments took ``29.9`` as index 29 and ``"3"`` as
index 3, and the wrapped one refused a float with a bare ``AssertionError`` and
``True`` with numpy's "truth value of an array" error. An action is now a whole
number (``int``, a numpy integer, or a numpy array of one integer, as a policy's
``predict`` gives) from 0 to the last index; anything else, ``bool`` included, is
refused by every environment with :class:`IllegalActionError` naming the value."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from ambigu_rules.errors import IllegalActionError
from ambigu_rules.rl import env, raw_env, single_agent

#: Foster's action space at four seats, amounts 1 to 10: indices 0 to 44.
LAST = 44

NOT_WHOLE = [
    (29.9, "29.9 (float)"),
    ("3", "'3' (str)"),
    (True, "True (bool)"),
    (np.bool_(True), "np.True_ (bool)"),
    (np.float64(29.0), "np.float64(29.0) (float64)"),
    (np.array([29]), "array([29]) (ndarray)"),
    (None, "None (None is for a seat whose deal is over)"),
]
OUT_OF_RANGE = [(-1, "-1"), (LAST + 1, "45"), (10**30, "1000000000000000000000000000000")]


def refusal(agent: str, shown: str) -> str:
    return (f"{agent}'s action must be an index from 0 to {LAST}, a whole number (int or "
            f"numpy integer), not {shown}")


def started(make: Any) -> Any:
    environment = make("foster", players=4, seed=1)
    environment.reset(seed=1)
    return environment


@pytest.mark.parametrize("make", [env, raw_env])
@pytest.mark.parametrize(("action", "shown"), NOT_WHOLE + OUT_OF_RANGE)
def test_the_pettingzoo_environments_refuse_an_action_that_is_no_index(
        make: Any, action: object, shown: str) -> None:
    environment = started(make)
    agent = environment.agent_selection
    with pytest.raises(IllegalActionError) as caught:
        environment.step(action)
    assert str(caught.value) == refusal(agent, shown)
    assert environment.agent_selection == agent  # nothing was played
    assert not any(environment.terminations.values())


@pytest.mark.parametrize(("action", "shown"), NOT_WHOLE + OUT_OF_RANGE)
def test_the_gymnasium_environment_refuses_an_action_that_is_no_index(
        action: object, shown: str) -> None:
    learner = single_agent("foster", seed=1)
    observation, _ = learner.reset(seed=1)
    before = observation["observation"].tolist()
    with pytest.raises(IllegalActionError) as caught:
        learner.step(action)  # type: ignore[arg-type]
    assert str(caught.value) == refusal("seat_0", shown)
    assert learner.aec.observe("seat_0")["observation"].tolist() == before


@pytest.mark.parametrize("kind", [int, np.int64, np.uint8, np.array])
def test_an_index_of_any_integer_kind_is_played(kind: Any) -> None:
    for make in (env, raw_env):
        environment = started(make)
        agent = environment.agent_selection
        allowed = int(np.flatnonzero(environment.observe(agent)["action_mask"])[0])
        environment.step(kind(allowed))
        assert environment.agent_selection != agent
    learner = single_agent("foster", seed=1)
    observation, _ = learner.reset(seed=1)
    allowed = int(np.flatnonzero(observation["action_mask"])[0])
    _observation, _reward, _terminated, _truncated, info = learner.step(kind(allowed))
    assert "illegal" not in info
