"""Read YAML while remembering where every value came from.

Rule files are checked with messages of the form ``file:line:col: ...``; this
module loads YAML into ordinary dicts and lists that also carry the position
of each of their entries. Duplicate keys, which PyYAML silently accepts, are
reported as errors.

A file is read under fixed limits (the constants below, listed in README.md
and ``docs/rule-format.md``): its size, the number of values once aliases are
expanded, how deep values nest, the length of a number, and the tags it may
use. Going past one is an error at the place where it happens, never a hang,
a crash or a traceback.

>>> data = loads("a: 1\\nb:\\n  - x\\n  - y\\n", "demo.yaml")
>>> data["b"][1]
'y'
>>> position_of(data, ("b", 1))
Mark(file='demo.yaml', line=4, column=5)
>>> try:
...     loads("a: &a [x, *a]", "loop.yaml")
... except RulesetError as error:
...     print(error)
loop.yaml:1:11: alias *a is used inside its own anchor &a: a value cannot contain itself
"""

from __future__ import annotations

import copy
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, cast

import yaml
from yaml.constructor import SafeConstructor

from ..errors import ComposerLimitError, RulesetError
from ..limits import MAX_FILE_BYTES, MAX_NESTING, MAX_NUMBER_LENGTH, MAX_VALUES

_YAML = "tag:yaml.org,2002:"
#: The tags a file may write: those of YAML's safe loader, and the merge key.
ALLOWED_TAGS = frozenset(
    tag for tag in SafeConstructor.yaml_constructors if tag is not None
) | {_YAML + "merge", _YAML + "value"}
_NUMBER_TAGS = (_YAML + "int", _YAML + "float")


