"""Hostile files never hang, eat memory or print a traceback.

Every file of ``tests/hostile/rulesets/`` goes through ``ambigu validate`` and
every file of ``tests/hostile/replays/`` through ``ambigu replay`` (the corpus
format is in ``tests/hostile/README.md``). A bad file exits 2 with lines of the
form ``file:line:col: ...`` only, one of them holding the words the file's
``# expect:`` line names. Huge and special files (a sparse 3 GB file,
``/dev/zero``, a FIFO, a directory) are made here rather than kept in the
corpus. Each command runs inside the test process (``cli_in_process``:
``main(argv)`` with a subprocess's streams, folder and environment); its
timeout is a guard against hangs, not a timing test.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from cli_in_process import run_main

from conftest import ROOT

HOSTILE = ROOT / "tests" / "hostile"
RULESETS = sorted((HOSTILE / "rulesets").glob("*.yaml"))
REPLAYS = sorted((HOSTILE / "replays").glob("*.yaml"))
# A hang guard, not a timing test: a 1 MiB file takes PyYAML about 8 s alone, more
# beside a parallel run on two cores; a hang takes for ever.
HANG_GUARD_SECONDS = 60
# The limits documented in README.md and docs/rule-format.md ("Limits").
ONE_MIB = 1024 * 1024
POSITION = re.compile(r"^[^:\n]+\.ya?ml:\d+:\d+: \S")
POSITION_PREFIX = re.compile(r"^[^:\n]+\.ya?ml:\d+:\d+: ")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the command line's ``main`` from ``cwd`` with a hang guard."""
    return run_main(*args, cwd=cwd, timeout=HANG_GUARD_SECONDS)


def expectation(path: Path) -> str:
    """The words after ``# expect:`` on the first line of a corpus file."""
    first = path.read_bytes().split(b"\n", 1)[0].decode("utf-8")
    match = re.fullmatch(r"# expect: (.+)", first.strip())
    assert match, f"{path.name}: the first line must be '# expect: WORDS'"
    return match.group(1).strip()


def error_lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    """The non-empty lines of stderr, after checking the common contract."""
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines, "no message on stderr"
    return lines


@pytest.fixture(scope="module")
def corpus_runs() -> dict[Path, subprocess.CompletedProcess[str]]:
    """Every corpus file through its command, from the file's folder."""
    jobs = [("validate", path) for path in RULESETS] + [("replay", path) for path in REPLAYS]
    return {path: run(command, path.name, cwd=path.parent) for command, path in jobs}


def check_corpus_file(path: Path, result: subprocess.CompletedProcess[str]) -> None:
    expected = expectation(path)
    if expected == "ok":
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        return
    lines = error_lines(result)
    for line in lines:
        assert POSITION.match(line), f"not a file:line:col: line: {line!r}"
    # The words are looked for in the message, not in the file name before it.
    messages = [POSITION_PREFIX.sub("", line).lower() for line in lines]
    assert any(expected.lower() in message for message in messages), (expected, lines)


@pytest.mark.parametrize("path", RULESETS, ids=[p.name for p in RULESETS])
def test_hostile_ruleset_gets_positioned_lines_and_exit_2(
    path: Path, corpus_runs: dict[Path, subprocess.CompletedProcess[str]]
) -> None:
    check_corpus_file(path, corpus_runs[path])


@pytest.mark.parametrize("path", REPLAYS, ids=[p.name for p in REPLAYS])
def test_hostile_replay_gets_positioned_lines_and_exit_2(
    path: Path, corpus_runs: dict[Path, subprocess.CompletedProcess[str]]
) -> None:
    check_corpus_file(path, corpus_runs[path])


def test_corpus_has_both_folders_and_their_readme() -> None:
    assert len(RULESETS) >= 10 and len(REPLAYS) >= 10
    assert (HOSTILE / "README.md").is_file()


# -- item 5: huge and special files ------------------------------------------------


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    lines = error_lines(result)
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_sparse_3gb_file_is_refused_as_too_big_without_reading_it(
    command: str, tmp_path: Path
) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(3 * 1024**3)
    line = one_line(run(command, str(big), cwd=tmp_path))
    assert line.startswith(f"{big}: ") or line.startswith("big.yaml: "), line
    assert "too big" in line and "1 MiB" in line


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_file_one_byte_over_one_mib_is_too_big(command: str, tmp_path: Path) -> None:
    path = tmp_path / "over.yaml"
    path.write_bytes(b"# " + b"x" * (ONE_MIB - 2) + b"\n")  # 1 MiB + 1 byte
    assert path.stat().st_size == ONE_MIB + 1
    assert "too big" in one_line(run(command, str(path), cwd=tmp_path))


