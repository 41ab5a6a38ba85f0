"""The English account of a deal: one line per event.

The engine records facts (:mod:`ambigu_rules.engine.events`); this module
alone turns them into sentences, for the command line, replay transcripts,
terminal play and the worked examples.

>>> from ambigu_rules.engine.events import Paid, Took
>>> from ambigu_rules.load.catalog import standard_deck
>>> narrator = Narrator(["Anna", "Ben", "Carla"], standard_deck())
>>> narrator.line(Paid(seat=1, amount=8, to=0, combination="flush_sequence"))
'Ben pays 8 to Anna'
>>> narrator.line(Took(seat=2, amount=5, pile="bets", share=True))
'Carla takes 5 of the bets'
>>> narrator.to_json(Took(seat=2, amount=5, pile="pool", step="showdown"))["text"]
'Carla takes the pool (5)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, assert_never

from ..engine.event_records import record_of
from ..engine.events import (
    Added,
    AntePaid,
    AnyEvent,
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
from ..rules.deck import Deck
from ..rules.vocabulary import said

#: How each end of a betting round is told.
BETTING_ENDS = {
    "all_pass": "Everybody passes",
    "uncalled_open": "Nobody calls the opening bet",
    "uncalled_raise": "Nobody calls the last raise",
    "called": "The bets are called",
    "forced": "The dealer forces play",
}

#: How the first dealer was chosen, by ``first_dealer.method``.
FIRST_DEALER_METHODS = {
    "highest_card": "highest card drawn",
    "by_lot": "chosen by lot",
    "as_agreed": "as the players agreed",
}


class Narrator:
    """Tells the events of one table: it knows the players' names and the deck."""

    def __init__(self, names: Sequence[str], deck: Deck) -> None:
        self.names = list(names)
        self.deck = deck

    def to_json(self, event: AnyEvent) -> dict[str, Any]:
        """The event's flat record with its line of text after the kind."""
        record = record_of(event)
        return {"kind": record.pop("kind"), "text": self.line(event), **record}

    def lines(self, events: Sequence[AnyEvent]) -> list[str]:
        return [self.line(event) for event in events]

    def line(self, event: AnyEvent) -> str:
        """One sentence for ``event``: a table of every kind of event, checked
        complete by the type checker (``assert_never``)."""
        seat = getattr(event, "seat", None)
        who = self.names[seat] if isinstance(seat, int) else ""
        match event:
            case DealStarted():
                return f"Deal {event.number}: {self.names[event.dealer]} deals"
            case AntePaid():
                label = f" ({event.label})" if event.label else ""
                return f"{who} puts {event.amount} into the {event.into}{label}"
            case CardsDealt():
                return f"{who} receives {event.count} cards"
            case StockShuffled():
                return "The dealer shuffles the stock"
            case PackCut():
                return f"{who} cuts the pack" if who else "The pack is cut"
            case StockExhausted():
                return (f"The stock runs short: {event.count} discards are "
                        f"{said('refill_shuffled', event.shuffled)}")
            case Redealt():
                return "The cards are gathered and dealt again"
            case NoRedeal():
                return ("Too few players have counters left to bet: the deal ends and "
                        "everything stays on the table")
            case Exchanged():
                spoken = f' ("{event.call}")' if event.call else ""
                return f"{who} discards {len(event.cards)} and draws {len(event.cards)}{spoken}"
            case ExchangedFaceDown():
                spoken = f' ("{event.call}")' if event.call else ""
                return f"{who} discards {event.count} and draws {event.count}{spoken}"
            case Stood():
                return f"{who} stands" + (f' ("{event.call}")' if event.call else "")
            case ShufflePassed():
                return f'{who} says "{event.call}"'
            case NobodyCalledShuffle():
                return "All pass: each discards and is served again"
            case ShuffleCalled():
                return f'{who} says "{event.call}" and puts {event.amount} into the {event.into}'
            case OptionChosen():
                return f"{who} chooses {event.option}"
            case Passed():
                return f"{who} passes" + (f' ("{event.call}")' if event.call else "")
            case Folded():
                return f"{who} folds"
            case Called():
                return f"{who} calls" + (f" ({event.put})" if event.put else "")
            case Opened():
                return f"{who} opens {event.amount}" + (f' ("{event.call}")' if event.call else "")
            case Raised():
                return f"{who} raises {event.amount}"
            case Forced():
                return f"{who} forces play"
            case BettingEnded():
                return BETTING_ENDS[event.result]
            case ForcePaid():
                return f"{who} puts {event.amount} into the pool; everybody keeps his cards"
            case HandShown():
                return (f"{who} shows {self.deck.format_hand(event.cards)}: "
                        f"{event.name or 'no combination'}")
            case HandExposed():
                return f"{who} shows {self.deck.format_hand(event.cards)}"
            case BestHand():
                return f"{who} has the best hand"
            case CombinationHeld():
                return f"{who} holds {event.name}, worth {event.value} from each"
            case Paid():
                to = "into the pool" if event.to is None else f"to {self.names[event.to]}"
                return f"{who} pays {event.amount} {to}"
            case Took():
                return self._took(who, event)
            case BetReturned():
                return f"{who} takes back the bet ({event.amount})"
            case Added():
                return f"{who} adds {event.amount} to the {event.into}"
            case StakesCarried():
                return (f"The pool ({event.pool}) and batterie ({event.batterie}) stay for the "
                        "next deal")
            case BetsJoinedPool():
                return f"{event.amount} counters of bets join the pool"
            case DealEnded():
                return f"Deal {event.number} ends; pool {event.pool}, batterie {event.batterie}"
            case Bought():
                return f"{who} buys {event.amount} counters"
            case Penalized():
                return (f"{who} pays {event.amount} into the {event.into} for "
                        f"{event.offence.replace('_', ' ')}")
            case PutOut():
                return f"{who} takes no further part in this deal"
            case DrewForDeal():
                return f"{who} draws {self.deck.format_hand([event.card])} for the deal"
            case FirstDealerChosen():
                return f"{who} deals first ({FIRST_DEALER_METHODS[event.method]})"
            case BackIn():
                back = ", ".join(self.names[s] for s in event.seats)
                return f"{back} take part again"
            case Left():
                return f"{who} leaves the table"
            case TimeUp():
                return ("The time is up: this deal is played to its end" if event.finish_deal
                        else "The time is up: the deal stops here")
            case DealGivenUp():
                return f"Deal {event.number} is given up; each takes back his bet"
            case SessionEnded():
                why = ("the agreed deals are played" if event.reason == "agreed_deals"
                       else "the agreed time is up")
                return f"The session is over: {why}"
            case _:
                assert_never(event)

    @staticmethod
    def _took(name: str, event: Took) -> str:
        if event.share:
            return f"{name} takes {event.amount} of the {event.pile}"
        return f"{name} takes the {event.pile} ({event.amount})"

