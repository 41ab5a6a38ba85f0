"""``tools/fuzz.py``'s classes of issue 42 (worker faults, signals, tampered reports,
playability): each generator makes what it claims, each case runs to an outcome, and
each oracle reports a planted bad outcome and passes a good one.

The oracles are fed fake outcomes (a traceback, a ``.part`` left, a deals
file cut short, a merged report whose counts do not add up, a file that
validates and does not play); the runners are given faults planted in the
package (in this process by ``monkeypatch``, in a command's own process by a
``sitecustomize`` module on its path). Whether the package has such defects
today is for ``make fuzz`` to say, not these tests. The tests that start
simulations in processes of their own take one to three seconds each here, under
the five that make a test ``slow``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from random import Random
from typing import Any

import pytest

from ambigu_rules.cli import main as ambigu

from conftest import ROOT

if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

import fuzzing as fuzz
from fuzz_hostile_classes import playability, process_faults, report_invariants
from fuzz_hostile_classes import tampered_reports as reports
from fuzz_hostile_classes.round_four import ROUND_FOUR, ProcessOutcome
from fuzzing import case_runner, settings
from fuzzing.file_case import FileCase
from fuzzing.finding_folders import typed_again
from fuzzing.run_loop import case_at, turn

SEED = 7
NEW = [kind.tag for kind in ROUND_FOUR]


@dataclasses.dataclass
class FakeRun:
    argv: list[str]
    status: int | None = 0
    stdout: str = ""
    stderr: str = ""
    seconds: float = 0.1


def kinds(problems: list[Any]) -> list[str]:
    return sorted(problem.kind for problem in problems)


# -- the schedule and the command line ---------------------------------------------------


def test_the_old_targets_keep_their_schedule_and_the_new_ones_come_by_weight() -> None:
    old = ["rulesets", "replays", "engine"]
    cycle = turn(old)
    assert [case_at(cycle, n) for n in range(300)] == [(old[n % 3], n // 3)
                                                       for n in range(300)]
    everything = turn(list(settings.TARGETS))
    assert Counter(everything) == {t: settings.WEIGHTS[t] for t in settings.TARGETS}
    assert set(everything[:len(settings.TARGETS)]) == set(settings.TARGETS)  # all come at once
    numbers: dict[str, list[int]] = {}
    for n in range(3 * len(everything)):
        target, index = case_at(everything, n)
        numbers.setdefault(target, []).append(index)
    assert all(found == list(range(len(found))) for found in numbers.values())


def test_a_list_of_targets_is_read_and_a_bad_one_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = fuzz.command_line.build_parser()
    assert parser.parse_args(["--target", "worker-faults,signals"]).target == [
        "worker-faults", "signals"]
    assert parser.parse_args([]).target == list(settings.TARGETS)
    for bad in (["--target", "reports,reports"], ["--target", "reports,"],
                ["--target", "reports,signals", "--repro", "1"]):
        with pytest.raises(SystemExit) as stop:
            fuzz.main([*bad, "--out", str(tmp_path / "out")])
        assert stop.value.code == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_finding_folder_says_how_to_type_the_command_again() -> None:
    assert typed_again("python run.py kill 3 one simulate foster") == \
        f"{ROOT}/.venv/bin/python run.py kill 3 one simulate foster"
    assert typed_again("timeout --preserve-status -s TERM 1.50 ambigu simulate x") == \
        f"timeout --preserve-status -s TERM 1.50 {ROOT}/.venv/bin/ambigu simulate x"
    assert typed_again("load_ruleset('case.yaml')") is None


@pytest.mark.parametrize("target", NEW)
def test_each_new_target_makes_its_cases_as_a_function_of_seed_and_number(target: str) -> None:
    made = [case_runner.make_round_four_case(target, SEED, i) for i in range(4)]
    again = [case_runner.make_round_four_case(target, SEED, i) for i in range(4)]
    other = [case_runner.make_round_four_case(target, SEED + 1, i) for i in range(4)]
    assert [(c.files, c.plan) for c in made] == [(c.files, c.plan) for c in again]
    assert [(c.files, c.plan) for c in made] != [(c.files, c.plan) for c in other]
    label = fuzz.hostile_label(made[0])
    assert re.fullmatch(rf"class 1[1-4] \({target}\)", label)


# -- class 11: worker faults ---------------------------------------------------------------


def test_the_worker_fault_generator_makes_every_mode_with_the_end_it_expects() -> None:
    plans = [process_faults.make_worker_fault(Random(f"t:{seed}")) for seed in range(80)]
    assert {plan["mode"] for _, plan, _ in plans} == {"bot-kill", "bot-exit", "external"}
    for files, plan, _ in plans:
        assert plan["argv"][:2] == ["simulate", plan["variant"]]
        assert plan["argv"][plan["argv"].index("--jobs") + 1] == "2"
        assert "--deals-out" in plan["argv"]
        if plan["mode"] == "external":
            assert plan["prefix"] == [] and "run.py" not in files
            assert plan["cause"] == f"signal {process_faults.signal_number(plan['signal'])}, " \
                f"{plan['signal']}"
        else:
            assert files["run.py"] == process_faults.RUNNER.encode()
            assert plan["argv"][plan["argv"].index("--bots") + 1] == process_faults.ENDER
            code = plan["prefix"][0].removeprefix("exit:")
            assert plan["cause"] == ("signal 9, SIGKILL" if plan["mode"] == "bot-kill"
                                     else f"exit status {code}")
        if plan["before"] is not None:
            assert files[process_faults.OUT] == plan["before"]


DIED = "ambigu: error: a simulation worker died (signal 9, SIGKILL) during block 3: " \
       "no report written\n"
KILL_PLAN = {"mode": "bot-kill", "cause": "signal 9, SIGKILL"}


def died(**changes: Any) -> ProcessOutcome:
    """A worker fault's outcome as it must be, with ``changes``."""
    outcome = ProcessOutcome(["simulate", "foster"], 2, "", DIED, 1.5, b"old\n", b"old\n",
                             note="a bot ended its worker")
    return dataclasses.replace(outcome, **changes)


