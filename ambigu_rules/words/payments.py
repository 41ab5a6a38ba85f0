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
from .lang import Catalog, Lang
from .markup import Md, esc, sentence
from .names import RuleWords
from .phrases import and_list, counters, into, pile, to_pile

#: Who an effect concerns, as the subject of its clause.
WHO_SAID = Catalog(__name__, "WHO_SAID", {
    "opener": "the opener",
    "winner": "the winner",
    "last_player": "the last player left",
    "dealer": "the dealer",
    "last_refuser": "the last player who refused",
    "each_player": "each player",
})
WHO = {key: forms["en"] for key, forms in WHO_SAID}
T = Catalog(__name__, "T", {
    "takes_back": "takes back his bet",
    "is_paid": "is paid the value of his combination",
    "adds": "adds {amount} {to}",
    "stays": "stays",
    "stay": "stay",
    "shows": "shows his hand",
    "redeal": "the cards are gathered and the same dealer deals again",
    "end_deal": "the deal ends",
    "puts": "puts {amount} {into}",
    "pays": "pays {to} {amount}",
    "not_dealer": " (not when {to} is the dealer)",
    "goes_on": "play goes on with the next step",
    "winner_paid": "the winner is paid the value of his combination by {payers}",
})
#: The names of the options a choice offers, by the option's id in the rule file
#: (``on_all_pass: {by: dealer, options: {redeal: ..., force: ...}}``); an id not
#: listed here is said as it is written.
OPTION = Catalog(__name__, "OPTION", {
    "redeal": "redeal",
    "force": "force",
})
M = Catalog(__name__, "M", {
    "takes": Md("takes {}"),
    "stays": Md("{} {} on the table for the next deal"),
    "goto": Md("play goes on with {}"),
    "clause": Md("{} {}"),
    "option": Md("*{}* ({})"),
    "chooses": Md("{} chooses between {}"),
    "semicolon": Md("; "),
})


def option_name(option: str, lang: Lang) -> str:
    """An option's name in ``lang``: ``redeal`` is « redonner » in French.

    >>> from .lang import FR
    >>> option_name("force", FR), option_name("reshuffle", FR)
    ('forcer', 'reshuffle')
    """
    return OPTION(option, lang) if option in OPTION.phrases else option


class PaymentWords(RuleWords):
    """Effects, outcomes and the payment of the combination in words."""

    def clause(self, effect: Effect) -> tuple[str, Md]:
        """One effect as a subject and the rest of its clause."""
        lang = self.lang
        match effect.kind():
            case ReturnBet(who=who):
                return WHO_SAID(who, lang), esc(T("takes_back", lang))
            case PayEffect() as pay:
                return WHO_SAID(pay.from_, lang), esc(self._payment(pay))
            case TakeEffect() as take:
                piles = and_list([pile(p, lang) for p in take.what], lang)
                return WHO_SAID(take.who, lang), M.forms("takes", lang).format(piles)
            case CombinationPaid(who=who):
                return WHO_SAID(who, lang), esc(T("is_paid", lang))
            case AddEffect() as add:
                return WHO_SAID(add.who, lang), esc(T(
                    "adds", lang, amount=counters(add.amount, lang), to=to_pile(add.into, lang)))
            case CarryOver(piles=piles):
                verb = T("stays" if len(piles) == 1 else "stay", lang)
                listed = and_list([pile(p, lang) for p in piles], lang)
                return "", M.forms("stays", lang).format(listed, verb)
            case ShowHand(who=who):
                return WHO_SAID(who, lang), esc(T("shows", lang))
            case Goto(step=step_id):
                return "", M.forms("goto", lang).format(self.step_link(step_id))
            case Redeal():
                return "", esc(T("redeal", lang))
            case EndDeal():
                return "", esc(T("end_deal", lang))
            case other:
                assert_never(other)

    def _payment(self, pay: PayEffect) -> str:
        lang = self.lang
        if pay.to == "pool":
            return T("puts", lang, amount=counters(pay.amount, lang), into=into("pool", lang))
        to = WHO_SAID(pay.to, lang)
        text = T("pays", lang, to=to, amount=counters(pay.amount, lang))
        if pay.from_ == "dealer":
            text += T("not_dealer", lang, to=to)
        return text

    def effect(self, effect: Effect) -> Md:
        """One effect as a clause (no capital, no full stop)."""
        subject, rest = self.clause(effect)
        return M.forms("clause", self.lang).format(subject, rest) if subject else rest

    def effects(self, effects: Sequence[Effect]) -> Md:
        """Several effects as one clause list, or "play goes on" when empty.

        Consecutive effects with the same subject share it: "the opener takes
        back his bet and takes the batterie".
        """
        if not effects:
            return esc(T("goes_on", self.lang))
        groups: list[tuple[str, list[Md]]] = []
        for item in effects:
            subject, rest = self.clause(item)
            if subject and groups and groups[-1][0] == subject:
                groups[-1][1].append(rest)
            else:
                groups.append((subject, [rest]))
        clauses = []
        for subject, rests in groups:
            joined = and_list(rests, self.lang)
            clauses.append(M.forms("clause", self.lang).format(subject, joined) if subject
                           else joined)
        return M.forms("semicolon", self.lang).join(clauses)

    def outcome(self, outcome: Outcome) -> Md:
        """An outcome: its effects, or the choice someone makes between lists of them."""
        if isinstance(outcome, Choice):
            options = [
                M.forms("option", self.lang).format(option_name(name, self.lang),
                                                    self.effects(effects))
                for name, effects in outcome.options.items()
            ]
            by = WHO_SAID(outcome.by, self.lang)
            return M.forms("chooses", self.lang).format(by, and_list(options, self.lang))
        return self.effects(outcome)

    def payment(self, payment: CombinationPayment) -> list[Md]:
        """Who pays the winner's combination, an uncontested winner, a short payer."""
        code = self.lang.code
        payers = said("payers", payment.payers, language=code)
        uncontested = said("uncontested", payment.uncontested, language=code)
        shortfall = said("shortfall", payment.shortfall, language=code)
        return [
            sentence(T("winner_paid", self.lang, payers=payers)),
            sentence(uncontested),
            sentence(shortfall),
        ]
