"""Changing cards in words: an exchange step, and the rounds that end at a shuffle call."""

from __future__ import annotations

from ..rules.procedure import ExchangeStep, ShuffleCallStep
from .lang import Catalog
from .markup import Md, esc, sentence
from .names import RuleWords
from .phrases import amount, card_range, into, quoted

T = Catalog(__name__, "T", {
    "shuffles_first": "the dealer shuffles the stock first",
    "in_turn": "in turn, {who} may discard {cards} and is served as many from the stock",
    "stand_pays": "puts {amount} into the pool",
    "served_shuffled": "from the stock, shuffled first",
    "served_unshuffled": "from the stock, without a shuffle",
    "first_caller": ("the first player to call puts {amount} {into}, and the two-card rounds end"),
    "all_pass": ("if everyone passes, each player discards {cards} and is served as many "
                 "{served}; then a new round of speaking begins"),
})
M = Catalog(__name__, "M", {
    "draw_call": Md("A player who exchanges says {}."),
    "stand": Md("A player who keeps his cards"),
    "stand_call": Md(" says {}"),
    "and": Md(" and "),
    "space": Md(" "),
    "stop": Md("."),
    "shuffle_call": Md("In turn, each player either passes ({}) or calls for the shuffle ({})."),
})


class ExchangeWords(RuleWords):
    """Sentences of the exchange and shuffle-call steps."""

    def exchange(self, step: ExchangeStep) -> list[Md]:
        """Who may discard how many cards, the calls, and what standing pat costs."""
        lang = self.lang
        text = []
        if step.shuffle_stock_first:
            text.append(sentence(T("shuffles_first", lang)))
        text.append(sentence(T("in_turn", lang, who=self.who(step.who),
                               cards=card_range(step.discard, lang))))
        if step.draw_call:
            text.append(M.forms("draw_call", lang).format(
                quoted(step.text_in("draw_call", lang.code), lang)))
        stand = M.forms("stand", lang)
        if step.stand_call:
            stand += M.forms("stand_call", lang).format(
                quoted(step.text_in("stand_call", lang.code), lang))
        if step.stand_pays is not None:
            joiner = M.forms("and" if step.stand_call else "space", lang)
            stand += joiner + esc(T("stand_pays", lang, amount=amount(step.stand_pays, lang)))
        if step.stand_call or step.stand_pays is not None:
            text.append(stand + M.forms("stop", lang))
        return text

    def shuffle_call(self, step: ShuffleCallStep) -> list[Md]:
        """The calls of the two-card rounds, what the caller pays, what passing means."""
        lang = self.lang
        served = T("served_shuffled" if step.reshuffle_between_rounds else "served_unshuffled",
                   lang)
        return [
            M.forms("shuffle_call", lang).format(
                quoted(step.text_in("pass_call", lang.code), lang),
                quoted(step.text_in("shuffle_call", lang.code), lang)),
            sentence(T("first_caller", lang, amount=amount(step.stake, lang),
                       into=into(step.into, lang))),
            sentence(T("all_pass", lang, cards=card_range(step.exchange, lang), served=served)),
        ]
