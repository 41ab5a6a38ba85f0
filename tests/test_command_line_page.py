"""The Command line page (docs/command-line.md): every command has its section,
and every example prints, in a terminal 80 columns wide, what the page shows."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ambigu_rules.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "command-line.md"
CONSOLE = re.compile(r"^```console\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def examples() -> list[tuple[str, str]]:
    """Each ``$ command`` of the page's console blocks with the lines it prints."""
    found = []
    for block in CONSOLE.findall(PAGE.read_text(encoding="utf-8")):
        command, _, output = block.partition("\n")
        assert command.startswith("$ ambigu "), command
        assert "\n$ " not in output, "one command per block"
        found.append((command[2:], output))
    return found


def test_every_command_has_its_section() -> None:
    text = PAGE.read_text(encoding="utf-8")
    parser = build_parser()
    commands = next(action for action in parser._actions  # argparse keeps them nowhere else
                    if action.dest == "command").choices
    assert commands
    missing = [name for name in commands if f"\n## ambigu {name}\n" not in text]
    assert missing == []


@pytest.mark.parametrize(("command", "shown"), examples(), ids=lambda value: value[:30])
def test_the_example_prints_what_the_page_shows(command: str, shown: str) -> None:
    argv = shlex.split(command)[1:]
    environment = dict(os.environ, COLUMNS="80", NO_COLOR="1")
    environment.pop("AMBIGU_RULESETS", None)
    run = subprocess.run([sys.executable, "-m", "ambigu_rules", *argv], cwd=ROOT,
                         env=environment, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout == shown
    assert max(len(line) for line in run.stdout.splitlines()) <= 80


@pytest.mark.parametrize("columns", [80, 60])
@pytest.mark.parametrize("argv", [["variants"], ["odds", "foster"],
                                  ["showdown", "1730", "2S 3S 4S 9S", "10H 9D 7C 6S"],
                                  ["simulate", "foster", "--hands", "20"]],
                         ids=lambda value: " ".join(value) if isinstance(value, list) else value)
def test_tables_fit_the_terminal(argv: list[str], columns: int) -> None:
    environment = dict(os.environ, COLUMNS=str(columns), NO_COLOR="1")
    environment.pop("AMBIGU_RULESETS", None)
    run = subprocess.run([sys.executable, "-m", "ambigu_rules", *argv], cwd=ROOT,
                         env=environment, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    widths = [len(line) for line in run.stdout.splitlines()]
    assert widths and max(widths) <= columns, max(widths)


FRENCH_PAGE = ROOT / "docs" / "command-line.fr.md"


def test_the_french_page_shows_the_same_examples_and_sections() -> None:
    """The French twin (issue 25) runs the same examples, which print the same
    text: its console and shell blocks are the English page's, in the same
    order, and each command keeps its section (its heading and address)."""
    english = PAGE.read_text(encoding="utf-8")
    french = FRENCH_PAGE.read_text(encoding="utf-8")
    blocks = re.compile(r"^```[a-z]*\n.*?^```$", re.MULTILINE | re.DOTALL)
    assert blocks.findall(french) == blocks.findall(english)
    sections = re.compile(r"^## (ambigu \w+)$", re.MULTILINE)
    assert sections.findall(french) == sections.findall(english)
