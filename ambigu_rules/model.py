"""The typed model of a ruleset: what a rule file may say.

A ruleset is a tree of *rule points*. Each rule point states one rule of a
version together with its provenance: ``source`` (an id from the
bibliography, optionally followed by a locator such as a section or page),
``evidence`` (how sure we are) and an optional ``note`` in our own words.

The model is strict: unknown keys, wrong types and out-of-range numbers are
errors. Cross-references (a tie-break naming a combination that does not
exist, an unknown source id) are checked afterwards by :mod:`.checks`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from .limits import MAX_COMBINATIONS, MAX_COUNTERS, MAX_ITEMS, MAX_PLAYERS, MAX_STEPS


def _whole_number(minimum: int, maximum: int = MAX_COUNTERS) -> Any:
    def check(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PydanticCustomError(
                "whole_number",
                "expected a whole number ≥ {minimum}, got {got}",
                {"minimum": minimum, "got": _shown(value)},
            )
        if not minimum <= value <= maximum:
            raise PydanticCustomError(
                "whole_number",
                "expected a whole number from {minimum} to {maximum}, got {got}",
                {"minimum": minimum, "maximum": f"{maximum:,}", "got": _shown(value)},
            )
        return value

    return BeforeValidator(check, json_schema_input_type=int)


def _shown(value: Any) -> str:
    """A short ``repr`` for a message (a number of a million digits stays short)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**15:
        return f"a number of {len(str(abs(value)))} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _identifier(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not value or any(ch.isspace() for ch in value):
        raise PydanticCustomError(
            "identifier", "expected an identifier without spaces, got {got}", {"got": repr(value)}
        )
    return value


Count = Annotated[int, _whole_number(0)]
Positive = Annotated[int, _whole_number(1)]
# At least two players: one alone has nobody to play against.
PlayerCount = Annotated[int, _whole_number(2, MAX_PLAYERS)]
Identifier = Annotated[str, BeforeValidator(_identifier, json_schema_input_type=str | int)]
Evidence = Literal["attested", "reconstructed", "inferred", "editorial"]
Canonical = Literal[
    "point",
    "prime",
    "grand_prime",
    "sequence",
    "tricon",
    "flush",
    "tricon_prime",
    "flush_sequence",
    "fredon",
]
EVIDENCE_LEVELS: tuple[str, ...] = get_args(Evidence)
CANONICAL_COMBINATIONS: tuple[str, ...] = get_args(Canonical)


