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

    id: Identifier = Field(description="The id of a source in `rulesets/sources.yaml`.")
    at: str | None = Field(
        default=None,
        description="Where in that source: a section, chapter or page.",
    )

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

    source: Sources = Field(
        description=(
            "Where the rule comes from: a source id, optionally followed by a locator "
            "(`foster-1897 Method of Playing`); a list cites several sources."
        ),
    )
    evidence: Evidence = Field(
        description=(
            "How sure we are: `attested` (a source states it), `reconstructed` (a modern "
            "reconstruction states it), `inferred` (our reading) or `editorial` (our choice where"
            " the sources are silent)."
        ),
    )
    note: str | None = Field(default=None, description="Our annotation, in our own words.")
    # Set by inheritance when the point comes unchanged from a parent version.
    inherited_from: str | None = Field(
        default=None,
        description=(
            "Set by inheritance, not written by hand: the id of the parent version this point "
            "comes from unchanged."
        ),
    )
    parent_evidence: Evidence | None = Field(
        default=None,
        description=(
            "Set by inheritance, not written by hand: the parent's evidence level, kept when "
            "`inherit.downgrade_to` lowered it."
        ),
    )


class Range(Strict):
    """An inclusive range of whole numbers."""

    min: Count = Field(description="The smallest number allowed.")
    max: Count = Field(description="The largest number allowed (not less than `min`).")

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.min > self.max:
            raise PydanticCustomError(
                "range", "min ({lo}) is greater than max ({hi})", {"lo": self.min, "hi": self.max}
            )
        return self


class Agreed(Strict):
    """An amount the table agrees on before play: one of ``choices``."""

    default: Count = Field(
        description="The amount played unless the table agrees otherwise; one of `choices`.",
    )
    choices: list[Count] = Field(
        max_length=MAX_ITEMS,
        description="The amounts the table may agree on.",
    )

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
    min: PlayerCount = Field(description="The fewest players the version is played by.")
    max: PlayerCount = Field(
        description="The most players, and no more than the pack can deal four cards to.",
    )
    best: list[PlayerCount] | None = Field(
        default=None, max_length=MAX_ITEMS,
        description="The numbers of players the sources call best.",
    )


class DeckRule(RulePoint):
    """Which deck from ``rulesets/decks.yaml`` the version plays with."""

    use: Identifier = Field(
        description=(
            "A deck id from `rulesets/decks.yaml`: `forty`, or `forty-courts` (J=8, Q=9, K=10)."
        ),
    )


class Direction(RulePoint):
    """Direction of dealing and speaking, and where a deal starts."""

    turn: Literal["counterclockwise", "clockwise"] = Field(
        description=(
            "The way the deal and the turn to speak go round: `counterclockwise` (to the right) "
            "or `clockwise` (to the left)."
        ),
    )
    first_to_speak: Literal["dealer_right", "dealer_left"] = Field(
        description="Who speaks first: the player on the dealer's right or the one on his left.",
    )
    cut_by: Literal["dealer_left", "dealer_right"] | None = Field(
        default=None,
        description="Who cuts the pack: the player on the dealer's left or the one on his right.",
    )


class FirstDealer(RulePoint):
    method: Literal["highest_card", "by_lot", "as_agreed"] = Field(
        description=(
            "How the first dealer is chosen: the highest card drawn, by lot, or as the players "
            "agree."
        ),
    )


class DealerRotation(RulePoint):
    to: Literal["right", "left"] = Field(
        description="Where the deal passes after each deal: to the right or to the left.",
    )


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
    )
    name: str = Field(description="The version's own name for the combination.")
    canonical: Canonical | None = Field(
        default=None,
        description="The nearest of the standard combinations; without it, the id is taken.",
    )
    names: dict[str, str] | None = Field(
        default=None,
        description="Its names in other languages or spellings, by key (`fr`, `fr-alt`).",
    )
    definition: str = Field(description="The combination in words.")
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
    final_tie: Literal["nearest_dealer_right"] = Field(
        description=(
            "Who wins an exact tie: `nearest_dealer_right`, the player nearest the dealer's "
            "right."
        ),
    )


