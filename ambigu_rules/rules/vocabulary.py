"""The words of the rule format's vocabulary: one row per value, what it means and
how it is said.

A value such as ``each_other_player_at_table`` or ``split`` is played by the
engine (which dispatches on it), written in rule files, listed in the format
reference and said in the version pages, the comparison and the narration.
Each of those reads the value's :class:`Term` here, so that a value cannot be
said one way on a page and played another way at the table. A term keeps its
words by language and by form (``full`` for a rule's sentence, ``short`` for a
table cell), in each language the site speaks (English and French).

>>> said("final_tie", "split")
'the tied players share the winnings'
>>> said("final_tie", "split", language="fr")
'les joueurs à égalité partagent le gain'
>>> said("taking_part", "players_in", form="short")
'each player still in'
>>> VOCABULARY["payers"]["each_other_player_still_in"].meaning[:40]
'Every other player who is still in the d'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pydantic import BaseModel

from ..languages import Catalog
from .combinations import CombinationPayment, Ranking
from .procedure import BettingStep, DealStep, ExchangeStep
from .table import BettingLimit, Penalty, StockExhaustion


@dataclass(frozen=True, slots=True)
class Term:
    """One value of the vocabulary: what it means, and its words by language and form.

    ``meanings`` and ``words`` are keyed by language code (``en``, ``fr``);
    every language has the same forms (a test holds them to it).
    """

    meanings: Mapping[str, str]
    words: Mapping[str, Mapping[str, str]]

    @property
    def meaning(self) -> str:
        """What the value means, in English."""
        return self.meanings["en"]

    def say(self, form: str = "full", language: str = "en") -> str:
        """The term's words in ``language``, in ``form`` (or its full form)."""
        forms = self.words.get(language) or self.words["en"]
        return forms.get(form, forms["full"])


def _term(meaning: str, full: str, **forms: str) -> dict[str, str]:
    """A term's English: what it means, its full form and its other forms."""
    return {"meaning": meaning, "full": full, **forms}


def _terms(concept: str, english: Mapping[str, Mapping[str, str]]) -> Mapping[str, Term]:
    """The terms of ``concept`` from their English; every other language's forms are
    found in its messages (module, the concept as catalog, ``value.form`` as id)."""
    catalog = Catalog(__name__, concept, {f"{value}.{form}": text
                                          for value, forms in english.items()
                                          for form, text in forms.items()})

    def said(value: str, form: str) -> dict[str, str]:
        return dict(catalog.phrases[f"{value}.{form}"])

    terms = {}
    for value, forms in english.items():
        meanings = said(value, "meaning")
        words: dict[str, dict[str, str]] = {}
        for form in forms:
            if form != "meaning":
                for code, text in said(value, form).items():
                    words.setdefault(code, {})[form] = text
        terms[value] = Term(MappingProxyType(meanings),
                            MappingProxyType({code: MappingProxyType(by_form)
                                              for code, by_form in words.items()}))
    return MappingProxyType(terms)


