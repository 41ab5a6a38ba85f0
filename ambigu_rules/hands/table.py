"""The table of every hand of a version, as plain data: read, written, looked up.

:mod:`.compiler` builds a version's table with numpy, once, from the rule
file. This module holds what the table *is* — for each four-card hand, the
index of its best combination (or -1), that combination's value and the
hand's rank key — and everything done with it afterwards, in plain Python:
looking a hand up, counting the odds, and writing the table to bytes and
reading it back. A program that reads a table written elsewhere (the site's
Python in the browser, where numpy is not available) plays with it without
ever importing numpy.

The rows follow the hands in one fixed order: the four-card combinations of
the deck's cards in increasing order (:func:`hand_masks`).

>>> table = HandTable(best=[0, -1], values=[3, 0], keys=[9, 0], combination_ids=("sequence",))
>>> HandTable.from_bytes(table.to_bytes()) == table
True
"""

from __future__ import annotations

import hashlib
import json
import sys
import zlib
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from ..errors import RulesetError
from ..rules.common import played_parts
from ..rules.deck import HAND_SIZE
from ..rules.ruleset import Ruleset

#: The version of the table format, in :data:`MAGIC` and in the names of cached tables.
FORMAT_VERSION = 2
#: What starts a table file, with the format's version.
MAGIC = b"AMBIGU-TABLE %d\n" % FORMAT_VERSION


def hand_masks(cards: Sequence[int]) -> list[int]:
    """The bitmask of each hand (bit ``c`` for card ``c``), in table order.

    >>> hand_masks([0, 1, 2, 3, 4])[:2]
    [15, 23]
    """
    bits = [1 << card for card in sorted(cards)]  # distinct bits: their sum is their union
    return list(map(sum, combinations(bits, HAND_SIZE)))


