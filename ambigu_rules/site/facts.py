"""A version as the pages see it, and its rule points in page order.

A :class:`Version` is a resolved ruleset with what the pages need to say
about it: its evaluator, the odds of every combination, the amounts each
combination pays, and which of all the hands hold each combination.
:func:`rule_points` lists every rule point of a ruleset in the order of its
version page; :data:`TABLE_RULE_PLACES` says where on that page each rule
of ``table`` goes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from ..hands.evaluator import Evaluator, Odds, canonical_of
from ..hands.features import hand_arrays
from ..hands.predicates import holds
from ..load.resolver import load_ruleset
from ..load.versions import evaluator_for_variant
from ..rules.combinations import BestOf, Combination
from ..rules.common import RulePoint
from ..rules.procedure import Step
from ..rules.ruleset import Ruleset
from ..rules.table import TableRule, TableRules
from ..rules.where_silent import PLAYED_WHERE_SILENT
from ..words.lang import EN, Catalog


@dataclass
class Version:
    """A resolved version with what the pages need to say about it."""

    id: str
    ruleset: Ruleset
    name: str = ""
    values: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, name: str) -> Version:
        """A version by built-in id or by the path of a user's rule file."""
        ruleset = load_ruleset(name)
        odds = evaluator_for_variant(name).odds()
        values = {row.combination_id: row.value for row in odds.combinations if row.combination_id}
        return cls(ruleset.id, ruleset, name, values)

    @cached_property
    def evaluator(self) -> Evaluator:
        """The evaluator of this version's hands (built or read once)."""
        return evaluator_for_variant(self.name or self.id)

    @cached_property
    def odds(self) -> Odds:
        """How many of all the hands hold each combination as their best."""
        return self.evaluator.odds()

    @property
    def title(self) -> str:
        """The version's full title."""
        return self.ruleset.title

    @property
    def short_title(self) -> str:
        """The version's title in a few words, for tabs and tables."""
        return self.ruleset.short_title

    @property
    def date(self) -> str:
        """The year of the version's text, or its period when the year is unknown."""
        return self.date_in("en")

    def date_in(self, code: str) -> str:
        """:attr:`date` in the language ``code`` (a period has its French form)."""
        if self.ruleset.year is not None:
            return str(self.ruleset.year)
        return self.ruleset.text_in("period", code) if self.ruleset.period else ""

    @cached_property
    def sort_key(self) -> tuple[int, str]:
        """Chronological: the year, or the first year named in the period."""
        found = re.search(r"\d{4}", self.date)
        return (int(found.group()) if found else 9999, self.id)

    @cached_property
    def held(self) -> dict[str, np.ndarray]:
        """For each combination id, which of all the hands hold it (best or not)."""
        arrays = hand_arrays(self.evaluator.deck)
        combinations = {c.id: c for c in self.ruleset.combinations}
        held: dict[str, np.ndarray] = {}

        def visit(combination_id: str) -> np.ndarray:
            if combination_id not in held:
                combination = combinations[combination_id]
                mask = (holds(combination.when, arrays.features) if combination.when is not None
                        else np.ones(len(arrays.hands), dtype=bool))
                for part in combination.parts:
                    names = part.best_of if isinstance(part, BestOf) else [part]
                    mask = mask & np.logical_or.reduce([visit(name) for name in names])
                held[combination_id] = mask
            return held[combination_id]

        for combination_id in combinations:
            visit(combination_id)
        return held

    def combination(self, canonical: str) -> Combination | None:
        """The version's combination of the canonical kind ``canonical``, if it has one."""
        for combination in self.ruleset.combinations:
            if canonical_of(combination) == canonical:
                return combination
        return None

    def steps(self, kind: type) -> list[Step]:
        """The steps of the procedure of one kind (``AnteStep``, ``BettingStep`` ...)."""
        return [step for step in self.ruleset.procedure if isinstance(step, kind)]


#: The heading of each rule of ``table`` but the penalties, in each language.
TABLE_RULE_HEADINGS = Catalog(__name__, "TABLE_RULE_HEADINGS", {
    "first_dealer": "The first dealer",
    "dealer_rotation": "The next dealer",
    "betting_limit": "Betting limit",
    "bank": "Counters and the bank",
    "buy_back": "Buying more counters",
    "all_in": "All in",
    "stock_exhaustion": "When the stock runs out",
    "duration": "Length of the game",
    "dealer_out_of_deal": "A dealer put out of the deal",
})
#: Each rule of ``table`` but the penalties: the part of a version page it
#: belongs to, and its heading there (in English). A new table rule without a
#: place here fails a test.
TABLE_RULE_PLACES: dict[str, tuple[str, str]] = {
    name: (place, TABLE_RULE_HEADINGS(name, EN)) for name, place in (
        ("first_dealer", "at the table"), ("dealer_rotation", "at the table"),
        ("betting_limit", "session"), ("bank", "session"), ("buy_back", "session"),
        ("all_in", "session"), ("stock_exhaustion", "session"), ("duration", "session"),
        ("dealer_out_of_deal", "penalties"))
}


def table_rule(table: TableRules, name: str) -> TableRule | None:
    """The rule ``name`` of ``table`` (one of :data:`TABLE_RULE_PLACES`), if given."""
    point: TableRule | None = getattr(table, name)
    return point


def table_rules_at(table: TableRules, place: str) -> Iterator[tuple[str, str, TableRule]]:
    """Name, heading and rule of each rule of ``table`` given for ``place``."""
    for name, (where, heading) in TABLE_RULE_PLACES.items():
        point = table_rule(table, name)
        if where == place and point is not None:
            yield name, heading, point


def played_table_rules_at(table: TableRules,
                          place: str) -> Iterator[tuple[str, str, TableRule, bool]]:
    """Name, heading and rule of each rule of ``table`` for ``place`` as it is played,
    and whether it is the editors' row because the version is silent on it
    (:data:`~ambigu_rules.rules.where_silent.PLAYED_WHERE_SILENT`)."""
    for name, (where, heading) in TABLE_RULE_PLACES.items():
        if where != place:
            continue
        point = table_rule(table, name)
        if point is None:
            yield name, heading, PLAYED_WHERE_SILENT[name], True
        else:
            yield name, heading, point, False


def rule_points(ruleset: Ruleset) -> Iterator[tuple[str, RulePoint]]:
    """Every rule point of a version with a short label, in page order."""
    yield "players", ruleset.players
    yield "deck", ruleset.deck
    yield "direction", ruleset.direction
    for name, _, point in table_rules_at(ruleset.table, "at the table"):
        yield name, point
    for step in ruleset.procedure:
        yield f"step {step.id}", step
    for combination in ruleset.combinations:
        yield f"combination {combination.id}", combination
    yield "ranking", ruleset.ranking
    yield "payment", ruleset.payment
    for place in ("session", "penalties"):
        for name, _, point in table_rules_at(ruleset.table, place):
            yield name, point
    for penalty in ruleset.table.penalties:
        yield f"penalty {penalty.id}", penalty
    for item in ruleset.history:
        yield f"history {item.id}", item
