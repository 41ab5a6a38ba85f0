"""Every sentence that says how big Python's first download is gives the same figure.

The Play page says it once for readers (``docs/play.md``), and a browser test holds
that figure to what the browser fetches
(``tests/browser/test_play_table.py::test_the_download_the_page_states_is_what_the_browser_fetches``).
The same figure is typed again where Python loads elsewhere: the French Play page, the
advice tool's words, the worker's progress line (in English in words.js, in each other
language in its messages.yaml), the comments on the time limit and
CONTRIBUTING. Each of those is held here to the Play page's figure, so that a change to
the download cannot leave one of them behind (the figure went from 16 to 18 MB, then
to 19 MB with the Russian catalogs).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent

#: The Play page's own statement: the figure the others must repeat.
PLAY_PAGE = ("docs/play.md", r"a download of about (\d+) MB the first time")
#: Each other place, and what it says there (the text read with its lines joined).
SAID_AGAIN = [
    ("docs/play.fr.md", r"un téléchargement d’environ (\d+) Mo"),
    ("docs/assets/words.js", r"Loading Python \(about (\d+) MB the first time\)"),
    ("ambigu_rules/languages/fr/messages.yaml",
     r"Chargement de Python \(environ (\d+) Mo la première fois\)"),
    ("ambigu_rules/languages/ru/messages.yaml", r"Загрузка Python \(в первый раз около (\d+) МБ\)"),
    ("docs/assets/play-worker.js", r"Loading Python \(about (\d+) MB the first time\)"),
    ("docs/assets/advice.js", r"first reaches for the tool \(about (\d+) MB"),
    ("docs/assets/play.js", r"the runtime and the wheels are about (\d+) MB"),
    ("ambigu_rules/site/pages/advice_tool.py", r"use the tool \(about (\d+) MB the first time"),
    ("ambigu_rules/languages/fr/messages.yaml", r"outil \(environ (\d+) Mo la première fois"),
    ("CONTRIBUTING.md", r"the first load of Python, about (\d+) MB"),
]


def figures(path: str, pattern: str) -> list[str]:
    """The figures ``pattern`` finds in the file, its lines (and comment marks) joined."""
    text = (ROOT / path).read_text(encoding="utf-8")
    text = re.sub(r'"\s*\n\s*"', "", text)  # a Python string continued on the next line
    joined = re.sub(r"\s*\n\s*(?:\*\s*)?", " ", text)  # a line, or a comment's, wrapped
    return re.findall(pattern, joined)


def test_the_play_page_says_how_big_the_download_is() -> None:
    assert len(figures(*PLAY_PAGE)) == 1


@pytest.mark.parametrize(("path", "pattern"), SAID_AGAIN,
                         ids=[f"{path}:{n}" for n, (path, _) in enumerate(SAID_AGAIN)])
def test_each_other_statement_of_the_download_gives_the_play_pages_figure(
        path: str, pattern: str) -> None:
    (expected,) = figures(*PLAY_PAGE)
    found = figures(path, pattern)
    assert found, f"{path} no longer says how big Python's first download is ({pattern})"
    assert set(found) == {expected}, (
        f"{path} says {', '.join(found)} MB; the Play page says {expected} MB")
