"""The words of the terminal game (``ambigu play``), in every language the package speaks.

The account of the deal is the narration's (:mod:`ambigu_rules.play.narration`)
and what a rule allows is said by the site's sentences (the other modules of
this package); this catalog holds what only the terminal game says: the
welcome, the table's state before each prompt, the list of what may be typed,
the help's own sentences, the refusals and the standings.

What the player types has a word in each language, kept here with the rest
(``raise 2`` or ``relancer 2``, ``fold`` or ``se retirer``, ``discard none`` or
``tout garder``): the game shows the words of its language, and understands
those of either, with or without their accents (:func:`engine_words` makes a
typed line the engine's, whose words are the English ones). The sentences name
those words through placeholders, so that no phrase holds a command of its own.
``help``, ``quit``, ``hint`` and ``save`` have a word in each language (French
``aide``, ``quitter la partie``, ``conseil``, ``enregistrer``; Russian ``справка``,
``выход``, ``совет``, ``сохранить``), each understood in any language
(:data:`HELP_WORDS`, :data:`QUIT_WORDS`, :data:`HINT_WORDS`, :data:`SAVE_WORDS`);
``quitter`` alone, which the rules' French could read as folding, does neither
(:data:`UNCLEAR_WORDS`, a language's own list: the game says what to type instead). What the engine
says of why a deal cannot start, why an action is refused or a typed line not
read stays English, as the error messages do; a French line quotes it as such.

>>> from ambigu_rules.words.lang import FR
>>> T("you_may", FR, actions="pass | open 2-4")
'Vous pouvez : pass | open 2-4'
>>> span(2, 4, FR), span(2, 2, EN)
('de 2 à 4', 'exactly 2')
>>> typed("raise", FR), engine_words("Relancer 2"), engine_words("tout garder")
('relancer', 'raise 2', 'discard none')
>>> engine_words("se retirer"), engine_words("quitter") is None
('fold', True)
"""

from __future__ import annotations

from ..engine.actions import KINDS
from .lang import EN, LANGS, Catalog, Lang, unaccented

