"""Resolve a version: read its file, merge what it extends, validate and check it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import RulesetError, UnknownVariantError
from ..limits import MAX_CACHED_RULESETS, MAX_EXTENDS_DEPTH
from ..rules.ruleset import Ruleset
from .catalog import display_name, locate, rulesets_dir, version_beside
from .checks import check_references
from .inheritance import merge_child
from .validation import validate_model
from .yaml_source import MarkedDict, load_file


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
