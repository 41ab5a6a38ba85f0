"""The stock: shuffling it, drawing from it, and gathering the discards when it runs short.

Scripted cards (a replay's ``cards``) and a scripted stock order are served
here too: scripted cards lie at the bottom, where no unscripted draw reaches
them before the rest is used up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .chance import shuffle
from .events import PackCut, StockExhausted
from .setup import GameSetupError

if TYPE_CHECKING:
    from .game import Game


def new_stock(game: Game) -> None:
    """Put the stock of a new deal (or a redeal) on the table: shuffled, or as scripted."""
    assert game.deal is not None
    if game.stock_order is not None:
        order = list(game.stock_order)
        if sorted(order) != sorted(set(order)) or any(c not in game.deck.cards()
                                                      for c in order):
            raise GameSetupError("the stock order repeats a card or names one not in the deck")
        rest = [c for c in game.deck.cards() if c not in order]
        game.deal.stock = list(reversed(order + rest))
        return
    stock = list(game.deck.cards())
    shuffle(game.rng, stock)
    if game.script:
        # Scripted cards go to the bottom (the top is the end of the list),
        # where no unscripted draw reaches them before the rest is used up.
        scripted = {card for cards in game.script.values() for card in cards}
        stock = [c for c in stock if c in scripted] + [c for c in stock if c not in scripted]
    game.deal.stock = stock


def reusable_discards(game: Game) -> list[int]:
    """The discards that may go back into the stock."""
    assert game.deal is not None
    keep = keeps_apart(game)
    return [c for seat, cards in game.deal.discards.items() if seat not in keep
            for c in cards]


def keeps_apart(game: Game) -> set[int]:
    """The seats whose own discards stay out of a new stock (if the version allows it)."""
    rule = game.ruleset.table.stock_exhaustion
    if rule is not None and rule.keep_own_discards_apart:
        return game.keep_discards_apart
    return set()


def cards_available(game: Game, seat: int) -> int:
    """How many cards the stock can serve ``seat`` now, discards included."""
    assert game.deal is not None
    if len(game.deal.stock) >= 4:
        return len(game.deal.stock)
    rule = game.ruleset.table.stock_exhaustion
    if rule is None or not rule.discards_reused:
        return len(game.deal.stock)
    own = 0 if seat in keeps_apart(game) else len(game.deal.hands[seat])
    return len(game.deal.stock) + len(reusable_discards(game)) + own


def refill_stock(game: Game) -> None:
    """Gather the reusable discards under what is left of the stock.

    They are shuffled if the version's ``stock_exhaustion.shuffle`` says so
    (and no card is scripted). Unshuffled, they are gathered seat by seat in
    speaking order, each player's in the order he threw them, and the last
    one gathered is served first.
    """
    deal = game.deal
    assert deal is not None
    keep = keeps_apart(game)
    gathered = reusable_discards(game)
    for seat in deal.discards:
        if seat not in keep:
            deal.discards[seat] = []
    rule = game.ruleset.table.stock_exhaustion
    shuffled = rule is None or rule.shuffle
    if shuffled and game.stock_order is None and game.script is None:
        shuffle(game.rng, gathered)
    if game.refill_order is not None:  # scripted: these first, in this order
        order, game.refill_order = game.refill_order, None
        stray = [card for card in order if card not in gathered]
        if stray:
            raise GameSetupError(f"the refill: {game.deck.format_card(stray[0])} is not among "
                                 "the discards gathered into the stock")
        gathered = [card for card in gathered if card not in order] + order[::-1]
    deal.stock = gathered + deal.stock
    game.record(StockExhausted(count=len(gathered), step=deal.step_id))
    if rule is not None and rule.cut:
        game.record(PackCut(seat=game.cutter(), step=deal.step_id))


def draw(game: Game, seat: int, count: int) -> None:
    """Serve ``seat`` ``count`` cards from the top of the stock (or his scripted cards)."""
    deal = game.deal
    assert deal is not None
    stock = deal.stock
    if game.script is None and len(stock) >= count:
        # The usual case: the top ``count`` cards, the top one first.
        start = len(stock) - count
        taken = stock[start:]
        del stock[start:]
        taken.reverse()
        deal.hands[seat] += taken
        return
    for _ in range(count):
        if not deal.stock:
            refill_stock(game)
        if game.script and game.script.get(seat):
            card = game.script[seat].pop(0)
            if card not in deal.stock:
                if card in reusable_discards(game) and len(deal.stock) < count:
                    refill_stock(game)
                if card not in deal.stock:
                    raise GameSetupError(
                        f"{game.deck.format_card(card)}, scripted for "
                        f"{game.names[seat]}, is not in the stock at this point"
                    )
            deal.stock.remove(card)
        elif not deal.stock:
            raise GameSetupError("no card is left to deal")
        else:
            card = deal.stock.pop()
        deal.hands[seat].append(card)