def test_the_worker_fault_oracle_passes_a_clean_end_and_reports_each_planted_fault() -> None:
    assert process_faults.check_worker_fault(KILL_PLAN, died()) == []
    planted = {
        "traceback": died(stderr="Traceback (most recent call last):\n  File \"x\"\n"
                                 "BrokenPipeError: [Errno 32] Broken pipe\n" + DIED),
        "part-left": died(parts_left=[".1a2b.ambigu-deals.part"]),
        "out-changed": died(out_after=b"half a run\n"),
        "exit-status": died(status=0),
        "stderr-format": died(stderr=DIED + "and more\n"),
        "unnamed-worker": died(stderr="ambigu: error: something went wrong\n"),
        "wrong-cause": died(stderr=DIED.replace("signal 9, SIGKILL", "exit status 1")),
        "report-printed": died(stdout="20000 deals of foster\n"),
        "hang": died(status=None),
        "processes-left": died(left_running=[4242]),
    }
    for kind, outcome in planted.items():
        assert kind in kinds(process_faults.check_worker_fault(KILL_PLAN, outcome)), kind


def test_a_traceback_is_named_by_where_it_came() -> None:
    def where(stderr: str) -> str:
        problem = process_faults.check_worker_fault(KILL_PLAN, died(stderr=stderr))[0]
        return problem.signature.rsplit(":", 1)[1]

    head = "Traceback (most recent call last):\n"
    assert where(head + '  File "<frozen site>", line 1\nKeyboardInterrupt\n') == "interpreter"
    assert where(head + '  File "/x/ambigu_rules/cli/parser.py", line 14, in <module>\n'
                 "KeyboardInterrupt\n") == "import"
    assert where(head + '  File "/x/ambigu_rules/cli/__init__.py", line 9, in main\n'
                 "ValueError: x\n") == "main"


# -- class 12: signals -----------------------------------------------------------------------


