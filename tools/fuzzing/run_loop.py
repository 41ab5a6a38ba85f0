"""The parent's loop: cases handed out to the workers in schedule order, their answers
collected, workers that die or hang replaced, until the time or the cases run out.

The schedule goes round a turn of the targets (:func:`turn`): each target
as many times as its weight (``settings.WEIGHTS``: few cases of the slow
targets, many of the quick ones), interleaved, the first round holding every
target once. Case ``n`` of the schedule is at place ``n % len(turn)`` of the
turn, and the case of its target numbered by how many of that target came
before it (:func:`case_at`); with equal weights, as the first three targets
have, that is case ``n // len(targets)`` of target ``targets[n %
len(targets)]``. So a run with ``--cases`` makes the same cases whatever
``--jobs``. A worker that dies during a case, or does not answer within the
case's time (``settings.case_timeout``) and a grace (stuck where a signal
cannot reach), makes the case a finding; a worker that asks to be restarted
(memory, an interrupted hang) is replaced.
"""

from __future__ import annotations

import base64
import contextlib
import os
import selectors
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from .finding_folders import FindingFolders
from .findings import CaseResult, Finding
from .settings import HARD_KILL_GRACE, PROGRESS_EVERY, WEIGHTS, RunSettings, case_timeout
from .summary import RunTally, summarise
from .workers import Message, Worker


def turn(targets: list[str]) -> list[str]:
    """One turn of the schedule: each target as often as its weight, interleaved.

    >>> turn(["rulesets", "engine"])[:4], len(turn(["rulesets", "engine"]))
    (['rulesets', 'engine', 'rulesets', 'engine'], 96)
    >>> turn(["signals", "reports"]).count("reports"), turn(["signals", "reports"])[:3]
    (16, ['signals', 'reports', 'reports'])
    """
    if len(targets) == 1:
        return list(targets)
    weights = [WEIGHTS.get(target, 1) for target in targets]
    return [target for round_ in range(max(weights))
            for target, weight in zip(targets, weights, strict=True) if weight > round_]


def case_at(cycle: list[str], n: int) -> tuple[str, int]:
    """The target and case number of case ``n`` of a schedule that goes round ``cycle``.

    >>> [case_at(["a", "b", "a"], n) for n in range(6)]
    [('a', 0), ('b', 0), ('a', 1), ('a', 2), ('b', 1), ('a', 3)]
    """
    place = n % len(cycle)
    target = cycle[place]
    return target, n // len(cycle) * cycle.count(target) + cycle[:place].count(target)


def case_result(message: Message) -> CaseResult:
    """The :class:`CaseResult` a worker sent as JSON."""
    data = dict(message["result"])
    data["findings"] = [Finding(**f) for f in data["findings"]]
    return CaseResult(**data)


