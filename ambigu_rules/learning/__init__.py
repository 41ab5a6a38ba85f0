"""Ambigu for reinforcement learning: a PettingZoo AEC environment and a
Gymnasium single-agent environment (the optional extra ``rl``:
``pip install 'ambigu-rules[rl]'``). The package is not called ``rl``: the site's
translation plugin would take its API page, ``ambigu_rules.rl.html``, for a page in a
language "rl" and leave it out.

* :func:`env` is PettingZoo's usual entry: :class:`raw_env` wrapped so that an
  index outside the action space is refused, an index its mask forbids ends
  the episode with ``illegal_reward`` (−1) for the seat that played it (PettingZoo's
  ``TerminateIllegalWrapper``, as its card games do), and calls come in order.
* :func:`single_agent` is a :class:`gymnasium.Env` where one seat learns and
  the others are the package's bots (``"random"``, ``"heuristic"``, ``"expert"``).

**One episode is one deal**, from its antes to its settlement, at a new table
(banks of 100 counters unless ``banks=`` says otherwise, dealer and cards drawn
from the seed). Each seat's reward, given when the deal ends, is the change of
its bank over the deal, in counters; a pool carried to the next deal counts as
lost to all.

The agents are ``"seat_0"``, ``"seat_1"``…; the action space is one
``Discrete(n)`` per version and table (:mod:`.action_table` lists the indices);
the observation is a dict of ``"observation"`` (the seat's view as numbers,
:mod:`.observation`) and ``"action_mask"`` (``int8``, 1 for each index allowed now).
The observation is made from :meth:`~ambigu_rules.engine.game.Game.view` only: a
seat never sees another seat's cards.

>>> environment = env("foster", players=3, seed=1)
>>> environment.reset(seed=1)
>>> environment.agent_selection in environment.possible_agents
True
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from ..load.given import Version
from .aec import AmbiguAEC
from .gymnasium_env import SingleAgentEnv

#: PettingZoo's name for the environment's class.
raw_env = AmbiguAEC


def env(version: Version, players: int = 4, seed: int | None = None, **options: Any) -> Any:
    """The AEC environment of ``version`` with PettingZoo's usual wrappers
    (``options``: :class:`.aec.AmbiguAEC`'s, ``illegal_reward`` too)."""
    illegal_reward = options.pop("illegal_reward", -1)
    made = raw_env(version, players=players, seed=seed, **options)
    made = wrappers.TerminateIllegalWrapper(made, illegal_reward=illegal_reward)
    made = wrappers.AssertOutOfBoundsWrapper(made)
    return wrappers.OrderEnforcingWrapper(made)


def single_agent(version: Version, opponents: str = "heuristic", **options: Any) -> SingleAgentEnv:
    """A Gymnasium environment: one seat (``seat=0``) learns against ``opponents``."""
    return SingleAgentEnv(version, opponents=opponents, **options)


__all__ = ["AmbiguAEC", "SingleAgentEnv", "env", "raw_env", "single_agent"]