@dataclass(frozen=True)
class Mark:
    """A place in a file; line and column count from 1.

    ``span`` is the source text of a plain value (empty for mappings and
    lists), for :func:`position_in`.
    """

    file: str
    line: int
    column: int
    span: str = field(default="", repr=False, compare=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def __deepcopy__(self, memo: dict[int, Any]) -> Mark:
        return self  # frozen: a copy of read data can share its marks


class MarkedDict(dict[Any, Any]):
    """A dict that knows where each of its values was written.

    An entry made by a program rather than read from a file may be marked
    with its container's mark, which can be None.
    """

    mark: Mark | None = None
    marks: dict[Any, Mark | None]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.marks = {}


class MarkedList(list[Any]):
    """A list that knows where each of its items was written (see MarkedDict)."""

    mark: Mark | None = None
    marks: dict[int, Mark | None]

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.marks = {}


def marks_of(value: object) -> dict[Any, Mark | None]:
    """The marks of a :class:`MarkedDict` or :class:`MarkedList`; none for other values."""
    return value.marks if isinstance(value, MarkedDict | MarkedList) else {}


class _Place(Protocol):
    """A position from PyYAML: its pure-Python or its C mark."""

    line: int
    column: int


def _at(file: str, mark: _Place) -> Mark:
    return Mark(file, mark.line + 1, mark.column + 1)


def _mark(node: yaml.Node, file: str) -> Mark:
    start, end = node.start_mark, node.end_mark
    span = ""
    if isinstance(node, yaml.ScalarNode) and start.buffer is not None and end is not None:
        span = start.buffer[start.index:end.index]
    return Mark(file, start.line + 1, start.column + 1, span)


def _tag_name(tag: str) -> str:
    return "!!" + tag.removeprefix(_YAML) if tag.startswith(_YAML) else tag


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader whose composer counts what it builds.

    Each node is composed once, but an alias stands for a whole copy of its
    anchor: the composer keeps, for every finished node, the number of values
    it expands to and its height, so that an alias adds its anchor's full
    size to the running count and its height to the current depth. Nothing
    is expanded to find out. An alias used inside its own anchor is refused.
    """

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.values = 0
        self.sizes: dict[yaml.Node, tuple[int, int]] = {}  # node -> (values, height)
        self.open: list[int] = []  # for each node being composed, its children's height

    def _grow(self, count: int, depth: int, mark: _Place | None, alias: str | None) -> None:
        self.values += count
        if self.values > MAX_VALUES:
            what = "the aliases expand to" if alias else "the file holds"
            raise ComposerLimitError(mark, f"{what} more than {MAX_VALUES:,} values (the limit)")
        if depth > MAX_NESTING:
            where = f"alias *{alias} makes values" if alias else "values are"
            raise ComposerLimitError(mark, f"{where} nested more than {MAX_NESTING} levels deep "
                                    "(the limit)")

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        # types-PyYAML leaves Parser.peek_event unannotated; it returns the next Event.
        event: yaml.Event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent):
            anchored = self.anchors.get(event.anchor)
            if anchored is not None:
                size = self.sizes.get(anchored)
                if size is None:
                    raise ComposerLimitError(event.start_mark,
                                      f"alias *{event.anchor} is used inside its own anchor "
                                      f"&{event.anchor}: a value cannot contain itself")
                count, height = size
                self._grow(count, len(self.open) + height, event.start_mark, event.anchor)
                if self.open:
                    self.open[-1] = max(self.open[-1], height)
            return super().compose_node(parent, index)
        tag = getattr(event, "tag", None)
        if tag not in (None, "!") and tag not in ALLOWED_TAGS:
            raise ComposerLimitError(event.start_mark,
                              f"tag {_tag_name(tag)!r} is not allowed: only the standard "
                              "YAML tags (!!str, !!int, !!float, !!bool, !!null, !!seq, "
                              "!!map...) may be used")
        start = self.values
        self._grow(1, len(self.open) + 1, event.start_mark, None)
        self.open.append(0)
        node = super().compose_node(parent, index)
        height = self.open.pop() + 1
        if self.open:
            self.open[-1] = max(self.open[-1], height)
        if node is not None:  # PyYAML composes a node for every event; the stubs allow None
            self.sizes[node] = (self.values - start, height)
        return node


#: Characters refused in any text a file holds once it is read (written raw or as a
#: YAML escape such as ``"\\e"`` or ``"\\u202e"``): control characters other than
#: the tab and the line feed, lone surrogates (half of a pair, not a character),
#: and the marks that reverse, embed or isolate the direction of text, which make
#: a name display as another. They would reach the terminal and the pages.
_FORBIDDEN_IN_TEXT = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029"
    "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")

_NAMED = {0x1B: "escape", 0x07: "bell", 0x00: "NUL", 0x08: "backspace", 0x0D: "carriage return",
          0x7F: "delete", 0x85: "next line", 0x2028: "line separator",
          0x2029: "paragraph separator", 0x202E: "right-to-left override",
          0x202D: "left-to-right override"}


def _character(char: str) -> str:
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return f"a lone surrogate U+{code:04X} (half of a character)"
    name = _NAMED.get(code)
    if code in range(0x202A, 0x202F) or code in range(0x2066, 0x206A) or code in (
            0x200E, 0x200F, 0x061C):
        kind = "a direction mark"
    elif code in (0x2028, 0x2029):
        kind = "a line-break character"
    else:
        kind = "a control character"
    return f"{kind} U+{code:04X}" + (f" ({name})" if name else "")


def text_problem(text: str) -> str | None:
    """What makes ``text`` unfit to be shown, or None: see :data:`_FORBIDDEN_IN_TEXT`.

    >>> text_problem("Смесь — 10♥"), text_problem("line one\\nline two")
    (None, None)
    >>> text_problem("\\x1b[2J")
    'a control character U+001B (escape) is not allowed in a text'
    >>> text_problem("\\u202efoster")
    'a direction mark U+202E (right-to-left override) is not allowed in a text'
    """
    found = _FORBIDDEN_IN_TEXT.search(text)
    if found is None:
        return None
    return f"{_character(found.group())} is not allowed in a text"


#: Line breaks to PyYAML that editors do not show as such: a file holding one would
#: have every later position counted a line off.
_HIDDEN_BREAK = re.compile("[\x85\u2028\u2029]")


class _Builder:
    """Turn a composed YAML node tree into marked Python values."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.constructor = yaml.SafeLoader("")
        self.problems: list[str] = []

    def build(self, node: yaml.Node) -> Any:
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node)
        if isinstance(node, yaml.SequenceNode):
            result = MarkedList()
            result.mark = _mark(node, self.file)
            for index, item in enumerate(node.value):
                result.marks[index] = _mark(item, self.file)
                result.append(self.build(item))
            return result
        return self._scalar(node)

    def _scalar(self, node: yaml.Node) -> Any:
        where = _mark(node, self.file)
        if node.tag in _NUMBER_TAGS and len(node.value) > MAX_NUMBER_LENGTH:
            self.problems.append(f"{where}: a number of {len(node.value)} characters is too "
                                 f"long (at most {MAX_NUMBER_LENGTH})")
            return None
        try:
            value = self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError, KeyError, OverflowError,
                AttributeError):  # '!!timestamp foo' fails inside PyYAML's date parser
            shown = node.value if isinstance(node.value, str) else ""
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            self.problems.append(f"{where}: {shown!r} cannot be read as {_tag_name(node.tag)}")
            return None
        if isinstance(value, bytes):
            self.problems.append(f"{where}: a !!binary value is not allowed: a rule or replay "
                                 "file holds text, numbers and true/false")
            return None
        if isinstance(value, str):
            problem = text_problem(value)
            if problem:
                self.problems.append(f"{where}: {problem}")
                return None
        return value

    def _mapping(self, node: yaml.MappingNode) -> MarkedDict:
        """A mapping's entries; a key written twice is an error, but keys brought in by
        YAML's merge key ``<<`` give way to the mapping's own keys, and among several
        merged mappings the first listed wins (YAML's merge rule)."""
        own = sum(1 for key, _ in node.value if key.tag != _YAML + "merge")
        try:
            self.constructor.flatten_mapping(node)
        except yaml.MarkedYAMLError as error:
            mark = error.problem_mark or node.start_mark
            self.problems.append(f"{_at(self.file, mark)}: merge key '<<': {error.problem}")
            node.value = [(k, v) for k, v in node.value if k.tag != _YAML + "merge"]
            own = len(node.value)
        # PyYAML puts the merged entries first, the later-listed merged mappings before
        # the earlier ones, then the mapping's own entries: so the last entry of a key
        # is the one that counts.
        merged = len(node.value) - own
        entries: list[tuple[Any, yaml.Node, yaml.Node]] = []
        winner: dict[Any, int] = {}  # key -> the entry whose value counts
        first_seen: dict[Any, Mark] = {}  # the mapping's own keys
        for position, (key_node, value_node) in enumerate(node.value):
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(f"{_mark(key_node, self.file)}: a key must be a plain value")
                continue
            key = self._scalar(key_node)
            if position >= merged:
                if key in first_seen:
                    self.problems.append(
                        f"{_mark(key_node, self.file)}: duplicate key {key!r} "
                        f"(first written at line {first_seen[key].line})")
                    continue
                first_seen[key] = _mark(key_node, self.file)
            winner[key] = len(entries)  # a later entry overrides (see above)
            entries.append((key, key_node, value_node))
        result = MarkedDict()
        result.mark = _mark(node, self.file)
        for key in dict.fromkeys(key for key, _, _ in entries):
            value_node = entries[winner[key]][2]
            result.marks[key] = _mark(value_node, self.file)
            result[key] = self.build(value_node)
        return result