class CombinationPayment(RulePoint):
    """Who pays the winner the value of his combination, and when."""

    payers: Literal["each_other_player_dealt_in", "each_other_player_at_table"] = Field(
        description=(
            "Who pays the winner: `each_other_player_dealt_in` (every other player dealt into the"
            " deal, even one who folded, but not one sitting out under a penalty) or "
            "`each_other_player_at_table` (the same, penalised players included)."
        ),
    )
    uncontested: Literal["paid", "not_paid"] = Field(
        description=(
            "Whether a winner whom nobody called is paid his combination (`paid`) or not "
            "(`not_paid`)."
        ),
    )
    shortfall: Literal["debt", "pay_what_one_can"] = Field(
        description=(
            "A player who cannot pay in full owes the rest (`debt`) or pays what he has "
            "(`pay_what_one_can`)."
        ),
    )


# ----------------------------------------------------------------------------
# Stakes and table agreements


class BettingLimit(RulePoint):
    kind: Literal["agreed_limit", "purse_only", "fixed_stakes_allowed"] = Field(
        description=(
            "`agreed_limit` (a limit agreed before play), `purse_only` (no limit but the counters"
            " each player has) or `fixed_stakes_allowed` (an agreed limit, and the stakes may be "
            "fixed)."
        ),
    )


class Bank(RulePoint):
    equal_banks: bool = Field(
        description="Whether every player starts with the same number of counters.",
    )
    banker: bool = Field(default=False, description="Whether one player keeps the bank.")


class BuyBack(RulePoint):
    allowed: bool = Field(description="Whether a player may buy more counters.")
    deadline: Literal["before_third_card", "between_deals"] | None = Field(
        default=None,
        description=(
            "When he may: `between_deals`, or `before_third_card` (between deals, at the latest "
            "before his third card is dealt)."
        ),
    )


class AllIn(RulePoint):
    allowed: bool = Field(description="Whether a player who cannot meet a bet may go all in.")
    wins_up_to_own_stake: bool = Field(
        default=True,
        description="Whether he can win from each other player only as much as he put in.",
    )
    remainder_to: Literal["next_best_hand"] | None = Field(
        default=None,
        description="Where the rest of the bets goes: `next_best_hand`.",
    )


class StockExhaustion(RulePoint):
    discards_reused: bool = Field(
        description=(
            "Whether the discards are gathered and used as stock when the stock runs short."
        ),
    )
    shuffle: bool = Field(default=True, description="Whether the gathered discards are shuffled.")
    cut: bool = Field(default=False, description="Whether the gathered discards are cut.")
    keep_own_discards_apart: bool = Field(
        default=False,
        description=(
            "Whether a player who sees it coming may keep his own discards out of the new stock."
        ),
    )


class Duration(RulePoint):
    by: list[Literal["agreed_time", "agreed_deals"]] = Field(
        description="What the players agree on beforehand: `agreed_time`, `agreed_deals`, or both.",
    )
    leaving: Literal["only_broke_player", "loser_may_leave_under_time_limit", "not_stated"] = Field(
        description=(
            "Who may leave early: `only_broke_player` (only a player who has lost all his "
            "counters), `loser_may_leave_under_time_limit` (under a time limit a loser may leave "
            "and a winner must stay) or `not_stated`."
        ),
    )
    finish_current_deal: bool = Field(
        default=True,
        description="Whether the deal in progress is finished when the time is up.",
    )


class Penalty(RulePoint):
    id: Identifier = Field(description="The penalty's id, used by inheritance and `remove:`.")
    offence: Literal[
        "showing_cards",
        "showing_discards",
        "wrong_number_of_cards",
        "misdeal",
    ] = Field(description="The fault punished.")
    payer: Literal["offender", "dealer"] = Field(
        description="Who pays: the `offender` or the `dealer`.",
    )
    amount: Count = Field(default=0, description="Counters the payer puts in.")
    into: Literal["pool"] = Field(default="pool", description="Where they go: the `pool`.")
    consequence: Literal["abandon_hand", "sit_out_deal", "none"] = Field(
        description=(
            "What else happens to the payer: `abandon_hand`, `sit_out_deal` (he takes no part in "
            "the deal) or `none`."
        ),
    )


