"""Class 14 of issue 42: whatever ``ambigu validate`` accepts must play. The oracle of the
``playability`` target, a pure function of what ``simulate`` printed and of what a short
game through the engine came to (:class:`EnginePlay`).

The fuzzer (``tools/fuzzing/playability_cases.py``) mutates rule files, and
for each that ``validate`` accepts runs ``simulate FILE --hands 20`` with
random bots, then with heuristic ones, and plays a few deals through
``ambigu_rules.engine.Game`` choosing among the legal actions at random.
A finding: a traceback, "no legal action", exit status 1, a refusal by
``simulate`` (exit 2) or by the engine of a file that validated, a broken
engine invariant, a deal that does not end.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .oracles import Problem, RunLike

#: Legal decisions after which a deal counts as one that does not end.
MAX_DECISIONS = 5000


@dataclass
class EnginePlay:
    """What a short game through ``ambigu_rules.engine`` came to: the deals and decisions
    played, and at most one of: a refusal (``refused``, the error's type in
    ``refused_type``), a decision with no legal action (``no_legal``), a broken
    invariant (``breach``), a deal past :data:`MAX_DECISIONS` (``no_end``), another
    exception (``error``: its signature, with its ``traceback``)."""

    deals: int = 0
    decisions: int = 0
    refused: str = ""
    refused_type: str = ""
    no_legal: str = ""
    breach: str = ""
    no_end: bool = False
    error: str = ""
    traceback: str = ""


def shape(message: str) -> str:
    """A message with its quoted values and numbers blanked (one finding per shape).

    >>> shape("step 'draw' asks 3 cards of 2")
    "step '_' asks 0 cards of 0"
    """
    message = re.sub(r"'[^']*'|\"[^\"]*\"", "'_'", message)
    return re.sub(r"\d+", "0", message)[:80]


def _bots(run: RunLike) -> str:
    return run.argv[run.argv.index("--bots") + 1] if "--bots" in run.argv else "random"


def check_playable(runs: Sequence[RunLike], engine: EnginePlay | None) -> list[Problem]:
    """What must hold of a file ``validate`` accepted: ``simulate`` plays it (exit 0, no
    traceback, never "no legal action"), and so does the engine."""
    found: list[Problem] = []
    for run in runs:
        if run.status is None:
            continue  # it raised: the command's own contract reports the traceback
        argv, where = tuple(run.argv), f"{run.argv[0]}:{_bots(run)}"
        text = f"{run.stdout}\n{run.stderr}"
        if "Traceback (most recent call last)" in run.stderr:
            found.append(Problem("traceback-text", where, f"a traceback on stderr: "
                                 f"{run.stderr[-300:]!r}", argv))
        if "no legal action" in text.lower():
            found.append(Problem("no-legal-action", where, "'no legal action' in the output "
                                 f"of a file validate accepts: {run.stderr.strip()[:300]!r}",
                                 argv))
        elif run.status == 2:
            found.append(Problem("unplayable", f"{where}:{shape(run.stderr.strip())}",
                                 "validate accepts the file but simulate refuses it: "
                                 f"{run.stderr.strip()[:400]!r}", argv))
        if run.status == 1:
            found.append(Problem("exit-1", where, "simulate exits 1 on a file validate "
                                 f"accepts: {run.stderr.strip()[:300]!r}", argv))
        elif run.status not in (0, 1, 2):
            found.append(Problem("exit-status", f"{where}:{run.status}",
                                 f"simulate exits {run.status}: {run.stderr.strip()[:300]!r}",
                                 argv))
    if engine is None:
        return found
    if engine.no_legal:
        found.append(Problem("no-legal-action", "engine",
                             f"the engine finds no legal action: {engine.no_legal[:300]}"))
    elif engine.refused:
        found.append(Problem("unplayable", f"engine:{engine.refused_type}:{shape(engine.refused)}",
                             f"validate accepts the file but the engine refuses it "
                             f"({engine.refused_type}): {engine.refused[:400]}"))
    if engine.breach:
        found.append(Problem("engine-invariant", f"engine:{engine.breach.split(':')[0]}",
                             f"after a deal: {engine.breach[:400]}"))
    if engine.no_end:
        found.append(Problem("no-end", "engine", f"a deal did not end after {MAX_DECISIONS} "
                             "legal decisions"))
    if engine.error:
        found.append(Problem("exception", f"engine:{engine.error}",
                             f"the engine raised {engine.error}"))
    return found
