"""Hand tables kept on disk between runs, so that a version is compiled once.

Compiling a version's table (:mod:`.compiler`) needs numpy and takes about a
second; every command that evaluates a hand needs the table. So a table, once
compiled, is written to a cache folder, and the next program that needs it
(the next ``ambigu odds foster``) reads it back instead, without numpy.

The folder is ``$AMBIGU_CACHE_DIR``; else ``$XDG_CACHE_HOME/ambigu-rules``;
else ``~/.cache/ambigu-rules``. ``AMBIGU_CACHE_DIR`` set to an empty text,
or ``AMBIGU_NO_CACHE=1``, turns the cache off; deleting the folder clears it.

A file is named after the table's rules digest (:func:`.table.rules_digest`),
a fingerprint of everything else its rows depend on (the pack as built: its
cards, each rank's pips, whether sequences wrap; and the source of the code
that compiles a table: an edited compiler never reads a table the old one
wrote) and the format's version::

    <rules digest>-<build>.v2.table

A file is written whole or not at all (a temporary file, then a rename), and
read with suspicion: one that is not a table, is cut short, or was made for
other rules or another pack is ignored, and the table compiled again
replaces it. A folder that cannot be made or written is no error either:
the table is then compiled in memory, as with the cache off. Python in the
browser never uses the cache (its tables are installed from the site's
files, :func:`.evaluator.install_table`).

>>> name = table_name("0123456789abcdef", "fedcba9876543210")
>>> name
'0123456789abcdef-fedcba9876543210.v2.table'
>>> table_name("../../etc/passwd", "fedcba9876543210") is None
True
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import tempfile
import zlib
from contextlib import suppress
from functools import cache
from math import comb
from pathlib import Path

from ..errors import RulesetError
from ..rules.deck import HAND_SIZE, Deck
from ..rules.ruleset import Ruleset
from .table import FORMAT_VERSION, MAGIC, HandTable, rules_digest

#: The folder's name under ``$XDG_CACHE_HOME`` or ``~/.cache``.
FOLDER = "ambigu-rules"
#: How a cached table is compressed: fast to write (the site's files use level 9).
LEVEL = 1
#: The largest file read as a table, and the most its zlib stream may unpack to
#: (a 60-card pack's table is about 5 MB unpacked): anything bigger is not ours.
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_UNPACKED_BYTES = 256 * 1024 * 1024

_HEX = re.compile(r"[0-9a-f]{8,64}")


def cache_dir() -> Path | None:
    """The cache folder, or ``None`` when the cache is off (or there is no home)."""
    if sys.platform == "emscripten" or os.environ.get("AMBIGU_NO_CACHE") == "1":
        return None
    given = os.environ.get("AMBIGU_CACHE_DIR")
    if given is not None:
        return Path(given) if given else None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # the XDG rule: a relative value is ignored
        return Path(xdg) / FOLDER
    try:
        return Path.home() / ".cache" / FOLDER
    except RuntimeError:  # no HOME and no entry in the password database
        return None


def table_name(digest: str, build: str) -> str | None:
    """The file name of a table, or ``None`` if either part is not plain hex."""
    if not (_HEX.fullmatch(digest) and _HEX.fullmatch(build)):
        return None
    return f"{digest}-{build}.v{FORMAT_VERSION}.table"


def table_path(ruleset: Ruleset, deck: Deck) -> Path | None:
    """Where the table of ``ruleset`` played with ``deck`` is cached (``None``: cache off)."""
    folder = cache_dir()
    name = table_name(rules_digest(ruleset), build_stamp(deck))
    if folder is None or name is None:
        return None
    return folder / name


def build_stamp(deck: Deck) -> str:
    """A fingerprint of what decides a table beside the rules digest: the pack as
    built (``decks.yaml`` may change a deck the rule file only names; the names
    and labels of its ranks and suits play no part) and the code that compiles
    tables."""
    pack = {"cards": list(deck.cards()), "pips": [rank.pips for rank in deck.spec.ranks],
            "wrap": deck.wrap, "code": code_stamp(), "format": FORMAT_VERSION}
    dump = json.dumps(pack, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(dump.encode("utf-8")).hexdigest()[:16]


@cache
def code_stamp() -> str:
    """A fingerprint of the source of the hand and rule modules (what a table's
    rows are computed by), read once per process."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for folder in ("hands", "rules"):
        for path in sorted((package / folder).glob("*.py")):
            digest.update(path.name.encode("utf-8") + b"\0")
            with suppress(OSError):
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def read_table(ruleset: Ruleset, deck: Deck) -> HandTable | None:
    """The cached table of ``ruleset`` and ``deck``, or ``None`` when there is none
    that can be trusted (missing, damaged, made for other rules or another pack)."""
    path = table_path(ruleset, deck)
    if path is None:
        return None
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError):
        return None
    if len(data) > MAX_FILE_BYTES or not data.startswith(MAGIC) or not _unpacks(data):
        return None
    try:
        table = HandTable.from_bytes(data)
    except (RulesetError, ValueError, RecursionError, MemoryError):
        return None
    return table if _fits(table, ruleset, deck) else None


def _unpacks(data: bytes) -> bool:
    """Whether the zlib stream after the header unpacks to a sane size."""
    unpacker = zlib.decompressobj()
    try:
        unpacker.decompress(data[len(MAGIC):], MAX_UNPACKED_BYTES)
    except zlib.error:
        return False
    return not unpacker.unconsumed_tail


def _fits(table: HandTable, ruleset: Ruleset, deck: Deck) -> bool:
    """Whether ``table`` was made for these rules and this pack, row for row."""
    ids = tuple(combination.id for combination in ruleset.combinations)
    if (table.rules != rules_digest(ruleset) or table.combination_ids != ids
            or table.size != comb(deck.size, HAND_SIZE)):
        return False
    return not table.size or (min(table.best) >= -1 and max(table.best) < len(ids))


def write_table(ruleset: Ruleset, deck: Deck, table: HandTable) -> Path | None:
    """Cache ``table``; the file written, or ``None`` when it could not be (cache
    off, a folder that cannot be made or written): never an error."""
    path = table_path(ruleset, deck)
    if path is None:
        return None
    data = table.to_bytes(LEVEL)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".partial")
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, path)
        except BaseException:
            with suppress(OSError):
                os.unlink(temporary)
            raise
    except (OSError, ValueError):  # ValueError: a NUL in the folder's name
        return None
    _forget_older(path)
    return path


def _forget_older(path: Path) -> None:
    """Remove the tables of the same rules digest made by other code or packs
    (each edit of the compiler would otherwise leave one more behind)."""
    digest = path.name.split("-", 1)[0]
    with suppress(OSError):
        for other in path.parent.glob(f"{digest}-*.table"):
            if other.name != path.name:
                with suppress(OSError):
                    other.unlink()
