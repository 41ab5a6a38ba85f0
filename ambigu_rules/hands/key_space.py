"""How much room the tie-break keys of a combination take (no numpy needed).

A hand's rank key is its combination's tier shifted above its packed
tie-break keys (see :mod:`.tie_keys`); the loader checks with these bounds
that a rule file's keys fit, without compiling any table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.combinations import TieKey

# Ranks are stored as position + 1 so that 0 means "no card".
RANK_SLOTS = 17
# Keys of different tiers never mix: the tier goes above every packed tie key,
# so a combination's packed tie keys must stay below 2**TIER_SHIFT.
TIER_SHIFT = 44


def key_bound(key: TieKey, max_pips: int) -> int:
    """How many distinct values ``key`` can take (``max_pips``: the deck's highest card)."""
    return {
        "card_count": 5,
        "pips": 4 * max_pips + 1,
        "run": 5,
        "top_rank": RANK_SLOTS,
        "ranks_desc": RANK_SLOTS**4,
        "group_rank": RANK_SLOTS,
        "run_top": RANK_SLOTS,
    }[key]


def packing_space(keys: Sequence[TieKey], max_pips: int) -> int:
    """The product of the bounds: packed keys are below this number.

    >>> packing_space(["card_count", "top_rank"], max_pips=10)
    85
    """
    space = 1
    for key in keys:
        space *= key_bound(key, max_pips)
    return space