T = Catalog(__name__, "T", {
    # -- the seats of ``ambigu play`` (cli/play_commands.py)
    "you_seat": "Player 1 (you)",
    "bot_seat": "Bot {n}",
    # the same seats as common nouns, after a preposition in the account of a deal
    "you_noun": "Player 1 (you)",
    "bot_noun": "Bot {n}",
    # -- the game's own lines (play/terminal.py)
    "help_word": "help",
    "quit_word": "quit",
    # what is typed for each kind of action (the engine's words in English), and
    # for a discard of no card
    "pass_word": "pass",
    "shuffle_word": "shuffle",
    "discard_word": "discard",
    "open_word": "open",
    "call_word": "call",
    "raise_word": "raise",
    "fold_word": "fold",
    "force_word": "force",
    "choose_word": "choose",
    "none_word": "none",
    # a discard of no card, typed whole: keeping one's cards
    "keep_word": "discard none",
    "hint_word": "hint",
    "save_word": "save",
    # words a player may type that the language's rules would read as an action but
    # that end the game elsewhere (French « quitter »: fold, or leave?), comma-separated;
    # the game answers them with what to type for each (none in English)
    "unclear_words": "",
    "file_word": "FILE",
    "welcome": ("You play the first seat; the others are bots. At each prompt type one of the "
                "actions after 'You may:', '{help}' for what each one means, '{hint}' for "
                "advice on your move, '{save}' to keep a replay of the deals played, or "
                "'{quit}' to end the game (Ctrl-D or Ctrl-C end it too); the standings are "
                "shown at the end."),
    "seed": "The cards are shuffled from seed {seed} (--seed {seed} deals them again).",
    "deal": "=== Deal {n} ===",
    "status": "Pool {pool}, batterie {batterie}, bets {bets}. Banks: ",
    "your_hand": "Your hand: {hand}",
    "no_hand": "(none)",
    "you_may": "You may: {actions}",
    "typed_cards": "{discard} CARDS ({fewest}-{most} cards)",
    "typed_none": "{keep} | {cards}",
    "not_understood": "Not understood: {error}",
    "unknown_word": "Not understood: unknown action {word!r}: expected one of {words}",
    "unclear_word": ("{word!r} is not an action: type {fold} to give up your hand, or {quit} "
                     "to end the game."),
    "goodbye": "Goodbye.",
    "over": "The game is over.",
    "no_further": "No further deal: {reason}. The game is over.",
    "unfinished": "Deal {n} is left unfinished.",
    "pips": " ({pips} pips)",
    "cards_pips": " ({cards}: {pips} pips)",
    "standings": "Standings (each bank now, and its gain or loss since the start):",
    "head_player": "player",
    "head_start": "start",
    "head_bank": "bank",
    "head_net": "net",
    "on_table": ("Still on the table, in no bank: pool {pool}, batterie {batterie}, bets {bets}."),
    "owes": "{debtor} owes {creditor} {amount}.",
    # -- the help (play/terminal_help.py)
    "help_title": "What you may do now, and what it means:",
    "also": ("Also: {help} or ? shows this list; {hint} gives advice on your move (the exact "
             "odds of each discard at an exchange, else what the expert bot would do in your "
             "seat); {save} [{file}] writes the deals played to their end so far to a replay "
             "file (in this folder unless you name one), which 'ambigu replay {file}' plays "
             "back; {quit} (or q, exit, Ctrl-D, Ctrl-C) ends the game and shows the standings."),
    "call_for_shuffle": "call for the shuffle",
    "force_plain": "force play as the dealer",
    "force_elsewhere": "force play as the dealer, when every player before you has passed",
    "fold": "give up your hand and leave this deal; what you have put in stays on the table",
    "you_say": " (you say {call})",
    "no_shuffle": "do not call for the shuffle{says}. {rounds}",
    "chooses_dealer": "the dealer chooses {options}",
    "for_now": " for now",
    "pass": "bet nothing{when}{says}; {passing}. If everyone passes: {ends}.",
    "pass_plain": "let your turn go by without betting",
    "shuffle": ("call for the shuffle{says}: you put {stake} {into} and the two-card rounds end"),
    "discard": ("throw away the cards you name (here {cards}; typed {typed} or {shown}) and be "
                "served as many from the stock"),
    "all_passed": ": everyone passed, so each player changes cards before speaking again",
    "keeps": "; {typed} keeps your cards",
    "stand_pays": " and you put {amount} into the pool",
    "allowed": "{kind} takes {span} here",
    "open_plain": "make the first bet of this round ({allowed})",
    "open_says": "you say {call}; ",
    "open": ("make the first bet of this round ({says}{allowed}): the rules allow {opening}; "
             "{raising}"),
    "call": "match the bet: you put in {put}{short} and stay in",
    "all_you_have": ", all you have",
    "match": "match the bet ({owed}) and ",
    "raise": "{match}put {low} more on top of the bet ({allowed})",
    "more": "; {more}",
    "force": ("as the dealer, with every player before you passed, force play: you put {amount} "
              "into the pool, everybody keeps his cards, and {then}"),
    "option_named": "the option the rules name so",
    "choice": "the dealer's choice: {said}",
    "span": "{low} to {high}",
    "exactly": "exactly {low}",
    # -- the hint (play/terminal_hint.py)
    "hint_exchange": ("Hint, the exact odds at {title} with {hand} ({unseen} cards unseen): "
                      "each discard allowed here, best first, with the expected value of the "
                      "final hand and the chances of its likeliest best combinations:"),
    "hint_option": "{typed}: expected value {value}; {chances}",
    "hint_more_one": "and 1 other discard allowed, ranked below these.",
    "hint_more": "and {n} other discards allowed, ranked below these.",
    "hint_no_option": "Hint: no discard is allowed here.",
    "hint_bet": ("Hint: the expert bot, in your seat, reckons its chance of winning at {chance} "
                 "(counting the players who bet as holding better than chance) and would type: "
                 "{typed}"),
    "hint_call": ("Hint: type {typed}. Keeping {keep} has an expected value of {keep_value}, "
                  "the best discard ({discard}) one of {discard_value}: calling for the shuffle "
                  "keeps your cards, and passing lets each player exchange if everyone passes."),
    "hint_call_keep": ("Hint: type {typed}. Keeping {keep} has an expected value of {keep_value}."),
    "hint_none": "No hint here: it is not your move.",
    "percent": "{share} %",
    "below_tenth": "< 0.1 %",
    "above_almost": "> 99.9 %",
    "no_combination": "no combination",
    # -- saving a replay (play/terminal_save.py)
    "saved_one": "Deal 1 saved in {path}: 'ambigu replay {command}' plays it back.",
    "saved_many": "Deals 1 to {n} saved in {path}: 'ambigu replay {command}' plays them back.",
    "left_out": " Deal {n}, not finished, is left out.",
    "nothing_to_save": ("Nothing to save yet: a replay holds the deals played to their end, and "
                        "deal 1 is not over."),
    "cannot_write": "Cannot save in {path}: {reason}.",
    "cannot_tell": "Cannot save: {reason}.",
    "outside_rules": ("Cannot save in {path}: a replay names its rule file by a path from its "
                      "own folder, and {rules} is not in that folder or below it; save the "
                      "replay beside the rule file, or in a folder above it."),
    "save_offer": ("Type '{save}' (or '{save} {file}') to keep a replay of the game, or press "
                   "Enter to leave."),
    # -- refusals (play/terminal_help.py)
    "refused_amount": "{kind} takes {span} here.",
    "refused_cards": "{kind} takes {span} cards here{none}.",
    "keeps_aside": " ({typed} keeps your cards)",
    "engine_refusal": "{reason}.",
    "refused_choice": "That is not allowed now; the dealer's choice is typed '{typed}'.",
    "refused_pass": ("That is not allowed now: after an opening you {call}, {raise} or {fold} "
                     "({fold} gives up your hand)."),
    "refused": "That is not allowed now. Type {help} for what each action means.",
})


