"""The house-rules example of docs/rule-format.md works as the page says."""

from __future__ import annotations

import re
from pathlib import Path

from ambigu_rules.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "rule-format.md"


def example_yaml() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## A small example", 1)[1]
    return re.search(r"```yaml\n(.*?)```", section, re.S).group(1)


def test_house_example_pays_the_fredon_twelve(tmp_path: Path, capsys) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(example_yaml(), encoding="utf-8")
    assert main(["evaluate", str(path), "8H 8D 8C 8S", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"combination": "fredon"' in out
    assert '"value": 12' in out


def test_house_example_keeps_foster_elsewhere(tmp_path: Path, capsys) -> None:
    # Foster pays the flush doublet 8 (foster-1897 Doublets); the house file
    # does not touch it.
    path = tmp_path / "house.yaml"
    path.write_text(example_yaml(), encoding="utf-8")
    assert main(["evaluate", str(path), "2S 3S 4S 9S", "--json"]) == 0
    assert '"value": 8' in capsys.readouterr().out
