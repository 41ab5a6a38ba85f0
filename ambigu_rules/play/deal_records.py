"""What one deal of a simulation came to, and the JSON Lines file of them.

:func:`summarize_deal` reads a deal's events into the figures a simulation
counts (how it ended, the counters taken, the combinations shown and those
paid); :func:`deal_record` makes one line of ``ambigu simulate --deals-out``
from them; :class:`RecordsFile` writes those lines to a temporary file beside
the one asked for and renames it only when the run has ended well, so that an
interrupted or failed run leaves no half-written file.

>>> from ambigu_rules.engine.events import BestHand, CombinationHeld, Took
>>> summary = summarize_deal([BestHand(seat=1), Took(seat=1, amount=9, pile="pool"),
...                           CombinationHeld(seat=1, cards=(0, 1, 2, 3),
...                                           combination="flush", name="Flush", value=5)])
>>> summary.ending, summary.pot, summary.winning
('showdown', 9, (('flush', 1, 5),))
"""

from __future__ import annotations

import json
import os
import secrets
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from ..engine.events import (
    AnyEvent,
    BestHand,
    BettingEnded,
    CombinationHeld,
    DealEnded,
    DealStarted,
    Forced,
    HandShown,
    Paid,
    Redealt,
    Took,
)
from ..errors import RecordsFileError


@dataclass(frozen=True, slots=True)
class DealSummary:
    """The figures of one deal (see :func:`summarize_deal`)."""

    #: ``showdown``, ``STEP: redeal``, ``STEP: all pass`` … or ``unfinished``.
    ending: str
    #: Counters taken by winners (from the pool, the batterie and the bets).
    pot: int
    #: The combination of each hand shown at the showdown (``None``: no combination).
    shown: tuple[str | None, ...]
    #: Each combination held and paid: (combination or ``-``, seat, value).
    winning: tuple[tuple[str, int, int], ...]
    #: The deal's number at its table, and its dealer (``-1`` when not given).
    number: int = 0
    dealer: int = -1
    #: The pool and the batterie when the deal ended.
    pool: int = 0
    batterie: int = 0
    #: The combination of the best hand at the showdown (``None``: no showdown,
    #: or a best hand without a combination).
    best: str | None = None
    #: What the players paid for combinations, in all.
    combination_paid: int = 0
    #: Whether the dealer forced play.
    forced: bool = False


def summarize_deal(events: Iterable[AnyEvent]) -> DealSummary:
    """The figures of one deal, read from its events."""
    ending = "unfinished"
    pot = 0
    number, dealer, pool, batterie = 0, -1, 0, 0
    best_seat, combination_paid, forced = -1, 0, False
    shown_by_seat: dict[int, str | None] = {}
    shown: list[str | None] = []
    winning: list[tuple[str, int, int]] = []
    for event in events:
        match event:
            case DealStarted():
                number, dealer = event.number, event.dealer
            case BettingEnded() if event.result != "called":
                ending = f"{event.step}: {event.result.replace('_', ' ')}"
            case BestHand():
                ending = "showdown"
                best_seat = event.seat
            case Forced():
                forced = True
            case Paid() if event.combination is not None:
                combination_paid += event.amount
            case Redealt():
                ending = f"{event.step}: redeal"
            case HandShown():
                shown.append(event.combination)
                shown_by_seat[event.seat] = event.combination
            case CombinationHeld():
                winning.append((event.combination or "-", event.seat, event.value))
            case Took():
                pot += event.amount
            case DealEnded():
                number, pool, batterie = event.number, event.pool, event.batterie
    return DealSummary(ending, pot, tuple(shown), tuple(winning), number, dealer, pool,
                       batterie, shown_by_seat.get(best_seat), combination_paid, forced)


def deal_record(summary: DealSummary, *, block: int, table: int, net: Sequence[int],
                on_table: int, decisions: int) -> str:
    """One line of the JSON Lines file (its keys are defined on the Command line page).

    >>> print(deal_record(DealSummary("showdown", 6, ("point", None), (("point", 0, 1),), 3, 2),
    ...                   block=0, table=1, net=[4, -2, -2], on_table=0, decisions=7))
    {"block": 0, "table": 1, "deal": 3, "dealer": 2, "ended": "showdown", "pot": 6, \
"net": [4, -2, -2], "pool": 0, "batterie": 0, "on_table": 0, "shown": ["point", null], \
"winning": [{"seat": 0, "combination": "point", "value": 1}], "best": null, \
"combination_paid": 0, "forced": false, "decisions": 7}
    """
    data: dict[str, Any] = {
        "block": block,
        "table": table,
        "deal": summary.number,
        "dealer": summary.dealer,
        "ended": summary.ending,
        "pot": summary.pot,
        "net": list(net),
        "pool": summary.pool,
        "batterie": summary.batterie,
        "on_table": on_table,
        "shown": list(summary.shown),
        "winning": [{"seat": seat, "combination": combination, "value": value}
                    for combination, seat, value in summary.winning],
        "best": summary.best,
        "combination_paid": summary.combination_paid,
        "forced": summary.forced,
        "decisions": decisions,
    }
    return json.dumps(data)



class RecordsFile:
    """The JSON Lines file of a simulation's deals, written whole or not at all.

    Opening it makes a temporary file in the target's folder (so that a path
    that cannot be written is known before any deal is played);
    :meth:`write` adds lines to it; leaving the ``with`` block without an
    error renames it to the target, and with an error (Ctrl-C among them)
    removes it. An existing file at the target is replaced only then; one
    that is not a regular file (a folder, a device, a FIFO) is refused.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._temporary: Path | None = None
        self._file: IO[str] | None = None

    def _refuse(self, error: OSError | ValueError | str) -> RecordsFileError:
        why = error if isinstance(error, str) else (
            getattr(error, "strerror", None) or str(error))
        return RecordsFileError(f"cannot write the deals to '{os.fspath(self.path)}': {why}")

    def __enter__(self) -> RecordsFile:
        try:
            kind = os.stat(self.path).st_mode
        except FileNotFoundError:
            kind = None
        except (OSError, ValueError) as error:
            raise self._refuse(error) from None
        if kind is not None and stat.S_ISDIR(kind):
            raise self._refuse("is a directory")
        if kind is not None and not stat.S_ISREG(kind):
            raise self._refuse("not a regular file")
        folder = self.path.parent
        temporary = folder / f".{secrets.token_hex(8)}.ambigu-deals.part"
        try:
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except (OSError, ValueError) as error:
            raise self._refuse(error) from None
        self._temporary = temporary
        self._file = os.fdopen(handle, "w", encoding="utf-8", newline="\n")
        return self

    def write(self, lines: Iterable[str]) -> None:
        """Add lines (one JSON object each) to the file."""
        assert self._file is not None, "write inside the with block"
        try:
            for line in lines:
                self._file.write(line)
                self._file.write("\n")
        except OSError as error:
            raise self._refuse(error) from None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        file, temporary = self._file, self._temporary
        self._file = self._temporary = None
        if file is None or temporary is None:
            return
        try:
            try:
                file.close()
            except OSError as closing:
                if kind is None:
                    raise self._refuse(closing) from None
            if kind is None:
                try:
                    os.replace(temporary, self.path)
                except OSError as renaming:
                    raise self._refuse(renaming) from None
        finally:
            if temporary.exists():
                temporary.unlink(missing_ok=True)
