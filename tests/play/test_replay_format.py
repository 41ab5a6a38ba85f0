"""What a replay file may say, and how it says where a scripted card is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.errors import ReplayError
from ambigu_rules.play.replay_run import play_replay

from conftest import ROOT, run_cli

SCENARIOS = ROOT / "tests" / "scenarios"

TABLE = """\
variant: foster
seats: [Anna, Ben, Carla]
bank: 50
dealer: Carla
deals:
"""


def replay_error(tmp_path: Path, deals: str) -> str:
    path = tmp_path / "replay.yaml"
    path.write_text(TABLE + deals, encoding="utf-8")
    with pytest.raises(ReplayError) as caught:
        play_replay(path)
    return str(caught.value)


def test_a_scripted_card_missing_from_the_stock_is_reported_at_the_stock(tmp_path: Path) -> None:
    message = replay_error(tmp_path, "  - cards: {Anna: 2S 3S 4S 5S}\n    stock: 2S 3S 4H\n")
    assert message.startswith(f"{tmp_path / 'replay.yaml'}:7:12: deal 1, stock:")
    assert "not in the stock" in message


def test_a_card_twice_in_the_stock_is_reported_at_the_card(tmp_path: Path) -> None:
    message = replay_error(tmp_path, "  - stock: 2S 3S 2S\n")
    assert message.startswith(f"{tmp_path / 'replay.yaml'}:6:18: deal 1, stock:")


def test_a_refill_card_not_among_the_discards_is_named(tmp_path: Path) -> None:
    # The scenario's refill with Anna's 9 of clubs, which she holds: it was
    # never discarded, so it cannot be served from the gathered discards.
    text = (SCENARIOS / "foster" / "refilled-stock-served-in-scripted-order.yaml").read_text(
        encoding="utf-8").replace("refill: 4S 3S 2S AS", "refill: 4S 9C")
    path = tmp_path / "replay.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ReplayError, match="the refill: 9♣ is not among the discards"):
        play_replay(path)


def test_a_version_path_that_does_not_exist_says_so() -> None:
    result = run_cli("show", "no-such-version.yaml")
    assert result.returncode == 2
    assert "no such file 'no-such-version.yaml'" in result.stderr


def test_a_replay_naming_a_missing_version_file_says_so(tmp_path: Path) -> None:
    path = tmp_path / "replay.yaml"
    path.write_text(TABLE.replace("variant: foster", "variant: mine.yaml") + "  []\n",
                    encoding="utf-8")
    with pytest.raises(ReplayError, match=r"no such file 'mine\.yaml'"):
        play_replay(path)
