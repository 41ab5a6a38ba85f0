"""Characters that must never reach a terminal or a file's accepted text, and safe ids.

The command line's contract (issue 20, classes 1, 5 and 6): what ``ambigu``
prints holds no raw control character (C0 but the new line, DEL, C1), no
bidirectional control, no line or paragraph separator and no lone surrogate
(a real UTF-8 stdout cannot even encode one: the write raises); a file that
``validate`` accepts holds none of them in its texts either (a new line and
a tab are allowed in a text, as block scalars and notes have them); and the
id of an accepted file, which names files (``<id>.table``, ``<id>.yaml``,
``versions/<id>/``), is a safe file name.
"""

from __future__ import annotations

import json
import os
import re
from collections import deque
from collections.abc import Iterator
from typing import Any

#: A safe id: what the site may use as a file name (``rules.common._identifier``).
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")

BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
SEPARATORS = frozenset("\u2028\u2029")


def category(char: str) -> str | None:
    r"""Which forbidden family ``char`` is of (``C0``, ``DEL``, ``C1``, ``bidi``,
    ``separator``, ``surrogate``), or None for a harmless character.

    >>> [category(c) for c in "a\n\t\x1b\x7f\x85\u202e\u2028\ud800\u200b"]
    [None, None, 'C0', 'C0', 'DEL', 'C1', 'bidi', 'separator', 'surrogate', None]
    """
    code = ord(char)
    if code < 0x20:
        return None if char == "\n" else "C0"
    if code == 0x7F:
        return "DEL"
    if 0x80 <= code <= 0x9F:
        return "C1"
    if char in BIDI:
        return "bidi"
    if char in SEPARATORS:
        return "separator"
    if 0xD800 <= code <= 0xDFFF:
        return "surrogate"
    return None


_SUSPECT = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                      "\u2066-\u2069\u2028\u2029\ud800-\udfff]")


def raw_controls(text: str) -> list[tuple[int, str, str]]:
    r"""``(line number, character, family)`` of each forbidden character of printed text
    (lines counted by ``\n``), at most one per family.

    >>> raw_controls("ok\nred: \x1b[31m x\x1b \u202e")
    [(2, '\x1b', 'C0'), (2, '\u202e', 'bidi')]
    """
    found: dict[str, tuple[int, str, str]] = {}
    for match in _SUSPECT.finditer(text):
        family = category(match.group())
        if family is not None and family not in found:
            found[family] = (text.count("\n", 0, match.start()) + 1, match.group(), family)
    return sorted(found.values())


def text_problem(text: str) -> str | None:
    """The family of the first character a text field must not hold (a tab and a new
    line are allowed there), or None."""
    for match in _SUSPECT.finditer(text):
        if match.group() != "\t":
            return category(match.group())
    return None


def bad_texts(data: Any, path: str = "") -> Iterator[tuple[str, str, str]]:
    r"""``(path, family, repr of the text)`` of every key or text of a tree that holds a
    forbidden character (:func:`text_problem`).

    >>> list(bad_texts({"title": "a\x07b", "ok": ["fine", {"x\u2028": 1}]}))
    [('title', 'C0', "'a\\x07b'"), ('ok[1]', 'separator', "'x\\u2028'")]
    """
    stack: deque[tuple[str, Any]] = deque([(path, data)])
    seen: set[int] = set()
    while stack:
        where, node = stack.popleft()
        if isinstance(node, dict):
            if id(node) in seen:
                continue
            seen.add(id(node))
            for key, value in node.items():
                inner = f"{where}.{key}" if where else str(key)
                if isinstance(key, str) and (family := text_problem(key)):
                    yield where or "(top)", family, repr(key)[:80]
                stack.append((inner, value))
        elif isinstance(node, list | tuple):
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.extend((f"{where}[{i}]", item) for i, item in enumerate(node))
        elif isinstance(node, str) and (family := text_problem(node)):
            yield where or "(top)", family, repr(node)[:80]


def nested_ids(data: Any, path: str = "") -> Iterator[tuple[str, str]]:
    r"""``(path, id)`` of every ``id`` below the top of a tree (combinations, steps...).

    >>> list(nested_ids({"id": "top", "combinations": [{"id": "a/b"}]}))
    [('combinations[0].id', 'a/b')]
    """
    stack: deque[tuple[str, Any]] = deque([(path, data)])
    while stack:
        where, node = stack.popleft()
        if isinstance(node, dict):
            for key, value in node.items():
                inner = f"{where}.{key}" if where else str(key)
                if key == "id" and where and isinstance(value, str):
                    yield inner, value
                stack.append((inner, value))
        elif isinstance(node, list | tuple):
            stack.extend((f"{where}[{i}]", item) for i, item in enumerate(node))


def id_problem(ruleset_id: object) -> str | None:
    r"""What makes an accepted id unsafe as a file name (None if it is safe).

    >>> [id_problem(x) for x in ("foster", "russian-courts", "../x", "a\\b", "x" * 65)]
    [None, None, 'slash', 'backslash', 'long']
    """
    if not isinstance(ruleset_id, str):
        return "not text"
    if SAFE_ID.fullmatch(ruleset_id):
        return None
    for family, test in (("nul", "\x00" in ruleset_id), ("slash", "/" in ruleset_id),
                         ("backslash", "\\" in ruleset_id), ("dots", ".." in ruleset_id),
                         ("long", len(ruleset_id) > 64), ("empty", not ruleset_id)):
        if test:
            return family
    return "character"


def escapes_folder(ruleset_id: str, folder: str = "/site/assets/tables") -> bool:
    """Whether the table writer's ``folder / f"{id}.table"`` would land outside ``folder``
    (computed, never written).

    >>> escapes_folder("foster"), escapes_folder("../../../tmp/x"), escapes_folder("/etc/x")
    (False, True, True)
    """
    target = os.path.normpath(os.path.join(folder, f"{ruleset_id}.table"))
    return os.path.dirname(target) != os.path.normpath(folder)


def quoted(text: str) -> str:
    r"""``text`` as a YAML double-quoted scalar in ASCII (JSON's escapes are YAML's).

    >>> quoted("a\x00\u202e")
    '"a\\u0000\\u202e"'
    """
    return json.dumps(text, ensure_ascii=True)
