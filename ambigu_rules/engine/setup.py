"""Checks of what a game is set up with: names, banks, scripted cards.

>>> is_whole(3), is_whole(True), is_whole(3.0)
(True, False, False)
>>> checked_names(None, 2)
['Player 1', 'Player 2']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from ..errors import AmbiguError


class GameSetupError(AmbiguError, ValueError):
    """A game that cannot be set up as asked (players, banks, scripted cards)."""


class ProcedureLoopError(AmbiguError):
    """A deal that runs more steps than any real deal needs: its procedure loops."""


def is_whole(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (``True`` is no number of counters)."""
    return type(value) is int


def checked_names(names: Sequence[str] | None, count: int) -> list[str]:
    """The players' names: given ones must be distinct, non-empty texts."""
    if names is not None and not isinstance(names, list | tuple):
        raise GameSetupError("the players' names are a list of texts")
    if not names:
        return [f"Player {i + 1}" for i in range(count)]
    chosen = list(names)
    if not all(isinstance(name, str) and name.strip() for name in chosen):
        raise GameSetupError("each player's name is a non-empty text")
    if len(set(chosen)) != len(chosen):
        raise GameSetupError("two players have the same name: names tell the seats apart")
    return chosen
