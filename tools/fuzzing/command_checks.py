"""The contract of one ``ambigu`` command's run, and what breaks it.

No exception (a traceback), no traceback text, an exit status among the
allowed ones, one line per problem on stderr (``ambigu: error: ...``, or
``file:line:col: path: problem`` lines for a rule file), nothing on stderr
after a success, ``--json`` output that is JSON, and no raw control
character printed (``fuzz_hostile_classes.output_problems``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import NoReturn

import fuzz_hostile_classes as hostile

from .case_context import Context
from .commands import CliRun
from .findings import Finding, exception_finding, message_shape, short
from .settings import USER_ERROR

#: A problem of a rule file, positioned: ``case.yaml:3:5: players.min: ...``.
POSITIONED = re.compile(r"^[^\n:]*\.ya?ml:\d+:\d+: \S")
#: A problem of the file as a whole, that has no position.
FILE_LEVEL = re.compile(r"^[^\n:]*\.ya?ml: (too big|no such file|not a regular file|is a "
                        r"directory|cannot read)")


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def check_cli(run: CliRun, target: str, allowed: Sequence[int], json_output: bool,
              ctx: Context) -> list[Finding]:
    """The contract of one command's run."""
    command = ctx.command
    found: list[Finding] = []

    def add(kind: str, signature: str, message: str, tb: str = "") -> None:
        found.append(Finding(target, kind, signature, message, command, tb))

    if run.error is not None:
        kind = "memory" if isinstance(run.error, MemoryError) else "exception"
        found.append(exception_finding(target, kind, run.error, command))
        return found
    status = run.status
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    for problem in hostile.output_problems(run):  # raw control characters printed
        add(problem.kind, problem.signature, problem.message)
    if "Traceback (most recent call last)" in run.stderr:
        add("traceback-text", f"{run.argv[0]}", "a traceback printed on stderr",
            run.stderr[-4000:])
    if status not in allowed:
        add("exit-status", f"{run.argv[0]}:{status}",
            f"exit status {status} (expected one of {list(allowed)}); stderr: "
            f"{short(run.stderr, 500)!r}")
    if status == USER_ERROR:
        if not lines:
            add("stderr-format", f"{run.argv[0]}:empty", "exit 2 without a message on stderr")
        elif lines[0].startswith("ambigu: error:") or re.match(r"ambigu( \w+)?: error:",
                                                               lines[0]):
            if len(lines) != 1:
                add("stderr-format", f"{run.argv[0]}:multi-line:{message_shape(lines[0])}",
                    f"one error printed on {len(lines)} lines: {short(run.stderr, 800)!r}")
        else:
            bad = [line for line in lines if not (POSITIONED.match(line)
                                                   or FILE_LEVEL.match(line))]
            if bad:
                add("stderr-format", f"{run.argv[0]}:unpositioned:{message_shape(bad[0])}",
                    f"{len(bad)} of {len(lines)} stderr lines are not 'file:line:col: ...'; "
                    f"first: {short(bad[0], 300)!r}")
    elif status == 0 and run.stderr.strip():
        add("stderr-on-success", f"{run.argv[0]}:{message_shape(lines[0] if lines else '')}",
            f"exit 0 but stderr says: {short(run.stderr, 500)!r}")
    if json_output and (status in (0, 1) or run.argv[0] == "validate") and run.stdout.strip():
        try:
            json.loads(run.stdout, parse_constant=_reject_constant)
        except ValueError as error:
            add("json", f"{run.argv[0]}:{message_shape(str(error))}",
                f"--json output is not JSON: {error}; stdout starts {run.stdout[:300]!r}")
    return found


def positioned_failure(run: CliRun) -> bool:
    """Whether a failed run names a place in a rule file (a RulesetError)."""
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    return run.status == USER_ERROR and bool(lines) and all(
        POSITIONED.match(line) for line in lines)
