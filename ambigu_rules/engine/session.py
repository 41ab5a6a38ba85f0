"""The session around the deals: who deals first, how long play lasts, who may leave.

These are the version's ``table.first_dealer`` and ``table.duration`` rules
and its ``bank.equal_banks``. The state keeps one :class:`~.state.Session`; the
functions here read and change it, and record what happens.

- **First dealer.** ``highest_card``: each player draws a card from the
  shuffled pack (or the cards a script gives); the highest rank deals, and
  players tied for it draw again. ``by_lot``: a seat drawn at random.
  ``as_agreed``: the seat the table names.
- **Duration.** With ``agreed_deals`` the table names a number of deals,
  and no deal starts after the last; such a session is played to its end, so
  time cannot be called in it. With ``agreed_time`` the table (having agreed
  no number of deals) says when the time is up (:func:`time_is_up`): the deal
  in progress is played to its end when ``finish_current_deal`` is true, and
  otherwise given up — each bet goes back to its player, the pool and
  batterie stay on the table — and no deal starts after it.
- **Leaving.** Between deals, ``only_broke_player`` lets only a player
  with no counters leave; ``loser_may_leave_under_time_limit`` lets a player
  who has lost (his bank below what he brought and bought) leave when this
  table plays for a time, not for an agreed number of deals, and a broke
  player at any time; ``not_stated`` leaves it to the table. A player who
  left is dealt no more.
"""

from __future__ import annotations

from collections.abc import Sequence

import ambigu_rules.engine.event_makers as new

from ..errors import GameSetupError
from .chance import below, shuffle
from .deal_end import after_deal, end_deal
from .events import (
    AnyEvent,
)
from .input_checks import is_whole
from .plan import Plan
from .state import Phase, State

#: A table rule's word for each way a session can end.
ENDS = ("agreed_deals", "agreed_time")


def check_banks(plan: Plan, banks: Sequence[int]) -> None:
    """``bank.equal_banks``: every player starts with the same number of counters.

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> check_banks(Plan.of(load_ruleset("1730")), [50, 40, 50])
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.GameSetupError: under '1730' every player starts with the same \
number of counters (table.bank.equal_banks), not 50, 40, 50; a session already under way is \
picked up with resumed=True
    """
    if plan.rules.bank.equal_banks and len(set(banks)) > 1:
        shown = ", ".join(str(bank) for bank in banks)
        raise GameSetupError(f"under {plan.ruleset.id!r} every player starts with the same number "
                             f"of counters (table.bank.equal_banks), not {shown}; a session "
                             "already under way is picked up with resumed=True")


def check_agreed_deals(plan: Plan, deals: object) -> int | None:
    """The number of deals the table agrees to play, if the version lets it agree one."""
    if deals is None:
        return None
    if not is_whole(deals) or deals < 1:
        raise GameSetupError(f"the agreed number of deals is a whole number from 1, not "
                             f"{deals!r}")
    if "agreed_deals" not in plan.rules.duration.by:
        raise GameSetupError(f"under {plan.ruleset.id!r} the session lasts an agreed time, not an "
                             "agreed number of deals (table.duration.by)")
    return deals


def choose_first_dealer(state: State, drawn: dict[int, int]) -> int:
    """Choose the first dealer by the version's ``first_dealer`` rule; record how.

    ``drawn`` scripts the card each seat draws under ``highest_card``; seats
    it leaves out, and seats tied for the highest card, draw from the
    shuffled rest of the pack. Under ``as_agreed`` (also where the version is
    silent) seat 0 deals (the table names another with ``dealer=``).
    """
    method = state.plan.rules.first_dealer.method
    ruleset = state.plan.ruleset
    if drawn and method != "highest_card":
        raise GameSetupError(f"under {ruleset.id!r} the first dealer is chosen "
                             f"{'by lot' if method == 'by_lot' else 'as the players agree'}, "
                             "not by drawing cards (table.first_dealer.method)")
    if method == "highest_card":
        seat = _highest_card(state, dict(drawn))
    elif method == "by_lot":
        seat = below(state.rng, state.players)
    else:
        seat = 0
    state.record(new.FirstDealerChosen(seat=seat, method=method))
    return seat


