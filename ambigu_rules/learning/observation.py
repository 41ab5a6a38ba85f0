"""A seat's view as a fixed-size vector of numbers, for a learning agent.

The vector is made from :meth:`~ambigu_rules.engine.game.Game.view` alone, so
it holds the seat's own cards and the public record, never another seat's
cards. Its parts, in order (``n`` seats, a pack of ``c`` cards, ``s`` steps):

* own cards, one-hot over the pack (``c``);
* banks, bets and cards held, seat by seat (``3n``), counted in counters and cards;
* seats out of the deal, the dealer, the seat to act, the seat observing (``4n``), one-hot;
* pool, batterie, current bet, what the seat must put in to call, the limit
  (0 where the purse limits) (5);
* the step of the procedure in progress, one-hot (``s``).

Every part is a whole number, and the vector is ``int64``: banks, bets and the pool
are held exactly up to the counter limit and beyond (``float32`` holds whole numbers
exactly only up to 2**24, and showed a bank of 999,999,998 as 1,000,000,000). Cast it
to the floats a network takes (``observation.astype(np.float32)``) where it is fed to one.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..engine.game import Game
from ..engine.view import SeatView


class ObservationLayout:
    """Where each part of the vector lies for one game's pack, seats and procedure."""

    def __init__(self, game: Game) -> None:
        self.cards = tuple(game.deck.cards())
        self.card_index = {card: index for index, card in enumerate(self.cards)}
        self.seats = game.players
        self.steps = {step.id: index for index, step in enumerate(game.procedure)}
        self.size = len(self.cards) + 7 * self.seats + 5 + len(self.steps)

    def encode(self, view: SeatView) -> npt.NDArray[np.int64]:
        """The vector of ``view`` (a new array each time)."""
        out = np.zeros(self.size, dtype=np.int64)
        for card in view.hand:
            out[self.card_index[card]] = 1
        at = len(self.cards)
        n = self.seats
        out[at:at + n] = view.banks
        out[at + n:at + 2 * n] = view.bets
        out[at + 2 * n:at + 3 * n] = view.hand_sizes
        at += 3 * n
        for seat in view.out:
            out[at + seat] = 1
        out[at + n + view.dealer] = 1
        if view.to_act is not None:
            out[at + 2 * n + view.to_act] = 1
        out[at + 3 * n + view.seat] = 1
        at += 4 * n
        out[at:at + 5] = (view.pool, view.batterie, view.current_bet, view.to_call,
                          view.limit or 0)
        at += 5
        if view.step_id in self.steps:
            out[at + self.steps[view.step_id]] = 1
        return out
