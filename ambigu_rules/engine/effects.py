"""The effects an outcome lists: who pays, who takes, where the deal goes.

:func:`apply_effect` performs one effect on a game and tells the caller
whether the procedure moved (``goto``, ``redeal``) or the deal ends
(``end_deal``, or a redeal nobody could bet in): the game then ends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, assert_never

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

if TYPE_CHECKING:
    from .game import Game

Flow = Literal["next", "moved", "stop"]


def _who(game: Game, name: str) -> int | None:
    deal = game.deal
    assert deal is not None
    if name == "winner":  # the best hand at a showdown; nobody before one
        return deal.winner
    if name == "opener":
        return deal.opener
    if name == "last_player":
        return deal.last_player
    if name == "dealer":
        return game.acting_dealer()
    if name == "last_refuser":
        return deal.last_refuser
    return None


def _each(game: Game, name: str) -> list[int]:
    """The players ``name`` stands for: the tied winners of a split, or one player."""
    deal = game.deal
    assert deal is not None
    if name == "winner" and len(deal.winners) > 1:
        return list(deal.winners)
    seat = _who(game, name)
    return [] if seat is None else [seat]


def _allow_debt(game: Game) -> bool:
    return game.ruleset.payment.shortfall == "debt"


def _pay(game: Game, pay: PayEffect) -> None:
    deal = game.deal
    assert deal is not None
    payee = None if pay.to == "pool" else _who(game, pay.to)
    if payee is None and pay.to != "pool":
        return  # nobody to pay (no winner before a showdown)
    if pay.from_ == "each_player":
        payers = list(deal.players)
    else:
        payer = _who(game, pay.from_)
        payers = [] if payer is None else [payer]
    for payer in payers:
        if payer == payee:  # nobody pays himself
            continue
        if payee is None:
            amount = min(pay.amount, max(game.table.banks[payer], 0))
            game.table.to_pile(payer, amount, "pool")
            game.record(Paid(seat=payer, amount=amount, step=game.step_id))
        else:
            paid = game.table.pay(payer, payee, pay.amount, _allow_debt(game))
            game.record(Paid(seat=payer, amount=paid, to=payee, step=game.step_id))


def _take(game: Game, take: TakeEffect, contested: bool) -> None:
    assert game.deal is not None
    takers = _each(game, take.who)
    if not takers:
        return
    seat = takers[0]
    table = game.table
    step = game.step_id
    for pile in take.what:
        if pile != "bets" and len(takers) > 1:  # a split: equal shares
            for taker, amount in zip(takers, table.share_pile(pile, takers), strict=True):
                game.record(Took(seat=taker, amount=amount, pile=pile, share=True, step=step))
        elif pile == "pool":
            amount = table.take_pool(seat)
            game.record(Took(seat=seat, amount=amount, pile="pool", step=step))
        elif pile == "batterie":
            amount = table.take_batterie(seat)
            game.record(Took(seat=seat, amount=amount, pile="batterie", step=step))
        elif contested and game.deal.ranking:
            for winner, shares in game.split_winnings().items():
                amount = table.take_bets(winner, shares)
                game.record(Took(seat=winner, amount=amount, pile="bets", share=True, step=step))
        else:
            amount = table.take_bets(seat, list(table.bets))
            game.record(Took(seat=seat, amount=amount, pile="bets", step=step))


def _combination_payment(game: Game, who: str, contested: bool) -> None:
    winners = _each(game, who)
    for seat in winners:
        _paid_combination(game, seat, winners, contested)


def _paid_combination(game: Game, seat: int, winners: list[int], contested: bool) -> None:
    """``seat`` is paid his combination by the players the version names (not co-winners)."""
    deal = game.deal
    assert deal is not None
    rules = game.ruleset.payment
    if not contested and rules.uncontested == "not_paid":
        return
    hand = deal.hands[seat]
    if len(hand) != HAND_SIZE:
        return
    evaluation = game.evaluator.worth(hand)
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
    step = game.step_id
    game.record(CombinationHeld(seat=seat, cards=tuple(hand), combination=evaluation.combination,
                                name=evaluation.name, value=evaluation.value, step=step))
    for payer in payers:
        paid = game.table.pay(payer, seat, evaluation.value, _allow_debt(game))
        game.record(Paid(seat=payer, amount=paid, to=seat, combination=evaluation.combination,
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


def apply_effect(game: Game, effect: Effect, contested: bool) -> Flow:
    """Perform one effect; say whether the procedure goes on, moved, or stopped."""
    deal = game.deal
    assert deal is not None
    match effect_kind(effect):
        case ReturnBet(who=who):
            _return_bet(game, who)
        case PayEffect() as pay:
            _pay(game, pay)
        case TakeEffect() as take:
            _take(game, take, contested)
        case CombinationPaid(who=who):
            _combination_payment(game, who, contested)
        case AddEffect() as add:
            _add(game, add)
        case CarryOver(piles=piles):
            if "bets" in piles:
                game.table.bets_into_pool()
            game.record(StakesCarried(pool=game.table.pool, batterie=game.table.batterie,
                                      step=game.step_id))
        case ShowHand(who=who):
            for seat in _each(game, who):
                game.record(HandExposed(seat=seat, cards=tuple(deal.hands[seat]),
                                        step=game.step_id))
        case Goto(step=step_id):
            deal.step_index = next(i for i, step in enumerate(game.ruleset.procedure)
                                   if step.id == step_id)
            return "moved"
        case Redeal():
            return _redeal(game)
        case EndDeal():
            return "stop"
        case other:
            assert_never(other)
    return "next"


def _return_bet(game: Game, who: str) -> None:
    deal = game.deal
    assert deal is not None
    seat = _who(game, who)
    if seat is not None and deal.last_round is not None:
        amount = deal.last_round.stakes.get(seat, 0)
        game.table.return_bet(seat, amount)
        game.record(BetReturned(seat=seat, amount=amount, step=game.step_id))


def _add(game: Game, add: AddEffect) -> None:
    deal = game.deal
    assert deal is not None
    payers = deal.players if add.who == "each_player" else [game.acting_dealer()]
    for seat in payers:
        amount = min(add.amount, max(game.table.banks[seat], 0))
        game.table.to_pile(seat, amount, add.into)
        game.record(Added(seat=seat, amount=amount, into=add.into, step=game.step_id))


def _redeal(game: Game) -> Flow:
    deal = game.deal
    assert deal is not None
    if sum(1 for seat in deal.players if game.table.banks[seat] > 0) < 2:
        # Nobody could ever bet again: dealing anew would repeat forever.
        game.record(NoRedeal(step=game.step_id))
        return "stop"
    game.redeal()
    return "moved"
