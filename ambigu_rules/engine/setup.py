"""Checks of what a game is set up with: names, banks, scripted cards.

>>> is_whole(3), is_whole(True), is_whole(3.0)
(True, False, False)
>>> checked_names(None, 2)
['Player 1', 'Player 2']
"""

from __future__ import annotations

from typing import TypeGuard

from ..errors import AmbiguError


class GameSetupError(AmbiguError, ValueError):
    """A game that cannot be set up as asked (players, banks, scripted cards)."""


class ProcedureLoopError(AmbiguError):
    """A deal that runs more steps than any real deal needs: its procedure loops."""


def is_whole(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (``True`` is no number of counters)."""
    return type(value) is int


def whole_in(value: object, low: int, high: int) -> int | None:
    """``value`` if it is a whole number from ``low`` to ``high``, else ``None``.

    >>> whole_in(3, 0, 3), whole_in(4, 0, 3), whole_in(True, 0, 3), whole_in(2.0, 0, 3)
    (3, None, None, None)
    """
    return value if is_whole(value) and low <= value <= high else None


def checked_names(names: object, count: int) -> list[str]:
    """The players' names: given ones must be distinct, non-empty texts."""
    if names is not None and not isinstance(names, list | tuple):
        raise GameSetupError("the players' names are a list of texts")
    if not names:
        return [f"Player {i + 1}" for i in range(count)]
    chosen = [name for name in names if isinstance(name, str) and name.strip()]
    if len(chosen) != len(names):
        raise GameSetupError("each player's name is a non-empty text")
    if len(set(chosen)) != len(chosen):
        raise GameSetupError("two players have the same name: names tell the seats apart")
    return chosen
