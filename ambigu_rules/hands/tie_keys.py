"""Tie-break keys of a combination, packed into one integer per hand.

Each key looks at the cards that make the combination (chosen by the
combination's ``cards`` selector, see :mod:`.selectors`) and is "higher is
better". The keys of a combination are packed in the order the ruleset lists
them, so comparing two packed integers compares the keys one after another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..rules.combinations import TieKey
from .features import HandArrays, row_max, row_sum, runs, suit_masks
from .key_space import RANK_SLOTS, key_bound


@dataclass(frozen=True)
class Selection:
    """The cards that make a combination in each hand.

    ``suit`` is set when the cards are all of one suit (known per hand), and
    ``whole_hand`` when they are the four cards; both allow shortcuts.
    """

    cards: np.ndarray
    suit: np.ndarray | None = None
    whole_hand: bool = False


def _per_suit(values: np.ndarray, suit: np.ndarray) -> np.ndarray:
    picked: np.ndarray = values[np.arange(len(values)), suit]
    return picked


def _run(arrays: HandArrays, selection: Selection) -> tuple[np.ndarray, np.ndarray]:
    if selection.suit is not None:
        return (
            _per_suit(arrays.suit_run, selection.suit),
            _per_suit(arrays.suit_run_top, selection.suit),
        )
    if selection.whole_hand:
        best = (arrays.suit_run * RANK_SLOTS + arrays.suit_run_top).argmax(axis=1)
        return _per_suit(arrays.suit_run, best), _per_suit(arrays.suit_run_top, best)
    masks = suit_masks(arrays.ranks, arrays.suits, selection.cards)
    found = [runs(masks[:, s], arrays.rank_count, arrays.wrap) for s in range(masks.shape[1])]
    lengths = np.stack([length for length, _ in found], axis=1)
    tops = np.stack([top for _, top in found], axis=1)
    best = (lengths * RANK_SLOTS + tops).argmax(axis=1)
    return _per_suit(lengths, best), _per_suit(tops, best)


def columns_high_to_low(values: np.ndarray) -> list[np.ndarray]:
    """The columns of ``values`` with each row sorted from high to low.

    Odd-even transposition: as many passes as columns, each swapping
    neighbours out of order, whole columns at once (a row of four cards sorts
    many times faster than by ``np.sort`` along the row).

    >>> [c.tolist() for c in columns_high_to_low(np.array([[3, 9, 0, 5], [1, 1, 2, 0]]))]
    [[9, 2], [5, 1], [3, 1], [0, 0]]
    """
    columns = [values[:, index] for index in range(values.shape[1])]
    for step in range(len(columns)):
        for left in range(step % 2, len(columns) - 1, 2):
            high = np.maximum(columns[left], columns[left + 1])
            columns[left + 1] = np.minimum(columns[left], columns[left + 1])
            columns[left] = high
    return columns


def key_values(key: TieKey, arrays: HandArrays, selection: Selection) -> np.ndarray:
    """Value of one tie key for every hand, over the selected cards."""
    selected = selection.cards
    if key == "run":
        return _run(arrays, selection)[0]
    if key == "run_top":
        return _run(arrays, selection)[1]
    if selection.suit is not None and key in ("card_count", "pips", "top_rank"):
        table = {"card_count": arrays.suit_count, "pips": arrays.suit_pips,
                 "top_rank": arrays.suit_top}[key]
        return _per_suit(table, selection.suit)
    if key == "card_count":
        return row_sum(selected)
    if key == "pips":
        return row_sum(np.where(selected, arrays.pips, 0))
    ranks_plus = np.where(selected, arrays.ranks + 1, 0)
    if key == "top_rank":
        return row_max(ranks_plus)
    if key == "ranks_desc":
        packed = np.zeros(len(ranks_plus), dtype=np.int64)
        for column in columns_high_to_low(ranks_plus):
            packed = packed * RANK_SLOTS + column
        return packed
    if key == "group_rank":
        same = (arrays.ranks[:, :, None] == arrays.ranks[:, None, :]) & selected[:, None, :]
        multiplicity = np.where(selected, row_sum(same), 0)
        best = row_max(multiplicity)[:, None]
        return row_max(np.where(selected & (multiplicity == best), ranks_plus, 0))
    raise ValueError(f"unknown tie key {key!r}")


def packed_keys(keys: Sequence[TieKey], arrays: HandArrays, selection: Selection) -> np.ndarray:
    """All keys of ``keys`` packed into one int64 per hand."""
    packed = np.zeros(len(arrays.hands), dtype=np.int64)
    for key in keys:
        packed = packed * key_bound(key, arrays.max_pips) + key_values(key, arrays, selection)
    return packed
