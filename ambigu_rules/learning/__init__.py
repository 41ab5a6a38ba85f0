"""Ambigu for reinforcement learning: a PettingZoo AEC environment and a
Gymnasium single-agent environment (the optional extra ``rl``:
``pip install 'ambigu-rules[rl]'``). The package is not called ``rl``: the site's
translation plugin would take its API page, ``ambigu_rules.rl.html``, for a page in a
language "rl" and leave it out.

* :func:`env` is PettingZoo's usual entry: :class:`raw_env` wrapped so that an
  action that is no index of the action space is refused (:class:`IndexCheck`), an
  index its mask forbids ends the episode with ``illegal_reward`` (−1) for the seat
  that played it (PettingZoo's ``TerminateIllegalWrapper``, as its card games do),
  and calls come in order.
* :func:`single_agent` is a :class:`gymnasium.Env` where one seat learns and
  the others are the package's bots (``"random"``, ``"heuristic"``, ``"expert"``).

**One episode is one deal**, from its antes to its settlement, at a new table
(banks of 100 counters unless ``banks=`` says otherwise, dealer and cards drawn
from the seed). Each seat's reward, given when the deal ends, is the change of
its bank over the deal, in counters; a pool carried to the next deal counts as
lost to all.

The agents are ``"seat_0"``, ``"seat_1"``…; the action space is one
``Discrete(n)`` per version and table (:mod:`.action_table` lists the indices);
the observation is a dict of ``"observation"`` (the seat's view as whole numbers,
``int64``, so that banks up to the counter limit are exact: :mod:`.observation`) and
``"action_mask"`` (``int8``, 1 for each index allowed now).
The observation is made from :meth:`~ambigu_rules.engine.game.Game.view` only: a
seat never sees another seat's cards.

**Hostile input is refused in words**, never played as something else:

* the amounts of ``open`` and ``raise`` have an index each up to the table's limit
  (10 where the purse or the pool limits), then one index for the largest allowed;
  at most :data:`~.action_table.MAX_AMOUNT_CAP` (1,000) have one, since the mask is
  worked out index by index at every turn and a policy has one output per index. A
  larger limit (``limit=10**9``) is refused with
  :class:`~ambigu_rules.errors.GameSetupError` unless ``amount_cap=N`` (1 to 1,000)
  says how many amounts to index; the larger ones are then played as "the largest";
* an action is an index: an ``int``, a numpy integer or a numpy array of one, from 0
  to the last index; a float (``29.9``), a string (``"3"``), a ``bool`` or an index
  out of range is refused with :class:`~ambigu_rules.errors.IllegalActionError`;
* a seed (of the environment or of ``reset``) is ``None`` (no new seed) or a whole
  number from 0 to ``2**64 - 1`` (:data:`.aec.MAX_SEED`); anything else is refused
  with :class:`~ambigu_rules.errors.GameSetupError`.

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


class IndexCheck(wrappers.BaseWrapper):  # type: ignore[misc]  # pettingzoo has no hints
    """Refuses an action that is no index of the action space, in words
    (:class:`~ambigu_rules.errors.IllegalActionError`, before the mask is read), and
    passes on the index as an ``int``: PettingZoo's ``AssertOutOfBoundsWrapper`` said
    only "action is not in action space", took ``True`` for an index and is skipped
    under ``python -O``."""

    def step(self, action: object) -> None:
        agent = self.agent_selection
        if action is None and (self.terminations[agent] or self.truncations[agent]):
            super().step(action)
            return
        super().step(self.unwrapped.table.index_of(action, agent))


def env(version: Version, players: int = 4, seed: int | None = None, **options: Any) -> Any:
    """The AEC environment of ``version`` with PettingZoo's usual wrappers
    (``options``: :class:`.aec.AmbiguAEC`'s, ``illegal_reward`` too)."""
    illegal_reward = options.pop("illegal_reward", -1)
    made = raw_env(version, players=players, seed=seed, **options)
    made = wrappers.TerminateIllegalWrapper(made, illegal_reward=illegal_reward)
    made = IndexCheck(made)
    return wrappers.OrderEnforcingWrapper(made)


def single_agent(version: Version, opponents: str = "heuristic", **options: Any) -> SingleAgentEnv:
    """A Gymnasium environment: one seat (``seat=0``) learns against ``opponents``."""
    return SingleAgentEnv(version, opponents=opponents, **options)


__all__ = ["AmbiguAEC", "IndexCheck", "SingleAgentEnv", "env", "raw_env", "single_agent"]