def test_the_signal_generator_sends_each_signal_at_both_moments_to_both_receivers() -> None:
    plans = [process_faults.make_signal(Random(f"t:{seed}"))[1] for seed in range(120)]
    assert {p["signal"] for p in plans} == {"SIGTERM", "SIGHUP", "SIGINT"}
    assert {p["moment"] for p in plans} == {"start-up", "under-way"}
    assert {p["to"] for p in plans} == {"process", "group"}
    assert all("--deals-out" in p["argv"] and p["prefix"] == [] for p in plans)


TERM_PLAN = {"signal": "SIGTERM", "to": "process", "hands": 2, "json": False}
DEALS = b'{"deal": 0}\n{"deal": 1}\n'


def stopped(**changes: Any) -> ProcessOutcome:
    """A run stopped by SIGTERM as it must be, with ``changes``."""
    outcome = ProcessOutcome(["simulate", "foster"], 143, "", "ambigu: interrupted by SIGTERM\n",
                             0.4, b"old\n", b"old\n", note="SIGTERM sent")
    return dataclasses.replace(outcome, **changes)


def test_the_signal_oracle_passes_a_clean_stop_and_a_run_that_finished_first() -> None:
    assert process_faults.check_signal(TERM_PLAN, stopped()) == []
    assert process_faults.check_signal(TERM_PLAN, stopped(status=-15, stderr="")) == []
    finished = stopped(status=0, stderr="", stdout="2 deals of foster, 4 random bots\n",
                       out_after=DEALS)
    assert process_faults.check_signal(TERM_PLAN, finished) == []
    assert process_faults.check_signal(TERM_PLAN, dataclasses.replace(finished,
                                                                      landed=False)) == []


def test_the_signal_oracle_reports_each_planted_fault() -> None:
    planted = {
        "traceback": stopped(stderr="Traceback (most recent call last):\n  File "
                                    "\"/x/ambigu_rules/cli/__init__.py\", line 57, in main\n"
                                    "BrokenPipeError: [Errno 32] Broken pipe\n", status=1),
        "part-left": stopped(parts_left=[".9f.ambigu-deals.part"]),
        "out-incomplete": stopped(out_after=DEALS[:15]),
        "exit-status": stopped(status=1, stderr=""),
        "stderr-format": stopped(stderr="ambigu: interrupted by SIGHUP\n"),
        "no-report": stopped(status=0, stderr="", out_after=DEALS),
        "stderr-on-success": stopped(status=0, stdout="2 deals of foster\n", out_after=DEALS),
        "hang": stopped(status=None),
    }
    for kind, outcome in planted.items():
        assert kind in kinds(process_faults.check_signal(TERM_PLAN, outcome)), kind
    # A signal that came after the end cannot be why the command says it was stopped.
    assert kinds(process_faults.check_signal(TERM_PLAN, stopped(landed=False))) == [
        "exit-status"]


def test_a_ctrl_c_during_python_s_own_start_is_no_finding_but_one_during_the_import_is(
        ) -> None:
    plan = dict(TERM_PLAN, signal="SIGINT")
    head = "Traceback (most recent call last):\n"
    python = stopped(status=-2, stderr=head + '  File "<frozen site>", line 599, in main\n'
                                              "KeyboardInterrupt\n")
    assert process_faults.check_signal(plan, python) == []
    package = stopped(status=-2, stderr=head + '  File "/x/ambigu_rules/cli/parser.py", line 14'
                                               ", in <module>\nKeyboardInterrupt\n")
    assert [p.signature for p in process_faults.check_signal(plan, package)] == [
        "SIGINT:process:KeyboardInterrupt:import"]
    assert "out-changed" in kinds(process_faults.check_signal(
        plan, dataclasses.replace(python, out_after=b"")))


# -- class 13: tampered reports -----------------------------------------------------------------


