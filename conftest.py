"""Run the Python sessions of the site's Markdown pages as doctests (Sybil).

Every ```` ```python ```` or ```` ```pycon ```` block of a page under
``docs/`` that starts with ``>>>`` is one doctest, including blocks indented
inside Material content tabs and collapsible blocks; ``python`` blocks without
``>>>`` are run as plain code. The worked examples mark their sessions
``pycon`` (a console session), so that the site shows the output as text,
not as code. A page's blocks share one
namespace, top to bottom. The pages load scenario files by paths relative to
the repository root, so each example runs with the root as the working
directory, wherever pytest was started.

This file sits at the repository root, above ``tests/conftest.py``, so that
pytest loads it first and the tests' ``from conftest import ...`` still finds
the tests' own helpers.
"""

from __future__ import annotations

from collections.abc import Iterator
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from importlib.util import find_spec
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.evaluators.python import PythonEvaluator
from sybil.parsers.markdown import ClearNamespaceParser, PythonCodeBlockParser, SkipParser

ROOT = Path(__file__).resolve().parent

#: ``ambigu_rules.learning`` needs the optional extra ``rl``; without it, its doctests
#: are not collected (its tests skip themselves).
collect_ignore_glob = ([] if find_spec("pettingzoo") and find_spec("gymnasium")
                       else ["ambigu_rules/learning/*", "ambigu_rules/rl.py"])


@pytest.fixture
def repo_root(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Run an example with the repository root as the working directory."""
    monkeypatch.chdir(ROOT)
    yield ROOT


class ConsoleSessionParser(PythonCodeBlockParser):
    """Doctests in ```` ```pycon ```` blocks, as :class:`PythonCodeBlockParser` reads ``python``."""

    def __init__(self, doctest_optionflags: int = 0) -> None:
        super().__init__(doctest_optionflags=doctest_optionflags)
        self.codeblock_parser = self.codeblock_parser_class("pycon", PythonEvaluator(()))


pytest_collect_file = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE),
        ConsoleSessionParser(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE),
        SkipParser(),
        ClearNamespaceParser(),
    ],
    path="docs",
    patterns=["*.md"],
    fixtures=["repo_root"],
).pytest()
