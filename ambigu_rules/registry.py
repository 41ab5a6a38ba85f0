"""Find, resolve and check rule files.

A built-in version is a file ``rulesets/<id>.yaml``; any other path to a
YAML file is a user's own version. ``extends:`` names a built-in id, or a
relative path to a ``.yaml``/``.yml`` file in the folder of the file that
extends or below it: no absolute path, and no ``..`` or symbolic link that
leads out of that folder.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import RulesetError, UnknownVariantError
from .inheritance import merge_child
from .limits import MAX_CACHED_RULESETS, MAX_EXTENDS_DEPTH
from .model import Ruleset
from .validation import validate_model
from .yaml_source import MarkedDict, load_file

# Files in rulesets/ that are not versions of the game.
SUPPORT_FILES = {"sources", "decks"}


def rulesets_dir() -> Path:
    """The directory of the built-in rule files (``AMBIGU_RULESETS`` overrides)."""
    override = os.environ.get("AMBIGU_RULESETS")
    if override:
        return Path(override)
    package = Path(__file__).resolve().parent
    installed = package / "rulesets"  # where a wheel puts them
    if installed.is_dir():
        return installed
    return package.parent / "rulesets"  # the repository's own folder


def builtin_ids() -> list[str]:
    """Ids of the built-in versions, in file-name order."""
    return sorted(
        path.stem
        for path in rulesets_dir().glob("*.yaml")
        if path.stem not in SUPPORT_FILES
    )


def _display_name(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        base = rulesets_dir().parent
        try:
            return str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            return str(path)


YAML_SUFFIXES = (".yaml", ".yml")


def locate(name: str) -> Path:
    """The file of a version given by built-in id or by path.

    A path that exists but is no regular file (a directory, a FIFO) is
    returned too: reading it then says what it is.
    """
    if name in builtin_ids():
        return rulesets_dir() / f"{name}.yaml"
    candidate = Path(name)
    if candidate.suffix in YAML_SUFFIXES and candidate.exists():
        return candidate
    known = ", ".join(builtin_ids())
    raise UnknownVariantError(
        f"unknown variant {name!r}: expected one of {known}, or a path to a .yaml file"
    )


def version_beside(parent: Any, child: Path) -> Path:
    """The version that ``child`` names as ``parent`` (see the module's policy).

    Used for a rule file's ``extends:`` and a replay's ``variant:``.

    Raises :class:`UnknownVariantError` saying what is allowed.
    """
    allowed = (f"expected a built-in version ({', '.join(builtin_ids())}) or a relative "
               "path to a .yaml or .yml file in this file's folder or below it")
    if isinstance(parent, bool) or not isinstance(parent, str | int):
        raise UnknownVariantError(f"unknown variant {parent!r}: {allowed}")
    name = str(parent)
    if name in builtin_ids():
        return rulesets_dir() / f"{name}.yaml"
    relative = Path(name)
    if relative.is_absolute():
        raise UnknownVariantError(f"{name!r} is an absolute path: {allowed}")
    if relative.suffix not in YAML_SUFFIXES:
        raise UnknownVariantError(f"unknown variant {name!r}: {allowed}")
    folder = child.parent.resolve()
    target = (child.parent / relative).resolve()
    if not target.is_relative_to(folder):
        raise UnknownVariantError(
            f"{name!r} leads outside the folder of this file ({folder}): {allowed}")
    if not target.exists():
        raise UnknownVariantError(f"no such file {name!r} in this file's folder: {allowed}")
    return target


@dataclass(frozen=True)
class Resolved:
    """A version after inheritance: its raw data (with positions) and its model."""

    data: MarkedDict
    ruleset: Ruleset
    path: Path


def _resolve_data(path: Path, chain: tuple[Path, ...]) -> MarkedDict:
    name = _display_name(path)
    data = load_file(path, name)
    if not isinstance(data, MarkedDict):  # as every mapping that load_file reads
        raise RulesetError([f"{name}:1:1: expected a mapping of rule sections at the top"])
    if "format" not in data and "extends" not in data:
        hint = " (it looks like a replay file: use 'ambigu replay')" if "seats" in data else ""
        raise RulesetError([f"{name}:1:1: not a rule file: expected 'format: 1' and the "
                            f"rule sections at the top{hint}"])
    if path.resolve() in chain:
        raise RulesetError([f"{name}:1:1: extends: the chain of 'extends' loops back to itself"])
    parent_name = data.get("extends")
    if parent_name is None:
        return data
    if len(chain) >= MAX_EXTENDS_DEPTH:
        raise RulesetError([f"{name}:1:1: extends: more than {MAX_EXTENDS_DEPTH} levels of "
                            "extends"])
    try:
        parent_path = version_beside(parent_name, path)
    except UnknownVariantError as error:
        raise RulesetError([f"{data.marks.get('extends')}: extends: {error}"]) from None
    parent = _resolve_data(parent_path, (*chain, path.resolve()))
    return merge_child(parent, data, str(parent.get("id")))


def resolve_path(path: Path) -> Resolved:
    """Load, merge and validate one rule file (structure and references)."""
    from .checks import check_references

    data = _resolve_data(path, ())
    ruleset = validate_model(Ruleset, data, data)
    check_references(ruleset, data)
    return Resolved(data, ruleset, path)


@lru_cache(maxsize=MAX_CACHED_RULESETS)
def _resolve_cached(path: str, stamp: tuple[float, ...]) -> Resolved:
    return resolve_path(Path(path))


def _stamp(path: Path) -> tuple[float, ...]:
    """Modification times of the file and of every built-in rule file."""
    files = [path, *sorted(rulesets_dir().glob("*.yaml"))]
    return tuple(f.stat().st_mtime for f in files)


def resolve(name: str) -> Resolved:
    """Resolve a version by id or path (cached while no rule file changes)."""
    path = locate(name)
    return _resolve_cached(str(path.resolve()), _stamp(path))


def load_ruleset(name: str) -> Ruleset:
    """The validated ruleset of a version given by id or path."""
    return resolve(name).ruleset


def resolved_plain(data: Any) -> Any:
    """The resolved data as plain dicts and lists (for JSON and YAML output)."""
    if isinstance(data, dict):
        return {key: resolved_plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [resolved_plain(item) for item in data]
    return data
