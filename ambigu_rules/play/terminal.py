"""Play in the terminal against bots.

You sit in the first seat; bots hold the other seats (the expert, the
heuristic or the random bot of :data:`.bot_names.BOTS`, one kind for all or
one per seat; ``ambigu play`` seats experts unless told, as the Play page
does). Each turn shows your hand, what is on the table and what you may do;
type an action such as ``pass``, ``open 2``, ``raise 1``, ``discard 5H 9S`` or
``discard none`` (in French ``passer``, ``ouvrir 2``, ``écarter rien``…);
``help`` (or ``?``) explains each action allowed now
(:mod:`.terminal_help`), ``hint`` says what the Play page's hint says
(:mod:`.terminal_hint`), ``save [FILE]`` writes the deals played to their end
as a replay file that ``ambigu replay`` plays back (:mod:`.terminal_save`;
the game's cards are recorded for it from the start,
:class:`.replay_writer.CardsReceived`), and ``quit`` (or ``q``, ``exit``, the
end of input, Ctrl-C) ends the game. When the rules end the game (its deals
played, or too few players left to deal again) a last prompt offers to save
it before the standings. A refused amount is answered with the range allowed
(``open takes 2 to 4 here``); at the showdown each hand's line gives the pips
where the version counts them; when the game ends, for whatever reason, the
standings are shown: each player's bank and gain or loss since the start.

**Pips.** Where a version counts the pips of a combination, the showdown
line of each hand says how many pips it has, and which cards make them
(:mod:`.terminal_pips`).

**Standings.** When the game ends, each player's bank, what he started with
and his gain or loss since, as a table laid out by ``rich`` to the width of
the terminal (:func:`standings`); every text goes through
:func:`~ambigu_rules.terminal_text.visible` before it is measured, so a name
holding an escape sequence is shown, and aligned, as its escapes.

**Language.** The game speaks the language it is given (``ambigu play --lang fr``,
or the locale of the environment): its own lines come from
:mod:`ambigu_rules.words.terminal`, the account of the deal from the narration,
the help from the site's sentences, all in that language. What the player types
is shown in that language too, and understood in either
(:func:`~ambigu_rules.words.terminal.engine_words`).

Everything the game says goes through :func:`~ambigu_rules.terminal_text.write_line`:
a name or a typed line holding an escape sequence or a direction override is
shown as escapes (``\\x1b``, ``\\u202e``), never obeyed by the terminal; a
failed write is :class:`~ambigu_rules.errors.OutputError`.
"""

from __future__ import annotations

import importlib
import io
import shutil
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from ..engine.action_text import parse_action
from ..engine.actions import Action, LegalActions
from ..engine.events import HandShown
from ..engine.game import Game
from ..errors import AmbiguError
from ..terminal_text import flush, visible, write_line
from ..words.lang import EN, Lang
from ..words.terminal import (
    HELP_WORDS,
    HINT_WORDS,
    SAVE_WORDS,
    T,
    engine_words,
    every_word,
    folded,
    is_quit,
    is_unclear,
    typed,
    typed_keep,
)
from .bot_names import BOTS
from .narration import Narrator
from .replay_writer import CardsReceived
from .terminal_help import ActionHelp, refusal, wrapped
from .terminal_hint import hint_lines
from .terminal_pips import PipCounter
from .terminal_save import save

__all__ = ["HUMAN", "PipCounter", "TerminalGame", "command_of", "describe_actions",
           "enable_line_editing", "packed", "read_typed_line", "standings", "standings_rows",
           "terminal_width", "text_table", "welcome"]

HUMAN = 0



def welcome(lang: Lang = EN) -> str:
    """Said once, before the first deal: how to play, get help or a hint, save and quit."""
    return T("welcome", lang, help=T("help_word", lang), hint=T("hint_word", lang),
             save=T("save_word", lang), quit=T("quit_word", lang))


def command_of(text: str, words: Sequence[str]) -> str | None:
    """What follows the first word of ``text`` if that word is one of ``words`` (in
    either language, without case or accents), else ``None``.

    >>> command_of("Enregistrer partie.yaml", ("save", "enregistrer"))
    'partie.yaml'
    >>> command_of("save", ("save",)), command_of("saved", ("save",))
    ('', None)
    """
    first, _, rest = text.strip().partition(" ")
    return rest.strip() if folded(first) in words else None


