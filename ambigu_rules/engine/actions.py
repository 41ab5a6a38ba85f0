"""What a player can do, as small immutable records.

An action names its kind and, where needed, an amount, the cards discarded
or the option chosen. :func:`.action_text.parse_action` reads the short text
form that :meth:`Action.describe` writes (replay files, the terminal game).

>>> Action("open", amount=3).describe(), simple("pass").describe()
('open 3', 'pass')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Literal, NamedTuple, overload

from ..errors import IllegalActionError
from .discard_picks import discard_count, every_discard

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
KINDS: tuple[str, ...] = ("pass", "shuffle", "discard", "open", "call", "raise", "fold", "force",
                          "choose")
_KIND_SET = frozenset(KINDS)
_INT_ONLY = {int}  # the types of a discard's cards (:func:`_well_formed`)


class Action(NamedTuple):
    """One decision of the player whose turn it is (immutable, cheap to make)."""

    kind: ActionKind
    amount: int | None = None
    cards: tuple[int, ...] = ()
    option: str | None = None

    def describe(self, format_cards: Callable[[tuple[int, ...]], str] | None = None) -> str:
        """Short text form, the same that :func:`.action_text.parse_action` reads."""
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
#: The ids of the shared actions that are well formed (:func:`check_action` passes
#: them at once). A shared action is never let go, so no other object has its id.
_WELL_FORMED_IDS: set[int] = set()


def simple(kind: ActionKind, amount: int | None = None) -> Action:
    """A shared instance of an action without cards (actions are immutable).

    >>> simple("open", 2) is simple("open", 2)
    True
    """
    key = (kind, amount)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = Action(kind, amount=amount)
        if _well_formed(action):
            _WELL_FORMED_IDS.add(id(action))
    return action


class AmountRange(NamedTuple):
    """Every action ``kind low`` … ``kind high``, held as two numbers."""

    kind: ActionKind
    low: int
    high: int

    @property
    def size(self) -> int:
        """How many amounts the range holds."""
        return max(0, self.high - self.low + 1)

    def action(self, index: int) -> Action:
        kind, low, _ = self  # (unpacked: a named tuple's field is read the slow way)
        return simple(kind, low + index)

    def holds(self, action: Action) -> bool:
        """Whether the range holds ``action`` (well formed: :func:`check_action`)."""
        kind, amount, cards, option = action
        return (kind == self.kind and amount is not None and self.low <= amount <= self.high
                and not cards and option is None)


class DiscardRange(NamedTuple):
    """Every discard of ``low`` to ``high`` cards from ``hand``, held as the hand.

    The discards are in the order of :func:`itertools.combinations`: by
    size, then as the (sorted) hand lists them.

    >>> choices = DiscardRange((3, 7, 9), 0, 2)
    >>> choices.size, choices.action(0).cards, choices.action(4).cards
    (7, (), (3, 7))
    """

    hand: tuple[int, ...]  # sorted
    low: int
    high: int

    @property
    def kind(self) -> ActionKind:
        return "discard"

    @property
    def size(self) -> int:
        """How many discards the range holds."""
        return discard_count(len(self.hand), self.low, self.high)

    def action(self, index: int) -> Action:
        """The discard at ``index`` (``0 <= index < size``)."""
        hand, low, high = self
        every = every_discard(len(hand), low, high)
        if not 0 <= index < len(every):
            raise IndexError("discard index out of range")
        # tuple.__new__: the named tuple's own __new__, without its keyword handling.
        return tuple.__new__(Action, ("discard", None, every[index](hand), None))

    def holds(self, action: Action) -> bool:
        """Whether the range holds ``action`` (well formed: :func:`check_action`)."""
        kind, amount, cards, option = action
        if kind != "discard" or amount is not None or option is not None:
            return False
        if not self.low <= len(cards) <= self.high:
            return False
        # In strictly rising order (a card once), every card from the hand.
        hand = self.hand
        previous = None
        for card in cards:
            if card not in hand or (previous is not None and card <= previous):
                return False
            previous = card
        return True


Part = Action | AmountRange | DiscardRange
#: The discards of each hand and range made so far, shared by the turns that allow
#: the same; more than ``MAX_SHARED_DISCARDS`` and the table starts again. Only hands
#: of two cards are kept (780 in a 40-card pack, met again and again): in random play
#: a four-card hand met its like about once in twenty turns, and keeping them cost more.
_DISCARDS: dict[tuple[tuple[int, ...], int, int], LegalActions] = {}
MAX_SHARED_DISCARDS, MOST_SHARED_CARDS = 20_000, 2
_NO_SINGLES: frozenset[Action] = frozenset()
_DISCARD = ("discard",)


class LegalActions(Sequence[Action]):
    """What a player may do: single actions and ranges of amounts, in order.

    It behaves as the list of every allowed action (``len``, indexing,
    iteration, ``in``), but an amount range costs the same whatever its
    size, so a betting limit of a billion counters lists nothing.

    >>> legal = LegalActions([simple("pass"), AmountRange("open", 1, 10**9)])
    >>> len(legal), legal[1], simple("open", 500_000) in legal
    (1000000001, Action(kind='open', amount=1, cards=(), option=None), True)
    >>> legal.kinds(), legal.amount_range("open")
    (('pass', 'open'), (1, 1000000000))
    >>> legal.summary()
    'pass, open 1-1000000000'
    """

    __slots__ = ("_by_kind", "_given", "_groups", "_kinds", "_length", "_only", "_parts",
                 "_ranges", "_singles")

    def __init__(self, parts: Iterable[Part] = ()) -> None:
        kept: list[Part] = []
        singles: list[Action] = []
        ranges: list[AmountRange | DiscardRange] = []
        length = 0
        for part in parts:
            if isinstance(part, Action):
                length += 1
                singles.append(part)
            else:
                size = part.size
                if size <= 0:
                    continue
                length += size
                ranges.append(part)
            kept.append(part)
        self._parts: tuple[Part, ...] = tuple(kept)
        #: The one part, where there is one (a turn's discards, one kind of a betting turn).
        self._only: Part | None = kept[0] if len(kept) == 1 else None
        self._length = length
        # What allows() reads: the single actions, and the ranges in order.
        self._singles = frozenset(singles) if singles else _NO_SINGLES
        self._ranges: tuple[AmountRange | DiscardRange, ...] = tuple(ranges)
        # Made on first need (the sequences of betting turns are shared and reused).
        self._kinds: tuple[str, ...] | None = None
        self._by_kind: dict[str, LegalActions] | None = None
        #: The action last given by index (:meth:`gave`), and the kinds' sequences.
        self._given: Action | None = None
        self._groups: tuple[LegalActions, ...] | None = None

    @classmethod
    def one(cls, part: Part) -> LegalActions:
        """The sequence of ``part`` alone: one action, or a range (empty if the range is).

        The engine makes one at nearly every turn (one kind of a betting turn):
        made here as the constructor would make it, without its loop (a test of
        ``tests/engine/test_fast_paths_match_the_plain_ones.py`` holds it to it).
        """
        if isinstance(part, Action):
            return cls._made((part,), frozenset((part,)), (), 1, (part.kind,))
        size = part.size
        if size <= 0:
            return cls._made((), _NO_SINGLES, (), 0, ())
        return cls._made((part,), _NO_SINGLES, (part,), size, (part.kind,))

    @classmethod
    def discards(cls, hand: list[int], low: int, high: int) -> LegalActions:
        """Every discard of ``low`` to ``high`` cards from ``hand`` (``high`` at most its
        size, ``low`` at most ``high``): one :class:`DiscardRange`, shared by the turns that
        allow the same for a short hand (held to the constructor by a test, as one is)."""
        key = (tuple(sorted(hand)), low, high)
        shared = len(hand) <= MOST_SHARED_CARDS
        found = _DISCARDS.get(key) if shared else None
        if found is None:
            part = tuple.__new__(DiscardRange, key)  # (without the keyword handling)
            found = cls._made((part,), _NO_SINGLES, (part,),
                              len(every_discard(len(hand), low, high)), _DISCARD)
            if shared:
                if len(_DISCARDS) >= MAX_SHARED_DISCARDS:
                    _DISCARDS.clear()
                _DISCARDS[key] = found
        return found

    @classmethod
    def _made(cls, parts: tuple[Part, ...], singles: frozenset[Action],
              ranges: tuple[AmountRange | DiscardRange, ...], length: int,
              kinds: tuple[str, ...]) -> LegalActions:
        """The sequence of ``parts`` (none empty), fields as the constructor makes them."""
        self = object.__new__(cls)
        self._parts, self._singles, self._ranges = parts, singles, ranges
        self._only = parts[0] if len(parts) == 1 else None
        self._length, self._kinds, self._by_kind = length, kinds, None
        self._given = self._groups = None
        return self

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        only = self._only
        if only is not None and type(index) is int and 0 <= index < self._length:
            given = self._given = only if isinstance(only, Action) else only.action(index)
            return given
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("legal action index out of range")
        for part in self._parts:
            if not isinstance(part, Action):
                size = part.size
                if index < size:
                    return part.action(index)
                index -= size
            elif index == 0:
                return part
            else:
                index -= 1
        raise IndexError("legal action index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            if isinstance(part, AmountRange):
                for amount in range(part.low, part.high + 1):
                    yield simple(part.kind, amount)
            elif isinstance(part, DiscardRange):
                for index in range(part.size):
                    yield part.action(index)
            else:
                yield part

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and _well_formed(action) and self.allows(action)

    def allows(self, action: Action) -> bool:
        """Whether ``action``, already known to be well formed (:func:`check_action`),
        is allowed: ``in`` without checking the types of its fields again."""
        singles = self._singles
        if singles and action in singles:
            return True
        ranges = self._ranges
        if len(ranges) == 1:  # the usual case: one range of amounts, or of discards
            return ranges[0].holds(action)
        return any(part.holds(action) for part in ranges)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return self._parts == other._parts
        if isinstance(other, list | tuple):
            return len(other) == self._length and all(
                mine == theirs for mine, theirs in zip(self, other, strict=True))
        return NotImplemented

    # Unhashable, like the lists it equals; typeshed declares __hash__ a method.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalActions({self.summary() or 'nothing'})"

    def kinds(self) -> tuple[str, ...]:
        """The kinds of action allowed, in order of first appearance."""
        kinds = self._kinds
        if kinds is None:
            parts = self._parts
            kinds = self._kinds = ((parts[0].kind,) if len(parts) == 1 else
                                   tuple(dict.fromkeys([part.kind for part in parts])))
        return kinds

    def of_kind(self, kind: object) -> LegalActions:
        """The allowed actions of one kind (an empty sequence if none, or if ``kind``
        is not a text)."""
        if not isinstance(kind, str):
            return NOTHING
        by_kind = self._by_kind
        if by_kind is None:
            by_kind = self._by_kind = {}
        found = by_kind.get(kind)
        if found is None:
            same = [part for part in self._parts if part.kind == kind]
            found = by_kind[kind] = LegalActions.one(same[0]) if len(same) == 1 else (
                LegalActions(same))
        return found

    def groups(self) -> tuple[LegalActions, ...]:
        """The allowed actions kind by kind (:meth:`of_kind`), as :meth:`kinds` lists them."""
        groups = self._groups
        if groups is None:
            kinds = self.kinds()
            if len(kinds) == 1:
                return (self,)  # (not kept: the sequence would hold itself, a cycle)
            groups = self._groups = tuple(map(self.of_kind, kinds))
        return groups

    def gave(self, action: object) -> bool:
        """Whether ``action`` is the very action this sequence, or one of its
        :meth:`groups`, last gave by index, so one it allows, well formed (a fast
        path: an action is immutable, and so is what a sequence allows)."""
        if action is None or action is self._given:  # (None: nothing given yet)
            return action is not None
        for other in self._groups or ():  # noqa: SIM110  (a loop: any() makes a generator)
            if action is other._given:
                return True
        return False

    def amount_range(self, kind: object) -> tuple[int, int] | None:
        """The lowest and highest amount allowed for ``open`` or ``raise``."""
        lows: list[int] = []
        highs: list[int] = []
        for p in self._parts:
            if p.kind != kind:
                continue
            if isinstance(p, DiscardRange):
                return None
            low, high = (p.low, p.high) if isinstance(p, AmountRange) else (p.amount, p.amount)
            if low is None or high is None:
                return None
            lows.append(low)
            highs.append(high)
        if not lows:
            return None
        return min(lows), max(highs)

    def phrases(self, discard: Callable[[int, int], str] | None = None,
                word: Callable[[str], str] | None = None) -> list[str]:
        """The allowed actions in a few words each, amounts folded into ranges.

        ``discard(fewest, most)`` words the discards (by default
        ``discard 0-2 cards``); ``word(kind)`` names a kind of action (by
        default the kind itself, as :func:`.action_text.parse_action` reads it).

        >>> legal = LegalActions([simple("fold"), simple("call"), AmountRange("raise", 1, 10)])
        >>> legal.phrases(), legal.phrases(word=str.upper)
        (['fold', 'call', 'raise 1-10'], ['FOLD', 'CALL', 'RAISE 1-10'])
        """
        name = word or str
        names: list[str] = []
        for kind in self.kinds():
            span = self.amount_range(kind) if kind in ("open", "raise") else None
            if span is not None:
                low, high = span
                names.append(f"{name(kind)} {low}" if low == high
                             else f"{name(kind)} {low}-{high}")
            elif kind == "discard":
                sizes = sorted({size for part in self._parts if part.kind == "discard"
                                for size in _discard_sizes(part)})
                names.append((discard or _discard_phrase)(sizes[0], sizes[-1]))
            else:  # the kind, then what describe() writes after it (a choice's option)
                names += [name(kind) + a.describe()[len(kind):] for a in self.of_kind(kind)]
        return list(dict.fromkeys(names))

    def summary(self) -> str:
        """One short line: ``fold, call, raise 1-10`` (amounts folded into ranges)."""
        return ", ".join(self.phrases())


def _discard_sizes(part: Part) -> range:
    """How many cards the discards of ``part`` throw away."""
    if isinstance(part, DiscardRange):
        return range(part.low, part.high + 1)
    if isinstance(part, Action):
        return range(len(part.cards), len(part.cards) + 1)
    return range(0)


def _discard_phrase(fewest: int, most: int) -> str:
    return f"discard {fewest}-{most} cards" if fewest != most else f"discard {fewest} cards"


#: No action at all (shared).
NOTHING = LegalActions()


def _well_formed(action: Action) -> bool:
    """Whether each field of ``action`` has its exact type (``True`` is not ``1``).

    An :class:`Action` is a tuple, and a caller may put anything in it: its
    fields are read here as what they may hold, not as what they should.
    """
    fields: tuple[object, object, object, object] = action
    kind, amount, cards, option = fields
    if not ((kind in _KIND_SET) if type(kind) is str else (kind in KINDS)):
        return False
    return ((amount is None or type(amount) is int) and type(cards) is tuple
            and (not cards or {*map(type, cards)} == _INT_ONLY)
            and (option is None or type(option) is str))


def check_action(action: object) -> Action:
    """``action`` if it is a well-formed :class:`Action`, else :class:`IllegalActionError`.

    >>> check_action(Action("open", amount=2)).amount
    2
    >>> check_action("pass")
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.IllegalActionError: not an action: 'pass' (expected an Action)
    """
    if isinstance(action, Action) and (id(action) in _WELL_FORMED_IDS or _well_formed(action)):
        return action
    if isinstance(action, Action):
        raise IllegalActionError(f"not an action: {action!r} (an amount is a whole number "
                                 "such as 2, cards a tuple of card numbers)")
    shown = repr(action)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    raise IllegalActionError(f"not an action: {shown} (expected an Action)")
