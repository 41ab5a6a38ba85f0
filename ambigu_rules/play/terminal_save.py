"""The terminal game's ``save [FILE]``: the deals played so far, written as a replay file.

The text is :func:`~ambigu_rules.play.replay_writer.replay_text`'s, of the
deals played to their end (a deal in progress is left out, and the message
says so). Without a file, it is written in the current folder under a name
that is free (``ambigu-1730.yaml``, else ``ambigu-1730-2.yaml``…), never over
an existing file; a folder named is written into the same way; a file named
is written, or replaced, as named.

The file is written whole or not at all: to a temporary file beside it,
flushed to the disk, then moved into place (:func:`os.replace`, or a link
that refuses to replace anything for a name chosen here). What cannot be
done (a folder that is read-only or missing, a name too long) is said in one
line, never a traceback.

A replay names a rule file of one's own by its path from the replay's own
folder, and ``ambigu replay`` reads it only there or below: saving such a game
elsewhere is refused with a line that says where to save it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import tempfile
from pathlib import Path

from ..errors import AmbiguError
from ..load.catalog import builtin_ids
from ..words.lang import EN, Lang
from ..words.terminal import T
from .replay_writer import CardsReceived, replay_text

#: What ``os.link`` fails with where the file system makes no hard links.
NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                      errno.EMLINK})
#: Most names tried for a free file name (``ambigu-ID-2.yaml``…) before giving up.
MAX_TRIES = 1000


def default_name(version: str, number: int = 1) -> str:
    """The file name a replay is saved under when none is given.

    >>> default_name("1730"), default_name("foster", 3)
    ('ambigu-1730.yaml', 'ambigu-foster-3.yaml')
    """
    return f"ambigu-{version}.yaml" if number == 1 else f"ambigu-{version}-{number}.yaml"


def variant_from(given: str | None, folder: Path) -> str | None:
    """How a replay saved in ``folder`` names the version given to ``ambigu play``:
    a built-in id as it is, a rule file by its path from ``folder`` (``None`` when
    nothing was given: the game's built-in id). Raises :class:`ValueError` when the
    rule file is not in ``folder`` or below it.
    """
    if given is None or given in builtin_ids():
        return given
    relative = Path(os.path.relpath(Path(given).resolve(), folder.resolve()))
    if relative.parts[:1] == ("..",) or relative.is_absolute():
        raise ValueError(given)
    return relative.as_posix()


def write_whole(path: Path, text: str, *, replace: bool) -> None:
    """Write ``text`` to ``path`` through a temporary file beside it, whole or not at all.

    With ``replace`` an existing file is replaced; without it an existing file
    is left alone and :class:`FileExistsError` raised (where the file system
    makes no links, the name is checked just before the move instead).
    """
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        if replace:
            os.replace(temporary, path)
            return
        try:
            os.link(temporary, path)  # refuses an existing name, where a move would not
        except OSError as error:
            if error.errno not in NO_LINKS:
                raise
            if path.exists():
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) \
                    from None
            os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def _free_path(folder: Path, version: str, text: str) -> Path:
    """Write ``text`` under the first free default name in ``folder``; return its path."""
    for number in range(1, MAX_TRIES + 1):
        path = folder / default_name(version, number)
        if path.exists():
            continue
        try:
            write_whole(path, text, replace=False)
        except FileExistsError:  # taken meanwhile: the next name
            continue
        return path
    raise FileExistsError(errno.EEXIST, f"{default_name(version)} and the next "
                          f"{MAX_TRIES - 1} names are taken")


def shown_path(path: Path) -> str:
    """A saved file as the message names it: from the current folder if it is below it."""
    with contextlib.suppress(ValueError, OSError):
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    return str(path)


def finished_deals(cards: CardsReceived) -> int:
    """How many deals of the game are played to their end."""
    game = cards.game
    return game.deal_count - (0 if game.deal_over else 1)


def save(cards: CardsReceived, typed: str, given: str | None, lang: Lang = EN) -> str:
    """Save the game ``cards`` watches as the player asked (``typed``: the file named
    after ``save``, or nothing; ``given``: the version as ``ambigu play`` was given
    it); return the line that says what was done."""
    game = cards.game
    over = finished_deals(cards)
    if over < 1:
        return T("nothing_to_save", lang)
    name = typed.strip()
    if len(name) > 1 and name[0] == name[-1] and name[0] in "'\"":
        name = name[1:-1]
    shown = name or "."
    try:
        target = Path(name).expanduser() if name else Path.cwd()
        into_folder = not name or target.is_dir()
        folder = target if into_folder else target.parent
        try:
            variant = variant_from(given, folder)
        except ValueError:
            return T("outside_rules", lang, path=shown, rules=given)
        try:
            text = replay_text(game, cards, variant=variant)
        except AmbiguError as error:
            return T("cannot_tell", lang, reason=error)
        if into_folder:
            path = _free_path(folder, game.ruleset.id, text)
        else:
            write_whole(target, text, replace=True)
            path = target
    except (OSError, ValueError, RuntimeError) as error:  # ValueError: a NUL in the name
        reason = getattr(error, "strerror", None) or str(error)
        return T("cannot_write", lang, path=shown, reason=reason)
    shown = shown_path(path)
    said = (T("saved_one", lang, path=shown, command=shlex.quote(shown)) if over == 1 else
            T("saved_many", lang, path=shown, command=shlex.quote(shown), n=over))
    if not game.deal_over:
        said += T("left_out", lang, n=game.deal_count)
    return said
