"""The words of the terminal game (``ambigu play``), in English and in French.

The account of the deal is the narration's (:mod:`ambigu_rules.play.narration`)
and what a rule allows is said by the site's sentences (the other modules of
this package); this catalog holds what only the terminal game says: the
welcome, the table's state before each prompt, the list of what may be typed,
the help's own sentences, the refusals and the standings.

What the player types has a word in each language, kept here with the rest
(``raise 2`` or ``relancer 2``, ``discard none`` or ``écarter rien``): the
game shows the words of its language, and understands those of either, with
or without their accents (:func:`engine_words` makes a typed line the
engine's, whose words are the English ones). The sentences name those words
through placeholders, so that no phrase holds a command of its own. ``help``
and ``quit`` have French synonyms, ``aide`` and ``quitter``, understood in
either language too (:data:`HELP_WORDS`, :data:`QUIT_WORDS`), and so have
``hint`` and ``save``: ``conseil`` and ``enregistrer`` (:data:`HINT_WORDS`,
:data:`SAVE_WORDS`). What the engine
says of why a deal cannot start, why an action is refused or a typed line not
read stays English, as the error messages do; a French line quotes it as such.

>>> from ambigu_rules.words.lang import FR
>>> T("you_may", FR, actions="pass | open 2-4")
'Vous pouvez : pass | open 2-4'
>>> span(2, 4, FR), span(2, 2, EN)
('de 2 à 4', 'exactly 2')
>>> typed("raise", FR), engine_words("Relancer 2"), engine_words("ecarter rien")
('relancer', 'raise 2', 'discard none')
"""

from __future__ import annotations

from ..engine.actions import KINDS
from .lang import EN, LANGS, Catalog, Lang, unaccented

#: What the player types to end the game, and to see what he may do, in either language.
QUIT_WORDS = ("quit", "exit", "q", "quitter")
HELP_WORDS = ("help", "?", "aide")
#: What the player types for a hint, and to save the game as a replay (with a file or not).
HINT_WORDS = ("hint", "conseil")
SAVE_WORDS = ("save", "enregistrer")

