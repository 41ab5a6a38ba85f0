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
from .lang import Catalog
from .markup import Md, esc, sentence
from .phrases import counters, into, or_list
from .stakes import SessionWords

T = Catalog(__name__, "T", {
    "players": "from {low} to {high} players",
    "best": "; best with {best}",
    "deck": "{name}: {description}",
    "counterclockwise": "to the right (counterclockwise)",
    "clockwise": "to the left (clockwise)",
    "dealer_right": "the player on the dealer's right",
    "dealer_left": "the player on the dealer's left",
    "direction": "the deal and the turn to speak go {turn}; {first} speaks first",
    "cut_by_dealer_left": "; the player on the dealer's left cuts",
    "cut_by_dealer_right": "; the player on the dealer's right cuts",
    "highest_card": "each player draws a card and the highest card deals first",
    "by_lot": "the first dealer is chosen by lot, by drawing cards",
    "as_agreed": "the first dealer is chosen as the players agree",
    "rotation_right": "after each deal the deal passes to the right",
    "rotation_left": "after each deal the deal passes to the left",
    "next_in_turn": "the next player in turn still in the deal (the one the deal passes to)",
    "last_in_turn": "the last player still in the deal to speak",
    "out_of_deal": ("if a penalty puts the dealer out of the deal, {who} takes his part: the "
                    "dealer's choice, his force and what he pays for them"),
    "offender": "the offender",
    "dealer": "the dealer",
    "puts": "puts {amount} {into}",
    "and": " and ",
    "pays_nothing": "pays nothing",
    "penalty": "for {offence}, {payer} {what}",
})


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
        text = T("players", self.lang, low=players.min, high=players.max)
        if players.best:
            text += T("best", self.lang, best=or_list(players.best, self.lang))
        return sentence(text)

    def deck_text(self) -> Md:
        """The deck's name and description (the rule file's deck id if it is unknown)."""
        deck = self.deck
        if deck is None:
            return esc(self.ruleset.deck.use)
        code = self.lang.code
        return sentence(T("deck", self.lang, name=deck.spec.text_in("name", code),
                          description=deck.spec.text_in("description", code)))

    def direction(self, direction: Direction) -> Md:
        """Which way the deal and the turn go, who speaks first and who cuts."""
        lang = self.lang
        text = T("direction", lang, turn=T(direction.turn, lang),
                 first=T(direction.first_to_speak, lang))
        if direction.cut_by:
            text += T(f"cut_by_{direction.cut_by}", lang)
        return sentence(text)

    def first_dealer(self, rule: FirstDealer) -> Md:
        """How the first dealer is chosen."""
        return sentence(T(rule.method, self.lang))

    def dealer_rotation(self, rule: DealerRotation) -> Md:
        """Where the deal goes after each deal."""
        return sentence(T(f"rotation_{rule.to}", self.lang))

    def dealer_out_of_deal(self, rule: DealerOutOfDeal) -> Md:
        """Who takes the dealer's part when a penalty puts him out of the deal."""
        return sentence(T("out_of_deal", self.lang, who=T(rule.role_passes_to, self.lang)))

    def penalty(self, penalty: Penalty) -> Md:
        """An offence, who pays for it, and what it costs."""
        lang = self.lang
        payer = T("offender" if penalty.payer == "offender" else "dealer", lang)
        consequences = []
        if penalty.amount:
            consequences.append(T("puts", lang, amount=counters(penalty.amount, lang),
                                  into=into(penalty.into, lang)))
        consequence = said("consequence", penalty.consequence, language=lang.code)
        if consequence:
            consequences.append(consequence)
        what = T("and", lang).join(consequences) or T("pays_nothing", lang)
        offence = said("offence", penalty.offence, language=lang.code)
        return sentence(T("penalty", lang, offence=offence, payer=payer, what=what))
