"""Who wins, in words: the showdown step, the ranking of the combinations, the ties."""

from __future__ import annotations

from ..rules.combinations import Combination, Ranking
from ..rules.procedure import ShowdownStep
from ..rules.vocabulary import said
from .lang import Catalog
from .markup import Md, esc, sentence
from .payments import PaymentWords

TIES_SAID = Catalog(__name__, {
    "card_count": ("more cards", "le plus de cartes"),
    "pips": ("more pips", "le plus de points"),
    "run": ("cards in sequence (the longer run in one suit)",
            "les cartes qui se suivent (la plus longue suite dans une couleur)"),
    "top_rank": ("the higher top card", "la plus haute carte"),
    "ranks_desc": ("the higher top card, then the next card down, and so on",
                   "la plus haute carte, puis la suivante, et ainsi de suite"),
    "group_rank": ("the higher rank", "la plus haute valeur"),
    "run_top": ("the higher top card of the sequence", "la plus haute carte de la séquence"),
})
TIE_CARDS_SAID = Catalog(__name__, {
    "suit_group": ("counted on the cards of its best suit",
                   "comptés sur les cartes de sa meilleure couleur"),
    "rank_group": ("counted on the cards of one rank", "comptés sur les cartes d'une même valeur"),
    "suit_run": ("counted on the cards of the sequence", "comptés sur les cartes de la séquence"),
})
T = Catalog(__name__, {
    "show": ("the players still in show their hands, and the best combination wins "
             "(see the ranking)",
             "les joueurs encore en jeu abattent leurs cartes, et la meilleure combinaison "
             "gagne (voir l'ordre des combinaisons)"),
    "wins": ("{last} wins", "{last} l'emporte"),
    "then": ("; then ", " ; puis "),
    "where": (" ({where})", " ({where})"),
    "last": ("{text}; last, {last}", "{text} ; en dernier, {last}"),
})
M = Catalog(__name__, {
    "then": (Md("Then {}."), Md("Puis {}.")),
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