def describe_actions(game: Game, actions: Sequence[Action], lang: Lang = EN) -> str:
    """The allowed actions, with amount ranges folded: ``pass | open 2-4``.

    Amounts are read as ranges, never listed, however high the limit.
    """
    legal = actions if isinstance(actions, LegalActions) else LegalActions(actions)
    return " | ".join(legal.phrases(discard=lambda fewest, most: _typed_discard(
        fewest, most, lang), word=lambda kind: typed(kind, lang)))


def _typed_discard(fewest: int, most: int, lang: Lang = EN) -> str:
    """The discards as the player types them.

    >>> from ambigu_rules.words.lang import FR
    >>> _typed_discard(0, 4), _typed_discard(1, 2, FR)
    ('discard none | discard CARDS (0-4 cards)', 'écarter CARTES (de 1 à 2 cartes)')
    """
    discard = typed("discard", lang)
    cards = T("typed_cards", lang, discard=discard, fewest=fewest, most=most)
    return cards if fewest > 0 else T("typed_none", lang, keep=typed_keep(lang), cards=cards)


def packed(first: str, items: Sequence[str], width: int, indent: str = "  ") -> list[str]:
    """``first`` then ``items`` joined by commas, in lines of ``width`` columns where
    they fit, an item never broken (a player's name and his bank stay together).

    >>> packed("Banks: ", ["Anna 10", "Ben 12", "Carla 9"], 24)
    ['Banks: Anna 10, Ben 12,', '  Carla 9']
    """
    lines = [first]
    for index, item in enumerate(items):
        text = item + ("," if index < len(items) - 1 else "")
        if lines[-1].strip() and len(visible(lines[-1] + text)) > width:
            lines[-1] = lines[-1].rstrip()
            lines.append(indent)
        lines[-1] += text + " "
    return [line.rstrip() for line in lines]


def enable_line_editing(stdin: TextIO) -> bool:
    """Let ``input()`` edit the line (arrow keys, history) when typing at a terminal.

    Importing :mod:`readline` is what makes ``input()`` use it; without it the
    arrow keys print raw escape codes. Nothing happens when input is not a
    terminal or the platform has no readline. Returns True when enabled.
    """
    if not stdin.isatty():
        return False
    try:
        importlib.import_module("readline")
    except ImportError:
        return False
    return True


def read_typed_line(prompt: str) -> str:
    """``input(prompt)`` on the standard streams, the prompt written as all output is.

    At a terminal the line editor draws the prompt itself, so it is given to
    :func:`input`; otherwise the prompt is written and flushed here, so that a
    failed write is :class:`~ambigu_rules.errors.OutputError` (which
    :func:`input` would not report).
    """
    if sys.stdin.isatty() and sys.stdout.isatty():
        flush(sys.stdout)
        return input(prompt)
    write_line(sys.stdout, prompt, end="")
    flush(sys.stdout)
    return input()


# -- the standings at the end --------------------------------------------------------

#: The width of the standings when the terminal does not say (and the narrowest used).
DEFAULT_WIDTH = 80
MIN_WIDTH = 40

def standings_rows(game: Game, start: Sequence[int]) -> list[list[str]]:
    """Each player's name, starting bank, bank now and gain or loss since."""
    banks = game.table.banks
    return [[name, str(first), str(bank), f"{bank - first:+d}"]
            for name, first, bank in zip(game.names, start, banks, strict=True)]


def terminal_width() -> int:
    """The columns to fit: ``COLUMNS``, else the terminal's, else 80."""
    columns = shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns
    return max(columns, MIN_WIDTH) if columns > 0 else DEFAULT_WIDTH


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]],
               width: int | None = None) -> list[str]:
    """An aligned table as lines no wider than ``width``; every cell :func:`visible`.

    Laid out by ``rich`` without colour or borders (a long cell wraps in its
    column), so that it reads the same piped into a file.

    >>> for line in text_table(["player", "net"], [["Anna", "+3"], ["Ben\\x1b[2J", "-3"]]):
    ...     print(line)
    player      net
    ───────────────
    Anna        +3
    Ben\\x1b[2J  -3
    """
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    layout = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                   padding=(0, 1), collapse_padding=True)
    for header in headers:
        layout.add_column(Text(visible(header)), overflow="fold")
    for row in rows:
        layout.add_row(*(Text(visible(cell)) for cell in row))
    buffer = io.StringIO()
    console = Console(file=buffer, width=width or terminal_width(), color_system=None,
                      highlight=False, markup=False, emoji=False, legacy_windows=False)
    console.print(layout)
    return [line.rstrip() for line in buffer.getvalue().splitlines() if line.strip()]


