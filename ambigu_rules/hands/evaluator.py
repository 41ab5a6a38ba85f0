"""Compile a ruleset's combinations into a table over every four-card hand.

For each hand the table holds the best combination the hand holds, its value
in counters and a rank key (a larger key is a better hand; equal keys are
left to the seat order). Everything is computed from the YAML alone: the
``when`` conditions, ``parts``, ``cards`` selectors, ``ties`` and values.

>>> evaluator = Evaluator.for_variant("foster")
>>> hand = evaluator.evaluate("2S 3S 4S 9S")
>>> hand.combination, hand.value
('flush_sequence', 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import CardError, RulesetError
from ..limits import MAX_CACHED_RULESETS
from ..load.catalog import deck_of
from ..load.resolver import resolve
from ..rules.combinations import BestOf, Combination, PartRef
from ..rules.deck import HAND_SIZE, Deck
from ..rules.ruleset import Ruleset
from .features import HandArrays, hand_arrays
from .predicates import holds
from .selectors import select_cards
from .tie_keys import TIER_SHIFT, packed_keys, packing_space


@dataclass(frozen=True)
class HandEvaluation:
    """What a hand is worth under one version."""

    cards: tuple[int, ...]
    text: str
    combination: str | None
    combination_id: str | None
    name: str | None
    value: int
    key: int

    def to_json(self) -> dict[str, object]:
        return {
            "hand": self.text,
            "combination": self.combination,
            "combination_id": self.combination_id,
            "name": self.name,
            "value": self.value,
        }


@dataclass(frozen=True)
class CombinationOdds:
    combination: str | None
    combination_id: str | None
    name: str
    count: int
    probability: float
    value: str


@dataclass(frozen=True)
class Odds:
    total: int
    combinations: list[CombinationOdds]
    mean_value: float


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


class Evaluator:
    """The compiled hand table of one version."""

    def __init__(self, ruleset: Ruleset, deck: Deck) -> None:
        self.ruleset = ruleset
        self.deck = deck
        arrays = hand_arrays(deck)
        self._combinations = list(ruleset.combinations)
        self._tier = {
            name: position + 1
            for position, tier in enumerate(ruleset.ranking.order)
            for name in tier
        }
        best, values, keys = self._compile(arrays)
        self._best = best  # index into self._combinations, -1 = none
        masks = np.left_shift(1, arrays.hands).sum(axis=1).tolist()
        self._row_of_mask = dict(zip(masks, range(len(masks)), strict=True))
        self._key_list: list[int] = keys.tolist()
        self._values = values
        self._keys = keys
        self.size = len(masks)

    # -- building ---------------------------------------------------------

    def _compile(self, arrays: HandArrays) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        count = len(arrays.hands)
        held: dict[str, np.ndarray] = {}
        value: dict[str, np.ndarray] = {}
        for combination in _order_for_parts(self._combinations):
            mask = (
                holds(combination.when, arrays.features)
                if combination.when is not None
                else np.ones(count, dtype=bool)
            )
            own = np.full(count, combination.value, dtype=np.int64)
            for rule in reversed(combination.value_if):  # the first that holds counts
                own = np.where(holds(rule.when, arrays.features), rule.value, own)
            for part in combination.parts:
                part_held, part_value = self._part(part, held, value)
                mask &= part_held
                if combination.payment == "adds":
                    own += part_value
            held[combination.id] = mask
            value[combination.id] = own
        best = np.full(count, -1, dtype=np.int64)
        best_key = np.full(count, -1, dtype=np.int64)
        for index, combination in enumerate(self._combinations):
            selection = select_cards(combination.cards, arrays, combination.ties)
            space = packing_space(combination.ties, arrays.max_pips)
            if space >= 1 << TIER_SHIFT:
                raise RulesetError([f"combination {combination.id!r}: too many tie keys"])
            key = (self._tier[combination.id] << TIER_SHIFT) + packed_keys(
                combination.ties, arrays, selection
            )
            better = held[combination.id] & (key > best_key)
            best = np.where(better, index, best)
            best_key = np.where(better, key, best_key)
        values = np.zeros(count, dtype=np.int64)
        for index, combination in enumerate(self._combinations):
            values = np.where(best == index, value[combination.id], values)
        return best, values, np.maximum(best_key, 0)

    def _part(
        self, part: PartRef, held: dict[str, np.ndarray], value: dict[str, np.ndarray]
    ) -> tuple[np.ndarray, np.ndarray]:
        """Whether each hand holds a part, and the part's value in that hand."""
        names = part.best_of if isinstance(part, BestOf) else [part]
        # Highest-ranked first, so the first held alternative gives the value.
        names = sorted(names, key=lambda name: self._tier[name], reverse=True)
        any_held = np.zeros_like(held[names[0]])
        part_value = np.zeros_like(value[names[0]])
        for name in names:
            take = held[name] & ~any_held
            part_value = np.where(take, value[name], part_value)
            any_held |= held[name]
        return any_held, part_value

    # -- use --------------------------------------------------------------

    @classmethod
    def for_variant(cls, name: str) -> Evaluator:
        """The evaluator of a version given by id or path (cached per file state)."""
        resolved = resolve(name)
        return evaluator_for(resolved.ruleset)

    @property
    def rank_keys(self) -> list[int]:
        """The rank key of every hand, in table order (a shared list: do not change it)."""
        return self._key_list

    def key_of(self, cards: Sequence[int]) -> int:
        """Rank key of a hand given as card numbers (the fast path)."""
        mask = 0
        for card in cards:
            mask |= 1 << card
        return self._key_list[self._row_of_mask[mask]]

    def key_of_mask(self, mask: int) -> int:
        """Rank key of a hand given as a bitmask (bit ``c`` set for card ``c``)."""
        return self._key_list[self._row_of_mask[mask]]

    def _cards(self, hand: str | Sequence[int]) -> tuple[int, ...]:
        if isinstance(hand, str):
            return self.deck.parse_hand(hand)
        cards = tuple(hand)
        if len(set(cards)) != HAND_SIZE or not all(c in self.deck for c in cards):
            raise CardError(f"a hand is {HAND_SIZE} different cards of the deck, got {cards!r}")
        return cards

    def evaluate(self, hand: str | Sequence[int]) -> HandEvaluation:
        """The best combination of a hand, its value and its rank key."""
        cards = self._cards(hand)
        mask = 0
        for card in cards:
            mask |= 1 << card
        row = self._row_of_mask[mask]
        index = int(self._best[row])
        combination = self._combinations[index] if index >= 0 else None
        return HandEvaluation(
            cards=cards,
            text=self.deck.format_hand(cards),
            combination=canonical_of(combination),
            combination_id=combination.id if combination else None,
            name=combination.name if combination else None,
            value=int(self._values[row]),
            key=int(self._keys[row]),
        )

    def odds(self) -> Odds:
        """Exact count of hands whose best combination is each combination."""
        counts = np.bincount(self._best + 1, minlength=len(self._combinations) + 1)
        rows = []
        for index, combination in sorted(
            enumerate(self._combinations), key=lambda item: self._tier[item[1].id]
        ):
            held = self._best == index
            values = sorted(set(self._values[held].tolist()))
            rows.append(
                CombinationOdds(
                    combination=canonical_of(combination),
                    combination_id=combination.id,
                    name=combination.name,
                    count=int(counts[index + 1]),
                    probability=float(counts[index + 1]) / self.size,
                    value=" or ".join(str(v) for v in values) if values else "-",
                )
            )
        if counts[0]:
            rows.insert(0, CombinationOdds(None, None, "(no combination)", int(counts[0]),
                                           float(counts[0]) / self.size, "0"))
        return Odds(self.size, rows, float(self._values.mean()))


