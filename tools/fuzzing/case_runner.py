"""One case of any target, in the worker: made, run under a time limit, reported.

The case runs in a scratch folder of its own; ``SIGALRM`` interrupts it where
it is when it runs past its time (a hang), a ``MemoryError`` under the
worker's cap is a finding, and so is any fault of the fuzzer itself: nothing
a case does escapes :func:`run_case`. A worker grown large drops the
package's caches, and asks to be replaced if that is not enough; when the
caches were not what held the memory (a process large for other reasons, such
as a test run calling :func:`run_case`), it does not drop them again after
every case, only once it has grown further (:func:`_should_drop_caches`).
"""

from __future__ import annotations

import base64
import os
import shutil
import signal
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from .case_context import Context
from .engine_case import run_engine_case
from .file_case import FileCase, hostile_label
from .file_case_runs import run_replay_case, run_ruleset_case, write_case
from .findings import (
    CaseResult,
    Finding,
    exception_finding,
    exception_signature,
    format_exception,
    hang_signature,
)
from .playability_cases import make_playability_case, run_playability_case
from .process_cases import make_process_case, run_process_case
from .replay_cases import make_replay_case
from .report_cases import make_report_case, run_report_case
from .rule_file_cases import make_ruleset_case
from .settings import (
    CLEAR_CACHES_AT,
    DROP_AGAIN_AFTER,
    FILE_TARGETS,
    GENERATE_TIMEOUT,
    MEMORY_CAP,
    MEMORY_WARN,
    RESTART_AT,
    case_timeout,
)

#: The runner of each target whose case is a :class:`FileCase` (all but ``engine``).
RUNNERS: dict[str, Callable[[FileCase, Context], tuple[list[Finding], str]]] = {
    "rulesets": run_ruleset_case, "replays": run_replay_case,
    "worker-faults": run_process_case, "signals": run_process_case,
    "reports": run_report_case, "playability": run_playability_case,
}


class CaseTimeout(BaseException):
    """Raised in a worker when a case runs past its time (a BaseException so that
    no ``except Exception`` of the package swallows it)."""


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise CaseTimeout()


def make_file_case(target: str, seed: int, index: int) -> FileCase:
    """Case ``index`` of the file target ``target`` (``rulesets`` or ``replays``)."""
    return make_ruleset_case(seed, index) if target == "rulesets" else \
        make_replay_case(seed, index)


def make_round_four_case(target: str, seed: int, index: int) -> FileCase:
    """Case ``index`` of a target of the classes of issue 42."""
    if target == "reports":
        return make_report_case(seed, index)
    if target == "playability":
        return make_playability_case(seed, index)
    return make_process_case(target, seed, index)


def rss_bytes() -> int:
    """The worker's resident memory (0 where ``/proc`` cannot tell)."""
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def drop_caches() -> None:
    """Drop the package's per-file caches (a worker sees thousands of files)."""
    import gc

    from ambigu_rules.hands import evaluator
    from ambigu_rules.load import resolver as registry
    from ambigu_rules.play import bots

    for holder, name in ((registry, "_resolve_cached"), (bots, "_sorted_keys")):
        clear = getattr(getattr(holder, name, None), "cache_clear", None)
        if clear is not None:
            clear()
    compiled = getattr(evaluator, "_COMPILED", None)
    if isinstance(compiled, dict):
        compiled.clear()
    gc.collect()


#: The resident memory just after this process last dropped the caches (0: never).
_AFTER_DROP = [0]


def _should_drop_caches(size: int) -> bool:
    """Whether a process of ``size`` bytes drops the package's caches now: past
    :data:`CLEAR_CACHES_AT`, unless the last drop already left it there and it has
    not grown by :data:`DROP_AGAIN_AFTER` since (dropping again would only make
    the next cases load every rule file and table afresh)."""
    return size > CLEAR_CACHES_AT and size > _AFTER_DROP[0] + DROP_AGAIN_AFTER


def run_case(target: str, seed: int, index: int, timeout: float, scratch: Path) -> CaseResult:
    """Run one case with a time limit (``timeout``, or longer for a target whose cases
    take longer: :func:`.settings.case_timeout`); never raises."""
    timeout = case_timeout(target, timeout)
    folder = scratch / f"{target}-{index}"
    folder.mkdir(parents=True, exist_ok=True)
    ctx = Context(target, index, folder)
    start = time.perf_counter()
    findings: list[Finding] = []
    outcome = ""
    restart = False
    here = os.getcwd()
    old = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        os.chdir(folder)
        if target == "engine":
            ctx.phase = "run"
            signal.setitimer(signal.ITIMER_REAL, timeout)
            findings, outcome = run_engine_case(seed, index, ctx)
        else:
            # Making the case has its own, generous, time: --timeout is the package's.
            ctx.phase = "generate"
            signal.setitimer(signal.ITIMER_REAL, GENERATE_TIMEOUT)
            ctx.case = make_file_case(target, seed, index) if target in FILE_TARGETS else \
                make_round_four_case(target, seed, index)
            write_case(ctx.case, folder)  # left there if the worker has to be killed
            ctx.phase = "run"
            signal.setitimer(signal.ITIMER_REAL, timeout)
            findings, outcome = RUNNERS[target](ctx.case, ctx)
    except CaseTimeout as error:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if ctx.phase == "generate":
            findings.append(Finding(target, "fuzzer-error", "slow generation",
                                    f"making the case took more than {GENERATE_TIMEOUT:g} s",
                                    "", format_exception(error)))
        else:
            findings.append(Finding(
                target, "hang", hang_signature(ctx.command, error),
                f"the case ran past {timeout:g} s (interrupted where shown)", ctx.command,
                format_exception(error), ctx.repro(f"hang: ran past {timeout:g} s")))
        restart = True
    except MemoryError as error:
        findings.append(Finding(target, "memory", exception_signature(error),
                                f"MemoryError under the {MEMORY_CAP // 1024**3} GiB cap",
                                ctx.command, format_exception(error),
                                ctx.repro("MemoryError")))
        restart = True
    except Exception as error:  # a fault of the fuzzer itself: reported, never hidden
        findings.append(exception_finding(target, "fuzzer-error", error, ctx.command))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        os.chdir(here)
        shutil.rmtree(folder, ignore_errors=True)
    if ctx.case is not None:  # the reproducer travels with the finding
        for finding in findings:
            finding.mutations = list(ctx.case.mutations)
            finding.files = {name: base64.b64encode(data).decode("ascii")
                             for name, data in ctx.case.files.items()}
    seconds = time.perf_counter() - start
    label = hostile_label(ctx.case)
    size = rss_bytes()
    if size > MEMORY_WARN and not any(f.kind == "memory" for f in findings):
        findings.append(Finding(target, "memory", "rss", f"the worker grew to "
                                f"{size // 1024**2} MiB during this case", ctx.command))
    if _should_drop_caches(size):
        drop_caches()
        _AFTER_DROP[0] = rss_bytes()
        restart = restart or _AFTER_DROP[0] > RESTART_AT
    elif size > CLEAR_CACHES_AT:
        restart = restart or size > RESTART_AT
    return CaseResult(target, index, seconds, findings, outcome, restart, label)