def _in_every_language(key: str) -> tuple[str, ...]:
    """The forms of a word of :data:`T` in every language, each once."""
    return tuple(dict.fromkeys(T(key, lang) for lang in LANGS))


#: What the player types to end the game, and to see what he may do, in any language.
QUIT_WORDS = ("exit", "q", *_in_every_language("quit_word"))
HELP_WORDS = ("?", *_in_every_language("help_word"))
#: Words that could mean folding or leaving the game: answered with what to type for each.
UNCLEAR_WORDS = tuple(word.strip() for lang in LANGS
                      for word in T("unclear_words", lang).split(",") if word.strip())
#: What the player types for a hint, and to save the game as a replay (with a file or not).
HINT_WORDS = _in_every_language("hint_word")
SAVE_WORDS = _in_every_language("save_word")


def typed(kind: str, lang: Lang = EN) -> str:
    """What the player types in ``lang`` for a kind of action (or ``none``, a
    discard of no card)."""
    return T(f"{kind}_word", lang)


def folded(word: str) -> str:
    """A typed word as it is compared: without case or accents (``Écarter`` is
    ``ecarter``)."""
    return unaccented(word.casefold())


def typed_keep(lang: Lang = EN) -> str:
    """What the player types in ``lang`` to discard no card: ``tout garder``."""
    return T("keep_word", lang)


def _phrase(text: str) -> str:
    """A typed phrase as it is compared: folded, its words one space apart."""
    return " ".join(folded(text).split())


#: Each typed word (or phrase: ``se retirer``) of every language, folded, and the
#: engine's word it stands for; a discard of no card typed whole is ``keep``.
_ENGINE_WORD = {**{_phrase(typed(kind, lang)): kind for kind in (*KINDS, "none")
                   for lang in LANGS},
                **{_phrase(typed_keep(lang)): "keep" for lang in LANGS}}
#: The most words a typed action's name has.
_LONGEST = max(len(phrase.split()) for phrase in _ENGINE_WORD)


def engine_words(text: str) -> str | None:
    """A typed line as the engine reads it: its first word (or words: ``se
    retirer``, ``tout garder``), in either language, made the engine's, and a
    discard of ``rien`` one of ``none``; ``None`` when the first words name no action.

    >>> engine_words("écarter 5S 9H"), engine_words("pass"), engine_words("SE RETIRER")
    ('discard 5S 9H', 'pass', 'fold')
    >>> engine_words("miser 2") is None, engine_words("rien") is None
    (True, True)
    """
    words = text.split()
    for size in range(min(_LONGEST, len(words)), 0, -1):
        kind = _ENGINE_WORD.get(_phrase(" ".join(words[:size])))
        if kind is not None:
            break
    else:
        return None
    if kind == "none":
        return None
    if kind == "keep":
        return typed_keep()
    rest = " ".join(words[size:])
    if kind == "discard" and _ENGINE_WORD.get(_phrase(rest)) == "none":
        rest = typed("none")
    return f"{kind} {rest}".rstrip()


def is_quit(text: str) -> bool:
    """Whether a typed line ends the game (``quit``, ``q``, ``Quitter la partie``)."""
    return _phrase(text) in QUIT_WORDS


def is_unclear(text: str) -> bool:
    """Whether a typed line could mean folding or leaving (``quitter``)."""
    return _phrase(text) in UNCLEAR_WORDS


def every_word(lang: Lang = EN) -> str:
    """The words of every kind of action in ``lang``, as an unknown word is answered."""
    return ", ".join(typed(kind, lang) for kind in KINDS)


def span(low: int, high: int, lang: Lang = EN) -> str:
    """An amount range in words: ``2 to 4``, or ``exactly 2``."""
    if low == high:
        return T("exactly", lang, low=lang.count(low))
    return T("span", lang, low=lang.count(low), high=lang.count(high))


__all__ = ["HELP_WORDS", "HINT_WORDS", "QUIT_WORDS", "SAVE_WORDS", "UNCLEAR_WORDS", "T",
           "engine_words", "every_word", "folded", "is_quit", "is_unclear", "span", "typed",
           "typed_keep"]
