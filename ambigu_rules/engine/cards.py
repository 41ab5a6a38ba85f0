"""Chance as an operation: where every card of a deal lies, and how one is served.

A :class:`CardSource` holds the stock, the hands and the discards of the deal
in progress, and serves cards from the stock: shuffled from the game's seeded
generator, or as a script says (a replay's ``cards``, a stock order, the
order of a refill). Before the engine moves anything for an operation that
deals, it asks :meth:`CardSource.refusal` whether those cards can be served;
a scripted card that cannot be is refused there, like an illegal action, and
nothing changes.

Scripted cards for a seat lie at the bottom of a shuffled stock, where no
unscripted draw reaches them before the rest is used up. When the stock runs
out, the discards that may be reused are gathered under what is left of it
(shuffled where the version says so), and the deal goes on.

>>> import random
>>> from ambigu_rules.load.resolver import load_ruleset
>>> from ambigu_rules.rules.where_silent import PLAYED_WHERE_SILENT
>>> from ambigu_rules.hands.evaluator import evaluator_for
>>> deck = evaluator_for(load_ruleset("foster")).deck
>>> source = CardSource.shuffled(deck, random.Random(1), [0, 1], ["Anna", "Ben"],
...                              PLAYED_WHERE_SILENT["stock_exhaustion"], {0: [5, 6]})
>>> _ = source.draw(0, 2); source.hands[0]
[5, 6]
>>> source.refusal([(1, 2)]) is None, source.refusal([(0, 1)])
(True, None)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import repeat

from ..errors import ScriptedCardError
from ..rules.deck import Deck
from ..rules.table import StockExhaustion
from .chance import shuffle
from .input_checks import Script

#: What a seat not dealt in holds, for every seat (:meth:`CardSource.hand_sizes`).
_NO_HANDS: repeat[tuple[int, ...]] = repeat(())


@dataclass(frozen=True, slots=True)
class Refill:
    """The discards gathered into a stock that ran out: how many, whether the
    version shuffles them, and whether they are cut."""

    count: int
    shuffled: bool
    cut: bool


class CardSource:
    """The cards of one deal: the stock (its top card last), hands and discards."""

    __slots__ = ("deck", "discards", "hands", "keep_apart", "names", "ordered",
                 "redeals", "redeals_served", "refill_order", "rng", "rule", "script", "sizes",
                 "stock")

    def __init__(self, deck: Deck, rng: random.Random, names: Sequence[str],
                 rule: StockExhaustion, stock: list[int], seats: Iterable[int], *,
                 script: Script | None = None, ordered: bool = False,
                 refill_order: list[int] | None = None,
                 keep_apart: frozenset[int] = frozenset()) -> None:
        self.deck, self.rng, self.names, self.rule = deck, rng, names, rule
        self.stock = stock
        self.hands: dict[int, list[int]] = {seat: [] for seat in seats}
        self.discards: dict[int, list[int]] = {seat: [] for seat in self.hands}
        self.script = script
        #: A scripted stock order: refills are not shuffled either.
        self.ordered = ordered
        self.refill_order = refill_order
        #: The seats whose own discards stay out of a new stock (where the rules allow).
        self.keep_apart = keep_apart if rule.keep_own_discards_apart else frozenset()
        #: The scripts of the deal's redeals, never changed (a copy shares them);
        #: ``redeals_served`` of them have been dealt.
        self.redeals: list[Script] = []
        self.redeals_served = 0
        #: How many cards each seat of the table holds, as :meth:`hand_sizes` last
        #: counted them; ``None`` once a card has moved.
        self.sizes: tuple[int, ...] | None = None

    # -- making a stock --------------------------------------------------------

    @classmethod
    def shuffled(cls, deck: Deck, rng: random.Random, seats: Iterable[int],
                 names: Sequence[str], rule: StockExhaustion, script: Script | None = None,
                 *, refill_order: list[int] | None = None,
                 keep_apart: frozenset[int] = frozenset()) -> CardSource:
        """A stock shuffled from ``rng``, with the scripted cards at its bottom."""
        stock = list(deck.cards())
        shuffle(rng, stock)
        if script:
            scripted = {card for cards in script.values() for card in cards}
            stock = [c for c in stock if c in scripted] + [c for c in stock if c not in scripted]
        return cls(deck, rng, names, rule, stock, seats, script=script or None,
                   refill_order=refill_order, keep_apart=keep_apart)

    @classmethod
    def in_order(cls, deck: Deck, rng: random.Random, seats: Iterable[int],
                 names: Sequence[str], rule: StockExhaustion, order: list[int],
                 script: Script | None = None, *, refill_order: list[int] | None = None,
                 keep_apart: frozenset[int] = frozenset()) -> CardSource:
        """A stock in a scripted order, top card first; cards it leaves out lie below."""
        rest = [card for card in deck.cards() if card not in order]
        return cls(deck, rng, names, rule, list(reversed(order + rest)), seats,
                   script=script or None, ordered=True, refill_order=refill_order,
                   keep_apart=keep_apart)

    @property
    def scripted(self) -> bool:
        """Whether some card may come from a script (a draw may then be refused)."""
        return self.script is not None or self.ordered or self.refill_order is not None

    def renewed(self, seats: Iterable[int]) -> CardSource:
        """The source of a redeal: every card gathered and shuffled anew, the next
        redeal's script (if any) at the bottom."""
        served = self.redeals_served
        script = None
        if served < len(self.redeals):
            script = {seat: list(cards) for seat, cards in self.redeals[served].items()}
        renewed = CardSource.shuffled(self.deck, self.rng, seats, self.names, self.rule,
                                      script, refill_order=self.refill_order,
                                      keep_apart=self.keep_apart)
        renewed.redeals, renewed.redeals_served = self.redeals, served + (script is not None)
        return renewed

    # -- questions ---------------------------------------------------------------

    def reusable_discards(self) -> list[int]:
        """The discards that may go back into the stock."""
        keep = self.keep_apart
        return [card for seat, cards in self.discards.items() if seat not in keep
                for card in cards]

    def available(self, seat: int) -> int:
        """How many cards the stock can serve ``seat`` now, discards included."""
        stock = len(self.stock)
        if stock >= 4 or not self.rule.discards_reused:
            return stock
        own = 0 if seat in self.keep_apart else len(self.hands[seat])
        return stock + len(self.reusable_discards()) + own

    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat of the table holds (0 for one not dealt in).

        Asked at every view; worked out again only after a card has moved.
        """
        sizes = self.sizes
        if sizes is None:
            # Each seat's hand, or an empty one for a seat not dealt in, counted in C.
            seats = range(len(self.names))
            sizes = self.sizes = tuple(map(len, map(self.hands.get, seats, _NO_HANDS)))
        return sizes

    def refusal(self, draws: Iterable[tuple[int, int]],
                discarding: tuple[int, Sequence[int]] | None = None) -> str | None:
        """Why the ``draws`` (seat, count), made in turn, cannot be served; ``None`` if
        they can. ``discarding`` is a discard made first (the seat and its cards).

        Only a script can make a draw fail, so an unscripted source answers at once;
        a scripted one tries the draws on a copy of itself, which nothing else sees.
        """
        if not self.scripted:
            return None
        trial = self.copy()
        try:
            if discarding is not None:
                trial.discard(*discarding)
            for seat, count in draws:
                trial.draw(seat, count)
        except ScriptedCardError as refused:
            return str(refused)
        return None

    def copy(self) -> CardSource:
        """An independent copy (lists copied; the generator copied at its state)."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        twin = CardSource(self.deck, rng, self.names, self.rule, list(self.stock), (),
                          script=(None if self.script is None else
                                  {seat: list(cards) for seat, cards in self.script.items()}),
                          ordered=self.ordered,
                          refill_order=None if self.refill_order is None
                          else list(self.refill_order))
        twin.keep_apart = self.keep_apart
        twin.redeals, twin.redeals_served = self.redeals, self.redeals_served
        twin.hands = {seat: list(cards) for seat, cards in self.hands.items()}
        twin.discards = {seat: list(cards) for seat, cards in self.discards.items()}
        return twin

    # -- moving cards --------------------------------------------------------------

    def discard(self, seat: int, cards: Sequence[int]) -> None:
        """``seat`` puts ``cards`` from his hand on his discards."""
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.discards[seat].extend(cards)
        self.sizes = None

    def exchange(self, seat: int, cards: Sequence[int]) -> list[Refill]:
        """``seat`` discards ``cards`` and is served as many (:meth:`discard`, then
        :meth:`draw`); say what refills it took. Every hand keeps its size, so the
        sizes counted before (:meth:`hand_sizes`) still hold."""
        sizes = self.sizes
        self.discard(seat, cards)
        refills = self.draw(seat, len(cards))
        self.sizes = sizes
        return refills

    def clear(self) -> None:
        """Every hand and discard emptied (a redeal gathers them)."""
        for seat in self.hands:
            self.hands[seat] = []
            self.discards[seat] = []
        self.sizes = None

    def serve_rounds(self, seats: Sequence[int], count: int, one_at_a_time: bool) -> bool:
        """Serve each of ``seats`` ``count`` cards, one card a round or all at once, in
        turn, if no script is involved and the stock holds them all; say whether it did.

        The cards go exactly where :meth:`draw` puts them, drawn in turn (they are
        taken off the stock together, and each seat's share picked from them in C);
        when this says ``False`` nothing has moved, and the caller draws in turn.
        """
        stock = self.stock
        players = len(seats)
        total = count * players
        if self.script is not None or total > len(stock):
            return False
        self.sizes = None
        if not total:
            return True
        start = len(stock) - total
        taken = stock[start:]  # top card last, as the stock lies
        del stock[start:]
        taken.reverse()  # in the order they are served
        hands = self.hands
        for place, seat in enumerate(seats):
            # Round by round, the seat at ``place`` gets every ``players``-th card; all
            # at once, his ``count`` cards lie together.
            hands[seat] += (taken[place::players] if one_at_a_time
                            else taken[place * count:(place + 1) * count])
        return True

    def draw(self, seat: int, count: int) -> list[Refill]:
        """Serve ``seat`` ``count`` cards (his scripted ones first); say what refills it took."""
        stock = self.stock
        self.sizes = None
        if self.script is None and len(stock) >= count:
            # The usual case: the top ``count`` cards, the top one first.
            start = len(stock) - count
            taken = stock[start:]
            del stock[start:]
            taken.reverse()
            self.hands[seat] += taken
            return []
        refills: list[Refill] = []
        for _ in range(count):
            if not self.stock:
                refills.append(self.refill())
            queue = self.script.get(seat) if self.script else None
            if queue:
                card = queue.pop(0)
                if card not in self.stock:
                    if card in self.reusable_discards() and len(self.stock) < count:
                        refills.append(self.refill())
                    if card not in self.stock:
                        raise ScriptedCardError(
                            f"{self.deck.format_card(card)}, scripted for "
                            f"{self.names[seat]}, is not in the stock at this point")
                self.stock.remove(card)
            elif not self.stock:
                raise ScriptedCardError("no card is left to deal")
            else:
                card = self.stock.pop()
            self.hands[seat].append(card)
        return refills

    def refill(self) -> Refill:
        """Gather the reusable discards under what is left of the stock.

        They are shuffled if the version's ``stock_exhaustion.shuffle`` says so
        (and no card is scripted). Unshuffled, they are gathered seat by seat in
        speaking order, each player's in the order he threw them, and the last
        one gathered is served first.
        """
        gathered = self.reusable_discards()
        for seat in self.discards:
            if seat not in self.keep_apart:
                self.discards[seat] = []
        if self.rule.shuffle and not self.ordered and self.script is None:
            shuffle(self.rng, gathered)
        if self.refill_order is not None:  # scripted: these first, in this order
            order, self.refill_order = self.refill_order, None
            stray = [card for card in order if card not in gathered]
            if stray:
                raise ScriptedCardError(f"the refill: {self.deck.format_card(stray[0])} is not "
                                        "among the discards gathered into the stock")
            gathered = [card for card in gathered if card not in order] + order[::-1]
        self.stock = gathered + self.stock
        return Refill(count=len(gathered), shuffled=self.rule.shuffle, cut=self.rule.cut)
