"""The stakes and the length of a game in words.

The rules of ``table`` a version page shows under "Stakes and the session":
the betting limit, the counters and the bank, buying more, going all in,
a stock that runs out, and how long the game lasts.
"""

from __future__ import annotations

from ..rules.table import AllIn, Bank, BettingLimit, BuyBack, Duration, StockExhaustion
from ..rules.vocabulary import said
from .markup import Md, sentence
from .names import RuleWords
from .phrases import or_list


class SessionWords(RuleWords):
    """Sentences of the session's rules."""

    def betting_limit(self, rule: BettingLimit) -> Md:
        """What bounds a bet."""
        return sentence(said("betting_limit", rule.kind))

    def bank(self, rule: Bank) -> Md:
        """The counters each player starts with, and who keeps the bank."""
        text = (
            "every player starts with the same number of counters"
            if rule.equal_banks else "players start with the counters they choose"
        )
        if rule.banker:
            text += "; one player keeps the bank"
        return sentence(text)

    def buy_back(self, rule: BuyBack) -> Md:
        """Whether, and until when, a player may buy more counters."""
        if not rule.allowed:
            return sentence("a player may not buy more counters")
        when = {
            "between_deals": " between deals",
            "before_third_card": " between deals, at the latest before his third card is dealt",
        }[rule.deadline]
        return sentence(f"a player may buy more counters{when}")

    def all_in(self, rule: AllIn) -> Md:
        """Whether a short player may go all in, and what he can win then."""
        text = ("a player who cannot meet a bet may go all in" if rule.allowed
                else "a player may not go all in")
        if not rule.wins_up_to_own_stake:
            return sentence(f"{text}; the best hand takes every stake, whatever it put in")
        text += ("; a player with less in than others can win from each of them only as much "
                 "as he put in")
        if rule.remainder_to == "next_best_hand":
            return sentence(f"{text}, and the rest goes to the next best hand")
        return sentence(f"{text}, and each takes back what is left of his own bet")

    def stock_exhaustion(self, rule: StockExhaustion) -> Md:
        """What happens when the stock runs short during a deal."""
        if not rule.discards_reused:
            return sentence("the discards are never used again in the same deal")
        how = []
        if rule.shuffle:
            how.append("shuffled")
        if rule.cut:
            how.append("cut")
        treated = (", " + " and ".join(how) + ",") if how else ""
        text = f"when the stock runs short, the discards are gathered{treated} and used as stock"
        if rule.keep_own_discards_apart:
            text += "; a player who sees this coming may keep his own discards out of it"
        return sentence(text)

    def duration(self, rule: Duration) -> list[Md]:
        """How long the game lasts, who may leave early, and the last deal."""
        agreed = or_list([{"agreed_time": "a time", "agreed_deals": "a number of deals"}[b]
                          for b in rule.by])
        text = [sentence(f"the players agree beforehand on {agreed}")]
        leaving = {
            "only_broke_player": "only a player who has lost all his counters may leave early",
            "loser_may_leave_under_time_limit": (
                "under a time limit a losing player may leave early and a winning one must "
                "stay; under a number of deals everyone plays them all"
            ),
            "not_stated": "",
        }[rule.leaving]
        if leaving:
            text.append(sentence(leaving))
        if rule.finish_current_deal:
            text.append(sentence("when the time is up, the deal in progress is finished"))
        return text