VOCABULARY: Mapping[str, Mapping[str, Term]] = MappingProxyType({
    "payers": _terms("payers", {
        "each_other_player_dealt_in": _term(
            meaning=("Every other player dealt into the deal, even one who folded, but not one "
                     "sitting out the deal under a penalty."),
            full=("every other player dealt into the deal, even one who folded early, but not "
                  "one sitting out the deal under a penalty"),
            short="every other player dealt in"),
        "each_other_player_at_table": _term(
            meaning=("Every other player who sat down to the deal, one sitting out under a "
                     "penalty included."),
            full="every other player at the table, including one sitting out under a penalty",
            short="every other player at the table"),
        "each_other_player_still_in": _term(
            meaning="Every other player who is still in the deal when it ends.",
            full="every other player still in at the end of the deal",
            short="every other player still in"),
    }),
    "uncontested": _terms("uncontested", {
        "paid": _term(
            meaning="A winner nobody called is paid his combination too.",
            full="a player who wins because nobody called him is paid his combination too"),
        "not_paid": _term(
            meaning="A winner nobody called shows nothing and is paid no combination.",
            full=("a player who wins because nobody called him shows nothing and is not paid a "
                  "combination")),
    }),
    "shortfall": _terms("shortfall", {
        "debt": _term(
            meaning="A player who cannot pay owes the rest to the one he pays.",
            full="a player who cannot pay owes the rest to the winner"),
        "pay_what_one_can": _term(
            meaning="A player who cannot pay in full pays what he has, and owes nothing.",
            full="a player who cannot pay in full pays what he has"),
    }),
    "final_tie": _terms("final_tie", {
        "nearest_dealer_right": _term(
            meaning="The player nearest the dealer's right wins, whichever way the turn goes.",
            full="the player nearest the dealer's right",
            rule="an exact tie goes to the player nearest the dealer's right"),
        "split": _term(
            meaning=("The tied players share what the winner takes (an odd counter to the one "
                     "nearest the dealer's right), and each is paid his combination."),
            full="the tied players share the winnings",
            rule="an exact tie is shared: the tied players share the winnings"),
    }),
    "taking_part": _terms("taking_part", {
        "each_player": _term(
            meaning=("Every player dealt in: one who dropped out by passing or folding takes "
                     "part again (one put out by a penalty does not)."),
            full="each player",
            short="each player",
            receivers=""),
        "players_in": _term(
            meaning="Only the players still in the deal.",
            full="each player still in the deal",
            short="each player still in",
            receivers=" to the players still in"),
    }),
    "offence": _terms("offence", {
        "showing_cards": _term(
            meaning="Showing one's cards before the showdown.",
            full="showing one's cards"),
        "showing_discards": _term(
            meaning="Showing one's discards.",
            full="showing one's discards"),
        "wrong_number_of_cards": _term(
            meaning="Holding more or fewer cards than the rules give.",
            full="holding too many or too few cards"),
        "misdeal": _term(
            meaning="A deal made against the rules.",
            full="a misdeal"),
    }),
    "consequence": _terms("consequence", {
        "abandon_hand": _term(
            meaning="The payer gives up his hand: he is out of the deal.",
            full="abandons his hand"),
        "sit_out_deal": _term(
            meaning="The payer takes no part in the deal at all.",
            full="takes no part in the deal"),
        "none": _term(
            meaning="Nothing more than the payment.",
            full=""),
    }),
    "betting_limit": _terms("betting_limit", {
        "agreed_limit": _term(
            meaning="A limit on each opening and raise, agreed by the table before play.",
            full="a betting limit is agreed before play"),
        "purse_only": _term(
            meaning="No limit on a bet but the counters each player has.",
            full="there is no limit but the counters each player has"),
        "fixed_stakes_allowed": _term(
            meaning=("An agreed limit, or one stake, fixed by the table, that every opening and "
                     "raise must be."),
            full="a limit is agreed before play, and the stakes may be fixed"),
        "pool": _term(
            meaning=("No opening or raise larger than the counters on the table once the player "
                     "has called."),
            full="no bet or raise may be larger than what lies on the table"),
    }),
    "refill_shuffled": _terms("refill_shuffled", {
        "true": _term(
            meaning="The gathered discards are shuffled before they are served.",
            full="gathered, shuffled and used as the stock"),
        "false": _term(
            meaning="The gathered discards are served in the order they were gathered.",
            full="gathered and used as the stock, unshuffled"),
    }),
})
"""Every concept of the vocabulary: its values, each with its term.

:meta hide-value:
"""

WRITTEN_IN: Mapping[str, tuple[tuple[type[BaseModel], str], ...]] = MappingProxyType({
    "payers": ((CombinationPayment, "payers"),),
    "uncontested": ((CombinationPayment, "uncontested"),),
    "shortfall": ((CombinationPayment, "shortfall"),),
    "final_tie": ((Ranking, "final_tie"),),
    "taking_part": ((DealStep, "to"), (ExchangeStep, "who"), (BettingStep, "who")),
    "offence": ((Penalty, "offence"),),
    "consequence": ((Penalty, "consequence"),),
    "betting_limit": ((BettingLimit, "kind"),),
    "refill_shuffled": ((StockExhaustion, "shuffle"),),
})
"""Where each concept's values are written in a rule file: model and field.

:meta hide-value:
"""


def said(concept: str, value: object, form: str = "full", language: str = "en") -> str:
    """How ``value`` of ``concept`` is said (``True``/``False`` as ``"true"``/``"false"``)."""
    key = str(value).lower() if isinstance(value, bool) else str(value)
    return VOCABULARY[concept][key].say(form, language)
