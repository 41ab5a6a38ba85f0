"""The problems of a rule file as data, for ``ambigu validate --json``.

The loader reports each problem as one line of text (see
:class:`ambigu_rules.errors.SourceError`)::

    file:line:col: path: what is wrong      (the usual form)
    file:line:col: what is wrong            (a problem of the YAML text itself)
    file: what is wrong                     (the file as a whole: missing, too big…)
    path: what is wrong                     (a place the loader has no position for)

:func:`parse_problem` reads one such line back into its parts, and
``str(problem)`` gives the line again, character for character.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypedDict

# "12:3: " after "file:"; lines and columns count from 1.
_POSITION = re.compile(r"(?P<line>[1-9][0-9]*):(?P<column>[1-9][0-9]*): ")
# A file the caller did not name: the shortest prefix with no ": " in it that is
# followed by ":line:col: ".
_PLACED = re.compile(r"(?P<file>(?:(?!: ).)+?):(?=[1-9][0-9]*:[1-9][0-9]*: )", re.S)
# A file named without a position: a YAML file's name with no ": " in it.
_NAMED = re.compile(r"(?P<file>(?:(?!: ).)+?\.ya?ml): ", re.S)
# A path (``combinations[3].value``, ``(top level)``) has no space; a message
# that opens with words ("YAML syntax error: …", "not UTF-8: …") is no path.
_PATH = re.compile(r"(?P<path>\(top level\)|[^\s'\"]\S*?): ", re.S)


class ProblemJson(TypedDict):
    """One problem in ``ambigu validate --json``."""

    file: str | None
    line: int | None
    column: int | None
    path: str | None
    message: str


@dataclass(frozen=True)
class Problem:
    """One problem of a rule file, in its parts; a part the line does not give is None."""

    file: str | None
    line: int | None
    column: int | None
    path: str | None
    message: str

    def __str__(self) -> str:
        """The problem as the loader wrote it, ``file:line:col: path: message``."""
        where = self.file
        if self.file is not None and self.line is not None:
            where = f"{self.file}:{self.line}:{self.column}"
        return ": ".join(part for part in (where, self.path, self.message) if part is not None)

    def to_json(self, default_file: str | None = None) -> ProblemJson:
        """The problem for JSON output; ``default_file`` stands for a file the line does
        not name (the file being validated)."""
        return {"file": self.file if self.file is not None else default_file,
                "line": self.line, "column": self.column,
                "path": self.path, "message": self.message}


def parse_problem(text: str, files: Iterable[str] = ()) -> Problem:
    """Read one problem line into file, line, column, path and message.

    ``files`` are names the line may start with (the file being validated, as
    messages name it): they are matched first, so that a name holding ``:``
    (or anything else) is read whole.

    >>> def parts(problem: Problem) -> tuple[object, ...]:
    ...     return problem.file, problem.line, problem.column, problem.path, problem.message
    >>> parts(parse_problem("house.yaml:9:12: combinations[0].value: expected a number"))
    ('house.yaml', 9, 12, 'combinations[0].value', 'expected a number')
    >>> parts(parse_problem("a.yaml:8:1: YAML syntax error: found another document"))
    ('a.yaml', 8, 1, None, 'YAML syntax error: found another document')
    >>> parts(parse_problem("a:b.yaml: no such file", ["a:b.yaml"]))
    ('a:b.yaml', None, None, None, 'no such file')
    >>> parts(parse_problem("players.min: expected a whole number from 2 to 52, got 1"))
    (None, None, None, 'players.min', 'expected a whole number from 2 to 52, got 1')
    """
    file, rest = _split_file(text, files)
    line = column = None
    if file is not None:
        position = _POSITION.match(rest)
        if position:
            line, column = int(position["line"]), int(position["column"])
            rest = rest[position.end():]
        else:
            rest = rest.removeprefix(" ")
    path_match = _PATH.match(rest)
    if path_match:
        return Problem(file, line, column, path_match["path"], rest[path_match.end():])
    return Problem(file, line, column, None, rest)


def _split_file(text: str, files: Iterable[str]) -> tuple[str | None, str]:
    """The file a problem line names (None if it names none), and what follows its
    ``:``: ``line:col: …`` or `` message``."""
    for name in sorted({name for name in files if name}, key=len, reverse=True):
        if text.startswith(name + ":"):
            after = text[len(name) + 1:]
            if _POSITION.match(after) or after.startswith(" "):
                return name, after
    for pattern in (_PLACED, _NAMED):
        found = pattern.match(text)
        if found:
            return found["file"], text[len(found["file"]) + 1:]
    return None, text


def problems_json(problems: Iterable[str], file: str,
                  files: Iterable[str] = ()) -> list[ProblemJson]:
    """The problems of ``file`` (the name the user gave) as JSON objects; ``files``
    are the names its problem lines may give it (see :func:`parse_problem`).

    >>> problems_json(["(top level): missing required key 'format'"], "h.yaml")[0]["file"]
    'h.yaml'
    """
    names = [file, *files]
    return [parse_problem(text, names).to_json(default_file=file) for text in problems]