def standings(game: Game, start: Sequence[int], width: int | None = None,
              lang: Lang = EN) -> list[str]:
    """The standings as lines: the table, what is left on the table, the debts."""
    lines = [T("standings", lang)]
    headers = [T(f"head_{name}", lang) for name in ("player", "start", "bank", "net")]
    lines += text_table(headers, standings_rows(game, start), width)
    table = game.table
    if table.on_table:
        lines.append(T("on_table", lang, pool=table.pool, batterie=table.batterie,
                       bets=sum(table.bets)))
    for debt in table.debts:
        lines.append(T("owes", lang, debtor=game.names[debt.debtor],
                       creditor=game.names[debt.creditor], amount=debt.amount))
    return lines


# -- the game -------------------------------------------------------------------------

class TerminalGame:
    """The loop of a terminal game; input and output are streams for testing.

    ``bots`` names the bots (:data:`.bot_names.BOTS`): one name for every other
    seat, or a list of one per seat from the second. ``seed`` is the seed the game was
    shuffled from, said at the start; each bot is seeded from it (``seed × 10 +
    seat``, as at the Play page's table), or from its seat when none is given.
    ``variant`` is the version as ``ambigu play`` was given it (a built-in id, or
    the path of a rule file), which a saved replay names.
    """

    def __init__(self, game: Game, read: Callable[[str], str], out: TextIO,
                 lang: Lang = EN, *, bots: str | Sequence[str] = "heuristic",
                 seed: int | None = None, variant: str | None = None) -> None:
        self.game = game
        self.read = read
        self.out = out
        kinds = [bots] if isinstance(bots, str) else list(bots)
        if len(kinds) == 1:
            kinds *= game.players - 1
        if len(kinds) != game.players - 1 or any(kind not in BOTS for kind in kinds):
            raise ValueError(f"one bot of {', '.join(sorted(BOTS))} for each of the "
                             f"{game.players - 1} other seats, not {bots!r}")
        self.bots = {seat: BOTS[kind](seat if seed is None else seed * 10 + seat)
                     for seat, kind in enumerate(kinds, start=1)}
        self.seed = seed
        self.variant = variant
        #: Every card each seat receives, recorded from the start for ``save``.
        self.cards = CardsReceived(game)
        self.shown = 0
        self.lang = lang
        self.narrator = Narrator(game.names, game.deck, lang, game.ruleset)
        self.help = ActionHelp(game, lang)
        self.pips = PipCounter(game.evaluator, lang)
        #: Each player's bank when the game began: the standings count from it.
        self.start = list(game.table.banks)

    def say(self, text: str = "") -> None:
        """A line of the game, its cards' letters in the game's language."""
        write_line(self.out, self.lang.show_cards(text))

    def say_wrapped(self, text: str) -> None:
        """A sentence of the game's own, broken at spaces to the terminal's width."""
        for line in wrapped(text, terminal_width()):
            self.say(line)

    def _flush_events(self) -> None:
        for event in self.game.log[self.shown:]:
            line = self.narrator.line(event)
            if isinstance(event, HandShown) and event.name:
                line += self.pips.note(event.cards)
            self.say(f"  {line}")
        self.shown = len(self.game.log)

    def _status(self) -> None:
        view = self.game.view(HUMAN)
        banks = [f"{view.names[s]} {b}" for s, b in enumerate(view.banks)]
        status = T("status", self.lang, pool=view.pool, batterie=view.batterie,
                   bets=sum(view.bets))
        for line in packed(status, banks, terminal_width()):
            self.say(line)
        hand = view.deck.format_hand(view.hand) if view.hand else T("no_hand", self.lang)
        self.say(T("your_hand", self.lang, hand=hand))

    def _ask(self) -> Action | None:
        """The player's next action, or ``None`` when he quits (or input ends)."""
        game = self.game
        actions = game.view(HUMAN).legal
        while True:
            self._status()
            self.say(T("you_may", self.lang, actions=describe_actions(game, actions, self.lang)))
            try:
                text = self.read("> ").strip()
            except EOFError:
                self.say()
                return None
            if is_quit(text):
                return None
            if is_unclear(text):
                self.say_wrapped(T("unclear_word", self.lang, word=text,
                                   fold=typed("fold", self.lang), quit=T("quit_word", self.lang)))
                continue
            if text.lower() in HELP_WORDS:
                for line in self.help.lines(game.view(HUMAN), terminal_width()):
                    self.say(line)
                continue
            if not text or self._command(text):
                continue
            engine_text = engine_words(text)
            if engine_text is None:
                self.say_wrapped(T("unknown_word", self.lang, word=text.split()[0],
                                   words=every_word(self.lang)))
                continue
            try:
                action = parse_action(engine_text, lambda cards: game.deck.parse_cards(
                    self.lang.engine_cards(cards)))
            except AmbiguError as error:
                self.say_wrapped(T("not_understood", self.lang, error=error))
                continue
            if action.kind == "discard":
                action = Action("discard", cards=tuple(sorted(action.cards)))
            if action in actions:
                return action
            self.say_wrapped(refusal(game, actions, action, self.lang))

    def _command(self, text: str) -> bool:
        """Answer ``hint`` or ``save [FILE]``; say whether ``text`` was one of them."""
        if command_of(text, HINT_WORDS) == "":
            for line in hint_lines(self.game, HUMAN, self.lang, terminal_width()):
                self.say(line)
            return True
        file = command_of(text, SAVE_WORDS)
        if file is None:
            return False
        self.say_wrapped(save(self.cards, file, self.variant, self.lang))
        return True

    def _offer_to_save(self) -> None:
        """The rules have ended the game: offer to save it, until any other answer."""
        while True:
            self.say_wrapped(T("save_offer", self.lang, save=T("save_word", self.lang),
                               file=T("file_word", self.lang)))
            try:
                text = self.read("> ").strip()
            except EOFError:
                self.say()
                return
            file = command_of(text, SAVE_WORDS)
            if file is None:
                return
            self.say_wrapped(save(self.cards, file, self.variant, self.lang))

    def end(self) -> None:
        """Show the standings: each player's bank and gain or loss since the start."""
        self.say()
        if not self.game.deal_over:
            self.say(T("unfinished", self.lang, n=self.game.deal_count))
        for line in standings(self.game, self.start, terminal_width(), self.lang):
            self.say(line)

    def run(self, deals: int | None = None) -> int:
        """Play until you quit (or ``deals`` deals); show the standings; return the
        number of deals played.

        The standings are shown however the game ends: ``quit``, the end of
        input, no further deal possible, or Ctrl-C (whose ``KeyboardInterrupt``
        then goes on to the caller, which exits with status 130). When the
        rules end the game, a last prompt first offers to save it.
        """
        self.say_wrapped(welcome(self.lang))
        if self.seed is not None:
            self.say_wrapped(T("seed", self.lang, seed=self.seed))
        try:
            played = self._play(deals)
        except KeyboardInterrupt:
            self.end()
            raise
        self.end()
        return played

    def _play(self, deals: int | None) -> int:
        game = self.game
        played = 0
        while deals is None or played < deals:
            reason = game.why_not_start_deal()
            if reason is not None:
                self._flush_events()  # the end of the session is told there
                self.say_wrapped(T("over", self.lang) if game.session_over
                                 else T("no_further", self.lang, reason=reason))
                if game.deal_count:
                    self._offer_to_save()
                break
            self.say("\n" + T("deal", self.lang, n=game.deal_count + 1))
            game.start_deal()
            while not game.deal_over:
                seat = game.to_act
                assert seat is not None
                if seat == HUMAN:
                    self._flush_events()
                    action = self._ask()
                    if action is None:
                        self.say(T("goodbye", self.lang))
                        return played
                    game.apply(action)
                else:
                    game.apply(self.bots[seat].choose(game.view(seat)))
            self._flush_events()
            played += 1
        return played
