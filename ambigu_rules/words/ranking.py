"""Who wins, in words: the showdown step, the ranking of the combinations, the ties."""

from __future__ import annotations

from ..rules.combinations import Combination, Ranking
from ..rules.procedure import ShowdownStep
from ..rules.vocabulary import said
from .markup import Md, esc, sentence
from .payments import PaymentWords

TIES = {
    "card_count": "more cards",
    "pips": "more pips",
    "run": "cards in sequence (the longer run in one suit)",
    "top_rank": "the higher top card",
    "ranks_desc": "the higher top card, then the next card down, and so on",
    "group_rank": "the higher rank",
    "run_top": "the higher top card of the sequence",
}
TIE_CARDS = {
    "hand": "",
    "suit_group": "counted on the cards of its best suit",
    "rank_group": "counted on the cards of one rank",
    "suit_run": "counted on the cards of the sequence",
}


class RankingWords(PaymentWords):
    """Sentences of the showdown step, the ranking and the ties."""

    def showdown(self, step: ShowdownStep) -> list[Md]:
        """The hands are shown, the best wins, then the step's effects."""
        return [
            sentence(
                "the players still in show their hands, and the best combination wins "
                "(see the ranking)"
            ),
            Md("Then {}.").format(self.effects(step.then)),
        ]

    def ties(self, combination: Combination) -> Md:
        """How two hands holding the same combination are separated."""
        keys = [TIES[key] for key in combination.ties]
        where = TIE_CARDS[combination.cards]
        last = said("final_tie", self.ruleset.ranking.final_tie)
        if not keys:
            return esc(f"{last} wins")
        text = "; then ".join(keys)
        if where and any(key not in ("group_rank", "run_top") for key in combination.ties):
            text += f" ({where})"
        return esc(f"{text}; last, {last}")

    def ranking(self, ranking: Ranking) -> Md:
        """The combinations from the lowest to the highest; tied ones joined by "="."""
        tiers = [" = ".join(self.name(name) for name in tier) for tier in ranking.order]
        return esc(" < ".join(tiers))
