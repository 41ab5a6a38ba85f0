"""Combinations: how a hand is recognised, ranked and paid."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ..limits import MAX_COMBINATIONS, MAX_ITEMS
from .common import DESCRIPTIVE, Canonical, Count, Identifier, RulePoint, Strict

# ----------------------------------------------------------------------------
# Combinations

Feature = Literal[
    "distinct_suits",
    "distinct_ranks",
    "max_suit_count",
    "max_rank_count",
    "pips",
    "longest_suit_run",
    "longest_run",
]
TieKey = Literal["card_count", "pips", "run", "top_rank", "ranks_desc", "group_rank", "run_top"]
HAND_FEATURES: tuple[str, ...] = get_args(Feature)
TIE_KEYS: tuple[str, ...] = get_args(TieKey)


class Comparison(Strict):
    """A test on one feature value, e.g. ``{gt: 30}``."""

    eq: Count | None = Field(default=None, description="The feature equals this number.")
    ne: Count | None = Field(default=None, description="The feature differs from this number.")
    gt: Count | None = Field(default=None, description="The feature is greater than this number.")
    ge: Count | None = Field(default=None, description="The feature is this number or more.")
    lt: Count | None = Field(default=None, description="The feature is less than this number.")
    le: Count | None = Field(default=None, description="The feature is this number or less.")
    in_: list[Count] | None = Field(
        default=None, alias="in", max_length=MAX_ITEMS,
        description="The feature is one of these numbers.",
    )

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _not_empty(self) -> Comparison:
        if all(getattr(self, name) is None for name in ("eq", "ne", "gt", "ge", "lt", "le", "in_")):
            raise PydanticCustomError(
                "comparison", "expected at least one of eq, ne, gt, ge, lt, le, in", {}
            )
        return self


def _comparison(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return {"eq": value}
    return value


FeatureTest = Annotated[
    Comparison, BeforeValidator(_comparison, json_schema_input_type=int | Comparison)
]


class Predicate(Strict):
    """A condition on a hand: features compared with numbers, combined.

    Several keys in one mapping must all hold. ``all``, ``any`` and ``not``
    combine sub-conditions.
    """

    all: list[Predicate] | None = Field(
        default=None, max_length=MAX_ITEMS,
        description="Conditions that must all hold.",
    )
    any: list[Predicate] | None = Field(
        default=None, max_length=MAX_ITEMS,
        description="Conditions of which at least one must hold.",
    )
    not_: Predicate | None = Field(
        default=None, alias="not",
        description="A condition that must not hold.",
    )
    distinct_suits: FeatureTest | None = Field(
        default=None,
        description="How many suits the four cards show.",
    )
    distinct_ranks: FeatureTest | None = Field(
        default=None,
        description="How many ranks the four cards show.",
    )
    max_suit_count: FeatureTest | None = Field(
        default=None,
        description="The most cards of one suit.",
    )
    max_rank_count: FeatureTest | None = Field(
        default=None,
        description="The most cards of one rank.",
    )
    pips: FeatureTest | None = Field(
        default=None,
        description="The sum of the pips of the four cards.",
    )
    longest_suit_run: FeatureTest | None = Field(
        default=None,
        description="The longest run of consecutive ranks in one suit (ace low, no wrap).",
    )
    longest_run: FeatureTest | None = Field(
        default=None,
        description="The longest run of consecutive ranks, suits ignored.",
    )

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def condition_size(predicate: Predicate | None) -> int:
    """How many tests ``predicate`` makes of every hand: one per mapping and one per
    feature compared, sub-conditions included (an alias counts as often as it is used).

    >>> condition_size(Predicate.model_validate({"all": [{"pips": 1}, {"pips": 2}]}))
    5
    """
    if predicate is None:
        return 0
    size = 1 + sum(getattr(predicate, name) is not None for name in HAND_FEATURES)
    for part in [*(predicate.all or []), *(predicate.any or [])]:
        size += condition_size(part)
    return size + condition_size(predicate.not_)


def table_work(combinations: Sequence[Combination], hands: int) -> int:
    """The work of compiling the table of ``hands`` hands: every test of every
    combination's conditions (``when`` and ``value_if``) is made of every hand."""
    tests = sum(condition_size(c.when) + sum(condition_size(rule.when) for rule in c.value_if)
                for c in combinations)
    return tests * hands


class ValueIf(Strict):
    """A value for the hands of a combination that meet a condition."""

    when: Predicate = Field(description="The condition on the hand's features.")
    value: Count = Field(description="What each paying player pays for such a hand.")