def _highest_card(state: State, drawn: dict[int, int]) -> int:
    """Players draw until one holds the highest card alone."""
    if len(set(drawn.values())) != len(drawn):
        raise GameSetupError("two players are scripted to draw the same card")
    deck = state.deck
    pack = [card for card in deck.cards() if card not in drawn.values()]
    shuffle(state.rng, pack)
    drawing = list(range(state.players))
    while True:
        cards = {seat: drawn.pop(seat) if seat in drawn else pack.pop() for seat in drawing}
        for seat in drawing:
            state.record(new.DrewForDeal(seat=seat, card=cards[seat]))
        best = max(deck.rank_of(card) for card in cards.values())
        drawing = [seat for seat in drawing if deck.rank_of(cards[seat]) == best]
        if len(drawing) == 1:
            return drawing[0]
        if len(pack) < len(drawing):  # a small pack ran out: the first of those tied deals
            return drawing[0]


def session_over_refusal(state: State) -> str | None:
    """Why no deal may start because the session is over, if it is."""
    session = state.session
    if not session.ended:
        return None
    why = ("the agreed time is up" if session.time_is_up
           else f"the {session.agreed_deals} agreed deals are played")
    return f"the session is over: {why}"


def time_up_refusal(state: State) -> str | None:
    """Why the table cannot call time now, or ``None`` if it can."""
    rule = state.plan.rules.duration
    if "agreed_time" not in rule.by:
        return (f"under {state.plan.ruleset.id!r} the session lasts an agreed number of "
                "deals, not an agreed time (table.duration.by)")
    session = state.session
    if session.ended or session.time_is_up:
        return "the session is already over"
    if session.agreed_deals is not None:
        return f"this table agreed {session.agreed_deals} deals, not a time"
    return None


def time_is_up(state: State) -> list[AnyEvent]:
    """The agreed time is up: finish or give up the deal in progress, then end the
    session (the caller has checked :func:`time_up_refusal`)."""
    session = state.session
    session.time_is_up = True
    finish = state.plan.rules.duration.finish_current_deal
    start = len(state.log)
    state.record(new.TimeUp(finish_deal=finish, step=state.step_id))
    # A stalled deal (a scripted card it cannot serve) cannot be finished either.
    if state.in_deal and (not finish or state.phase is Phase.STALLED):
        _give_up_deal(state)
    if not state.in_deal:
        after_deal(state)
    return state.log[start:]


def _give_up_deal(state: State) -> None:
    """Stop the deal in progress: every bet goes back, the pool and batterie stay."""
    deal = state.current_deal()
    table = state.table
    for seat, bet in enumerate(table.bets):
        if bet:
            table.return_bet(seat, bet)
            state.record(new.BetReturned(seat=seat, amount=bet, step=deal.step_id))
    deal.round = None
    state.record(new.DealGivenUp(number=deal.number, step=deal.step_id))
    end_deal(state)


def leave_refusal(state: State, seat: int) -> str | None:
    """Why ``seat`` may not leave the table now, or ``None`` if he may
    (the version's ``duration.leaving`` rule)."""
    if state.in_deal:
        return "a player leaves between deals, not during one"
    session = state.session
    name = state.names[seat]
    if seat in session.left:
        return f"{name} has already left"
    rule = state.plan.rules.duration
    bank = state.table.banks[seat]
    if rule.leaving == "not_stated" or bank <= 0:
        return None
    if rule.leaving == "only_broke_player":
        return (f"{name} still has {bank} counters: only a player who has lost them all may "
                "leave (table.duration.leaving)")
    agreed = session.agreed_deals
    if agreed is not None:
        return (f"this table agreed {agreed} deals and everyone plays them all: {name} may "
                "leave early only when the session is played for a time "
                "(table.duration.leaving)")
    if "agreed_time" not in rule.by:
        return (f"{name} may leave early only when the session is played for an agreed time "
                "(table.duration.leaving)")
    if bank >= session.brought[seat]:
        return (f"{name} is winning ({bank} counters, {session.brought[seat]} brought): under "
                "a time limit a winner must stay (table.duration.leaving)")
    return None


def leave_table(state: State, seat: int) -> AnyEvent:
    """``seat`` leaves the table (the caller has checked :func:`leave_refusal`)."""
    state.session.left.add(seat)
    return state.record(new.Left(seat=seat))
