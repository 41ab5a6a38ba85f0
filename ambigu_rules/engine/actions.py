"""What a player can do, as small immutable records.

An action names its kind and, where needed, an amount, the cards discarded
or the option chosen. :func:`parse_action` reads the short text form used by
replay files and the terminal game.

>>> parse_action("open 3")
Action(kind='open', amount=3, cards=(), option=None)
>>> parse_action("discard 5H 9S", parse_cards=lambda text: (12, 35))
Action(kind='discard', amount=None, cards=(12, 35), option=None)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

from ..errors import IllegalActionError

ActionKind = Literal[
    "pass",  # speak without betting, or (exchange) keep one's cards
    "shuffle",  # call for the shuffle in repeated two-card rounds
    "discard",  # exchange these cards (none = stand)
    "open",  # first bet of a betting step
    "call",  # match the current bet (all-in if one's bank is short)
    "raise",  # put in more than the current bet (amount = the raise)
    "fold",  # leave the deal
    "force",  # the dealer's force when all before him passed
    "choose",  # a choice offered to a player by the rules (option)
]
KINDS: tuple[str, ...] = (
    "pass", "shuffle", "discard", "open", "call", "raise", "fold", "force", "choose",
)


class Action(NamedTuple):
    """One decision of the player whose turn it is (immutable, cheap to make)."""

    kind: ActionKind
    amount: int | None = None
    cards: tuple[int, ...] = ()
    option: str | None = None

    def describe(self, format_cards: Callable[[tuple[int, ...]], str] | None = None) -> str:
        """Short text form, the same that :func:`parse_action` reads."""
        if self.kind in ("open", "raise") and self.amount is not None:
            return f"{self.kind} {self.amount}"
        if self.kind == "discard":
            if not self.cards:
                return "discard none"
            shown = format_cards(self.cards) if format_cards else " ".join(map(str, self.cards))
            return f"discard {shown}"
        if self.kind == "choose":
            return f"choose {self.option}"
        return self.kind


_INTERNED: dict[tuple[str, int | None], Action] = {}


def simple(kind: str, amount: int | None = None) -> Action:
    """A shared instance of an action without cards (actions are immutable).

    >>> simple("open", 2) is simple("open", 2)
    True
    """
    key = (kind, amount)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = Action(kind, amount=amount)  # type: ignore[arg-type]
    return action


def parse_action(
    text: str, parse_cards: Callable[[str], tuple[int, ...]] | None = None
) -> Action:
    """Read ``pass``, ``open 3``, ``raise 2``, ``discard 5H 9S``, ``choose redeal``…"""
    words = text.strip().split(None, 1)
    if not words:
        raise IllegalActionError("an action is needed, e.g. 'pass', 'open 2', 'discard 5H'")
    kind, rest = words[0].lower(), (words[1].strip() if len(words) > 1 else "")
    if kind not in KINDS:
        raise IllegalActionError(
            f"unknown action {words[0]!r}: expected one of {', '.join(KINDS)}"
        )
    if kind in ("open", "raise"):
        if not rest.isdigit():
            raise IllegalActionError(f"'{kind}' needs a whole number of counters, e.g. '{kind} 2'")
        return Action(kind, amount=int(rest))  # type: ignore[arg-type]
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
    return Action(kind)  # type: ignore[arg-type]
