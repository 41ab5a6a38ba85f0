"""The command line of ``tools/fuzz.py``: its options, their checks, and ``main``.

Bad arguments get one line on stderr and exit status 2; ``--worker`` (not
shown in ``--help``) makes this process a worker of another run.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from .findings import short
from .run_loop import Fuzzer
from .settings import DEFAULT_TIMEOUT, TARGETS, USER_ERROR, RunSettings
from .workers import worker_main

DESCRIPTION = "Fuzz the package with hostile rule files, replays and engine calls for N minutes."


class _Parser(argparse.ArgumentParser):
    """Errors on one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(USER_ERROR, f"{self.prog}: error: {message}\n")


def _count(minimum: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) < minimum:
            raise argparse.ArgumentTypeError(f"expected a whole number of at least {minimum}, "
                                             f"got {text[:40]!r}")
        return int(text)

    read.__name__ = "whole number"
    return read


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= 10**6):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text[:40]!r}")
    return value


def _targets(text: str) -> list[str]:
    """``all``, or targets separated by commas, each once."""
    if text == "all":
        return list(TARGETS)
    names = text.split(",")
    unknown = [name for name in names if name not in TARGETS]
    if unknown or not names or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(
            f"expected all or targets among {', '.join(TARGETS)} (comma-separated, each "
            f"once), got {text[:80]!r}")
    return names


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="fuzz.py", description=DESCRIPTION)
    parser.add_argument("--minutes", type=_positive_float, default=None,
                        help="run for this long (default 1, or no limit with --cases)")
    parser.add_argument("--cases", type=_count(1), default=None,
                        help="stop after this many cases (all targets together)")
    parser.add_argument("--seed", type=_count(0), default=0, help="seed of every case")
    parser.add_argument("--target", type=_targets, default=list(TARGETS),
                        metavar="|".join([*TARGETS, "all"]),
                        help="the target, a comma-separated list of them, or all (default)")
    parser.add_argument("--out", default="fuzz-findings", help="folder of the findings")
    parser.add_argument("--jobs", type=_count(1), default=1, help="worker processes")
    parser.add_argument("--timeout", type=_positive_float, default=DEFAULT_TIMEOUT,
                        help="seconds after which a case is a hang")
    parser.add_argument("--repro", type=_count(0), default=None, metavar="INDEX",
                        help="run only case INDEX of --target and print its findings")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the fuzzer (or, with ``--worker``, one worker); return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.worker:
        return worker_main(args.seed, args.timeout)
    if args.jobs > 64:
        parser.error("--jobs: at most 64 workers")
    if args.repro is not None and len(args.target) != 1:
        parser.error(f"--repro needs one --target ({', '.join(TARGETS)})")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        parser.error(f"--out: {args.out!r} exists and is not a folder")
    if args.minutes is None and args.cases is None and args.repro is None:
        args.minutes = 1.0
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        parser.error(f"--out: cannot make {args.out!r}: {error.strerror or error}")
    settings = RunSettings(
        seed=args.seed, targets=args.target,
        out=out, jobs=args.jobs, timeout=args.timeout, minutes=args.minutes,
        cases=args.cases, repro=args.repro)
    try:
        return Fuzzer(settings).run()
    except RuntimeError as error:  # a worker that cannot start: nothing was fuzzed
        print(f"fuzz.py: error: {short(str(error), 400)!r}", file=sys.stderr)
        return USER_ERROR