def canonical_of(combination: Combination | None) -> str | None:
    if combination is None:
        return None
    return combination.canonical or combination.id


_COMPILED: dict[int, tuple[Ruleset, Evaluator]] = {}
_BY_CONTENT: dict[str, Evaluator] = {}

#: What of a ruleset an :class:`Evaluator` reads: rulesets equal in these share one table.
EVALUATED_PARTS = frozenset({"id", "players", "deck", "combinations", "ranking"})


def evaluator_for(ruleset: Ruleset) -> Evaluator:
    """One compiled table per ruleset object, shared by rulesets equal in
    :data:`EVALUATED_PARTS` (a version whose procedure alone differs)."""
    entry = _COMPILED.get(id(ruleset))
    if entry is None or entry[0] is not ruleset:
        content = ruleset.model_dump_json(include=set(EVALUATED_PARTS))
        evaluator = _BY_CONTENT.get(content)
        if evaluator is None:
            evaluator = Evaluator(ruleset, deck_of(ruleset.deck, ruleset.id))
            _remember(_BY_CONTENT, content, evaluator)
        entry = (ruleset, evaluator)
        _remember(_COMPILED, id(ruleset), entry)
    return entry[1]


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    """Keep ``value``, forgetting the oldest entries (a long-lived process checks many files)."""
    while len(cache) >= MAX_CACHED_RULESETS:
        del cache[next(iter(cache))]
    cache[key] = value
