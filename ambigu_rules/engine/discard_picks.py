"""Which discards a hand allows, in a fixed order, and how each is picked by its index.

A player's discards are every set of ``low`` to ``high`` of his cards, by size,
then as :func:`itertools.combinations` lists them from the sorted hand. A turn
holds them as the hand and two numbers (:class:`.actions.DiscardRange`); the
tables here count them and pick the one at an index without listing the rest.

>>> discard_count(4, 0, 2), [pick((3, 7, 9, 11)) for pick in every_discard(4, 1, 1)]
(11, [(3,), (7,), (9,), (11,)])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from math import comb
from operator import itemgetter

#: What picks one discard's cards out of a sorted hand.
Picker = Callable[[tuple[int, ...]], tuple[int, ...]]


@cache
def discard_count(hand: int, low: int, high: int) -> int:
    """How many ways there are to discard ``low`` to ``high`` of ``hand`` cards."""
    return sum(comb(hand, k) for k in range(low, high + 1))


@cache
def every_discard(size: int, low: int, high: int) -> tuple[Picker, ...]:
    """What picks each discard of ``low`` to ``high`` cards out of a hand of ``size``, in
    the order of :class:`.actions.DiscardRange` (a turn picks one by its index)."""
    return tuple(picker(positions) for count in range(low, high + 1)
                 for positions in combinations(range(size), count))


def picker(positions: tuple[int, ...]) -> Picker:
    """The cards at ``positions`` of a hand, as a tuple, picked in C (a slice for fewer
    than two: ``itemgetter`` of one position gives the card itself)."""
    if len(positions) > 1:
        return itemgetter(*positions)
    first = positions[0] if positions else 0
    return itemgetter(slice(first, first + len(positions)))
