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
        forms = self.words[language]
        return forms.get(form, forms["full"])


def _term(meaning: tuple[str, str], full: tuple[str, str], **forms: tuple[str, str]) -> Term:
    """A term from its meaning and forms, each given as ``(English, French)``."""
    def frozen(pairs: Mapping[str, tuple[str, str]], index: int) -> Mapping[str, str]:
        return MappingProxyType({name: pair[index] for name, pair in pairs.items()})

    every = {"full": full, **forms}
    return Term(MappingProxyType({"en": meaning[0], "fr": meaning[1]}),
                MappingProxyType({"en": frozen(every, 0), "fr": frozen(every, 1)}))


VOCABULARY: Mapping[str, Mapping[str, Term]] = MappingProxyType({
    "payers": {
        "each_other_player_dealt_in": _term(
            ("Every other player dealt into the deal, even one who folded, but not one "
             "sitting out the deal under a penalty.",
             "Chacun des autres joueurs qui ont reçu des cartes, même celui qui s'est retiré, "
             "mais non celui qu'une pénalité tient hors du coup."),
            ("every other player dealt into the deal, even one who folded early, but not one "
             "sitting out the deal under a penalty",
             "chacun des autres joueurs qui ont reçu des cartes, même celui qui s'est retiré "
             "tôt, mais non celui qu'une pénalité tient hors du coup"),
            short=("every other player dealt in", "chacun des autres joueurs servis")),
        "each_other_player_at_table": _term(
            ("Every other player who sat down to the deal, one sitting out under a penalty "
             "included.",
             "Chacun des autres joueurs assis au coup, y compris celui qu'une pénalité en "
             "tient écarté."),
            ("every other player at the table, including one sitting out under a penalty",
             "chacun des autres joueurs de la table, y compris celui qu'une pénalité tient "
             "hors du coup"),
            short=("every other player at the table", "chacun des autres joueurs de la table")),
        "each_other_player_still_in": _term(
            ("Every other player who is still in the deal when it ends.",
             "Chacun des autres joueurs encore en jeu quand le coup s'achève."),
            ("every other player still in at the end of the deal",
             "chacun des autres joueurs encore en jeu à la fin du coup"),
            short=("every other player still in", "chacun des autres joueurs encore en jeu")),
    },
    "uncontested": {
        "paid": _term(
            ("A winner nobody called is paid his combination too.",
             "Le gagnant que personne n'a tenu est payé aussi de sa combinaison."),
            ("a player who wins because nobody called him is paid his combination too",
             "le joueur qui gagne parce que personne ne l'a tenu est payé aussi de sa "
             "combinaison")),
        "not_paid": _term(
            ("A winner nobody called shows nothing and is paid no combination.",
             "Le gagnant que personne n'a tenu ne montre rien et n'est payé d'aucune "
             "combinaison."),
            ("a player who wins because nobody called him shows nothing and is not paid a "
             "combination",
             "le joueur qui gagne parce que personne ne l'a tenu ne montre rien et n'est payé "
             "d'aucune combinaison")),
    },
    "shortfall": {
        "debt": _term(
            ("A player who cannot pay owes the rest to the one he pays.",
             "Le joueur qui ne peut payer doit le reste à celui qu'il paie."),
            ("a player who cannot pay owes the rest to the winner",
             "le joueur qui ne peut payer doit le reste au gagnant")),
        "pay_what_one_can": _term(
            ("A player who cannot pay in full pays what he has, and owes nothing.",
             "Le joueur qui ne peut payer en entier paie ce qu'il a, et ne doit rien de plus."),
            ("a player who cannot pay in full pays what he has",
             "le joueur qui ne peut payer en entier paie ce qu'il a")),
    },
    "final_tie": {
        "nearest_dealer_right": _term(
            ("The player nearest the dealer's right wins, whichever way the turn goes.",
             "Le joueur le plus proche de la droite du donneur gagne, dans quelque sens que "
             "tourne le jeu."),
            ("the player nearest the dealer's right",
             "le joueur le plus proche de la droite du donneur"),
            rule=("an exact tie goes to the player nearest the dealer's right",
                  "une égalité parfaite revient au joueur le plus proche de la droite du "
                  "donneur")),
        "split": _term(
            ("The tied players share what the winner takes (an odd counter to the one nearest "
             "the dealer's right), and each is paid his combination.",
             "Les joueurs à égalité partagent ce que prend le gagnant (un jeton impair à celui "
             "qui est le plus proche de la droite du donneur), et chacun est payé de sa "
             "combinaison."),
            ("the tied players share the winnings", "les joueurs à égalité partagent le gain"),
            rule=("an exact tie is shared: the tied players share the winnings",
                  "une égalité parfaite se partage : les joueurs à égalité partagent le gain")),
    },
    "taking_part": {
        "each_player": _term(
            ("Every player dealt in: one who dropped out by passing or folding takes part "
             "again (one put out by a penalty does not).",
             "Chaque joueur servi : celui qui s'est retiré, en passant ou après une "
             "ouverture, reprend part au jeu (non celui qu'une pénalité a mis hors du coup)."),
            ("each player", "chaque joueur"), short=("each player", "chaque joueur"),
            receivers=("", "")),
        "players_in": _term(
            ("Only the players still in the deal.", "Les seuls joueurs encore dans le coup."),
            ("each player still in the deal", "chaque joueur encore dans le coup"),
            short=("each player still in", "chaque joueur encore en jeu"),
            receivers=(" to the players still in", " aux joueurs encore en jeu")),
    },
    "offence": {
        "showing_cards": _term(("Showing one's cards before the showdown.",
                                "Montrer ses cartes avant l'abattage."),
                               ("showing one's cards", "avoir montré ses cartes")),
        "showing_discards": _term(("Showing one's discards.", "Montrer son écart."),
                                  ("showing one's discards", "avoir montré son écart")),
        "wrong_number_of_cards": _term(("Holding more or fewer cards than the rules give.",
                                        "Tenir plus ou moins de cartes que la règle n'en donne."),
                                       ("holding too many or too few cards",
                                        "avoir trop ou trop peu de cartes")),
        "misdeal": _term(("A deal made against the rules.",
                          "Une donne faite contre la règle."),
                         ("a misdeal", "une maldonne")),
    },
    "consequence": {
        "abandon_hand": _term(("The payer gives up his hand: he is out of the deal.",
                               "Celui qui paie abandonne son jeu : il est hors du coup."),
                              ("abandons his hand", "abandonne son jeu")),
        "sit_out_deal": _term(("The payer takes no part in the deal at all.",
                               "Celui qui paie ne prend aucune part au coup."),
                              ("takes no part in the deal", "ne prend aucune part au coup")),
        "none": _term(("Nothing more than the payment.", "Rien de plus que le paiement."),
                      ("", "")),
    },
    "betting_limit": {
        "agreed_limit": _term(
            ("A limit on each opening and raise, agreed by the table before play.",
             "Une limite de chaque ouverture et de chaque relance, convenue par la table "
             "avant de jouer."),
            ("a betting limit is agreed before play",
             "une limite des mises est convenue avant de jouer")),
        "purse_only": _term(
            ("No limit on a bet but the counters each player has.",
             "Aucune limite à une mise que les jetons de chaque joueur."),
            ("there is no limit but the counters each player has",
             "il n'y a d'autre limite que les jetons de chaque joueur")),
        "fixed_stakes_allowed": _term(
            ("An agreed limit, or one stake, fixed by the table, that every opening and raise "
             "must be.",
             "Une limite convenue, ou une mise unique fixée par la table, que doivent être "
             "chaque ouverture et chaque relance."),
            ("a limit is agreed before play, and the stakes may be fixed",
             "une limite est convenue avant de jouer, et les mises peuvent être fixes")),
        "pool": _term(
            ("No opening or raise larger than the counters on the table once the player has "
             "called.",
             "Aucune ouverture ni relance plus forte que les jetons qui sont sur la table une "
             "fois que le joueur a tenu."),
            ("no bet or raise may be larger than what lies on the table",
             "aucune mise ni relance ne peut dépasser ce qui est sur la table")),
    },
    "refill_shuffled": {
        "true": _term(("The gathered discards are shuffled before they are served.",
                       "Les écarts ramassés sont mêlés avant d'être servis."),
                      ("gathered, shuffled and used as the stock",
                       "ramassés, mêlés et remis en talon")),
        "false": _term(("The gathered discards are served in the order they were gathered.",
                        "Les écarts ramassés sont servis dans l'ordre où on les a ramassés."),
                       ("gathered and used as the stock, unshuffled",
                        "ramassés et remis en talon, sans être mêlés")),
    },
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
