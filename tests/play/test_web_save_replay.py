"""The Play page's *Save the deal* (issue "first contact", item 5), in CPython: a
replay file of the deals played that ``ambigu replay`` plays back to the same banks.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ambigu_rules.errors import AmbiguError
from ambigu_rules.play.web import WebTable

AMBIGU = Path(sys.executable).with_name("ambigu")


def played_back(path: Path) -> str:
    run = subprocess.run([str(AMBIGU), "replay", str(path)], capture_output=True, text=True,
                         timeout=120, check=False, cwd=path.parent)
    assert run.returncode == 0, run.stderr
    return run.stdout


def banks_line(table: WebTable) -> str:
    seats = table.state()["seats"]
    return "Banks: " + ", ".join(f"{seat['name']} {seat['bank']}" for seat in seats)


def test_the_deals_watched_play_back_to_the_same_banks(tmp_path: Path) -> None:
    table = WebTable("1730", players=3, seed=1, people=0)
    table.start()
    table.start()
    saved = table.save()
    assert saved["name"] == "ambigu-1730-2-deals.replay.yaml" and saved["rules"] is None
    path = tmp_path / saved["name"]
    path.write_text(saved["text"], encoding="utf-8")
    assert len(yaml.safe_load(saved["text"])["deals"]) == 2
    assert banks_line(table) in played_back(path).splitlines()


def test_a_session_with_counters_bought_back_in_plays_back(tmp_path: Path) -> None:
    from test_web_deal_end_and_buy_back import until_short

    table = WebTable("1730", players=3, seed=1, banks=3)
    until_short(table)
    table.buy(0)
    table.start()
    saved = table.save()  # the deal under way is left out, the buying kept
    path = tmp_path / saved["name"]
    path.write_text(saved["text"], encoding="utf-8")
    assert "buy" in saved["text"]
    assert "Anna buys 3 counters" in played_back(path)


def test_a_pasted_rule_file_is_named_as_the_page_names_it(tmp_path: Path) -> None:
    rules = tmp_path / "your-rules.yaml"
    rules.write_text(Path("docs/variants/pool-limit.yaml").read_text(encoding="utf-8"),
                     encoding="utf-8")
    table = WebTable(str(rules), players=3, seed=4, people=0)
    table.start()
    saved = table.save()
    assert saved["rules"] == "your-rules.yaml"
    assert yaml.safe_load(saved["text"])["variant"] == "your-rules.yaml"
    path = tmp_path / saved["name"]
    path.write_text(saved["text"], encoding="utf-8")
    assert banks_line(table) in played_back(path).splitlines()


def test_nothing_is_saved_before_a_deal_is_over() -> None:
    table = WebTable("1730", players=3, seed=1)
    with pytest.raises(AmbiguError):
        table.save()
    table.start()
    with pytest.raises(AmbiguError):
        table.save()
