"""A simulation report read back from its file (``ambigu merge``), as untrusted input.

A report is a file anyone can hand over: it is read under the limits of every
file the project reads (at most :data:`MAX_REPORT_BYTES`, UTF-8, numbers of at
most :data:`~ambigu_rules.limits.MAX_NUMBER_LENGTH` characters, each key written
once), then its figures are checked against each other
(:func:`~ambigu_rules.play.simulation_report.report_from_json`). Each problem is
one :class:`~ambigu_rules.errors.ReportError`, naming the figure.

>>> report_from_text('{"hands": 3, "hands": 4}')
Traceback (most recent call last):
...
ambigu_rules.errors.ReportError: hands: the key is written twice
>>> try:
...     report_from_text('{"pot_total": 1' + '0' * 400 + ', "players": 3}')
... except ReportError as error:
...     print(error)
pot_total: a number of 401 digits (a report's numbers have at most 100)
"""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

from ..errors import ReportError
from ..limits import MAX_NUMBER_LENGTH
from .simulation_report import LongNumber, SimulationReport, report_from_json, shown_key

#: A report file is a few kilobytes; anything past this is not one.
MAX_REPORT_BYTES = 1 << 20


def read_report(name: str) -> SimulationReport:
    """The report in the file ``name``, its figures checked (:class:`ReportError`)."""
    path = Path(name)
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise ReportError("is a directory")
        if not stat.S_ISREG(mode):
            raise ReportError("not a regular file")
        with path.open("rb") as file:
            data = file.read(MAX_REPORT_BYTES + 1)
    except (OSError, ValueError) as error:
        if isinstance(error, ReportError):
            raise
        raise ReportError(getattr(error, "strerror", None) or str(error)) from None
    if len(data) > MAX_REPORT_BYTES:
        raise ReportError(f"over {MAX_REPORT_BYTES:,} bytes: not a report")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ReportError(f"not UTF-8 (byte {error.start + 1})") from None
    return report_from_text(text)


def report_from_text(text: str) -> SimulationReport:
    """The report that the JSON ``text`` holds, its figures checked."""
    try:
        data = json.loads(text, parse_int=_whole, object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise ReportError(f"line {error.lineno}, column {error.colno}: not JSON: "
                          f"{error.msg}") from None
    except RecursionError:
        raise ReportError("not a report: nested too deep") from None
    return report_from_json(data)


def _whole(text: str) -> int | LongNumber:
    """A whole number of the JSON text; a longer one than any report holds is kept as its
    length, for the figure that holds it to say so (its value is never worked out)."""
    digits = len(text.lstrip("-"))
    return int(text) if digits <= MAX_NUMBER_LENGTH else LongNumber(digits)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each written once."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ReportError(f"{shown_key(key)}: the key is written twice")
        data[key] = value
    return data
