"""The command line (the CLI contract and DESIGN.md conventions).

A user mistake (unknown variant, bad card, bad file, bad argument) exits 2
with ONE clear line on stderr and no traceback; ``validate`` reports each
problem as ``file:line:col: ...``. Expected values come from the sources
(German worked example; Foster's values), not from the program.

Every command is run once by the module fixture ``ran``, inside the test
process (``run_cli``: ``main(argv)`` with a subprocess's streams, folder and
environment); each test then checks the result of its own command. What a
process of its own is needed for is started as one: the installed command and
``python -m ambigu_rules``, Ctrl-C, the prompt read from a pipe and from a
terminal.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ALL_VARIANTS, ROOT, cli_command, evaluate, run_cli

USER_HEADER = """\
format: 1
id: my-house
extends: foster
title: Our house rules
short_title: House
summary: Foster's rules with one value changed.
combinations:
"""

FLUSH_6 = "  - id: flush\n    value: 6\n    source: editors\n    evidence: editorial\n"
FREDON_20 = "  - id: fredon\n    value: 20\n    source: editors\n    evidence: editorial\n"

# Broken user files: (name, body after the header, line of the problem, text on
# that line, words the message should contain). Lines count from 1; the header
# has 7 lines, so the body starts on line 8.
BROKEN = [
    (
        "value_eight",
        "  - id: flush\n    value: eight\n    source: editors\n    evidence: editorial\n",
        9,
        "eight",
        "value",
    ),
    (
        "duplicate_key",
        "  - id: flush\n    value: 6\n    value: 7\n    source: editors\n    evidence: editorial\n",
        10,
        "value: 7",
        "duplicate",
    ),
    (
        "unknown_key",
        "  - id: flush\n    value: 6\n    colour: red\n"
        "    source: editors\n    evidence: editorial\n",
        10,
        "colour",
        "colour",
    ),
    (
        "unknown_source",
        "  - id: flush\n    value: 6\n    source: nowhere-1900\n    evidence: editorial\n",
        10,
        "nowhere-1900",
        "nowhere-1900",
    ),
]

TWO_PROBLEMS = (
    "  - id: flush\n    value: eight\n    source: editors\n    evidence: editorial\n"
    "  - id: tricon\n    colour: red\n    source: editors\n    evidence: editorial\n"
)  # problems on lines 9 and 13

GERMAN_EXAMPLE = ("2S 3S 4S 9S", "5H 5D 5C 8S", "10H 9D 7C 6S")


def _commands(tmp: Path) -> dict[str, tuple[tuple[str, ...], Path | None]]:
    files = {
        "house": USER_HEADER + FLUSH_6,
        "house_fredon": USER_HEADER + FREDON_20,
        "two_problems": USER_HEADER + TWO_PROBLEMS,
        **{name: USER_HEADER + body for name, body, *_ in BROKEN},
    }
    for name, text in files.items():
        (tmp / f"{name}.yaml").write_text(text, encoding="utf-8")
    (tmp / "odd: name.yaml").write_text(USER_HEADER + BROKEN[0][1], encoding="utf-8")
    builtin = tuple(str(ROOT / "rulesets" / f"{v}.yaml") for v in ALL_VARIANTS)
    commands: dict[str, tuple[tuple[str, ...], Path | None]] = {
        "evaluate": (("evaluate", "foster", "2s 3S 4♠ 9S", "--json"), None),
        "showdown": (("showdown", "foster", *GERMAN_EXAMPLE, "--json"), None),
        "odds": (("odds", "foster", "--json"), None),
        "variants": (("variants", "--json"), None),
        "show_foster": (("show", "foster", "--json"), None),
        "show_1702": (("show", "1702", "--json"), None),
        "show_encyclopedia": (("show", "encyclopedia", "--json"), None),
        "unknown_variant": (("evaluate", "nosuchvariant", "2S 3S 4S 9S"), None),
        "bad_card": (("evaluate", "foster", "2S 3S 4S 11S"), None),
        "wrong_size": (("evaluate", "foster", "2S 3S 4S"), None),
        "ten_in_courts": (("evaluate", "russian-courts", "10S 3S 4S 7S"), None),
        "duplicate_across_hands": (("showdown", "foster", "2S 3S 4S 9S", "9S 5D 5C 8H"), None),
        "missing_variant_file": (("evaluate", str(tmp / "missing.yaml"), "2S 3S 4S 9S"), None),
        "validate_missing": (("validate", str(tmp / "missing.yaml")), None),
        "bad_argument": (("evaluate", "foster"), None),
        "unknown_command": (("frobnicate",), None),
        "validate_builtin": (("validate", *builtin), None),
        "validate_two_problems": (("validate", "two_problems.yaml"), tmp),
        "validate_house": (("validate", "house.yaml"), tmp),
        "validate_json": (("validate", "two_problems.yaml", "house.yaml", "odd: name.yaml",
                           "missing.yaml", "--json"), tmp),
        "validate_text": (("validate", "two_problems.yaml", "house.yaml", "odd: name.yaml",
                           "missing.yaml"), tmp),
        "house_flush": (("evaluate", str(tmp / "house.yaml"), "2S 5S 7S 10S", "--json"), tmp),
        "house_prime": (("evaluate", str(tmp / "house.yaml"), "10H 9D 7C 6S", "--json"), tmp),
        "house_fredon_relative": (("evaluate", "house_fredon.yaml", "AS AH AD AC", "--json"), tmp),
    }
    for name, *_ in BROKEN:
        commands[f"validate_{name}"] = (("validate", f"{name}.yaml"), tmp)
    return commands


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    tmp = tmp_path_factory.mktemp("cli")
    commands = _commands(tmp)
    return {name: run_cli(*args, cwd=cwd) for name, (args, cwd) in commands.items()}


def _json(result: subprocess.CompletedProcess[str]):  # type: ignore[no-untyped-def]
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


# ---------------------------------------------------------------------------
# evaluate / showdown / odds / variants / show


def test_cli_evaluate_json_flush_sequence_doublet(ran) -> None:  # type: ignore[no-untyped-def]
    # DE-RULES / Foster: 2-3-4-9 of spades is a flush with sequence, paid 8
    # (the hand written with mixed spellings: 2s, 3S, 4♠, 9S).
    data = _json(ran["evaluate"])
    assert data["combination"] == "flush_sequence"
    assert data["value"] == 8


def test_cli_showdown_json_german_worked_example(ran) -> None:  # type: ignore[no-untyped-def]
    # DE-RULES: Anna (flush with sequence) beats Ben (tricon with prime) and
    # Carla (grand prime, 32); each other player pays her 8.
    data = _json(ran["showdown"])
    assert data["winner"] == 0
    assert data["value"] == 8
    assert [h["combination"] for h in data["hands"]] == [
        "flush_sequence",
        "tricon_prime",
        "grand_prime",
    ]
    # Foster: doublets 8 and 6, grand prime 3.
    assert [h["value"] for h in data["hands"]] == [8, 6, 3]


def test_cli_odds_json(ran) -> None:  # type: ignore[no-untyped-def]
    data = _json(ran["odds"])
    assert data["total"] == 91_390
    counts: dict[str, int] = {}
    for item in data["combinations"]:
        counts[item["combination"]] = counts.get(item["combination"], 0) + item["count"]
    # four of a rank: 10 hands; tricon with prime: 10 x 4 x 9 = 360.
    assert counts["fredon"] == 10
    assert counts["tricon_prime"] == 360
    assert sum(counts.values()) == 91_390


def test_cli_variants_json_lists_every_version(ran) -> None:  # type: ignore[no-untyped-def]
    data = _json(ran["variants"])
    assert isinstance(data, list)
    ids = {item["id"] for item in data}
    assert set(ALL_VARIANTS) <= ids
    assert not ids & {"sources", "decks"}


def _rule_points(node, path=()):  # type: ignore[no-untyped-def]
    if isinstance(node, dict):
        # `inherit` is the policy for inherited points (evidence and note, no
        # source of its own): it is not a rule point.
        if "evidence" in node and path != ("inherit",):
            yield path, node
        for k, v in node.items():
            yield from _rule_points(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _rule_points(v, (*path, i))


@pytest.mark.parametrize("variant", ["foster", "1702", "encyclopedia"])
def test_cli_show_json_every_rule_point_carries_evidence_and_source(ran, variant) -> None:  # type: ignore[no-untyped-def]
    # DESIGN: provenance on every rule point (source, evidence, note).
    data = _json(ran[f"show_{variant}"])
    assert data["id"] == variant
    combinations = data["combinations"]
    assert len(combinations) >= 9
    for combination in combinations:
        assert "evidence" in combination and "source" in combination
    points = list(_rule_points(data))
    assert len(points) >= 10
    for path, point in points:
        assert point["evidence"] in ("attested", "reconstructed", "inferred", "editorial"), path
        assert point.get("source"), path


def test_cli_show_json_resolves_extends(ran) -> None:  # type: ignore[no-untyped-def]
    # 1702 inherits 1730: the resolved rules hold the 1730 combinations (AJO:
    # fredon 8), marked inferred (DESIGN honesty rule 1).
    data = _json(ran["show_1702"])
    ids = {c["id"] for c in data["combinations"]}
    assert {"point", "prime", "grand_prime", "tricon_prime", "flush_sequence", "fredon"} <= ids
    fredon = next(c for c in data["combinations"] if c["id"] == "fredon")
    assert fredon["value"] == 8
    assert fredon["evidence"] == "inferred"


# ---------------------------------------------------------------------------
# Errors: exit 2, one line, no traceback.


def test_cli_unknown_variant(ran) -> None:  # type: ignore[no-untyped-def]
    assert "nosuchvariant" in _one_line_error(ran["unknown_variant"])


def test_cli_bad_card(ran) -> None:  # type: ignore[no-untyped-def]
    assert "11S" in _one_line_error(ran["bad_card"])


def test_cli_wrong_hand_size(ran) -> None:  # type: ignore[no-untyped-def]
    assert "2S 3S 4S" in _one_line_error(ran["wrong_size"])


def test_cli_ten_in_court_card_version(ran) -> None:  # type: ignore[no-untyped-def]
    # RU-ENC: the court-card game is played without tens.
    assert "10S" in _one_line_error(ran["ten_in_courts"])


def test_cli_duplicate_card_across_showdown_hands(ran) -> None:  # type: ignore[no-untyped-def]
    line = _one_line_error(ran["duplicate_across_hands"])
    assert "9S" in line or "9♠" in line


def test_cli_nonexistent_variant_file(ran) -> None:  # type: ignore[no-untyped-def]
    assert "missing.yaml" in _one_line_error(ran["missing_variant_file"])


def test_cli_validate_nonexistent_file(ran) -> None:  # type: ignore[no-untyped-def]
    assert "missing.yaml" in _one_line_error(ran["validate_missing"])


def test_cli_bad_argument(ran) -> None:  # type: ignore[no-untyped-def]
    # `evaluate` without a hand.
    _one_line_error(ran["bad_argument"])


def test_cli_unknown_command(ran) -> None:  # type: ignore[no-untyped-def]
    _one_line_error(ran["unknown_command"])


# ---------------------------------------------------------------------------
# validate, and a user's own version


def test_cli_validate_builtin_rulesets(ran) -> None:  # type: ignore[no-untyped-def]
    result = ran["validate_builtin"]
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("name", "body", "line", "marker", "words"), BROKEN, ids=[b[0] for b in BROKEN]
)
def test_cli_validate_broken_user_version_reports_file_line_col(  # type: ignore[no-untyped-def]
    ran, name: str, body: str, line: int, marker: str, words: str
) -> None:
    text = USER_HEADER + body
    # The problem really is on the line we say (guards the test itself).
    assert marker in text.splitlines()[line - 1]
    result = ran[f"validate_{name}"]
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    pattern = re.compile(rf"{re.escape(name)}\.yaml:(\d+):(\d+):")
    found = [(int(m.group(1)), int(m.group(2))) for m in pattern.finditer(result.stderr)]
    assert found, result.stderr
    assert line in [ln for ln, _ in found], result.stderr
    assert all(col >= 1 for _, col in found)
    assert words in result.stderr


def test_cli_validate_reports_every_problem_of_a_file(ran) -> None:  # type: ignore[no-untyped-def]
    # Two independent problems in one file (a value 'eight', an unknown key):
    # both are reported, each with its line.
    result = ran["validate_two_problems"]
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = re.findall(r"two_problems\.yaml:(\d+):\d+:", result.stderr)
    assert "9" in lines and "13" in lines, result.stderr


def test_cli_validate_good_user_version(ran) -> None:  # type: ignore[no-untyped-def]
    result = ran["validate_house"]
    assert result.returncode == 0, result.stderr


def test_cli_user_version_extending_foster_uses_the_new_value(ran) -> None:  # type: ignore[no-untyped-def]
    # Foster pays a flush 5; the user's version changes it to 6 and keeps the rest.
    original = evaluate("foster", "2S 5S 7S 10S")
    assert (original.combination, original.value) == ("flush", 5)
    changed = _json(ran["house_flush"])
    assert (changed["combination"], changed["value"]) == ("flush", 6)
    # Other values are inherited unchanged: Foster's grand prime 3.
    prime = _json(ran["house_prime"])
    assert (prime["combination"], prime["value"]) == ("grand_prime", 3)


def test_cli_user_version_by_relative_path(ran) -> None:  # type: ignore[no-untyped-def]
    data = _json(ran["house_fredon_relative"])
    assert data["combination"] == "fredon"
    # The house sets the fredon's value to 20; Foster's value for the fours over
    # 30 pips (11) is kept, and four aces (4 pips) are not among them.
    assert data["value"] == 20


def test_cli_validate_json_gives_each_problem_as_an_object(ran) -> None:  # type: ignore[no-untyped-def]
    result = ran["validate_json"]
    assert result.returncode == 2 and "Traceback" not in result.stderr
    two, house, odd, missing = json.loads(result.stdout)
    assert house == {"file": "house.yaml", "ok": True, "id": "my-house", "problems": []}
    assert (two["ok"], two["id"]) == (False, None)
    keys = {"file", "line", "column", "path", "message"}
    assert all(set(p) == keys for item in (two, odd, missing) for p in item["problems"])
    value, colour = sorted(two["problems"], key=lambda p: p["line"])
    assert (value["file"], value["line"], value["column"]) == ("two_problems.yaml", 9, 12)
    assert value["path"].startswith("combinations") and value["path"].endswith(".value")
    assert "eight" in value["message"]
    assert (colour["line"], colour["message"]) == (13, "unknown key 'colour'")
    assert colour["path"].startswith("combinations")
    # A file name holding ": " is read whole; a missing file has no position.
    assert {(p["file"], p["line"]) for p in odd["problems"]} == {("odd: name.yaml", 9)}
    assert missing["problems"] == [{"file": "missing.yaml", "line": None, "column": None,
                                    "path": None, "message": "no such file"}]


def test_cli_validate_json_keeps_the_text_on_stderr(ran) -> None:  # type: ignore[no-untyped-def]
    # The problems are printed as before, and each object reads back into its line.
    from ambigu_rules.cli.problems import Problem

    as_json, as_text = ran["validate_json"], ran["validate_text"]
    assert as_json.stderr == as_text.stderr
    assert as_text.stdout == "house.yaml: ok (my-house)\n"
    objects = [Problem(**p) for item in json.loads(as_json.stdout) for p in item["problems"]]
    assert [str(p) for p in objects] == as_text.stderr.splitlines()


@pytest.mark.parametrize(("line", "files", "parts"), [
    ("h.yaml:9:12: combinations[0].value: expected a whole number, got 'a: b'", (),
     ("h.yaml", 9, 12, "combinations[0].value", "expected a whole number, got 'a: b'")),
    ("rulesets/1730.yaml:227:5: combinations[7].value: too much", ("h.yaml",),
     ("rulesets/1730.yaml", 227, 5, "combinations[7].value", "too much")),
    ("C:\\rules\\h.yaml:2:5: id: bad", (), ("C:\\rules\\h.yaml", 2, 5, "id", "bad")),
    ("h.yaml:8:1: YAML syntax error: found another document", (),
     ("h.yaml", 8, 1, None, "YAML syntax error: found another document")),
    ("h.yaml:1:1: not a rule file: expected 'format: 1'", (),
     ("h.yaml", 1, 1, None, "not a rule file: expected 'format: 1'")),
    ("a:1:2: b.yaml:3:4: x: y", ("a:1:2: b.yaml",), ("a:1:2: b.yaml", 3, 4, "x", "y")),
    ("h.yaml: too big: 2,000,000 bytes", (), ("h.yaml", None, None, None,
                                             "too big: 2,000,000 bytes")),
    ("my house: no such file", ("my house",), ("my house", None, None, None, "no such file")),
    ("(top level): missing required key 'format'", (),
     (None, None, None, "(top level)", "missing required key 'format'")),
    ("players.min: expected 2, got 1 (see 3:4: here)", (),
     (None, None, None, "players.min", "expected 2, got 1 (see 3:4: here)")),
])
def test_a_problem_line_is_read_into_its_parts(line: str, files: tuple[str, ...],
                                               parts: tuple[object, ...]) -> None:
    from ambigu_rules.cli.problems import parse_problem

    problem = parse_problem(line, files)
    assert (problem.file, problem.line, problem.column, problem.path, problem.message) == parts
    assert str(problem) == line


def test_every_problem_of_the_hostile_files_reads_back_whole() -> None:
    # The loader's own lines (tests/hostile/rulesets): each has a file and a place,
    # and its parts give the line again.
    from ambigu_rules.cli.problems import parse_problem
    from ambigu_rules.errors import RulesetError
    from ambigu_rules.load.resolver import resolve_path

    folder = ROOT / "tests" / "hostile" / "rulesets"
    lines = []
    for path in sorted(folder.glob("*.yaml")):
        if path.stat().st_size < 100_000:
            try:
                resolve_path(path)
            except RulesetError as error:
                lines += error.problems
    assert len(lines) > 50
    for line in lines:
        problem = parse_problem(line)
        assert str(problem) == line and problem.file and problem.line, (line, problem)
        assert problem.path is None or " " not in problem.path, (line, problem)


# ---------------------------------------------------------------------------
# Hostile arguments and keys (issue 9, items 5 and 12): one line, exit 2 (or
# 130 for Ctrl-C), never a traceback. Started on their own, with hang guards.

GUARD_SECONDS = 30


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("AMBIGU_RULESETS", None)
    env["NO_COLOR"] = "1"
    return env


def _default_sigint() -> None:
    # A job started in the background may inherit an ignored SIGINT; Python
    # turns SIGINT into KeyboardInterrupt only when it is not ignored.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _cpu_seconds(pid: int) -> float:
    """CPU time used by a process (Linux), or a large number where unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("inf")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _interrupted(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    try:
        _, stderr = process.communicate(timeout=GUARD_SECONDS)
    finally:
        process.kill()
    assert process.returncode == 130, (process.returncode, stderr)
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert lines == ["ambigu: interrupted"], stderr
    return stderr


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.parametrize(("jobs", "records"), [("1", False), ("2", False), ("2", True)])
def test_ctrl_c_in_simulate_prints_one_line_and_exits_130(jobs: str, records: bool,
                                                          tmp_path: Path) -> None:
    # With --deals-out, the interrupted run leaves no file, not even a temporary one.
    deals_out = ["--deals-out", str(tmp_path / "deals.jsonl")] if records else []
    # Banks of 1,000,000,000: nobody goes broke before the interrupt.
    process = subprocess.Popen(
        [*cli_command(), "simulate", "foster", "--hands", "1000000000", "--players", "2",
         "--bank", "1000000000", "--jobs", jobs, *deals_out],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
        preexec_fn=_default_sigint,
    )
    # Wait until the command is busy simulating (past Python's start-up), in
    # itself or in its worker processes.
    expected = 2 if jobs == "2" else 0
    workers: list[int] = []
    try:
        deadline = time.monotonic() + GUARD_SECONDS
        while time.monotonic() < deadline:
            assert process.poll() is None, process.communicate()
            workers = _children(process.pid)
            if len(workers) == expected and sum(map(_cpu_seconds,
                                                    [process.pid, *workers])) > 1.0:
                break
            time.sleep(0.05)
        assert len(workers) == expected
    finally:
        if len(workers) != expected:  # a failed wait must not leave the run going
            process.kill()
            for pid in workers:
                os.kill(pid, signal.SIGKILL)
    _interrupted(process)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()
                and "Z" not in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1][:3]]
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_at_the_play_prompt_prints_one_line_and_exits_130() -> None:
    process = subprocess.Popen(
        [*cli_command(), "play", "foster", "--players", "2"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=_env(), preexec_fn=_default_sigint,
    )
    assert process.stdout is not None
    shown = ""
    deadline = time.monotonic() + GUARD_SECONDS
    while not shown.endswith("> ") and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.2)
        if ready:
            chunk = os.read(process.stdout.fileno(), 4096).decode()
            assert chunk, "play ended before asking"
            shown += chunk
    assert shown.endswith("> "), shown
    _interrupted(process)


