"""Classes 11 and 12 of issue 42: a simulation worker that dies, and a signal to a
running ``ambigu simulate --deals-out OUT``; the plan of each case and its oracle.

A plan is plain data (what to run, what to do to it, and when); the fuzzer
runs it (``tools/fuzzing/process_cases.py``) and hands what it saw, a
:class:`~.round_four.ProcessOutcome`, to :func:`check_worker_fault` or
:func:`check_signal`.

A worker dies the ways the project's own tests make it die
(``tests/play/test_simulate_ends_cleanly_however_it_is_stopped.py``: a bot
registered in ``BOTS`` that kills its own worker process): here by
``SIGKILL`` (what the kernel does for want of memory) or by ``os._exit(N)``,
in one worker (the first to claim a mark file) or in every one; or the
fuzzer sends ``SIGKILL``, ``SIGTERM`` or ``SIGSEGV`` to one worker process
once the run is under way. What the command line promises
(``ambigu_rules.play.simulate_pool``, ``ambigu_rules.cli``): one line within
seconds naming the worker's end, exit status 2, no report, the deals file as
it was; a signal ends a run as Ctrl-C does, with status 128 + the signal's
number (130 for SIGINT) and one line ``ambigu: interrupted`` (``... by
SIGTERM``), no temporary file left.
"""

from __future__ import annotations

import json
import signal
from random import Random
from typing import Any

from .cases import house
from .oracles import Problem
from .round_four import ProcessOutcome, common_process_problems

#: Seconds within which a command whose worker died must have ended.
WORKER_BOUND = 30.0
#: Seconds within which a command sent a signal must have ended.
SIGNAL_BOUND = 20.0
#: The deals file of every case.
OUT = "deals.jsonl"
#: What the deals file held before the run, when it existed.
EARLIER = (b"the deals of an earlier run\n", b"",
           b'{"deal": 0, "ending": "showdown"}\n{"deal": 1, "ending": "showdown"}\n',
           "donn\u00e9es \u00e0 garder\n".encode())
VERSIONS = ("foster", "1730", "russian", "encyclopedia", "house.yaml")
NEW_LINE = b"\n"
#: The bot of ``run.py`` that ends its worker.
ENDER = "ender"

#: ``run.py``: ``ambigu`` with one more bot, which ends the worker process it plays in
#: at its AT-th decision there: ``python run.py HOW AT WHO simulate ... --bots ender``,
#: HOW ``kill`` (SIGKILL, as the kernel does) or ``exit:N`` (``os._exit(N)``), WHO
#: ``one`` (the first worker to claim the mark file) or ``every``.
RUNNER = '''\
"""ambigu with a bot that ends its own worker process (the mechanism of
tests/play/test_simulate_ends_cleanly_however_it_is_stopped.py)."""

import os
import signal
import sys

from ambigu_rules.cli import main
from ambigu_rules.play.bot_names import BOTS
from ambigu_rules.play.bots import RandomBot

HOW, AT, WHO = sys.argv[1], int(sys.argv[2]), sys.argv[3]
del sys.argv[1:4]
PARENT = os.getpid()
MARK = "worker-ended.mark"


class EndsItsWorker(RandomBot):
    """A random bot that ends its worker process at its AT-th decision there."""

    decisions = 0  # in this process

    def choose(self, view):
        EndsItsWorker.decisions += 1
        if os.getpid() != PARENT and EndsItsWorker.decisions >= AT:
            if WHO == "one":
                try:
                    os.close(os.open(MARK, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                except FileExistsError:
                    return super().choose(view)  # another worker ended already
            if HOW == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            os._exit(int(HOW.split(":")[1]))
        return super().choose(view)


BOTS["ender"] = EndsItsWorker
sys.exit(main(sys.argv[1:]))
'''


