"""The worker processes: each runs cases one at a time, under a memory cap, and answers
the parent one JSON line per case.

The parent writes ``{"n", "target", "index"}`` lines on a worker's stdin;
the worker first answers ``{"ready": scratch folder}``, then
``{"n", "result": CaseResult}`` for each case. The package's own reads and
writes go to ``/dev/null``, so that nothing it prints can disturb the
protocol; the worker's stderr goes to a log the parent reads when the worker
dies or hangs.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from .case_runner import run_case
from .settings import ENTRY_POINT, HARD_KILL_GRACE, MEMORY_CAP, ROOT

#: A message of the protocol, as JSON reads it.
Message = dict[str, Any]


def worker_main(seed: int, timeout: float) -> int:
    """Read case numbers on stdin, answer one JSON line each on stdout."""
    import resource

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    # The protocol gets private copies of stdin and stdout; the package's own
    # reads and writes go to /dev/null so they cannot disturb it.
    proto_in = os.fdopen(os.dup(0), "rb")
    proto_out = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
    sys.stdin = open(0, closefd=False)  # noqa: SIM115
    scratch = Path(tempfile.mkdtemp(prefix="ambigu-fuzz-"))
    import ambigu_rules.cli
    import ambigu_rules.engine  # noqa: F401

    proto_out.write(json.dumps({"ready": str(scratch)}).encode() + b"\n")
    proto_out.flush()
    try:
        for line in proto_in:
            request = json.loads(line)
            result = run_case(request["target"], seed, request["index"], timeout, scratch)
            answer = {"n": request["n"], "result": asdict(result)}
            proto_out.write(json.dumps(answer).encode() + b"\n")
            proto_out.flush()
            if result.restart:
                break
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


class Worker:
    """A worker subprocess and the case it is running."""

    def __init__(self, seed: int, timeout: float, log: Path) -> None:
        env = dict(os.environ)
        env.update({"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
                    "MKL_NUM_THREADS": "1", "NO_COLOR": "1", "COLUMNS": "120",
                    "PYTHONFAULTHANDLER": "1"})
        env.pop("AMBIGU_RULESETS", None)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        self.log = log
        self.stderr = log.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, str(ENTRY_POINT), "--worker", "--seed", str(seed),
             "--timeout", str(timeout)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, cwd=str(ROOT),
            env=env)
        self.buffer = b""
        self.scratch: str | None = None
        self.job: tuple[int, str, int] | None = None  # (n, target, index)
        self.deadline = time.monotonic() + 120  # to be ready
        self.dead = False

    @property
    def fd(self) -> int:
        assert self.process.stdout is not None
        return self.process.stdout.fileno()

    def send(self, n: int, target: str, index: int, timeout: float) -> None:
        assert self.process.stdin is not None
        self.job = (n, target, index)
        self.deadline = time.monotonic() + timeout + HARD_KILL_GRACE
        try:
            self.process.stdin.write(json.dumps({"n": n, "target": target,
                                                 "index": index}).encode() + b"\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass  # it died: its end of file reports the case as lost

    def read(self) -> list[Message]:
        """Complete messages available now; marks the worker dead at end of file."""
        try:
            chunk = os.read(self.fd, 1 << 20)
        except OSError:
            chunk = b""
        if not chunk:
            self.dead = True
            return []
        self.buffer += chunk
        messages = []
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            messages.append(json.loads(line))
        return messages

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.stderr.close()
        if self.scratch:
            shutil.rmtree(self.scratch, ignore_errors=True)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
        self.stderr.close()
        if self.scratch:
            shutil.rmtree(self.scratch, ignore_errors=True)

    def log_tail(self) -> str:
        try:
            return self.log.read_bytes()[-4000:].decode("utf-8", "replace")
        except OSError:
            return ""
