"""Hostile input and hostile output through the real command line (issue 20).

- ``--jobs`` is bounded by the cores (defect 8): ``--jobs 400`` is refused
  before anything starts, and ``simulate()`` never starts more processes.
- A standard output that cannot be written (defect 11): ``/dev/full`` is one
  line ``ambigu: cannot write the output: No space left on device`` and status
  2; a closed pipe ends the command quietly with status 0; never a traceback,
  never Python's "Exception ignored" at exit (stdout is block-buffered here, as
  for any user, so the last write is the flush at exit).
- Nothing printed makes a control character or a direction override reach the
  terminal (defect 5): names given on the command line are printed with their
  escapes (``\\x1b``, ``\\u202e``, ``\\udcff``), ``--json`` too.
- Over-long and undecodable paths (defect 6) are one line and status 2.

Every command runs once in the module fixture ``ran``; each test checks the
result of its own. A command whose standard output is ``/dev/full`` or a
closed pipe runs as the installed command in a process of its own (the
failure is the file descriptor's, at Python's own flush at exit); the others
run inside the test process (``cli_in_process``: ``main(argv)`` with a
subprocess's UTF-8 streams, folder and environment). Expected lines are written
from the rule (ENOSPC's message is "No space left on device"; an escape is
``\\xHH`` below U+0100, else ``\\uHHHH``), not captured from the program.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_in_process import run_main_bytes

from ambigu_rules.engine import Game
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play import simulate as simulate_module
from ambigu_rules.play.simulate import simulate
from ambigu_rules.play.terminal import TerminalGame

from conftest import ROOT, cli_command

GUARD_SECONDS = 120
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
TOO_MANY = max(400, CORES + 1)

# What must never reach the terminal raw (the brief's list): C0 controls but
# the line feed, DEL, C1 controls, zero-width marks, direction marks,
# embeddings, overrides and isolates, U+2028/U+2029, U+FEFF, lone surrogates.
RAW_HIDDEN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069"
                        "\ufeff\ud800-\udfff]")

HOUSE = """\
format: 1
id: my-house
extends: foster
title: Our house rules
short_title: House
summary: Foster's rules, under a strange file name.
"""
# A file name holding an escape sequence, a right-to-left override, a line
# separator, DEL and the byte 0xFF (not UTF-8: Python reads it as U+DCFF).
ODD = "\x1b[2J\u202e\u2028\x7f\udcff.yaml"
ODD_SHOWN = "\\x1b[2J\\u202e\\u2028\\x7f\\udcff.yaml"
SCENARIO = ROOT / "tests" / "scenarios" / "foster" / "dealer-forces-with-two.yaml"
LONG = "a" * 5000 + ".yaml"  # longer than PATH_MAX (4096 bytes)
LONG_PART = "a" * 300 + ".yaml"  # one part longer than NAME_MAX (255 bytes)
DEEP = "a/" * 2100 + "x.yaml"  # short parts, 4206 bytes in all


@dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    stdout: str = "capture"  # or "full" (/dev/full), "closed" (a pipe no one reads)
    buffered: bool = True  # stdout block-buffered, as for a user (no PYTHONUNBUFFERED)
    in_tmp: bool = False  # run in the folder holding the oddly named file


FULL = {
    "show": ("show", "foster"),
    "show_json": ("show", "foster", "--json"),
    "variants": ("variants",),
    "odds": ("odds", "foster"),
    "evaluate_json": ("evaluate", "foster", "2S 3S 4S 9S", "--json"),
    "help": ("--help",),
    "replay": ("replay", str(SCENARIO)),
    "simulate": ("simulate", "foster", "--hands", "5"),
    "validate": ("validate", str(ROOT / "rulesets" / "foster.yaml")),
    "play": ("play", "foster"),
}
ONE_LINE_PATHS = {
    "validate_long": ("validate", LONG),
    "validate_long_part": ("validate", LONG_PART),
    "validate_deep": ("validate", DEEP),
    "validate_undecodable": ("validate", "nope\udcff.yaml"),
    "replay_long": ("replay", LONG),
    "replay_long_part": ("replay", LONG_PART),
    "replay_undecodable": ("replay", "nope\udcff.yaml"),
    "show_long": ("show", LONG),
    "show_long_part": ("show", LONG_PART),
    "show_deep": ("show", DEEP),
    "show_undecodable": ("show", "nope\udcff.yaml"),
    "evaluate_long_part": ("evaluate", LONG_PART, "2S 3S 4S 9S"),
    "odds_deep": ("odds", DEEP),
    "simulate_long_part": ("simulate", LONG_PART, "--hands", "5"),
    "play_long_part": ("play", LONG_PART),
}
# show_*, evaluate_*, odds_*, simulate_* and play_* pass only once the loader
# checks a version's name before using it as a path (load/catalog.py
# ``locate``); validate_* and replay_* go through the loader's read, which
# already said so in one line.

CASES: dict[str, Case] = {
    "jobs_too_many": Case(("simulate", "foster", "--hands", "2000", "--jobs", str(TOO_MANY))),
    "jobs_one_too_many": Case(("simulate", "foster", "--hands", "2000",
                               "--jobs", str(CORES + 1))),
    "jobs_every_core": Case(("simulate", "foster", "--hands", "10", "--jobs", str(CORES),
                             "--json")),
    "simulate_help": Case(("simulate", "--help")),
    **{f"full_{name}": Case(args, stdout="full") for name, args in FULL.items()},
    **{f"full_{name}_unbuffered": Case(args, stdout="full", buffered=False)
       for name, args in FULL.items() if name in ("show", "variants", "help", "play")},
    **{f"closed_{name}": Case(args, stdout="closed") for name, args in FULL.items()
       if name in ("show", "show_json", "variants", "help", "play")},
    "odd_validate": Case(("validate", ODD), in_tmp=True),
    "odd_validate_json": Case(("validate", ODD, "--json"), in_tmp=True),
    "odd_showdown_json": Case(("showdown", ODD, "2S 3S 4S 9S", "5H 5D 5C 8S", "--json"),
                              in_tmp=True),
    "odd_missing_file": Case(("validate", "\x1b]0;owned\x07\u202enope.yaml")),
    "odd_missing_replay": Case(("replay", "\x1b[2J\u202enope.yaml")),
    "odd_unknown_variant": Case(("show", "\x1b[2J")),
    "odd_unrecognized": Case(("variants", "\x1b[2J", "\u202e", "\udcff")),
    **{name: Case(args) for name, args in ONE_LINE_PATHS.items()},
    "empty_validate": Case(("validate", "foster.yaml", "")),
    "empty_replay": Case(("replay", "")),
}


def _env(buffered: bool) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("AMBIGU_RULESETS", None)
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "200"
    if buffered:
        env.pop("PYTHONUNBUFFERED", None)
    else:
        env["PYTHONUNBUFFERED"] = "1"
    return env


@dataclass(frozen=True)
class Ran:
    status: int
    out: bytes
    err: bytes

    # Both streams must be UTF-8 (a raw lone surrogate would come out as 0xFF).
    @property
    def stdout(self) -> str:
        return self.out.decode("utf-8")

    @property
    def stderr(self) -> str:
        return self.err.decode("utf-8")


def _run(case: Case, tmp: Path) -> Ran:
    if case.stdout == "capture":  # output and status only: no process needed
        return Ran(*run_main_bytes(*case.args, cwd=tmp if case.in_tmp else ROOT,
                                   timeout=GUARD_SECONDS))
    if case.stdout == "full":
        out: int = os.open("/dev/full", os.O_WRONLY)
    elif case.stdout == "closed":
        read_end, out = os.pipe()
        os.close(read_end)  # every write fails with EPIPE
    else:
        out = subprocess.PIPE
    try:
        result = subprocess.run(
            [*cli_command(), *case.args], stdin=subprocess.DEVNULL, stdout=out,
            stderr=subprocess.PIPE, cwd=str(tmp if case.in_tmp else ROOT),
            env=_env(case.buffered), timeout=GUARD_SECONDS)
    finally:
        if isinstance(out, int) and out >= 0:
            os.close(out)
    return Ran(result.returncode, result.stdout or b"", result.stderr)


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Ran]:
    tmp = tmp_path_factory.mktemp("hostile-output")
    with open(os.path.join(os.fsencode(tmp), os.fsencode(ODD)), "w", encoding="utf-8") as file:
        file.write(HOUSE)
    done = {name: _run(case, tmp) for name, case in CASES.items() if case.stdout == "capture"}
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {name: pool.submit(_run, case, tmp) for name, case in CASES.items()
                   if case.stdout != "capture"}
        done |= {name: future.result() for name, future in futures.items()}
    return done


def _one_line(result: Ran) -> str:
    assert result.status == 2, result
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr, result
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert not RAW_HIDDEN.search(result.stderr), result.stderr
    return lines[0]


# -- defect 8: --jobs ----------------------------------------------------------


@pytest.mark.parametrize(("name", "jobs"), [("jobs_too_many", TOO_MANY),
                                            ("jobs_one_too_many", CORES + 1)])
def test_jobs_above_the_cores_is_refused_and_nothing_starts(
        ran: dict[str, Ran], name: str, jobs: int) -> None:
    result = ran[name]
    assert _one_line(result) == (
        f"ambigu simulate: error: argument --jobs: at most {CORES} (the cores of this "
        f"machine), got {jobs:,} (see 'ambigu simulate --help')")
    assert result.stdout == ""  # refused with the arguments: not one deal was played


def test_jobs_up_to_the_cores_is_played(ran: dict[str, Ran]) -> None:
    result = ran["jobs_every_core"]
    assert result.status == 0, result.stderr
    assert json.loads(result.stdout)["hands"] == 10


def test_help_states_the_bound_and_the_default_of_jobs(ran: dict[str, Ran]) -> None:
    result = ran["simulate_help"]
    assert result.status == 0, result.stderr
    (line,) = [line for line in result.stdout.splitlines() if "--jobs JOBS " in line]
    assert "from 1 to the number of cores of this machine" in line
    assert "(default: that number, every core)" in line


def test_simulate_never_starts_more_processes_than_cores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Called directly, simulate() clamps jobs: with 2 cores and 5 blocks, 400
    # jobs are played by 2 worker processes, and give the report of one.
    monkeypatch.setattr(simulate_module, "available_cores", lambda: 2)
    monkeypatch.setattr(simulate_module, "DEALS_PER_BLOCK", 4)
    workers: list[int] = []
    shared = simulate("foster", hands=20, players=2, seed=3, jobs=400,
                      progress=lambda done: workers.append(len(multiprocessing.active_children())))
    assert workers and max(workers) == 2
    assert shared.to_json() == simulate("foster", hands=20, players=2, seed=3, jobs=1).to_json()


# -- defect 11: stdout that cannot be written ------------------------------------


@pytest.mark.parametrize("name", [name for name in CASES if name.startswith("full_")])
def test_a_full_disk_is_one_line_and_status_2(ran: dict[str, Ran], name: str) -> None:
    assert _one_line(ran[name]) == "ambigu: cannot write the output: No space left on device"


@pytest.mark.parametrize("name", [name for name in CASES if name.startswith("closed_")])
def test_a_closed_pipe_ends_quietly(ran: dict[str, Ran], name: str) -> None:
    result = ran[name]
    assert (result.status, result.stderr) == (0, "")


# -- defect 5: nothing hidden reaches the terminal --------------------------------


def test_an_odd_file_name_is_printed_with_its_escapes(ran: dict[str, Ran]) -> None:
    result = ran["odd_validate"]
    assert result.status == 0, result.stderr
    assert result.stdout == f"{ODD_SHOWN}: ok (my-house)\n"


def test_an_odd_file_name_in_json_is_escaped_and_reads_back(ran: dict[str, Ran]) -> None:
    result = ran["odd_validate_json"]
    assert result.status == 0, result.stderr
    assert result.stdout.isascii()
    assert '"file": "\\u001b[2J\\u202e\\u2028\\u007f\\udcff.yaml"' in result.stdout
    assert json.loads(result.stdout) == [
        {"file": ODD, "ok": True, "id": "my-house", "problems": []}]


def test_a_variant_named_oddly_is_escaped_in_json_output(ran: dict[str, Ran]) -> None:
    result = ran["odd_showdown_json"]
    assert result.status == 0, result.stderr
    assert not RAW_HIDDEN.search(result.stdout)
    assert json.loads(result.stdout)["variant"] == ODD


@pytest.mark.parametrize(("name", "shown"), [
    ("odd_missing_file", "\\x1b]0;owned\\x07\\u202enope.yaml"),
    ("odd_missing_replay", "\\x1b[2J\\u202enope.yaml"),
    ("odd_unknown_variant", "\\x1b[2J"),
    ("odd_unrecognized", "unrecognized arguments: \\x1b[2J \\u202e \\udcff"),
])
def test_a_message_quoting_an_argument_shows_its_escapes(
        ran: dict[str, Ran], name: str, shown: str) -> None:
    assert shown in _one_line(ran[name])


def test_the_terminal_game_shows_names_and_typed_text_with_their_escapes() -> None:
    game = Game(load_ruleset("foster"), names=["You\x1b[2J", "Bot\u202e2", "Bot\udcff3"],
                seed=4, dealer=0)
    answers = iter(["\x1b[A\x07", "quit"])  # an arrow key's code and a bell, typed
    out = io.StringIO()
    TerminalGame(game, lambda prompt: next(answers), out).run(deals=1)
    text = out.getvalue()
    assert "You\\x1b[2J" in text and "Bot\\u202e2" in text and "Bot\\udcff3" in text
    assert "Not understood: unknown action '\\x1b[A\\x07'" in text
    assert not RAW_HIDDEN.search(text)


# -- defect 6: paths that cannot name a file --------------------------------------


@pytest.mark.parametrize("name", list(ONE_LINE_PATHS))
def test_a_path_that_cannot_name_a_file_is_one_line(ran: dict[str, Ran], name: str) -> None:
    result = ran[name]
    line = _one_line(result)
    assert result.stdout == ""
    if "undecodable" in name:
        assert "nope\\udcff.yaml" in line


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_an_empty_file_name_is_not_the_current_folder(ran: dict[str, Ran], command: str) -> None:
    # Path("") is ".", which would be reported as ".: is a directory".
    assert _one_line(ran[f"empty_{command}"]) == (
        f"ambigu {command}: error: argument FILE: expected a file name, got an empty text "
        f"(see 'ambigu {command} --help')")
