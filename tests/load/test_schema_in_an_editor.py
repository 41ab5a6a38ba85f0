"""An editor completes the keys of a rule file from its JSON Schema.

Runs ``tools/editor_completion.py``, which starts the YAML language server
(the one VS Code's YAML extension runs) over stdio, opens a house file whose
modeline names the committed schema by its ``file://`` URL, and asks for the
completions inside a new combination and at the top level. The server comes
from ``AMBIGU_YAML_LANGUAGE_SERVER`` or ``PATH`` (``npm i -E
yaml-language-server`` installs it); without it these tests are skipped.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "editor_completion.py"
HOUSE = ROOT / "docs" / "variants" / "two-pairs.yaml"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ambigu_editor_completion", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SERVER = _tool().find_server()
needs_server = pytest.mark.skipif(
    SERVER is None,
    reason="yaml-language-server not found: install it (npm i -E yaml-language-server) and "
           "put it on PATH or in AMBIGU_YAML_LANGUAGE_SERVER")


def _complete(*args: str) -> subprocess.CompletedProcess[str]:
    assert SERVER is not None
    return subprocess.run([sys.executable, str(TOOL), *args, "--server", SERVER],
                          capture_output=True, text=True, timeout=180, check=False)


@needs_server
def test_the_keys_of_a_combination_are_offered_inside_one() -> None:
    result = _complete(str(HOUSE), "--where", "combination")
    assert result.returncode == 0, result.stderr
    labels = result.stdout.split()
    assert {"value", "when", "ties", "source", "evidence"} <= set(labels), labels
    # The file extends foster: the schema for extends is the one read (placing keys).
    assert {"before", "after", "replace"} <= set(labels), labels
    assert "combinations" not in labels  # a top-level key is not offered in a combination


@needs_server
def test_the_top_level_keys_not_yet_written_are_offered() -> None:
    result = _complete(str(HOUSE), "--where", "top")
    assert result.returncode == 0, result.stderr
    labels = set(result.stdout.split())
    assert {"players", "table", "remove"} <= labels, labels
    assert "combinations" not in labels  # already in the file


@needs_server
@pytest.mark.parametrize("path", [ROOT / "rulesets" / "foster.yaml", HOUSE],
                         ids=["complete", "extends"])
def test_the_editor_finds_no_problem_in_a_good_file(path: Path) -> None:
    result = _complete(str(path), "--where", "top")
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr


@needs_server
def test_the_editor_reports_a_wrong_value_at_its_line(tmp_path: Path) -> None:
    text = HOUSE.read_text(encoding="utf-8")
    assert "    value: 3\n" in text
    broken = tmp_path / "house.yaml"
    broken.write_text(text.replace("    value: 3\n", "    value: three\n"), encoding="utf-8")
    line = text.split("\n").index("    value: 3") + 1
    result = _complete(str(broken), "--where", "top")
    assert f"house.yaml:{line}:12: " in result.stderr, result.stderr
