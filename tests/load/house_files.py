"""A house rule file written into a test's folder, and the problems its loading reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.errors import RulesetError
from ambigu_rules.load.resolver import resolve_path

#: The head of a house file that extends 1730, to which a test adds its lines.
HOUSE = """\
format: 1
id: house
title: A house version
short_title: House
summary: The 1730 rules with changes.
extends: "1730"
"""


def problems_of(tmp_path: Path, text: str, name: str = "house.yaml") -> list[str]:
    """Write ``text`` as ``name`` in ``tmp_path``, load it, and return its problems
    (the loading must fail)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        resolve_path(path)
    return caught.value.problems
