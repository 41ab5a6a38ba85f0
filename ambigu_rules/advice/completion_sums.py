"""Sums over the completions of a kept part of a hand, precomputed once per table.

A player who keeps the cards ``K`` and knows the cards ``E`` are out of reach
(his discards, cards seen) ends with one of the hands that hold ``K`` and no
card of ``E``, each as likely. Any per-hand quantity (a count, a value, a
chance of winning) summed over those hands is, by inclusion and exclusion
over ``E``::

    sum over S ⊆ E, |K ∪ S| ≤ 4, of (-1)^|S| · F(K ∪ S)

where ``F(T)`` is the sum over every hand of the table that holds the cards
``T``. :class:`CompletionSums` makes ``F`` for every set of at most four cards
in one pass over the table (with numpy), so that a question costs a few
dozen look-ups instead of up to 73,815 hands. Where numpy is missing (the
site's Python in a browser) it counts the completions one by one
(:mod:`~ambigu_rules.advice.counting`'s way): the same sums, more slowly.

>>> from ambigu_rules.load.versions import evaluator_for_variant
>>> evaluator = evaluator_for_variant("foster")
>>> ones = CompletionSums(evaluator, [[1.0] * evaluator.size])
>>> kept = evaluator.deck.parse_cards("9S 10S")
>>> ones.over(kept, evaluator.deck.parse_cards("8S"))  # C(37, 2) hands, each counted once
[666.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb
from operator import itemgetter
from typing import Any

from ..hands.evaluator import Evaluator
from ..rules.deck import HAND_SIZE


class CompletionSums:
    """For each column (one number per hand of the table, in table order), its sum
    over the hands a kept part can become (:meth:`over`)."""

    def __init__(self, evaluator: Evaluator, columns: Sequence[Sequence[float]]) -> None:
        self.evaluator = evaluator
        self.pack = evaluator.deck.cards()
        self.position = {card: index for index, card in enumerate(self.pack)}
        self.columns = [list(column) for column in columns]
        self.width = len(self.columns)
        self._binomial = [[comb(n, k) for k in range(HAND_SIZE + 1)]
                          for n in range(len(self.pack) + 1)]
        self._sums: list[Any] | None = None
        #: :meth:`_rank` of each set of pack positions met so far, keyed by its bits.
        self._rank_of_set: dict[int, int] = {}
        try:
            import numpy  # noqa: F401  (only to know whether the fast way is there)
        except ModuleNotFoundError:
            return
        self._sums = self._superset_sums()
        self.columns = []  # summed once and for all: the columns themselves are not needed

    def _rank(self, positions: Sequence[int]) -> int:
        """The place of a set of pack positions (rising) among the sets of its size."""
        binomial = self._binomial
        return sum(binomial[position][place + 1] for place, position in enumerate(positions))

    def _rank_set(self, bits: int) -> int:
        """:meth:`_rank` of the set of pack positions whose bits are set in ``bits``,
        kept in :attr:`_rank_of_set` for the next time."""
        rank = self._rank([place for place in range(bits.bit_length()) if bits >> place & 1])
        self._rank_of_set[bits] = rank
        return rank

    def _superset_sums(self) -> list[Any]:
        """``F`` by the size of ``T``: an array of each set's sums, one row per set."""
        import numpy as np

        pack = len(self.pack)
        hands = np.array(list(combinations(range(pack), HAND_SIZE)), dtype=np.int64)
        weights = np.array(self.columns, dtype=np.float64)
        binomial = np.array(self._binomial, dtype=np.int64)
        sums = [np.zeros((comb(pack, size), len(self.columns))) for size in range(HAND_SIZE + 1)]
        for size in range(HAND_SIZE + 1):
            for places in combinations(range(HAND_SIZE), size):
                rank = np.zeros(len(hands), dtype=np.int64)
                for place, column in enumerate(places):
                    rank += binomial[hands[:, column], place + 1]
                for index, weight in enumerate(weights):
                    sums[size][:, index] += np.bincount(rank, weights=weight,
                                                        minlength=comb(pack, size))
        return sums

    def over(self, kept: Sequence[int], excluded: Sequence[int]) -> list[float]:
        """Each column summed over every hand that holds ``kept`` and no card of
        ``excluded`` (distinct cards of the pack, none in both)."""
        return self.over_each([kept], excluded)[0]

    def over_each(self, parts: Sequence[Sequence[int]],
                  excluded: Sequence[int]) -> list[list[float]]:
        """:meth:`over` for each kept part of ``parts``, all at once; a part's own
        cards are never excluded for it, so the parts of one hand can share the
        cards the hand lacks and its discards (a discard excludes the cards not kept)."""
        if self._sums is None:
            return [self._counted(kept, excluded) for kept in parts]
        import numpy as np

        position = self.position
        rank_of = self._rank_of_set
        terms: dict[int, tuple[list[int], list[float], list[int]]] = {}
        for index, kept in enumerate(parts):
            base = sum(1 << position[card] for card in kept)
            held = set(kept)
            out = [1 << position[card] for card in excluded if card not in held]
            for size in range(min(HAND_SIZE - len(kept), len(out)) + 1):
                ranks, signs, owners = terms.setdefault(len(kept) + size, ([], [], []))
                sets = [base + sum(extra) for extra in combinations(out, size)]
                ranks += [rank_of[s] if s in rank_of else self._rank_set(s) for s in sets]
                signs += [-1.0 if size % 2 else 1.0] * len(sets)
                owners += [index] * len(sets)
        total = np.zeros((len(parts), self.width))
        for size, (ranks, signs, owners) in terms.items():
            rows = self._sums[size][ranks] * np.array(signs)[:, None]
            np.add.at(total, owners, rows)
        result: list[list[float]] = total.tolist()
        return result

    def _counted(self, kept: Sequence[int], excluded: Sequence[int]) -> list[float]:
        """:meth:`over` by looking every completion up (no numpy)."""
        known = set(kept) | set(excluded)  # a kept card is in its hands whatever is excluded
        rows = self.evaluator.row_of_mask
        base = sum(1 << card for card in kept)
        bits = [1 << card for card in self.pack if card not in known]
        found = [rows[base + drawn]
                 for drawn in map(sum, combinations(bits, HAND_SIZE - len(kept)))]
        if len(found) < 2:  # itemgetter of one row answers the value, not a tuple
            return [float(sum(column[row] for row in found)) for column in self.columns]
        pick = itemgetter(*found)  # each column's values at the rows, in one C call
        return [float(sum(pick(column))) for column in self.columns]
