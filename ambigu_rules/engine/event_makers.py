"""The events the engine records, made about twice as fast as by calling their classes.

``new.AntePaid(seat=0, amount=1, into="pool", step="blind")`` (this module
imported as ``new``) is the very event ``AntePaid(seat=0, amount=1,
into="pool", step="blind")`` is: the same class, keywords and defaults, as
frozen. A class called with keywords packs them into a dict on the way to its
``__init__``; a maker is a plain function that sets the slots itself
(:mod:`.slot_code`). The engine records some forty events a deal and makes
each one here; code outside the engine calls the classes.

>>> from ambigu_rules.engine import events
>>> from ambigu_rules.engine import event_makers as new
>>> new.Called(seat=1, put=2) == events.Called(seat=1, put=2)
True
>>> type(new.Called(seat=1, put=2)) is events.Called
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

import ambigu_rules.engine.events as events

from .slot_code import slot_function

P = ParamSpec("P")
E = TypeVar("E", bound=events.Event)


def maker(kind: Callable[P, E]) -> Callable[P, E]:
    """A function making events of ``kind`` (an event class) with its keywords."""
    assert isinstance(kind, type) and issubclass(kind, events.Event)
    return slot_function(kind, makes=True)


def shared(kind: Callable[P, E]) -> Callable[P, E]:
    """:func:`maker`, giving one event for every call with the same fields: for the
    kinds whose fields are single numbers and words, met again and again (the same
    player is dealt two cards at the same step in deal after deal). An event is
    frozen, so a shared one is the very event a new one would be; the engine gives
    each field the type it holds (``int`` for a number, never ``True``)."""
    assert isinstance(kind, type) and issubclass(kind, events.Event)
    _SHARED.add(kind)
    return slot_function(kind, makes=True, shares=True)


def is_shared(kind: type[events.Event]) -> bool:
    """Whether the engine makes the events of ``kind`` with :func:`shared`.

    >>> from ambigu_rules.engine import events
    >>> is_shared(events.CardsDealt), is_shared(events.Exchanged)
    (True, False)
    """
    return kind in _SHARED


_SHARED: set[type[events.Event]] = set()


DealStarted = maker(events.DealStarted)
AntePaid = shared(events.AntePaid)
CardsDealt = shared(events.CardsDealt)
StockShuffled = shared(events.StockShuffled)
PackCut = shared(events.PackCut)
StockExhausted = shared(events.StockExhausted)
Redealt = shared(events.Redealt)
NoRedeal = shared(events.NoRedeal)
Exchanged = maker(events.Exchanged)
ExchangedFaceDown = shared(events.ExchangedFaceDown)
Stood = shared(events.Stood)
ShufflePassed = shared(events.ShufflePassed)
NobodyCalledShuffle = shared(events.NobodyCalledShuffle)
ShuffleCalled = shared(events.ShuffleCalled)
OptionChosen = maker(events.OptionChosen)
Passed = shared(events.Passed)
Folded = shared(events.Folded)
Called = shared(events.Called)
Opened = shared(events.Opened)
Raised = shared(events.Raised)
Forced = shared(events.Forced)
BettingEnded = shared(events.BettingEnded)
ForcePaid = shared(events.ForcePaid)
HandShown = maker(events.HandShown)
HandExposed = maker(events.HandExposed)
BestHand = shared(events.BestHand)
CombinationHeld = maker(events.CombinationHeld)
Paid = shared(events.Paid)
Took = shared(events.Took)
BetReturned = shared(events.BetReturned)
Added = shared(events.Added)
StakesCarried = shared(events.StakesCarried)
BetsJoinedPool = shared(events.BetsJoinedPool)
DealEnded = maker(events.DealEnded)
Bought = maker(events.Bought)
Penalized = maker(events.Penalized)
PutOut = maker(events.PutOut)
DrewForDeal = maker(events.DrewForDeal)
FirstDealerChosen = maker(events.FirstDealerChosen)
BackIn = maker(events.BackIn)
Left = maker(events.Left)
TimeUp = maker(events.TimeUp)
DealGivenUp = maker(events.DealGivenUp)
SessionEnded = maker(events.SessionEnded)
