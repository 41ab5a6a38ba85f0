"""The procedure's steps, run in turn until a decision is needed or the deal ends.

Each step is a function of the state (its plan, its ledger, its cards): an
ante is paid, cards are dealt, a round of decisions is opened, the hands are
shown. :func:`advance` runs them from where the deal stands and stops at the
first decision, at the deal's end, or where a scripted card cannot be served
(phase ``STALLED``, with the reason in ``state.stall``). While a deal is in
progress and not stalled, its phase is ``DECISION``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby
from operator import itemgetter
from typing import TypeVar, cast

import ambigu_rules.engine.event_makers as new

from ..errors import ProcedureLoopError
from ..limits import MAX_STEPS_PER_DEAL
from ..rules.deck import HAND_SIZE
from ..rules.procedure import (
    AnteStep,
    BettingStep,
    Choice,
    DealStep,
    Effect,
    ExchangeStep,
    ShowdownStep,
    ShuffleCallStep,
    Step,
)
from .betting import BettingRound
from .deal import PendingChoice
from .deal_end import end_deal
from .dealing import deal_step, shuffle_stock, taking_part
from .effects import apply_effect
from .exchange import ExchangeRound, ShuffleCallRound
from .state import DECISION, Phase, State


def advance(state: State) -> None:
    """Run automatic steps until a decision is needed, the deal ends, or it stalls."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    steps = state.plan.steps
    count = len(steps)
    while deal.round is None and state.phase is DECISION:
        index = deal.step_index
        if index >= count:
            end_deal(state)
            return
        step = steps[index]
        deal.step_id = step.id
        run_so_far = deal.steps_run = deal.steps_run + 1
        if run_so_far > MAX_STEPS_PER_DEAL:
            stop_endless_deal(state, f"{MAX_STEPS_PER_DEAL:,} steps without ending (at step "
                              f"{step.id!r}): the procedure of {state.plan.ruleset.id!r} goes "
                              "round without end")
        run = _RUN.get(type(step))
        (_runner(step) if run is None else run)(state, step)


# The runners of the steps, by class (``_RUN``): each is given a step of its own
# class only (an isinstance() of a rule class costs half a microsecond, against a
# dict read for the whole dispatch), so the table holds it as a runner of any step.

StepT = TypeVar("StepT", bound=Step)


def _runs(run: Callable[[State, StepT], None]) -> Callable[[State, Step], None]:
    """``run`` as the table holds it: given only steps of the class it is filed under."""
    return cast(Callable[[State, Step], None], run)


def _run_deal(state: State, step: DealStep) -> None:
    deal = state.deal
    assert deal is not None, "no deal in progress"
    refused = deal_step(state, step)
    if refused is None:
        deal.step_index += 1
    else:
        deal.steps_run -= 1  # the step is tried again if the deal goes on
        state.stall = refused
        state.phase = Phase.STALLED


def _run_shuffle_calls(state: State, step: ShuffleCallStep) -> None:
    deal = state.deal
    assert deal is not None, "no deal in progress"
    deal.round = ShuffleCallRound(deal.in_play(), step.exchange, deal.cards.hands,
                                  deal.cards.available, step=step)


def _runner(step: Step) -> Callable[[State, Step], None]:
    """What runs a step of this class (one of a step class's subclasses too)."""
    for kind in type(step).__mro__:
        if kind in _RUN:
            return _RUN[kind]
    raise AssertionError(f"no step runs as {type(step).__name__}")  # pragma: no cover


def stop_endless_deal(state: State, why: str) -> None:
    """End a deal that has run past a limit of :mod:`..limits`, and say so."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    deal.round = None
    end_deal(state)
    raise ProcedureLoopError(f"deal {deal.number} was stopped after {why}; the bets were "
                             "left in the pool")


def ante(state: State, step: AnteStep) -> None:
    """Each player (or the dealer) puts the step's stake in, as far as his bank goes;
    the procedure moves on."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    terms = state.plan.antes[step.id]
    step_id, into, label, amount = terms.step_id, terms.into, terms.label, terms.amount
    if terms.grows_by:
        amount += terms.grows_by * state.session.unwon_deals
    payers = deal.in_play() if terms.each_player else [state.dealer]
    to_pile, record = state.table.to_pile, state.record
    for seat in payers:
        paid = to_pile(seat, amount, into)  # as far as his bank goes
        record(new.AntePaid(seat=seat, amount=paid, into=into, label=label, step=step_id))
    deal.step_index += 1


