"""A betting step in words: opening, raising, passing and what ends the interval."""

from __future__ import annotations

from ..rules.procedure import BettingStep
from .markup import Md, sentence
from .payments import PaymentWords
from .phrases import counters, quoted


class BettingWords(PaymentWords):
    """Sentences of the betting steps."""

    def opening(self, step: BettingStep) -> str:
        """How much an opening bet may be."""
        if step.open_max is not None and step.open_max == step.open_min:
            text = f"an opening of exactly {counters(step.open_min)}"
        elif step.open_max is not None:
            text = f"an opening of {step.open_min} to {counters(step.open_max)}"
        else:
            text = f"an opening of at least {counters(step.open_min)}, up to the betting limit"
        if step.open_min_from_previous:
            text += ", and no less than the last stake of the previous betting interval"
        return text

    def raising(self, step: BettingStep) -> str:
        """What the others may do after an opening."""
        if not step.raises:
            return "after an opening the others may only call it or fold; nobody raises"
        text = "after an opening the others may call, raise or fold"
        if step.raise_rounds == "until_no_raise":
            text += "; each raise starts a new round, until nobody raises"
            if not step.last_raiser_may_reraise:
                text += " (the last raiser may not raise himself again)"
        else:
            text += "; each player speaks once, and the interval ends when all have spoken"
        return text

    def passing(self, step: BettingStep) -> str:
        """What passing before an opening means."""
        if step.passers_before_open_may_call:
            return "a player who passed before the opening may still come in after it"
        return (
            "passing means leaving the deal; when all but one have passed, "
            "the one left wins at once"
        )

    def betting(self, step: BettingStep) -> list[Md]:
        """The whole betting step: the calls, the bets, and each way it can end."""
        passes = Md("passes ({})").format(quoted(step.pass_call)) if step.pass_call else "passes"
        opens = (Md("opens the betting ({})").format(quoted(step.open_call)) if step.open_call
                 else "opens the betting")
        text = [
            Md("From the dealer's right, {} in turn {} or {}.").format(
                self.who(step.who), passes, opens
            ),
            sentence(f"the first to bet makes {self.opening(step)}"),
            sentence(self.raising(step)),
            sentence(self.passing(step)),
        ]
        if step.dealer_force is not None:
            force = step.dealer_force
            text.append(
                Md(
                    "If every player before the dealer passes, the dealer may force play by "
                    "putting in {}: {}."
                ).format(counters(force.amount), self.effects(force.then))
            )
        text.append(Md("If everyone passes: {}.").format(self.outcome(step.on_all_pass)))
        text.append(
            Md("If nobody calls the opening: {}.").format(self.outcome(step.on_uncalled_open))
        )
        if step.on_uncalled_raise is not None:
            text.append(
                Md("If nobody calls a raise: {}.").format(self.outcome(step.on_uncalled_raise))
            )
        if step.on_called:
            text.append(Md("When the bet is called: {}.").format(self.outcome(step.on_called)))
        return text
