"""``tools/fuzz.py``: short deterministic runs of each target, and its detector detects.

The runs only check that the tool works (exit 0 or 1, a summary written):
whether the package has findings is reported by the tool, not asserted here.
The detector tests plant a fault in the package (a crash, a hang, a memory
error, a badly printed error, an engine that loses counters or accepts
absurd calls) and check that the case is reported as a finding: a fuzzer
that cannot fail would be a defect.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ambigu_rules.errors import IllegalActionError, RulesetError

from conftest import ROOT

if str(ROOT / "tools") not in sys.path:  # the fuzzer's package: tools/fuzzing/
    sys.path.insert(0, str(ROOT / "tools"))

import fuzzing as fuzz
from fuzzing import case_runner

FUZZ = ROOT / "tools" / "fuzz.py"
SEED = 11

_make_file_case = case_runner.make_file_case
_MADE: dict[tuple[str, int, int], object] = {}


def made_case(target: str, seed: int, index: int) -> fuzz.FileCase:
    """Case ``index`` of a file target as ``make_file_case`` makes it, made once per
    test process and given as a fresh copy each time: the detector tests below run
    the same few cases under different planted faults, and making one can take
    seconds (case 0 of the seed grows a list to 23,000 items and dumps it). Making
    a case does not use the package, so no planted fault changes it; that a case is
    a function of its seed and number is tested on its own, without this."""
    key = (target, seed, index)
    if key not in _MADE:
        _MADE[key] = _make_file_case(target, seed, index)
    made = copy.deepcopy(_MADE[key])
    assert isinstance(made, fuzz.FileCase)
    return made


@pytest.fixture(autouse=True)
def _each_case_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_case`` in this process makes its file case with :func:`made_case`."""
    monkeypatch.setattr(case_runner, "make_file_case", made_case)


