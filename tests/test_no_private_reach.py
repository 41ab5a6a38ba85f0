"""No module of the package reaches into another's private names.

A name that starts with ``_`` is private to its module or class: another
module neither imports it nor reads it on an object (``game._event``,
``evaluator._key_list``, ``round_._legal`` were such reaches). Within a class,
``self``, ``cls`` and the ``other`` of a comparison may use them.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ambigu_rules"
OWN = {"self", "cls", "other"}


def private_reaches(source: str) -> list[str]:
    """Each import or attribute of another's private name in ``source``.

    >>> private_reaches("from .x import _y\\ngame._event()\\nself._ok = 1")
    ['line 1: import _y', 'line 2: game._event']
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [f"line {node.lineno}: import {alias.name}" for alias in node.names
                      if _private(alias.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id in OWN):
                found.append(f"line {node.lineno}: {ast.unparse(owner)}.{node.attr}")
    return sorted(found, key=lambda text: int(text.split()[1].rstrip(":")))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_reaches_into_another_modules_private_names() -> None:
    reaches = {
        str(path.relative_to(PACKAGE)): private_reaches(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    }
    assert {name: found for name, found in reaches.items() if found} == {}


def test_the_check_sees_a_reach() -> None:
    assert private_reaches("import x\nx.y._z\n") == ["line 2: x.y._z"]
