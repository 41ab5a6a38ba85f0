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
from ambigu_rules.play.replay_run import play_replay

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


def test_a_combination_of_ones_own_is_shown_under_its_own_id_and_name() -> None:
    result = run_cli("evaluate", str(VARIANTS / "two-pairs.yaml"), "5H 5D 8C 8S", "--json")
    assert '"combination_id": "two_pairs"' in result.stdout
    assert '"name": "Two pairs"' in result.stdout


@pytest.mark.parametrize(("wrap", "combination", "value"), [
    (True, "flush_sequence", 8),   # king, ace, two: a sequence round the corner
    (False, "flush", 5),           # the same four spades without the wrap
])
def test_full_pack_sequences_wrap_round_the_ace(tmp_path: Path, wrap: bool, combination: str,
                                                value: int) -> None:
    text = (VARIANTS / "full-pack.yaml").read_text(encoding="utf-8")
    path = tmp_path / "full-pack.yaml"
    path.write_text(text.replace("wrap: true", f"wrap: {str(wrap).lower()}"), encoding="utf-8")
    result = run_cli("evaluate", str(path), "KS AS 2S 9S", "--json")
    assert f'"combination_id": "{combination}"' in result.stdout
    assert f'"value": {value}' in result.stdout


def test_piquet_pack_has_32_cards_and_no_six() -> None:
    from ambigu_rules.hands.evaluator import evaluator_for

    deck = evaluator_for(load_ruleset(str(VARIANTS / "piquet-pack.yaml"))).deck
    assert deck.size == 32
    result = run_cli("evaluate", str(VARIANTS / "piquet-pack.yaml"), "6S 7S 8S 9S")
    assert result.returncode == 2 and "unknown rank '6'" in result.stderr


def test_removed_cards_leave_the_pack(tmp_path: Path) -> None:
    path = tmp_path / "short.yaml"
    path.write_text((VARIANTS / "piquet-pack.yaml").read_text(encoding="utf-8").replace(
        "  source: editors\n  evidence: editorial\n", "  removed: [7H, 7D]\n"
        "  source: editors\n  evidence: editorial\n", 1), encoding="utf-8")
    from ambigu_rules.hands.evaluator import evaluator_for

    assert evaluator_for(load_ruleset(str(path))).deck.size == 30
    result = run_cli("evaluate", str(path), "7H 8S 9S 10S")
    assert result.returncode == 2 and "not in the pack" in result.stderr
