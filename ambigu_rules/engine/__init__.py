"""The interpreter: plays any version's procedure, deal after deal.

The code here knows the vocabulary of the rule format (ante, deal, exchange,
shuffle call, betting, showdown and the effects of each outcome); the
version's YAML strings them together. See :class:`.game.Game`: its
:class:`.plan.Plan`, its :class:`.state.State` with an explicit
:class:`.state.Phase`, the deal's :class:`.cards.CardSource`, and a seat's
:class:`.view.SeatView`.
"""

from .actions import Action
from .events import Event
from .game import Game
from .state import Phase
from .view import SeatView

__all__ = ["Action", "Event", "Game", "Phase", "SeatView"]
