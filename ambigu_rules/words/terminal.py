"""The words of the terminal game (``ambigu play``), in English and in French.

The account of the deal is the narration's (:mod:`ambigu_rules.play.narration`)
and what a rule allows is said by the site's sentences (the other modules of
this package); this catalog holds what only the terminal game says: the
welcome, the table's state before each prompt, the list of what may be typed,
the help's own sentences, the refusals and the standings.

What the player types is the same in both languages (``pass``, ``open 2``,
``discard 5S``), as the engine reads it; the French sentences name those words
through placeholders, so that no phrase holds a command of its own. ``help``
and ``quit`` have French synonyms, ``aide`` and ``quitter``, understood in
either language (:data:`HELP_WORDS`, :data:`QUIT_WORDS`). What the engine
says of why a deal cannot start or an action is refused stays English, as the
error messages do; a French line quotes it as such.

>>> from ambigu_rules.words.lang import FR
>>> T("you_may", FR, actions="pass | open 2-4")
'Vous pouvez : pass | open 2-4'
>>> span(2, 4, FR), span(2, 2, EN)
('de 2 à 4', 'exactly 2')
"""

from __future__ import annotations

from .lang import EN, Catalog, Lang

#: What the player types to end the game, and to see what he may do, in either language.
QUIT_WORDS = ("quit", "exit", "q", "quitter")
HELP_WORDS = ("help", "?", "aide")

T = Catalog(__name__, {
    # -- the seats of ``ambigu play`` (cli/play_commands.py)
    "you_seat": ("Player 1 (you)", "Joueur 1 (vous)"),
    "bot_seat": ("Bot {n}", "Robot {n}"),
    # -- the game's own lines (play/terminal.py)
    "help_word": ("help", "aide"),
    "quit_word": ("quit", "quitter"),
    "welcome": ("You play the first seat; the others are bots. At each prompt type one of the "
                "actions after 'You may:', '{help}' for what each one means, or '{quit}' to "
                "end the game (Ctrl-D or Ctrl-C end it too); the standings are shown at the "
                "end.",
                "Vous jouez à la première place ; les autres sont tenues par des robots. À "
                "chaque invite, tapez l'une des actions qui suivent « Vous pouvez : », "
                "« {help} » pour savoir ce que chacune veut dire, ou « {quit} » pour finir la "
                "partie (Ctrl-D ou Ctrl-C la finissent aussi) ; le classement s'affiche à la "
                "fin."),
    "deal": ("=== Deal {n} ===", "=== Coup {n} ==="),
    "status": ("Pool {pool}, batterie {batterie}, bets {bets}. Banks: ",
               "Poule {pool}, batterie {batterie}, mises {bets}. Masses : "),
    "your_hand": ("Your hand: {hand}", "Votre main : {hand}"),
    "no_hand": ("(none)", "(aucune)"),
    "you_may": ("You may: {actions}", "Vous pouvez : {actions}"),
    "typed_cards": ("{discard} CARDS ({fewest}-{most} cards)",
                    "{discard} CARTES (de {fewest} à {most} cartes)"),
    "typed_none": ("{discard} none | {cards}", "{discard} none | {cards}"),
    "not_understood": ("Not understood: {error}", "Pas compris : {error}"),
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
    "also": ("Also: {help} or ? shows this list; {quit} (or q, exit, Ctrl-D, Ctrl-C) ends "
             "the game and shows the standings.",
             "Et aussi : {help} (ou help, ?) affiche cette liste ; {quit} (ou quit, q, exit, "
             "Ctrl-D, Ctrl-C) finit la partie et affiche le classement."),
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
    "allowed": ("{kind} takes {span} here", "{kind} : {span} ici"),
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
    # -- refusals (play/terminal_help.py)
    "refused_amount": ("{kind} takes {span} here.", "{kind} : {span} ici."),
    "refused_cards": ("{kind} takes {span} cards here{none}.",
                      "{kind} : {span} cartes ici{none}."),
    "keeps_aside": (" ({typed} keeps your cards)", " ({typed} garde vos cartes)"),
    "engine_refusal": ("{reason}.", "Refusé (le moteur dit, en anglais : « {reason} »)."),
    "refused_choice": ("That is not allowed now; the dealer's choice is typed '{typed}'.",
                       "Ce n'est pas permis maintenant ; le choix du donneur se tape "
                       "« {typed} »."),
    "refused_pass": ("That is not allowed now: after an opening you call, raise or fold "
                     "(fold gives up your hand).",
                     "Ce n'est pas permis maintenant : après une ouverture, vous tenez "
                     "(call), relancez (raise) ou quittez (fold, qui abandonne votre main)."),
    "refused": ("That is not allowed now. Type {help} for what each action means.",
                "Ce n'est pas permis maintenant. Tapez {help} pour savoir ce que veut dire "
                "chaque action."),
})


def span(low: int, high: int, lang: Lang = EN) -> str:
    """An amount range in words: ``2 to 4``, or ``exactly 2``."""
    if low == high:
        return T("exactly", lang, low=lang.count(low))
    return T("span", lang, low=lang.count(low), high=lang.count(high))


__all__ = ["HELP_WORDS", "QUIT_WORDS", "T", "span"]