class Strict(BaseModel):
    """Base of every model: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class SourceRef(Strict):
    """A citation: a bibliography id and where in that source."""

    id: Identifier
    at: str | None = None

    def __str__(self) -> str:
        return f"{self.id} {self.at}" if self.at else self.id


def _source_refs(value: Any) -> Any:
    """Accept ``"id locator"`` strings, or a list of them, as citations."""
    items = value if isinstance(value, list) else [value]
    refs = []
    for item in items:
        if isinstance(item, str) and item.strip():
            head, _, tail = item.strip().partition(" ")
            refs.append({"id": head, "at": tail.strip() or None})
        elif isinstance(item, dict):
            refs.append(item)
        else:
            raise PydanticCustomError(
                "source",
                "expected a source such as 'foster-1897 Method of Playing', got {got}",
                {"got": repr(item)},
            )
    if not refs:
        raise PydanticCustomError("source", "expected at least one source", {})
    return refs


Sources = Annotated[
    Annotated[list[SourceRef], Field(max_length=MAX_ITEMS)],
    BeforeValidator(_source_refs, json_schema_input_type=str | list[str | SourceRef]),
]


class RulePoint(Strict):
    """Provenance carried by every rule point."""

    source: Sources
    evidence: Evidence
    note: str | None = None
    # Set by inheritance when the point comes unchanged from a parent version.
    inherited_from: str | None = None
    parent_evidence: Evidence | None = None


class Range(Strict):
    """An inclusive range of whole numbers."""

    min: Count
    max: Count

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.min > self.max:
            raise PydanticCustomError(
                "range", "min ({lo}) is greater than max ({hi})", {"lo": self.min, "hi": self.max}
            )
        return self


class Agreed(Strict):
    """An amount the table agrees on before play: one of ``choices``."""

    default: Count
    choices: list[Count] = Field(max_length=MAX_ITEMS)

    @model_validator(mode="after")
    def _default_among_choices(self) -> Agreed:
        if self.default not in self.choices:
            raise PydanticCustomError(
                "agreed", "default {d} is not one of the choices", {"d": self.default}
            )
        return self


Amount = Count | Agreed


# ----------------------------------------------------------------------------
# Table, players and deck


class Players(RulePoint):
    min: PlayerCount
    max: PlayerCount
    best: list[PlayerCount] | None = Field(default=None, max_length=MAX_ITEMS)


class DeckRule(RulePoint):
    """Which deck from ``rulesets/decks.yaml`` the version plays with."""

    use: Identifier


class Direction(RulePoint):
    """Direction of dealing and speaking, and where a deal starts."""

    turn: Literal["counterclockwise", "clockwise"]
    first_to_speak: Literal["dealer_right", "dealer_left"]
    cut_by: Literal["dealer_left", "dealer_right"] | None = None


class FirstDealer(RulePoint):
    method: Literal["highest_card", "by_lot", "as_agreed"]


class DealerRotation(RulePoint):
    to: Literal["right", "left"]


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

    eq: Count | None = None
    ne: Count | None = None
    gt: Count | None = None
    ge: Count | None = None
    lt: Count | None = None
    le: Count | None = None
    in_: list[Count] | None = Field(default=None, alias="in", max_length=MAX_ITEMS)

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

    all: list[Predicate] | None = Field(default=None, max_length=MAX_ITEMS)
    any: list[Predicate] | None = Field(default=None, max_length=MAX_ITEMS)
    not_: Predicate | None = Field(default=None, alias="not")
    distinct_suits: FeatureTest | None = None
    distinct_ranks: FeatureTest | None = None
    max_suit_count: FeatureTest | None = None
    max_rank_count: FeatureTest | None = None
    pips: FeatureTest | None = None
    longest_suit_run: FeatureTest | None = None
    longest_run: FeatureTest | None = None

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class BestOf(Strict):
    """The highest-ranked of several combinations that the hand holds."""

    best_of: list[Identifier] = Field(min_length=1, max_length=MAX_ITEMS)


PartRef = Identifier | BestOf


class Combination(RulePoint):
    """A scoring combination of four cards.

    A hand holds the combination when ``when`` holds and it also holds every
    combination in ``parts``. ``cards`` says which cards of the hand make it
    (and so which cards the tie-break keys look at). ``value`` is what each
    paying player pays the winner who shows it; with ``payment: adds`` the
    values of its parts are added to ``value``.
    """

    id: Identifier
    name: str
    canonical: Canonical | None = None
    names: dict[str, str] | None = None
    definition: str
    when: Predicate | None = None
    parts: list[PartRef] = Field(default=[], max_length=MAX_ITEMS)
    cards: Literal["hand", "suit_group", "rank_group", "suit_run"] = "hand"
    ties: list[TieKey] = Field(default=[], max_length=MAX_ITEMS)
    value: Count = 0
    payment: Literal["own", "adds"] = "own"

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

    order: list[Tier] = Field(min_length=1, max_length=MAX_COMBINATIONS)
    final_tie: Literal["nearest_dealer_right"]


class CombinationPayment(RulePoint):
    """Who pays the winner the value of his combination, and when."""

    payers: Literal["each_other_player_dealt_in", "each_other_player_at_table"]
    uncontested: Literal["paid", "not_paid"]
    shortfall: Literal["debt", "pay_what_one_can"]


# ----------------------------------------------------------------------------
# Stakes and table agreements


class BettingLimit(RulePoint):
    kind: Literal["agreed_limit", "purse_only", "fixed_stakes_allowed"]


class Bank(RulePoint):
    equal_banks: bool
    banker: bool = False


class BuyBack(RulePoint):
    allowed: bool
    deadline: Literal["before_third_card", "between_deals"] | None = None


class AllIn(RulePoint):
    allowed: bool
    wins_up_to_own_stake: bool = True
    remainder_to: Literal["next_best_hand"] | None = None


class StockExhaustion(RulePoint):
    discards_reused: bool
    shuffle: bool = True
    cut: bool = False
    keep_own_discards_apart: bool = False


class Duration(RulePoint):
    by: list[Literal["agreed_time", "agreed_deals"]]
    leaving: Literal["only_broke_player", "loser_may_leave_under_time_limit", "not_stated"]
    finish_current_deal: bool = True


class Penalty(RulePoint):
    id: Identifier
    offence: Literal[
        "showing_cards",
        "showing_discards",
        "wrong_number_of_cards",
        "misdeal",
    ]
    payer: Literal["offender", "dealer"]
    amount: Count = 0
    into: Literal["pool"] = "pool"
    consequence: Literal["abandon_hand", "sit_out_deal", "none"]


class DealerOutOfDeal(RulePoint):
    """Who plays the dealer's part (his choice, his force) once he is out of the deal.

    ``next_in_turn``: the first player still in the deal counting from the
    dealer's right (the player the deal passes to in the usual direction);
    ``last_in_turn``: the last of them to speak, the seat nearest before the
    dealer. Without this rule the engine takes ``next_in_turn``.
    """

    role_passes_to: Literal["next_in_turn", "last_in_turn"]


class TableRules(Strict):
    """Agreements and edge-case rules that hold for the whole session."""

    first_dealer: FirstDealer | None = None
    dealer_rotation: DealerRotation | None = None
    betting_limit: BettingLimit | None = None
    bank: Bank | None = None
    buy_back: BuyBack | None = None
    all_in: AllIn | None = None
    stock_exhaustion: StockExhaustion | None = None
    duration: Duration | None = None
    dealer_out_of_deal: DealerOutOfDeal | None = None
    penalties: list[Penalty] = Field(default=[], max_length=MAX_ITEMS)


# ----------------------------------------------------------------------------
# Procedure: the steps of a deal and what happens at each outcome

Who = Literal["opener", "winner", "last_player", "dealer", "last_refuser", "each_player"]
Pile = Literal["pool", "bets", "batterie"]


class PayEffect(Strict):
    amount: Count
    from_: Literal["dealer", "last_refuser", "each_player", "each_other_player"] = Field(
        alias="from"
    )
    to: Literal["opener", "winner", "pool"]
    unless_same_player: bool = True

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class TakeEffect(Strict):
    who: Literal["opener", "winner", "last_player"]
    what: list[Pile] = Field(min_length=1)


class AddEffect(Strict):
    amount: Count
    into: Literal["pool", "batterie"] = "pool"
    who: Literal["each_player", "dealer"] = "each_player"


class Effect(Strict):
    """One thing that happens; exactly one key is given."""

    return_bet: Literal["opener"] | None = None
    pay: PayEffect | None = None
    take: TakeEffect | None = None
    combination_payment: Literal["winner", "opener", "last_player"] | None = None
    add: AddEffect | None = None
    carry_over: list[Pile] | None = None
    show_hand: Literal["winner", "opener", "last_player"] | None = None
    goto: Identifier | None = None
    redeal: Literal[True] | None = None
    end_deal: Literal[True] | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> Effect:
        given = [name for name in type(self).model_fields if getattr(self, name) is not None]
        if len(given) != 1:
            raise PydanticCustomError(
                "effect",
                "an effect has exactly one key, got {n}",
                {"n": len(given)},
            )
        return self


# An outcome's effects, in order.
Effects = Annotated[list[Effect], Field(max_length=MAX_ITEMS)]


class Choice(Strict):
    """A decision offered to one player between named lists of effects."""

    by: Literal["dealer"]
    options: dict[Identifier, Effects] = Field(min_length=2, max_length=MAX_ITEMS)


Outcome = Effects | Choice


class StepBase(RulePoint):
    id: Identifier
    title: str


class AnteStep(StepBase):
    kind: Literal["ante"]
    amount: Amount
    payer: Literal["each_player", "dealer"] = "each_player"
    into: Literal["pool", "batterie"] = "pool"
    label: str | None = None


class DealStep(StepBase):
    kind: Literal["deal"]
    cards: Positive
    to: Literal["each_player", "players_in"] = "each_player"
    one_at_a_time: bool = True
    shuffle_stock: bool = False
    cut: bool = False


class ExchangeStep(StepBase):
    kind: Literal["exchange"]
    who: Literal["each_player", "players_in"]
    discard: Range
    stand_call: str | None = None
    draw_call: str | None = None
    stand_pays: Amount | None = None
    shuffle_stock_first: bool = False


class ShuffleCallStep(StepBase):
    """Repeated speaking rounds that end when a player asks for the shuffle.

    In each round a player passes or calls for the shuffle; the caller pays
    ``stake`` into the batterie and the step ends. If every player passes,
    each discards within ``exchange`` and is served from the stock, and a new
    round begins.
    """

    kind: Literal["shuffle_call"]
    pass_call: str
    shuffle_call: str
    stake: Amount
    into: Literal["batterie", "pool"] = "batterie"
    exchange: Range
    reshuffle_between_rounds: bool = False


class DealerForce(Strict):
    """The dealer may keep the deal going when all before him have passed."""

    amount: Count
    then: Effects


class BettingStep(StepBase):
    """A speaking and betting interval.

    The first player to bet opens with ``open_min`` to ``open_max`` counters
    (``open_max: null`` means up to the agreed betting limit, or the purse).
    With ``raises: false`` the players after the opener may only call or
    fold. ``dealer_force`` is offered to the dealer when every player before
    him has passed.
    """

    kind: Literal["betting"]
    who: Literal["each_player", "players_in"]
    pass_call: str | None = None
    open_call: str | None = None
    open_min: Positive = 1
    open_max: Positive | None = None
    open_min_from_previous: bool = False
    raises: bool
    raise_rounds: Literal["single_round", "until_no_raise"] = "until_no_raise"
    passers_before_open_may_call: bool = True
    last_raiser_may_reraise: bool = False
    dealer_force: DealerForce | None = None
    on_all_pass: Outcome
    on_uncalled_open: Outcome
    on_uncalled_raise: Outcome | None = None
    on_called: Outcome = []

    @model_validator(mode="after")
    def _raise_outcome(self) -> BettingStep:
        if self.raises and self.on_uncalled_raise is None:
            raise PydanticCustomError(
                "betting", "a betting step with raises needs 'on_uncalled_raise'", {}
            )
        if self.open_max is not None and self.open_max < self.open_min:
            raise PydanticCustomError(
                "betting", "open_max is smaller than open_min", {}
            )
        return self


class ShowdownStep(StepBase):
    kind: Literal["showdown"]
    then: Effects


Step = Annotated[
    AnteStep | DealStep | ExchangeStep | ShuffleCallStep | BettingStep | ShowdownStep,
    Field(discriminator="kind"),
]


# ----------------------------------------------------------------------------
# The whole ruleset


class InheritPolicy(Strict):
    """How rule points taken unchanged from the parent are labelled.

    ``downgrade_to`` lowers their evidence to at most this level (an
    ``editorial`` point stays editorial); ``note`` says why.
    """

    downgrade_to: Evidence | None = None
    note: str


class HistoryPoint(RulePoint):
    """A fact about the version's text itself (date, title, preface), not a rule."""

    id: Identifier
    text: str


class Ruleset(Strict):
    """A complete, resolved version of the rules."""

    format: Literal[1]
    id: Identifier
    title: str
    short_title: str
    year: int | None = None
    period: str | None = None
    summary: str
    extends: Identifier | None = None
    inherit: InheritPolicy | None = None
    history: list[HistoryPoint] = Field(default=[], max_length=MAX_ITEMS)
    players: Players
    deck: DeckRule
    direction: Direction
    combinations: list[Combination] = Field(min_length=1, max_length=MAX_COMBINATIONS)
    ranking: Ranking
    payment: CombinationPayment
    procedure: list[Step] = Field(min_length=1, max_length=MAX_STEPS)
    table: TableRules = TableRules()

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
