"""Buying back by the table's agreement, where a version leaves it to the table
(issue "first contact": the Play page offers the agreement, and a replay says it).

The Russian entry says nothing of buying counters back in: rulesets/russian.yaml
has no ``table.buy_back``, so the table decides before play (editorial,
rule-format.md "The session"). 1730 allows it (ajo §Time to buy back in) and
needs no agreement; a house file that forbids it refuses one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from test_web_deal_end_and_buy_back import until_short

from ambigu_rules.errors import GameSetupError
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.replay_run import ReplayError, play_replay
from ambigu_rules.play.web import WebTable
from ambigu_rules.site.tables import buy_back_terms

from conftest import run_cli

STRICT = ("format: 1\nid: strict\ntitle: Strict\nshort_title: Strict\n"
          "summary: No buying back.\nextends: \"1730\"\ntable:\n  buy_back:\n"
          "    allowed: false\n    source: editors\n    evidence: editorial\n")


def test_the_tables_index_says_which_versions_leave_buying_back_to_the_table() -> None:
    # 1730: ajo §Time to buy back in; Foster's editors allow it between deals; the
    # Russian entry and its court-card form are silent.
    assert buy_back_terms(load_ruleset("1730")) == "allowed"
    assert buy_back_terms(load_ruleset("foster")) == "allowed"
    assert buy_back_terms(load_ruleset("russian")) == "agreement"
    assert buy_back_terms(load_ruleset("russian-courts")) == "agreement"


def test_a_russian_table_that_agreed_lets_the_short_person_buy_back_in() -> None:
    # The same table as test_web_deal_end_and_buy_back's Russian one (seed 7,
    # 3 counters each), where without the agreement Anna sits out and the
    # session ends; agreed, she may buy the 3 counters she began with.
    table = WebTable("russian", players=3, seed=7, banks=3, buy_back_agreed=True)
    state = until_short(table)
    anna = next(seat for seat in state["short"] if seat["seat"] == 0)
    assert state["buy_back"] == "allowed" and anna["buy"] == 3
    after = table.buy(0)
    assert after["seats"][0]["bank"] == anna["bank"] + 3
    assert after["lines"] == ["Anna buys 3 counters"]


def test_a_deal_bought_back_by_agreement_is_saved_and_replays_to_the_same_banks(
        tmp_path: Path) -> None:
    table = WebTable("russian", players=3, seed=7, banks=3, buy_back_agreed=True)
    until_short(table)
    table.buy(0)
    state = table.start()
    while not state["deal_over"]:
        state = table.act(0, state["actions"][0].get("low"))
    saved = table.save()
    data = yaml.safe_load(saved["text"])
    assert data["buy_back_agreed"] is True
    path = tmp_path / saved["name"]
    path.write_text(saved["text"], encoding="utf-8")
    result = play_replay(path)
    assert result.mismatches == []
    assert result.game.table.banks == table.game.table.banks
    assert run_cli("replay", str(path)).returncode == 0


def test_a_replay_buys_back_under_the_russian_rules_only_when_the_table_agreed(
        tmp_path: Path) -> None:
    replay = ("variant: russian\nseats: [Anna, Ben, Carla]\nbank: 10\n"
              "deals:\n  - buy: {Anna: 5}\n    cards: {Anna: 2S 3S 4S 5S}\n"
              "    actions: []\n")
    refused = tmp_path / "refused.yaml"
    refused.write_text(replay, encoding="utf-8")
    with pytest.raises(ReplayError, match="deal 1: this version leaves buying back to the "
                                          "table's agreement, and this table has not agreed"):
        play_replay(refused)
    agreed = tmp_path / "agreed.yaml"
    agreed.write_text("buy_back_agreed: true\n" + replay, encoding="utf-8")
    # Agreed, the buy is made and the replay goes on to the deal, which it leaves
    # unfinished (no action scripted): that, not the buy, is what stops it.
    with pytest.raises(ReplayError, match="deal 1 is not finished"):
        play_replay(agreed)


def test_a_version_that_forbids_buying_back_refuses_the_agreement(tmp_path: Path) -> None:
    path = tmp_path / "strict.yaml"
    path.write_text(STRICT, encoding="utf-8")
    with pytest.raises(GameSetupError, match="may not buy more counters"):
        WebTable(str(path), players=3, buy_back_agreed=True)
    with pytest.raises(GameSetupError, match="true or false"):
        WebTable("russian", players=3, buy_back_agreed="yes")  # type: ignore[arg-type]
