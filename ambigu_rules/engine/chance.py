"""Seeded chance: whole numbers below a bound, and shuffles, from a ``random.Random``.

The engine and the bots draw through these two functions instead of
``Random.randrange`` and ``Random.shuffle``. For the same generator state
they give the very same results as the standard library (rejection sampling
on ``getrandbits``, then a Fisher–Yates shuffle from the last place down), so
a seed deals the same cards in every Python, in the browser too.

>>> import random
>>> below(random.Random(3), 10) == random.Random(3).randrange(10)
True
>>> mine, theirs = list(range(40)), list(range(40))
>>> shuffle(random.Random(8), mine); random.Random(8).shuffle(theirs)
>>> mine == theirs
True
"""

from __future__ import annotations

from functools import cache
from random import Random
from typing import TypeVar

T = TypeVar("T")


def below(rng: Random, bound: int) -> int:
    """A whole number from 0 to ``bound - 1``, each as likely (``bound`` ≥ 1)."""
    if bound <= 0:
        raise ValueError(f"nothing to choose from: {bound} choices")
    bits = bound.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= bound:
        drawn = rng.getrandbits(bits)
    return drawn


def shuffle(rng: Random, items: list[T]) -> None:
    """Put ``items`` in a random order, in place (:func:`below` for each place,
    written out: a deal shuffles forty cards)."""
    getrandbits = rng.getrandbits
    for place, bits in _places(len(items)):
        other = getrandbits(bits)
        while other > place:
            other = getrandbits(bits)
        items[place], items[other] = items[other], items[place]


@cache
def _places(size: int) -> tuple[tuple[int, int], ...]:
    """Each place a shuffle of ``size`` items fills, from the last down to the second,
    with the bits of a draw below ``place + 1`` (the same every shuffle)."""
    return tuple((place, (place + 1).bit_length()) for place in range(size - 1, 0, -1))
