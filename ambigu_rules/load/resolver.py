"""Resolve a version: read its file, merge what it extends, validate and check it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import RulesetError, UnknownVariantError
from ..limits import MAX_CACHED_RULESETS, MAX_EXTENDS_DEPTH
from ..rules.ruleset import Ruleset
from .catalog import (
    builtin_ids,
    display_name,
    locate,
    rulesets_dir,
    version_beside,
    yaml_names,
)
from .checks import check_references
from .inheritance import SET_BY_INHERITANCE, merge_child
from .validation import format_path, validate_model
from .yaml_source import MarkedDict, load_file, marks_of


@dataclass(frozen=True)
class Resolved:
    """A version after inheritance: its raw data (with positions) and its model."""

    data: MarkedDict
    ruleset: Ruleset
    path: Path


def _resolve_data(path: Path, chain: tuple[Path, ...]) -> MarkedDict:
    name = display_name(path)
    data = load_file(path, name)
    if not isinstance(data, MarkedDict):  # as every mapping that load_file reads
        raise RulesetError([f"{name}:1:1: expected a mapping of rule sections at the top"])
    if "format" not in data and "extends" not in data:
        hint = " (it looks like a replay file: use 'ambigu replay')" if "seats" in data else ""
        raise RulesetError([f"{name}:1:1: not a rule file: expected 'format: 1' and the "
                            f"rule sections at the top{hint}"])
    problem = _id_problem(path, data)
    if problem:
        raise RulesetError([problem])
    written = _written_inheritance_keys(data, (), data)
    if written:
        raise RulesetError(written)
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


def _written_inheritance_keys(value: Any, path: tuple[Any, ...], data: Any) -> list[str]:
    """A problem for each key of :data:`SET_BY_INHERITANCE` that a file writes."""
    found: list[str] = []
    if isinstance(value, dict):
        marks = marks_of(value)
        found += [f"{marks.get(key)}: {format_path((*path, key), data)}: set by inheritance, "
                  "not written by hand (the loader marks a point that comes unchanged from "
                  "the parent): remove it"
                  for key in SET_BY_INHERITANCE if key in value]
        for key, item in value.items():
            found += _written_inheritance_keys(item, (*path, key), data)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _written_inheritance_keys(item, (*path, index), data)
    return found


def id_skeleton(version_id: str) -> str:
    """What an id looks like, for telling a house file's id from a built-in one:
    case, ``-`` and ``_``, and the digits that pass for letters do not count.

    >>> id_skeleton("Russian_Courts") == id_skeleton("russian-courts")
    True
    >>> id_skeleton("f0ster") == id_skeleton("foster"), id_skeleton("I659") == id_skeleton("1659")
    (True, True)
    """
    return version_id.casefold().translate(_LOOKALIKE)


_LOOKALIKE = str.maketrans({"-": None, "_": None, "0": "o", "1": "l", "i": "l"})


def _id_problem(path: Path, data: MarkedDict) -> str | None:
    """A built-in file is named after its id; any other file's id is its own, unlike
    every built-in one, so that a house file can never pass for a built-in version."""
    own_id = data.get("id")
    if not isinstance(own_id, str | int) or isinstance(own_id, bool):
        return None  # missing or not a text: validation says so
    own_id = str(own_id)
    where = data.marks.get("id") or f"{display_name(path)}:1:1"
    builtin = rulesets_dir() / f"{path.stem}.yaml"
    if _same_file(path, builtin) and path.stem in builtin_ids():
        if own_id != path.stem:
            return (f"{where}: id: a built-in version's id is the name of its file, "
                    f"{path.stem!r}, not {own_id!r}")
        return None
    taken = [name for name in builtin_ids() if id_skeleton(name) == id_skeleton(own_id)]
    if taken:
        same = "is" if taken[0] == own_id else "looks like"
        return (f"{where}: id: {own_id!r} {same} the id of the built-in version {taken[0]!r}; "
                "a house file needs an id of its own (say 'my-" f"{taken[0]}')")
    return None


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return False


def resolve_path(path: Path) -> Resolved:
    """Load, merge and validate one rule file (structure and references)."""
    data = _resolve_data(path, ())
    ruleset = validate_model(Ruleset, data, data)
    check_references(ruleset, data)
    return Resolved(data, ruleset, path)


@lru_cache(maxsize=MAX_CACHED_RULESETS)
def _resolve_cached(path: str, stamp: tuple[float, ...]) -> Resolved:
    return resolve_path(Path(path))


def _stamp(path: Path) -> tuple[float, ...]:
    """Modification times of the file and of every built-in rule file."""
    folder = rulesets_dir()
    return (path.stat().st_mtime,
            *(os.stat(os.path.join(folder, name)).st_mtime for name in yaml_names(folder)))


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
