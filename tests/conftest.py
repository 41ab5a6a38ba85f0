"""Shared helpers for the test suite.

The expected results in these tests are written from the source texts in
``/work/shared/sources`` (and the research survey); they are never captured
from the program's output (DESIGN.md, honesty rule 2).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Every built-in version id the project publishes.
ALL_VARIANTS = ["1659", "1702", "1730", "foster", "russian", "russian-courts", "encyclopedia"]
# The French tradition: 1659 and 1702 inherit the 1730 reconstruction unchanged.
FRENCH = ["1659", "1702", "1730"]
# Versions played with the plain forty-card deck (ace to ten).
FORTY_CARD_VARIANTS = ["1659", "1702", "1730", "foster", "russian", "encyclopedia"]


@cache
def evaluator(variant: str):  # type: ignore[no-untyped-def]
    """One evaluator per version for the whole run (building one compiles a table)."""
    from ambigu_rules.hands.evaluator import Evaluator

    return Evaluator.for_variant(variant)


def evaluate(variant: str, hand: str):  # type: ignore[no-untyped-def]
    return evaluator(variant).evaluate(hand)


def key(variant: str, hand: str) -> int:
    return evaluate(variant, hand).key


def beats(variant: str, winner: str, loser: str) -> bool:
    """True when ``winner`` is strictly the better hand under ``variant``."""
    return key(variant, winner) > key(variant, loser)


def cli_command() -> list[str]:
    """The ``ambigu`` command: the console script if installed, else ``python -m``."""
    script = ROOT / ".venv" / "bin" / "ambigu"
    if script.exists():
        return [str(script)]
    found = shutil.which("ambigu")
    if found:
        return [found]
    return [sys.executable, "-m", "ambigu_rules"]


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("AMBIGU_RULESETS", None)
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "200"
    return subprocess.run(
        [*cli_command(), *args],
        capture_output=True,
        text=True,
        cwd=str(cwd or ROOT),
        env=env,
        timeout=120,
    )


def play_house(tmp_path: Path, name: str, house: str, deal: str) -> list[str]:
    """Write a house rule file and a replay beside it, play it, return its mismatches."""
    from ambigu_rules.play.replay import play_replay

    (tmp_path / name).write_text(house, encoding="utf-8")
    replay = tmp_path / "deal.yaml"
    replay.write_text(deal, encoding="utf-8")
    return play_replay(replay).mismatches
