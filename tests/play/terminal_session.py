"""A terminal game played from a script of typed lines, for the tests of ``ambigu play``.

:func:`session` seats the table as ``ambigu play`` does (you in the first
seat and dealing first, bots in the others), answers each prompt with the
next line of the script (the end of the script is the end of input, as
Ctrl-D), and returns everything the game wrote. :func:`help_entries` reads
the entries of one ``help`` answer back as (what is typed, what it means),
the meaning with its line breaks made spaces.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence

from ambigu_rules.engine.game import Game
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.terminal import TerminalGame

#: The names ``ambigu play`` gives the seats of a table of four.
CLI_NAMES = ["Player 1 (you)", "Bot 2", "Bot 3", "Bot 4"]
THREE = ["You", "Bot 2", "Bot 3"]


def table(variant: str, names: Sequence[str] = THREE, seed: int = 0, banks: int = 50,
          deals: int | None = None) -> Game:
    """A game as ``ambigu play`` starts one: you deal first."""
    return Game(load_ruleset(variant), players=len(names), names=list(names), seed=seed,
                banks=banks, dealer=0, deals=deals)


def play(game: Game, lines: Iterable[str] | Callable[[Game], str | None],
         deals: int | None = None) -> str:
    """Play ``game`` answering each prompt from ``lines`` (a list, or a function
    of the game that returns ``None`` for the end of input); return the output.

    Each prompt and the line typed are written into the output as a terminal
    shows them (``> open 2``).
    """
    out = io.StringIO()
    script = iter(lines) if not callable(lines) else None

    def read(prompt: str) -> str:
        if script is not None:
            typed = next(script, None)
        else:
            assert callable(lines)
            typed = lines(game)
        if typed is None:
            raise EOFError
        out.write(f"{prompt}{typed}\n")
        return typed

    TerminalGame(game, read, out).run(deals=deals)
    return out.getvalue()


def session(variant: str, lines: Iterable[str], names: Sequence[str] = THREE, seed: int = 0,
            banks: int = 50, deals: int | None = None) -> str:
    """The output of a game of ``variant`` played from ``lines``."""
    return play(table(variant, names, seed, banks), lines, deals)


def flat(text: str) -> str:
    """``text`` with every run of white space made one space (wrapped lines joined)."""
    return " ".join(text.split())


def help_blocks(output: str) -> list[str]:
    """The text of each ``help`` answer in ``output``, from its heading to its last line."""
    blocks = []
    for part in output.split("What you may do now, and what it means:\n")[1:]:
        blocks.append(part.split("\nAlso: ", 1)[0])
    return blocks


def help_entries(block: str) -> dict[str, str]:
    """The entries of one help answer: what is typed -> what it means (one line)."""
    entries: dict[str, str] = {}
    typed = ""
    for line in block.splitlines():
        if line.startswith("  ") and not line.startswith("   "):
            typed, _, meaning = line.strip().partition("  ")
            entries[typed] = meaning.strip()
        elif typed:
            entries[typed] += " " + line.strip()
    return {key: flat(value) for key, value in entries.items()}
