"""Operations outside the turn to act: starting a deal, buying counters, a penalty.

Each has a refusal, which says why it may not be made now (``None`` if it
may) without changing anything, and a function that makes it (its refusal
checked by the caller) and returns its events. Leaving the table and calling
time are in :mod:`.session`; the decisions of a deal in :mod:`.decisions`.
"""

from __future__ import annotations

import ambigu_rules.engine.event_makers as new

from ..errors import ScriptedCardError
from ..limits import MAX_COUNTERS
from .cards import CardSource
from .deal import Deal
from .dealing import opening_refusal
from .decisions import drop_from_round
from .events import AnyEvent
from .input_checks import Script, is_whole
from .session import session_over_refusal
from .state import Phase, State
from .steps import advance


def start_refusal(state: State, able: set[int] | None = None) -> str | None:
    """Why no deal may start now, or ``None`` if one may (``able``: the seats
    able to play, :meth:`~.state.State.able_to_play`, if the caller has them)."""
    if state.in_deal:
        return "the current deal is not over"
    over = session_over_refusal(state)
    if over is not None:
        return over
    if len(state.able_to_play() if able is None else able) < state.plan.ruleset.players.min:
        return "not enough players can pay the antes to deal again (buy back counters)"
    return None


def start_next_deal(state: State, able: set[int], script: Script | None,
                    order: list[int] | None, redeals: list[Script],
                    refill: list[int] | None) -> None:
    """Deal the next deal to the seats ``able`` to play (its refusal checked) and
    run it to its first decision.

    The cards the deal opens with are asked of the card source before
    anything moves: a script that cannot serve them is refused with
    :class:`ScriptedCardError`, the game as it was.
    """
    dealer = state.dealer
    # A player who cannot pay the antes sits the deal out, and does not deal.
    while dealer not in able:
        dealer = (dealer + 1) % state.players
    saved_dealer, state.dealer = state.dealer, dealer
    players = [seat for seat in state.speaking_order() if seat in able]
    plan = state.plan
    rng_state = state.rng.getstate() if script or order is not None else None
    rule = plan.rules.stock_exhaustion
    if order is not None:
        cards = CardSource.in_order(state.deck, state.rng, players, state.names, rule, order,
                                    script, refill_order=refill,
                                    keep_apart=state.keep_discards_apart)
    else:
        cards = CardSource.shuffled(state.deck, state.rng, players, state.names, rule, script,
                                    refill_order=refill, keep_apart=state.keep_discards_apart)
    cards.redeals = redeals
    refused = opening_refusal(cards, players, state)
    if refused is not None:
        state.dealer = saved_dealer
        if rng_state is not None:
            state.rng.setstate(rng_state)
        raise ScriptedCardError(refused)
    state.deal_count += 1
    state.deal = Deal(state.deal_count, players, cards)
    state.phase = Phase.DECISION
    state.deal.log_start = len(state.log)
    state.record(new.DealStarted(number=state.deal_count, dealer=dealer, players=tuple(players)))
    advance(state)


def buy_back_refusal(state: State, seat: int, amount: object) -> str | None:
    """Why ``seat`` may not buy ``amount`` counters now, or ``None`` if he may.

    Buying never brings a bank above ``limits.MAX_COUNTERS`` (counters won
    from the other players may take a bank past it: they are the table's own).
    """
    plan = state.plan
    if not plan.buy_back_allowed:
        if "buy_back" in plan.silent:
            return ("this version leaves buying back to the table's agreement, "
                    "and this table has not agreed to it")
        return "this version has no buying back"
    if not is_whole(amount) or not 1 <= amount <= MAX_COUNTERS:
        return f"buy a whole number of counters from 1 to {MAX_COUNTERS:,}, not {amount!r}"
    name = state.names[seat]
    if seat in state.session.left:
        return f"{name} has left the table"
    deadline = plan.rules.buy_back.deadline
    if state.in_deal:
        deal = state.current_deal()
        if deadline != "before_third_card" or len(deal.hands.get(seat, [])) > 2:
            when = ("before his third card is dealt" if deadline == "before_third_card"
                    else "between deals")
            return f"{name} may buy counters only {when}"
    bank = state.table.banks[seat]
    if bank + amount > MAX_COUNTERS:
        most = f"at most {MAX_COUNTERS - bank:,} more" if bank < MAX_COUNTERS else "no more"
        return (f"buying {amount:,} would bring {name}'s bank to {bank + amount:,}, above "
                f"{MAX_COUNTERS:,}, the most counters buying may bring a bank to: {name} "
                f"may buy {most}")
    return None


def buy_counters(state: State, seat: int, amount: int) -> AnyEvent:
    """``seat`` buys ``amount`` counters (the refusal checked)."""
    state.table.buy(seat, amount)
    state.session.brought[seat] += amount
    return state.record(new.Bought(seat=seat, amount=amount, step=state.step_id))


def penalty_refusal(state: State, offence: object) -> str | None:
    """Why the version's penalty for ``offence`` cannot be applied now, or ``None``."""
    penalties = state.plan.ruleset.table.penalties
    if not any(penalty.offence == offence for penalty in penalties):
        known = ", ".join(p.offence for p in penalties) or "none"
        return f"this version names no penalty for {offence!r} (penalties: {known})"
    if not state.in_deal:
        return "penalties apply during a deal"
    return None


def apply_penalty(state: State, seat: int, offence: str) -> AnyEvent:
    """Apply the version's penalty for ``offence`` by ``seat`` (the refusal checked)."""
    penalty = next(p for p in state.plan.ruleset.table.penalties if p.offence == offence)
    deal = state.current_deal()
    payer = state.dealer if penalty.payer == "dealer" else seat
    paid = state.table.to_pile(payer, penalty.amount, penalty.into)
    event = state.record(new.Penalized(seat=payer, amount=paid, offence=penalty.offence,
                                       into=penalty.into, step=deal.step_id))
    if penalty.consequence != "none" and payer in deal.players:
        deal.out.add(payer)
        deal.put_out.add(payer)
        if penalty.consequence == "sit_out_deal":
            deal.sitting_out.add(payer)
        drop_from_round(state, payer)
        state.record(new.PutOut(seat=payer, step=deal.step_id))
    return event
