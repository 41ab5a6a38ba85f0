"""Changing cards in words: an exchange step, and the rounds that end at a shuffle call."""

from __future__ import annotations

from ..rules.procedure import ExchangeStep, ShuffleCallStep
from .markup import Md, esc, sentence
from .names import RuleWords
from .phrases import amount, card_range, quoted


class ExchangeWords(RuleWords):
    """Sentences of the exchange and shuffle-call steps."""

    def exchange(self, step: ExchangeStep) -> list[Md]:
        """Who may discard how many cards, the calls, and what standing pat costs."""
        text = []
        if step.shuffle_stock_first:
            text.append(sentence("the dealer shuffles the stock first"))
        text.append(
            sentence(
                f"in turn, {self.who(step.who)} may discard {card_range(step.discard)} "
                "and is served as many from the stock"
            )
        )
        if step.draw_call:
            text.append(Md("A player who exchanges says {}.").format(quoted(step.draw_call)))
        stand = Md("A player who keeps his cards")
        if step.stand_call:
            stand += Md(" says {}").format(quoted(step.stand_call))
        if step.stand_pays is not None:
            joiner = Md(" and ") if step.stand_call else Md(" ")
            stand += joiner + esc(f"puts {amount(step.stand_pays)} into the pool")
        if step.stand_call or step.stand_pays is not None:
            text.append(stand + Md("."))
        return text

    def shuffle_call(self, step: ShuffleCallStep) -> list[Md]:
        """The calls of the two-card rounds, what the caller pays, what passing means."""
        served = (
            "from the stock, shuffled first" if step.reshuffle_between_rounds
            else "from the stock, without a shuffle"
        )
        return [
            Md(
                "In turn, each player either passes ({}) or calls for the shuffle ({})."
            ).format(quoted(step.pass_call), quoted(step.shuffle_call)),
            sentence(
                f"the first player to call puts {amount(step.stake)} into the {step.into}, "
                "and the two-card rounds end"
            ),
            sentence(
                f"if everyone passes, each player discards {card_range(step.exchange)} and is "
                f"served as many {served}; then a new round of speaking begins"
            ),
        ]
