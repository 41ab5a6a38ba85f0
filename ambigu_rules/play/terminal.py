"""Play in the terminal against bots.

You sit in the first seat; the other seats are heuristic bots. Each turn
shows your hand, what is on the table and what you may do; type an action
such as ``pass``, ``open 2``, ``raise 1``, ``discard 5H 9S`` or
``discard none``, ``help`` to list them again, or ``quit``.

Everything the game says goes through :func:`~ambigu_rules.terminal_text.write_line`:
a name or a typed line holding an escape sequence or a direction override is
shown as escapes (``\\x1b``, ``\\u202e``), never obeyed by the terminal; a
failed write is :class:`~ambigu_rules.errors.OutputError`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from ..engine.actions import Action, LegalActions, parse_action
from ..engine.game import Game
from ..errors import AmbiguError
from ..terminal_text import flush, write_line
from .bots import HeuristicBot
from .narration import Narrator

HUMAN = 0


def describe_actions(game: Game, actions: Sequence[Action]) -> str:
    """The allowed actions, with amount ranges folded: ``pass | open 2-4``.

    Amounts are read as ranges, never listed, however high the limit.
    """
    legal = actions if isinstance(actions, LegalActions) else LegalActions(actions)
    return " | ".join(legal.phrases(discard=_typed_discard))


def _typed_discard(fewest: int, most: int) -> str:
    """The discards as the player types them."""
    text = "discard CARDS" if fewest > 0 else "discard none | discard CARDS"
    return f"{text} ({fewest}-{most} cards)"


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


class TerminalGame:
    """The loop of a terminal game; input and output are streams for testing."""

    def __init__(self, game: Game, read: Callable[[str], str], out: TextIO) -> None:
        self.game = game
        self.read = read
        self.out = out
        self.bots = {seat: HeuristicBot(seat) for seat in range(1, game.players)}
        self.shown = 0
        self.narrator = Narrator(game.names, game.deck)

    def say(self, text: str = "") -> None:
        write_line(self.out, text)

    def _flush_events(self) -> None:
        for event in self.game.log[self.shown:]:
            self.say(f"  {self.narrator.line(event)}")
        self.shown = len(self.game.log)

    def _status(self) -> None:
        view = self.game.view(HUMAN)
        banks = ", ".join(f"{view.names[s]} {b}" for s, b in enumerate(view.banks))
        self.say(f"Pool {view.pool}, batterie {view.batterie}, bets {sum(view.bets)}. "
                 f"Banks: {banks}")
        hand = view.hand
        self.say(f"Your hand: {view.deck.format_hand(hand) if hand else '(none)'}")

    def _ask(self) -> Action | None:
        game = self.game
        actions = game.view(HUMAN).legal
        while True:
            self._status()
            self.say(f"You may: {describe_actions(game, actions)}")
            try:
                text = self.read("> ").strip()
            except EOFError:
                return None
            if text.lower() in ("quit", "exit", "q"):
                return None
            if text.lower() in ("help", "?", ""):
                continue
            try:
                action = parse_action(text, game.deck.parse_cards)
            except AmbiguError as error:
                self.say(f"Not understood: {error}")
                continue
            if action.kind == "discard":
                action = Action("discard", cards=tuple(sorted(action.cards)))
            if action in actions:
                return action
            self.say("That is not allowed now.")

    def run(self, deals: int | None = None) -> int:
        """Play until you quit (or ``deals`` deals); return the number played."""
        game = self.game
        played = 0
        while deals is None or played < deals:
            if not game.can_start_deal():
                self.say("Too few players can pay the antes: the game is over.")
                break
            self.say(f"\n=== Deal {game.deal_count + 1} ===")
            game.start_deal()
            while not game.deal_over:
                seat = game.to_act
                assert seat is not None
                if seat == HUMAN:
                    self._flush_events()
                    action = self._ask()
                    if action is None:
                        self.say("Goodbye.")
                        return played
                    game.apply(action)
                else:
                    game.apply(self.bots[seat].choose(game.view(seat)))
            self._flush_events()
            played += 1
        return played
