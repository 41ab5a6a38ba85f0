"""Check that the package imported here is the compiled build, module by module.

Run inside a compiled copy (``make compiled``, then ``cd build/compiled``):
every module ``setup.py`` lists must load from a C extension, so the tests run
there test the compiled engine and not, silently, the pure Python sources
(such as the editable install of the checkout, which ``PYTHONPATH=.`` puts
behind the copy).

Usage: PYTHONPATH=. python tools/check_compiled.py   (exit 1 naming any module that is not compiled)
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def listed_modules(setup_py: Path) -> list[str]:
    """The dotted names of the modules ``setup.py`` compiles (its COMPILED_MODULES)."""
    tree = ast.parse(setup_py.read_text())
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "COMPILED_MODULES"):
            paths: list[str] = ast.literal_eval(node.value)
            return [path.removesuffix(".py").replace("/", ".") for path in paths]
    raise SystemExit(f"check_compiled: no COMPILED_MODULES in {setup_py}")


def main() -> int:
    names = listed_modules(ROOT / "setup.py")
    pure = [name for name in names
            if not str(importlib.import_module(name).__file__).endswith(".so")]
    if pure:
        print(f"check_compiled: not compiled here: {', '.join(pure)} (run `make compiled` "
              "and run this from build/compiled)", file=sys.stderr)
        return 1
    print(f"check_compiled: all {len(names)} listed modules load compiled code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
