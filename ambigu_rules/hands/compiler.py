"""Compile a ruleset's combinations into the table of every four-card hand (numpy).

For each hand the table holds the best combination the hand holds, its value
in counters and a rank key (a larger key is a better hand; equal keys are
left to the seat order). Everything is computed from the YAML alone: the
``when`` conditions, ``parts``, ``cards`` selectors, ``ties`` and values.
This is the only place a table is built, and the only part of playing a
version that needs numpy; the result is plain data (:class:`.table.HandTable`).

>>> from ambigu_rules.load.catalog import deck_of
>>> from ambigu_rules.load.resolver import load_ruleset
>>> ruleset = load_ruleset("foster")
>>> table = compile_table(ruleset, deck_of(ruleset.deck, ruleset.id))
>>> table.size, table.combination_ids[table.best[0]]  # the first hand: the four aces
(91390, 'fredon')
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from math import comb

import numpy as np

from ..errors import RulesetError
from ..limits import MAX_TABLE_WORK
from ..rules.combinations import BestOf, Combination, PartRef, table_work
from ..rules.deck import HAND_SIZE, Deck
from ..rules.ruleset import Ruleset
from .features import HandArrays, hand_arrays
from .key_space import TIER_SHIFT, packing_space
from .predicates import holds
from .selectors import select_cards
from .table import VALUE_TYPECODE, HandTable, rules_digest, tiers
from .tie_keys import packed_keys


def compile_table(ruleset: Ruleset, deck: Deck) -> HandTable:
    """The table of every hand of ``deck`` under ``ruleset``'s combinations."""
    hands = comb(deck.size, HAND_SIZE)
    if table_work(ruleset.combinations, hands) > MAX_TABLE_WORK:  # validation said so first
        raise RulesetError([f"{ruleset.id}: the combinations' conditions are too much work "
                            f"for the table of {hands:,} hands (see 'ambigu validate')"])
    arrays = hand_arrays(deck)
    combinations = list(ruleset.combinations)
    tier = tiers(ruleset)
    count = len(arrays.hands)
    held: dict[str, np.ndarray] = {}
    value: dict[str, np.ndarray] = {}
    for combination in _order_for_parts(combinations):
        mask = (holds(combination.when, arrays.features) if combination.when is not None
                else np.ones(count, dtype=bool))
        own = np.full(count, combination.value, dtype=np.int64)
        for rule in reversed(combination.value_if):  # the first that holds counts
            own = np.where(holds(rule.when, arrays.features), rule.value, own)
        for part in combination.parts:
            part_held, part_value = _part(part, held, value, tier)
            mask &= part_held
            if combination.payment == "adds":
                own += part_value
        held[combination.id] = mask
        value[combination.id] = own
    best, best_key = _best(combinations, arrays, held, tier)
    values = np.zeros(count, dtype=np.int64)
    for index, combination in enumerate(combinations):
        values = np.where(best == index, value[combination.id], values)
    # Validation bounds every value by MAX_COUNTERS (10**9), which 32 bits hold;
    # HandTable's columns refuse anything that would not fit rather than wrap it.
    return HandTable(best=array("b", best.tolist()),
                     values=array(VALUE_TYPECODE, values.tolist()),
                     keys=np.maximum(best_key, 0).tolist(),
                     combination_ids=tuple(c.id for c in combinations),
                     rules=rules_digest(ruleset))


def _best(combinations: list[Combination], arrays: HandArrays, held: dict[str, np.ndarray],
          tier: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    """The best combination each hand holds, and its rank key (-1, -1 for none)."""
    count = len(arrays.hands)
    best = np.full(count, -1, dtype=np.int64)
    best_key = np.full(count, -1, dtype=np.int64)
    for index, combination in enumerate(combinations):
        selection = select_cards(combination.cards, arrays, combination.ties)
        space = packing_space(combination.ties, arrays.max_pips)
        if space >= 1 << TIER_SHIFT:
            raise RulesetError([f"combination {combination.id!r}: too many tie keys"])
        key = (tier[combination.id] << TIER_SHIFT) + packed_keys(
            combination.ties, arrays, selection)
        better = held[combination.id] & (key > best_key)
        best = np.where(better, index, best)
        best_key = np.where(better, key, best_key)
    return best, best_key


def _part(part: PartRef, held: dict[str, np.ndarray], value: dict[str, np.ndarray],
          tier: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    """Whether each hand holds a part, and the part's value in that hand."""
    names = part.best_of if isinstance(part, BestOf) else [part]
    # Highest-ranked first, so the first held alternative gives the value.
    names = sorted(names, key=lambda name: tier[name], reverse=True)
    any_held = np.zeros_like(held[names[0]])
    part_value = np.zeros_like(value[names[0]])
    for name in names:
        take = held[name] & ~any_held
        part_value = np.where(take, value[name], part_value)
        any_held |= held[name]
    return any_held, part_value


def _order_for_parts(combinations: Sequence[Combination]) -> list[Combination]:
    """Combinations sorted so that every part comes before what uses it."""
    by_id = {c.id: c for c in combinations}
    done: list[Combination] = []
    visiting: set[str] = set()

    def visit(combination: Combination) -> None:
        if combination in done:
            return
        if combination.id in visiting:
            raise RulesetError([f"combination {combination.id!r}: its parts loop back to it"])
        visiting.add(combination.id)
        for part in combination.parts:
            for name in part.best_of if isinstance(part, BestOf) else [part]:
                visit(by_id[name])
        visiting.discard(combination.id)
        done.append(combination)

    for combination in combinations:
        visit(combination)
    return done