class DealerOutOfDeal(RulePoint):
    """Who plays the dealer's part (his choice, his force) once he is out of the deal.

    ``next_in_turn``: the first player still in the deal counting from the
    dealer's right (the player the deal passes to in the usual direction);
    ``last_in_turn``: the last of them to speak, the seat nearest before the
    dealer. Without this rule the engine takes ``next_in_turn``.
    """

    role_passes_to: Literal["next_in_turn", "last_in_turn"] = Field(
        description=(
            "Who plays the dealer's part once he is out of the deal: `next_in_turn` (the first "
            "player still in the deal counting from the dealer's right) or `last_in_turn` (the "
            "last of them to speak)."
        ),
    )


class TableRules(Strict):
    """Agreements and edge-case rules that hold for the whole session."""

    first_dealer: FirstDealer | None = Field(
        default=None,
        description="How the first dealer is chosen.",
    )
    dealer_rotation: DealerRotation | None = Field(
        default=None,
        description="Where the deal passes after each deal.",
    )
    betting_limit: BettingLimit | None = Field(default=None, description="What limits a bet.")
    bank: Bank | None = Field(default=None, description="The counters the players start with.")
    buy_back: BuyBack | None = Field(
        default=None,
        description="Whether, and until when, a player may buy more counters.",
    )
    all_in: AllIn | None = Field(
        default=None,
        description="Whether a player who cannot meet a bet may go all in.",
    )
    stock_exhaustion: StockExhaustion | None = Field(
        default=None,
        description="What happens when the stock runs short.",
    )
    duration: Duration | None = Field(
        default=None,
        description="How long the session lasts, and who may leave early.",
    )
    dealer_out_of_deal: DealerOutOfDeal | None = Field(
        default=None,
        description=(
            "Who plays the dealer's part when a penalty puts him out of the deal; without it, "
            "`next_in_turn`."
        ),
    )
    penalties: list[Penalty] = Field(
        default=[], max_length=MAX_ITEMS,
        description="Penalties for faults at the table.",
    )


# ----------------------------------------------------------------------------
# Procedure: the steps of a deal and what happens at each outcome

Who = Literal["opener", "winner", "last_player", "dealer", "last_refuser", "each_player"]
Pile = Literal["pool", "bets", "batterie"]


class PayEffect(Strict):
    amount: Count = Field(description="Counters each payer pays.")
    from_: Literal["dealer", "last_refuser", "each_player", "each_other_player"] = Field(
        alias="from",
        description=(
            "Who pays: the `dealer`, the `last_refuser` (the last player to fold in the betting "
            "just ended), `each_player` in the deal, or `each_other_player` in the deal but the "
            "one paid."
        ),
    )
    to: Literal["opener", "winner", "pool"] = Field(
        description="Who is paid: the `opener`, the `winner`, or the `pool`.",
    )
    unless_same_player: bool = Field(
        default=True,
        description="Skip the payment when payer and payee are the same player.",
    )

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class TakeEffect(Strict):
    who: Literal["opener", "winner", "last_player"] = Field(
        description=(
            "Who takes: the `opener`, the `winner` or the `last_player` (the one player left in)."
        ),
    )
    what: list[Pile] = Field(
        min_length=1,
        description="What he takes: the `pool`, the `bets` and/or the `batterie`.",
    )


class AddEffect(Strict):
    amount: Count = Field(description="Counters each one who adds puts in.")
    into: Literal["pool", "batterie"] = Field(
        default="pool",
        description="Where they go: the `pool` or the `batterie`.",
    )
    who: Literal["each_player", "dealer"] = Field(
        default="each_player",
        description="Who adds: `each_player` or the `dealer`.",
    )


class Effect(Strict):
    """One thing that happens; exactly one key is given."""

    return_bet: Literal["opener"] | None = Field(
        default=None,
        description="`opener`: the opener takes back his uncalled bet.",
    )
    pay: PayEffect | None = Field(
        default=None,
        description="A payment to a player or into the pool.",
    )
    take: TakeEffect | None = Field(
        default=None,
        description="A player takes piles from the table.",
    )
    combination_payment: Literal["winner", "opener", "last_player"] | None = Field(
        default=None,
        description=(
            "This player is paid the value of his combination by the players that `payment` "
            "names."
        ),
    )
    add: AddEffect | None = Field(
        default=None,
        description="Players add counters to the pool or the batterie.",
    )
    carry_over: list[Pile] | None = Field(
        default=None,
        description="These piles stay on the table for the next deal.",
    )
    show_hand: Literal["winner", "opener", "last_player"] | None = Field(
        default=None,
        description="This player shows his cards.",
    )
    goto: Identifier | None = Field(
        default=None,
        description="Play goes on at the step with this id.",
    )
    redeal: Literal[True] | None = Field(
        default=None,
        description=(
            "`true`: the cards are gathered and the same dealer deals again from the first `deal`"
            " step."
        ),
    )
    end_deal: Literal[True] | None = Field(default=None, description="`true`: the deal is over.")

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

    by: Literal["dealer"] = Field(description="Who chooses: the `dealer`.")
    options: dict[Identifier, Effects] = Field(
        min_length=2, max_length=MAX_ITEMS,
        description="The options, each a name and the effects it leads to.",
    )


