"""`ambigu simulate --deals-out FILE`: one JSON object per deal, whose figures add up
to the report's, written whole or not at all."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ambigu_rules.cli import main
from ambigu_rules.play import simulate as simulate_module
from ambigu_rules.play.simulate import simulate


def records_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def run_with_records(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                     *extra: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    out = tmp_path / "deals.jsonl"
    argv = ["simulate", "encyclopedia", "--hands", "150", "--seed", "3", "--bank", "40",
            "--block-size", "40", "--jobs", "1", "--json", "--deals-out", str(out), *extra]
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out), records_of(out)


def test_one_record_per_deal_in_the_order_of_the_blocks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report, records = run_with_records(tmp_path, capsys)
    assert len(records) == report["hands"] == 150
    assert [record["block"] for record in records] == sorted(record["block"] for record in records)
    assert Counter(record["block"] for record in records) == {0: 40, 1: 40, 2: 40, 3: 30}
    assert Counter(record["ended"] for record in records) == report["ended"]
    assert sum(record["decisions"] for record in records) == report["decisions"]
    shown = Counter(name for record in records for name in record["shown"] if name)
    assert shown == report["combinations_shown"]
    assert Counter(win["combination"] for record in records
                   for win in record["winning"]) == report["combinations_winning"]


def test_the_nets_of_each_deal_add_up_to_what_left_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Banks of 40 break tables up, so blocks hold several tables.
    report, records = run_with_records(tmp_path, capsys)
    assert report["tables"] > 4
    tables: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for record in records:
        tables.setdefault((record["block"], record["table"]), []).append(record)
    assert len(tables) == report["tables"]
    for deals in tables.values():
        assert [deal["deal"] for deal in deals] == list(range(1, len(deals) + 1))
        on_table = 0  # a fresh table starts with nothing on it
        for deal in deals:
            assert sum(deal["net"]) == on_table - deal["on_table"]
            assert deal["on_table"] == deal["pool"] + deal["batterie"]
            on_table = deal["on_table"]
    seats = [sum(record["net"][seat] for record in records) for seat in range(4)]
    assert seats == report["net"]


def test_with_rebuy_the_nets_leave_the_counters_bought_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report, records = run_with_records(tmp_path, capsys, "--rebuy")
    assert report["rebuys"] > 0
    seats = [sum(record["net"][seat] for record in records) for seat in range(4)]
    assert seats == report["net"]


def test_worker_processes_write_the_same_file(tmp_path: Path) -> None:
    alone, shared = tmp_path / "alone.jsonl", tmp_path / "shared.jsonl"
    simulate("foster", hands=90, seed=4, block_size=30, jobs=1, deals_out=alone)
    simulate("foster", hands=90, seed=4, block_size=30, jobs=2, deals_out=shared)
    assert alone.read_bytes() == shared.read_bytes()
    assert len(records_of(alone)) == 90


def refuse_work(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_work(*_: object) -> None:
        raise AssertionError("a deal was played")

    monkeypatch.setattr(simulate_module, "_results", no_work)


@pytest.mark.parametrize(("where", "why"), [
    ("missing/deals.jsonl", "No such file or directory"),
    (".", "is a directory"),
    ("/dev/null", "not a regular file"),
])
def test_a_path_that_cannot_be_written_is_one_line_before_any_deal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        where: str, why: str) -> None:
    refuse_work(monkeypatch)
    path = where if where.startswith("/") else str(tmp_path / where)
    assert main(["simulate", "foster", "--hands", "10", "--deals-out", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"ambigu: error: cannot write the deals to '{path}': {why}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_an_interrupted_run_leaves_no_file_and_keeps_the_old_one(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text("an earlier run\n", encoding="utf-8")

    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate("foster", hands=60, block_size=20, deals_out=path, progress=interrupt)
    assert [p.name for p in tmp_path.iterdir()] == ["deals.jsonl"]
    assert path.read_text(encoding="utf-8") == "an earlier run\n"


def test_a_failed_run_leaves_no_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deals.jsonl"
    assert main(["simulate", str(tmp_path / "no-such-version.yaml"), "--hands", "10",
                 "--deals-out", str(path)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