@pytest.fixture(scope="module")
def parts() -> list[str]:
    """The --json reports of blocks 0:2 and 2:3 of one run, as simulate prints them."""
    import contextlib
    import io

    texts = []
    for blocks in ("0:2", "2:3"):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = ambigu(["simulate", "foster", "--hands", "30", "--players", "3",
                             "--block-size", "10", "--blocks", blocks, "--seed", "3",
                             "--jobs", "1", "--json"])
        assert status == 0
        texts.append(out.getvalue())
    return texts


def test_genuine_parts_break_no_invariant_and_add_up(parts: list[str]) -> None:
    data = [report_invariants.read_strictly(text)[0] for text in parts]
    assert all(d is not None and report_invariants.report_problems(d, printed=True) == []
               for d in data)
    assert report_invariants.run_problems(data) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(reports.TAMPERS))
def test_each_tamper_breaks_a_report_or_keeps_it_consistent_as_it_says(
        name: str, parts: list[str]) -> None:
    for seed in range(12):
        tampered = reports.tamper(Random(f"t:{name}:{seed}"), parts, name)
        read = [report_invariants.read_strictly(text) for text in tampered.texts]
        broken = [why for data, why in read if data is None] + [
            problem for data, _ in read if data is not None
            for problem in report_invariants.report_problems(data)]
        whole = [data for data, _ in read if data is not None]
        if not broken:
            broken = report_invariants.run_problems(whole)
        if tampered.consistent:
            assert broken == [], (tampered.notes, broken)
        elif name not in ("huge", "long-number", "wrong-type", "negative"):
            # (10**50 or 101 digits as a seed, null as a limit, -1 as a bank moved:
            # hostile values that may leave a report consistent)
            assert broken, tampered.notes
    assert name in reports.CONSISTENT or not tampered.consistent


def merged_of(parts: list[str]) -> dict[str, Any]:
    """What a right merge of the genuine parts prints with --json."""
    from ambigu_rules.play.simulation_report import merge_reports, report_from_json

    merged = merge_reports([(str(i), report_from_json(json.loads(t)))
                            for i, t in enumerate(parts)])
    return json.loads(json.dumps(merged.to_json()))  # type: ignore[no-any-return]


EXPECT = {"tampers": "none", "notes": "none", "consistent": True, "json": True}
MERGE = ["merge", "part-1.json", "part-2.json", "--json"]


def test_the_merge_oracle_passes_a_right_merge_and_reports_planted_faults(
        parts: list[str]) -> None:
    good = merged_of(parts)
    assert reports.check_merge(EXPECT, FakeRun(MERGE, 0, json.dumps(good)), parts, None) == []
    off = dict(good, pot_deals=good["hands"] + 1)
    assert "inconsistent-merge" in kinds(reports.check_merge(
        EXPECT, FakeRun(MERGE, 0, json.dumps(off)), parts, None))
    shuffled = dict(good, ended={"showdown": good["hands"]})  # adds up, but not the parts'
    assert kinds(reports.check_merge(EXPECT, FakeRun(MERGE, 0, json.dumps(shuffled)),
                                     parts, None)) == ["merge-mismatch"]
    unbalanced = dict(good, on_table=good["on_table"] + 5)
    assert "inconsistent-merge" in kinds(reports.check_merge(
        EXPECT, FakeRun(MERGE, 0, json.dumps(unbalanced)), parts, None))
    twice = [parts[0].replace("{", '{\n  "hands": 0,', 1), parts[1]]
    assert "accepted-malformed" in kinds(reports.check_merge(
        EXPECT, FakeRun(MERGE, 0, json.dumps(good)), twice, None))
    assert kinds(reports.check_merge(EXPECT, FakeRun(MERGE, 0, json.dumps(good)), parts,
                                     "hands: planted")) == ["cross-check"]


def test_the_merge_oracle_judges_refusals(parts: list[str]) -> None:
    refused = FakeRun(MERGE, 2, "", "part-1.json: hands: planted\n")
    assert kinds(reports.check_merge(EXPECT, refused, parts, None)) == ["refused-consistent"]
    broken = dict(EXPECT, consistent=False)
    assert reports.check_merge(broken, refused, parts, None) == []
    two_lines = FakeRun(MERGE, 2, "", "part-1.json: hands\nTraceback (most recent call last):\n")
    assert {"stderr-format", "traceback-text"} <= set(kinds(reports.check_merge(
        broken, two_lines, parts, None)))


