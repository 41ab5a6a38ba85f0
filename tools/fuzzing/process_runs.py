"""Commands run in a process, and a session, of their own while the fuzzer does something
to them: the machinery of classes 11 and 12 (``fuzz_hostile_classes.process_faults``).

The command starts as a user's shell would start it: its own session (so that
its workers can be found and, whatever happens, killed with it), ``SIGINT``
at its default (the fuzzer's worker ignores it, and an ignored signal would
stay ignored across ``exec``), no ``PYTHONFAULTHANDLER``, this checkout's
package first on the path. Its output goes to temporary files outside its
folder, so that the folder holds only what the command itself leaves there.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from .settings import ROOT

#: Seconds the run may take to get under way (its deals file and workers there).
UNDER_WAY_LIMIT = 60.0
#: Seconds given to the processes of a session to end once its leader has.
LEFT_RUNNING_WAIT = 3.0


def environment() -> dict[str, str]:
    """The environment of the command: a plain user's, with this checkout's package."""
    env = dict(os.environ)
    for name in ("AMBIGU_RULESETS", "PYTHONFAULTHANDLER", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    env.update({"NO_COLOR": "1", "COLUMNS": "120", "LANG": "C.UTF-8"})
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _as_a_shell_starts_it() -> None:  # pragma: no cover - runs in the child
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Running:
    """A command started in a session of its own, its output kept in temporary files."""

    def __init__(self, command: list[str], folder: Path) -> None:
        # Closed by close(), which every caller reaches through a finally.
        self.stdout: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115
        self.stderr: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            command, cwd=folder, env=environment(), stdin=subprocess.DEVNULL,
            stdout=self.stdout, stderr=self.stderr, start_new_session=True,
            preexec_fn=_as_a_shell_starts_it)  # the worker has one thread: preexec_fn is safe

    @property
    def pid(self) -> int:
        return self.process.pid

    def ended(self) -> bool:
        return self.process.poll() is not None

    def wait_for(self, ready: Callable[[], bool], limit: float) -> bool:
        """Wait until ``ready()`` (True), or the command ends or ``limit`` seconds pass
        (``ready()`` then)."""
        stop = time.monotonic() + limit
        while time.monotonic() < stop and not self.ended():
            if ready():
                return True
            time.sleep(0.02)
        return ready()

    def finish(self, limit: float) -> int | None:
        """The exit status once the command ends, or None if it runs ``limit`` seconds
        more (it is then killed with its session)."""
        try:
            return self.process.wait(timeout=max(limit, 0.0))
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def output(self) -> tuple[str, str]:
        """Its stdout and stderr so far."""
        texts = []
        for stream in (self.stdout, self.stderr):
            stream.seek(0)
            texts.append(stream.read().decode("utf-8", "replace"))
        return texts[0], texts[1]

    def kill(self) -> None:
        """Kill every process of the session (the command and its workers)."""
        for pid in session_members(self.pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)

    def close(self) -> None:
        """Kill whatever is left of the session; close the output files."""
        self.kill()
        self.stdout.close()
        self.stderr.close()


def _processes() -> list[tuple[int, int, int, str]]:
    """``(pid, parent's pid, process group, state)`` of every process ``/proc`` shows."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text("utf-8", "replace")
        except OSError:
            continue
        fields = text[text.rfind(")") + 2:].split()
        with contextlib.suppress(ValueError, IndexError):
            found.append((int(entry.name), int(fields[1]), int(fields[2]), fields[0]))
    return found


def session_members(group: int) -> list[int]:
    """The processes of the process group ``group`` still running (not zombies)."""
    return sorted(pid for pid, _, pgrp, state in _processes()
                  if pgrp == group and state not in ("Z", "X"))


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def workers_of(pid: int) -> list[int]:
    """The worker processes of ``pid``: its children forked from it (same command line),
    not helpers it started otherwise."""
    own = _command_line(pid)
    return sorted(child for child, parent, _, state in _processes()
                  if parent == pid and state not in ("Z", "X") and _command_line(child) == own)


def left_running(group: int) -> list[int]:
    """The processes of ``group`` still running :data:`LEFT_RUNNING_WAIT` seconds after
    its leader ended (none, when all is well: checked at once, then again)."""
    stop = time.monotonic() + LEFT_RUNNING_WAIT
    while True:
        members = session_members(group)
        if not members or time.monotonic() > stop:
            return members
        time.sleep(0.1)


def parts_in(folder: Path) -> list[str]:
    """The temporary files (``*.part``, hidden ones too) under ``folder``."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*.part"))


def read_or_none(path: Path) -> bytes | None:
    """The bytes of ``path``, None where there is no such file."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
