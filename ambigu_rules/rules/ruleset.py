"""The whole ruleset: every section of a rule file, and how it inherits."""

from __future__ import annotations

from typing import Literal

from pydantic import (
    Field,
    field_validator,
)
from pydantic_core import PydanticCustomError

from ..limits import MAX_COMBINATIONS, MAX_ITEMS, MAX_STEPS
from .combinations import Combination, CombinationPayment, Ranking
from .common import (
    DESCRIPTIVE,
    Evidence,
    Identifier,
    RulePoint,
    Translated,
    VersionName,
    YearOrPeriod,
)
from .procedure import Step
from .sources import OwnSource
from .table import DeckRule, Direction, Players, TableRules

# ----------------------------------------------------------------------------
# The whole ruleset


class InheritPolicy(Translated):
    """How rule points taken unchanged from the parent are labelled.

    ``downgrade_to`` lowers their evidence to at most this level (an
    ``editorial`` point stays editorial); ``note`` says why.
    """

    downgrade_to: Evidence | None = Field(
        default=None,
        description=(
            "The evidence level that points taken unchanged are lowered to at most (an "
            "`editorial` point stays editorial)."
        ),
        json_schema_extra=DESCRIPTIVE,
    )
    note: str = Field(
        description="Why, in our own words.",
        json_schema_extra=DESCRIPTIVE,
    )


class HistoryPoint(RulePoint):
    """A fact about the version's text itself (date, title, preface), not a rule."""

    id: Identifier = Field(
        description="The fact's id.",
        json_schema_extra=DESCRIPTIVE,
    )
    title: str | None = Field(
        default=None,
        description="The fact's heading on the version page; without it, the id in words.",
        json_schema_extra=DESCRIPTIVE,
    )
    text: str = Field(
        description="The fact, in our own words.",
        json_schema_extra=DESCRIPTIVE,
    )


class Ruleset(Translated):
    """A complete, resolved version of the rules."""

    format: Literal[1] = Field(description="The version of the rule format: always `1`.")
    id: Identifier = Field(
        description="The version's id (`1730`, `foster`); never inherited.",
        json_schema_extra=DESCRIPTIVE,
    )
    title: str = Field(
        description="The version's full title; never inherited.",
        json_schema_extra=DESCRIPTIVE,
    )
    short_title: str = Field(
        description="A short title for tables and menus; never inherited.",
        json_schema_extra=DESCRIPTIVE,
    )
    year: YearOrPeriod | None = Field(
        default=None,
        description=(
            "The year of the version's text, a whole number (`1730`; `\"1730\"` is read as "
            "the same number); never inherited."
        ),
        json_schema_extra=DESCRIPTIVE,
    )
    period: str | None = Field(
        default=None,
        description=(
            "A period in words, for a range or an approximate date (`1911 (probably)`), shown "
            "by `ambigu variants` where there is no `year`; never inherited."
        ),
        json_schema_extra=DESCRIPTIVE,
    )
    summary: str = Field(
        description="The version in a sentence or two; never inherited.",
        json_schema_extra=DESCRIPTIVE,
    )
    extends: VersionName | None = Field(
        default=None,
        description=(
            "The version this file builds on: a built-in id, or a relative `.yaml`/`.yml` path in"
            " this file's folder or below it."
        ),
        json_schema_extra=DESCRIPTIVE,
    )
    inherit: InheritPolicy | None = Field(
        default=None,
        description="How rule points taken unchanged from the parent are labelled.",
        json_schema_extra=DESCRIPTIVE,
    )
    history: list[HistoryPoint] = Field(
        default=[], max_length=MAX_ITEMS,
        description="Facts about the version's text itself (date, preface); never inherited.",
        json_schema_extra=DESCRIPTIVE,
    )
    sources: list[OwnSource] = Field(
        default=[], max_length=MAX_ITEMS,
        description=(
            "Works this file's rule points cite that are not in `rulesets/sources.yaml`: a "
            "house's own notes, say."
        ),
        json_schema_extra=DESCRIPTIVE,
    )
    players: Players = Field(description="How many players.")
    deck: DeckRule = Field(description="Which pack the version plays with.")
    direction: Direction = Field(
        description="The direction of play, who speaks first and who cuts.",
    )
    combinations: list[Combination] = Field(
        min_length=1, max_length=MAX_COMBINATIONS,
        description="The scoring combinations.",
    )
    ranking: Ranking = Field(description="The order of the combinations.")
    payment: CombinationPayment = Field(
        description="Who pays the winner the value of his combination, and when.",
    )
    procedure: list[Step] = Field(
        min_length=1, max_length=MAX_STEPS,
        description="The steps of a deal, in order.",
    )
    table: TableRules = Field(
        default=TableRules(),
        description="Rules that hold for the whole session.",
    )

    @field_validator("combinations")
    @classmethod
    def _unique_combination_ids(cls, value: list[Combination]) -> list[Combination]:
        seen: set[str] = set()
        for item in value:
            if item.id in seen:
                raise PydanticCustomError(
                    "duplicate_id", "combination id {id!r} is used twice", {"id": item.id}
                )
            seen.add(item.id)
        return value

    def combination(self, combination_id: str) -> Combination:
        """The combination with this id (``KeyError`` if none)."""
        for item in self.combinations:
            if item.id == combination_id:
                return item
        raise KeyError(combination_id)