@dataclass(frozen=True)
class HandTable:
    """For each hand in table order: best combination, value, rank key.

    ``best`` indexes ``combination_ids`` (-1: the hand holds none);
    ``rules`` fingerprints the parts of the rule file the table was made from
    (:func:`rules_digest`), so that a table is never used for other rules.
    """

    best: Sequence[int]
    values: Sequence[int]
    keys: list[int]
    combination_ids: tuple[str, ...]
    rules: str = ""

    def __post_init__(self) -> None:
        if not len(self.best) == len(self.values) == len(self.keys):
            raise RulesetError(["a hand table's columns differ in length"])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandTable):
            return NotImplemented
        return (list(self.best), list(self.values), list(self.keys), self.combination_ids,
                self.rules) == (list(other.best), list(other.values), list(other.keys),
                                other.combination_ids, other.rules)

    __hash__ = None  # type: ignore[assignment]

    @property
    def size(self) -> int:
        return len(self.best)

    def counts(self) -> list[int]:
        """How many hands have each combination as their best; the last entry: none."""
        counts = [0] * (len(self.combination_ids) + 1)
        for index in self.best:
            counts[index] += 1
        return counts

    def values_of(self, index: int) -> list[int]:
        """The distinct values paid for combination ``index`` across the hands it is best in."""
        return sorted(self._values_by_best.get(index, ()))

    @cached_property
    def _values_by_best(self) -> dict[int, frozenset[int]]:
        """For each combination index (and -1), the values its hands are paid: one pass
        over the rows, made the first time :meth:`values_of` is asked (the columns are
        never changed once the table is made)."""
        found: dict[int, set[int]] = {}
        for best, value in zip(self.best, self.values, strict=True):
            found.setdefault(best, set()).add(value)
        return {index: frozenset(values) for index, values in found.items()}

    def mean_value(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    # -- bytes ---------------------------------------------------------------

    def to_bytes(self, level: int = 9) -> bytes:
        """The table as compressed bytes: a header, then three columns.

        After the first line (:data:`MAGIC`) comes one zlib stream: a line of
        JSON (``rows``, ``combinations``, ``rules``, ``keys``), then the rows'
        value (signed 32-bit: every value a rule file may give, up to
        :data:`~ambigu_rules.limits.MAX_COUNTERS`, fits), the index of their
        rank key in ``keys`` (unsigned 32-bit) and their best combination
        (signed bytes), little-endian. The 32-bit columns come first, so that
        a reader can view each column in place (a typed array's offset must be
        a multiple of its item size). The rank keys are stored once each (a
        version has few distinct keys) and every hand holds an index into them.
        ``level`` is zlib's (9, the smallest, for the site's files; the disk
        cache of :mod:`.table_cache` writes faster, larger files).

        >>> big = HandTable(best=[0, -1], values=[10**9, 0], keys=[5, 0], combination_ids=("x",))
        >>> HandTable.from_bytes(big.to_bytes()).values[0]
        1000000000
        """
        distinct = sorted(set(self.keys))
        position = {key: index for index, key in enumerate(distinct)}
        header = {"rows": self.size, "combinations": list(self.combination_ids),
                  "rules": self.rules, "keys": distinct}
        columns = [_column(VALUE_TYPECODE, self.values),
                   _column(KEY_INDEX_TYPECODE, (position[key] for key in self.keys)),
                   _column("b", self.best)]
        body = b"".join(_little_endian(column).tobytes() for column in columns)
        return MAGIC + zlib.compress(json.dumps(header).encode("utf-8") + b"\n" + body, level)

    @classmethod
    def from_bytes(cls, data: bytes) -> HandTable:
        """Read what :meth:`to_bytes` wrote; a damaged or foreign file is a clear error."""
        if not data.startswith(MAGIC):
            raise RulesetError(["not a hand table (it does not start with the table header)"])
        try:
            raw = zlib.decompress(data[len(MAGIC):])
            head, body = raw.split(b"\n", 1)
            header = json.loads(head)
            rows = int(header["rows"])
            values, positions = array(VALUE_TYPECODE), array(KEY_INDEX_TYPECODE)
            best = array("b")
            values.frombytes(body[:rows * 4])
            positions.frombytes(body[rows * 4:rows * 8])
            best.frombytes(body[rows * 8:rows * 9])
            values, positions = _little_endian(values), _little_endian(positions)
            distinct = [int(key) for key in header["keys"]]
            keys = [distinct[index] for index in positions]
            ids = tuple(str(name) for name in header["combinations"])
            rules = str(header["rules"])
        except (ValueError, KeyError, TypeError, IndexError, zlib.error) as error:
            raise RulesetError([f"a damaged hand table: {error}"]) from None
        if not len(best) == len(values) == len(keys) == rows:
            raise RulesetError(["a damaged hand table: its columns are cut short"])
        return cls(best=best, values=values, keys=keys, combination_ids=ids,
                   rules=rules)


#: The typecodes of the 32-bit columns (``array``'s sizes depend on the platform).
VALUE_TYPECODE = next(code for code in "ilq" if array(code).itemsize == 4)
KEY_INDEX_TYPECODE = VALUE_TYPECODE.upper()


def _column(typecode: str, items: Iterable[int] = ()) -> array[int]:
    """An array of ``items``; a value that does not fit is a clear error, not a wrap.

    >>> _column("b", [200])
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.RulesetError: a hand table value 200 does not fit its column
    """
    values = list(items)
    try:
        return array(typecode, values)
    except OverflowError:
        wrong = next(item for item in values if not _fits(typecode, item))
        raise RulesetError([f"a hand table value {wrong} does not fit its column"]) from None


def _fits(typecode: str, item: int) -> bool:
    try:
        array(typecode, [item])
    except OverflowError:
        return False
    return True


def _little_endian(column: array[int]) -> array[int]:
    """``column`` in little-endian order (the file's), whatever this machine's order."""
    if sys.byteorder == "big":
        column = array(column.typecode, column)
        column.byteswap()
    return column


def tiers(ruleset: Ruleset) -> dict[str, int]:
    """Each combination's tier in the ranking, 1 for the lowest (tied ones share it)."""
    return {name: position + 1 for position, tier in enumerate(ruleset.ranking.order)
            for name in tier}




def rules_digest(ruleset: Ruleset) -> str:
    """A fingerprint of what decides a version's table: its pack, combinations, and
    their order in the ranking (not who wins an exact tie: that is the showdown's).

    Only what is played counts (:func:`~ambigu_rules.rules.common.played_parts`):
    versions equal in it share their table, whatever their names, sources and
    evidence say — 1659, 1702 and 1730 do, and so does a house rule file that
    changes only the procedure of the version it extends.
    """
    played = {"deck": played_parts(ruleset.deck),
              "combinations": played_parts(ruleset.combinations),
              "ranking": played_parts(ruleset.ranking.order)}
    dump = json.dumps(played, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(dump.encode("utf-8")).hexdigest()[:16]
