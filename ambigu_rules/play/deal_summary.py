"""How a deal ended, for the Play page: who won, with what, and what each player paid.

Read from the deal's public record (the hands shown, the best hand, who took
the pool, the combination paid for) and the banks before and after it. The
names of the combinations are the rule file's own, in the page's language
(``names: {fr: ...}`` where the file gives one). Where two hands shown at the
showdown hold the same combination and its tie-break counts pips, the pips
decided between them, and each such hand's pips are given (and the cards that
make them, where they are not the whole hand): read from the hand's rank key,
in which the table packs its tie-break keys (:mod:`~ambigu_rules.hands.key_space`),
so no numpy is needed.

>>> from ambigu_rules.engine.game import Game
>>> from ambigu_rules.load.resolver import load_ruleset
>>> from ambigu_rules.words.lang import EN
>>> game = Game(load_ruleset("foster"), players=3, seed=6, names=["Anna", "Ben", "Carla"])
>>> before = list(game.table.banks)
>>> _ = game.start_deal()
>>> while not game.deal_over:  # each calls, else opens, else discards, else passes
...     legal = game.legal_actions()
...     kind = next(k for k in ("call", "open", "discard", "pass") if k in legal.kinds())
...     _ = game.apply(legal.of_kind(kind)[0])
>>> summary = deal_summary(game, before, EN)
>>> [(w["name"], w["combination"], w["pips"], w["pip_cards"]) for w in summary["winners"]]
[('Ben', 'Point', 15, '10♠ 5♠')]
>>> [(b["name"], b["combination"], b["pips"]) for b in summary["beaten"]]  # two cards each too
[('Carla', 'Point', 9), ('Anna', 'Point', 14)]
>>> [(change["name"], change["change"]) for change in summary["changes"]]
[('Anna', -6), ('Ben', 12), ('Carla', -6)]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import Any

from ..engine.events import (
    AnyEvent,
    BestHand,
    CombinationHeld,
    DealEnded,
    DealStarted,
    HandShown,
    Took,
)
from ..engine.game import Game
from ..hands.key_space import TIER_SHIFT, key_bound
from ..rules.combinations import Combination
from ..rules.deck import HAND_SIZE, Deck
from ..words.lang import Lang

#: The piles a winner takes: the pool, the batterie, the bets.
WON_PILES = ("pool", "bets", "batterie")


def last_deal(log: Sequence[AnyEvent]) -> list[AnyEvent]:
    """The events of the last deal dealt, from its start."""
    start = max((place for place, event in enumerate(log) if isinstance(event, DealStarted)),
                default=len(log))
    return list(log[start:])


def deal_summary(game: Game, before: Sequence[int], lang: Lang) -> dict[str, Any] | None:
    """The end of the last deal (``None`` while it goes on, or before the first):
    ``number``; ``winners``, each with its ``combination``'s name (``None`` for
    none known), ``cards``, ``pips`` (where pips decided the showdown) and
    ``pip_cards`` (the cards that make them, unless the whole hand), ``value``
    (what each payer paid for the combination, where it was paid) and ``took``;
    ``showdown``, whether hands were compared; ``beaten``, the other hands shown,
    alike; ``carried``, the
    pool and batterie left for the next deal; and ``changes``, each seat's
    bank after the deal and what it won (positive) or paid (negative) in it,
    counted from ``before``, the banks before the deal began."""
    if not game.deal_over or game.deal_count == 0:
        return None
    events = last_deal(game.log)
    ended = next((event for event in reversed(events) if isinstance(event, DealEnded)), None)
    shown = {event.seat: event for event in events if isinstance(event, HandShown)}
    held = {event.seat: event for event in events if isinstance(event, CombinationHeld)}
    best = [event.seat for event in events if isinstance(event, BestHand)]
    taken: dict[int, int] = {}
    for event in events:
        if isinstance(event, Took) and event.pile in WON_PILES:
            taken[event.seat] = taken.get(event.seat, 0) + event.amount
    winners = list(dict.fromkeys([*best, *taken]))
    by_id = {combination.id: combination for combination in game.ruleset.combinations}
    hands = Hands(game, by_id, lang)
    decided = hands.pips_decided(winners, shown)
    banks = list(game.table.banks)
    return {
        "number": game.deal_count,
        "showdown": bool(best),
        "winners": [hands.hand(seat, shown.get(seat), held.get(seat), seat in decided)
                    | {"took": taken.get(seat, 0)} for seat in winners],
        "beaten": [hands.hand(seat, event, held.get(seat), seat in decided)
                   for seat, event in shown.items() if seat not in winners],
        "carried": None if ended is None or not (ended.pool or ended.batterie)
        else {"pool": ended.pool, "batterie": ended.batterie},
        "changes": [{"seat": seat, "name": game.names[seat], "bank": bank,
                     "change": bank - before[seat]}
                    for seat, bank in enumerate(banks)],
    }


class Hands:
    """The hands of one deal's end, told as the page tells them."""

    def __init__(self, game: Game, by_id: dict[str, Combination], lang: Lang) -> None:
        self.game = game
        self.by_id = by_id
        self.lang = lang

    def name(self, combination_id: str | None) -> str | None:
        found = self.by_id.get(combination_id or "")
        return None if found is None else found.text_in("name", self.lang.code)

    def hand(self, seat: int, shown: HandShown | None, held: CombinationHeld | None,
             with_pips: bool) -> dict[str, Any]:
        """One seat's hand: its combination's name and value, its cards if shown,
        and its pips where they decided the showdown."""
        game = self.game
        found: dict[str, Any] = {"seat": seat, "name": game.names[seat],
                                 "combination": None, "value": None, "cards": None,
                                 "pips": None, "pip_cards": None}
        if held is not None and len(set(held.cards)) == HAND_SIZE:
            found.update(combination=self.name(game.evaluator.worth(held.cards).combination_id),
                         value=held.value)
        if shown is not None and len(set(shown.cards)) == HAND_SIZE:
            worth = game.evaluator.worth(shown.cards)
            found.update(cards=game.deck.format_hand(shown.cards),
                         combination=self.name(worth.combination_id))
            if with_pips:
                combination = self.by_id[worth.combination_id or ""]
                pips = pips_of_key(combination, worth.key, game.deck)
                making = making_cards(combination, shown.cards, pips, game.deck)
                found.update(pips=pips, pip_cards=None if making is None
                             or len(making) == len(shown.cards)
                             else game.deck.format_hand(making))
        return found

    def pips_decided(self, winners: list[int], shown: dict[int, HandShown]) -> set[int]:
        """The seats whose hands the pips told apart from a winner's: hands shown of
        the winner's combination, equal to it in every tie-break key before the
        pips, and not in the pips."""
        evaluator, deck = self.game.evaluator, self.game.deck
        worths = {seat: evaluator.worth(event.cards) for seat, event in shown.items()
                  if len(set(event.cards)) == HAND_SIZE}
        decided: set[int] = set()
        for winner in winners:
            won = worths.get(winner)
            combination = self.by_id.get(won.combination_id or "") if won else None
            if won is None or combination is None or "pips" not in combination.ties:
                continue
            mine = tie_values(combination, won.key, deck)
            for seat, worth in worths.items():
                if seat == winner or worth.combination_id != combination.id:
                    continue
                theirs = tie_values(combination, worth.key, deck)
                first = next((tie for tie, a, b in zip(combination.ties, mine, theirs,
                                                        strict=True) if a != b), None)
                if first == "pips":
                    decided |= {winner, seat}
        return decided


