"""The interpreter: plays any version's procedure, deal after deal.

The code here knows the vocabulary of the rule format (ante, deal, exchange,
shuffle call, betting, showdown and the effects of each outcome); the
version's YAML strings them together. See :class:`.game.Game`.
"""

from .actions import Action
from .events import Event
from .game import Game

__all__ = ["Action", "Event", "Game"]
