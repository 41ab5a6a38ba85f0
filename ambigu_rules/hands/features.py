"""Features of every four-card hand of a deck, computed at once with NumPy.

The evaluator tests the combinations of a ruleset against these arrays, one
entry per hand, so that no Python code runs per hand while a table is built.
A hand is a row of four card numbers in increasing order (see :mod:`ambigu_rules.rules.deck`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from ..rules.deck import HAND_SIZE, SUITS_PER_DECK, Deck


@lru_cache(maxsize=4)
def all_hands(cards: tuple[int, ...]) -> np.ndarray:
    """Every hand of four different cards of ``cards``, one sorted row each.

    >>> all_hands(tuple(range(40))).shape
    (91390, 4)
    """
    flat = np.fromiter(
        (card for hand in combinations(sorted(cards), HAND_SIZE) for card in hand),
        dtype=np.int64,
    )
    hands = flat.reshape(-1, HAND_SIZE)
    hands.setflags(write=False)
    return hands


def row_sum(values: np.ndarray) -> np.ndarray:
    """The sum over the last axis, as int64, added column by column.

    NumPy's ``sum(axis=-1)`` pays a fixed cost per row; a hand has four cards,
    so four whole-column additions are several times faster on a table's
    hundreds of thousands of rows.

    >>> row_sum(np.array([[True, False, True, True], [False] * 4])).tolist()
    [3, 0]
    """
    total: np.ndarray = values[..., 0].astype(np.int64)
    for column in range(1, values.shape[-1]):
        total = total + values[..., column]
    return total


def row_max(values: np.ndarray) -> np.ndarray:
    """The largest value over the last axis, taken column by column (see :func:`row_sum`).

    >>> row_max(np.array([[3, 9, 2, 5], [0, 0, 1, 0]])).tolist()
    [9, 1]
    """
    top: np.ndarray = values[..., 0]
    for column in range(1, values.shape[-1]):
        top = np.maximum(top, values[..., column])
    return top


def longest_run(masks: np.ndarray) -> np.ndarray:
    """Length of the longest block of consecutive set bits in each mask.

    >>> longest_run(np.array([0b0, 0b1011, 0b1110, 0b1111])).tolist()
    [0, 2, 3, 4]
    """
    current = masks.copy()
    length = np.zeros_like(masks)
    while current.any():
        length += current != 0
        current &= current >> 1
    return length


def run_start_bits(masks: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """For each mask, the bit where its highest run of ``lengths`` bits starts."""
    current = masks.copy()
    for step in range(1, int(lengths.max(initial=0))):
        current = np.where(lengths > step, current & (masks >> step), current)
    current = np.where(lengths > 0, current, 0)
    # Keep only the highest start bit.
    high = np.zeros_like(current)
    remaining = current.copy()
    while remaining.any():
        lowest = remaining & -remaining
        high = np.where(remaining != 0, lowest, high)
        remaining &= remaining - 1
    return high


def run_top(masks: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Rank position + 1 of the top card of the highest longest run (0 = none).

    >>> run_top(np.array([0b0111, 0b1011, 0]), np.array([3, 2, 0])).tolist()
    [3, 2, 0]
    """
    start = run_start_bits(masks, lengths)
    start_rank = np.log2(np.maximum(start, 1)).astype(np.int64)
    return np.where(lengths > 0, start_rank + lengths, 0)


def runs(masks: np.ndarray, rank_count: int, wrap: bool) -> tuple[np.ndarray, np.ndarray]:
    """The longest run of each rank mask and its top (:func:`run_top`).

    With ``wrap`` the ranks go round, the lowest following the highest: the
    mask is laid twice end to end, and a top is taken back into the ranks.

    >>> lengths, tops = runs(np.array([0b1000000011]), 10, wrap=True)
    >>> lengths.tolist(), tops.tolist()  # the ten, the ace and the two: up to the two
    ([3], [2])
    """
    if not wrap:
        lengths = longest_run(masks)
        return lengths, run_top(masks, lengths)
    doubled = masks | (masks << rank_count)
    lengths = np.minimum(longest_run(doubled), rank_count)
    tops = run_top(doubled, lengths)
    return lengths, np.where(lengths > 0, (tops - 1) % rank_count + 1, 0)