Outcome = Effects | Choice


class StepBase(RulePoint):
    id: Identifier = Field(description="The step's id, used by `goto` and inheritance.")
    title: str = Field(description="The step's title, shown on the site.")


class AnteStep(StepBase):
    kind: Literal["ante"] = Field(description="`ante`: players put counters on the table.")
    amount: Amount = Field(
        description="Counters each payer puts in; a mapping is an amount the table agrees on.",
    )
    payer: Literal["each_player", "dealer"] = Field(
        default="each_player",
        description="Who puts them in: `each_player` or the `dealer`.",
    )
    into: Literal["pool", "batterie"] = Field(
        default="pool",
        description="Where they go: the `pool` or the `batterie`.",
    )
    label: str | None = Field(default=None, description="The version's name for this payment.")


class DealStep(StepBase):
    kind: Literal["deal"] = Field(description="`deal`: cards are dealt.")
    cards: Positive = Field(description="How many cards each player receives.")
    to: Literal["each_player", "players_in"] = Field(
        default="each_player",
        description="Who receives them: `each_player`, or `players_in` (those still in the deal).",
    )
    one_at_a_time: bool = Field(
        default=True,
        description="Whether the cards are dealt one at a time (`false`: all together).",
    )
    shuffle_stock: bool = Field(
        default=False,
        description="Whether the pack, or the stock at a later deal, is shuffled first.",
    )
    cut: bool = Field(default=False, description="Whether the pack, or the stock, is cut first.")


class ExchangeStep(StepBase):
    kind: Literal["exchange"] = Field(
        description="`exchange`: in turn, players discard and are served as many cards.",
    )
    who: Literal["each_player", "players_in"] = Field(
        description="Who may exchange: `each_player`, or `players_in` (those still in the deal).",
    )
    discard: Range = Field(description="How many cards a player may discard.")
    stand_call: str | None = Field(
        default=None,
        description="What a player who keeps his cards says.",
    )
    draw_call: str | None = Field(default=None, description="What a player who exchanges says.")
    stand_pays: Amount | None = Field(
        default=None,
        description="What a player who keeps his cards puts into the pool.",
    )
    shuffle_stock_first: bool = Field(
        default=False,
        description="Whether the dealer shuffles the stock before the exchange.",
    )


class ShuffleCallStep(StepBase):
    """Repeated speaking rounds that end when a player asks for the shuffle.

    In each round a player passes or calls for the shuffle; the caller pays
    ``stake`` into the batterie and the step ends. If every player passes,
    each discards within ``exchange`` and is served from the stock, and a new
    round begins.
    """

    kind: Literal["shuffle_call"] = Field(
        description=(
            "`shuffle_call`: rounds of speaking that end when a player calls for the shuffle."
        ),
    )
    pass_call: str = Field(description="What a player who passes says.")
    shuffle_call: str = Field(description="What a player who calls for the shuffle says.")
    stake: Amount = Field(description="What the caller pays.")
    into: Literal["batterie", "pool"] = Field(
        default="batterie",
        description="Where the stake goes: the `batterie` or the `pool`.",
    )
    exchange: Range = Field(
        description="How many cards each player discards, and is served, when everyone has passed.",
    )
    reshuffle_between_rounds: bool = Field(
        default=False,
        description="Whether the stock is shuffled before the cards of a new round are served.",
    )


class DealerForce(Strict):
    """The dealer may keep the deal going when all before him have passed."""

    amount: Count = Field(description="Counters the dealer puts in to force play.")
    then: Effects = Field(description="What happens when he forces.")


