"""What a case reports: its findings, and the keys that tell one finding from another.

A finding is deduplicated by ``target|kind|signature``; the signature of an
exception is its type and where it was raised, that of a message is the
message with its positions, quoted values and numbers blanked, so that the
same fault met by a thousand cases is saved once.
"""

from __future__ import annotations

import contextlib
import re
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .settings import ROOT


@dataclass
class Finding:
    """One thing that broke the contract, as the worker saw it."""

    target: str
    kind: str
    signature: str  # what makes it distinct (exception type and last frame, or check)
    message: str
    command: str = ""
    traceback: str = ""
    repro: str = ""  # Python source replaying an engine case
    files: dict[str, str] = field(default_factory=dict)  # the case's files, base64
    mutations: list[str] = field(default_factory=list)  # how the case was made

    @property
    def key(self) -> str:
        return f"{self.target}|{self.kind}|{self.signature}"


@dataclass
class CaseResult:
    """What the worker answers for one case (sent to the parent as JSON)."""

    target: str
    index: int
    seconds: float
    findings: list[Finding]
    outcome: str = ""  # e.g. "valid", "refused", "played"
    restart: bool = False  # the worker should be replaced (memory, interrupted hang)
    hostile: str = ""  # "class N (tag)" of a case of the hostile classes


def _frame(entry: traceback.FrameSummary) -> str:
    name = entry.filename
    with contextlib.suppress(ValueError):
        name = str(Path(name).resolve().relative_to(ROOT))
    if "site-packages/" in name:
        name = name.split("site-packages/", 1)[1]
    return f"{name}:{entry.lineno} in {entry.name}"


def exception_signature(error: BaseException) -> str:
    """``Type@last frame`` (and the last frame of the package if it differs)."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return type(error).__name__
    if isinstance(error, RecursionError):
        # The limit strikes anywhere in the loop: name the function that repeats most.
        loop = Counter(f"{_frame(f).split(':')[0]} in {f.name}" for f in frames)
        return f"RecursionError@{loop.most_common(1)[0][0]}"
    last = _frame(frames[-1])
    own = next((_frame(f) for f in reversed(frames)
                if "ambigu_rules" in f.filename and "tools/fuzz" not in f.filename), None)
    where = last if own is None or own == last else f"{last} <- {own}"
    return f"{type(error).__name__}@{where}"


def hang_signature(command: str, error: BaseException) -> str:
    """A hang's dedup key: the command and the package file it was interrupted in."""
    frames = traceback.extract_tb(error.__traceback__)
    own = [f for f in frames if "ambigu_rules" in f.filename]
    where = Path(own[-1].filename).name if own else "tools/fuzz.py"
    return f"{command.split(' ')[1] if command.count(' ') else 'engine'}:{where}"


def format_exception(error: BaseException, keep: int = 60) -> str:
    """The traceback, its middle cut when it is long (a recursion)."""
    lines = "".join(traceback.format_exception(type(error), error,
                                               error.__traceback__)).splitlines()
    if len(lines) > 2 * keep:
        lines = [*lines[:keep], f"    ... {len(lines) - 2 * keep} lines cut ...",
                 *lines[-keep:]]
    return "\n".join(lines) + "\n"


def short(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut)."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def message_shape(line: str) -> str:
    """A message with its positions, quoted values and numbers blanked (for dedup)."""
    line = re.sub(r"^[^\n]*?\.ya?ml(:\d+:\d+)?: ", "", line)
    line = re.sub(r"ambigu: error: [^\n]*?\.ya?ml(:\d+:\d+)?: ", "ambigu: error: ", line)
    line = re.sub(r"'[^']*'|\"[^\"]*\"", "'_'", line)
    line = re.sub(r"\d+", "0", line)
    return line[:70]


def exception_finding(target: str, kind: str, error: BaseException, command: str = "",
                      repro: str = "") -> Finding:
    """The finding of an exception: its signature, its message and its traceback."""
    return Finding(target, kind, exception_signature(error),
                   f"{type(error).__name__}: {short(str(error))}", command,
                   format_exception(error), repro)