T = Catalog(__name__, {
    # -- the seats of ``ambigu play`` (cli/play_commands.py)
    "you_seat": ("Player 1 (you)", "Joueur 1 (vous)"),
    "bot_seat": ("Bot {n}", "Robot {n}"),
    # -- the game's own lines (play/terminal.py)
    "help_word": ("help", "aide"),
    "quit_word": ("quit", "quitter"),
    # what is typed for each kind of action (the engine's words in English), and
    # for a discard of no card
    "pass_word": ("pass", "passer"),
    "shuffle_word": ("shuffle", "battre"),
    "discard_word": ("discard", "écarter"),
    "open_word": ("open", "ouvrir"),
    "call_word": ("call", "tenir"),
    "raise_word": ("raise", "relancer"),
    "fold_word": ("fold", "abandonner"),
    "force_word": ("force", "forcer"),
    "choose_word": ("choose", "choisir"),
    "none_word": ("none", "rien"),
    "hint_word": ("hint", "conseil"),
    "save_word": ("save", "enregistrer"),
    "file_word": ("FILE", "FICHIER"),
    "welcome": ("You play the first seat; the others are bots. At each prompt type one of the "
                "actions after 'You may:', '{help}' for what each one means, '{hint}' for "
                "advice on your move, '{save}' to keep a replay of the deals played, or "
                "'{quit}' to end the game (Ctrl-D or Ctrl-C end it too); the standings are "
                "shown at the end.",
                "Vous jouez à la première place ; les autres sont tenues par des robots. À "
                "chaque invite, tapez l'une des actions qui suivent « Vous pouvez : », "
                "« {help} » pour savoir ce que chacune veut dire, « {hint} » pour un conseil "
                "sur votre coup, « {save} » pour garder de quoi rejouer les coups joués, "
                "ou « {quit} » pour finir la partie (Ctrl-D ou Ctrl-C la finissent aussi) ; le "
                "classement s'affiche à la fin."),
    "seed": ("The cards are shuffled from seed {seed} (--seed {seed} deals them again).",
             "Les cartes sont mêlées à partir de la graine {seed} (--seed {seed} les "
             "redonne)."),
    "deal": ("=== Deal {n} ===", "=== Coup {n} ==="),
    "status": ("Pool {pool}, batterie {batterie}, bets {bets}. Banks: ",
               "Poule {pool}, batterie {batterie}, mises {bets}. Masses : "),
    "your_hand": ("Your hand: {hand}", "Votre main : {hand}"),
    "no_hand": ("(none)", "(aucune)"),
    "you_may": ("You may: {actions}", "Vous pouvez : {actions}"),
    "typed_cards": ("{discard} CARDS ({fewest}-{most} cards)",
                    "{discard} CARTES (de {fewest} à {most} cartes)"),
    "typed_none": ("{discard} {none} | {cards}", "{discard} {none} | {cards}"),
    "not_understood": ("Not understood: {error}",
                       "Pas compris (le moteur dit, en anglais : « {error} »)."),
    "unknown_word": ("Not understood: unknown action {word!r}: expected one of {words}",
                     "Pas compris : « {word} » n'est pas une action ; tapez l'un de ces "
                     "mots : {words}."),
    "goodbye": ("Goodbye.", "Au revoir."),
    "over": ("The game is over.", "La partie est finie."),
    "no_further": ("No further deal: {reason}. The game is over.",
                   "Plus de coup possible (le moteur dit, en anglais : « {reason} »). La "
                   "partie est finie."),
    "unfinished": ("Deal {n} is left unfinished.", "Le coup {n} reste inachevé."),
    "pips": (" ({pips} pips)", " ({pips} points)"),
    "cards_pips": (" ({cards}: {pips} pips)", " ({cards} : {pips} points)"),
    "standings": ("Standings (each bank now, and its gain or loss since the start):",
                  "Classement (la masse de chacun, et son gain ou sa perte depuis le "
                  "début) :"),
    "head_player": ("player", "joueur"),
    "head_start": ("start", "début"),
    "head_bank": ("bank", "masse"),
    "head_net": ("net", "écart"),
    "on_table": ("Still on the table, in no bank: pool {pool}, batterie {batterie}, "
                 "bets {bets}.",
                 "Encore sur la table, hors des masses : poule {pool}, batterie {batterie}, "
                 "mises {bets}."),
    "owes": ("{debtor} owes {creditor} {amount}.", "{debtor} doit {amount} à {creditor}."),
    # -- the help (play/terminal_help.py)
    "help_title": ("What you may do now, and what it means:",
                   "Ce que vous pouvez faire maintenant, et ce que cela veut dire :"),
    "also": ("Also: {help} or ? shows this list; {hint} gives advice on your move (the "
             "exact odds of each discard at an exchange, else what the expert bot would do "
             "in your seat); {save} [{file}] writes the deals played to their end so far to a "
             "replay file (in this folder unless you name one), which 'ambigu replay {file}' "
             "plays back; {quit} (or q, exit, Ctrl-D, Ctrl-C) ends the game and shows the "
             "standings.",
             "Et aussi : {help} (ou help, ?) affiche cette liste ; {hint} (ou hint) donne un "
             "conseil sur votre coup (les chances exactes de chaque écart à un échange, "
             "sinon ce que ferait le robot expert à votre place) ; {save} [{file}] (ou save) "
             "écrit les coups joués jusqu'au bout dans un fichier de partie rejouée (dans ce "
             "dossier si vous n'en nommez pas), que « ambigu replay {file} » rejoue ; {quit} "
             "(ou quit, q, exit, Ctrl-D, Ctrl-C) finit la partie et affiche le classement."),
    "call_for_shuffle": ("call for the shuffle", "demander qu'on batte"),
    "force_plain": ("force play as the dealer", "forcer le jeu, comme donneur"),
    "force_elsewhere": ("force play as the dealer, when every player before you has passed",
                        "forcer le jeu, comme donneur, quand tous les joueurs avant vous ont "
                        "passé"),
    "fold": ("give up your hand and leave this deal; what you have put in stays on the table",
             "abandonner votre main et quitter ce coup ; ce que vous avez mis reste sur la "
             "table"),
    "you_say": (" (you say {call})", " (vous dites {call})"),
    "no_shuffle": ("do not call for the shuffle{says}. {rounds}",
                   "ne pas demander qu'on batte{says}. {rounds}"),
    "chooses_dealer": ("the dealer chooses {options}", "le donneur choisit {options}"),
    "for_now": (" for now", " pour l'instant"),
    "pass": ("bet nothing{when}{says}; {passing}. If everyone passes: {ends}.",
             "ne rien miser{when}{says} ; {passing}. Si tout le monde passe : {ends}."),
    "pass_plain": ("let your turn go by without betting", "laisser passer votre tour sans miser"),
    "shuffle": ("call for the shuffle{says}: you put {stake} {into} and the two-card rounds "
                "end",
                "demander qu'on batte{says} : vous mettez {stake} {into} et les tours à deux "
                "cartes s'arrêtent"),
    "discard": ("throw away the cards you name (here {cards}; typed {typed} or {shown}) and "
                "be served as many from the stock",
                "jeter les cartes que vous nommez (ici {cards} ; tapées {typed} ou {shown}) "
                "et en recevoir autant du talon"),
    "all_passed": (": everyone passed, so each player changes cards before speaking again",
                   " : tout le monde a passé, chacun change donc des cartes avant de reparler"),
    "keeps": ("; {typed} keeps your cards", " ; {typed} garde vos cartes"),
    "stand_pays": (" and you put {amount} into the pool",
                   " et vous mettez {amount} dans la poule"),
    "allowed": ("{kind} takes {span} here", "ici, on peut {kind} {span}"),
    "open_plain": ("make the first bet of this round ({allowed})",
                   "faire la première mise de ce tour ({allowed})"),
    "open_says": ("you say {call}; ", "vous dites {call} ; "),
    "open": ("make the first bet of this round ({says}{allowed}): the rules allow "
             "{opening}; {raising}",
             "faire la première mise de ce tour ({says}{allowed}) : les règles permettent "
             "{opening} ; {raising}"),
    "call": ("match the bet: you put in {put}{short} and stay in",
             "tenir la mise : vous mettez {put}{short} et restez en jeu"),
    "all_you_have": (", all you have", ", tout ce que vous avez"),
    "match": ("match the bet ({owed}) and ", "tenir la mise ({owed}) et "),
    "raise": ("{match}put {low} more on top of the bet ({allowed})",
              "{match}mettre {low} de plus par-dessus la mise ({allowed})"),
    "more": ("; {more}", " ; {more}"),
    "force": ("as the dealer, with every player before you passed, force play: you put "
              "{amount} into the pool, everybody keeps his cards, and {then}",
              "comme donneur, tous les joueurs avant vous ayant passé, forcer le jeu : vous "
              "mettez {amount} dans la poule, chacun garde ses cartes, et {then}"),
    "option_named": ("the option the rules name so", "l'option que les règles nomment ainsi"),
    "choice": ("the dealer's choice: {said}", "le choix du donneur : {said}"),
    "span": ("{low} to {high}", "de {low} à {high}"),
    "exactly": ("exactly {low}", "exactement {low}"),
    # -- the hint (play/terminal_hint.py)
    "hint_exchange": ("Hint, the exact odds at {title} with {hand} ({unseen} cards unseen): "
                      "each discard allowed here, best first, with the expected value of the "
                      "final hand and the chances of its likeliest best combinations:",
                      "Conseil, les chances exactes à {title} avec {hand} ({unseen} cartes non "
                      "vues) : chaque écart permis ici, le meilleur en tête, avec la valeur "
                      "espérée de la main finale et les chances de ses meilleures combinaisons "
                      "les plus probables :"),
    "hint_option": ("{typed}: expected value {value}; {chances}",
                    "{typed} : valeur espérée {value} ; {chances}"),
    "hint_more_one": ("and 1 other discard allowed, ranked below these.",
                      "et 1 autre écart permis, classé après ceux-ci."),
    "hint_more": ("and {n} other discards allowed, ranked below these.",
                  "et {n} autres écarts permis, classés après ceux-ci."),
    "hint_no_option": ("Hint: no discard is allowed here.",
                       "Conseil : aucun écart n'est permis ici."),
    "hint_bet": ("Hint: the expert bot, in your seat, reckons its chance of winning at {chance} "
                 "(counting the players who bet as holding better than chance) and would type: "
                 "{typed}",
                 "Conseil : le robot expert, à votre place, estime sa chance de gagner à "
                 "{chance} (en comptant que ceux qui misent tiennent mieux que le hasard) et "
                 "taperait : {typed}"),
    "hint_call": ("Hint: type {typed}. Keeping {keep} has an expected value of "
                  "{keep_value}, the best discard ({discard}) one of {discard_value}: calling "
                  "for the shuffle keeps your cards, and passing lets each player exchange if "
                  "everyone passes.",
                  "Conseil : tapez {typed}. Garder {keep} a une valeur espérée de "
                  "{keep_value}, le meilleur écart ({discard}) une de {discard_value} : "
                  "demander qu'on batte vous fait garder vos cartes, et passer laisse chacun "
                  "échanger si tout le monde passe."),
    "hint_call_keep": ("Hint: type {typed}. Keeping {keep} has an expected value of "
                       "{keep_value}.",
                       "Conseil : tapez {typed}. Garder {keep} a une valeur espérée de "
                       "{keep_value}."),
    "hint_none": ("No hint here: it is not your move.",
                  "Pas de conseil ici : ce n'est pas à vous de jouer."),
    "percent": ("{share} %", "{share} %"),
    "below_tenth": ("< 0.1 %", "< 0,1 %"),
    "above_almost": ("> 99.9 %", "> 99,9 %"),
    "no_combination": ("no combination", "aucune combinaison"),
    # -- saving a replay (play/terminal_save.py)
    "saved_one": ("Deal 1 saved in {path}: 'ambigu replay {command}' plays it back.",
                  "Coup 1 enregistré dans {path} : « ambigu replay {command} » le rejoue."),
    "saved_many": ("Deals 1 to {n} saved in {path}: 'ambigu replay {command}' plays them back.",
                   "Coups 1 à {n} enregistrés dans {path} : « ambigu replay {command} » les "
                   "rejoue."),
    "left_out": (" Deal {n}, not finished, is left out.", " Le coup {n}, inachevé, n'y est pas."),
    "nothing_to_save": ("Nothing to save yet: a replay holds the deals played to their end, "
                        "and deal 1 is not over.",
                        "Rien à enregistrer pour l'instant : une partie rejouée contient les "
                        "coups joués jusqu'au bout, et le coup 1 n'est pas fini."),
    "cannot_write": ("Cannot save in {path}: {reason}.",
                     "Impossible d'enregistrer dans {path} (le système dit, en anglais : "
                     "« {reason} »)."),
    "cannot_tell": ("Cannot save: {reason}.",
                    "Impossible d'enregistrer (le moteur dit, en anglais : « {reason} »)."),
    "outside_rules": ("Cannot save in {path}: a replay names its rule file by a path from its "
                      "own folder, and {rules} is not in that folder or below it; save the "
                      "replay beside the rule file, or in a folder above it.",
                      "Impossible d'enregistrer dans {path} : une partie rejouée nomme son "
                      "fichier de règles par un chemin depuis son propre dossier, et {rules} "
                      "n'est ni dans ce dossier ni en dessous ; enregistrez-la à côté du "
                      "fichier de règles, ou dans un dossier au-dessus."),
    "save_offer": ("Type '{save}' (or '{save} {file}') to keep a replay of the game, or press "
                   "Enter to leave.",
                   "Tapez « {save} » (ou « {save} {file} ») pour garder de quoi rejouer la "
                   "partie, ou Entrée pour partir."),
    # -- refusals (play/terminal_help.py)
    "refused_amount": ("{kind} takes {span} here.", "Ici, on peut {kind} {span}."),
    "refused_cards": ("{kind} takes {span} cards here{none}.",
                      "Ici, on peut {kind} {span} cartes{none}."),
    "keeps_aside": (" ({typed} keeps your cards)", " ({typed} garde vos cartes)"),
    "engine_refusal": ("{reason}.", "Refusé (le moteur dit, en anglais : « {reason} »)."),
    "refused_choice": ("That is not allowed now; the dealer's choice is typed '{typed}'.",
                       "Ce n'est pas permis maintenant ; le choix du donneur se tape "
                       "« {typed} »."),
    "refused_pass": ("That is not allowed now: after an opening you {call}, {raise} or "
                     "{fold} ({fold} gives up your hand).",
                     "Ce n'est pas permis maintenant : après une ouverture, tapez {call}, "
                     "{raise} ou {fold} ({fold} abandonne votre main)."),
    "refused": ("That is not allowed now. Type {help} for what each action means.",
                "Ce n'est pas permis maintenant. Tapez {help} pour savoir ce que veut dire "
                "chaque action."),
})


