"""The targets ``worker-faults`` and ``signals`` (classes 11 and 12 of issue 42): a
simulation run in a process of its own, a worker of it ended or a signal sent to it,
and what it did handed to the class's oracle (``fuzz_hostile_classes.process_faults``).

A case's files (the rule file, ``run.py`` whose bot ends its worker, the deals
file as it was) are written into its folder, where the command runs; a
finding carries them, and ``finding.txt`` the command.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from random import Random
from typing import Any

from fuzz_hostile_classes.process_faults import (
    OUT,
    SIGNAL_BOUND,
    WORKER_BOUND,
    check_signal,
    check_worker_fault,
    make_signal,
    make_worker_fault,
    signal_number,
)
from fuzz_hostile_classes.round_four import ProcessOutcome

from .case_context import Context
from .commands import shown_command
from .file_case import FileCase
from .findings import Finding
from .process_runs import (
    UNDER_WAY_LIMIT,
    Running,
    left_running,
    parts_in,
    read_or_none,
    workers_of,
)


def make_process_case(target: str, seed: int, index: int) -> FileCase:
    """Case ``index`` of ``worker-faults`` or ``signals`` (a function of the seed)."""
    rng = Random(f"{seed}:{target}:{index}")
    maker = make_worker_fault if target == "worker-faults" else make_signal
    files, plan, mutations = maker(rng)
    return FileCase(target, index, files, plan["variant"], mutations, plan=plan)


def shown(plan: dict[str, Any], sent_after: float | None = None) -> str:
    """The case's command as a reader types it again (``timeout`` standing in for the
    fuzzer where it sent a signal to the command)."""
    if plan["prefix"]:
        return "python run.py " + " ".join(plan["prefix"]) + " " + \
            shown_command(plan["argv"]).removeprefix("ambigu ")
    command = shown_command(plan["argv"])
    if "to" in plan and sent_after is not None:  # a signal, sent at this moment
        return (f"timeout --preserve-status -s {plan['signal'].removeprefix('SIG')} "
                f"{sent_after:.2f} {command}")
    return command


def _command(plan: dict[str, Any]) -> list[str]:
    if plan["prefix"]:
        return [sys.executable, "run.py", *plan["prefix"], *plan["argv"]]
    return [sys.executable, "-m", "ambigu_rules", *plan["argv"]]


def _outcome(running: Running, plan: dict[str, Any], folder: Path, status: int | None,
             since: float, landed: bool, note: str) -> ProcessOutcome:
    stdout, stderr = running.output()
    seconds = time.monotonic() - since
    left = left_running(running.pid) if status is not None else []
    return ProcessOutcome(list(plan["argv"]), status, stdout, stderr, seconds,
                          plan["before"], read_or_none(folder / OUT), parts_in(folder), left,
                          landed, note)


def _worker_fault(running: Running, plan: dict[str, Any], folder: Path) -> ProcessOutcome:
    if plan["mode"] != "external":  # the bot ends its worker: the bound runs from the start
        status = running.finish(WORKER_BOUND)
        note = f"a bot ended its worker ({plan['cause']}) at its decision {plan['at']}"
        return _outcome(running, plan, folder, status, running.started, True, note)
    ready = running.wait_for(lambda: bool(parts_in(folder)) and bool(workers_of(running.pid)),
                             UNDER_WAY_LIMIT)
    if ready:
        time.sleep(plan["delay"])
    victims = workers_of(running.pid) if ready and not running.ended() else []
    if not victims:
        status = running.finish(WORKER_BOUND) if running.ended() or ready else None
        note = "the run ended before a worker could be reached" if running.ended() else \
            f"the run had no workers and no deals file after {UNDER_WAY_LIMIT:g} s"
        if status is None:
            running.kill()
        return _outcome(running, plan, folder, status, running.started, False, note)
    sent = time.monotonic()
    os.kill(victims[0], signal_number(plan["signal"]))
    note = (f"{plan['signal']} sent to worker {victims[0]} "
            f"{sent - running.started:.2f} s after the start")
    status = running.finish(WORKER_BOUND)
    return _outcome(running, plan, folder, status, sent, True, note)


def _signal(running: Running, plan: dict[str, Any], folder: Path) -> tuple[ProcessOutcome, float]:
    if plan["moment"] == "start-up":
        time.sleep(plan["delay"])
    else:
        running.wait_for(lambda: bool(parts_in(folder)), UNDER_WAY_LIMIT)
        time.sleep(plan["delay"])
    sent = time.monotonic()
    landed = not running.ended()
    number = signal_number(plan["signal"])
    if landed:
        try:
            if plan["to"] == "group":
                os.killpg(running.pid, number)
            else:
                os.kill(running.pid, number)
        except ProcessLookupError:
            landed = False
    to = "command" if plan["to"] == "process" else "command's process group"
    note = (f"{plan['signal']} sent to the {to} {sent - running.started:.2f} s after the start"
            if landed else f"the run ended before {plan['signal']} was sent")
    status = running.finish(SIGNAL_BOUND)
    return _outcome(running, plan, folder, status, sent, landed, note), sent - running.started


def run_process_case(case: FileCase, ctx: Context) -> tuple[list[Finding], str]:
    """Run a ``worker-faults`` or ``signals`` case in its folder; its findings and
    outcome (``ended`` as it must, ``hang``, or ``missed``: the fault reached no
    running process)."""
    plan = case.plan
    ctx.command = shown(plan)
    running = Running(_command(plan), ctx.workdir)
    try:
        if case.target == "worker-faults":
            outcome = _worker_fault(running, plan, ctx.workdir)
            problems = check_worker_fault(plan, outcome)
        else:
            outcome, sent_after = _signal(running, plan, ctx.workdir)
            ctx.command = shown(plan, sent_after if outcome.landed else None)
            problems = check_signal(plan, outcome)
    finally:
        running.close()
    findings = [Finding(case.target, p.kind, p.signature, f"{p.message} [{outcome.note}]",
                        ctx.command) for p in problems]
    if outcome.status is None:
        label = "hang"
    elif not outcome.landed:
        label = "missed"
    else:
        label = {0: "finished", 2: "refused"}.get(outcome.status, f"status {outcome.status}")
    return findings, label