def test_play_edits_the_line_with_arrow_keys_at_a_terminal() -> None:
    # Typed at a terminal: "qit", left arrow twice, "u", Enter. With line
    # editing the line read is "quit" and the game says goodbye; without it
    # the escape codes are part of the line and the game does not understand.
    master, slave = pty.openpty()
    env = _env() | {"TERM": "xterm", "INPUTRC": "/dev/null"}
    process = subprocess.Popen(
        [*cli_command(), "play", "foster", "--players", "2"],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
    )
    os.close(slave)
    seen = b""

    def wait_for(token: bytes) -> bool:
        nonlocal seen
        deadline = time.monotonic() + GUARD_SECONDS
        while token not in seen and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
        return token in seen

    try:
        assert wait_for(b"> "), seen
        os.write(master, b"qit\x1b[D\x1b[Du\r")
        assert wait_for(b"Goodbye."), seen[-400:]
    finally:
        process.kill()
        process.wait()
        os.close(master)


def _one_line(*args: str) -> str:
    return _one_line_error(run_cli(*args, cwd=Path.cwd()))


def test_long_s_is_not_read_as_spades() -> None:
    # 'ſ'.upper() is 'S': the long s must not pass for the suit letter.
    line = _one_line("evaluate", "foster", "2ſ 3S 4S 9S")
    assert "2ſ" in line and "unknown suit" in line


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "foster", "--hands", "١٠"),  # Arabic-Indic ten
        ("simulate", "foster", "--hands", "10", "--seed", "²"),  # superscript two
        ("simulate", "foster", "--hands", "10", "--bank", "9" * 5000),
        ("play", "foster", "--players", "1000000000"),
        ("play", "foster", "--seed", "-1"),
    ],
    ids=["arabic-digits", "superscript", "5000-digits", "a-billion-players", "negative-seed"],
)
def test_numbers_in_arguments_are_ascii_digits_within_bounds(args: tuple[str, ...]) -> None:
    assert "expected" in _one_line(*args)


