"""The distinct findings of a run, each saved once in its own folder under ``--out``.

A folder holds the case's files, ``finding.txt`` (command, message,
traceback, how to reproduce) and, for the engine, ``repro.py``. When a later
case of the schedule shows a finding again it is only counted; an earlier
one (a worker may finish out of order) replaces it, so the folder always
shows the first case of the schedule.
"""

from __future__ import annotations

import base64
import hashlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .findings import Finding
from .settings import ROOT


def typed_again(command: str) -> str | None:
    """``command`` with the project's own ``ambigu`` (or ``python``), to be typed in the
    finding's folder; None for a command that is not typed that way.

    >>> typed_again("timeout -s TERM 1 ambigu simulate x").endswith(".venv/bin/ambigu simulate x")
    True
    """
    programs = ROOT / ".venv" / "bin"
    if command.startswith(("ambigu ", "python ")):
        return f"{programs}/{command}"
    if command.startswith("timeout ") and " ambigu " in command:
        return command.replace(" ambigu ", f" {programs}/ambigu ", 1)
    return None


@dataclass
class Record:
    """A distinct finding of the run: the first case that showed it, and how many did."""

    finding: Finding
    n: int
    index: int
    count: int = 1
    folder: str = ""


class FindingFolders:
    """The run's distinct findings by key, and every hit counted by kind."""

    def __init__(self, out: Path, seed: int) -> None:
        self.out = out
        self.seed = seed
        self.records: dict[str, Record] = {}
        self.hits: Counter[str] = Counter()  # findings by kind, every hit counted

    def add(self, n: int, index: int, finding: Finding) -> None:
        """Count ``finding`` of case ``index`` (number ``n`` of the schedule); save it if
        it is new, or if this case comes first in the schedule."""
        self.hits[finding.kind] += 1
        known = self.records.get(finding.key)
        if known is not None:
            known.count += 1
            if n >= known.n:
                return
            known.finding, known.n, known.index = finding, n, index
            self.save(known)
            return
        record = Record(finding, n, index)
        self.records[finding.key] = record
        self.save(record)

    def save(self, record: Record) -> None:
        """Write the record's folder: the case's files, ``repro.py``, ``finding.txt``."""
        finding = record.finding
        digest = hashlib.sha1(finding.key.encode()).hexdigest()[:8]
        folder = self.out / f"{finding.target}-{finding.kind}-{digest}"
        folder.mkdir(parents=True, exist_ok=True)
        record.folder = str(folder)
        # The files come from the worker: the parent never makes a case itself
        # (making one may be what went wrong).
        files = {name: base64.b64decode(data) for name, data in finding.files.items()}
        mutations = finding.mutations
        for name, data in files.items():
            (folder / name).write_bytes(data)
        if finding.repro:
            (folder / "repro.py").write_text(finding.repro, encoding="utf-8",
                                               errors="backslashreplace")
        reproduce = [f".venv/bin/python tools/fuzz.py --target {finding.target} --seed "
                     f"{self.seed} --repro {record.index}"]
        if files and finding.repro:
            reproduce.insert(0, f"cd {folder} && {ROOT}/.venv/bin/python repro.py")
        elif files:
            reproduce.insert(0, f"cd {folder} && " + (typed_again(finding.command)
                                                      or "(see the command above)"))
        elif finding.repro:
            reproduce.insert(0, f".venv/bin/python {folder}/repro.py")
        text = [
            f"target:   {finding.target}",
            f"kind:     {finding.kind}",
            f"key:      {finding.key}",
            f"case:     --seed {self.seed} --target {finding.target}, case {record.index}",
            f"command:  {finding.command}",
            f"message:  {finding.message}",
            "",
            "reproduce:",
            *[f"  {line}" for line in reproduce],
        ]
        if mutations:
            text += ["", "how the case was made:", *[f"  - {m}" for m in mutations]]
        if finding.traceback:
            text += ["", "traceback:", finding.traceback.rstrip()]
        (folder / "finding.txt").write_text("\n".join(text) + "\n", encoding="utf-8",
                                                 errors="backslashreplace")

    def in_order(self) -> list[Record]:
        """The records in the order of the schedule."""
        return sorted(self.records.values(), key=lambda r: r.n)
