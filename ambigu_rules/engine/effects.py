"""The effects an outcome lists: who pays, who takes, where the deal goes.

:func:`apply_effect` performs one effect on a game's state and tells the caller
whether the procedure moved (``goto``, ``redeal``) or the deal ends
(``end_deal``, or a redeal nobody could bet in): the game then ends it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, assert_never

import ambigu_rules.engine.event_makers as new

from ..rules.deck import HAND_SIZE
from ..rules.procedure import (
    AddEffect,
    CarryOver,
    CombinationPaid,
    Effect,
    EffectKind,
    EndDeal,
    Goto,
    PayEffect,
    Redeal,
    ReturnBet,
    ShowHand,
    TakeEffect,
)
from .dealing import redeal
from .pots import split_bets
from .state import State

Flow = Literal["next", "moved", "stop"]


def _who(state: State, name: str) -> int | None:
    deal = state.current_deal()
    if name == "winner":  # the best hand at a showdown; nobody before one
        return deal.winner
    if name == "opener":
        return deal.opener
    if name == "last_player":
        return deal.last_player
    if name == "dealer":
        return state.acting_dealer()
    if name == "last_refuser":
        return deal.last_refuser
    return None


def _each(state: State, name: str) -> list[int]:
    """The players ``name`` stands for: the tied winners of a split, or one player."""
    deal = state.current_deal()
    if name == "winner" and len(deal.winners) > 1:
        return list(deal.winners)
    seat = _who(state, name)
    return [] if seat is None else [seat]


def _allow_debt(state: State) -> bool:
    return state.plan.ruleset.payment.shortfall == "debt"


def _pay(state: State, pay: PayEffect) -> Flow:
    deal = state.current_deal()
    payee = None if pay.to == "pool" else _who(state, pay.to)
    if payee is None and pay.to != "pool":
        return "next"  # nobody to pay (no winner before a showdown)
    if pay.from_ == "each_player":
        payers = list(deal.players)
    else:
        payer = _who(state, pay.from_)
        payers = [] if payer is None else [payer]
    for payer in payers:
        if payer == payee:  # nobody pays himself
            continue
        if payee is None:
            amount = state.table.to_pile(payer, pay.amount, "pool")
            state.record(new.Paid(seat=payer, amount=amount, step=state.step_id))
        else:
            paid = state.table.pay(payer, payee, pay.amount, _allow_debt(state))
            state.record(new.Paid(seat=payer, amount=paid, to=payee, step=state.step_id))
    return "next"


def _take(state: State, take: TakeEffect, contested: bool) -> Flow:
    takers = _each(state, take.who)
    if not takers:
        return "next"
    seat = takers[0]
    table, record = state.table, state.record
    step = state.step_id
    for pile in take.what:
        if pile != "bets" and len(takers) > 1:  # a split: equal shares
            for taker, amount in zip(takers, table.share_pile(pile, takers), strict=True):
                record(new.Took(seat=taker, amount=amount, pile=pile, share=True, step=step))
        elif pile == "pool":
            amount = table.take_pool(seat)
            record(new.Took(seat=seat, amount=amount, pile="pool", step=step))
        elif pile == "batterie":
            amount = table.take_batterie(seat)
            record(new.Took(seat=seat, amount=amount, pile="batterie", step=step))
        elif contested and state.current_deal().ranking:
            for winner, shares in split_winnings(state).items():
                amount = table.take_bets(winner, shares)
                record(new.Took(seat=winner, amount=amount, pile="bets", share=True, step=step))
        else:
            amount = table.take_bets(seat, list(table.bets))
            record(new.Took(seat=seat, amount=amount, pile="bets", step=step))
    return "next"


def _combination_payment(state: State, who: str, contested: bool) -> Flow:
    winners = _each(state, who)
    for seat in winners:
        _paid_combination(state, seat, winners, contested)
    return "next"


def _paid_combination(state: State, seat: int, winners: list[int], contested: bool) -> None:
    """``seat`` is paid his combination by the players the version names (not co-winners)."""
    deal = state.current_deal()
    rules = state.plan.ruleset.payment
    if not contested and rules.uncontested == "not_paid":
        return
    hand = deal.hands[seat]
    if len(hand) != HAND_SIZE:
        return
    evaluation = state.evaluator.worth(hand)
    if evaluation.value <= 0:
        return
    if rules.payers == "each_other_player_at_table":
        # Everyone who sat down to this deal, even one put out by a penalty; a
        # player without the counters to ante is not playing and does not pay.
        payers = [s for s in deal.players if s not in winners]
    elif rules.payers == "each_other_player_still_in":
        payers = [s for s in deal.in_play() if s not in winners]
    else:
        payers = [s for s in deal.players if s not in winners and s not in deal.sitting_out]
    step, combination, value = state.step_id, evaluation.combination, evaluation.value
    record, table, debt = state.record, state.table, _allow_debt(state)
    record(new.CombinationHeld(seat=seat, cards=tuple(hand), combination=combination,
                               name=evaluation.name, value=value, step=step))
    for payer in payers:
        paid = table.pay(payer, seat, value, debt)
        record(new.Paid(seat=payer, amount=paid, to=seat, combination=combination, step=step))


Performer = Callable[[State, bool], Flow]

#: How each effect seen so far is performed, by the effect's id; the effect is
#: kept beside it, so no other object can take that id meanwhile.
_PERFORMERS: dict[int, tuple[Effect, Performer]] = {}
#: More remembered effects than this and the table starts again (effects of
#: many rule files in a long-running program).
MAX_REMEMBERED_EFFECTS = 4096


def apply_effect(state: State, effect: Effect, contested: bool) -> Flow:
    """Perform one effect; say whether the procedure goes on, moved, or stopped.

    What an effect does (``effect.kind()``) is worked out once per effect
    (a deal runs the same ones), into the function that performs it.
    """
    found = _PERFORMERS.get(id(effect))
    if found is None or found[0] is not effect:
        if len(_PERFORMERS) >= MAX_REMEMBERED_EFFECTS:
            _PERFORMERS.clear()
        found = _PERFORMERS[id(effect)] = (effect, performer(effect.kind()))
    return found[1](state, contested)


def performer(kind: EffectKind) -> Performer:
    """The function performing an effect of ``kind``, given the state and whether
    the deal was contested.

    >>> from ambigu_rules.rules.procedure import Goto
    >>> callable(performer(Goto(step="showdown")))
    True
    """
    match kind:
        case ReturnBet(who=who):
            return lambda state, contested: _return_bet(state, who)
        case PayEffect() as pay:
            return lambda state, contested: _pay(state, pay)
        case TakeEffect() as take:
            return lambda state, contested: _take(state, take, contested)
        case CombinationPaid(who=who):
            return lambda state, contested: _combination_payment(state, who, contested)
        case AddEffect() as add:
            return lambda state, contested: _add(state, add)
        case CarryOver(piles=piles):
            return lambda state, contested: _carry_over(state, piles)
        case ShowHand(who=who):
            return lambda state, contested: _show_hand(state, who)
        case Goto(step=step_id):
            return lambda state, contested: _goto(state, step_id)
        case Redeal():
            return lambda state, contested: _redeal(state)
        case EndDeal():
            return lambda state, contested: "stop"
        case other:
            assert_never(other)


def _carry_over(state: State, piles: tuple[str, ...]) -> Flow:
    table = state.table
    if "bets" in piles:
        table.bets_into_pool()
    state.record(new.StakesCarried(pool=table.pool, batterie=table.batterie, step=state.step_id))
    return "next"


def _show_hand(state: State, who: str) -> Flow:
    deal = state.current_deal()
    for seat in _each(state, who):
        state.record(new.HandExposed(seat=seat, cards=tuple(deal.hands[seat]),
                                     step=state.step_id))
    return "next"


def _goto(state: State, step_id: str) -> Flow:
    state.current_deal().step_index = state.plan.index_of[step_id]
    return "moved"


def _return_bet(state: State, who: str) -> Flow:
    deal = state.current_deal()
    seat = _who(state, who)
    if seat is not None and deal.last_round is not None:
        amount = deal.last_round.stakes.get(seat, 0)
        state.table.return_bet(seat, amount)
        state.record(new.BetReturned(seat=seat, amount=amount, step=state.step_id))
    return "next"


def _add(state: State, add: AddEffect) -> Flow:
    deal = state.current_deal()
    payers = deal.players if add.who == "each_player" else [state.acting_dealer()]
    for seat in payers:
        amount = state.table.to_pile(seat, add.amount, add.into)
        state.record(new.Added(seat=seat, amount=amount, into=add.into, step=state.step_id))
    return "next"


def _redeal(state: State) -> Flow:
    deal = state.current_deal()
    if sum(1 for seat in deal.players if state.table.banks[seat] > 0) < 2:
        # Nobody could ever bet again: dealing anew would repeat forever.
        state.record(new.NoRedeal(step=state.step_id))
        return "stop"
    redeal(state)
    return "moved"


def split_winnings(state: State) -> dict[int, list[int]]:
    """Share the bets among the contenders at a showdown (side pots)."""
    deal = state.current_deal()
    rule = state.plan.rules.all_in
    return split_bets(state.table.bets, set(deal.in_play()), deal.standing,
                      capped=rule.wins_up_to_own_stake,
                      rest_to_next_best=rule.remainder_to == "next_best_hand")
