"""Where the fuzzer finds its inputs, the limits every run works under, and the options
of a run."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
RULESETS_DIR = ROOT / "rulesets"
SCENARIOS_DIR = ROOT / "tests" / "scenarios"
#: The command each worker process runs (with ``--worker``).
ENTRY_POINT = ROOT / "tools" / "fuzz.py"
#: Rule files of ``rulesets/`` that are no version (the bibliography and the decks).
SUPPORT_FILES = {"sources", "decks"}

#: The targets whose cases are files mutated then given to ``ambigu`` in the worker.
FILE_TARGETS = ("rulesets", "replays")
#: The targets of the classes of issue 42 (``fuzz_hostile_classes.round_four``).
ROUND_FOUR_TARGETS = ("worker-faults", "signals", "reports", "playability")
TARGETS = ("rulesets", "replays", "engine", *ROUND_FOUR_TARGETS)
#: Cases of each target in a turn of the schedule (``--target all``, or a list): a case
#: of ``worker-faults`` or ``signals`` runs a simulation in processes of its own for
#: seconds (about 3 s here), one of ``reports`` or ``playability`` plays a few dozen
#: deals in the worker (0.05 to 0.2 s), and those of the first three take 0.01 to 0.2
#: s. With these weights the classes of issue 42 take about half of a run's time, the
#: two slow ones about a quarter (a minute's run here: 5 cases of each slow target, 80
#: of reports and of playability, 218 of each of the first three). A target missing
#: here counts 1.
WEIGHTS = {"rulesets": 48, "replays": 48, "engine": 48, "reports": 16, "playability": 16,
           "worker-faults": 1, "signals": 1}
#: The time a case of these targets may take, if longer than ``--timeout``: a process
#: case waits up to a minute for its run to get under way, then up to half a minute
#: for it to end.
CASE_SECONDS = {"worker-faults": 120.0, "signals": 120.0, "reports": 30.0,
                "playability": 30.0}
DEFAULT_TIMEOUT = 10.0
MEMORY_CAP = 2 * 1024**3  # RLIMIT_AS of each worker
MEMORY_WARN = 1024**3  # a case whose worker grows past this is a finding
CLEAR_CACHES_AT = 700 * 1024**2  # a worker past this drops the package's caches
RESTART_AT = 1200 * 1024**2  # ... and is restarted past this
#: Once dropping the caches left a worker past CLEAR_CACHES_AT (what holds its memory
#: is not the caches), they are dropped again only when it grew this much more.
DROP_AGAIN_AFTER = 64 * 1024**2
PROGRESS_EVERY = 5.0
GENERATE_TIMEOUT = 30.0  # seconds the fuzzer may take to make one case
HARD_KILL_GRACE = GENERATE_TIMEOUT + 10.0  # past --timeout, a silent worker is killed
MAX_BYTES = 1024 * 1024  # the package's file size limit (yaml_source.MAX_FILE_BYTES)
MAX_CASE_BYTES = 2 * MAX_BYTES  # a mutated file is cut here (past the package's limit)
BIG = 10**9  # the package's MAX_COUNTERS

#: The exit status of bad input, for ``ambigu`` as for the fuzzer.
USER_ERROR = 2


def case_timeout(target: str, timeout: float) -> float:
    """The seconds a case of ``target`` may take before it counts as a hang.

    >>> case_timeout("engine", 10), case_timeout("signals", 10)
    (10, 120.0)
    """
    return max(timeout, CASE_SECONDS.get(target, 0.0))


@dataclass(frozen=True)
class RunSettings:
    """The options of one run, as the command line read them."""

    seed: int
    targets: list[str]
    out: Path
    jobs: int
    timeout: float
    minutes: float | None  # None: no time limit
    cases: int | None  # None: no limit on the number of cases
    repro: int | None  # the one case to run, or None
