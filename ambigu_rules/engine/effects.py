"""The effects an outcome lists: who pays, who takes, where the deal goes.

:func:`apply_effect` performs one effect on a game and tells the caller
whether the procedure moved (``goto``, ``redeal``) or the deal ends
(``end_deal``, or a redeal nobody could bet in): the game then ends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..rules.procedure import Effect
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
    if name == "winner":
        return deal.winner if deal.winner is not None else deal.last_player
    if name == "opener":
        return deal.opener
    if name == "last_player":
        return deal.last_player
    if name == "dealer":
        return game.acting_dealer()
    if name == "last_refuser":
        return deal.last_refuser
    return None


def _allow_debt(game: Game) -> bool:
    return game.ruleset.payment.shortfall == "debt"


def _pay(game: Game, effect: Effect) -> None:
    pay = effect.pay
    assert pay is not None and game.deal is not None
    deal = game.deal
    payee = None if pay.to == "pool" else _who(game, pay.to)
    if pay.from_ in ("each_player", "each_other_player"):
        payers = [s for s in deal.players if not (pay.from_ == "each_other_player" and s == payee)]
    else:
        payer = _who(game, pay.from_)
        payers = [] if payer is None else [payer]
    for payer in payers:
        if payer == payee and pay.unless_same_player:
            continue
        if payee is None:
            amount = min(pay.amount, max(game.table.banks[payer], 0))
            game.table.to_pile(payer, amount, "pool")
            game.record(Paid(seat=payer, amount=amount, step=game.step_id))
        else:
            paid = game.table.pay(payer, payee, pay.amount, _allow_debt(game))
            game.record(Paid(seat=payer, amount=paid, to=payee, step=game.step_id))


def _take(game: Game, effect: Effect, contested: bool) -> None:
    take = effect.take
    assert take is not None and game.deal is not None
    seat = _who(game, take.who)
    if seat is None:
        return
    table = game.table
    step = game.step_id
    for pile in take.what:
        if pile == "pool":
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
    deal = game.deal
    assert deal is not None
    seat = _who(game, who)
    rules = game.ruleset.payment
    if seat is None or (not contested and rules.uncontested == "not_paid"):
        return
    hand = deal.hands[seat]
    if len(hand) != 4:
        return
    evaluation = game.evaluator.evaluate(hand)
    if evaluation.value <= 0:
        return
    if rules.payers == "each_other_player_at_table":
        # Everyone who sat down to this deal, even one put out by a penalty; a
        # player without the counters to ante is not playing and does not pay.
        payers = [s for s in deal.players if s != seat]
    else:
        payers = [s for s in deal.players if s != seat and s not in deal.sitting_out]
    step = game.step_id
    game.record(CombinationHeld(seat=seat, cards=tuple(hand), combination=evaluation.combination,
                                name=evaluation.name, value=evaluation.value, step=step))
    for payer in payers:
        paid = game.table.pay(payer, seat, evaluation.value, _allow_debt(game))
        game.record(Paid(seat=payer, amount=paid, to=seat, combination=evaluation.combination,
                         step=step))


def apply_effect(game: Game, effect: Effect, contested: bool) -> Flow:
    """Perform one effect; say whether the procedure goes on, moved, or stopped."""
    deal = game.deal
    assert deal is not None
    table = game.table
    if effect.return_bet is not None:
        seat = _who(game, effect.return_bet)
        if seat is not None and deal.last_round is not None:
            amount = deal.last_round.stakes.get(seat, 0)
            table.return_bet(seat, amount)
            game.record(BetReturned(seat=seat, amount=amount, step=game.step_id))
    elif effect.pay is not None:
        _pay(game, effect)
    elif effect.take is not None:
        _take(game, effect, contested)
    elif effect.combination_payment is not None:
        _combination_payment(game, effect.combination_payment, contested)
    elif effect.add is not None:
        payers = deal.players if effect.add.who == "each_player" else [game.acting_dealer()]
        for seat in payers:
            amount = min(effect.add.amount, max(table.banks[seat], 0))
            table.to_pile(seat, amount, effect.add.into)
            game.record(Added(seat=seat, amount=amount, into=effect.add.into,
                              step=game.step_id))
    elif effect.carry_over is not None:
        if "bets" in effect.carry_over:
            table.bets_into_pool()
        game.record(StakesCarried(pool=table.pool, batterie=table.batterie, step=game.step_id))
    elif effect.show_hand is not None:
        seat = _who(game, effect.show_hand)
        if seat is not None:
            hand = deal.hands[seat]
            game.record(HandExposed(seat=seat, cards=tuple(hand), step=game.step_id))
    elif effect.goto is not None:
        deal.step_index = next(i for i, step in enumerate(game.ruleset.procedure)
                               if step.id == effect.goto)
        return "moved"
    elif effect.redeal:
        if sum(1 for seat in deal.players if table.banks[seat] > 0) < 2:
            # Nobody could ever bet again: dealing anew would repeat forever.
            game.record(NoRedeal(step=game.step_id))
            return "stop"
        game.redeal()
        return "moved"
    elif effect.end_deal:
        return "stop"
    return "next"