def _common_plan(rng: Random) -> tuple[dict[str, bytes], dict[str, Any]]:
    """The files of a case and the parts of a plan every case of both classes has."""
    variant = rng.choice(VERSIONS)
    files: dict[str, bytes] = {}
    if variant.endswith(".yaml"):
        files[variant] = house().encode("utf-8")
    before = rng.choice([None, *EARLIER])
    if before is not None:
        files[OUT] = before
    plan: dict[str, Any] = {
        "variant": variant, "players": rng.choice([2, 3, 4]), "seed": rng.randrange(1000),
        "json": rng.random() < 0.3, "out": OUT, "before": before,
        "block_size": rng.choice([None, None, 1, 10, 100, 1000]),
    }
    return files, plan


def _argv(plan: dict[str, Any], jobs: int, bots: str | None) -> list[str]:
    argv = ["simulate", plan["variant"], "--hands", str(plan["hands"]), "--players",
            str(plan["players"]), "--jobs", str(jobs), "--seed", str(plan["seed"]),
            "--deals-out", plan["out"]]
    if plan["block_size"] is not None:
        argv += ["--block-size", str(plan["block_size"])]
    if bots is not None:
        argv += ["--bots", bots]
    return argv + (["--json"] if plan["json"] else [])


def signal_number(name: str) -> int:
    """The number of a signal by name (``SIGTERM``: 15)."""
    return int(getattr(signal, name))


def make_worker_fault(rng: Random) -> tuple[dict[str, bytes], dict[str, Any], list[str]]:
    """A case of class 11: its files, its plan and how it was made.

    The plan's ``mode`` is ``bot-kill``, ``bot-exit`` (a bot in ``run.py``) or
    ``external`` (the fuzzer signals one worker ``delay`` seconds after the deals
    file appeared); ``cause`` is how the message must name the worker's end;
    ``prefix`` the arguments of ``run.py`` before the ``ambigu`` ones.
    """
    files, plan = _common_plan(rng)
    mode = rng.choice(["bot-kill", "bot-exit", "external"])
    plan["mode"] = mode
    if mode == "external":
        name = rng.choice(["SIGKILL", "SIGKILL", "SIGTERM", "SIGSEGV"])
        plan.update(hands=1_000_000, signal=name, delay=round(rng.uniform(0, 1.5), 2),
                    cause=f"signal {signal_number(name)}, {name}", prefix=[])
        plan["argv"] = _argv(plan, 2, None)
        how = f"{name} sent to one worker {plan['delay']} s after the deals file appeared"
    else:
        code = rng.choice([0, 1, 2, 3, 70, 255])
        what = "kill" if mode == "bot-kill" else f"exit:{code}"
        who = "every" if rng.random() < 0.25 else "one"
        at = rng.randint(1, 300)
        plan.update(hands=20_000, at=at, who=who, prefix=[what, str(at), who],
                    cause="signal 9, SIGKILL" if mode == "bot-kill" else f"exit status {code}")
        plan["argv"] = _argv(plan, 2, ENDER)
        files["run.py"] = RUNNER.encode("utf-8")
        ending = "SIGKILL" if mode == "bot-kill" else f"os._exit({code})"
        how = (f"a bot ends {'every worker' if who == 'every' else 'one worker'} at its "
               f"decision {at} there ({ending})")
    mutations = [f"hostile class 11 (worker-faults): {how}",
                 f"simulate {plan['variant']}, {plan['hands']:,} deals, --jobs 2, --deals-out "
                 f"{OUT} " + ("(no such file before)" if plan["before"] is None
                              else f"(holding {len(plan['before'])} bytes before)")]
    return files, plan, mutations


