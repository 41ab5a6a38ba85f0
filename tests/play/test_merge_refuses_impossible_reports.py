"""Issue 42 (B): ``ambigu merge`` checks each report for its own consistency.

A report is a file anyone can hand over. Before it is merged its figures are
checked against each other: the deals its blocks hold, every count bounded by
the deals, the ways deals ended adding up to them, the counters conserved
(the banks and what is left on the table are what the players brought and
bought), each key written once, every number of at most 100 digits and at most
52 players. A report that breaks one is refused in one line naming the file,
the figure and what is wrong, with exit status 2.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from ambigu_rules.cli import main

RUN = ["simulate", "foster", "--hands", "30", "--players", "3", "--seed", "1", "--jobs", "1",
       "--json"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def report(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    status, out, err = run(RUN, capsys)
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    assert data["hands"] == 30 and data["players"] == 3 and data["pot_deals"] < 30
    return data


def merged_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> str:
    path = tmp_path / "tampered.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(["merge", str(path)], capsys)
    assert status == 2 and out == "", (out, err)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"{path}: ")
    return lines[0].removeprefix(f"{path}: ")


def test_a_genuine_report_merges(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 report: dict[str, Any]) -> None:
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    status, out, err = run(["merge", str(path), "--json"], capsys)
    assert status == 0, err
    assert json.loads(out) == report


def test_ended_counts_that_do_not_add_up_to_the_deals_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], report: dict[str, Any]) -> None:
    report["ended"] = {"showdown": 5}
    assert merged_line(tmp_path, capsys, json.dumps(report)) == (
        "ended: the ways deals ended count 5 deals, not the 30 of hands")


def test_more_pot_deals_than_deals_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], report: dict[str, Any]) -> None:
    report["pot_deals"] = 31
    assert merged_line(tmp_path, capsys, json.dumps(report)) == (
        "pot_deals: 31, more than the 30 deals")


def test_ten_to_the_fifty_tables_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], report: dict[str, Any]) -> None:
    report["tables"] = 10**50
    assert merged_line(tmp_path, capsys, json.dumps(report)) == (
        f"tables: {10**50:,}, more than the 30 deals (a table plays one at least)")


def test_banks_that_do_not_add_up_to_what_was_brought_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], report: dict[str, Any]) -> None:
    report["banks"][0] += 100
    total = sum(report["banks"]) + report["on_table"]
    assert merged_line(tmp_path, capsys, json.dumps(report)) == (
        f"banks: the banks and what is on the table come to {total:,} counters, not the 600 "
        "the players brought (3 × 200, and 0 bought)")


def test_hands_zero_of_a_run_that_did_not_stop_early_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], report: dict[str, Any]) -> None:
    report["hands"] = 0
    assert merged_line(tmp_path, capsys, json.dumps(report)) == (
        "hands: 0 deals, but blocks 0:1 of a run of 30 deals in blocks of 1,000 hold 30 (and "
        "the run did not stop early)")


def test_a_key_written_twice_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], report: dict[str, Any]) -> None:
    text = json.dumps(report).replace('"hands": 30,', '"hands": 30, "hands": 31,', 1)
    assert merged_line(tmp_path, capsys, text) == "hands: the key is written twice"


def test_a_pot_total_of_401_digits_is_refused_without_overflow(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], report: dict[str, Any]) -> None:
    text = json.dumps(report).replace(f'"pot_total": {report["pot_total"]}',
                                      '"pot_total": ' + "9" * 401, 1)
    assert merged_line(tmp_path, capsys, text) == (
        "pot_total: a number of 401 digits (a report's numbers have at most 100)")


def test_a_pot_total_no_deal_can_hold_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], report: dict[str, Any]) -> None:
    report["pot_total"] = 10**40
    assert merged_line(tmp_path, capsys, json.dumps(report)).startswith(
        f"pot_total: {10**40:,} counters in the pots of {report['pot_deals']} deals")


def test_a_report_of_150000_players_is_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], report: dict[str, Any]) -> None:
    # 0.9 MB: under the 1 MiB a report may weigh. Merged and printed as text, such
    # a report took 23 to 47 s (a row per seat); a table seats 52 players at most.
    players = 150_000
    report.update(players=players, banks=[200] * players, bought=[0] * players)
    del report["net"]
    text = json.dumps(report, separators=(",", ":"))
    assert len(text) < 1 << 20
    started = time.perf_counter()
    assert merged_line(tmp_path, capsys, text) == (
        "players: 150,000, more than the 52 players a table may seat")
    assert time.perf_counter() - started < 10  # a guard against the old 23 s, not a timing


def test_a_run_that_stopped_early_with_no_deal_merges(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # An ante of more than the banks: no fresh table can deal, and the run says so.
    house = tmp_path / "dear-ante.yaml"
    house.write_text("""\
format: 1
id: dear-ante
title: A blind no bank can pay
short_title: Dear ante
summary: Foster's rules with a blind of a million counters.
extends: foster
inherit:
  downgrade_to: inferred
  note: Everything else is Foster's.
procedure:
  - id: blind
    amount: 1000000
    source: editors
    evidence: editorial
""", encoding="utf-8")
    status, out, err = run(["simulate", str(house), "--hands", "10", "--jobs", "1", "--json"],
                           capsys)
    assert status == 0, err
    assert json.loads(out)["hands"] == 0 and json.loads(out)["stopped_early"]
    path = tmp_path / "stopped.json"
    path.write_text(out, encoding="utf-8")
    status, merged, err = run(["merge", str(path), "--json"], capsys)
    assert status == 0, err
    assert json.loads(merged) == json.loads(out)
