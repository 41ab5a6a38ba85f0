"""The account of a deal, in English or in French: one line per event.

The engine records facts (:mod:`ambigu_rules.engine.events`); this module
alone turns them into sentences, for the command line, replay transcripts,
terminal play and the worked examples.

>>> from ambigu_rules.engine.events import Paid, Took
>>> from ambigu_rules.load.catalog import standard_deck
>>> narrator = Narrator(["Anna", "Ben", "Carla"], standard_deck())
>>> narrator.line(Paid(seat=1, amount=8, to=0, combination="flush_sequence"))
'Ben pays 8 to Anna'
>>> narrator.line(Took(seat=2, amount=5, pile="bets", share=True))
'Carla takes 5 of the bets'
>>> narrator.to_json(Took(seat=2, amount=5, pile="pool", step="showdown"))["text"]
'Carla takes the pool (5)'
>>> from ambigu_rules.words.lang import FR
>>> Narrator(["Anna", "Ben", "Carla"], standard_deck(), FR).line(
...     Took(seat=2, amount=5, pile="bets", share=True))
'Carla prend 5 sur les mises'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, assert_never

from ..engine.event_records import record_of
from ..engine.events import (
    Added,
    AntePaid,
    AnyEvent,
    BackIn,
    BestHand,
    BetReturned,
    BetsJoinedPool,
    BettingEnded,
    Bought,
    Called,
    CardsDealt,
    CombinationHeld,
    DealEnded,
    DealGivenUp,
    DealStarted,
    DrewForDeal,
    Exchanged,
    ExchangedFaceDown,
    FirstDealerChosen,
    Folded,
    Forced,
    ForcePaid,
    HandExposed,
    HandShown,
    Left,
    NobodyCalledShuffle,
    NoRedeal,
    Opened,
    OptionChosen,
    PackCut,
    Paid,
    Passed,
    Penalized,
    PutOut,
    Raised,
    Redealt,
    SessionEnded,
    ShuffleCalled,
    ShufflePassed,
    StakesCarried,
    StockExhausted,
    StockShuffled,
    Stood,
    TimeUp,
    Took,
)
from ..rules.deck import Deck
from ..rules.procedure import AnteStep, Step
from ..rules.ruleset import Ruleset
from ..rules.vocabulary import said
from ..words.lang import EN, Catalog, Lang
from ..words.names import CANONICAL, CANONICAL_LABEL
from ..words.payments import option_name
from ..words.phrases import into, pile, to_pile
from ..words.terminal import T as SEATS

#: How each end of a betting round is told.
ENDS = Catalog(__name__, "ENDS", {
    "all_pass": "Everybody passes",
    # Also where all but one passed before anyone opened (a pass that leaves the deal).
    "uncalled_open": "Nobody calls: one player is left in",
    "uncalled_raise": "Nobody calls the last raise",
    "called": "The bets are called",
    "forced": "The dealer forces play",
})

#: How the first dealer was chosen, by ``first_dealer.method``.
METHODS = Catalog(__name__, "METHODS", {
    "highest_card": "highest card drawn",
    "by_lot": "chosen by lot",
    "as_agreed": "as the players agreed",
})

#: Every line of the account (its other languages' forms in their messages.yaml).
T = Catalog(__name__, "T", {
    "deal_started": "Deal {number}: {dealer} deals",
    "ante": "{who} puts {amount} {into}{label}",
    "label": " ({label})",
    # The version's name for a payment in the rule file's French form: our words, unquoted.
    "label_ours": " ({label})",
    "dealt": "{who} receives {count} cards",
    "stock_shuffled": "The dealer shuffles the stock",
    "cuts": "{who} cuts the pack",
    "cut": "The pack is cut",
    "stock_short": "The stock runs short: {count} discards are {how}",
    "redealt": "The cards are gathered and dealt again",
    "no_redeal": ("Too few players have counters left to bet: the deal ends and everything "
                  "stays on the table"),
    "spoken": ' ("{call}")',
    "exchanged": "{who} discards {count} and draws {count}{spoken}",
    "stands": "{who} stands{spoken}",
    "says": '{who} says "{call}"',
    "nobody_shuffle": "All pass: each discards and is served again",
    "shuffle_called": '{who} says "{call}" and puts {amount} {into}',
    "chooses": "{who} chooses {option}",
    "passes": "{who} passes{spoken}",
    "folds": "{who} folds",
    "calls": "{who} calls{put}",
    "put": " ({put})",
    "opens": "{who} opens {amount}{spoken}",
    "raises": "{who} raises {amount}",
    "forces": "{who} forces play",
    "force_paid": "{who} puts {amount} into the pool; everybody keeps his cards",
    "shows_name": "{who} shows {cards}: {name}",
    "no_combination": "no combination",
    "shows": "{who} shows {cards}",
    "best_hand": "{who} has the best hand",
    # ``of_who`` and ``to_whom`` are the name after "of" and "to" (:meth:`Narrator.of`,
    # :meth:`Narrator.to`): a language that elides or joins an article says so there.
    "holds": "{of_who} holds {name}, worth {value} from each",
    "pays_pool": "{who} pays {amount} into the pool",
    "pays": "{who} pays {amount} {to_whom}",
    "takes_share": "{who} takes {amount} of {pile}",
    "takes": "{who} takes {pile} ({amount})",
    "bet_returned": "{who} takes back the bet ({amount})",
    "added": "{who} adds {amount} {to}",
    "carried": "The pool ({pool}) and batterie ({batterie}) stay for the next deal",
    "joined": "{amount} counters of bets join the pool",
    "deal_ended": "Deal {number} ends; pool {pool}, batterie {batterie}",
    "bought": "{who} buys {amount} counters",
    "penalized": "{who} pays {amount} {into} for {offence}",
    "put_out": "{who} takes no further part in this deal",
    "drew": "{who} draws {card} for the deal",
    "first_dealer": "{who} deals first ({method})",
    "back_in": "{names} take part again",
    "left": "{who} leaves the table",
    "time_finish": "The time is up: this deal is played to its end",
    "time_stop": "The time is up: the deal stops here",
    "given_up": "Deal {number} is given up; each takes back his bet",
    "agreed_deals": "the agreed deals are played",
    "agreed_time": "the agreed time is up",
    "session_over": "The session is over: {why}",
    "banks": "Banks: {banks}",
    "on_table": ("On the table: pool {pool}, batterie {batterie}, bets {bets}; next dealer "
                 "{dealer}"),
    "debt": "Debt: {debtor} owes {creditor} {amount}",
    # A name after "of" (English needs no word: "Anna holds") and after "to": before a
    # consonant, before a vowel, and a seat named by a common noun ("Bot 2", "Player 1
    # (you)"), said as the noun (``you_noun``, ``bot_noun`` of the terminal's words).
    "of": "{name}",
    "of_vowel": "{name}",
    "of_noun": "{name}",
    "to": "to {name}",
    "to_vowel": "to {name}",
    "to_noun": "to {name}",
})

#: The letters a name begins with that take the elided form (``of_vowel``, ``to_vowel``).
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")


def own_word(step: Step, word: str, lang: Lang) -> str:
    """A call of ``step`` (``word``, as its rule file writes it) in ``lang``: the form
    the rule file gives for that language (Foster's "I play" is « je joue » in
    French), else the word as it is (1730's « vade », the Russian « пас »)."""
    if lang is not EN:
        for key in step.TRANSLATION_OPTIONAL:
            if getattr(step, key, None) == word:
                return step.text_in(key, lang.code)
    return word


class Narrator:
    """Tells the events of one table: it knows the players' names, the deck and the
    language it speaks (English unless told)."""

    def __init__(self, names: Sequence[str], deck: Deck, lang: Lang = EN,
                 ruleset: Ruleset | None = None) -> None:
        self.names = list(names)
        self.deck = deck
        self.lang = lang
        #: The version's steps and combinations, by id: their own words, in the
        #: language told (a call's or a payment's French form, a combination's name).
        self.steps: dict[str, Step] = ({step.id: step for step in ruleset.procedure}
                                       if ruleset else {})
        self.combinations = ({key: item for item in ruleset.combinations
                              for key in (item.id, item.canonical) if key}
                             if ruleset else {})

    def to_json(self, event: AnyEvent) -> dict[str, Any]:
        """The event's flat record with its line of text after the kind."""
        record = record_of(event)
        return {"kind": record.pop("kind"), "text": self.line(event), **record}

    def lines(self, events: Sequence[AnyEvent]) -> list[str]:
        return [self.line(event) for event in events]

    def closing(self, state: Mapping[str, Any]) -> list[str]:
        """The table when a replay ends: the banks, what lies on it, the debts."""
        banks = ", ".join(f"{name} {amount}" for name, amount in state["banks"].items())
        lines = [T("banks", self.lang, banks=banks),
                 T("on_table", self.lang, pool=state["pool"], batterie=state["batterie"],
                   bets=state["bets"], dealer=state["dealer"])]
        lines += [T("debt", self.lang, debtor=debt["debtor"], creditor=debt["creditor"],
                    amount=debt["amount"]) for debt in state["debts"]]
        return lines

    def _name(self, combination: str | None, name: str | None) -> str:
        """A combination's name: the version's own, in the language told (its rule
        file's form in that language; without one, the standard name in it)."""
        if self.lang is not EN and combination is not None:
            own = self.combinations.get(combination)
            if own is not None and "name" in (own.translations or {}).get(self.lang.code, {}):
                return own.text_in("name", self.lang.code).lower()
            if combination in CANONICAL_LABEL:
                return CANONICAL(combination, self.lang)
        return name or T("no_combination", self.lang)

    def _said(self, step_id: str | None, word: str) -> str:
        """A call as the version says it, in the language told (:func:`own_word`)."""
        step = self.steps.get(step_id or "")
        return word if step is None else own_word(step, word, self.lang)

    def _label(self, event: AntePaid) -> str:
        """A payment's tag: in English its name; in another language the version's own
        name only (a payment the rule file does not name goes untagged), in that
        language's form where the rule file gives one."""
        lang = self.lang
        if lang is EN:
            return T("label", lang, label=event.label) if event.label else ""
        step = self.steps.get(event.step or "")
        if not isinstance(step, AnteStep) or step.label is None:
            return ""
        own = step.text_in("label", lang.code)
        return T("label" if own == step.label else "label_ours", lang, label=own)

    def _after(self, key: str, name: str) -> str:
        """``name`` after a preposition (``of``, ``to``): as it is, elided before a
        vowel, or a seat's common noun with its article, as the language's forms say."""
        lang = self.lang
        bot = SEATS("bot_seat", lang, n="")
        if name == SEATS("you_seat", lang):
            return T(f"{key}_noun", lang, name=SEATS("you_noun", lang))
        if name.startswith(bot) and name[len(bot):].isdigit():
            return T(f"{key}_noun", lang, name=SEATS("bot_noun", lang, n=name[len(bot):]))
        return T(f"{key}_vowel" if name[:1].lower() in VOWELS else key, lang, name=name)

    def of(self, name: str) -> str:
        """``of Anna``: in French « d'Anna », « de Ben », « du robot 2 »."""
        return self._after("of", name)

    def to(self, name: str) -> str:
        """``to Anna``: in French « à Anna », « au joueur 1 (vous) »."""
        return self._after("to", name)

    def line(self, event: AnyEvent) -> str:
        """One sentence for ``event``, its cards written with the language's letters
        (:meth:`~ambigu_rules.languages.Lang.show_cards`)."""
        return self.lang.show_cards(self._sentence(event))

    def _sentence(self, event: AnyEvent) -> str:
        """One sentence for ``event``: a table of every kind of event, checked
        complete by the type checker (``assert_never``)."""
        seat = getattr(event, "seat", None)
        who = self.names[seat] if isinstance(seat, int) else ""
        lang = self.lang

        def t(key: str, **fill: object) -> str:
            return T(key, lang, who=who, **fill)

        def spoken(call: str | None) -> str:
            return T("spoken", lang, call=self._said(event.step, call)) if call else ""

        match event:
            case DealStarted():
                return t("deal_started", number=event.number, dealer=self.names[event.dealer])
            case AntePaid():
                return t("ante", amount=event.amount, into=into(event.into, lang),
                         label=self._label(event))
            case CardsDealt():
                return t("dealt", count=event.count)
            case StockShuffled():
                return t("stock_shuffled")
            case PackCut():
                return t("cuts") if who else t("cut")
            case StockExhausted():
                return t("stock_short", count=event.count,
                         how=said("refill_shuffled", event.shuffled, language=lang.code))
            case Redealt():
                return t("redealt")
            case NoRedeal():
                return t("no_redeal")
            case Exchanged():
                return t("exchanged", count=len(event.cards), spoken=spoken(event.call))
            case ExchangedFaceDown():
                return t("exchanged", count=event.count, spoken=spoken(event.call))
            case Stood():
                return t("stands", spoken=spoken(event.call))
            case ShufflePassed():
                return t("says", call=self._said(event.step, event.call))
            case NobodyCalledShuffle():
                return t("nobody_shuffle")
            case ShuffleCalled():
                return t("shuffle_called", call=self._said(event.step, event.call),
                         amount=event.amount, into=into(event.into, lang))
            case OptionChosen():
                return t("chooses", option=option_name(event.option, lang))
            case Passed():
                return t("passes", spoken=spoken(event.call))
            case Folded():
                return t("folds")
            case Called():
                return t("calls", put=T("put", lang, put=event.put) if event.put else "")
            case Opened():
                return t("opens", amount=event.amount, spoken=spoken(event.call))
            case Raised():
                return t("raises", amount=event.amount)
            case Forced():
                return t("forces")
            case BettingEnded():
                return ENDS(event.result, lang)
            case ForcePaid():
                return t("force_paid", amount=event.amount)
            case HandShown():
                return t("shows_name", cards=self.deck.format_hand(event.cards),
                         name=self._name(event.combination, event.name))
            case HandExposed():
                return t("shows", cards=self.deck.format_hand(event.cards))
            case BestHand():
                return t("best_hand")
            case CombinationHeld():
                return t("holds", name=self._name(event.combination, event.name),
                         value=event.value, of_who=self.of(who))
            case Paid():
                if event.to is None:
                    return t("pays_pool", amount=event.amount)
                to = self.names[event.to]
                return t("pays", amount=event.amount, to=to, to_whom=self.to(to))
            case Took():
                key = "takes_share" if event.share else "takes"
                return t(key, amount=event.amount, pile=pile(event.pile, lang))
            case BetReturned():
                return t("bet_returned", amount=event.amount)
            case Added():
                return t("added", amount=event.amount, to=to_pile(event.into, lang))
            case StakesCarried():
                return t("carried", pool=event.pool, batterie=event.batterie)
            case BetsJoinedPool():
                return t("joined", amount=event.amount)
            case DealEnded():
                return t("deal_ended", number=event.number, pool=event.pool,
                         batterie=event.batterie)
            case Bought():
                return t("bought", amount=event.amount)
            case Penalized():
                # English transcripts say the offence's id in words, as they always have.
                offence = (event.offence.replace("_", " ") if lang is EN
                           else said("offence", event.offence, language=lang.code))
                return t("penalized", amount=event.amount, into=into(event.into, lang),
                         offence=offence)
            case PutOut():
                return t("put_out")
            case DrewForDeal():
                return t("drew", card=self.deck.format_hand([event.card]))
            case FirstDealerChosen():
                return t("first_dealer", method=METHODS(event.method, lang))
            case BackIn():
                return t("back_in", names=", ".join(self.names[s] for s in event.seats))
            case Left():
                return t("left")
            case TimeUp():
                return t("time_finish" if event.finish_deal else "time_stop")
            case DealGivenUp():
                return t("given_up", number=event.number)
            case SessionEnded():
                why = T("agreed_deals" if event.reason == "agreed_deals" else "agreed_time", lang)
                return t("session_over", why=why)
            case _:
                assert_never(event)
