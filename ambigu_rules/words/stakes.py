"""The stakes and the length of a game in words.

The rules of ``table`` a version page shows under "Stakes and the session":
the betting limit, the counters and the bank, buying more, going all in,
a stock that runs out, and how long the game lasts.
"""

from __future__ import annotations

from ..rules.table import AllIn, Bank, BettingLimit, BuyBack, Duration, StockExhaustion
from ..rules.vocabulary import said
from .lang import Catalog
from .markup import Md, sentence
from .names import RuleWords
from .phrases import or_list

T = Catalog(__name__, "T", {
    "equal_banks": "every player starts with the same number of counters",
    "own_banks": "players start with the counters they choose",
    "banker": "; one player keeps the bank",
    "no_buy": "a player may not buy more counters",
    "buy": "a player may buy more counters{when}",
    "between_deals": " between deals",
    "before_third_card": " between deals, at the latest before his third card is dealt",
    "all_in": "a player who cannot meet a bet may go all in",
    "no_all_in": "a player may not go all in",
    "best_takes_all": "{text}; the best hand takes every stake, whatever it put in",
    "up_to_own": ("; a player with less in than others can win from each of them only as much "
                  "as he put in"),
    "next_best": "{text}, and the rest goes to the next best hand",
    "takes_back": "{text}, and each takes back what is left of his own bet",
    "never_reused": "the discards are never used again in the same deal",
    "shuffled": "shuffled",
    "cut": "cut",
    "and": " and ",
    "treated": ", {how},",
    "gathered": "when the stock runs short, the discards are gathered{treated} and used as stock",
    "keep_apart": "; a player who sees this coming may keep his own discards out of it",
    "agreed_time": "a time",
    "agreed_deals": "a number of deals",
    "agree": "the players agree beforehand on {agreed}",
    "only_broke_player": "only a player who has lost all his counters may leave early",
    "loser_may_leave_under_time_limit": ("under a time limit a losing player may leave early "
                                         "and a winning one must stay; under a number of deals "
                                         "everyone plays them all"),
    "finish": "when the time is up, the deal in progress is finished",
})


class SessionWords(RuleWords):
    """Sentences of the session's rules."""

    def betting_limit(self, rule: BettingLimit) -> Md:
        """What bounds a bet."""
        return sentence(said("betting_limit", rule.kind, language=self.lang.code))

    def bank(self, rule: Bank) -> Md:
        """The counters each player starts with, and who keeps the bank."""
        text = T("equal_banks" if rule.equal_banks else "own_banks", self.lang)
        if rule.banker:
            text += T("banker", self.lang)
        return sentence(text)

    def buy_back(self, rule: BuyBack) -> Md:
        """Whether, and until when, a player may buy more counters."""
        if not rule.allowed:
            return sentence(T("no_buy", self.lang))
        return sentence(T("buy", self.lang, when=T(rule.deadline, self.lang)))

    def all_in(self, rule: AllIn) -> Md:
        """Whether a short player may go all in, and what he can win then."""
        lang = self.lang
        text = T("all_in" if rule.allowed else "no_all_in", lang)
        if not rule.wins_up_to_own_stake:
            return sentence(T("best_takes_all", lang, text=text))
        text += T("up_to_own", lang)
        if rule.remainder_to == "next_best_hand":
            return sentence(T("next_best", lang, text=text))
        return sentence(T("takes_back", lang, text=text))

    def stock_exhaustion(self, rule: StockExhaustion) -> Md:
        """What happens when the stock runs short during a deal."""
        lang = self.lang
        if not rule.discards_reused:
            return sentence(T("never_reused", lang))
        how = []
        if rule.shuffle:
            how.append(T("shuffled", lang))
        if rule.cut:
            how.append(T("cut", lang))
        treated = T("treated", lang, how=T("and", lang).join(how)) if how else ""
        text = T("gathered", lang, treated=treated)
        if rule.keep_own_discards_apart:
            text += T("keep_apart", lang)
        return sentence(text)

    def duration(self, rule: Duration) -> list[Md]:
        """How long the game lasts, who may leave early, and the last deal."""
        lang = self.lang
        agreed = or_list([T(by, lang) for by in rule.by], lang)
        text = [sentence(T("agree", lang, agreed=agreed))]
        if rule.leaving != "not_stated":
            text.append(sentence(T(rule.leaving, lang)))
        if rule.finish_current_deal:
            text.append(sentence(T("finish", lang)))
        return text
