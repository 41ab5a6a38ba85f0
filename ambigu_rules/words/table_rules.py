"""The rules of the table in words: players, cards, seats, dealers and penalties.

:meth:`TableWords.table_rule` says any rule of ``table`` by its type; the
rules of the session are in :mod:`.stakes`.
"""

from __future__ import annotations

from typing import assert_never

from ..rules.table import (
    AllIn,
    Bank,
    BettingLimit,
    BuyBack,
    DealerOutOfDeal,
    DealerRotation,
    Direction,
    Duration,
    FirstDealer,
    Penalty,
    Players,
    StockExhaustion,
    TableRule,
)
from ..rules.vocabulary import said
from .markup import Md, esc, sentence
from .phrases import counters, or_list
from .stakes import SessionWords


class TableWords(SessionWords):
    """Sentences of the rules of the table and of the penalties."""

    def table_rule(self, rule: TableRule) -> list[Md]:
        """The sentences of one rule of ``table``, whichever it is."""
        match rule:
            case FirstDealer():
                return [self.first_dealer(rule)]
            case DealerRotation():
                return [self.dealer_rotation(rule)]
            case BettingLimit():
                return [self.betting_limit(rule)]
            case Bank():
                return [self.bank(rule)]
            case BuyBack():
                return [self.buy_back(rule)]
            case AllIn():
                return [self.all_in(rule)]
            case StockExhaustion():
                return [self.stock_exhaustion(rule)]
            case Duration():
                return self.duration(rule)
            case DealerOutOfDeal():
                return [self.dealer_out_of_deal(rule)]
            case _:
                assert_never(rule)

    def players(self, players: Players) -> Md:
        """How many players, and how many play it best."""
        text = f"from {players.min} to {players.max} players"
        if players.best:
            text += f"; best with {or_list(players.best)}"
        return sentence(text)

    def deck_text(self) -> Md:
        """The deck's name and description (the rule file's deck id if it is unknown)."""
        deck = self.deck
        if deck is None:
            return esc(self.ruleset.deck.use)
        return sentence(f"{deck.spec.name}: {deck.spec.description}")

    def direction(self, direction: Direction) -> Md:
        """Which way the deal and the turn go, who speaks first and who cuts."""
        turn = {"counterclockwise": "to the right (counterclockwise)",
                "clockwise": "to the left (clockwise)"}[direction.turn]
        first = {"dealer_right": "the player on the dealer's right",
                 "dealer_left": "the player on the dealer's left"}[direction.first_to_speak]
        text = f"the deal and the turn to speak go {turn}; {first} speaks first"
        if direction.cut_by:
            cutter = direction.cut_by.replace("dealer_", "dealer's ")
            text += f"; the player on the {cutter} cuts"
        return sentence(text)

    def first_dealer(self, rule: FirstDealer) -> Md:
        """How the first dealer is chosen."""
        return sentence({
            "highest_card": "each player draws a card and the highest card deals first",
            "by_lot": "the first dealer is chosen by lot, by drawing cards",
            "as_agreed": "the first dealer is chosen as the players agree",
        }[rule.method])

    def dealer_rotation(self, rule: DealerRotation) -> Md:
        """Where the deal goes after each deal."""
        return sentence(f"after each deal the deal passes to the {rule.to}")

    def dealer_out_of_deal(self, rule: DealerOutOfDeal) -> Md:
        """Who takes the dealer's part when a penalty puts him out of the deal."""
        who = {
            "next_in_turn": "the next player in turn still in the deal (the one the deal "
                            "passes to)",
            "last_in_turn": "the last player still in the deal to speak",
        }[rule.role_passes_to]
        return sentence(f"if a penalty puts the dealer out of the deal, {who} takes his "
                        "part: the dealer's choice, his force and what he pays for them")

    def penalty(self, penalty: Penalty) -> Md:
        """An offence, who pays for it, and what it costs."""
        payer = "the offender" if penalty.payer == "offender" else "the dealer"
        consequences = []
        if penalty.amount:
            consequences.append(f"puts {counters(penalty.amount)} into the {penalty.into}")
        consequence = said("consequence", penalty.consequence)
        if consequence:
            consequences.append(consequence)
        what = " and ".join(consequences) or "pays nothing"
        return sentence(f"for {said('offence', penalty.offence)}, {payer} {what}")
