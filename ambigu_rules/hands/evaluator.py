"""A version's hands, looked up: the best combination of a hand, its value, the odds.

An :class:`Evaluator` holds the table of every four-card hand of one version
(:class:`.table.HandTable`). The table is compiled from the rule file by
:mod:`.compiler` (with numpy) the first time a version is used, and kept on
disk for the next program (:mod:`.table_cache`); or it is read from that
cache, or from bytes written earlier (:meth:`Evaluator.to_table`,
:meth:`Evaluator.from_table`, :func:`install_table`), in which case numpy is
never imported.

This module reads no file of rules: it is given resolved rulesets, and the
loader (:mod:`ambigu_rules.load`) tells it how a ruleset's deck rule becomes
its pack (:func:`use_packs`). A version by name is
:func:`ambigu_rules.load.versions.evaluator_for_variant`.

>>> from ambigu_rules.load.versions import evaluator_for_variant
>>> evaluator = evaluator_for_variant("foster")
>>> hand = evaluator.evaluate("2S 3S 4S 9S")
>>> hand.combination, hand.value
('flush_sequence', 8)
>>> Evaluator.from_table(evaluator.ruleset, evaluator.to_table()).evaluate("2S 3S 4S 9S") == hand
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import CardError, RulesetError, TableMissingError
from ..limits import MAX_CACHED_RULESETS
from ..rules.combinations import Combination
from ..rules.deck import HAND_SIZE, Deck
from ..rules.ruleset import Ruleset
from .table import HandTable, hand_masks, rules_digest, tiers
from .table_cache import read_table, write_table

#: How a ruleset's deck rule becomes its pack (:func:`use_packs`).
PackMaker = Callable[[Ruleset], Deck]
_PACK_MAKERS: list[PackMaker] = []


def use_packs(make: PackMaker) -> None:
    """Build every ruleset's pack with ``make`` from now on.

    A deck rule names a deck of ``rulesets/decks.yaml`` or lists its own ranks
    in the standard suits, so the pack is built where that file is read: the
    loader (:mod:`ambigu_rules.load.catalog`) calls this when it is imported,
    as it is before any ruleset exists.
    """
    _PACK_MAKERS[:] = [make]


def pack_of(ruleset: Ruleset) -> Deck:
    """The pack ``ruleset`` is played with (built by the loader's :func:`use_packs`)."""
    if not _PACK_MAKERS:
        raise RulesetError([f"{ruleset.id}: no pack can be built for this ruleset: resolve it "
                            "with ambigu_rules.load (load_ruleset), which reads the decks"])
    return _PACK_MAKERS[0](ruleset)


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


@dataclass(frozen=True, slots=True)
class Worth:
    """What a dealt hand is worth: its best combination (canonical name, id and
    display name), the combination's value and the hand's rank key."""

    combination: str | None
    combination_id: str | None
    name: str | None
    value: int
    key: int


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


class Evaluator:
    """The table of every hand of one version, and what is asked of it."""

    def __init__(self, ruleset: Ruleset, deck: Deck, table: HandTable | None = None) -> None:
        self.ruleset = ruleset
        self.deck = deck
        self._combinations = list(ruleset.combinations)
        self._tier = tiers(ruleset)
        if table is None:
            table = _compiled(ruleset, deck)
        row_of_mask = _rows_of(deck.cards())
        if table.rules != rules_digest(ruleset) or table.size != len(row_of_mask):
            raise RulesetError([f"{ruleset.id}: the hand table was made for other combinations "
                                "or another pack; compile it again from the rule file"])
        self.table = table
        self._best = table.best  # index into self._combinations, -1 = none
        self._values = table.values
        self._key_list = table.keys
        self._row_of_mask = row_of_mask
        self._worth: dict[int, Worth] = {}
        self._odds: Odds | None = None
        self.size = len(row_of_mask)

    # -- tables -------------------------------------------------------------

    def to_table(self) -> bytes:
        """The table as bytes, for :meth:`from_table` (in a program without numpy)."""
        return self.table.to_bytes()

    @classmethod
    def from_table(cls, ruleset: Ruleset, data: bytes) -> Evaluator:
        """The evaluator of ``ruleset`` from a table :meth:`to_table` wrote (no compiling)."""
        return cls(ruleset, pack_of(ruleset), HandTable.from_bytes(data))

    # -- use --------------------------------------------------------------

    @property
    def rank_keys(self) -> list[int]:
        """The rank key of every hand, in table order (a shared list: do not change it)."""
        return self._key_list

    @property
    def row_of_mask(self) -> dict[int, int]:
        """The table row of each hand, by its bitmask (a shared dict: do not change it)."""
        return self._row_of_mask

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
        given: tuple[object, ...] = tuple(hand)  # checked as objects: a caller may pass 4.0
        cards = tuple(card for card in given if type(card) is int and card in self.deck)
        if len(cards) != len(given) or len(set(cards)) != HAND_SIZE:
            raise CardError(f"a hand is {HAND_SIZE} different cards of the deck, got {given!r}")
        return cards

    def worth(self, cards: Sequence[int]) -> Worth:
        """What four distinct cards of the deck are worth (the engine's fast path:
        the cards are not checked, and the answer is shared for equal hands).

        >>> from ambigu_rules.load.versions import evaluator_for_variant
        >>> evaluator = evaluator_for_variant("foster")
        >>> worth = evaluator.worth(evaluator.deck.parse_hand("2S 3S 4S 9S"))
        >>> worth.combination, worth.value
        ('flush_sequence', 8)
        """
        mask = 0
        for card in cards:
            mask |= 1 << card
        row = self._row_of_mask[mask]
        found = self._worth.get(row)
        if found is None:
            found = self._worth[row] = self._worth_of_row(row)
        return found

    def _worth_of_row(self, row: int) -> Worth:
        index = self._best[row]
        combination = self._combinations[index] if index >= 0 else None
        return Worth(
            combination=canonical_of(combination),
            combination_id=combination.id if combination else None,
            name=combination.name if combination else None,
            value=self._values[row],
            key=self._key_list[row],
        )

    def evaluate(self, hand: str | Sequence[int]) -> HandEvaluation:
        """The best combination of a hand, its value and its rank key."""
        cards = self._cards(hand)
        worth = self.worth(cards)
        return HandEvaluation(
            cards=cards,
            text=self.deck.format_hand(cards),
            combination=worth.combination,
            combination_id=worth.combination_id,
            name=worth.name,
            value=worth.value,
            key=worth.key,
        )

    def odds(self) -> Odds:
        """Exact count of hands whose best combination is each combination.

        Counted once per evaluator (its table and rules never change); each call
        gets an :class:`Odds` of its own, whose list it may change freely.
        """
        if self._odds is None:
            self._odds = self._count_odds()
        return Odds(self._odds.total, list(self._odds.combinations), self._odds.mean_value)

    def _count_odds(self) -> Odds:
        counts = self.table.counts()
        rows = []
        for index, combination in sorted(
            enumerate(self._combinations), key=lambda item: self._tier[item[1].id]
        ):
            values = self.table.values_of(index)
            rows.append(
                CombinationOdds(
                    combination=canonical_of(combination),
                    combination_id=combination.id,
                    name=combination.name,
                    count=counts[index],
                    probability=counts[index] / self.size,
                    value=" or ".join(str(v) for v in values) if values else "-",
                )
            )
        if counts[-1]:
            rows.insert(0, CombinationOdds(None, None, "(no combination)", counts[-1],
                                           counts[-1] / self.size, "0"))
        return Odds(self.size, rows, self.table.mean_value())


def canonical_of(combination: Combination | None) -> str | None:
    if combination is None:
        return None
    return combination.canonical or combination.id


def _compiled(ruleset: Ruleset, deck: Deck) -> HandTable:
    """The table of ``ruleset`` from the disk cache, or compiled (and cached); where
    numpy is missing (a browser), say what is needed."""
    cached = read_table(ruleset, deck)
    if cached is not None:
        return cached
    try:
        from .compiler import compile_table  # numpy, only to build a table
    except ModuleNotFoundError as error:
        if error.name != "numpy":
            raise
        raise TableMissingError(
            f"{ruleset.id}: no table of hands fits this version: its pack, combinations or "
            "ranking differ from every version whose table is loaded here, and a new table "
            "needs numpy, which is not installed; compile it with the command line "
            "(for example 'ambigu odds FILE')") from None
    table = compile_table(ruleset, deck)
    write_table(ruleset, deck, table)
    return table


_COMPILED: dict[int, tuple[Ruleset, Evaluator]] = {}
_BY_CONTENT: dict[str, Evaluator] = {}
_BY_DIGEST: dict[str, HandTable] = {}

#: What of a ruleset an :class:`Evaluator` reads: rulesets equal in these share one table.
EVALUATED_PARTS = frozenset({"id", "players", "deck", "combinations", "ranking"})


def _content(ruleset: Ruleset) -> str:
    return ruleset.model_dump_json(include=set(EVALUATED_PARTS))


def install_table(ruleset: Ruleset, data: bytes) -> Evaluator:
    """Use the table ``data`` (:meth:`Evaluator.to_table`) for ``ruleset`` from now on.

    Every later :func:`evaluator_for` of a ruleset equal in
    :data:`EVALUATED_PARTS` (the engine's, the bots') finds it instead of
    compiling one, so a program given its tables never imports numpy.
    """
    evaluator = Evaluator.from_table(ruleset, data)
    _remember(_BY_CONTENT, _content(ruleset), evaluator)
    _remember(_BY_DIGEST, evaluator.table.rules, evaluator.table)
    return evaluator


def evaluator_for(ruleset: Ruleset) -> Evaluator:
    """One compiled table per ruleset object, shared by rulesets equal in
    :data:`EVALUATED_PARTS` (a version whose procedure alone differs).

    A ruleset with another id but the same pack, combinations and ranking
    (:func:`.table.rules_digest`) as an installed or compiled table reuses
    that table: a house rule file that changes only the procedure is played
    with its parent's table.
    """
    entry = _COMPILED.get(id(ruleset))
    if entry is None or entry[0] is not ruleset:
        content = _content(ruleset)
        evaluator = _BY_CONTENT.get(content)
        if evaluator is None:
            table = _BY_DIGEST.get(rules_digest(ruleset))
            evaluator = Evaluator(ruleset, pack_of(ruleset), table)
            _remember(_BY_CONTENT, content, evaluator)
            _remember(_BY_DIGEST, evaluator.table.rules, evaluator.table)
        entry = (ruleset, evaluator)
        _remember(_COMPILED, id(ruleset), entry)
    return entry[1]


_ROWS: dict[tuple[int, ...], dict[int, int]] = {}


def _rows_of(cards: tuple[int, ...]) -> dict[int, int]:
    """The table row of each hand's bitmask for a pack of ``cards`` (shared by the
    evaluators of one pack, which only read it)."""
    rows = _ROWS.get(cards)
    if rows is None:
        masks = hand_masks(cards)
        rows = dict(zip(masks, range(len(masks)), strict=True))
        _remember(_ROWS, cards, rows)
    return rows


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    """Keep ``value``, forgetting the oldest entries (a long-lived process checks many files)."""
    while len(cache) >= MAX_CACHED_RULESETS:
        del cache[next(iter(cache))]
    cache[key] = value