def run_tool(*args: str, extra_path: Path | None = None,
             timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("AMBIGU_RULESETS", None)
    paths = [str(extra_path)] if extra_path else []
    env["PYTHONPATH"] = os.pathsep.join([*paths, str(ROOT), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, str(FUZZ), *args], capture_output=True, text=True,
                          cwd=str(ROOT), env=env, timeout=timeout)


# -- short runs of each target ---------------------------------------------------


@pytest.mark.parametrize(("target", "cases"), [("rulesets", 10), ("replays", 12),
                                               ("engine", 30)])
def test_short_run_of_each_target_exits_0_or_1_and_writes_its_summary(
        target: str, cases: int, tmp_path: Path) -> None:
    out = tmp_path / "findings"
    result = run_tool("--target", target, "--cases", str(cases), "--seed", str(SEED),
                      "--out", str(out))
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    assert "fuzz summary" in result.stderr
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    assert summary["cases"] == {target: cases}
    assert summary["targets"] == [target]
    assert set(summary["hostile_classes"]) <= {c.label for c in fuzz.hostile.CLASSES}
    assert (out / "summary.txt").is_file()
    assert result.returncode == (1 if summary["findings"] else 0)
    # A fault of the fuzzer itself is never a finding about the package.
    assert not [f for f in summary["findings"] if f["kind"] == "fuzzer-error"], summary
    for finding in summary["findings"]:
        assert (Path(finding["folder"]) / "finding.txt").is_file()


def test_an_engine_case_is_a_function_of_seed_and_number(tmp_path: Path) -> None:
    def play() -> list[object]:
        results = [fuzz.run_case("engine", SEED, index, 10, tmp_path) for index in range(15)]
        return [(r.outcome, [(f.key, f.message, f.repro) for f in r.findings])
                for r in results]

    assert play() == play()


def test_case_generation_is_a_function_of_seed_and_number() -> None:
    for target in ("rulesets", "replays"):
        first = fuzz.make_file_case(target, SEED, 5)
        again = fuzz.make_file_case(target, SEED, 5)
        other = fuzz.make_file_case(target, SEED + 1, 5)
        assert first.files == again.files and first.mutations == again.mutations
        assert (first.files, first.mutations) != (other.files, other.mutations)


@pytest.mark.parametrize("args", [
    ["--minutes", "0"], ["--minutes", "soon"], ["--cases", "0"], ["--cases", "١٢"],
    ["--target", "site"], ["--jobs", "0"], ["--seed", "-1"], ["--repro", "3"],
    ["--no-such-option"],
], ids=lambda args: " ".join(args))
def test_bad_arguments_get_one_line_and_exit_2(args: list[str], tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        fuzz.main([*args, "--out", str(tmp_path / "out")])
    assert stop.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_out_that_is_a_file_is_a_bad_argument(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    taken = tmp_path / "taken"
    taken.write_text("x")
    with pytest.raises(SystemExit) as stop:
        fuzz.main(["--cases", "1", "--out", str(taken)])
    assert stop.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


# -- the detector detects -----------------------------------------------------------


def kinds(result: object) -> set[str]:
    return {finding.kind for finding in result.findings}  # type: ignore[attr-defined]


def run_ruleset_case(tmp_path: Path, timeout: float = 10) -> object:
    # Case 0 of seed 11 is whatever it is: every planted fault below is on
    # the path of ``ambigu validate``, which every ruleset case runs first.
    return fuzz.run_case("rulesets", SEED, 0, timeout, tmp_path)


def test_a_crash_in_the_package_is_a_finding(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    def crash(path: Path) -> None:
        raise TypeError("planted crash")

    monkeypatch.setattr("ambigu_rules.load.resolver.resolve_path", crash)
    result = run_ruleset_case(tmp_path)
    findings = [f for f in result.findings if f.kind == "exception"]  # type: ignore[attr-defined]
    assert findings, result
    assert findings[0].signature.startswith("TypeError@")
    assert "crash" in findings[0].signature  # the last frame: the planted function
    assert "planted crash" in findings[0].traceback
    assert findings[0].command == "ambigu validate case.yaml"


def test_a_hang_is_interrupted_and_is_a_finding(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    def hang(path: Path) -> None:
        time.sleep(60)

    monkeypatch.setattr("ambigu_rules.load.resolver.resolve_path", hang)
    start = time.monotonic()
    result = run_ruleset_case(tmp_path, timeout=0.5)
    assert time.monotonic() - start < 10
    assert "hang" in kinds(result)
    assert result.restart  # type: ignore[attr-defined]


def test_running_out_of_memory_is_a_finding(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    def bomb(path: Path) -> None:
        raise MemoryError

    monkeypatch.setattr("ambigu_rules.load.resolver.resolve_path", bomb)
    assert "memory" in kinds(run_ruleset_case(tmp_path))


def test_an_unpositioned_problem_is_a_finding(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    def refuse(path: Path) -> None:
        raise RulesetError(["a problem without its file and position"])

    monkeypatch.setattr("ambigu_rules.load.resolver.resolve_path", refuse)
    assert "stderr-format" in kinds(run_ruleset_case(tmp_path))


def test_an_error_printed_on_two_lines_is_a_finding(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    # Planted where the command prints (the command line writes every message of
    # the package on one line, whatever the message holds).
    def validate(args: object) -> int:
        print("ambigu: error: first line\nsecond line", file=sys.stderr)
        return 2

    monkeypatch.setattr("ambigu_rules.cli.parser.cmd_validate", validate)
    assert "stderr-format" in kinds(run_ruleset_case(tmp_path))


def test_a_well_printed_error_is_not_a_finding(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    def refuse(path: Path) -> None:
        raise RulesetError(["case.yaml:3:5: players.min: expected a whole number"])

    monkeypatch.setattr("ambigu_rules.load.resolver.resolve_path", refuse)
    assert kinds(run_ruleset_case(tmp_path)) == set()


def first_ruleset_case(want: object) -> int:
    """The first ruleset case of the seed that ``want(case)`` accepts."""
    return next(i for i in range(1000) if want(made_case("rulesets", SEED, i)))  # type: ignore[operator]


def test_json_output_that_is_not_json_is_a_finding(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    index = first_ruleset_case(lambda case: case.options["json"])

    def broken_json(*args: object, **kwargs: object) -> str:
        return "{NaN"

    # The command line's one JSON writer.
    monkeypatch.setattr("ambigu_rules.cli.output.json_text", broken_json)
    assert "json" in kinds(fuzz.run_case("rulesets", SEED, index, 10, tmp_path))


def test_a_file_validate_accepts_and_show_rejects_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    index = first_ruleset_case(lambda case: len(case.mutations) == 1)  # a file left as it is

    def show(args: object) -> None:
        raise RulesetError(["case.yaml:1:1: planted: a problem only 'show' finds"])

    monkeypatch.setattr("ambigu_rules.cli.parser.cmd_show", show)
    assert "validate-gap" in kinds(fuzz.run_case("rulesets", SEED, index, 10, tmp_path))


def engine_findings(tmp_path: Path, cases: int = 12) -> set[str]:
    found: set[str] = set()
    for index in range(cases):
        found |= kinds(fuzz.run_case("engine", SEED, index, 10, tmp_path))
    return found


def test_an_engine_that_loses_counters_is_a_finding(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    monkeypatch.setattr("ambigu_rules.engine.table.Table.conserved", lambda self: False)
    assert "counters" in engine_findings(tmp_path)


def test_an_engine_finding_comes_with_a_reproducer_that_runs(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("ambigu_rules.engine.table.Table.conserved", lambda self: False)
    findings = [f for index in range(12)
                for f in fuzz.run_case("engine", SEED, index, 10, tmp_path).findings]  # type: ignore[attr-defined]
    script = tmp_path / "repro.py"
    script.write_text(next(f.repro for f in findings if f.repro), encoding="utf-8")
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=60, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr  # unpatched, the engine plays the case through


def test_an_engine_that_crashes_on_a_bad_action_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from ambigu_rules.engine.game import Game

    original = Game.apply

    def apply(self: Game, action: object) -> object:
        if not isinstance(action, tuple):
            raise AttributeError("planted: not a tuple")
        return original(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply", apply)
    assert "engine-exception" in engine_findings(tmp_path, cases=40)


def test_an_engine_that_accepts_absurd_arguments_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from ambigu_rules.engine.game import Game

    def buy_back(self: Game, seat: object, amount: object) -> None:
        return None  # accepts anything, changes nothing

    monkeypatch.setattr(Game, "buy_back", buy_back)
    assert "accepted-illegal" in engine_findings(tmp_path, cases=40)


def test_an_engine_that_changes_state_when_refusing_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from ambigu_rules.engine.game import Game

    def penalize(self: Game, seat: object, offence: object) -> None:
        self.log.append(self.log[-1])
        raise IllegalActionError("planted: refused after changing the log")

    monkeypatch.setattr(Game, "penalize", penalize)
    assert "state-changed" in engine_findings(tmp_path, cases=40)


def test_a_process_large_for_other_reasons_drops_the_caches_once_not_every_case(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # As a test run calling run_case is: dropping the caches does not make it smaller.
    size = [900 * 1024**2]
    dropped: list[int] = []
    monkeypatch.setattr(case_runner, "rss_bytes", lambda: size[0])
    monkeypatch.setattr(case_runner, "drop_caches", lambda: dropped.append(size[0]))
    monkeypatch.setattr(case_runner, "_AFTER_DROP", [0])
    results = [fuzz.run_case("engine", SEED, index, 10, tmp_path) for index in range(3)]
    assert len(dropped) == 1 and not any(result.restart for result in results)
    size[0] += 100 * 1024**2  # grown again since: dropped again
    fuzz.run_case("engine", SEED, 3, 10, tmp_path)
    assert len(dropped) == 2
    size[0] = 1300 * 1024**2  # past the restart mark whether dropped or not
    assert fuzz.run_case("engine", SEED, 4, 10, tmp_path).restart
    assert fuzz.run_case("engine", SEED, 5, 10, tmp_path).restart
    assert len(dropped) == 3


def test_a_planted_crash_goes_through_the_worker_to_a_saved_finding(tmp_path: Path) -> None:
    # The worker is a separate process: the fault is planted there by a
    # sitecustomize module on its PYTHONPATH.
    plant = tmp_path / "plant"
    plant.mkdir()
    (plant / "sitecustomize.py").write_text(
        "import ambigu_rules.load.resolver as registry\n\n\n"
        "def resolve_path(path):\n"
        "    raise KeyError('planted in the worker')\n\n\n"
        "registry.resolve_path = resolve_path\n", encoding="utf-8")
    out = tmp_path / "findings"
    result = run_tool("--target", "rulesets", "--cases", "2", "--seed", str(SEED), "--out",
                      str(out), extra_path=plant)
    assert result.returncode == 1, result.stderr
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    planted = [f for f in summary["findings"] if f["kind"] == "exception"
               and "KeyError" in f["key"]]
    assert len(planted) == 1 and planted[0]["count"] == 2  # two cases, one finding
    folder = Path(planted[0]["folder"])
    assert (folder / "case.yaml").is_file()
    text = (folder / "finding.txt").read_text("utf-8")
    assert "planted in the worker" in text and "ambigu validate case.yaml" in text


def test_a_legal_move_that_a_bad_script_cannot_serve_is_not_a_finding(tmp_path: Path) -> None:
    # Seed 0, case 188 scripts one card for two seats; the clash shows only when
    # the card is drawn (discards may be reused, so it cannot be refused earlier),
    # and the engine refuses that draw with GameSetupError, changing nothing.
    result = fuzz.run_case("engine", 0, 188, 60, tmp_path)
    assert "refused-legal" not in kinds(result)
    assert kinds(result) == set()


def test_a_legal_move_after_which_the_deal_stalls_on_its_script_is_not_a_finding(
        tmp_path: Path) -> None:
    # Seed 4242, case 1015 (found by the 10-minute run of issue 42): the move is made,
    # and the deal stalls at the next deal step, where a card scripted for the first
    # seat is not in the stock; Game.start_deal says so (phase "stalled"), and the
    # move changed the table before the stall, as it had to.
    result = fuzz.run_case("engine", 4242, 1015, 60, tmp_path)
    assert kinds(result) == set()


def test_a_case_named_after_a_value_an_alias_bomb_made_is_described_in_bounded_space(
        tmp_path: Path) -> None:
    # Seed 777, case 40 (the 10-minute run of issue 42): a combination's id had become a
    # nest of shared lists, and the case's description, its full repr, ran out of memory
    # (a MemoryError under the fuzzer's 2 GiB cap, counted as a finding).
    result = fuzz.run_case("rulesets", 777, 40, 60, tmp_path)
    assert kinds(result) == set()


# -- the hostile classes of issue 20 (tools/fuzz_hostile_classes/) -------------------------


def hostile_index(target: str, tag: str, want: object = None) -> int:
    """The first case of ``target`` (seed SEED) that is a case of the class ``tag``."""
    for index in range(2000):
        made = fuzz.hostile.make_case(target, SEED, index)
        if made is not None and made.expect["class"] == tag and (
                want is None or want(made)):  # type: ignore[operator]
            return index
    raise AssertionError(f"no {tag} case")


def test_a_share_of_the_file_cases_are_hostile_class_cases_with_their_oracle() -> None:
    index = hostile_index("rulesets", "merges")
    case = fuzz.make_file_case("rulesets", SEED, index)
    assert case.options["hostile"].expect["class"] == "merges"
    assert any("hostile class 9" in m for m in case.mutations)
    assert fuzz.hostile_label(case) == "class 9 (merges)"
    ordinary = next(i for i in range(50) if fuzz.hostile.make_case("replays", SEED, i) is None)
    assert "hostile" not in fuzz.make_file_case("replays", SEED, ordinary).options


def test_a_raw_control_character_printed_is_a_finding(tmp_path: Path) -> None:
    ctx = fuzz.Context("rulesets", 0, tmp_path)
    escape = fuzz.CliRun(["show", "case.yaml"], 0, "title: \x1b[31mred\n", "")
    assert [f.kind for f in fuzz.check_cli(escape, "rulesets", (0, 2), False, ctx)] == \
        ["raw-control"]
    clean = fuzz.CliRun(["show", "case.yaml"], 0, "title: Ambigu ♥ «é»\n", "")
    assert fuzz.check_cli(clean, "rulesets", (0, 2), False, ctx) == []


def test_validate_accepting_an_impersonating_house_file_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    index = hostile_index("rulesets", "impersonation")

    def validate(args: object) -> int:
        print("case.yaml: ok (foster)")
        return 0

    monkeypatch.setattr("ambigu_rules.cli.parser.cmd_validate", validate)
    result = fuzz.run_case("rulesets", SEED, index, 10, tmp_path)
    assert "impersonation" in kinds(result)
    assert result.hostile == "class 8 (impersonation)"  # type: ignore[attr-defined]


def test_an_evaluator_that_keeps_values_in_16_bits_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import dataclasses

    from ambigu_rules.hands.evaluator import Evaluator

    index = hostile_index("rulesets", "values", lambda made: made.expect["value"] > 32_767)
    original = Evaluator.evaluate

    def in_16_bits(self: Evaluator, hand: object) -> object:
        got = original(self, hand)  # type: ignore[arg-type]
        return dataclasses.replace(got, value=(got.value + 2**15) % 2**16 - 2**15)

    monkeypatch.setattr(Evaluator, "evaluate", in_16_bits)
    result = fuzz.run_case("rulesets", SEED, index, 30, tmp_path)
    wrong = {f.signature.split(":")[0] for f in result.findings  # type: ignore[attr-defined]
             if f.kind == "wrong-value"}
    assert wrong == {"evaluate", "api"}, result
