"""Rules of the table: players, deck, direction, stakes and the agreements that
hold for a whole session."""

from __future__ import annotations

from typing import Literal

from pydantic import (
    Field,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ..limits import MAX_ITEMS
from .common import DESCRIPTIVE, Count, Identifier, PlayerCount, RulePoint, Strict
from .deck import MAX_RANKS, RankSpec

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
        json_schema_extra=DESCRIPTIVE,
    )


class DeckRule(RulePoint):
    """The pack: a deck of ``rulesets/decks.yaml``, or ranks of the file's own.

    Ranks are listed from the lowest to the highest, which is also the order
    of sequences: the ace is high if it comes last. The four suits are
    spades, hearts, diamonds and clubs.
    """

    use: Identifier | None = Field(
        default=None,
        description=(
            "A deck id from `rulesets/decks.yaml`: `forty`, or `forty-courts` (J=8, Q=9, K=10)."
        ),
    )
    ranks: list[RankSpec] | None = Field(
        default=None, min_length=1, max_length=MAX_RANKS,
        description=(
            "The file's own ranks, from the lowest to the highest (instead of `use`), each with "
            "its `label` and `pips`: the ace is high when it is listed last."
        ),
    )
    removed: list[str] = Field(
        default=[], max_length=MAX_ITEMS,
        description="Cards taken out of the pack, written as in a hand: `7H`, `AS`.",
    )
    wrap: bool = Field(
        default=False,
        description=(
            "Whether sequences run round from the highest rank to the lowest (K-A-2 with the "
            "ace high, or 10-A-2 in the forty-card pack)."
        ),
    )

    @model_validator(mode="after")
    def _one_deck(self) -> DeckRule:
        if (self.use is None) == (self.ranks is None):
            raise PydanticCustomError(
                "deck", "give either 'use' (a deck of rulesets/decks.yaml) or 'ranks'", {})
        if self.ranks is not None:
            labels = [token.upper() for rank in self.ranks for token in (rank.label, *rank.aliases)]
            if len(set(labels)) != len(labels):
                raise PydanticCustomError("deck", "two ranks are written the same way", {})
        return self


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
            "How the first dealer is chosen when the table does not name him: `highest_card` "
            "(each draws a card, the highest rank deals, players tied draw again), `by_lot` (a "
            "seat at random) or `as_agreed` (the seat the table names; the first by default)."
        ),
    )


class DealerRotation(RulePoint):
    to: Literal["right", "left"] = Field(
        description="Where the deal passes after each deal: to the right or to the left.",
    )



# ----------------------------------------------------------------------------
# Stakes and table agreements


class BettingLimit(RulePoint):
    kind: Literal["agreed_limit", "purse_only", "fixed_stakes_allowed", "pool"] = Field(
        description=(
            "`agreed_limit` (a limit on each opening and raise, agreed before play), "
            "`purse_only` (no limit but the counters each player has), `fixed_stakes_allowed` "
            "(an agreed limit, or the table may fix one stake that every opening and raise must "
            "be) or `pool` (no opening or raise larger than the counters on the table once the "
            "player has called)."
        ),
    )


class Bank(RulePoint):
    equal_banks: bool = Field(
        description=(
            "Whether every player starts with the same number of counters: a session set up "
            "with unequal banks is refused, unless it picks up a session under way."
        ),
    )
    banker: bool = Field(
        default=False,
        description=(
            "Whether one player keeps the bank and sells the counters: how the table is run, "
            "for the record (the engine counts counters, not money)."
        ),
        json_schema_extra=DESCRIPTIVE,
    )


class BuyBack(RulePoint):
    allowed: bool = Field(description="Whether a player may buy more counters.")
    deadline: Literal["before_third_card", "between_deals"] = Field(
        default="between_deals",
        description=(
            "When he may: `between_deals`, or `before_third_card` (between deals, at the latest "
            "before his third card is dealt)."
        ),
    )


class AllIn(RulePoint):
    allowed: bool = Field(description="Whether a player who cannot meet a bet may go all in.")
    wins_up_to_own_stake: bool = Field(
        default=True,
        description=(
            "Whether a contender at the showdown can win from each other player only as much as "
            "he put in himself. It holds for any contender with less in than others, all in or "
            "not asked to meet a raise made after he spoke, and also when `allowed` is `false`; "
            "`false` lets the best hand take every bet. Without an `all_in` rule the win is "
            "capped in this way."
        ),
    )
    remainder_to: Literal["next_best_hand"] | None = Field(
        default=None,
        description=(
            "Where the rest of the bets goes: `next_best_hand`; when not given, each player "
            "takes back what was left of his bet."
        ),
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
        description=(
            "What the players agree on beforehand: `agreed_time` (the table says when the time "
            "is up), `agreed_deals` (a number of deals, after which none is dealt), or both."
        ),
    )
    leaving: Literal["only_broke_player", "loser_may_leave_under_time_limit", "not_stated"] = Field(
        description=(
            "Who may leave early: `only_broke_player` (only a player who has lost all his "
            "counters), `loser_may_leave_under_time_limit` (under a time limit a loser may leave "
            "and a winner must stay) or `not_stated` (anyone may). A player leaves between deals"
            " and is dealt no more."
        ),
    )
    finish_current_deal: bool = Field(
        default=True,
        description=(
            "Whether the deal in progress is finished when the time is up (`false`: it stops, "
            "each bet goes back to its player, the pool and batterie stay)."
        ),
    )


class Penalty(RulePoint):
    id: Identifier = Field(
        description="The penalty's id, used by inheritance and `remove:`.",
        json_schema_extra=DESCRIPTIVE,
    )
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
            "What else happens to the payer."
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


TableRule = (
    FirstDealer | DealerRotation | BettingLimit | Bank | BuyBack | AllIn | StockExhaustion
    | Duration | DealerOutOfDeal
)
"""One rule of ``table`` (each but ``penalties``, a list): the site gives each
type its words by matching on it."""


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
        description=(
            "Whether a player who cannot meet a bet may go all in, and how much a contender "
            "with less in than others can win at the showdown."
        ),
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
