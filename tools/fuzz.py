"""Fuzz the package with hostile rule files, replays and engine calls for N minutes.

Usage::

    python tools/fuzz.py [--minutes N] [--cases N] [--seed S] [--target TARGETS]
                         [--out DIR] [--jobs J] [--timeout SECONDS] [--repro INDEX]

    make fuzz MINUTES=10     # the same, through the project's venv

TARGETS is ``all`` (the default) or a comma-separated list of rulesets, replays,
engine and the classes of issue 42: worker-faults, signals, reports,
playability (``--target worker-faults,signals``).

What it does, what counts as a finding and where findings go: the package
``tools/fuzzing/`` (its ``__init__``). Exit status: 0 without findings, 1
with findings, 2 for bad arguments.
"""

from __future__ import annotations

import sys
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:  # imported from elsewhere
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzzing.command_line import main  # tools/ is on the path by now

if __name__ == "__main__":
    sys.exit(main())