def make_signal(rng: Random) -> tuple[dict[str, bytes], dict[str, Any], list[str]]:
    """A case of class 12: its files, its plan and how it was made.

    ``signal`` is sent to the command (``to``: ``process``) or to its whole process
    group (``group``, as a terminal sends Ctrl-C and a hang-up), ``delay`` seconds
    after it started (``moment``: ``start-up``) or after its deals file appeared
    (``under-way``).
    """
    files, plan = _common_plan(rng)
    name = rng.choice(["SIGTERM", "SIGHUP", "SIGINT"])
    moment = "start-up" if rng.random() < 0.2 else "under-way"
    plan.update(signal=name, to=rng.choice(["process", "group"]), moment=moment,
                delay=round(rng.uniform(0.0, 1.5), 2),
                hands=rng.choice([300, 1000, 3000, 10_000, 1_000_000]), jobs=rng.choice([1, 2]),
                prefix=[])
    plan["argv"] = _argv(plan, plan["jobs"], None)
    when = "after it started" if moment == "start-up" else "after its deals file appeared"
    mutations = [f"hostile class 12 (signals): {name} sent to the "
                 f"{'command' if plan['to'] == 'process' else 'command process group'} "
                 f"{plan['delay']} s {when}",
                 f"simulate {plan['variant']}, {plan['hands']:,} deals, --jobs {plan['jobs']}, "
                 f"--deals-out {OUT} " + ("(no such file before)" if plan["before"] is None
                                          else f"(holding {len(plan['before'])} bytes before)")]
    return files, plan, mutations


def complete_deals(data: bytes | None, hands: int) -> bool:
    """Whether a deals file holds a whole run: ``hands`` lines, each a JSON object.

    >>> complete_deals(b'{"a": 1}\\n{"a": 2}\\n', 2), complete_deals(b'{"a": 1}\\n{"a"', 2)
    (True, False)
    """
    if data is None or not data.endswith(b"\n") or data.count(b"\n") != hands:
        return False
    try:
        return all(isinstance(json.loads(line), dict) for line in data.splitlines())
    except ValueError:
        return False


def _out(data: bytes | None) -> str:
    if data is None:
        return "no file"
    return f"{len(data)} bytes, {data.count(NEW_LINE)} lines"


def _stderr_lines(outcome: ProcessOutcome) -> list[str]:
    return [line for line in outcome.stderr.splitlines() if line.strip()]


def check_worker_fault(plan: dict[str, Any], outcome: ProcessOutcome) -> list[Problem]:
    """What must hold once a worker died: over within :data:`WORKER_BOUND` s, exit status
    2, one line on stderr naming the dead worker and its end, no report printed, no
    traceback, the deals file as it was, no temporary file, no process left."""
    mode = plan["mode"]
    found = common_process_problems(outcome, WORKER_BOUND, f"worker-{mode}")
    argv = tuple(outcome.argv)
    if outcome.status is None or not outcome.landed:
        return found  # a hang says it all; a fault that reached no worker tests nothing
    has_traceback = any(p.kind == "traceback" for p in found)
    if outcome.status != 2 and not has_traceback:
        found.append(Problem("exit-status", f"worker-{mode}:{outcome.status}",
                             f"exit status {outcome.status} after {outcome.note} (a dead "
                             f"worker is status 2); stderr: {outcome.stderr[-300:]!r}", argv))
    lines = _stderr_lines(outcome)
    if len(lines) != 1:
        if not has_traceback:
            found.append(Problem("stderr-format", f"worker-{mode}:lines",
                                 f"{len(lines)} lines on stderr after {outcome.note} (one "
                                 f"expected): {outcome.stderr[-400:]!r}", argv))
    elif not lines[0].startswith("ambigu: error: ") or not all(
            word in lines[0] for word in ("worker", "died")):
        found.append(Problem("unnamed-worker", f"worker-{mode}:unnamed",
                             f"the line does not say that a worker died: {lines[0]!r}", argv))
    elif plan["cause"] not in lines[0]:
        found.append(Problem("wrong-cause", f"worker-{mode}:cause",
                             f"the worker ended by {plan['cause']}, but the line says "
                             f"{lines[0]!r}", argv))
    if outcome.stdout.strip():
        found.append(Problem("report-printed", f"worker-{mode}:stdout",
                             f"a report printed although a worker died: "
                             f"{outcome.stdout[:200]!r}", argv))
    if outcome.out_after != outcome.out_before:
        found.append(Problem("out-changed", f"worker-{mode}:out",
                             f"the deals file changed although the run failed: before "
                             f"{_out(outcome.out_before)}, after {_out(outcome.out_after)}",
                             argv))
    return found


