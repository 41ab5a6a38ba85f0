"""Dealing: the deal steps, who takes part in a step, the redeal.

Every card that moves goes through the deal's
:class:`~.cards.CardSource`; a deal step asks it first whether all its cards
can be served, and when a scripted one cannot, the deal stalls there with
nothing of the step dealt (:func:`deal_step` returns the reason).
"""

from __future__ import annotations

import ambigu_rules.engine.event_makers as new

from ..rules.procedure import DealStep
from .cards import CardSource, Refill
from .state import State


def record_refills(state: State, refills: list[Refill]) -> None:
    """Record each refill a draw took: the discards gathered, and the cut if any."""
    for refill in refills:
        state.record(new.StockExhausted(count=refill.count, shuffled=refill.shuffled,
                                        step=state.step_id))
        if refill.cut:
            state.record(new.PackCut(seat=state.cutter(), step=state.step_id))


def shuffle_stock(state: State) -> None:
    """The stock is shuffled before a step (an event only).

    With a seeded random deal the stock is already in random order (the
    discards gathered back into it are shuffled when they are), so a new
    shuffle would not change the odds; a scripted stock keeps its order.
    """
    state.record(new.StockShuffled(step=state.step_id))


def taking_part(state: State, who: str) -> list[int]:
    """The players a step is for, in speaking order.

    ``players_in``: those still in the deal. ``each_player``: every player
    dealt in, so one who dropped out by passing or folding takes part again
    (one put out by a penalty stays out).
    """
    deal = state.deal
    assert deal is not None, "no deal in progress"
    out = deal.out
    if who == "each_player" and out:
        put_out = deal.put_out
        back = tuple(seat for seat in deal.players if seat in out and seat not in put_out)
        if back:
            out.difference_update(back)
            state.record(new.BackIn(seats=back, step=deal.step_id))
    return deal.in_play()


def draws_of(step: DealStep, receivers: list[int]) -> list[tuple[int, int]]:
    """The draws (seat, count) of a deal step, in the order they are made."""
    per_turn = 1 if step.one_at_a_time else step.cards
    return [(seat, per_turn) for _ in range(step.cards // per_turn) for seat in receivers]


def receivers_of(state: State, who: str) -> list[int]:
    """Who :func:`taking_part` will give a step to, without changing anything."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    if who == "each_player":
        return [seat for seat in deal.players
                if seat not in deal.out or seat not in deal.put_out]
    return deal.in_play()


def deal_step(state: State, step: DealStep) -> str | None:
    """Deal the cards of ``step``; or, if a scripted card cannot be served, change
    nothing and say why."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    cards = deal.cards
    scripted = cards.scripted
    if scripted:  # only a script can make a draw fail
        refused = cards.refusal(draws_of(step, receivers_of(state, step.to)))
        if refused is not None:
            return refused
    step_id = step.id
    if step.shuffle_stock and any(deal.hands.values()):
        shuffle_stock(state)
    if step.cut:
        state.record(new.PackCut(seat=state.cutter(), step=step_id))
    # The same players receivers_of() named: taking_part() only brings back those
    # who take part again.
    receivers = taking_part(state, step.to)
    count = step.cards
    if not cards.serve_rounds(receivers, count, step.one_at_a_time):
        for seat, drawn in draws_of(step, receivers):
            refills = cards.draw(seat, drawn)
            if refills:
                record_refills(state, refills)
    record = state.record
    for seat in receivers:
        record(new.CardsDealt(seat=seat, count=count, step=step_id))
    return None


def redeal(state: State) -> None:
    """Gather the cards and deal again from the first deal step (same dealer)."""
    deal = state.deal
    assert deal is not None, "no deal in progress"
    deal.out = set(deal.sitting_out)
    deal.put_out = set(deal.sitting_out)
    deal.last_round = None
    deal.cards = deal.cards.renewed(deal.players)
    deal.step_index = state.plan.first_deal
    state.record(new.Redealt(step=deal.step_id))


def opening_refusal(cards: CardSource, players: list[int], state: State) -> str | None:
    """Why the deal steps a deal opens with cannot be served from ``cards``, if so."""
    if not cards.scripted:  # only a script can make a draw fail
        return None
    draws = [draw for step in state.plan.opening_deals for draw in draws_of(step, players)]
    return cards.refusal(draws)