def tie_values(combination: Combination, key: int, deck: Deck) -> list[int]:
    """The value of each of ``combination``'s tie-break keys in a hand's rank key:
    the tier is above :data:`~.key_space.TIER_SHIFT`, the keys below it, packed
    each by its bound (:func:`~.key_space.key_bound`), the last the lowest."""
    most = max(deck.pips_of(card) for card in deck.cards())
    packed = key & ((1 << TIER_SHIFT) - 1)
    found = []
    for tie in reversed(combination.ties):
        bound = key_bound(tie, most)
        found.append(packed % bound)
        packed //= bound
    return found[::-1]


def pips_of_key(combination: Combination, key: int, deck: Deck) -> int | None:
    """The pips counted by ``combination``'s tie-break, read from a hand's rank key
    (:func:`tie_values`), or ``None`` if its tie-break does not count them.

    >>> from ambigu_rules.load.versions import evaluator_for_variant
    >>> evaluator = evaluator_for_variant("1730")
    >>> hand = evaluator.deck.parse_hand("7H 10H 2C 5S")  # a point: the hearts, 17
    >>> point = next(c for c in evaluator.ruleset.combinations if c.id == "point")
    >>> pips_of_key(point, evaluator.worth(hand).key, evaluator.deck)
    17
    """
    if "pips" not in combination.ties:
        return None
    return tie_values(combination, key, deck)[combination.ties.index("pips")]


def making_cards(combination: Combination, cards: Sequence[int], pips: int | None,
                 deck: Deck) -> tuple[int, ...] | None:
    """The cards of ``cards`` whose pips make ``pips`` and that can make
    ``combination`` (all four; the cards of one suit; those of one rank; a run
    of one suit), in the hand's order, or ``None`` if none can be told apart.

    >>> from ambigu_rules.load.versions import evaluator_for_variant
    >>> evaluator = evaluator_for_variant("1730")
    >>> deck = evaluator.deck
    >>> point = next(c for c in evaluator.ruleset.combinations if c.id == "point")
    >>> deck.format_hand(making_cards(point, deck.parse_hand("7H 10H 2C 5S"), 17, deck))
    '7♥ 10♥'
    """
    if pips is None:
        return None
    fits: list[tuple[int, ...]] = []
    for size in range(len(cards), 0, -1):
        fits = [part for part in combinations(cards, size)
                if sum(deck.pips_of(card) for card in part) == pips
                and _can_make(combination.cards, part, cards, deck)]
        if fits:
            break
    return fits[0] if len(fits) == 1 else None


def _can_make(kind: str, part: tuple[int, ...], cards: Sequence[int], deck: Deck) -> bool:
    """Whether ``part`` of ``cards`` is what the selector ``kind`` picks, by its shape:
    the whole hand; every card of one suit, two or more; cards of one rank; a run of
    one suit."""
    suits = {deck.suit_of(card) for card in part}
    ranks = sorted(deck.rank_of(card) for card in part)
    if kind == "hand":
        return len(part) == len(cards)
    if kind == "rank_group":
        return len(set(ranks)) == 1
    if len(suits) != 1 or len(part) < 2:
        return False
    if kind == "suit_group":
        return len(part) == sum(1 for card in cards if deck.suit_of(card) in suits)
    return kind == "suit_run" and all(high - low == 1 for low, high in pairwise(ranks))
