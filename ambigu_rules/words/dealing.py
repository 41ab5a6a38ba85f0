"""The antes and the deal of the cards in words."""

from __future__ import annotations

from ..rules.procedure import AnteStep, DealStep
from .lang import Catalog
from .markup import Md, sentence
from .names import RuleWords
from .phrases import amount, into, number_word, quoted

T = Catalog(__name__, "T", {
    "each_player": "each player",
    "dealer": "the dealer",
    "puts": "{payer} puts {amount} {into}",
    "pack_shuffled_cut": "the pack is shuffled and cut first",
    "stock_shuffled_cut": "the stock is shuffled and cut first",
    "pack_shuffled": "the pack is shuffled first, without a cut",
    "stock_shuffled": "the stock is shuffled first, without a cut",
    "pack_cut": "the pack is cut first",
    "stock_cut": "the stock is cut first",
    "one_at_a_time": "one at a time",
    "together": "together",
    "card": "{n} card",
    "cards": "{n} cards",
    "gives": "the dealer gives {cards} to {who}, {how}",
})
M = Catalog(__name__, "M", {
    "called": Md("This payment is called the {}."),
})


class DealingWords(RuleWords):
    """Sentences of the ante and deal steps."""

    def ante(self, step: AnteStep) -> list[Md]:
        """Who puts how much into which pile, and the payment's name if it has one."""
        lang = self.lang
        payer = T("each_player" if step.payer == "each_player" else "dealer", lang)
        text = [sentence(T("puts", lang, payer=payer, amount=amount(step.amount, lang),
                           into=into(step.into, lang)))]
        if step.label:
            text.append(M.forms("called", lang).format(quoted(step.label, lang)))
        return text

    def _is_first_deal(self, step: DealStep) -> bool:
        deals = [s for s in self.ruleset.procedure if isinstance(s, DealStep)]
        return bool(deals) and deals[0].id == step.id

    def deal(self, step: DealStep) -> list[Md]:
        """How the pack (or the stock) is prepared and how many cards each player gets."""
        lang = self.lang
        text = []
        pack = "pack" if self._is_first_deal(step) else "stock"
        if step.shuffle_stock and step.cut:
            text.append(sentence(T(f"{pack}_shuffled_cut", lang)))
        elif step.shuffle_stock:
            text.append(sentence(T(f"{pack}_shuffled", lang)))
        elif step.cut:
            text.append(sentence(T(f"{pack}_cut", lang)))
        how = T("one_at_a_time" if step.one_at_a_time else "together", lang)
        cards = T("card" if step.cards == 1 else "cards", lang,
                  n=number_word(step.cards, lang), count=step.cards)
        text.append(sentence(T("gives", lang, cards=cards, who=self.who(step.to), how=how)))
        return text
