"""The fixed list of actions an agent picks from by index, and the mask of those allowed.

A learning agent chooses among a fixed number of actions whatever the turn;
the engine offers, at each turn, a :class:`~ambigu_rules.engine.actions.LegalActions`.
An :class:`ActionTable` joins the two. Its indices are, in order:

* each kind played without amount or cards (``pass``, ``shuffle``, ``call``,
  ``fold``, ``force``);
* for ``open`` and ``raise``, each amount from 1 to a cap, then one index for
  the largest amount allowed now (so that a seat may always stake its purse,
  and so that a range starting above the cap can still be played); the cap is
  at most :data:`MAX_AMOUNT_CAP`, so the space has at most about two thousand
  indices whatever the table's limit (a larger one is refused, saying so);
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

import numpy as np

from ..engine.actions import Action, ActionKind, LegalActions, simple
from ..engine.game import Game
from ..errors import GameSetupError, IllegalActionError
from ..rules.procedure import Choice

#: The kinds played as they are, without amount, cards or option.
PLAIN_KINDS: tuple[ActionKind, ...] = ("pass", "shuffle", "call", "fold", "force")
#: The kinds played with an amount.
AMOUNT_KINDS: tuple[ActionKind, ...] = ("open", "raise")
#: The amount index that stands for the largest amount allowed now.
LARGEST = -1
#: Every version's hands are of four cards (the evaluator's table): the discards
#: are the sets of positions in a hand of this size.
HAND_SIZE = 4
#: The amounts given an index of their own where the table agrees no limit.
DEFAULT_AMOUNT_CAP = 10
#: Most amounts given an index of their own, for each of ``open`` and ``raise``:
#: the mask is worked out index by index at every turn (about 4 ms at this bound)
#: and a policy has one output per index, so a limit of a billion would cost two
#: billion indices (gigabytes) for amounts no agent learns apart. A table whose
#: limit passes it is refused unless ``amount_cap`` says how many amounts to index.
MAX_AMOUNT_CAP = 1000


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
        discards from hands as large as its hands of four cards.

        A cap above :data:`MAX_AMOUNT_CAP`, given or the table's limit, is refused
        (:class:`~ambigu_rules.errors.GameSetupError`) before any index is made.
        """
        cap = amount_cap_of(game, amount_cap)
        slots = [Slot(kind, None) for kind in PLAIN_KINDS]
        for kind in AMOUNT_KINDS:
            slots += [Slot(kind, amount) for amount in range(1, cap + 1)]
            slots.append(Slot(kind, LARGEST))
        slots += [Slot("choose", option) for option in _options(game)]
        slots += [Slot("discard", positions) for count in range(HAND_SIZE + 1)
                  for positions in combinations(range(HAND_SIZE), count)]
        return cls(slots)

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def actions(self) -> tuple[tuple[str, object], ...]:
        """Each index as ``(kind, detail)``, for reading."""
        return tuple((slot.kind, slot.detail) for slot in self.slots)

    def index_of(self, action: object, agent: str) -> int:
        """``action`` as an index of this table: a whole number (``int``, a numpy integer
        or a numpy array of one) from 0 to the last index; anything else, ``bool``
        included, is refused with :class:`~ambigu_rules.errors.IllegalActionError`.

        >>> table = ActionTable([Slot("pass", None), Slot("call", None)])
        >>> table.index_of(np.int64(1), "seat_0")
        1
        >>> table.index_of(1.0, "seat_0")
        Traceback (most recent call last):
        ...
        ambigu_rules.errors.IllegalActionError: seat_0's action must be an index from 0 to 1, \
a whole number (int or numpy integer), not 1.0 (float)
        """
        value = action[()] if isinstance(action, np.ndarray) and action.shape == () else action
        whole = whole_value(value)
        if whole is not None and 0 <= whole < len(self.slots):
            return whole
        shown = shown_value(action)
        if action is None:
            shown += " (None is for a seat whose deal is over)"
        elif whole is None:
            shown += f" ({type(value).__name__})"
        raise IllegalActionError(
            f"{agent}'s action must be an index from 0 to {len(self.slots) - 1}, a whole "
            f"number (int or numpy integer), not {shown}")

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


def amount_cap_of(game: Game, amount_cap: object) -> int:
    """The amounts given an index of their own: ``amount_cap``, else the table's limit,
    else :data:`DEFAULT_AMOUNT_CAP`; refused above :data:`MAX_AMOUNT_CAP`.

    >>> from ambigu_rules import Game
    >>> amount_cap_of(Game("foster", players=3, limit=50), None)
    50
    >>> amount_cap_of(Game("foster", players=3, limit=5000), None)
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.GameSetupError: the table's limit of 5,000 would give each amount \
from 1 to 5,000 an index of its own (10,025 actions): at most 1,000 amounts have one, since \
the action mask is worked out index by index at every turn and a policy has one output per \
index; give amount_cap=N (N up to 1,000): the amounts above N are then played as the index \
of the largest amount allowed
    """
    if amount_cap is not None:
        if type(amount_cap) is not int or not 1 <= amount_cap <= MAX_AMOUNT_CAP:
            raise GameSetupError(f"amount_cap: expected a whole number of amounts from 1 to "
                                 f"{MAX_AMOUNT_CAP:,}, got {shown_value(amount_cap)}")
        return amount_cap
    cap = game.limit or DEFAULT_AMOUNT_CAP
    if cap > MAX_AMOUNT_CAP:
        others = len(PLAIN_KINDS) + len(AMOUNT_KINDS) + len(_options(game)) + 2**HAND_SIZE
        raise GameSetupError(
            f"the table's limit of {cap:,} would give each amount from 1 to {cap:,} an index "
            f"of its own ({len(AMOUNT_KINDS) * cap + others:,} actions): at most "
            f"{MAX_AMOUNT_CAP:,} amounts have one, since the action mask is worked out index "
            "by index at every turn and a policy has one output per index; give "
            f"amount_cap=N (N up to {MAX_AMOUNT_CAP:,}): the amounts above N are then played "
            "as the index of the largest amount allowed")
    return cap


def whole_value(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number (``int`` or a numpy integer, not
    ``bool``), else ``None``.

    >>> whole_value(np.uint64(2**64 - 1)), whole_value(True), whole_value(3.0)
    (18446744073709551615, None, None)
    """
    if isinstance(value, bool | np.bool_):
        return None
    if isinstance(value, int):
        return value
    return int(value) if isinstance(value, np.integer) else None


def shown_value(value: object) -> str:
    """``repr(value)``, cut to 60 characters, for a message."""
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _options(game: Game) -> list[str]:
    """Every option a step of the version's procedure offers, in the order written."""
    found: list[str] = []
    for step in game.procedure:
        for value in vars(step).values():
            for outcome in value.values() if isinstance(value, dict) else (value,):
                if isinstance(outcome, Choice):
                    found += [str(name) for name in outcome.options if name not in found]
    return found
