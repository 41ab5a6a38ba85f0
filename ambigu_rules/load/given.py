"""A version as a caller gives it: a built-in id, a path, or a ruleset already loaded.

>>> ruleset_of("1730").id
'1730'
>>> ruleset_of(ruleset_of("foster")).id
'foster'
>>> from pathlib import Path
>>> ruleset_of(Path("docs/variants/split-ties.yaml")).extends  # a house file
'foster'
"""

from __future__ import annotations

import os

from ..errors import UnknownVariantError
from ..rules.ruleset import Ruleset
from .resolver import load_ruleset

#: What every entry point of the Python API takes as a version.
Version = Ruleset | str | os.PathLike[str]


def ruleset_of(version: Version) -> Ruleset:
    """The validated ruleset of ``version`` (a ruleset is returned as it is)."""
    if isinstance(version, Ruleset):
        return version
    if isinstance(version, str | os.PathLike):
        return load_ruleset(os.fspath(version))
    raise UnknownVariantError(
        f"a version is a built-in id, a path to a rule file or a Ruleset, "
        f"got {type(version).__name__}")