def test_a_report_case_runs_and_a_merge_that_breaks_the_counts_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    results = [fuzz.run_case("reports", SEED, index, 10, tmp_path) for index in range(4)]
    assert {r.outcome for r in results} <= {"merged", "refused"}
    assert all(r.hostile == "class 13 (reports)" for r in results)
    assert not [f for r in results for f in r.findings if f.kind == "fuzzer-error"]

    from ambigu_rules.play import simulation_report

    original = simulation_report.merge_reports

    def planted(named: Any) -> Any:
        merged = original(named)
        merged.pot_deals = merged.hands + 1  # more pot deals than deals
        return merged

    monkeypatch.setattr(simulation_report, "merge_reports", planted)
    monkeypatch.setattr("fuzzing.report_cases.tamper",
                        lambda rng, texts: reports.tamper(rng, texts, "reformat"))
    index = next(i for i in range(50)
                 if case_runner.make_round_four_case("reports", SEED, i).plan["json"])
    result = fuzz.run_case("reports", SEED, index, 10, tmp_path)
    assert {"inconsistent-merge", "cross-check"} & {f.kind for f in result.findings}, result
    finding = result.findings[0]
    assert finding.command.startswith("ambigu merge ") and "part-1.json" in finding.files


# -- class 14: playability ------------------------------------------------------------------------


SIMULATE = ["simulate", "case.yaml", "--hands", "20", "--bots", "heuristic"]


def test_the_playability_oracle_passes_a_played_file_and_reports_each_planted_fault() -> None:
    played = playability.EnginePlay(deals=3, decisions=40)
    assert playability.check_playable([FakeRun(SIMULATE, 0, "20 deals of x\n")], played) == []
    planted = {
        "unplayable": ([FakeRun(SIMULATE, 2, "", "ambigu: error: planted refusal\n")], played),
        "exit-1": ([FakeRun(SIMULATE, 1)], played),
        "no-legal-action": ([FakeRun(SIMULATE, 2, "", "ambigu: error: no legal action\n")],
                            played),
        "traceback-text": ([FakeRun(SIMULATE, 0, "", "Traceback (most recent call last):\n")],
                           played),
    }
    for kind, (runs, engine) in planted.items():
        assert kind in kinds(playability.check_playable(runs, engine)), kind
    engine_faults = {
        "unplayable": playability.EnginePlay(refused="planted", refused_type="GameSetupError"),
        "no-legal-action": playability.EnginePlay(no_legal="seat 1 has nothing to do"),
        "engine-invariant": playability.EnginePlay(breach="counters: one too many"),
        "no-end": playability.EnginePlay(no_end=True),
        "exception": playability.EnginePlay(error="KeyError@x.py:1"),
    }
    for kind, engine in engine_faults.items():
        assert kinds(playability.check_playable([], engine)) == [kind]


def test_the_playability_mutations_make_files_that_validate_now_and_then(
        tmp_path: Path) -> None:
    results = [fuzz.run_case("playability", SEED, index, 30, tmp_path) for index in range(8)]
    assert {r.outcome for r in results} <= {"invalid", "played", "unplayable"}
    assert "played" in {r.outcome for r in results}
    assert not [f for r in results for f in r.findings if f.kind == "fuzzer-error"]