class Fuzzer:
    """One run: its schedule, its workers, what they found."""

    def __init__(self, settings: RunSettings) -> None:
        self.settings = settings
        self.seed = settings.seed
        self.targets = settings.targets
        self.out = settings.out
        self.timeout = settings.timeout
        self.folders = FindingFolders(self.out, self.seed)
        self.tally = RunTally(list(self.targets))

    # -- the schedule ---------------------------------------------------------------

    def schedule(self) -> Iterator[tuple[int, str, int]]:
        """``(n, target, index)`` of every case to run, in order."""
        if self.settings.repro is not None:
            yield 0, self.targets[0], self.settings.repro
            return
        cycle = turn(self.targets)
        n = 0
        while self.settings.cases is None or n < self.settings.cases:
            target, index = case_at(cycle, n)
            yield n, target, index
            n += 1

    def time_left(self) -> bool:
        minutes = self.settings.minutes
        return minutes is None or time.monotonic() - self.tally.start < minutes * 60

    # -- results ----------------------------------------------------------------------

    def record(self, n: int, target: str, index: int, result: CaseResult) -> None:
        self.tally.count(target, index, result)
        for finding in result.findings:
            self.folders.add(n, index, finding)

    def new_worker(self, number: int) -> Worker:
        log = Path(tempfile.gettempdir()) / f"ambigu-fuzz-worker-{os.getpid()}-{number}.log"
        return Worker(self.seed, self.timeout, log)

    def lost_case(self, worker: Worker, kind: str, message: str) -> None:
        """A worker that hung past the hard deadline or died: the case is a finding."""
        assert worker.job is not None
        n, target, index = worker.job
        tail = worker.log_tail()
        signature = "killed" if kind == "hang" else f"exit {worker.process.returncode}"
        command = {"rulesets": "ambigu validate case.yaml", "replays": "ambigu replay case.yaml"
                   }.get(target, f"({target} case {index}: see --repro)")
        finding = Finding(target, kind, signature, message, command, tail)
        left = Path(worker.scratch or "/nonexistent") / f"{target}-{index}"
        with contextlib.suppress(OSError):
            finding.files = {path.name: base64.b64encode(path.read_bytes()).decode("ascii")
                             for path in sorted(left.iterdir()) if path.is_file()}
        if not finding.files and target != "engine":
            finding.mutations = ["(the worker was lost before the case was written: "
                                 "regenerate it with --repro)"]
        self.tally.cases[target] += 1
        self.folders.add(n, index, finding)

    # -- running ---------------------------------------------------------------------

    def run(self) -> int:
        """Run the schedule; 1 if anything was found, else 0."""
        self.out.mkdir(parents=True, exist_ok=True)
        tally = self.tally
        schedule = self.schedule()
        pending = True
        workers: list[Worker] = []
        selector = selectors.DefaultSelector()
        made = 0

        def start_worker() -> Worker:
            nonlocal made
            made += 1
            worker = self.new_worker(made)
            selector.register(worker.fd, selectors.EVENT_READ, worker)
            workers.append(worker)
            return worker

        def retire(worker: Worker, kill: bool) -> None:
            selector.unregister(worker.fd)
            workers.remove(worker)
            worker.kill() if kill else worker.stop()

        for _ in range(self.settings.jobs):
            start_worker()
        try:
            while True:
                for worker in list(workers):
                    if worker.scratch is None or worker.job is not None:
                        continue
                    job = next(schedule, None) if pending and self.time_left() else None
                    if job is None:
                        pending = False
                        retire(worker, kill=False)
                        continue
                    worker.send(*job, case_timeout(job[1], self.timeout))
                if not workers:
                    break
                now = time.monotonic()
                wait = max(0.05, min([w.deadline - now for w in workers] + [PROGRESS_EVERY]))
                for key, _ in selector.select(timeout=wait):
                    worker = key.data
                    assert isinstance(worker, Worker)
                    for message in worker.read():
                        if "ready" in message:
                            worker.scratch = message["ready"]
                            continue
                        assert worker.job is not None
                        n, target, index = worker.job
                        result = case_result(message)
                        self.record(n, target, index, result)
                        worker.job = None
                        if result.restart:
                            tally.restarts += 1
                            retire(worker, kill=False)
                            if pending:
                                start_worker()
                    if worker.dead and worker in workers:
                        if worker.job is not None:
                            worker.process.wait()
                            self.lost_case(worker, "worker-died", "the worker process died "
                                           f"(exit status {worker.process.returncode}) "
                                           "during the case")
                        elif worker.scratch is None:
                            raise RuntimeError("a worker failed to start: "
                                               + worker.log_tail()[-2000:])
                        tally.restarts += 1
                        retire(worker, kill=True)
                        if pending:
                            start_worker()
                now = time.monotonic()
                for worker in list(workers):
                    if now > worker.deadline and worker.job is not None:
                        waited = case_timeout(worker.job[1], self.timeout) + HARD_KILL_GRACE
                        self.lost_case(worker, "hang", f"the worker did not answer within "
                                       f"{waited:g} s and was killed "
                                       "(stuck where a signal cannot interrupt it)")
                        tally.restarts += 1
                        retire(worker, kill=True)
                        if pending:
                            start_worker()
                    elif now > worker.deadline and worker.scratch is None:
                        raise RuntimeError("a worker did not start within 120 s")
                tally.progress(self.folders)
        except KeyboardInterrupt:
            tally.interrupted = True
            print("fuzz: interrupted", file=sys.stderr)
        finally:
            for worker in list(workers):
                with contextlib.suppress(Exception):
                    retire(worker, kill=True)
            for worker_log in Path(tempfile.gettempdir()).glob(
                    f"ambigu-fuzz-worker-{os.getpid()}-*.log"):
                with contextlib.suppress(OSError):
                    worker_log.unlink()
        tally.progress(self.folders, force=True)
        summarise(self.settings, tally, self.folders)
        return 1 if self.folders.records else 0
