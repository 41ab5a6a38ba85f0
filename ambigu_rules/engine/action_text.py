"""The short text form of an action, read: ``pass``, ``open 3``, ``discard 5H 9S``…

Replay files and the terminal game write actions so;
:meth:`~.actions.Action.describe` writes the same form.

>>> parse_action("open 3")
Action(kind='open', amount=3, cards=(), option=None)
>>> parse_action("discard 5H 9S", parse_cards=lambda text: (12, 35))
Action(kind='discard', amount=None, cards=(12, 35), option=None)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard

from ..errors import IllegalActionError
from .actions import KINDS, Action, ActionKind

#: Longest amount read from text (more is no game's stake, and int() refuses 4,300).
MAX_DIGITS = 15


def _is_kind(kind: str) -> TypeGuard[ActionKind]:
    """Whether ``kind`` is one of :data:`~.actions.KINDS`, the values of ``ActionKind``."""
    return kind in KINDS


def parse_action(
    text: str, parse_cards: Callable[[str], tuple[int, ...]] | None = None
) -> Action:
    """Read ``pass``, ``open 3``, ``raise 2``, ``discard 5H 9S``, ``choose redeal``…"""
    words = text.strip().split(None, 1)
    if not words:
        raise IllegalActionError("an action is needed, e.g. 'pass', 'open 2', 'discard 5H'")
    kind, rest = words[0].lower(), (words[1].strip() if len(words) > 1 else "")
    if not _is_kind(kind):
        raise IllegalActionError(
            f"unknown action {words[0]!r}: expected one of {', '.join(KINDS)}"
        )
    if kind in ("open", "raise"):
        if not (rest.isascii() and rest.isdigit()) or len(rest) > MAX_DIGITS:
            raise IllegalActionError(f"'{kind}' needs a whole number of counters, e.g. '{kind} 2'")
        return Action(kind, amount=int(rest))
    if kind == "discard":
        if rest.lower() in ("", "none", "-"):
            return Action("discard")
        if parse_cards is None:
            raise IllegalActionError("cards cannot be read here")
        return Action("discard", cards=tuple(parse_cards(rest)))
    if kind == "choose":
        if not rest:
            raise IllegalActionError("'choose' needs an option, e.g. 'choose redeal'")
        return Action("choose", option=rest)
    if rest:
        raise IllegalActionError(f"'{kind}' takes nothing after it, got {rest!r}")
    return Action(kind)
