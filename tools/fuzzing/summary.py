"""What a run counts as it goes, its progress line, and its summary.

The summary is printed on stderr and written as ``summary.txt`` and
``summary.json`` under ``--out``: cases per target and their speed, the
slowest cases, the outcomes, the cases of each hostile class and what they
found, and every distinct finding with its folder.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .finding_folders import FindingFolders
from .findings import CaseResult, short
from .settings import PROGRESS_EVERY, RunSettings


@dataclass
class RunTally:
    """The counts of a run: cases, outcomes, worker time, hostile classes, slowest cases."""

    targets: list[str]
    cases: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    seconds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    hostile_cases: Counter[str] = field(default_factory=Counter)  # cases of each class
    hostile_hits: dict[str, Counter[str]] = field(default_factory=dict)  # findings by kind
    slowest: list[tuple[float, str, int]] = field(default_factory=list)  # (s, target, index)
    start: float = field(default_factory=time.monotonic)
    last_progress: float = 0.0
    interrupted: bool = False
    restarts: int = 0

    def __post_init__(self) -> None:
        self.last_progress = self.start

    def count(self, target: str, index: int, result: CaseResult) -> None:
        """Count one case's result (its findings are the folders' to count)."""
        self.cases[target] += 1
        self.seconds[target] += result.seconds
        self.slowest = sorted([*self.slowest, (result.seconds, target, index)],
                              reverse=True)[:5]
        if result.outcome:
            self.outcomes[f"{target}: {result.outcome}"] += 1
        if result.hostile:
            self.hostile_cases[result.hostile] += 1
            self.hostile_hits.setdefault(result.hostile, Counter()).update(
                finding.kind for finding in result.findings)

    def progress(self, folders: FindingFolders, force: bool = False) -> None:
        """A progress line on stderr, every :data:`PROGRESS_EVERY` seconds (or now)."""
        now = time.monotonic()
        if not force and now - self.last_progress < PROGRESS_EVERY:
            return
        self.last_progress = now
        total = sum(self.cases.values())
        elapsed = max(now - self.start, 1e-9)
        per = ", ".join(f"{t} {self.cases[t]}" for t in self.targets)
        print(f"fuzz: {total} cases ({per}), {total / elapsed:.1f} cases/s, "
              f"{len(folders.records)} distinct findings ({sum(folders.hits.values())} hits), "
              f"{elapsed:.0f} s", file=sys.stderr, flush=True)


def summarise(settings: RunSettings, tally: RunTally, folders: FindingFolders) -> None:
    """Print the summary on stderr and write ``summary.txt`` and ``summary.json``; with
    ``--repro``, print every finding in full too."""
    elapsed = time.monotonic() - tally.start
    total = sum(tally.cases.values())
    records = folders.in_order()
    kinds = Counter(r.finding.kind for r in folders.records.values())
    lines = [
        "fuzz summary",
        f"  seed {settings.seed}, targets {', '.join(tally.targets)}, jobs {settings.jobs}, "
        f"timeout {settings.timeout:g} s" + (" (interrupted)" if tally.interrupted else ""),
        f"  elapsed {elapsed:.1f} s, {total} cases, {total / max(elapsed, 1e-9):.2f} "
        f"cases/s, {tally.restarts} worker restarts",
        "  cases per target:",
    ]
    for target in tally.targets:
        busy = tally.seconds[target]
        lines.append(f"    {target:<13} {tally.cases[target]:>7}  "
                     f"({tally.cases[target] / busy if busy else 0:.1f} cases/s of "
                     f"worker time)")
    lines.append("  slowest cases: " + ", ".join(
        f"{target} {index} ({seconds:.1f} s)" for seconds, target, index in tally.slowest))
    lines.append("  outcomes: " + (", ".join(f"{k} {v}" for k, v in
                                              sorted(tally.outcomes.items())) or "none"))
    if tally.hostile_cases:
        lines.append("  hostile classes (cases, and findings by kind, every hit counted):")
        for tag in sorted(tally.hostile_cases, key=lambda t: int(t.split()[1])):
            hits = tally.hostile_hits.get(tag) or Counter()
            lines.append(f"    {tag:<26} {tally.hostile_cases[tag]:>5} cases; " + (
                ", ".join(f"{k} {v}" for k, v in sorted(hits.items())) or "no finding"))
    lines.append(f"  distinct findings: {len(folders.records)}" + (
        " (" + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) + ")"
        if kinds else ""))
    for record in records:
        finding = record.finding
        lines.append(f"    [{finding.target}/{finding.kind}] x{record.count} "
                     f"case {record.index}: {short(finding.message, 160)}")
        lines.append(f"        {short(finding.command, 160)}")
        lines.append(f"        -> {record.folder}")
    text = "\n".join(lines)
    print(text, file=sys.stderr, flush=True)
    (settings.out / "summary.txt").write_text(text + "\n", encoding="utf-8",
                                              errors="backslashreplace")
    summary = {
        "seed": settings.seed, "targets": tally.targets, "jobs": settings.jobs,
        "elapsed_seconds": round(elapsed, 3), "interrupted": tally.interrupted,
        "cases": dict(tally.cases), "total_cases": total,
        "cases_per_second": round(total / max(elapsed, 1e-9), 3),
        "outcomes": dict(tally.outcomes), "hits_by_kind": dict(folders.hits),
        "slowest": [{"target": t, "case": i, "seconds": round(sec, 3)}
                    for sec, t, i in tally.slowest],
        "findings_by_kind": dict(kinds),
        "hostile_classes": {tag: {"cases": count,
                                  "findings": dict(tally.hostile_hits.get(tag) or {})}
                            for tag, count in sorted(tally.hostile_cases.items())},
        "findings": [
            {"key": r.finding.key, "target": r.finding.target, "kind": r.finding.kind,
             "case": r.index, "count": r.count, "message": r.finding.message,
             "command": r.finding.command, "folder": r.folder}
            for r in records],
    }
    (settings.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n",
                                               encoding="utf-8")
    if settings.repro is not None:
        for record in folders.records.values():
            print("\n" + (Path(record.folder) / "finding.txt").read_text(
                "utf-8", errors="replace"),
                  file=sys.stderr)
