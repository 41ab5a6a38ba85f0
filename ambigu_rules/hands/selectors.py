"""Which cards of a hand make a combination (the ``cards`` selector).

* ``hand`` — all four cards;
* ``rank_group`` — the cards of the most numerous rank (the three of a tricon);
* ``suit_group`` — the cards of one suit holding two or more, the best such
  suit by the combination's own tie keys (the cards of a point);
* ``suit_run`` — the longest run of one suit, the highest if there are two
  (the three cards of a sequence).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..rules.combinations import TieKey
from ..rules.deck import SUITS_PER_DECK
from .features import HandArrays, row_max
from .key_space import RANK_SLOTS
from .tie_keys import Selection, packed_keys


def _suit_group(arrays: HandArrays, ties: Sequence[TieKey]) -> Selection:
    scores = []
    for suit in range(SUITS_PER_DECK):
        one_suit = Selection(arrays.suits == suit, np.full(len(arrays.hands), suit))
        score = packed_keys(ties, arrays, one_suit)
        scores.append(np.where(arrays.suit_count[:, suit] >= 2, score, -1))
    best = np.stack(scores, axis=1).argmax(axis=1)
    return Selection(arrays.suits == best[:, None], best)


def _suit_run(arrays: HandArrays) -> Selection:
    rows = np.arange(len(arrays.hands))
    best = (arrays.suit_run * RANK_SLOTS + arrays.suit_run_top).argmax(axis=1)
    length = arrays.suit_run[rows, best]
    top = arrays.suit_run_top[rows, best]  # rank position + 1 of the top card
    # A card is in the run when it lies less than ``length`` ranks below the top
    # (counted round the ranks, for a deck whose sequences wrap).
    below_top = (top[:, None] - 1 - arrays.ranks) % arrays.rank_count
    in_run = below_top < length[:, None]
    cards = (arrays.suits == best[:, None]) & in_run & (length[:, None] > 0)
    return Selection(cards, None)


def select_cards(kind: str, arrays: HandArrays, ties: Sequence[TieKey]) -> Selection:
    """The cards that make the combination in each hand."""
    if kind == "hand":
        return Selection(np.ones_like(arrays.hands, dtype=bool), None, whole_hand=True)
    if kind == "rank_group":
        multiplicity = arrays.rank_multiplicity
        return Selection(multiplicity == row_max(multiplicity)[:, None])
    if kind == "suit_group":
        return _suit_group(arrays, ties)
    if kind == "suit_run":
        return _suit_run(arrays)
    raise ValueError(f"unknown card selector {kind!r}")
