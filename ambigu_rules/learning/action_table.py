"""The fixed list of actions an agent picks from by index, and the mask of those allowed.

A learning agent chooses among a fixed number of actions whatever the turn;
the engine offers, at each turn, a :class:`~ambigu_rules.engine.actions.LegalActions`.
An :class:`ActionTable` joins the two. Its indices are, in order:

* each kind played without amount or cards (``pass``, ``shuffle``, ``call``,
  ``fold``, ``force``);
* for ``open`` and ``raise``, each amount from 1 to a cap, then one index for
  the largest amount allowed now (so that a seat may always stake its purse,
  and so that a range starting above the cap can still be played);
* each option a step of the version's procedure offers (``choose``);
* each discard, as a set of positions in the seat's hand sorted in card order
  (the empty set is to stand).

>>> from ambigu_rules import Game
>>> game = Game("foster", players=3, seed=1)
>>> table = ActionTable.for_game(game, amount_cap=3)
>>> table.size, table.actions[:2], table.actions[5]
(31, (('pass', None), ('shuffle', None)), ('open', 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from ..engine.actions import Action, ActionKind, LegalActions, simple
from ..engine.game import Game
from ..rules.procedure import Choice

#: The kinds played as they are, without amount, cards or option.
PLAIN_KINDS: tuple[ActionKind, ...] = ("pass", "shuffle", "call", "fold", "force")
#: The kinds played with an amount.
AMOUNT_KINDS: tuple[ActionKind, ...] = ("open", "raise")
#: The amount index that stands for the largest amount allowed now.
LARGEST = -1
#: The amounts given an index of their own where the table agrees no limit.
DEFAULT_AMOUNT_CAP = 10


class Slot(NamedTuple):
    """What one index stands for: a kind and its amount, option or hand positions."""

    kind: ActionKind
    detail: int | str | tuple[int, ...] | None


class ActionTable:
    """Every index of a version's action space, and how each maps to an action."""

    def __init__(self, slots: Sequence[Slot]) -> None:
        self.slots: tuple[Slot, ...] = tuple(slots)
        self._index = {slot: index for index, slot in enumerate(self.slots)}

    @classmethod
    def for_game(cls, game: Game, amount_cap: int | None = None) -> ActionTable:
        """The table of ``game``'s version: amounts up to ``amount_cap`` (the table's
        limit, else :data:`DEFAULT_AMOUNT_CAP`), the options its procedure offers,
        discards from hands as large as its hands of four cards."""
        cap = amount_cap or game.limit or DEFAULT_AMOUNT_CAP
        slots = [Slot(kind, None) for kind in PLAIN_KINDS]
        for kind in AMOUNT_KINDS:
            slots += [Slot(kind, amount) for amount in range(1, cap + 1)]
            slots.append(Slot(kind, LARGEST))
        slots += [Slot("choose", option) for option in _options(game)]
        hand = 4  # every version's hands are of four cards (the evaluator's table)
        slots += [Slot("discard", positions) for count in range(hand + 1)
                  for positions in combinations(range(hand), count)]
        return cls(slots)

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def actions(self) -> tuple[tuple[str, object], ...]:
        """Each index as ``(kind, detail)``, for reading."""
        return tuple((slot.kind, slot.detail) for slot in self.slots)

    def action(self, index: int, hand: Sequence[int], legal: LegalActions) -> Action | None:
        """The action index ``index`` stands for now, or ``None`` if it is not allowed."""
        if not 0 <= index < len(self.slots):
            return None
        kind, detail = self.slots[index]
        made: Action | None
        if detail is None:
            made = simple(kind)
        elif kind in AMOUNT_KINDS:
            assert isinstance(detail, int)
            amounts = legal.amount_range(kind)
            if amounts is None:
                return None
            made = simple(kind, amounts[1] if detail == LARGEST else detail)
        elif kind == "choose":
            assert isinstance(detail, str)
            made = Action("choose", option=detail)
        else:
            assert isinstance(detail, tuple)
            ordered = sorted(hand)
            if detail and detail[-1] >= len(ordered):
                return None
            made = Action("discard", cards=tuple(ordered[p] for p in detail))
        return made if made in legal else None

    def mask(self, hand: Sequence[int], legal: LegalActions) -> list[int]:
        """1 for each index allowed now, else 0."""
        allowed = [0] * len(self.slots)
        if not legal:
            return allowed
        for index in range(len(self.slots)):
            if self.action(index, hand, legal) is not None:
                allowed[index] = 1
        return allowed


def _options(game: Game) -> list[str]:
    """Every option a step of the version's procedure offers, in the order written."""
    found: list[str] = []
    for step in game.procedure:
        for value in vars(step).values():
            for outcome in value.values() if isinstance(value, dict) else (value,):
                if isinstance(outcome, Choice):
                    found += [str(name) for name in outcome.options if name not in found]
    return found
