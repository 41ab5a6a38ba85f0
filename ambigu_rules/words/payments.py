"""What moves counters: the effects of a step, its outcomes, paying the combination.

An effect (a bet taken back, a payment, the pool carried over to the next
deal ...) is said as a clause with its subject; several effects share a
subject when they follow each other. An outcome is a list of effects or a
choice between such lists. :meth:`PaymentWords.payment` says who pays the
winner's combination.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from ..rules.combinations import CombinationPayment
from ..rules.procedure import (
    AddEffect,
    CarryOver,
    Choice,
    CombinationPaid,
    Effect,
    EndDeal,
    Goto,
    Outcome,
    PayEffect,
    Redeal,
    ReturnBet,
    ShowHand,
    TakeEffect,
)
from ..rules.vocabulary import said
from .markup import Md, esc, sentence
from .names import RuleWords
from .phrases import and_list, counters

WHO = {
    "opener": "the opener",
    "winner": "the winner",
    "last_player": "the last player left",
    "dealer": "the dealer",
    "last_refuser": "the last player who refused",
    "each_player": "each player",
}
PILES = {"pool": "the pool", "bets": "the bets", "batterie": "the batterie"}


class PaymentWords(RuleWords):
    """Effects, outcomes and the payment of the combination in words."""

    def clause(self, effect: Effect) -> tuple[str, Md]:
        """One effect as a subject and the rest of its clause."""
        match effect.kind():
            case ReturnBet(who=who):
                return WHO[who], esc("takes back his bet")
            case PayEffect() as pay:
                return WHO[pay.from_], esc(self._payment(pay))
            case TakeEffect() as take:
                piles = and_list([PILES[p] for p in take.what])
                return WHO[take.who], Md("takes {}").format(piles)
            case CombinationPaid(who=who):
                return WHO[who], esc("is paid the value of his combination")
            case AddEffect() as add:
                return WHO[add.who], esc(f"adds {counters(add.amount)} to the {add.into}")
            case CarryOver(piles=piles):
                verb = "stays" if len(piles) == 1 else "stay"
                listed = and_list([PILES[p] for p in piles])
                return "", Md("{} {} on the table for the next deal").format(listed, verb)
            case ShowHand(who=who):
                return WHO[who], esc("shows his hand")
            case Goto(step=step_id):
                return "", Md("play goes on with {}").format(self.step_link(step_id))
            case Redeal():
                return "", esc("the cards are gathered and the same dealer deals again")
            case EndDeal():
                return "", esc("the deal ends")
            case other:
                assert_never(other)

    @staticmethod
    def _payment(pay: PayEffect) -> str:
        if pay.to == "pool":
            return f"puts {counters(pay.amount)} into the pool"
        text = f"pays {WHO[pay.to]} {counters(pay.amount)}"
        if pay.from_ == "dealer":
            text += f" (not when {WHO[pay.to]} is the dealer)"
        return text

    def effect(self, effect: Effect) -> Md:
        """One effect as a clause (no capital, no full stop)."""
        subject, rest = self.clause(effect)
        return Md("{} {}").format(subject, rest) if subject else rest

    def effects(self, effects: Sequence[Effect]) -> Md:
        """Several effects as one clause list, or "play goes on" when empty.

        Consecutive effects with the same subject share it: "the opener takes
        back his bet and takes the batterie".
        """
        if not effects:
            return esc("play goes on with the next step")
        groups: list[tuple[str, list[Md]]] = []
        for item in effects:
            subject, rest = self.clause(item)
            if subject and groups and groups[-1][0] == subject:
                groups[-1][1].append(rest)
            else:
                groups.append((subject, [rest]))
        clauses = []
        for subject, rests in groups:
            joined = and_list(rests)
            clauses.append(Md("{} {}").format(subject, joined) if subject else joined)
        return Md("; ").join(clauses)

    def outcome(self, outcome: Outcome) -> Md:
        """An outcome: its effects, or the choice someone makes between lists of them."""
        if isinstance(outcome, Choice):
            options = [
                Md("*{}* ({})").format(name, self.effects(effects))
                for name, effects in outcome.options.items()
            ]
            return Md("the {} chooses between {}").format(outcome.by, and_list(options))
        return self.effects(outcome)

    def payment(self, payment: CombinationPayment) -> list[Md]:
        """Who pays the winner's combination, an uncontested winner, a short payer."""
        payers = said("payers", payment.payers)
        uncontested = said("uncontested", payment.uncontested)
        shortfall = said("shortfall", payment.shortfall)
        return [
            sentence(f"the winner is paid the value of his combination by {payers}"),
            sentence(uncontested),
            sentence(shortfall),
        ]
