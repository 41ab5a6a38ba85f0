"""Ctrl-C while the command line is still loading (issue 42, found by the fuzzer's
signals class): the ``ambigu`` command imported ``ambigu_rules.cli`` (pydantic, the
parser: a few tenths of a second) before its ``main`` could catch the interrupt, so an
early Ctrl-C printed a ``KeyboardInterrupt`` traceback. The command's entry,
``ambigu_rules.__main__:run``, loads the command line itself and ends as Ctrl-C ends
a command later: ``ambigu: interrupted`` and status 130 (128 + SIGINT).
"""

from __future__ import annotations

import builtins
import sys
import tomllib
from typing import Any

import pytest

from ambigu_rules import __main__ as entry

from conftest import ROOT


def test_the_ambigu_command_enters_through_run() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["ambigu"] == "ambigu_rules.__main__:run"


def test_ctrl_c_during_the_import_of_the_command_line_is_one_line_and_status_130(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real_import = builtins.__import__

    def interrupted(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "cli" or name.endswith(".cli"):
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "ambigu_rules.cli", raising=False)
    monkeypatch.setattr(builtins, "__import__", interrupted)
    assert entry.run() == 130
    assert capsys.readouterr().err == "ambigu: interrupted\n"