def open_exchange(state: State, step: ExchangeStep) -> None:
    """Open an exchange: each player taking part discards in turn."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    if step.shuffle_stock_first:
        shuffle_stock(state)
    order = taking_part(state, step.who)
    deal.round = ExchangeRound(order, step.discard, deal.cards.hands, deal.cards.available,
                               step=step)


def open_betting(state: State, step: BettingStep) -> None:
    """Open a betting round among the players taking part (or settle it at once)."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    plan = state.plan
    open_min = step.open_min
    if step.open_min_from_previous and deal.last_round is not None:
        open_min = max(open_min, deal.last_round.current_bet)
    order = taking_part(state, step.who)
    if len(order) < 2:
        deal.last_player = order[0] if order else None
        run_outcome(state, step.on_uncalled_open, contested=False)
        return
    allowed = plan.rules.all_in.allowed
    table = state.table
    # Who went all in at an earlier step: no counters left, a stake on the table.
    banks, bets = table.banks, table.bets
    already = frozenset([seat for seat in order if banks[seat] <= 0 and bets[seat] > 0]
                        if allowed else ())
    round_ = BettingRound(step, order, state.acting_dealer(), table.banks, plan.limit,
                          open_min, allowed, already,
                          on_table=table.on_table if plan.rules.betting_limit.kind == "pool"
                          else None, fixed=plan.fixed_stake)
    deal.round = round_
    if round_.result is not None:  # nobody can bet: the round is decided at once
        # (advance's loop, which runs this step, goes on to the next: no recursion, so
        # an outcome that comes back here while nobody can bet meets MAX_STEPS_PER_DEAL)
        decide_betting(state, round_)


def finish_betting(state: State, round_: BettingRound) -> None:
    """A betting round is decided by a player's move: run the outcome its result leads
    to, then the steps after it until the next decision."""
    decide_betting(state, round_)
    advance(state)


def decide_betting(state: State, round_: BettingRound) -> None:
    """A betting round is decided: run the outcome its result leads to."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    step = round_.step
    deal.round = None
    deal.last_round = round_
    deal.last_refuser = round_.last_refuser
    deal.out.update(round_.folded)
    active = round_.active
    deal.last_player = active[0] if len(active) == 1 else None
    result = round_.result
    # Where passing leaves the deal and all but one passed before anyone opened, the
    # one left wins as if his opening had not been called: the outcome names him opener.
    opener = round_.opener
    if (opener is None and result == "uncalled_open"
            and not round_.terms.passers_before_open_may_call):
        opener = deal.last_player
    deal.opener = opener
    state.record(new.BettingEnded(result=result or "called", step=step.id))
    if result == "forced" and step.dealer_force is not None:
        forcer = round_.dealer
        paid = state.table.to_pile(forcer, step.dealer_force.amount, "pool")
        state.record(new.ForcePaid(seat=forcer, amount=paid, step=step.id))
        run_outcome(state, step.dealer_force.then, contested=False)
    elif result == "all_pass":
        run_outcome(state, step.on_all_pass, contested=False)
    elif result == "uncalled_open":
        run_outcome(state, step.on_uncalled_open, contested=False)
    elif result == "uncalled_raise":
        run_outcome(state, step.on_uncalled_raise or [], contested=False)
    else:
        run_outcome(state, step.on_called, contested=True)


def run_outcome(state: State, outcome: list[Effect] | Choice, contested: bool) -> None:
    """Run an outcome's effects, or offer the dealer its choice."""
    if isinstance(outcome, list):  # (a list is told apart faster than a Choice)
        run_effects(state, outcome, contested)
        return
    seat = state.acting_dealer()
    state.current_deal().round = PendingChoice(seat, outcome, state.table.banks[seat])


def run_effects(state: State, effects: Sequence[Effect], contested: bool) -> None:
    """Perform effects in turn; then the procedure goes on, moves, or the deal ends."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    moved = False
    for effect in effects:
        flow = apply_effect(state, effect, contested)
        if flow == "stop":
            end_deal(state)
            return
        moved = moved or flow == "moved"
    if not moved:
        deal.step_index += 1


def showdown(state: State, step: ShowdownStep) -> None:
    """The players still in show their hands; the best wins (ties as the ranking says)."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    evaluator, dealer, players = state.evaluator, state.dealer, state.players
    keyed = []
    for seat in deal.in_play():
        hand = deal.hands[seat]
        worth = evaluator.worth(hand) if len(hand) == HAND_SIZE else None
        # An exact tie goes to the player nearest the dealer's right
        # (``ranking.final_tie``), whichever way the turn goes.
        keyed.append((-1 if worth is None else worth.key,
                      -((seat - dealer - 1) % players), seat))
        state.record(new.HandShown(
            seat=seat, cards=tuple(hand), step=step.id,
            combination=worth.combination if worth else None,
            name=worth.name if worth else None,
            value=worth.value if worth else 0))
    keyed.sort(reverse=True)
    deal.ranking = [seat for _, _, seat in keyed]
    if state.plan.ruleset.ranking.final_tie == "split":
        deal.standing = [[seat for _, _, seat in group]
                         for _, group in groupby(keyed, key=itemgetter(0))]
    else:
        deal.standing = [[seat] for seat in deal.ranking]
    deal.winners = deal.standing[0]
    deal.winner = deal.ranking[0]
    for seat in deal.winners:
        state.record(new.BestHand(seat=seat, step=step.id))
    run_effects(state, step.then, contested=True)


_RUN: dict[type, Callable[[State, Step], None]] = {
    AnteStep: _runs(ante), DealStep: _runs(_run_deal), ExchangeStep: _runs(open_exchange),
    ShuffleCallStep: _runs(_run_shuffle_calls), BettingStep: _runs(open_betting),
    ShowdownStep: _runs(showdown),
}