@dataclass(frozen=True)
class HandArrays:
    """Per-card and per-hand arrays for all hands of one deck."""

    hands: np.ndarray  # (H, 4) card numbers
    ranks: np.ndarray  # (H, 4) rank positions, 0 = lowest
    suits: np.ndarray  # (H, 4) suit positions
    pips: np.ndarray  # (H, 4) pip values
    rank_multiplicity: np.ndarray  # (H, 4) how many cards of the hand share each card's rank
    features: dict[str, np.ndarray]  # per-hand features named in the rule format
    max_pips: int
    rank_count: int
    wrap: bool
    # Per suit (H, 4): cards held, their pips, longest run and the rank after its top
    # (rank position + 1, 0 = no run), highest rank held + 1.
    suit_count: np.ndarray
    suit_pips: np.ndarray
    suit_run: np.ndarray
    suit_run_top: np.ndarray
    suit_top: np.ndarray


def _rank_multiplicity(ranks: np.ndarray) -> np.ndarray:
    counts: np.ndarray = row_sum(ranks[:, :, None] == ranks[:, None, :])
    return counts


def suit_masks(ranks: np.ndarray, suits: np.ndarray, selected: np.ndarray) -> np.ndarray:
    """(H, 4) bitmasks of the rank positions held in each suit by the selected cards."""
    bits = np.where(selected, np.left_shift(1, ranks), 0)
    return np.stack(
        [row_sum(np.where(suits == suit, bits, 0)) for suit in range(SUITS_PER_DECK)],
        axis=1,
    )


@lru_cache(maxsize=8)  # a few decks at once; a long run builds many rule sets
def hand_arrays(deck: Deck) -> HandArrays:
    """Features of every hand of ``deck`` (cached per deck)."""
    hands = all_hands(deck.cards())
    ranks = hands // SUITS_PER_DECK
    suits = hands % SUITS_PER_DECK
    pip_table = np.array([rank.pips for rank in deck.spec.ranks], dtype=np.int64)
    pips = pip_table[ranks]
    suit_counts = np.stack([row_sum(suits == s) for s in range(SUITS_PER_DECK)], axis=1)
    multiplicity = _rank_multiplicity(ranks)
    everything = np.ones_like(hands, dtype=bool)
    per_suit = suit_masks(ranks, suits, everything)
    rank_bits = np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)
    rank_count = len(deck.spec.ranks)
    per_suit_runs = [runs(per_suit[:, s], rank_count, deck.wrap) for s in range(SUITS_PER_DECK)]
    suit_run = np.stack([length for length, _ in per_suit_runs], axis=1)
    suit_run_top = np.stack([top for _, top in per_suit_runs], axis=1)
    suit_pips = np.stack(
        [row_sum(np.where(suits == s, pips, 0)) for s in range(SUITS_PER_DECK)], axis=1
    )
    suit_top = np.stack(
        [row_max(np.where(suits == s, ranks + 1, 0)) for s in range(SUITS_PER_DECK)], axis=1
    )
    features = {
        "distinct_suits": (suit_counts > 0).sum(axis=1),
        "distinct_ranks": 1 + (np.diff(ranks, axis=1) != 0).sum(axis=1),
        "max_suit_count": suit_counts.max(axis=1),
        "max_rank_count": multiplicity.max(axis=1),
        "pips": pips.sum(axis=1),
        "longest_suit_run": suit_run.max(axis=1),
        "longest_run": runs(rank_bits, rank_count, deck.wrap)[0],
    }
    return HandArrays(
        hands=hands,
        ranks=ranks,
        suits=suits,
        pips=pips,
        rank_multiplicity=multiplicity,
        features=features,
        max_pips=int(pip_table.max()),
        rank_count=rank_count,
        wrap=deck.wrap,
        suit_count=suit_counts,
        suit_pips=suit_pips,
        suit_run=suit_run,
        suit_run_top=suit_run_top,
        suit_top=suit_top,
    )
