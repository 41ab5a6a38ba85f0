"""What the case under way is doing, kept so that a case cut short can still be reported."""

from __future__ import annotations

from pathlib import Path

from .engine_repro import engine_repro
from .file_case import FileCase


class Context:
    """What a case is doing, for the report of a case that is interrupted."""

    def __init__(self, target: str, index: int, workdir: Path) -> None:
        self.target = target
        self.index = index
        self.workdir = workdir
        self.command = ""
        self.phase = "start"  # "generate" while the fuzzer makes the case, then "run"
        self.case: FileCase | None = None
        self.trace: list[str] = []  # engine calls, as Python source
        self.setup = ""  # the engine's Game(...) line

    def repro(self, note: str) -> str:
        """The engine case so far as a script (``""`` for a case of the file targets)."""
        if not self.setup:
            return ""
        return engine_repro(self.setup, self.trace, note)
