"""Every exception class of the package is defined in ``ambigu_rules/errors.py``.

Issue 21: one home for the errors a caller may catch. A class whose base is an
exception (a name ending in ``Error`` or ``Exception``, as every exception of
the standard library and of this package is named) and that is defined in any
other module fails here, with its place.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ambigu_rules"
HOME = PACKAGE / "errors.py"


def base_names(node: ast.ClassDef) -> list[str]:
    names = []
    for base in node.bases:
        if isinstance(base, ast.Name):
            names.append(base.id)
        elif isinstance(base, ast.Attribute):
            names.append(base.attr)
    return names


def exception_classes(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: class {node.name}"
            for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
            and any(name.endswith(("Error", "Exception")) for name in base_names(node))]


def test_every_exception_class_is_defined_in_errors_py() -> None:
    elsewhere = [found for path in sorted(PACKAGE.rglob("*.py")) if path != HOME
                 for found in exception_classes(path)]
    assert elsewhere == [], "exception classes outside errors.py:\n" + "\n".join(elsewhere)


def test_the_check_finds_the_package_s_own_errors() -> None:
    # The check reads errors.py the same way: it must see the classes there.
    found = exception_classes(HOME)
    assert any("class AmbiguError" in line for line in found)
    assert any("class ReportError" in line for line in found)
