"""Exact counts of the hands a kept part of a hand can become.

A player who keeps some cards is dealt the rest of his hand from the cards
he has not seen, every set of them as likely as any other (the cards of the
other players and of the stock are alike to him). Each such completion is
looked up in the version's hand table (:mod:`ambigu_rules.hands.table`);
nothing is sampled.

>>> from ambigu_rules.load.versions import evaluator_for_variant
>>> evaluator = evaluator_for_variant("foster")
>>> hand = evaluator.deck.parse_cards("2S 3S 4S 9S 10S")
>>> tally = count_completions(evaluator, hand[:3], hand[3:])  # draw 1 of 2 spades
>>> tally.total, tally.value_sum  # two doublets of sequence and flush, worth 8 each
(2, 16)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from operator import itemgetter
from typing import NamedTuple

from ..hands.evaluator import Evaluator
from ..rules.deck import HAND_SIZE


class Tally(NamedTuple):
    """The completions of a kept part: how many there are (``total``), how many
    have each combination as their best (by index into the version's
    combinations; -1 for none) and the sum of their values."""

    total: int
    counts: dict[int, int]
    value_sum: int


def count_completions(evaluator: Evaluator, kept: Sequence[int],
                      unseen: Sequence[int]) -> Tally:
    """Every hand made of ``kept`` and as many of the ``unseen`` cards as it lacks.

    ``kept`` and ``unseen`` are distinct cards of the evaluator's pack.
    """
    missing = HAND_SIZE - len(kept)
    base = sum(1 << card for card in kept)
    bits = [1 << card for card in unseen]
    masks = [base + drawn for drawn in map(sum, combinations(bits, missing))]
    if not masks:
        return Tally(0, {}, 0)
    rows = _many(evaluator.row_of_mask, masks)
    best = _many(evaluator.table.best, rows)
    values = _many(evaluator.table.values, rows)
    return Tally(len(masks), dict(Counter(best)), sum(values))


def _many(source: Sequence[int] | dict[int, int], keys: Sequence[int]) -> tuple[int, ...]:
    """``source[key]`` for every key, in one call (``itemgetter`` of one key
    returns the item itself, not a tuple)."""
    if len(keys) == 1:
        return (source[keys[0]],)
    found: tuple[int, ...] = itemgetter(*keys)(source)
    return found
