"""What must hold at every moment of every deal, whatever the version's rules.

One home for the checks that the property tests, ``tools/check_invariants.py``
and the hostile-input tests make after each decision:

* the counters are conserved (banks plus what lies on the table equal what
  the players brought and bought);
* every card of the deck is in exactly one place (a hand, the stock or the
  discards);
* a bank goes below zero only where the version lets a debt be owed;
* while a deal is not over, a player still in it is to act and has
  something to do; once it is over, nobody is to act and no bet is left.

>>> from ambigu_rules.engine import Game
>>> from ambigu_rules.load.resolver import load_ruleset
>>> game = Game(load_ruleset("foster"), players=3, seed=1)
>>> _ = game.start_deal()
>>> breaches(game)
[]
>>> game.table.pool += 1  # a counter from nowhere
>>> [breach.kind for breach in breaches(game)]
['counters']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .game import Game
from .state import Phase


@dataclass(frozen=True)
class Breach:
    """One invariant that does not hold: its kind and what was seen."""

    kind: str
    message: str


def cards_of_deal(game: Game) -> list[int]:
    """Every card of the deal in progress: hands, then stock, then discards."""
    deal = game.deal
    if deal is None:
        return []
    cards = [card for hand in deal.hands.values() for card in hand]
    cards += deal.stock
    cards += [card for pile in deal.discards.values() for card in pile]
    return cards


def breaches(game: Game) -> list[Breach]:
    """Every invariant that does not hold now (an empty list when all hold)."""
    return _counters(game) + _cards(game) + _debts(game) + _turn(game)


def _counters(game: Game) -> list[Breach]:
    table = game.table
    numbers = [*table.banks, *table.bets, table.pool, table.batterie]
    if not all(type(number) is int for number in numbers):
        return [Breach("counters", f"a counter that is not a whole number: banks {table.banks}, "
                                   f"bets {table.bets}, pool {table.pool!r}, batterie "
                                   f"{table.batterie!r}")]
    if table.conserved():
        return []
    return [Breach("counters", f"counters not conserved: banks {table.banks}, on the table "
                               f"{table.on_table}, brought {table.brought}, bought "
                               f"{table.bought}")]


def _cards(game: Game) -> list[Breach]:
    if game.deal is None:
        return []
    deck = list(game.deck.cards())
    cards = cards_of_deal(game)
    if sorted(cards) == deck:
        return []
    seen = Counter(cards)
    doubled = sorted(card for card, count in seen.items() if count > 1)
    lost = sorted(card for card in deck if card not in seen)
    foreign = sorted(card for card in seen if card not in game.deck)
    return [Breach("cards", f"cards duplicated {doubled}, lost {lost}, not in the deck "
                            f"{foreign}")]


def _debts(game: Game) -> list[Breach]:
    banks = game.table.banks
    if game.ruleset.payment.shortfall == "debt" or all(bank >= 0 for bank in banks):
        return []
    return [Breach("debt", f"a bank below zero ({banks}) but the shortfall rule is not "
                           "'debt'")]


def _turn(game: Game) -> list[Breach]:
    deal = game.deal
    if deal is None:
        return []
    seat = game.to_act
    if game.phase is Phase.STALLED:  # a scripted card refused: nobody can act, rightly
        return []
    if game.deal_over:
        found = []
        if seat is not None or game.legal_actions():
            found.append(Breach("no-action", "the deal is over but a player is still to act"))
        if any(game.table.bets):
            found.append(Breach("bets-left", f"bets left after the deal: {game.table.bets}"))
        return found
    if seat is None or not game.legal_actions():
        return [Breach("no-action", f"the deal is not over but to_act is {seat} with "
                                    f"{len(game.legal_actions())} legal actions")]
    if seat not in deal.players or seat in deal.out:
        return [Breach("to-act-out", f"seat {seat} is to act but is not in the deal "
                                     f"(dealt in {deal.players}, out {sorted(deal.out)})")]
    return []


def state_of(game: Game) -> dict[str, object]:
    """Everything a refused action must leave as it was, for comparison.

    >>> from ambigu_rules.engine import Game
    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> game = Game(load_ruleset("foster"), players=3, seed=1)
    >>> state_of(game)["banks"]
    [100, 100, 100]
    """
    table = game.table
    deal = game.deal
    return {
        "banks": list(table.banks),
        "pool": table.pool,
        "batterie": table.batterie,
        "bets": list(table.bets),
        "debts": [(debt.debtor, debt.creditor, debt.amount) for debt in table.debts],
        "bought": table.bought,
        "dealer": game.dealer,
        "to_act": game.to_act,
        "log": len(game.log),
        "hands": {} if deal is None else {seat: list(h) for seat, h in deal.hands.items()},
        "stock": [] if deal is None else list(deal.stock),
        "discards": {} if deal is None else {s: list(p) for s, p in deal.discards.items()},
        "out": set() if deal is None else set(deal.out),
        "step": None if deal is None else deal.step_index,
        "legal": list(game.legal_actions()) if len(game.legal_actions()) < 1000
        else game.legal_actions().summary(),
    }
