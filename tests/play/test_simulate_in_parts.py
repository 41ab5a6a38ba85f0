"""A simulation split in blocks (`--blocks`, `ambigu merge`) adds up to the whole run,
and reports of other runs, overlapping or with a gap, are refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ambigu_rules.cli import main

# 100 deals in blocks of 25: blocks 0:4.
RUN = ["simulate", "1730", "--hands", "100", "--seed", "7", "--block-size", "25",
       "--players", "3", "--jobs", "1", "--json"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's errors
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def part(tmp_path: Path, capsys: pytest.CaptureFixture[str], blocks: str | None,
         *extra: str, name: str | None = None) -> Path:
    argv = [*RUN, *extra] + (["--blocks", blocks] if blocks else [])
    status, out, err = run(argv, capsys)
    assert status == 0, err
    path = tmp_path / (name or f"part-{(blocks or 'all').replace(':', '-')}.json")
    path.write_text(out, encoding="utf-8")
    return path


def one_line_error(status: int, out: str, err: str) -> str:
    assert status == 2 and out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_two_halves_merged_are_the_whole_run_figure_for_figure(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = part(tmp_path, capsys, "0:2"), part(tmp_path, capsys, "2:4")
    whole = json.loads(part(tmp_path, capsys, None).read_text(encoding="utf-8"))
    status, out, err = run(["merge", str(second), str(first), "--json"], capsys)
    assert status == 0, err
    assert json.loads(out) == whole
    assert whole["hands"] == 100 and whole["blocks"] == [0, 4]
    # The text is the whole run's too.
    assert run(["merge", str(first), str(second)], capsys)[1] == run(RUN[:-1], capsys)[1]


def test_a_merged_report_merges_again(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    parts = [part(tmp_path, capsys, blocks) for blocks in ("0:1", "1:3", "3:4")]
    status, out, _ = run(["merge", str(parts[0]), str(parts[1]), "--json"], capsys)
    assert status == 0 and json.loads(out)["blocks"] == [0, 3]
    merged = tmp_path / "first-three.json"
    merged.write_text(out, encoding="utf-8")
    status, out, _ = run(["merge", str(merged), str(parts[2]), "--json"], capsys)
    assert status == 0
    assert json.loads(out) == json.loads(part(tmp_path, capsys, None).read_text())


def test_a_part_says_which_blocks_it_holds_and_plays_only_their_deals(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(part(tmp_path, capsys, "1:3").read_text(encoding="utf-8"))
    assert data["blocks"] == [1, 3] and data["hands"] == 50 and data["requested"] == 100
    assert sum(data["ended"].values()) == 50
    status, out, _ = run([*RUN[:-1], "--blocks", "1:3"], capsys)
    assert status == 0
    assert "Blocks 1:3 of the run's 4 (blocks of 25 deals, 100 in all)" in out.splitlines()


def test_the_last_block_of_a_run_may_be_short(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run([*RUN[:3], "90", *RUN[4:], "--blocks", "3:4"], capsys)
    assert status == 0, err
    assert json.loads(out)["hands"] == 90 - 3 * 25


@pytest.mark.parametrize(("option", "value", "setting"), [
    ("--seed", "8", "seed"),
    ("--players", "4", "players"),
    ("--bots", "heuristic", "bots"),
    ("--block-size", "20", "block_size"),
    ("--bank", "150", "initial_bank"),
    ("--hands", "120", "requested"),
])
def test_reports_of_different_runs_are_refused_naming_the_setting(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, value: str,
        setting: str) -> None:
    first = part(tmp_path, capsys, "0:1")
    argv = [*RUN, "--blocks", "1:2"]
    if option in argv:
        argv[argv.index(option) + 1] = value
    else:
        argv += [option, value]
    status, out, err = run(argv, capsys)
    assert status == 0, err
    other = tmp_path / "other.json"
    other.write_text(out, encoding="utf-8")
    line = one_line_error(*run(["merge", str(first), str(other)], capsys))
    assert line.startswith(f"ambigu merge: {other}: {setting} ")
    assert line.endswith(f"as in {first}: the reports are not of one run")


def test_another_version_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = part(tmp_path, capsys, "0:1")
    argv = [*RUN, "--blocks", "1:2"]
    argv[1] = "foster"
    status, out, err = run(argv, capsys)
    assert status == 0, err
    other = tmp_path / "foster.json"
    other.write_text(out, encoding="utf-8")
    line = one_line_error(*run(["merge", str(first), str(other)], capsys))
    assert line == (f"ambigu merge: {other}: variant 'foster', not '1730' as in {first}: "
                    "the reports are not of one run")


def test_overlapping_parts_are_refused(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    first, second = part(tmp_path, capsys, "0:2"), part(tmp_path, capsys, "1:3")
    line = one_line_error(*run(["merge", str(second), str(first)], capsys))
    assert line == f"ambigu merge: {second}: blocks 1:3 overlap blocks 0:2 of {first}"


def test_a_missing_block_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, last = part(tmp_path, capsys, "0:1"), part(tmp_path, capsys, "3:4")
    line = one_line_error(*run(["merge", str(first), str(last)], capsys))
    assert line == (f"ambigu merge: blocks 1:3 are missing between {first} (blocks 0:1) "
                    f"and {last} (blocks 3:4)")


@pytest.mark.parametrize(("blocks", "message"), [
    ("2:9", "argument --blocks: a run of 100 deals in blocks of 25 has blocks 0:4, got 2:9"),
    ("3:3", "argument --blocks: expected START:END, whole numbers from 0 to 1,000,000,000 "
            "with START below END, got '3:3'"),
    ("1-2", "argument --blocks: expected START:END, whole numbers from 0 to 1,000,000,000 "
            "with START below END, got '1-2'"),
    ("0:1000000001", "argument --blocks: expected START:END, whole numbers from 0 to "
                     "1,000,000,000 with START below END, got '0:1000000001'"),
])
def test_blocks_outside_the_run_are_refused(capsys: pytest.CaptureFixture[str], blocks: str,
                                            message: str) -> None:
    line = one_line_error(*run([*RUN, "--blocks", blocks], capsys))
    assert line == f"ambigu simulate: error: {message} (see 'ambigu simulate --help')"


@pytest.mark.parametrize(("content", "message"), [
    (None, "No such file or directory"),
    ("{", "line 1, column 2: not JSON: Expecting property name enclosed in double quotes"),
    ("[1, 2]", "not a simulation report (expected a JSON object)"),
    ('{"players": 3}', "not a simulation report: no key 'variant'"),
    ("[" * 100_000, "not a report: nested too deep"),
    ('{"hands": 1' + "0" * 5000 + "}",
     "hands: a number of 5,001 digits (a report's numbers have at most 100)"),
])
def test_a_file_that_is_no_report_is_named_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None,
        message: str) -> None:
    first = part(tmp_path, capsys, "0:1")
    bad = tmp_path / "bad.json"
    if content is not None:
        bad.write_text(content, encoding="utf-8")
    line = one_line_error(*run(["merge", str(first), str(bad)], capsys))
    assert line == f"{bad}: {message}"


def test_a_report_with_a_wrong_figure_is_named_by_its_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = part(tmp_path, capsys, "0:1")
    data = json.loads(first.read_text(encoding="utf-8"))
    data["banks"] = data["banks"][:2]
    bad = tmp_path / "short.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert one_line_error(*run(["merge", str(bad)], capsys)) == (
        f"{bad}: banks: expected a list of 3 whole numbers")


def test_a_folder_is_no_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert one_line_error(*run(["merge", str(tmp_path)], capsys)) == (
        f"{tmp_path}: is a directory")