def typed(kind: str, lang: Lang = EN) -> str:
    """What the player types in ``lang`` for a kind of action (or ``none``, a
    discard of no card)."""
    return T(f"{kind}_word", lang)


def folded(word: str) -> str:
    """A typed word as it is compared: without case or accents (``Écarter`` is
    ``ecarter``)."""
    return unaccented(word.casefold())


#: Each typed word of every language, folded, and the engine's word it stands for.
_ENGINE_WORD = {folded(typed(kind, lang)): kind for kind in (*KINDS, "none") for lang in LANGS}


def engine_words(text: str) -> str | None:
    """A typed line as the engine reads it: its first word, in either language,
    made the engine's, and a discard of ``rien`` one of ``none``; ``None`` when
    the first word names no action.

    >>> engine_words("écarter 5S 9H"), engine_words("pass"), engine_words("ABANDONNER")
    ('discard 5S 9H', 'pass', 'fold')
    >>> engine_words("miser 2") is None, engine_words("rien") is None
    (True, True)
    """
    words = text.split(None, 1)
    kind = _ENGINE_WORD.get(folded(words[0])) if words else None
    if kind is None or kind == "none":
        return None
    rest = words[1].strip() if len(words) > 1 else ""
    if kind == "discard" and _ENGINE_WORD.get(folded(rest)) == "none":
        rest = typed("none")
    return f"{kind} {rest}".rstrip()


def every_word(lang: Lang = EN) -> str:
    """The words of every kind of action in ``lang``, as an unknown word is answered."""
    return ", ".join(typed(kind, lang) for kind in KINDS)


def span(low: int, high: int, lang: Lang = EN) -> str:
    """An amount range in words: ``2 to 4``, or ``exactly 2``."""
    if low == high:
        return T("exactly", lang, low=lang.count(low))
    return T("span", lang, low=lang.count(low), high=lang.count(high))


__all__ = ["HELP_WORDS", "HINT_WORDS", "QUIT_WORDS", "SAVE_WORDS", "T", "engine_words",
           "every_word", "folded", "span", "typed"]
