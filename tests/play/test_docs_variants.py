"""The house versions under ``docs/variants/``: each validates and plays its replay.

Each ``NAME.yaml`` is a user's rule file showing one thing the format can
say; ``NAME.replay.yaml`` beside it plays a deal under it, with expected
banks worked out by hand in its comments from the parent version's
procedure and the house change (DESIGN.md, honesty rule 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.replay import play_replay

from conftest import ROOT, run_cli

VARIANTS = ROOT / "docs" / "variants"
RULE_FILES = sorted(p for p in VARIANTS.glob("*.yaml") if not p.name.endswith(".replay.yaml"))
REPLAYS = sorted(VARIANTS.glob("*.replay.yaml"))


def test_every_house_file_has_a_replay() -> None:
    assert RULE_FILES and [p.name.removesuffix(".yaml") for p in RULE_FILES] == [
        p.name.removesuffix(".replay.yaml") for p in REPLAYS]


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_house_file_validates(path: Path) -> None:
    result = run_cli("validate", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert load_ruleset(str(path)).id == path.stem


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.name.removesuffix(".replay.yaml"))
def test_house_replay_meets_its_hand_worked_expectations(path: Path) -> None:
    result = play_replay(path)
    assert result.mismatches == []
    assert result.game.deal_count >= 1