class BestOf(Strict):
    """The highest-ranked of several combinations that the hand holds."""

    best_of: list[Identifier] = Field(
        min_length=1, max_length=MAX_ITEMS,
        description="Combination ids; the highest-ranked one that the hand holds is the part.",
    )


PartRef = Identifier | BestOf


class Combination(RulePoint):
    """A scoring combination of four cards.

    A hand holds the combination when ``when`` holds and it also holds every
    combination in ``parts``. ``cards`` says which cards of the hand make it
    (and so which cards the tie-break keys look at). ``value`` is what each
    paying player pays the winner who shows it; with ``payment: adds`` the
    values of its parts are added to ``value``.
    """

    id: Identifier = Field(
        description="The combination's id, used by `ranking`, `parts` and inheritance.",
        json_schema_extra=DESCRIPTIVE,
    )
    name: str = Field(
        description="The version's own name for the combination.",
        json_schema_extra=DESCRIPTIVE,
    )
    canonical: Canonical | None = Field(
        default=None,
        description=(
            "The standard combination it corresponds to, for comparing versions (without it, "
            "the id, if it is a standard one); a combination of one's own needs none."
        ),
        json_schema_extra=DESCRIPTIVE,
    )
    names: dict[str, str] | None = Field(
        default=None,
        description="Its names in other languages or spellings, by key (`fr`, `fr-alt`).",
        json_schema_extra=DESCRIPTIVE,
    )
    definition: str = Field(
        description="The combination in words.",
        json_schema_extra=DESCRIPTIVE,
    )
    when: Predicate | None = Field(
        default=None,
        description="The condition on the hand's features that the combination needs.",
    )
    parts: list[PartRef] = Field(
        default=[], max_length=MAX_ITEMS,
        description=(
            "Combinations the hand must also hold; `{best_of: [grand_prime, prime]}` takes the "
            "highest one held."
        ),
    )
    cards: Literal["hand", "suit_group", "rank_group", "suit_run"] = Field(
        default="hand",
        description=(
            "Which cards make the combination, and so which cards the tie keys look at: `hand`, "
            "`suit_group` (the best suit of two or more cards), `rank_group` (the cards of the "
            "most numerous rank), `suit_run` (the longest run in one suit)."
        ),
    )
    ties: list[TieKey] = Field(
        default=[], max_length=MAX_ITEMS,
        description=(
            "Keys over those cards, compared in order, higher wins: `card_count`, `pips`, `run` "
            "(longest run in one suit), `top_rank`, `ranks_desc` (top card, then the next...), "
            "`group_rank`, `run_top`."
        ),
    )
    value: Count = Field(
        default=0,
        description="Counters each paying player pays the winner who shows it.",
    )
    value_if: list[ValueIf] = Field(
        default=[], max_length=MAX_ITEMS,
        description=(
            "Values for hands that meet a condition, in place of `value`: the first that holds "
            "counts (for example, by pips: `[{when: {pips: {gt: 28}}, value: 11}]`)."
        ),
    )
    payment: Literal["own", "adds"] = Field(
        default="own",
        description="`own`: `value` is paid; `adds`: `value` plus the values of the `parts`.",
    )

    @model_validator(mode="after")
    def _defines_something(self) -> Combination:
        if self.when is None and not self.parts:
            raise PydanticCustomError(
                "combination", "a combination needs a 'when' condition or 'parts'", {}
            )
        return self


def _tier(value: Any) -> Any:
    return value if isinstance(value, list) else [value]


Tier = Annotated[
    list[Identifier], BeforeValidator(_tier, json_schema_input_type=str | list[str])
]


class Ranking(RulePoint):
    """Order of the combinations, lowest first; a nested list is one rank."""

    order: list[Tier] = Field(
        min_length=1, max_length=MAX_COMBINATIONS,
        description=(
            "Combination ids from lowest to highest; a nested list puts several on one rank."
        ),
    )
    final_tie: Literal["nearest_dealer_right", "split"] = Field(
        description=(
            "Who wins an exact tie, when two hands are still equal after every tie-break."
        ),
    )


class CombinationPayment(RulePoint):
    """Who pays the winner the value of his combination, and when."""

    payers: Literal[
        "each_other_player_dealt_in", "each_other_player_at_table", "each_other_player_still_in"
    ] = Field(
        description=(
            "Who pays the winner the value of his combination."
        ),
    )
    uncontested: Literal["paid", "not_paid"] = Field(
        description=(
            "Whether a winner whom nobody called is paid his combination."
        ),
    )
    shortfall: Literal["debt", "pay_what_one_can"] = Field(
        description=(
            "What becomes of a player who cannot pay in full."
        ),
    )
