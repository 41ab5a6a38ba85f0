"""The types of the command line's arguments: every number bounded, no empty file name."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..errors import whole_number
from ..limits import MAX_COUNTERS, MAX_PLAYERS


def _number(minimum: int, maximum: int) -> Callable[[str], int]:
    """An argument type: a whole number of ASCII digits from ``minimum`` to ``maximum``."""

    def read(text: str) -> int:
        value = whole_number(text, maximum)
        if value is None or value < minimum:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {minimum} to {maximum:,}, got {text[:40]!r}")
        return value

    return read


# Every whole number given on the command line is bounded (limits.py).
positive = _number(1, MAX_COUNTERS)
players = _number(1, MAX_PLAYERS)
seed = _number(0, MAX_COUNTERS)


def file_name(text: str) -> str:
    """An argument type: a file name, which an empty text is not (``Path("")`` is ``.``)."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got an empty text")
    return text


def jobs(text: str) -> int:
    """An argument type: a number of worker processes, at most one per core.

    Each process costs its memory, and more processes than cores play no
    faster (``--jobs 400`` would start 401 processes).
    """
    from ..play.simulate import available_cores

    cores = available_cores()
    value = whole_number(text, MAX_COUNTERS)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 1 to {cores}, got {text[:40]!r}")
    if value > cores:
        raise argparse.ArgumentTypeError(
            f"at most {cores} (the cores of this machine), got {value:,}")
    return value


# -- parser -----------------------------------------------------------------


def bot_names(text: str) -> str:
    """An argument type: bot names, one for every seat or one per seat, separated by
    commas; each must be a known bot's (``random``, ``heuristic``, ``expert``)."""
    from ..play.simulate import BOTS

    for name in text.split(","):
        if name not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name[:40]!r} (the bots are: {', '.join(sorted(BOTS))})")
    return text


def block_range(text: str) -> tuple[int, int]:
    """An argument type: ``START:END``, the blocks ``START`` to ``END - 1`` of a run."""
    start_text, colon, end_text = text.partition(":")
    start = whole_number(start_text, MAX_COUNTERS)
    end = whole_number(end_text, MAX_COUNTERS)
    if not colon or start is None or end is None or start >= end:
        raise argparse.ArgumentTypeError(
            f"expected START:END, whole numbers from 0 to {MAX_COUNTERS:,} with START "
            f"below END, got {text[:40]!r}")
    return start, end
