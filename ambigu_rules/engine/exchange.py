"""Exchanges of cards: a single draw, and the repeated rounds of a shuffle call.

These rounds decide whose turn it is and which discards are allowed; the
game moves the cards (see :mod:`.game`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import IllegalActionError, NoLegalActionError
from ..rules.common import Range
from ..rules.procedure import ExchangeStep, ShuffleCallStep
from .actions import NOTHING, Action, LegalActions


def discard_choices(hand: list[int], low: int, high: int) -> LegalActions:
    """Every discard of ``low`` to ``high`` cards from ``hand``, held as a range.

    >>> [a.cards for a in discard_choices([9, 7], 0, 2)]
    [(), (7,), (9,), (7, 9)]
    """
    if len(hand) < high:
        high = len(hand)
    return LegalActions.discards(hand, low, high) if low <= high else LegalActions()


@dataclass(init=False)
class ExchangeRound:
    """Each player in turn discards within ``discard`` and is served as many."""

    order: list[int]
    discard: Range
    hands: dict[int, list[int]]
    available: Callable[[int], int]  # cards the stock can still serve this player
    to_speak: list[int]
    #: Who discards now (``None`` once everyone has), kept after every move.
    to_act: int | None
    _legal: LegalActions | None
    fewest: int  # discard.min and discard.max, read once
    most: int
    #: The exchange step it plays (``None`` for the exchanges between shuffle calls).
    step: ExchangeStep | None

    def __init__(self, order: list[int], discard: Range, hands: dict[int, list[int]],
                 available: Callable[[int], int], *, step: ExchangeStep | None = None) -> None:
        self.order, self.discard, self.hands, self.available = order, discard, hands, available
        self.step = step
        self.to_speak = list(order)
        self.to_act = order[0] if order else None
        self._legal = None
        self.fewest, self.most = discard.min, discard.max

    @property
    def done(self) -> bool:
        return not self.to_speak

    def legal(self) -> LegalActions:
        """The discards the player to act may make (computed once per turn)."""
        if self._legal is None:
            seat = self.to_act
            if seat is None:
                return NOTHING
            high = self.available(seat)
            if self.most < high:
                high = self.most
            low = self.fewest if self.fewest < high else high
            legal = discard_choices(self.hands[seat], low, high)
            if not legal:  # bounds no hand can meet: validation refuses them
                where = f"step {self.step.id!r}" if self.step else "the exchange"
                raise NoLegalActionError(
                    f"seat {seat} holds {len(self.hands[seat])} card(s) at {where} and "
                    f"must discard {self.fewest} to {self.most}: no discard is allowed, so "
                    "the deal cannot go on (the rule file's bounds cannot be met)")
            self._legal = legal
        return self._legal

    def drop(self, seat: int) -> None:
        """Take ``seat`` out of the round (a penalty): he discards no more."""
        if seat in self.to_speak:
            self.to_speak.remove(seat)
        if seat in self.order:
            self.order.remove(seat)
        self._legal = None
        self.to_act = self.to_speak[0] if self.to_speak else None

    def refusal(self, action: Action) -> str | None:
        """Why the player to act may not make this discard (its form already checked),
        or ``None`` if he may."""
        if not self.to_speak:
            return "the exchange is over"
        legal = self.legal()
        cards = action.cards
        if len(cards) > 1:
            in_order = tuple(sorted(cards))
            if in_order != cards:  # the same discard, its cards in order
                action = Action(action.kind, action.amount, in_order, action.option)
        if not legal.allows(action):
            return _discard_problem(action, self.hands[self.to_speak[0]], self.discard, legal)
        return None

    def apply(self, action: Action) -> tuple[int, ...]:
        """Check the discard of the player to act; return the cards discarded."""
        problem = self.refusal(action)
        if problem is not None:
            raise IllegalActionError(problem)
        return self.play(action)

    def play(self, action: Action) -> tuple[int, ...]:
        """:meth:`apply` for a discard already found allowed (:meth:`refusal`)."""
        to_speak = self.to_speak
        to_speak.pop(0)
        self.to_act = to_speak[0] if to_speak else None
        self._legal = None
        cards = action.cards
        return cards if len(cards) < 2 else tuple(sorted(cards))


def _discard_problem(action: Action, hand: list[int], allowed: Range,
                     legal: LegalActions) -> str:
    if action.kind != "discard":
        return f"{action.describe()!r} is not allowed now: discard cards (or 'discard none')"
    if any(card not in hand for card in action.cards):
        return "you can only discard cards from your own hand"
    sizes = sorted({len(a.cards) for a in legal})
    return (f"discard {sizes[0]} to {sizes[-1]} cards here"
            if sizes else "no discard is possible now")


_CALLS = LegalActions([Action("pass"), Action("shuffle")])  # shared


@dataclass
class ShuffleCallRound:
    """Speaking rounds (pass or call for the shuffle) with exchanges between them."""

    order: list[int]
    exchange: Range
    hands: dict[int, list[int]]
    available: Callable[[int], int]
    #: The step it plays.
    step: ShuffleCallStep = field(kw_only=True)
    rounds: int = 1
    caller: int | None = None
    to_speak: list[int] = field(default_factory=list)
    exchanging: ExchangeRound | None = None

    def __post_init__(self) -> None:
        self.to_speak = list(self.order)

    @property
    def to_act(self) -> int | None:
        if self.exchanging is not None:
            return self.exchanging.to_act
        return self.to_speak[0] if self.to_speak else None

    @property
    def done(self) -> bool:
        return self.caller is not None

    def legal(self) -> LegalActions:
        if self.exchanging is not None:
            return self.exchanging.legal()
        return _CALLS if self.to_speak else NOTHING

    def drop(self, seat: int) -> None:
        """Take ``seat`` out of the speaking rounds and any exchange in progress."""
        if seat in self.to_speak:
            self.to_speak.remove(seat)
        if seat in self.order:
            self.order.remove(seat)
        if self.exchanging is not None:
            self.exchanging.drop(seat)

    def refusal(self, action: Action) -> str | None:
        """Why the player to act may not play ``action`` now, or ``None`` if he may."""
        if self.exchanging is not None:
            return self.exchanging.refusal(action)
        if not self.legal().allows(action):
            return f"{action.describe()!r} is not allowed now (allowed: pass, shuffle)"
        return None

    def apply(self, action: Action) -> tuple[int, ...] | None:
        """Apply a call or a discard; a discard returns the cards discarded."""
        problem = self.refusal(action)
        if problem is not None:
            raise IllegalActionError(problem)
        return self.play(action)

    def play(self, action: Action) -> tuple[int, ...] | None:
        """:meth:`apply` for an action already found allowed (:meth:`refusal`)."""
        if self.exchanging is not None:
            cards = self.exchanging.play(action)
            if self.exchanging.done:
                self.exchanging = None
                self.rounds += 1
                self.to_speak = list(self.order)
            return cards
        seat = self.to_speak.pop(0)
        if action.kind == "shuffle":
            self.caller = seat
            self.to_speak = []
        elif not self.to_speak:
            self.exchanging = ExchangeRound(self.order, self.exchange, self.hands, self.available)
        return None