def interrupted_line(name: str) -> str:
    """The line a run stopped by the signal ``name`` prints.

    >>> interrupted_line("SIGINT"), interrupted_line("SIGHUP")
    ('ambigu: interrupted', 'ambigu: interrupted by SIGHUP')
    """
    return "ambigu: interrupted" if name == "SIGINT" else f"ambigu: interrupted by {name}"


def check_signal(plan: dict[str, Any], outcome: ProcessOutcome) -> list[Problem]:
    """What must hold after a signal: over within :data:`SIGNAL_BOUND` s, no traceback,
    no temporary file, no process left; exit status 128 + N (or killed by N, which a
    shell shows the same way) with at most the one line ``ambigu: interrupted...``,
    the deals file as it was or complete; or, if the run finished first, status 0
    with the report on stdout, nothing on stderr and the deals file complete.

    A Ctrl-C that comes while Python itself starts, before any code of the package
    has run (the traceback names no file of ``ambigu_rules``), is Python's to report
    and no finding: nothing the package does can change it. One that comes while the
    package is imported, before the command line's ``main`` can catch it, is one.
    """
    name, hands = plan["signal"], plan["hands"]
    what = f"{name}:{plan['to']}"
    found = common_process_problems(outcome, SIGNAL_BOUND, what)
    argv = tuple(outcome.argv)
    python_start = f"{what}:KeyboardInterrupt:interpreter"
    if any(p.signature == python_start for p in found):
        found = [p for p in found if p.signature != python_start]
        if outcome.out_after != outcome.out_before:
            found.append(Problem("out-changed", f"{what}:start-up", "the deals file changed "
                                 "although the run was stopped before it began", argv))
        return found
    if outcome.status is None:
        return found
    number = signal_number(name)
    allowed = {0, 128 + number, -number} if outcome.landed else {0}
    has_traceback = any(p.kind == "traceback" for p in found)
    status, lines = outcome.status, _stderr_lines(outcome)
    if status not in allowed and not has_traceback:
        found.append(Problem("exit-status", f"{what}:{status}",
                             f"exit status {status} after {outcome.note} (expected "
                             f"{' or '.join(map(str, sorted(allowed, reverse=True)))}); "
                             f"stderr: {outcome.stderr[-300:]!r}", argv))
    complete = complete_deals(outcome.out_after, hands)
    if outcome.out_after != outcome.out_before and not complete:
        found.append(Problem("out-incomplete", f"{what}:out",
                             f"the deals file is neither as it was nor complete ({hands:,} "
                             f"lines): before {_out(outcome.out_before)}, after "
                             f"{_out(outcome.out_after)}", argv))
    if status == 0:
        if lines:
            found.append(Problem("stderr-on-success", f"{what}:stderr",
                                 f"exit 0 but stderr says {outcome.stderr[-300:]!r}", argv))
        if not complete:
            found.append(Problem("out-incomplete", f"{what}:status-0",
                                 f"exit 0 but the deals file is not the run's {hands:,} "
                                 f"deals: {_out(outcome.out_after)}", argv))
        if not _report_printed(outcome.stdout, plan["json"]):
            found.append(Problem("no-report", f"{what}:stdout",
                                 f"exit 0 but no report on stdout: {outcome.stdout[:200]!r}",
                                 argv))
    elif not has_traceback and (len(lines) > 1 or (lines and lines[0] != interrupted_line(name))):
        found.append(Problem("stderr-format", f"{what}:stderr",
                             f"after {outcome.note} stderr should be at most the line "
                             f"{interrupted_line(name)!r}, got {outcome.stderr[-400:]!r}", argv))
    return found


def _report_printed(stdout: str, as_json: bool) -> bool:
    if not as_json:
        return " deals of " in stdout.split("\n", 1)[0]
    try:
        data = json.loads(stdout)
    except ValueError:
        return False
    return isinstance(data, dict) and "hands" in data
