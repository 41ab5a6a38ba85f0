"""One seat learning against the package's bots, as a :class:`gymnasium.Env`
(see :mod:`ambigu_rules.learning`)."""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium

from ..load.given import Version
from ..play.bot_names import BOTS
from ..play.bots import Bot
from .aec import AmbiguAEC, Observation, checked_seed


class SingleAgentEnv(gymnasium.Env[Observation, int]):
    """One deal per episode; the other seats are ``opponents`` bots, seeded from the
    episode's seed. An index its mask forbids ends the episode with ``illegal_reward``;
    an action that is no index of the space (``29.9``, ``"3"``, ``True``, ``-1``) is
    refused with :class:`~ambigu_rules.errors.IllegalActionError`, and a seed that is
    not ``None`` or a whole number from 0 to ``2**64 - 1`` with
    :class:`~ambigu_rules.errors.GameSetupError`, as by
    :class:`~ambigu_rules.learning.aec.AmbiguAEC`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, version: Version, opponents: str = "heuristic", seat: int = 0,
                 players: int = 4, seed: int | None = None, illegal_reward: float = -1.0,
                 **options: Any) -> None:
        if opponents not in BOTS:
            raise ValueError(f"opponents: no bot named {opponents!r} "
                             f"(known: {', '.join(sorted(BOTS))})")
        if not 0 <= seat < players:
            raise ValueError(f"seat: {seat} is not one of the {players} seats")
        self.aec = AmbiguAEC(version, players=players, seed=seed, **options)
        self.agent = self.aec.possible_agents[seat]
        self.opponents = opponents
        self.illegal_reward = illegal_reward
        self.render_mode = options.get("render_mode")
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)  # type: ignore[assignment]
        self._bots: dict[str, Bot] = {}

    def _play_others(self) -> None:
        """Let the bots play until the learner is to act or the deal is over."""
        aec = self.aec
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            other = aec.agent_selection
            view = aec.game.view(aec.possible_agents.index(other))
            aec.game.apply(self._bots[other].choose(view))
            aec.advance()

    def _result(self, reward: float) -> tuple[Observation, SupportsFloat, bool, bool,
                                              dict[str, Any]]:
        return self.aec.observe(self.agent), reward, self.aec.terminations[self.agent], False, {}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        seed = checked_seed(seed)
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        seeds = random.Random(self.aec.seeds.random())
        self._bots = {agent: BOTS[self.opponents](seeds.randrange(2**31))
                      for agent in self.aec.possible_agents if agent != self.agent}
        self._play_others()
        return self.aec.observe(self.agent), {}

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool,
                                         dict[str, Any]]:
        aec = self.aec
        if aec.terminations[self.agent]:
            raise RuntimeError("the deal is over: call reset()")
        chosen = aec.chosen(self.agent, action)
        if chosen is None:
            for agent in aec.possible_agents:
                aec.terminations[agent] = True
            return self.aec.observe(self.agent), self.illegal_reward, True, False, {"illegal": True}
        aec.game.apply(chosen)
        aec.advance()
        self._play_others()
        return self._result(aec.rewards[self.agent] if aec.terminations[self.agent] else 0.0)

    def render(self) -> str | None:  # type: ignore[override]
        return self.aec.render()
