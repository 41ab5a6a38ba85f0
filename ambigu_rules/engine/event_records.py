"""The flat record of an event: the ``kind``, ``seat``, ``amount``, ``cards``,
``step`` and ``data`` the command line prints as JSON and narration reads.

>>> event = Paid(seat=1, amount=8, to=0, combination="flush_sequence", step="showdown")
>>> record_of(event)["kind"], record_of(event)["data"]
('pay', {'to': 0, 'for': 'flush_sequence'})
"""

from __future__ import annotations

from typing import Any

from .events import (
    Added,
    AntePaid,
    BackIn,
    BestHand,
    BetReturned,
    BetsJoinedPool,
    BettingEnded,
    Bought,
    Called,
    CardsDealt,
    CombinationHeld,
    DealEnded,
    DealGivenUp,
    DealStarted,
    DrewForDeal,
    Event,
    Exchanged,
    ExchangedFaceDown,
    FirstDealerChosen,
    Folded,
    Forced,
    ForcePaid,
    HandExposed,
    HandShown,
    Left,
    NobodyCalledShuffle,
    NoRedeal,
    Opened,
    OptionChosen,
    PackCut,
    Paid,
    Passed,
    Penalized,
    PutOut,
    Raised,
    Redealt,
    SessionEnded,
    ShuffleCalled,
    ShufflePassed,
    StakesCarried,
    StockExhausted,
    StockShuffled,
    Stood,
    TimeUp,
    Took,
)

KIND: dict[type[Event], str] = {
    DealStarted: "deal_start",
    AntePaid: "ante",
    CardsDealt: "deal",
    StockShuffled: "shuffle",
    PackCut: "cut",
    StockExhausted: "stock_exhausted",
    Redealt: "redeal",
    NoRedeal: "no_redeal",
    Exchanged: "exchange",
    ExchangedFaceDown: "exchange",
    Stood: "stand",
    ShufflePassed: "pass",
    NobodyCalledShuffle: "all_pass",
    ShuffleCalled: "shuffle_call",
    OptionChosen: "choose",
    Passed: "pass",
    Folded: "fold",
    Called: "call",
    Opened: "open",
    Raised: "raise",
    Forced: "force",
    ForcePaid: "force",
    HandShown: "show",
    HandExposed: "show",
    BestHand: "winner",
    CombinationHeld: "combination",
    Paid: "pay",
    Took: "take",
    BetReturned: "return",
    Added: "add",
    StakesCarried: "carry_over",
    BetsJoinedPool: "carry_over",
    DealEnded: "deal_end",
    Bought: "buy",
    Penalized: "penalty",
    PutOut: "out",
    DrewForDeal: "draw_for_deal",
    FirstDealerChosen: "first_dealer",
    BackIn: "back_in",
    Left: "leave",
    TimeUp: "time_up",
    DealGivenUp: "deal_given_up",
    SessionEnded: "session_end",
}
"""The ``kind`` each event has in the flat record (a betting round's end adds its result).

:meta hide-value:
"""


def kind_of(event: Event) -> str:
    """The event's ``kind`` in the flat record the command line prints.

    >>> kind_of(Folded(seat=1)), kind_of(BettingEnded(result="all_pass"))
    ('fold', 'betting_all_pass')
    """
    if isinstance(event, BettingEnded):
        return f"betting_{event.result}"
    return KIND[type(event)]


def record_of(event: Event) -> dict[str, Any]:
    """The flat record of an event: ``kind``, then ``seat``, ``amount``,
    ``cards``, ``step`` and ``data`` where they have a value.

    >>> record_of(Took(seat=2, amount=12, pile="pool", step="showdown"))
    {'kind': 'take', 'seat': 2, 'amount': 12, 'step': 'showdown', 'data': {'pile': 'pool'}}
    """
    seat, amount, cards, data = _record_parts(event)
    record: dict[str, Any] = {"kind": kind_of(event)}
    if seat is not None:
        record["seat"] = seat
    if amount is not None:
        record["amount"] = amount
    if cards:
        record["cards"] = list(cards)
    if event.step is not None:
        record["step"] = event.step
    if data:
        record["data"] = data
    return record


def _record_parts(event: Event) -> tuple[int | None, int | None, tuple[int, ...],
                                         dict[str, Any]]:
    """Seat, amount, cards and the other facts of ``event``, as the flat record holds them."""
    seat: int | None = getattr(event, "seat", None)
    match event:
        case DealStarted():
            return event.dealer, None, (), {"players": list(event.players)}
        case CardsDealt():
            return seat, event.count, (), {}
        case StockExhausted():
            return None, event.count, (), {}
        case Exchanged():
            return seat, len(event.cards), event.cards, {}
        case ExchangedFaceDown():
            return seat, event.count, (), {}
        case OptionChosen():
            return seat, None, (), {"option": event.option}
        case Called():
            return seat, event.put or None, (), {}
        case Opened() | Raised():
            return seat, event.put or event.amount, (), {}
        case HandShown():
            return seat, None, event.cards, {"combination": event.combination,
                                             "value": event.value}
        case HandExposed():
            return seat, None, event.cards, {}
        case CombinationHeld():
            return seat, event.value, event.cards, {"combination": event.combination}
        case Paid():
            data: dict[str, Any] = {} if event.to is None else {"to": event.to}
            if event.combination is not None:
                data["for"] = event.combination
            return seat, event.amount, (), data
        case Took():
            return seat, event.amount, (), {"pile": event.pile}
        case Penalized():
            return seat, event.amount, (), {"offence": event.offence}
        case DealEnded():
            return None, None, (), {"banks": list(event.banks)}
        case DrewForDeal():
            return seat, None, (event.card,), {}
        case FirstDealerChosen():
            return seat, None, (), {"method": event.method}
        case BackIn():
            return None, None, (), {"seats": list(event.seats)}
        case TimeUp():
            return None, None, (), {"finish_deal": event.finish_deal}
        case DealGivenUp():
            return None, None, (), {"number": event.number}
        case SessionEnded():
            return None, None, (), {"reason": event.reason, "banks": list(event.banks)}
    return seat, getattr(event, "amount", None), (), {}