def test_showdown_under_a_one_player_version_says_something_sensible(tmp_path: Path) -> None:
    path = tmp_path / "solo.yaml"
    path.write_text(USER_HEADER.replace("combinations:\n", "")
                    + "players:\n  min: 1\n  max: 1\n  source: editors\n"
                    "  evidence: editorial\n", encoding="utf-8")
    result = run_cli("showdown", str(path), "2S 3S 4S 9S", "5H 5D 5C 8S", cwd=Path.cwd())
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "2 to 1" not in result.stderr
    # The file is refused, one file:line:col: line per problem.
    for line in result.stderr.splitlines():
        assert re.match(rf"{re.escape(str(path))}:\d+:\d+: players\.m(in|ax): ", line), line


def test_validate_a_directory_says_it_is_one(tmp_path: Path) -> None:
    line = _one_line("validate", str(tmp_path))
    assert line == f"{tmp_path}: is a directory"


# ---------------------------------------------------------------------------
# The real entry points: what the tests above run in-process is what a user runs.


@pytest.mark.parametrize("command", ["installed", "python -m"])
def test_the_entry_points_run_main_and_exit_with_its_status(command: str) -> None:
    start = cli_command() if command == "installed" else [sys.executable, "-m", "ambigu_rules"]
    for args, status in ((("evaluate", "foster", "2S 3S 4S 9S", "--json"), 0),
                         (("evaluate", "foster", "2S 3S 4S 11S"), 2)):
        result = subprocess.run([*start, *args], capture_output=True, text=True, env=_env(),
                                cwd=ROOT, timeout=GUARD_SECONDS)
        inside = run_cli(*args)
        assert (result.returncode, result.stdout, result.stderr) == (
            status, inside.stdout, inside.stderr), result.stderr