def _where(text: str, index: int, file: str) -> str:
    """``file:line:col`` of a character of ``text``."""
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"{file}:{line}:{column}"


#: Recent texts parsed without a problem, by text, name and limits: a text read again
#: (a parent version, for each child) gets a deep copy of what it gave, its own.
_PARSED: dict[tuple[Any, ...], Any] = {}
_MEMO_ENTRIES, _MEMO_MAX_TEXT = 64, 256 * 1024


def loads(text: str, file: str = "<string>") -> Any:
    """Parse YAML text; raise :class:`RulesetError` on any problem, with its position."""
    key = (text, file, MAX_VALUES, MAX_NESTING, MAX_NUMBER_LENGTH)
    if key in _PARSED:
        _PARSED[key] = _PARSED.pop(key)  # the most recently used is kept longest
        return copy.deepcopy(_PARSED[key])
    data = _parse(text, file)
    if len(text) <= _MEMO_MAX_TEXT:
        while len(_PARSED) >= _MEMO_ENTRIES:
            del _PARSED[next(iter(_PARSED))]
        _PARSED[key] = copy.deepcopy(data)
    return data


def _parse(text: str, file: str) -> Any:
    hidden = _HIDDEN_BREAK.search(text)
    if hidden:
        raise RulesetError([f"{_where(text, hidden.start(), file)}: {_character(hidden.group())} "
                            "is not allowed in a YAML file: YAML reads it as a line break "
                            "where editors do not (use a plain new line)"])
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as error:
        raise RulesetError([f"{_where(text, error.position, file)}: control character "
                            f"U+{error.character:04X} is not allowed in a YAML file"]) from None
    try:
        node = loader.get_single_node()
    except ComposerLimitError as error:
        # PyYAML's parser marks every event; the stubs allow None.
        where = _at(file, cast(_Place, error.mark)) if error.mark else file
        raise RulesetError([f"{where}: {error.message}"]) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else file
        context = f" ({error.context})" if error.context and error.problem_mark else ""
        raise RulesetError([f"{where}: YAML syntax error: {error.problem}{context}"]) from None
    finally:
        loader.dispose()
    if node is None:
        return None
    builder = _Builder(file)
    data = builder.build(node)
    if builder.problems:
        raise RulesetError(builder.problems)
    return data


