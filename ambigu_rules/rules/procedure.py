"""The procedure of a deal: its steps and the effects of their outcomes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import (
    ConfigDict,
    Field,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ..limits import MAX_ITEMS
from .common import DESCRIPTIVE, Amount, Count, Identifier, Positive, Range, RulePoint, Strict

# ----------------------------------------------------------------------------
# Procedure: the steps of a deal and what happens at each outcome

Who = Literal["opener", "winner", "last_player", "dealer", "last_refuser", "each_player"]
Pile = Literal["pool", "bets", "batterie"]


class PayEffect(Strict):
    amount: Count = Field(description="Counters each payer pays.")
    from_: Literal["dealer", "last_refuser", "each_player"] = Field(
        alias="from",
        description=(
            "Who pays: the `dealer`, the `last_refuser` (the last player to fold in the betting "
            "just ended) or `each_player` in the deal. Nobody pays himself: a payer who is also "
            "the one paid pays nothing."
        ),
    )
    to: Literal["opener", "winner", "pool"] = Field(
        description="Who is paid: the `opener`, the `winner`, or the `pool`.",
    )

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class TakeEffect(Strict):
    who: Literal["opener", "winner", "last_player"] = Field(
        description=(
            "Who takes: the `opener`, the `winner` (the best hand at a showdown; under "
            "`final_tie: split`, the tied hands, in equal shares) or the `last_player` (the one "
            "player left in when all the others have dropped out)."
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


@dataclass(frozen=True, slots=True)
class ReturnBet:
    """``return_bet``: ``who`` takes back his uncalled bet."""

    who: str


@dataclass(frozen=True, slots=True)
class CombinationPaid:
    """``combination_payment``: ``who`` is paid the value of his combination."""

    who: str


@dataclass(frozen=True, slots=True)
class CarryOver:
    """``carry_over``: these piles stay on the table for the next deal."""

    piles: tuple[Pile, ...]


@dataclass(frozen=True, slots=True)
class ShowHand:
    """``show_hand``: ``who`` shows his cards."""

    who: str


@dataclass(frozen=True, slots=True)
class Goto:
    """``goto``: play goes on at the step ``step``."""

    step: str


@dataclass(frozen=True, slots=True)
class Redeal:
    """``redeal: true``: the cards are gathered and dealt again."""


@dataclass(frozen=True, slots=True)
class EndDeal:
    """``end_deal: true``: the deal is over."""


EffectKind = (
    ReturnBet | PayEffect | TakeEffect | CombinationPaid | AddEffect | CarryOver | ShowHand
    | Goto | Redeal | EndDeal
)
"""What one effect does, as a type: the engine gives each its meaning and the
site its words by matching on it (see :meth:`Effect.kind`)."""


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

    def kind(self) -> EffectKind:
        """What this effect does, as the one type of :data:`EffectKind` for its key.

        >>> Effect(goto="showdown").kind()
        Goto(step='showdown')
        """
        if self.pay is not None:
            return self.pay
        if self.take is not None:
            return self.take
        if self.add is not None:
            return self.add
        if self.return_bet is not None:
            return ReturnBet(self.return_bet)
        if self.combination_payment is not None:
            return CombinationPaid(self.combination_payment)
        if self.carry_over is not None:
            return CarryOver(tuple(self.carry_over))
        if self.show_hand is not None:
            return ShowHand(self.show_hand)
        if self.goto is not None:
            return Goto(self.goto)
        if self.redeal is not None:
            return Redeal()
        return EndDeal()


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
    id: Identifier = Field(
        description="The step's id, used by `goto` and inheritance.",
        json_schema_extra=DESCRIPTIVE,
    )
    title: str = Field(
        description="The step's title, shown on the site.",
        json_schema_extra=DESCRIPTIVE,
    )


class AnteStep(StepBase):
    #: The version's name for the payment may have a French form (the French
    #: account of a deal says it); without one, French says the name as it is.
    TRANSLATION_OPTIONAL: ClassVar[tuple[str, ...]] = ("label",)

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
    grows_by: Count = Field(
        default=0,
        description=(
            "How much the amount grows for each deal in a row that ended with the pool unwon "
            "on the table; it is back to `amount` once the pool is won."
        ),
    )
    label: str | None = Field(
        default=None,
        description="The version's name for this payment.",
        json_schema_extra=DESCRIPTIVE,
    )


class DealStep(StepBase):
    kind: Literal["deal"] = Field(description="`deal`: cards are dealt.")
    cards: Positive = Field(description="How many cards each player receives.")
    to: Literal["each_player", "players_in"] = Field(
        default="each_player",
        description=(
            "Who receives them."
        ),
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
    #: A call quoted from a source in another language may have its French form
    #: (the French account of a deal says it); without one, it is said as it is.
    TRANSLATION_OPTIONAL: ClassVar[tuple[str, ...]] = ("stand_call", "draw_call")

    kind: Literal["exchange"] = Field(
        description="`exchange`: in turn, players discard and are served as many cards.",
    )
    who: Literal["each_player", "players_in"] = Field(
        description=(
            "Who may exchange."
        ),
    )
    discard: Range = Field(description="How many cards a player may discard.")
    stand_call: str | None = Field(
        default=None,
        description="What a player who keeps his cards says.",
        json_schema_extra=DESCRIPTIVE,
    )
    draw_call: str | None = Field(
        default=None,
        description="What a player who exchanges says.",
        json_schema_extra=DESCRIPTIVE,
    )
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

    #: A call quoted from a source in another language may have its French form
    #: (the French account of a deal says it); without one, it is said as it is.
    TRANSLATION_OPTIONAL: ClassVar[tuple[str, ...]] = ("pass_call", "shuffle_call")

    kind: Literal["shuffle_call"] = Field(
        description=(
            "`shuffle_call`: rounds of speaking that end when a player calls for the shuffle."
        ),
    )
    pass_call: str = Field(
        description="What a player who passes says.",
        json_schema_extra=DESCRIPTIVE,
    )
    shuffle_call: str = Field(
        description="What a player who calls for the shuffle says.",
        json_schema_extra=DESCRIPTIVE,
    )
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

    #: A call quoted from a source in another language may have its French form
    #: (the French account of a deal says it); without one, it is said as it is.
    TRANSLATION_OPTIONAL: ClassVar[tuple[str, ...]] = ("pass_call", "open_call")

    kind: Literal["betting"] = Field(description="`betting`: a speaking and betting interval.")
    who: Literal["each_player", "players_in"] = Field(
        description=(
            "Who speaks."
        ),
    )
    pass_call: str | None = Field(
        default=None,
        description="What a player who passes says.",
        json_schema_extra=DESCRIPTIVE,
    )
    open_call: str | None = Field(
        default=None,
        description="What a player who opens the betting says.",
        json_schema_extra=DESCRIPTIVE,
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
    raise_max: Positive | None = Field(
        default=None,
        description="The largest raise allowed in this step, whatever the table's limit.",
    )
    raises_max: Positive | None = Field(
        default=None,
        description=(
            "How many raises this step allows in all; after the last, players may only call "
            "or fold."
        ),
    )
    last_raiser_may_reraise: bool = Field(
        default=False,
        description=(
            "Whether the last raiser may raise himself again: when the others have answered his "
            "bet, he speaks once more."
        ),
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
