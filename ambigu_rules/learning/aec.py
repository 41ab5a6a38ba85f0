"""One deal of Ambigu as a PettingZoo AEC environment (see :mod:`ambigu_rules.learning`)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ..api import Game
from ..engine.actions import Action
from ..engine.game import TableOptions
from ..errors import GameSetupError, IllegalActionError
from ..load.given import Version
from .action_table import ActionTable, shown_value, whole_value
from .observation import ObservationLayout

Observation = dict[str, npt.NDArray[Any]]

#: Largest seed an environment takes: what a 64-bit unsigned integer holds, so that
#: every seed NumPy's and Gymnasium's tools draw is taken (Stable-Baselines3 draws up
#: to 2**32 and adds the environment's number), and a seed of hundreds of digits is not.
MAX_SEED = 2**64 - 1


def checked_seed(seed: object) -> int | None:
    """``seed`` as an ``int`` (``None`` stays ``None``: no new seed): a whole number
    (``int`` or a numpy integer, not ``bool``) from 0 to :data:`MAX_SEED`, else
    :class:`~ambigu_rules.errors.GameSetupError`.

    >>> checked_seed(None), checked_seed(np.uint64(7))
    (None, 7)
    >>> checked_seed(-1)
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.GameSetupError: seed: expected None or a whole number from 0 to \
18,446,744,073,709,551,615 (2**64 - 1), got -1
    """
    if seed is None:
        return None
    whole = whole_value(seed)
    if whole is not None and 0 <= whole <= MAX_SEED:
        return whole
    raise GameSetupError(f"seed: expected None or a whole number from 0 to {MAX_SEED:,} "
                         f"(2**64 - 1), got {shown_value(seed)}")


class AmbiguAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One deal of a version at a table of seats ``seat_0``, ``seat_1``…

    ``options`` are the table's (:class:`~ambigu_rules.engine.game.TableOptions`,
    banks and limit for one); ``amount_cap`` the amounts with an index of their own
    (:func:`.action_table.amount_cap_of`). ``seed`` and the seed of :meth:`reset` are
    checked by :func:`checked_seed`; an action by :meth:`.ActionTable.index_of`.
    The observation is ``int64``: every part of it is a whole number, and banks of up
    to the counter limit are held exactly (``float32`` would round them).
    """

    metadata = {"name": "ambigu_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, version: Version, players: int = 4, seed: int | None = None,
                 amount_cap: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        self.version = version
        self.options: TableOptions = {"players": players, **options}  # type: ignore[typeddict-item]
        self.render_mode = render_mode
        self.seeds = random.Random(checked_seed(seed))
        self.game = Game(version, **self.options)
        self.table = ActionTable.for_game(self.game, amount_cap)
        self.layout = ObservationLayout(self.game)
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = spaces.Discrete(self.table.size)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.layout.size,), np.int64),
            "action_mask": spaces.Box(0, 1, (self.table.size,), np.int8),
        })
        self._banks_before: tuple[int, ...] = ()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seed = checked_seed(seed)
        if seed is not None:
            self.seeds = random.Random(seed)
        table: TableOptions = {**self.options, "seed": self.seeds.randrange(2**31),
                               "dealer": self.seeds.randrange(len(self.possible_agents))}
        self.game = Game(self.version, **table)
        self._banks_before = tuple(self.game.table.banks)
        self.game.start_deal()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.advance()

    def advance(self) -> None:
        """The seat to act next, or the end of the deal with each seat's winnings."""
        game = self.game
        if not game.deal_over:
            to_act = game.to_act
            assert to_act is not None
            self.agent_selection = self.possible_agents[to_act]
            return
        banks = game.table.banks
        for agent, seat in self._seat.items():
            self.rewards[agent] = float(banks[seat] - self._banks_before[seat])
            self.terminations[agent] = True

    def observe(self, agent: str) -> Observation:
        seat = self._seat[agent]
        view = self.game.view(seat)
        mask = (self.table.mask(view.hand, view.legal)
                if agent in self.agents and not self.terminations[agent] else [])
        return {"observation": self.layout.encode(view),
                "action_mask": np.array(mask or [0] * self.table.size, dtype=np.int8)}

    def chosen(self, agent: str, index: object) -> Action | None:
        """The action ``index`` stands for at ``agent``'s turn, or ``None`` if not allowed;
        an ``index`` that is no index of the table is refused
        (:class:`~ambigu_rules.errors.IllegalActionError`)."""
        checked = self.table.index_of(index, agent)
        view = self.game.view(self._seat[agent])
        return self.table.action(checked, view.hand, view.legal)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self.chosen(agent, action)
        if chosen is None:
            raise IllegalActionError(f"{agent} may not play index {action} now (see its "
                                     "action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(chosen)
        self.advance()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        table = self.game.table
        return f"banks {list(table.banks)}, bets {list(table.bets)}, pool {table.pool}"

    def close(self) -> None:
        pass
