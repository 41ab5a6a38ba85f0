"""A betting step in words: opening, raising, passing and what ends the interval."""

from __future__ import annotations

from ..rules.procedure import BettingStep
from .lang import Catalog
from .markup import Md, sentence
from .payments import PaymentWords
from .phrases import counters, quoted

T = Catalog(__name__, "T", {
    "open_exactly": "an opening of exactly {amount}",
    "open_range": "an opening of {low} to {high}",
    "open_at_least": "an opening of at least {amount}, up to the betting limit",
    "open_from_previous": ", and no less than the last stake of the previous betting interval",
    "no_raises": "after an opening the others may only call it or fold; nobody raises",
    "raises": "after an opening the others may call, raise or fold",
    "until_no_raise": "; each raise starts a new round, until nobody raises",
    "no_reraise": " (the last raiser may not raise himself again)",
    "speak_once": "; each player speaks once, and the interval ends when all have spoken",
    "passers_may_call": "a player who passed before the opening may still come in after it",
    "passing_leaves": ("passing means leaving the deal; when all but one have passed, the one "
                       "left wins at once"),
    "passes": "passes",
    "opens": "opens the betting",
    "first_bet": "the first to bet makes {opening}",
})
M = Catalog(__name__, "M", {
    "passes_call": Md("passes ({})"),
    "opens_call": Md("opens the betting ({})"),
    "in_turn": Md("From the dealer's right, {} in turn {} or {}."),
    "force": (Md("If every player before the dealer passes, the dealer may force play by putting "
                 "in {}: {}.")),
    "all_pass": Md("If everyone passes: {}."),
    "uncalled_open": Md("If nobody calls the opening: {}."),
    "uncalled_raise": Md("If nobody calls a raise: {}."),
    "called": Md("When the bet is called: {}."),
})


class BettingWords(PaymentWords):
    """Sentences of the betting steps."""

    def opening(self, step: BettingStep) -> str:
        """How much an opening bet may be."""
        lang = self.lang
        if step.open_max is not None and step.open_max == step.open_min:
            text = T("open_exactly", lang, amount=counters(step.open_min, lang))
        elif step.open_max is not None:
            text = T("open_range", lang, low=lang.count(step.open_min),
                     high=counters(step.open_max, lang))
        else:
            text = T("open_at_least", lang, amount=counters(step.open_min, lang))
        if step.open_min_from_previous:
            text += T("open_from_previous", lang)
        return text

    def raising(self, step: BettingStep) -> str:
        """What the others may do after an opening."""
        if not step.raises:
            return T("no_raises", self.lang)
        text = T("raises", self.lang)
        if step.raise_rounds == "until_no_raise":
            text += T("until_no_raise", self.lang)
            if not step.last_raiser_may_reraise:
                text += T("no_reraise", self.lang)
        else:
            text += T("speak_once", self.lang)
        return text

    def passing(self, step: BettingStep) -> str:
        """What passing before an opening means."""
        if step.passers_before_open_may_call:
            return T("passers_may_call", self.lang)
        return T("passing_leaves", self.lang)

    def betting(self, step: BettingStep) -> list[Md]:
        """The whole betting step: the calls, the bets, and each way it can end."""
        lang = self.lang
        # a call in the rule file's form for the language (1730's « passe »)
        passes = (M.forms("passes_call", lang).format(quoted(step.text_in("pass_call", lang.code),
                                                             lang))
                  if step.pass_call else T("passes", lang))
        opens = (M.forms("opens_call", lang).format(quoted(step.text_in("open_call", lang.code),
                                                           lang))
                 if step.open_call else T("opens", lang))
        text = [
            M.forms("in_turn", lang).format(self.who(step.who), passes, opens),
            sentence(T("first_bet", lang, opening=self.opening(step))),
            sentence(self.raising(step)),
            sentence(self.passing(step)),
        ]
        if step.dealer_force is not None:
            force = step.dealer_force
            text.append(M.forms("force", lang).format(counters(force.amount, lang),
                                                      self.effects(force.then)))
        text.append(M.forms("all_pass", lang).format(self.outcome(step.on_all_pass)))
        text.append(M.forms("uncalled_open", lang).format(self.outcome(step.on_uncalled_open)))
        if step.on_uncalled_raise is not None:
            text.append(M.forms("uncalled_raise", lang).format(
                self.outcome(step.on_uncalled_raise)))
        if step.on_called:
            text.append(M.forms("called", lang).format(self.outcome(step.on_called)))
        return text
