"""Every value a rule file may give comes out exactly, up to the counter limit.

Validation allows a combination worth up to ``limits.MAX_COUNTERS`` (10⁹); the
table of hands used to hold values in 16 bits, so 40,000 came out as -25,536
and was not paid. These cases go through the real command line: the file is
checked, the hand evaluated, the odds listed, a showdown settled and a whole
deal played with a combination worth exactly 10⁹ against banks of 10⁹.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from ambigu_rules.hands.table import HandTable
from ambigu_rules.limits import MAX_COUNTERS

from conftest import ROOT, run_cli

HEAD = """\
format: 1
id: {id}
title: Big values
short_title: Big
summary: Foster with one doublet worth a great deal.
extends: foster
"""

# Foster's flush doublet (four cards of one suit holding a sequence of three) with
# its value changed; its `payment: own` is kept, so the value is exactly this.
FLUSH_SEQUENCE = """\
combinations:
  - id: flush_sequence
    value: {value}
    source: editors
    evidence: editorial
"""


def house(tmp_path: Path, value: int, extra: str = "") -> Path:
    path = tmp_path / "big.yaml"
    path.write_text(HEAD.format(id="big") + FLUSH_SEQUENCE.format(value=value) + extra,
                    encoding="utf-8")
    return path


def test_a_value_of_40000_is_shown_and_paid_as_written(tmp_path: Path) -> None:
    path = house(tmp_path, 40_000)
    assert run_cli("validate", str(path)).returncode == 0
    result = run_cli("evaluate", str(path), "2S 3S 4S 9S", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["value"] == 40_000
    text = run_cli("evaluate", str(path), "2S 3S 4S 9S").stdout
    assert "worth 40000" in text and "-25536" not in text


def test_the_odds_list_the_value_as_written(tmp_path: Path) -> None:
    path = house(tmp_path, 70_000)
    result = run_cli("odds", str(path))
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if line.startswith("flush_sequence"))
    assert "70000" in row.split()


def test_a_showdown_pays_a_value_at_the_limit(tmp_path: Path) -> None:
    path = house(tmp_path, MAX_COUNTERS)
    result = run_cli("showdown", str(path), "2S 3S 4S 9S", "10H 9D 7C 6S", "--json")
    assert result.returncode == 0, result.stderr
    # The doublet (2-3-4 of spades and the 9) beats the grand prime and is paid 10^9.
    settled = json.loads(result.stdout)
    assert settled["winner"] == 0 and settled["value"] == MAX_COUNTERS
    assert settled["hands"][0]["value"] == MAX_COUNTERS


def test_a_table_keeps_every_value_up_to_the_limit_through_its_bytes() -> None:
    # The on-disk format (what the site ships) holds the same values.
    table = HandTable(best=[0, 0, -1], values=[MAX_COUNTERS, 32_768, 0], keys=[3, 2, 0],
                      combination_ids=("x",))
    assert list(HandTable.from_bytes(table.to_bytes()).values) == [MAX_COUNTERS, 32_768, 0]


# The German example of Foster's payment, played with banks of 10^9 and Anna's
# doublet worth 10^9 (the file paying what one can).
GERMAN_EXAMPLE = ROOT / "tests" / "scenarios" / "foster" / \
    "combination-paid-by-each-other-player-at-table.yaml"


def test_a_deal_at_the_counter_limit_is_paid_exactly(tmp_path: Path) -> None:
    house(tmp_path, MAX_COUNTERS, "payment:\n  shortfall: pay_what_one_can\n"
                                  "  source: editors\n  evidence: editorial\n")
    replay = yaml.safe_load(GERMAN_EXAMPLE.read_text(encoding="utf-8"))
    replay["variant"] = "big.yaml"
    for seat in replay["seats"]:
        seat["bank"] = MAX_COUNTERS
    # As in the scenario, blind 1 and ante 2 each make a pool of 12, and Anna, Ben
    # and Carla bet 1 + 2 = 3 each; Dan folds after his ante. Ben and Carla have
    # 10^9 - 6 left and Dan 10^9 - 3: each pays all of it for Anna's doublet.
    # Anna: 10^9 - 6 + 12 + 9 + 2 * (10^9 - 6) + (10^9 - 3) = 4 * 10^9,
    # the 4 * 10^9 the table started with. (Her bank is above the 10^9 an expected
    # bank may be written with, so the banks are read from the JSON state.)
    replay["expect"] = {"on_table": 0}
    path = tmp_path / "deal.yaml"
    path.write_text(yaml.safe_dump(replay), encoding="utf-8")
    result = run_cli("replay", str(path), "--json")
    assert result.returncode == 0, result.stderr
    banks = json.loads(result.stdout)["final"]["banks"]
    assert banks == {"Anna": 4 * MAX_COUNTERS, "Ben": 0, "Carla": 0, "Dan": 0}
