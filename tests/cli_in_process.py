"""The command line run inside the test process, as a subprocess would see it.

:func:`run_main` calls :func:`ambigu_rules.cli.main` with what a subprocess
started by ``run_cli_process`` (``tests/conftest.py``) would have: an empty
standard input, standard output and error that are byte streams behind
UTF-8 text (``surrogateescape`` for output, ``backslashreplace`` for errors,
as Python sets them under this locale; never a terminal), the working folder,
``NO_COLOR=1``, ``COLUMNS=200``, ``LANG=C.UTF-8`` (no ``LC_ALL``,
``LC_MESSAGES``) and no ``AMBIGU_RULESETS``. The exit status is
``main``'s return value or the code of the ``SystemExit`` it raises (argparse
exits so); an exception that escapes ``main`` is printed as Python prints
one, with status 1, so that a test looking for "Traceback" still finds it.
A hang guard stops a call that runs longer than ``timeout`` seconds with
:class:`subprocess.TimeoutExpired`, as ``subprocess.run`` does.

What this cannot stand in for stays a subprocess: the installed entry point
and ``python -m``, signals, a terminal, a standard output that is a real
file descriptor (``/dev/full``, a closed pipe), a fresh interpreter.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

#: The environment a command-line subprocess of the tests is given.
#: The locale is English (the account of a deal follows LANG, issue 25).
CLI_ENVIRONMENT: dict[str, str | None] = {"NO_COLOR": "1", "COLUMNS": "200",
                                          "AMBIGU_RULESETS": None, "LC_ALL": None,
                                          "LC_MESSAGES": None, "LANG": "C.UTF-8"}


class _Hung(BaseException):
    """Raised by the hang guard (a BaseException: no ``except Exception`` swallows it)."""


@contextmanager
def _environment(changes: dict[str, str | None]) -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in changes}
    try:
        for name, value in changes.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextmanager
def _folder(path: Path) -> Iterator[None]:
    saved = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(saved)


@contextmanager
def _hang_guard(seconds: float) -> Iterator[None]:
    """Raise :class:`_Hung` in this thread after ``seconds`` (main thread only)."""
    if threading.current_thread() is not threading.main_thread() or not seconds:
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise _Hung

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _stream(errors: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors)


def _bytes(stream: io.TextIOWrapper) -> bytes:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue()


def run_main_bytes(*args: str, cwd: Path, timeout: float = 120) -> tuple[int, bytes, bytes]:
    """``ambigu ARGS`` in this process: the exit status and the bytes of stdout and stderr."""
    from ambigu_rules.cli import main

    out, err = _stream("surrogateescape"), _stream("backslashreplace")
    streams = (sys.stdin, sys.stdout, sys.stderr)
    sys.stdin, sys.stdout, sys.stderr = _stream("surrogateescape"), out, err
    try:
        with _environment(CLI_ENVIRONMENT), _folder(cwd), _hang_guard(timeout):
            try:
                status = main(list(args))
            except SystemExit as done:
                status = _exit_status(done.code, err)
            except _Hung:
                raise
            except Exception:  # what Python does with an exception no one caught
                traceback.print_exc(file=err)
                status = 1
    except _Hung:
        raise subprocess.TimeoutExpired(["ambigu", *args], timeout) from None
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
    return status, _bytes(out), _bytes(err)


def _exit_status(code: object, err: io.TextIOWrapper) -> int:
    """The status a process ends with for ``sys.exit(code)``."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=err)
    return 1


def run_main(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``ambigu ARGS`` in this process, as ``subprocess.run(..., text=True)`` reports it."""
    status, out, err = run_main_bytes(*args, cwd=cwd, timeout=timeout)
    return subprocess.CompletedProcess(["ambigu", *args], status, _text(out), _text(err))


def _text(data: bytes) -> str:
    """Bytes read back as ``subprocess.run(text=True)`` does (UTF-8, newlines translated)."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
