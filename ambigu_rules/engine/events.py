"""What happened in a deal: one small record per action and per consequence.

Each kind of event is its own frozen, slotted dataclass holding only facts:
seats, counters, cards (as card numbers) and the ids the rule file gives.
The engine composes no sentence; :mod:`ambigu_rules.play.narration` tells
an event in English, and :func:`.event_records.record_of` gives the flat
record the command line prints as JSON.

Code that reads events tells them apart by their type:

>>> event = Paid(seat=1, amount=8, to=0, combination="flush_sequence", step="showdown")
>>> isinstance(event, Paid), event.amount
(True, 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from .slot_code import slot_function

BettingResult = Literal["all_pass", "uncalled_open", "uncalled_raise", "called", "forced"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """What every event knows: the id of the procedure step it happened in."""

    step: str | None = None


# -- the deal and its cards ------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DealStarted(Event):
    """A deal begins: its number, its dealer and the seats dealt in, in speaking order."""

    number: int
    dealer: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AntePaid(Event):
    """A player puts a stake on the table before or outside the betting."""

    seat: int
    amount: int
    into: str
    label: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDealt(Event):
    """A player has received the cards of a deal step."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StockShuffled(Event):
    """The dealer shuffles the stock before serving again."""



@dataclass(frozen=True, slots=True, kw_only=True)
class PackCut(Event):
    """The pack (or the new stock) is cut, by ``seat`` if the version names who cuts.

    A cut of a shuffled pack changes no odds: the engine records it and moves
    no card (a scripted deal stays as scripted).
    """

    seat: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StockExhausted(Event):
    """The stock ran short: ``count`` discards were gathered into a new stock,
    shuffled first or not as the version says (``stock_exhaustion.shuffle``)."""

    count: int
    shuffled: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Redealt(Event):
    """The cards are gathered and dealt again by the same dealer."""



@dataclass(frozen=True, slots=True, kw_only=True)
class NoRedeal(Event):
    """A redeal is due, but too few players have counters left to bet."""



# -- exchanges and speaking -----------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Exchanged(Event):
    """A player discards ``cards`` and draws as many from the stock."""

    seat: int
    cards: tuple[int, ...]
    call: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ExchangedFaceDown(Event):
    """Another player's exchange as a seat sees it: how many cards, not which."""

    seat: int
    count: int
    call: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Stood(Event):
    """A player keeps his cards; ``call`` is what he says, if the version names it."""

    seat: int
    call: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ShufflePassed(Event):
    """A player declines to call for a new deal, saying the version's word."""

    seat: int
    call: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NobodyCalledShuffle(Event):
    """Every player declined the call: each discards and is served again."""



@dataclass(frozen=True, slots=True, kw_only=True)
class ShuffleCalled(Event):
    """A player calls for a new deal, saying ``call`` and paying ``amount``."""

    seat: int
    call: str
    amount: int
    into: str


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionChosen(Event):
    """The dealer (or who plays his part) chooses an outcome the rules offer."""

    seat: int
    option: str


# -- betting ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    """A player passes in a betting round; ``call`` is what he says, if the version names it."""

    seat: int
    call: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Folded(Event):
    """A player gives up the deal."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    """A player matches the bet, putting ``put`` counters in (0: nothing was owed)."""

    seat: int
    put: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Opened(Event):
    """A player opens the betting with ``amount``, putting ``put`` counters in;
    ``call`` is what he says, if the version names it."""

    seat: int
    amount: int
    put: int
    call: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Raised(Event):
    """A player raises by ``amount``, putting ``put`` counters in."""

    seat: int
    amount: int
    put: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Forced(Event):
    """The dealer forces play instead of betting."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BettingEnded(Event):
    """A betting round is over, and how: the outcome its step then runs."""

    result: BettingResult


@dataclass(frozen=True, slots=True, kw_only=True)
class ForcePaid(Event):
    """The dealer who forced play puts his stake into the pool (``amount``, what he put in)."""

    seat: int
    amount: int


