"""The effects an outcome lists: who pays, who takes, where the deal goes.

:func:`apply_effect` performs one effect on a game's state and tells the caller
whether the procedure moved (``goto``, ``redeal``) or the deal ends
(``end_deal``, or a redeal nobody could bet in): the game then ends it.
"""

from __future__ import annotations

from typing import Literal, assert_never

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
from .events import (
    Added,
    BetReturned,
    CombinationHeld,
    HandExposed,
    NoRedeal,
    Paid,
    StakesCarried,
    Took,
)
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


def _pay(state: State, pay: PayEffect) -> None:
    deal = state.current_deal()
    payee = None if pay.to == "pool" else _who(state, pay.to)
    if payee is None and pay.to != "pool":
        return  # nobody to pay (no winner before a showdown)
    if pay.from_ == "each_player":
        payers = list(deal.players)
    else:
        payer = _who(state, pay.from_)
        payers = [] if payer is None else [payer]
    for payer in payers:
        if payer == payee:  # nobody pays himself
            continue
        if payee is None:
            amount = min(pay.amount, max(state.table.banks[payer], 0))
            state.table.to_pile(payer, amount, "pool")
            state.record(Paid(seat=payer, amount=amount, step=state.step_id))
        else:
            paid = state.table.pay(payer, payee, pay.amount, _allow_debt(state))
            state.record(Paid(seat=payer, amount=paid, to=payee, step=state.step_id))


def _take(state: State, take: TakeEffect, contested: bool) -> None:
    takers = _each(state, take.who)
    if not takers:
        return
    seat = takers[0]
    table = state.table
    step = state.step_id
    for pile in take.what:
        if pile != "bets" and len(takers) > 1:  # a split: equal shares
            for taker, amount in zip(takers, table.share_pile(pile, takers), strict=True):
                state.record(Took(seat=taker, amount=amount, pile=pile, share=True, step=step))
        elif pile == "pool":
            amount = table.take_pool(seat)
            state.record(Took(seat=seat, amount=amount, pile="pool", step=step))
        elif pile == "batterie":
            amount = table.take_batterie(seat)
            state.record(Took(seat=seat, amount=amount, pile="batterie", step=step))
        elif contested and state.current_deal().ranking:
            for winner, shares in split_winnings(state).items():
                amount = table.take_bets(winner, shares)
                state.record(Took(seat=winner, amount=amount, pile="bets", share=True, step=step))
        else:
            amount = table.take_bets(seat, list(table.bets))
            state.record(Took(seat=seat, amount=amount, pile="bets", step=step))


def _combination_payment(state: State, who: str, contested: bool) -> None:
    winners = _each(state, who)
    for seat in winners:
        _paid_combination(state, seat, winners, contested)


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
    step = state.step_id
    state.record(CombinationHeld(seat=seat, cards=tuple(hand), combination=evaluation.combination,
                                name=evaluation.name, value=evaluation.value, step=step))
    for payer in payers:
        paid = state.table.pay(payer, seat, evaluation.value, _allow_debt(state))
        state.record(Paid(seat=payer, amount=paid, to=seat, combination=evaluation.combination,
                         step=step))


#: What each effect seen so far does (its ``kind()``), by the effect's id; the
#: effect is kept beside it, so no other object can take that id meanwhile.
_KINDS: dict[int, tuple[Effect, EffectKind]] = {}
#: More remembered kinds than this and the table starts again (effects of
#: many rule files in a long-running program).
MAX_REMEMBERED_KINDS = 4096


def effect_kind(effect: Effect) -> EffectKind:
    """``effect.kind()``, worked out once per effect (a deal runs the same ones).

    >>> effect_kind(Effect(goto="showdown"))
    Goto(step='showdown')
    """
    found = _KINDS.get(id(effect))
    if found is None:
        if len(_KINDS) >= MAX_REMEMBERED_KINDS:
            _KINDS.clear()
        found = _KINDS[id(effect)] = (effect, effect.kind())
    return found[1]


def apply_effect(state: State, effect: Effect, contested: bool) -> Flow:
    """Perform one effect; say whether the procedure goes on, moved, or stopped."""
    deal = state.current_deal()
    match effect_kind(effect):
        case ReturnBet(who=who):
            _return_bet(state, who)
        case PayEffect() as pay:
            _pay(state, pay)
        case TakeEffect() as take:
            _take(state, take, contested)
        case CombinationPaid(who=who):
            _combination_payment(state, who, contested)
        case AddEffect() as add:
            _add(state, add)
        case CarryOver(piles=piles):
            if "bets" in piles:
                state.table.bets_into_pool()
            state.record(StakesCarried(pool=state.table.pool, batterie=state.table.batterie,
                                      step=state.step_id))
        case ShowHand(who=who):
            for seat in _each(state, who):
                state.record(HandExposed(seat=seat, cards=tuple(deal.hands[seat]),
                                        step=state.step_id))
        case Goto(step=step_id):
            deal.step_index = state.plan.index_of[step_id]
            return "moved"
        case Redeal():
            return _redeal(state)
        case EndDeal():
            return "stop"
        case other:
            assert_never(other)
    return "next"


def _return_bet(state: State, who: str) -> None:
    deal = state.current_deal()
    seat = _who(state, who)
    if seat is not None and deal.last_round is not None:
        amount = deal.last_round.stakes.get(seat, 0)
        state.table.return_bet(seat, amount)
        state.record(BetReturned(seat=seat, amount=amount, step=state.step_id))


def _add(state: State, add: AddEffect) -> None:
    deal = state.current_deal()
    payers = deal.players if add.who == "each_player" else [state.acting_dealer()]
    for seat in payers:
        amount = min(add.amount, max(state.table.banks[seat], 0))
        state.table.to_pile(seat, amount, add.into)
        state.record(Added(seat=seat, amount=amount, into=add.into, step=state.step_id))


def _redeal(state: State) -> Flow:
    deal = state.current_deal()
    if sum(1 for seat in deal.players if state.table.banks[seat] > 0) < 2:
        # Nobody could ever bet again: dealing anew would repeat forever.
        state.record(NoRedeal(step=state.step_id))
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