@pytest.mark.parametrize("command", ["validate", "replay"])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_device_is_not_a_regular_file(command: str, device: str, tmp_path: Path) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    line = one_line(run(command, device, cwd=tmp_path))
    assert line.startswith(f"{device}: ") and "not a regular file" in line, line


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_fifo_is_refused_without_waiting_for_a_writer(command: str, tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    line = one_line(run(command, str(fifo), cwd=tmp_path))
    assert "not a regular file" in line and "FIFO" in line, line


@pytest.mark.parametrize("command", ["validate", "replay", "show"])
def test_directory_is_named_a_directory(command: str, tmp_path: Path) -> None:
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    line = one_line(run(command, str(folder), cwd=tmp_path))
    assert "is a directory" in line, line


def test_validate_missing_file_still_says_no_such_file(tmp_path: Path) -> None:
    assert "no such file" in one_line(run("validate", "missing.yaml", cwd=tmp_path))


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_one_mib_of_list_items_stops_at_the_value_limit(command: str, tmp_path: Path) -> None:
    # 262,144 items of "- x\n": under the size limit, over the 100,000 values.
    path = tmp_path / "many.yaml"
    path.write_bytes(b"- x\n" * (ONE_MIB // 4))
    line = one_line(run(command, str(path), cwd=tmp_path))
    assert re.match(r".*many\.yaml:\d+:\d+: ", line), line
    assert "more than 100,000 values" in line


def test_not_utf8_points_at_the_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"format: 1\nid: x\nnote: caf\xe9\n")
    line = one_line(run("validate", "latin.yaml", cwd=tmp_path))
    # Line 3, column 10 (the tenth character, after "note: caf").
    assert line.startswith("latin.yaml:3:10: "), line
    assert "not UTF-8" in line


def test_control_character_points_at_its_place(tmp_path: Path) -> None:
    path = tmp_path / "bell.yaml"
    path.write_bytes(b"format: 1\nid: ab\x07c\n")
    line = one_line(run("validate", "bell.yaml", cwd=tmp_path))
    assert line.startswith("bell.yaml:2:7: "), line
    assert "U+0007" in line


# -- item 12: where extends may point ----------------------------------------------

CHILD = """\
format: 1
id: child
title: Child
short_title: Child
summary: A child version.
extends: {parent}
"""
PARENT = CHILD.replace("id: child", "id: parent").replace("extends: {parent}", "extends: foster")


def test_extends_a_file_in_a_subfolder_is_allowed(tmp_path: Path) -> None:
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "parent.yml").write_text(PARENT, encoding="utf-8")
    (tmp_path / "child.yaml").write_text(CHILD.format(parent="house/parent.yml"), "utf-8")
    result = run("validate", "child.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_extends_through_a_symlink_leading_outside_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    inside = tmp_path / "inside"
    outside.mkdir()
    inside.mkdir()
    (outside / "parent.yaml").write_text(PARENT, encoding="utf-8")
    (inside / "parent.yaml").symlink_to(outside / "parent.yaml")
    (inside / "child.yaml").write_text(CHILD.format(parent="parent.yaml"), "utf-8")
    line = one_line(run("validate", "child.yaml", cwd=inside))
    # The extends: line is line 6 of the child.
    assert line.startswith("child.yaml:6:10: extends: "), line
    assert "outside" in line


def test_extends_dotdot_that_stays_inside_is_allowed(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "parent.yaml").write_text(PARENT, encoding="utf-8")
    (tmp_path / "child.yaml").write_text(CHILD.format(parent="sub/../parent.yaml"), "utf-8")
    result = run("validate", "child.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


# -- a flood of problems ------------------------------------------------------------


def test_validate_lists_at_most_a_hundred_problems_then_counts_the_rest(tmp_path: Path) -> None:
    # 5,000 unknown keys: each is a problem, but a writer fixes the first ones first.
    keys = "".join(f"    colour_{index}: red\n" for index in range(5000))
    path = tmp_path / "flood.yaml"
    path.write_text(CHILD.format(parent="foster") + "combinations:\n  - id: flush\n"
                    "    source: editors\n    evidence: editorial\n" + keys, encoding="utf-8")
    result = run("validate", "flood.yaml", cwd=tmp_path)
    lines = error_lines(result)
    assert len(lines) == 101, len(lines)
    assert all(POSITION.match(line) for line in lines)
    assert "unknown key 'colour_0'" in lines[0]
    assert "and 4,900 more problems from here on" in lines[-1]
