"""The wheel carries every package of ``ambigu_rules`` (pyproject.toml lists them).

setuptools builds the wheel from the list ``[tool.setuptools] packages``; a
package folder missing from it is left out of the wheel without a word, and
only ``make check-wheel`` (the installed wheel, outside the checkout) would
find the import that fails. Twice a new package was missed that way
(``ambigu_rules.learning``, then ``ambigu_rules.words.format_keys``): this test
finds it in the suite, from the folders themselves.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_folder_is_listed_for_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    folders = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "ambigu_rules").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert folders - listed == set()
