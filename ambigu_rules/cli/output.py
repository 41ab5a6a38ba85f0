"""What the command line prints: lines, JSON, tables that fit the terminal, errors.

Everything goes through :mod:`ambigu_rules.terminal_text`, so a character a
terminal would obey is shown as an escape, and a write that fails becomes
one line of message (:mod:`ambigu_rules.cli`).
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ..terminal_text import json_text, visible, write_error, write_line

USER_ERROR = 2
#: The width of a table when neither ``COLUMNS`` nor a terminal says otherwise.
DEFAULT_WIDTH = 80
#: Narrower than this, a table is still laid out for this width (and wraps).
MIN_WIDTH = 40


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        say_error(f"{self.prog}: error: {message} (see '{self.prog} --help')")
        sys.exit(USER_ERROR)

    def print_help(self, file: Any = None) -> None:
        if file is not None:
            super().print_help(file)
        else:  # argparse would ignore a failed write; it is reported as any other
            write_line(sys.stdout, self.format_help(), end="")


def say(text: str = "") -> None:
    """Print a line (or lines) of output on stdout, every hidden character shown."""
    write_line(sys.stdout, text)


def say_error(line: str) -> None:
    """Print one line of message on stderr, every hidden character shown."""
    write_error(sys.stderr, line)


def say_json(data: Any) -> None:
    """Print ``data`` as JSON (every hidden character a JSON escape)."""
    say(json_text(data))


def emit(data: Any, as_json: bool, text: Callable[[], str]) -> None:
    """Print ``data`` as JSON with ``--json``, else the text ``text()`` makes."""
    if as_json:
        say_json(data)
    else:
        say(text())


def terminal_width() -> int:
    """The columns to fit: ``COLUMNS``, else the terminal's, else 80."""
    columns = shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns
    return max(columns, MIN_WIDTH) if columns > 0 else DEFAULT_WIDTH


def table(headers: Sequence[str], rows: Sequence[Sequence[object]],
          width: int | None = None) -> str:
    """An aligned text table no wider than ``width`` (the terminal's by default).

    Cells too long for their column wrap inside it, at spaces where they can.
    Laid out by ``rich``, without colour or borders, so that it reads the
    same piped into a file.

    >>> print(table(["a", "bb"], [[1, 2], [333, 4]]))
    a    bb
    ───────
    1    2
    333  4
    >>> wrapped = table(["id", "title"], [["x", "a long title " * 4]], width=30)
    >>> max(len(line) for line in wrapped.splitlines()) <= 30
    True
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
        layout.add_row(*(Text(visible(str(cell))) for cell in row))
    buffer = io.StringIO()
    console = Console(file=buffer, width=width or terminal_width(), color_system=None,
                      highlight=False, markup=False, emoji=False, legacy_windows=False)
    console.print(layout)
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()
                     if line.strip())
