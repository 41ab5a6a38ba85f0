"""Read YAML while remembering where every value came from.

Rule files are checked with messages of the form ``file:line:col: ...``; this
module loads YAML into ordinary dicts and lists that also carry the position
of each of their entries. Duplicate keys, which PyYAML silently accepts, are
reported as errors.

>>> data = loads("a: 1\\nb:\\n  - x\\n  - y\\n", "demo.yaml")
>>> data["b"][1]
'y'
>>> position_of(data, ("b", 1))
Mark(file='demo.yaml', line=4, column=5)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .errors import RulesetError


@dataclass(frozen=True)
class Mark:
    """A place in a file; line and column count from 1."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class MarkedDict(dict):
    """A dict that knows where each of its values was written."""

    mark: Mark | None = None
    marks: dict[Any, Mark]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.marks = {}


class MarkedList(list):
    """A list that knows where each of its items was written."""

    mark: Mark | None = None
    marks: dict[int, Mark]

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.marks = {}


def _mark(node: yaml.Node, file: str) -> Mark:
    return Mark(file, node.start_mark.line + 1, node.start_mark.column + 1)


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
        return self.constructor.construct_object(node, deep=True)

    def _mapping(self, node: yaml.MappingNode) -> MarkedDict:
        self.constructor.flatten_mapping(node)
        result = MarkedDict()
        result.mark = _mark(node, self.file)
        first_seen: dict[Any, Mark] = {}
        for key_node, value_node in node.value:
            key = self.constructor.construct_object(key_node, deep=True)
            if isinstance(key, list | dict):
                self.problems.append(f"{_mark(key_node, self.file)}: a key must be a plain value")
                continue
            key_mark = _mark(key_node, self.file)
            if key in first_seen:
                self.problems.append(
                    f"{key_mark}: duplicate key {key!r} "
                    f"(first written at line {first_seen[key].line})"
                )
                continue
            first_seen[key] = key_mark
            value = self.build(value_node)
            result.marks[key] = _mark(value_node, self.file)
            result[key] = value
        return result


def loads(text: str, file: str = "<string>") -> Any:
    """Parse YAML text; raise :class:`RulesetError` on a syntax error or duplicate key."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else file
        raise RulesetError([f"{where}: YAML syntax error: {error.problem}"]) from None
    if node is None:
        return None
    builder = _Builder(file)
    data = builder.build(node)
    if builder.problems:
        raise RulesetError(builder.problems)
    return data


def load_file(path: Path, shown_as: str | None = None) -> Any:
    """Read and parse a YAML file; the file name in messages is ``shown_as``."""
    name = shown_as or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesetError([f"{name}: no such file"]) from None
    except (OSError, UnicodeDecodeError) as error:
        raise RulesetError([f"{name}: cannot read the file ({error})"]) from None
    return loads(text, name)


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
