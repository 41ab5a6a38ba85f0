"""What one deal of a simulation came to, and the JSON Lines file of them.

:func:`summarize_deal` reads a deal's events into the figures a simulation
counts (how it ended, the counters taken, the combinations shown and those
paid); :func:`deal_record` makes one line of ``ambigu simulate --deals-out``
from them; :class:`RecordsFile` writes those lines to a temporary file beside
the one asked for and renames it only when the run has ended well, so that an
interrupted or failed run leaves no half-written file; it refuses a read-only
file and the files the run reads (:func:`files_read`).

>>> from ambigu_rules.engine.events import BestHand, CombinationHeld, Took
>>> summary = summarize_deal([BestHand(seat=1), Took(seat=1, amount=9, pile="pool"),
...                           CombinationHeld(seat=1, cards=(0, 1, 2, 3),
...                                           combination="flush", name="Flush", value=5)])
>>> summary.ending, summary.pot, summary.winning
('showdown', 9, (('flush', 1, 5),))
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import stat
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
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
from ..errors import AmbiguError, RecordsFileError
from ..limits import MAX_EXTENDS_DEPTH
from ..load.catalog import display_name, locate, rulesets_dir, version_beside, yaml_names
from ..load.yaml_source import load_file


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

    Opening it (entering the ``with`` block) finds where the path leads (a
    symbolic link is followed: the file it points to is replaced, the link
    stays) and makes a temporary file beside that target, so that a path that
    cannot be written is known before any deal is played; :meth:`write` adds
    lines to it; leaving the block without an error renames it onto the target,
    which keeps the permissions of the file it replaces; leaving it with an
    error (Ctrl-C among them) removes it. Refused, with the file left as it
    was: a target that is not a regular file (a folder, a device, a FIFO), a
    read-only one, and one of the files the run reads (:meth:`refuse_same`).

    A caller that has more to do before the file may replace the earlier one
    (the command line prints its report first) opens it itself and gives it
    to :func:`~ambigu_rules.play.simulate.simulate` as ``deals_out``.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._given = os.fspath(path)  # as messages name it
        self._target: Path | None = None
        self._temporary: Path | None = None
        self._file: IO[str] | None = None

    def _refuse(self, error: OSError | ValueError | str) -> RecordsFileError:
        why = error if isinstance(error, str) else (
            getattr(error, "strerror", None) or str(error))
        return RecordsFileError(f"cannot write the deals to '{self._given}': {why}")

    def __enter__(self) -> RecordsFile:
        try:
            found: os.stat_result | None = os.stat(self.path)  # through any link
        except FileNotFoundError:
            found = None
        except (OSError, ValueError) as error:
            raise self._refuse(error) from None
        if found is not None:
            _check_replaceable(found, self.path, self._refuse)
        try:
            target = Path(os.path.realpath(self.path))
        except (OSError, ValueError) as error:
            raise self._refuse(error) from None
        temporary = target.parent / f".{secrets.token_hex(8)}.ambigu-deals.part"
        try:
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except (OSError, ValueError) as error:
            raise self._refuse(error) from None
        if found is not None:
            try:
                _keep_permissions(handle, found)
            except OSError as error:
                os.close(handle)
                temporary.unlink(missing_ok=True)
                raise self._refuse(error) from None
        self._target, self._temporary = target, temporary
        self._file = os.fdopen(handle, "w", encoding="utf-8", newline="\n")
        return self

    def refuse_same(self, files: Iterable[str | os.PathLike[str] | int], why: str) -> None:
        """Refuse the target if it is one of ``files`` (paths, or open file descriptors),
        however it is named (a link, a hard link, ``..``): ``why`` says what the
        file is, ``{}`` standing for the name of the file found."""
        assert self._target is not None, "refuse_same inside the with block"
        try:
            target = os.stat(self._target)
        except OSError:  # nothing there yet: it cannot be a file the run uses
            return
        for file in files:
            try:
                other = os.fstat(file) if isinstance(file, int) else os.stat(file)
            except (OSError, ValueError):
                continue
            if (other.st_dev, other.st_ino) == (target.st_dev, target.st_ino):
                shown = "" if isinstance(file, int) else display_name(Path(file))
                raise self._refuse(f"{why.format(shown)}; name another file")

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
        file, temporary, target = self._file, self._temporary, self._target
        self._file = self._temporary = self._target = None
        if file is None or temporary is None or target is None:
            return
        problem: OSError | None = None
        try:
            try:
                if kind is None:  # on the disk before the name is, as a crash may come
                    file.flush()
                    os.fsync(file.fileno())
            except OSError as failed:
                problem = failed
            try:
                file.close()
            except OSError as failed:
                problem = problem or failed
            if kind is None:
                if problem is not None:
                    raise self._refuse(problem) from None
                try:
                    os.replace(temporary, target)
                except OSError as renaming:
                    raise self._refuse(renaming) from None
        finally:
            if temporary.exists():
                temporary.unlink(missing_ok=True)


def _check_replaceable(found: os.stat_result, target: Path,
                       refuse: Callable[[str], RecordsFileError]) -> None:
    """Raise what ``refuse`` makes unless the file at ``target`` may be replaced: a
    regular file that its permissions let this process write (one that lets no one
    write it is read-only even for root, as ``rm`` asks before removing it)."""
    if stat.S_ISDIR(found.st_mode):
        raise refuse("is a directory")
    if not stat.S_ISREG(found.st_mode):
        raise refuse("not a regular file")
    if not found.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise refuse("the file is read-only")
    if not os.access(target, os.W_OK):
        raise refuse(os.strerror(errno.EACCES))


def _keep_permissions(handle: int, found: os.stat_result) -> None:
    """Give the new file the permissions (and, where allowed, the owner) of the one
    it replaces: a deals file kept private stays so."""
    os.fchmod(handle, stat.S_IMODE(found.st_mode))
    with suppress(OSError):  # only root may give a file away: else it stays this process's
        os.fchown(handle, found.st_uid, found.st_gid)


def files_read(variant: object) -> list[Path]:
    """The files a run of ``variant`` reads: the rule file given (when it is one),
    those it extends, and the built-in rule files (and ``decks.yaml``), which every
    version reads. A chain that cannot be followed stops where it breaks (loading
    the version says why)."""
    folder = rulesets_dir()
    files = [folder / name for name in yaml_names(folder)]
    if isinstance(variant, str | os.PathLike):
        try:
            path = locate(os.fspath(variant))
            for _ in range(MAX_EXTENDS_DEPTH + 1):
                files.append(path)
                data = load_file(path)
                parent = data.get("extends") if isinstance(data, dict) else None
                if parent is None:
                    break
                path = version_beside(parent, path)
        except (AmbiguError, OSError, ValueError):
            pass
    return files
