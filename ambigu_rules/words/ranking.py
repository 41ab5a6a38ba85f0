"""Who wins, in words: the showdown step, the ranking of the combinations, the ties."""

from __future__ import annotations

from ..rules.combinations import Combination, Ranking
from ..rules.procedure import ShowdownStep
from ..rules.vocabulary import said
from .lang import Catalog
from .markup import Md, esc, sentence
from .payments import PaymentWords

TIES_SAID = Catalog(__name__, "TIES_SAID", {
    "card_count": "more cards",
    "pips": "more pips",
    "run": "cards in sequence (the longer run in one suit)",
    "top_rank": "the higher top card",
    "ranks_desc": "the higher top card, then the next card down, and so on",
    "group_rank": "the higher rank",
    "run_top": "the higher top card of the sequence",
})
TIE_CARDS_SAID = Catalog(__name__, "TIE_CARDS_SAID", {
    "suit_group": "counted on the cards of its best suit",
    "rank_group": "counted on the cards of one rank",
    "suit_run": "counted on the cards of the sequence",
})
T = Catalog(__name__, "T", {
    "show": ("the players still in show their hands, and the best combination wins (see the "
             "ranking)"),
    "wins": "{last} wins",
    "then": "; then ",
    "where": " ({where})",
    "last": "{text}; last, {last}",
})
M = Catalog(__name__, "M", {
    "then": Md("Then {}."),
})


class RankingWords(PaymentWords):
    """Sentences of the showdown step, the ranking and the ties."""

    def showdown(self, step: ShowdownStep) -> list[Md]:
        """The hands are shown, the best wins, then the step's effects."""
        return [
            sentence(T("show", self.lang)),
            M.forms("then", self.lang).format(self.effects(step.then)),
        ]

    def ties(self, combination: Combination) -> Md:
        """How two hands holding the same combination are separated."""
        lang = self.lang
        keys = [TIES_SAID(key, lang) for key in combination.ties]
        where = "" if combination.cards == "hand" else TIE_CARDS_SAID(combination.cards, lang)
        last = said("final_tie", self.ruleset.ranking.final_tie, language=lang.code)
        if not keys:
            return esc(T("wins", lang, last=last))
        text = T("then", lang).join(keys)
        if where and any(key not in ("group_rank", "run_top") for key in combination.ties):
            text += T("where", lang, where=where)
        return esc(T("last", lang, text=text, last=last))

    def ranking(self, ranking: Ranking) -> Md:
        """The combinations from the lowest to the highest; tied ones joined by "="."""
        tiers = [" = ".join(self.name(name) for name in tier) for tier in ranking.order]
        return esc(" < ".join(tiers))