def test_a_file_that_validates_and_does_not_play_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from fuzz_hostile_classes.cases import house

    from ambigu_rules.engine.game import Game
    from ambigu_rules.errors import GameSetupError

    valid = FileCase("playability", 0, {"case.yaml": house().encode()}, "case.yaml",
                     ["a valid house file"],
                     plan={"seed": 1, "deals": 2, "bank": None, "players": 0.5})
    monkeypatch.setattr(case_runner, "make_round_four_case", lambda *args: valid)
    assert fuzz.run_case("playability", SEED, 0, 30, tmp_path).findings == []

    def refuse(self: Game, *args: object, **kwargs: object) -> None:
        raise GameSetupError("planted: this table cannot deal")

    monkeypatch.setattr(Game, "start_deal", refuse)
    result = fuzz.run_case("playability", SEED, 0, 30, tmp_path)
    unplayable = [f for f in result.findings if f.kind == "unplayable"]
    assert {f.signature.split(":")[0] for f in unplayable} == {"simulate", "engine"}
    engine = next(f for f in unplayable if f.signature.startswith("engine"))
    assert "Game(load_ruleset(\"case.yaml\")" in engine.repro and "case.yaml" in engine.files
    assert result.outcome == "unplayable"


# -- the process classes, run for real ------------------------------------------------------------


def first(target: str, want: Any) -> int:
    return next(i for i in range(200)
                if want(case_runner.make_round_four_case(target, SEED, i).plan))


def test_a_worker_killed_by_its_bot_runs_to_a_clean_refusal(tmp_path: Path) -> None:
    index = first("worker-faults", lambda plan: plan["mode"] == "bot-kill")
    result = fuzz.run_case("worker-faults", SEED, index, 10, tmp_path)
    assert result.hostile == "class 11 (worker-faults)"
    assert result.outcome == "refused"
    assert not [f for f in result.findings if f.kind == "fuzzer-error"]


def test_a_signal_case_runs_to_an_outcome(tmp_path: Path) -> None:
    index = first("signals", lambda plan: plan["moment"] == "under-way" and plan["to"] ==
                  "process" and plan["signal"] == "SIGTERM" and plan["hands"] == 1_000_000)
    result = fuzz.run_case("signals", SEED, index, 10, tmp_path)
    assert result.hostile == "class 12 (signals)"
    assert result.outcome == f"status {128 + signal.SIGTERM}"
    assert not [f for f in result.findings if f.kind == "fuzzer-error"]


def plant(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, source: str) -> None:
    """A ``sitecustomize`` module on the path of every command the fuzzer starts."""
    folder = tmp_path / "plant"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(source, encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(folder) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def test_a_dead_worker_said_without_its_end_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    plant(monkeypatch, tmp_path, "import ambigu_rules.play.simulate_pool as pool\n"
                                 "pool.how_it_ended = lambda exitcode: 'for a reason'\n")
    index = first("worker-faults", lambda plan: plan["mode"] == "bot-exit")
    result = fuzz.run_case("worker-faults", SEED, index, 10, tmp_path)
    assert [f.kind for f in result.findings] == ["wrong-cause"], result.findings
    assert "run.py" in result.findings[0].files
    assert result.findings[0].command.startswith("python run.py exit:")


def test_a_part_file_left_after_a_signal_is_a_finding(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    plant(monkeypatch, tmp_path, "from pathlib import Path\n"
                                 "Path.unlink = lambda self, missing_ok=False: None\n")
    index = first("signals", lambda plan: plan["moment"] == "under-way" and plan["to"] ==
                  "process" and plan["hands"] == 1_000_000)
    result = fuzz.run_case("signals", SEED, index, 10, tmp_path)
    assert "part-left" in {f.kind for f in result.findings}, result.findings


def test_a_short_run_of_the_new_targets_writes_their_classes_in_the_summary(
        tmp_path: Path) -> None:
    out = tmp_path / "findings"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    ran = subprocess.run([sys.executable, str(ROOT / "tools" / "fuzz.py"), "--target",
                          "reports,playability", "--cases", "6", "--seed", str(SEED), "--out",
                          str(out)], capture_output=True, text=True, cwd=ROOT, env=env,
                         timeout=120)
    assert ran.returncode in (0, 1), ran.stderr
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    assert summary["cases"] == {"reports": 3, "playability": 3}
    assert set(summary["hostile_classes"]) == {"class 13 (reports)", "class 14 (playability)"}
    assert not [f for f in summary["findings"] if f["kind"] == "fuzzer-error"]
