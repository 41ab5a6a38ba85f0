"""Decisions: the player to act bets, discards, calls for the shuffle or chooses.

:func:`decision_refusal` says why an action may not be played now (the
rules of the round, and whether the cards it draws can be served), without
changing anything; :func:`play_decision` plays an action that may be, moves
the counters and cards, records the event and runs the procedure on to the
next decision.
"""

from __future__ import annotations

import ambigu_rules.engine.event_makers as new

from ..rules.procedure import ShuffleCallStep
from .actions import Action
from .betting import BettingRound
from .deal import PendingChoice, Round
from .dealing import record_refills, shuffle_stock
from .events import (
    AnyEvent,
)
from .exchange import ExchangeRound, ShuffleCallRound
from .state import DECISION, STALLED, State
from .steps import advance, finish_betting, run_effects


def round_to_act(state: State) -> Round | None:
    """The round waiting for a decision, if a player is to act."""
    deal = state.deal
    if state.phase is not DECISION or deal is None:
        return None
    round_ = deal.round
    return None if round_ is None or round_.to_act is None else round_


def decision_refusal(state: State, action: Action) -> str | None:
    """Why ``action`` (well formed) may not be played now, or ``None`` if it may."""
    round_ = round_to_act(state)
    if round_ is None:
        return no_decision_now(state)
    problem = round_.refusal(action)
    if problem is not None:
        return problem
    return card_refusal(state, round_, action)


def no_decision_now(state: State) -> str:
    """Why nobody may act now."""
    if state.phase is STALLED:
        return f"the deal cannot go on: {state.stall}"
    return "nobody is to act: start a deal first"


def card_refusal(state: State, round_: Round, action: Action) -> str | None:
    """Why the cards an allowed discard draws cannot be served (a script), or ``None``."""
    if action.kind != "discard":
        return None
    cards = state.current_deal().cards
    if not cards.scripted:
        return None
    seat = round_.to_act
    assert seat is not None
    discarded = tuple(sorted(action.cards))
    return cards.refusal([(seat, len(discarded))], discarding=(seat, discarded))


def play_decision(state: State, round_: Round, seat: int, action: Action) -> AnyEvent:
    """Play ``action`` (allowed now) for ``seat`` in the round in progress."""
    if isinstance(round_, BettingRound):
        put = round_.play(action)
        if put:
            state.table.bet(seat, put)
        # The event of the betting action, ``put`` counters put in.
        kind, amount, _, _ = action
        terms = round_.terms
        step = terms.step_id
        event: AnyEvent
        if kind == "open" or kind == "raise":
            assert amount is not None  # check_action made sure
            event = (new.Raised(seat=seat, amount=amount, put=put, step=step) if kind == "raise"
                     else new.Opened(seat=seat, amount=amount, put=put, call=terms.open_call,
                                     step=step))
        elif kind == "call":
            event = new.Called(seat=seat, put=put, step=step)
        elif kind == "force":
            event = new.Forced(seat=seat, step=step)
        elif kind == "fold":
            event = new.Folded(seat=seat, step=step)
        else:
            event = new.Passed(seat=seat, call=terms.pass_call, step=step)
        state.record(event)
        if round_.result is not None:
            finish_betting(state, round_)
        return event
    if isinstance(round_, PendingChoice):
        return _choose(state, round_, action)
    return _exchange(state, round_, seat, action)


def _choose(state: State, pending: PendingChoice, action: Action) -> AnyEvent:
    assert action.option is not None  # the round allowed it
    pending.chosen = action.option
    state.current_deal().round = None
    event = state.record(new.OptionChosen(seat=pending.seat, option=action.option,
                                          step=state.step_id))
    run_effects(state, pending.choice.options[action.option], contested=False)
    advance(state)
    return event


def _exchange(state: State, round_: ExchangeRound | ShuffleCallRound, seat: int,
              action: Action) -> AnyEvent:
    deal = state.deal
    assert deal is not None, "no deal in progress"
    discarded = round_.play(action)
    if discarded is None:  # a speaking call in the shuffle rounds
        assert isinstance(round_, ShuffleCallRound)
        return _shuffle_call(state, round_, seat, action, round_.step)
    event: AnyEvent
    exchange = round_.step if isinstance(round_, ExchangeRound) else None
    if discarded:
        refills = deal.cards.exchange(seat, discarded)
        if refills:
            record_refills(state, refills)
        event = state.record_exchange(new.Exchanged(
            seat=seat, cards=discarded, call=None if exchange is None else exchange.draw_call,
            step=deal.step_id))
    else:
        event = state.record(new.Stood(
            seat=seat, call=None if exchange is None else exchange.stand_call,
            step=deal.step_id))
        stake = None if exchange is None else exchange.stand_pays
        if exchange is not None and stake is not None:
            paid = state.table.to_pile(seat, state.plan.amount(exchange.id, stake), "pool")
            state.record(new.AntePaid(seat=seat, amount=paid, into="pool", step=exchange.id))
    if isinstance(round_, ExchangeRound) and round_.done:
        deal.round = None
        deal.step_index += 1
        advance(state)
    return event


def _shuffle_call(state: State, round_: ShuffleCallRound, seat: int, action: Action,
                  step: ShuffleCallStep) -> AnyEvent:
    deal = state.deal
    assert deal is not None, "no deal in progress"
    if action.kind == "pass":
        passed = state.record(new.ShufflePassed(seat=seat, call=step.pass_call, step=step.id))
        if round_.exchanging is not None:
            state.record(new.NobodyCalledShuffle(step=step.id))
            if step.reshuffle_between_rounds:
                shuffle_stock(state)
        return passed
    paid = state.table.to_pile(seat, state.plan.amount(step.id, step.stake), step.into)
    event = state.record(new.ShuffleCalled(seat=seat, call=step.shuffle_call, amount=paid,
                                           into=step.into, step=step.id))
    deal.round = None
    deal.step_index += 1
    advance(state)
    return event


def drop_from_round(state: State, seat: int) -> None:
    """Take a player out of the round in progress, ending it if it is decided."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    round_ = deal.round
    if round_ is None:
        return
    if isinstance(round_, PendingChoice):
        if round_.seat == seat:  # the dealer's choice passes with his part
            round_.seat = state.acting_dealer()
            round_.bank = state.table.banks[round_.seat]
        return
    if isinstance(round_, BettingRound):
        round_.dealer = state.acting_dealer()
        round_.drop(seat)
        if round_.result is not None:
            finish_betting(state, round_)
    else:
        round_.drop(seat)
        if isinstance(round_, ExchangeRound) and round_.done:
            deal.round = None
            deal.step_index += 1
            advance(state)