class BettingStep(StepBase):
    """A speaking and betting interval.

    The first player to bet opens with ``open_min`` to ``open_max`` counters
    (``open_max: null`` means up to the agreed betting limit, or the purse).
    With ``raises: false`` the players after the opener may only call or
    fold. ``dealer_force`` is offered to the dealer when every player before
    him has passed.
    """

    kind: Literal["betting"] = Field(description="`betting`: a speaking and betting interval.")
    who: Literal["each_player", "players_in"] = Field(
        description="Who speaks: `each_player`, or `players_in` (those still in the deal).",
    )
    pass_call: str | None = Field(default=None, description="What a player who passes says.")
    open_call: str | None = Field(
        default=None,
        description="What a player who opens the betting says.",
    )
    open_min: Positive = Field(default=1, description="The smallest opening bet.")
    open_max: Positive | None = Field(
        default=None,
        description=(
            "The largest opening bet; without it, up to the agreed betting limit, or the purse."
        ),
    )
    open_min_from_previous: bool = Field(
        default=False,
        description=(
            "Whether the opening must also be at least the last stake of the previous betting "
            "interval."
        ),
    )
    raises: bool = Field(
        description=(
            "Whether the players after the opener may raise (`false`: they may only call or "
            "fold)."
        ),
    )
    raise_rounds: Literal["single_round", "until_no_raise"] = Field(
        default="until_no_raise",
        description=(
            "`until_no_raise` (each raise starts a new round) or `single_round` (each player "
            "speaks once)."
        ),
    )
    passers_before_open_may_call: bool = Field(
        default=True,
        description=(
            "Whether a player who passed before the opening may still come in (`false`: passing "
            "leaves the deal)."
        ),
    )
    last_raiser_may_reraise: bool = Field(
        default=False,
        description="Whether the last raiser may raise himself again.",
    )
    dealer_force: DealerForce | None = Field(
        default=None,
        description=(
            "What the dealer may do to keep the deal going when every player before him has "
            "passed."
        ),
    )
    on_all_pass: Outcome = Field(description="What happens when everyone passes.")
    on_uncalled_open: Outcome = Field(description="What happens when nobody calls the opening.")
    on_uncalled_raise: Outcome | None = Field(
        default=None,
        description="What happens when nobody calls a raise; needed when `raises` is true.",
    )
    on_called: Outcome = Field(
        default=[],
        description="What happens when the bet is called; empty: play goes on with the next step.",
    )

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
    kind: Literal["showdown"] = Field(
        description=(
            "`showdown`: the players still in show their hands and the best combination wins."
        ),
    )
    then: Effects = Field(description="What happens then.")


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

    downgrade_to: Evidence | None = Field(
        default=None,
        description=(
            "The evidence level that points taken unchanged are lowered to at most (an "
            "`editorial` point stays editorial)."
        ),
    )
    note: str = Field(description="Why, in our own words.")


class HistoryPoint(RulePoint):
    """A fact about the version's text itself (date, title, preface), not a rule."""

    id: Identifier = Field(description="The fact's id.")
    text: str = Field(description="The fact, in our own words.")


class Ruleset(Strict):
    """A complete, resolved version of the rules."""

    format: Literal[1] = Field(description="The version of the rule format: always `1`.")
    id: Identifier = Field(description="The version's id (`1730`, `foster`); never inherited.")
    title: str = Field(description="The version's full title; never inherited.")
    short_title: str = Field(description="A short title for tables and menus; never inherited.")
    year: int | None = Field(
        default=None,
        description="The year of the version's text; never inherited.",
    )
    period: str | None = Field(
        default=None,
        description=(
            "A period in words, shown by `ambigu variants` where there is no `year`; never "
            "inherited."
        ),
    )
    summary: str = Field(description="The version in a sentence or two; never inherited.")
    extends: Identifier | None = Field(
        default=None,
        description=(
            "The version this file builds on: a built-in id, or a relative `.yaml`/`.yml` path in"
            " this file's folder or below it."
        ),
    )
    inherit: InheritPolicy | None = Field(
        default=None,
        description="How rule points taken unchanged from the parent are labelled.",
    )
    history: list[HistoryPoint] = Field(
        default=[], max_length=MAX_ITEMS,
        description="Facts about the version's text itself (date, preface); never inherited.",
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
