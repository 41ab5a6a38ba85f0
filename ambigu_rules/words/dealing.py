"""The antes and the deal of the cards in words."""

from __future__ import annotations

from ..rules.procedure import AnteStep, DealStep
from .markup import Md, sentence
from .names import RuleWords
from .phrases import amount, number_word, quoted


class DealingWords(RuleWords):
    """Sentences of the ante and deal steps."""

    def ante(self, step: AnteStep) -> list[Md]:
        """Who puts how much into which pile, and the payment's name if it has one."""
        payer = "each player" if step.payer == "each_player" else "the dealer"
        text = [sentence(f"{payer} puts {amount(step.amount)} into the {step.into}")]
        if step.label:
            text.append(Md("This payment is called the {}.").format(quoted(step.label)))
        return text

    def _is_first_deal(self, step: DealStep) -> bool:
        deals = [s for s in self.ruleset.procedure if isinstance(s, DealStep)]
        return bool(deals) and deals[0].id == step.id

    def deal(self, step: DealStep) -> list[Md]:
        """How the pack (or the stock) is prepared and how many cards each player gets."""
        text = []
        pack = "pack" if self._is_first_deal(step) else "stock"
        if step.shuffle_stock and step.cut:
            text.append(sentence(f"the {pack} is shuffled and cut first"))
        elif step.shuffle_stock:
            text.append(sentence(f"the {pack} is shuffled first, without a cut"))
        elif step.cut:
            text.append(sentence(f"the {pack} is cut first"))
        how = "one at a time" if step.one_at_a_time else "together"
        cards = f"{number_word(step.cards)} card" + ("" if step.cards == 1 else "s")
        text.append(sentence(f"the dealer gives {cards} to {self.who(step.to)}, {how}"))
        return text
