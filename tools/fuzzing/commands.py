"""Running ``ambigu`` in the worker's own process, its output captured."""

from __future__ import annotations

import contextlib
import io
import json
import re
import time
from dataclasses import dataclass

from .case_context import Context


@dataclass
class CliRun:
    """One command's run: its arguments, exit status, output, exception and time."""

    argv: list[str]
    status: int | None
    stdout: str
    stderr: str
    error: BaseException | None = None
    seconds: float = 0.0


def run_cli(argv: list[str], ctx: Context) -> CliRun:
    """``ambigu ARGV`` in this process, with stdout and stderr captured."""
    from ambigu_rules import cli

    ctx.command = shown_command(argv)
    out, err = io.StringIO(), io.StringIO()
    status: int | None = None
    error: BaseException | None = None
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as stop:
            code = stop.code
            status = code if isinstance(code, int) else (0 if code is None else -1)
            if not isinstance(code, int) and code is not None:
                err.write(f"{code}\n")
        except Exception as exc:  # a traceback: the finding itself
            error = exc
    return CliRun(argv, status, out.getvalue(), err.getvalue(), error,
                  time.perf_counter() - start)


def shown_command(argv: list[str] | tuple[str, ...]) -> str:
    """``ambigu ARGV`` as a reader would type it (long arguments shortened)."""
    return "ambigu " + " ".join(quote_arg(a) for a in argv)


def quote_arg(arg: str) -> str:
    """An argument as typed in a shell (quoted as JSON if it needs quotes)."""
    shown = arg if len(arg) <= 200 else arg[:60] + f"...({len(arg)} characters)"
    return shown if re.fullmatch(r"[\w./:=+-]+", shown) else json.dumps(shown,
                                                                         ensure_ascii=False)