_KINDS = (
    (stat.S_ISDIR, "is a directory"),
    (stat.S_ISFIFO, "not a regular file (a FIFO)"),
    (stat.S_ISCHR, "not a regular file (a character device)"),
    (stat.S_ISBLK, "not a regular file (a block device)"),
    (stat.S_ISSOCK, "not a regular file (a socket)"),
)


def _kind_problem(mode: int) -> str | None:
    """What is wrong with a file of this mode, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((text for test, text in _KINDS if test(mode)), "not a regular file")


def _too_big(size: int) -> str:
    return (f"too big: {size:,} bytes (the limit is {MAX_FILE_BYTES // 1024 // 1024} MiB, "
            f"{MAX_FILE_BYTES:,} bytes)")


def read_bytes(path: Path, name: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    Directories, devices, FIFOs and sockets are refused without being read
    (a FIFO is opened without waiting for a writer); at most ``limit + 1``
    bytes are ever read.
    """
    try:
        problem = _kind_problem(os.stat(path).st_mode)
        if problem:
            raise RulesetError([f"{name}: {problem}"])
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            problem = _kind_problem(info.st_mode)
            if problem:  # replaced between the two looks
                raise RulesetError([f"{name}: {problem}"])
            if info.st_size > limit:
                raise RulesetError([f"{name}: {_too_big(info.st_size)}"])
            data = handle.read(limit + 1)
    except (FileNotFoundError, NotADirectoryError):
        raise RulesetError([f"{name}: no such file"]) from None
    except (ValueError, UnicodeError):  # a NUL, or a lone surrogate, in the name
        raise RulesetError([f"{name}: not a usable file name (it holds a NUL or a character "
                            "that is not text)"]) from None
    except OSError as error:
        raise RulesetError([f"{name}: cannot read the file ({error.strerror or error})"]) \
            from None
    if len(data) > limit:
        raise RulesetError([f"{name}: {_too_big(len(data))}"])
    return data


def decode(data: bytes, name: str) -> str:
    """UTF-8 text, or an error at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[:error.start].decode("utf-8")
        byte = data[error.start]
        raise RulesetError([f"{_where(before, len(before), name)}: not UTF-8: byte "
                            f"0x{byte:02X} cannot be read (save the file as UTF-8)"]) from None


def load_file(path: Path, shown_as: str | None = None) -> Any:
    """Read and parse a YAML file; the file name in messages is ``shown_as``."""
    name = shown_as or str(path)
    return loads(decode(read_bytes(path, name), name), name)


_WORD = re.compile(r"[^\s,'\"\[\]{}]+")


def position_in(mark: Mark, word: str, occurrence: int = 1) -> Mark:
    """The place of the ``occurrence``-th ``word`` inside a plain value at ``mark``.

    Words are separated by spaces and commas, as in a hand of cards; when the
    word cannot be found in the source text (written with escapes, say), the
    value's own place is returned.

    >>> value = Mark("deal.yaml", 5, 9, span="2S 3S\\n    2S 9S")
    >>> position_in(value, "2S", 2)
    Mark(file='deal.yaml', line=6, column=5)
    """
    seen = 0
    for match in _WORD.finditer(mark.span):
        if match.group() == word:
            seen += 1
            if seen == occurrence:
                before = mark.span[:match.start()]
                lines = before.count("\n")
                if lines:
                    column = match.start() - before.rfind("\n")
                else:
                    column = mark.column + match.start()
                return Mark(mark.file, mark.line + lines, column)
    return mark


def position_of(data: Any, path: tuple[Any, ...]) -> Mark | None:
    """The mark of the deepest entry along ``path`` that has one."""
    best: Mark | None = getattr(data, "mark", None)
    node = data
    for key in path:
        marks = getattr(node, "marks", None)
        if marks is None:
            break
        if key in marks:
            best = marks[key]
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
        own = getattr(node, "mark", None)
        if own is not None and key not in marks:
            best = own
    return best