# -- showdown and settlement --------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HandShown(Event):
    """A hand shown at the showdown, with the combination it makes (if any)."""

    seat: int
    cards: tuple[int, ...]
    combination: str | None
    name: str | None
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandExposed(Event):
    """A hand the rules have a player show outside the showdown."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BestHand(Event):
    """The best hand of the showdown."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CombinationHeld(Event):
    """A player is paid for his combination: ``value`` from each payer."""

    seat: int
    cards: tuple[int, ...]
    combination: str | None
    name: str | None
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Paid(Event):
    """A player pays ``amount``: to another seat (``to``), or into the pool.

    ``combination`` names the combination paid for, if that is the reason.
    """

    seat: int
    amount: int
    to: int | None = None
    combination: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Took(Event):
    """A player takes a pile from the table; ``share`` when it is his share of the bets."""

    seat: int
    amount: int
    pile: Literal["pool", "batterie", "bets"]
    share: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BetReturned(Event):
    """A player takes his own bet back."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Added(Event):
    """A player adds counters to a pile as an outcome says."""

    seat: int
    amount: int
    into: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StakesCarried(Event):
    """The pool and the batterie stay on the table for the next deal."""

    pool: int
    batterie: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BetsJoinedPool(Event):
    """Bets left on the table when the deal ends go into the pool."""

    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DealEnded(Event):
    """The deal is over: what lies on the table, and each player's bank."""

    number: int
    pool: int
    batterie: int
    banks: tuple[int, ...]


# -- outside the turns ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Bought(Event):
    """A player buys counters."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Penalized(Event):
    """A player pays the penalty for an irregularity: ``amount`` is what he paid, the
    penalty or, where his bank holds less, all he had."""

    seat: int
    amount: int
    offence: str
    into: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PutOut(Event):
    """A penalty puts a player out of the rest of the deal."""

    seat: int


# -- the session: first dealer, leaving, its end ---------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DrewForDeal(Event):
    """A player draws a card to choose the first dealer (``first_dealer: highest_card``)."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstDealerChosen(Event):
    """The first dealer is chosen, by the version's ``first_dealer`` method."""

    seat: int
    method: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BackIn(Event):
    """Players who had dropped out of the deal take part again (a step for ``each_player``)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Left(Event):
    """A player leaves the session between deals and is dealt no more."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeUp(Event):
    """The agreed time is up: the deal in progress is finished, or given up."""

    finish_deal: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DealGivenUp(Event):
    """The time is up and the deal is not finished: bets go back, the rest stays."""

    number: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionEnded(Event):
    """The session is over: the agreed deals are played, or the agreed time is up."""

    reason: Literal["agreed_deals", "agreed_time"]
    banks: tuple[int, ...]


AnyEvent = (
    DealStarted | AntePaid | CardsDealt | StockShuffled | PackCut | StockExhausted | Redealt
    | NoRedeal
    | Exchanged | ExchangedFaceDown | Stood | ShufflePassed | NobodyCalledShuffle | ShuffleCalled
    | OptionChosen
    | Passed | Folded | Called | Opened | Raised | Forced | BettingEnded | ForcePaid
    | HandShown | HandExposed | BestHand | CombinationHeld | Paid | Took | BetReturned | Added
    | StakesCarried | BetsJoinedPool | DealEnded | Bought | Penalized | PutOut
    | DrewForDeal | FirstDealerChosen | BackIn | Left | TimeUp | DealGivenUp | SessionEnded
)
"""Every kind of event the engine records (and :class:`ExchangedFaceDown`, the
form another player's exchange takes in a seat's view)."""

#: An event as a seat's view holds it (any event: the name says where it is read).
SeenEvent = AnyEvent


# Each kind's __init__ sets its slots directly (:mod:`.slot_code`): the same
# keyword-only signature and defaults, about twice as fast as the frozen
# dataclass's, and the instances as frozen as before.
for _kind in get_args(AnyEvent):
    _kind.__init__ = slot_function(_kind, makes=False)
