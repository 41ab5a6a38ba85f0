"""The catalog of built-in files: the versions, the decks and the sources.

A built-in version is a file ``rulesets/<id>.yaml``; any other path to a
YAML file is a user's own version. ``extends:`` names a built-in id, or a
relative path to a ``.yaml``/``.yml`` file in the folder of the file that
extends or below it: no absolute path, and no ``..`` or symbolic link that
leads out of that folder.

>>> deck = standard_deck()
>>> deck.format_hand(deck.parse_hand("10H 9d 7♣ 6S"))
'10♥ 9♦ 7♣ 6♠'
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import RulesetError, UnknownVariantError
from ..hands.evaluator import use_packs
from ..rules.deck import Deck, DeckSpec
from ..rules.ruleset import Ruleset
from ..rules.sources import Bibliography
from ..rules.table import DeckRule
from .validation import did_you_mean, validate_model
from .yaml_source import load_file

# Files in rulesets/ that are not versions of the game.
SUPPORT_FILES = {"sources", "decks"}


def rulesets_dir() -> Path:
    """The directory of the built-in rule files (``AMBIGU_RULESETS`` overrides)."""
    override = os.environ.get("AMBIGU_RULESETS")
    if override:
        return Path(override)
    return _package_rulesets()


@cache
def _package_rulesets() -> Path:
    """The package's own folder of rule files (where the package lies does not
    change while it runs; found once, as every version loaded asks)."""
    package = Path(__file__).resolve().parent.parent
    installed = package / "rulesets"  # where a wheel puts them
    if installed.is_dir():
        return installed
    return package.parent / "rulesets"  # the repository's own folder


def yaml_names(folder: Path) -> list[str]:
    """The names of the ``*.yaml`` entries of ``folder``, sorted: what
    ``folder.glob("*.yaml")`` finds (nothing if it cannot be read), in one listing
    (a version is loaded often, and pathlib's glob makes a path of every entry).

    >>> yaml_names(rulesets_dir())[:2]
    ['1659.yaml', '1702.yaml']
    """
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(name for name in names if name.endswith(".yaml"))


def builtin_ids() -> list[str]:
    """Ids of the built-in versions, in file-name order."""
    stems = (os.path.splitext(name)[0] for name in yaml_names(rulesets_dir()))
    return sorted(stem for stem in stems if stem not in SUPPORT_FILES)


def display_name(path: Path) -> str:
    """How a message names a rule file: relative to the working folder if it can."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        base = rulesets_dir().parent
        try:
            return str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            return str(path)


YAML_SUFFIXES = (".yaml", ".yml")


#: The longest path, and the longest part of a path, that a file name may have
#: (Linux's PATH_MAX and NAME_MAX, in bytes).
MAX_PATH_BYTES = 4096
MAX_NAME_BYTES = 255


def path_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a file on this system, or None if it can.

    >>> path_name_problem("house.yaml") is None, path_name_problem("foster\\0.yaml")
    (True, 'the name holds a NUL character')
    >>> path_name_problem("a" * 300 + ".yaml")
    'a part of the name is 305 bytes long (at most 255)'
    """
    if not name:
        return "the name is empty"
    if "\0" in name:
        return "the name holds a NUL character"
    try:
        encoded = os.fsencode(name)
    except UnicodeError:
        return "the name holds a character that is not text (a lone surrogate)"
    if len(encoded) > MAX_PATH_BYTES:
        return f"the name is {len(encoded):,} bytes long (at most {MAX_PATH_BYTES:,})"
    longest = max(len(part) for part in encoded.split(b"/"))
    if longest > MAX_NAME_BYTES:
        return f"a part of the name is {longest:,} bytes long (at most {MAX_NAME_BYTES})"
    return None


def _exists(path: Path) -> bool:
    """Whether anything is at ``path`` (a file, a directory, a FIFO...), never raising."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def locate(name: str) -> Path:
    """The file of a version given by built-in id or by path.

    A path that exists but is no regular file (a directory, a FIFO) is
    returned too: reading it then says what it is, as ``validate`` does.
    """
    if name in builtin_ids():
        return rulesets_dir() / f"{name}.yaml"
    problem = path_name_problem(name)
    if problem:
        raise UnknownVariantError(f"{name!r} cannot be a version: {problem}")
    candidate = Path(name)
    if _exists(candidate):
        return candidate
    known = ", ".join(builtin_ids())
    if candidate.suffix in YAML_SUFFIXES or "/" in name or os.sep in name:
        raise UnknownVariantError(f"no such file {name!r} (a version is one of {known}, "
                                  "or a path to a .yaml file)")
    raise UnknownVariantError(
        f"unknown variant {name!r}{did_you_mean(name, builtin_ids())}: expected one of "
        f"{known}, or a path to a .yaml file"
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
    hint = did_you_mean(str(parent), builtin_ids())
    name = str(parent)
    if name in builtin_ids():
        return rulesets_dir() / f"{name}.yaml"
    problem = path_name_problem(name)
    if problem:
        raise UnknownVariantError(f"{name!r} cannot name a file: {problem}")
    relative = Path(name)
    if relative.is_absolute():
        raise UnknownVariantError(f"{name!r} is an absolute path: {allowed}")
    if relative.suffix not in YAML_SUFFIXES:
        raise UnknownVariantError(f"unknown variant {name!r}{hint}: {allowed}")
    try:
        folder = child.parent.resolve()
        target = (child.parent / relative).resolve()
    except (OSError, RuntimeError) as error:  # a loop of links, a name too long on the way
        raise UnknownVariantError(f"{name!r} cannot be followed ({error}): {allowed}") from None
    if not target.is_relative_to(folder):
        raise UnknownVariantError(
            f"{name!r} leads outside the folder of this file ({folder}): {allowed}")
    if not _exists(target):
        raise UnknownVariantError(f"no such file {name!r} in this file's folder: {allowed}")
    return target


def decks_file() -> Path:
    """The YAML file that describes the decks."""
    return rulesets_dir() / "decks.yaml"


@cache
def load_decks() -> dict[str, Deck]:
    """Every deck described in ``decks.yaml``, by id."""
    data: Any = load_file(decks_file(), "rulesets/decks.yaml")
    items = data.get("decks") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise RulesetError(["rulesets/decks.yaml:1:1: expected a top-level 'decks' list"])
    decks = {}
    for index, item in enumerate(items):
        spec = validate_model(DeckSpec, item, data, ("decks", index))
        decks[spec.id] = Deck(spec)
    return decks


def deck_of(rule: DeckRule, name: str) -> Deck:
    """The pack a deck rule describes: a deck of ``decks.yaml`` or the file's own
    ranks (in the four suits of the standard deck), less its removed cards.

    ``name`` names the deck when the file gives its own ranks. Raises
    ``KeyError`` for a deck id not in ``decks.yaml`` and
    :class:`~ambigu_rules.errors.CardError` for a removed card that is not
    in the pack.
    """
    if rule.use is not None:
        base = load_decks()[rule.use]
        if not rule.removed and not rule.wrap:
            return base
        spec = base.spec
    else:
        spec = DeckSpec(id=name, name=f"The pack of {name}",
                        description="Ranks given by the rule file itself.",
                        suits=standard_deck().spec.suits, ranks=rule.ranks or [])
    whole = Deck(spec)
    removed = frozenset(whole.parse_card(token) for token in rule.removed)
    return Deck(spec, removed, rule.wrap)


def standard_deck() -> Deck:
    """The 40-card deck, ace to ten (the first deck of ``decks.yaml``)."""
    return next(iter(load_decks().values()))


def pack_of_ruleset(ruleset: Ruleset) -> Deck:
    """The pack a ruleset is played with (:func:`deck_of` its deck rule)."""
    return deck_of(ruleset.deck, ruleset.id)


# The hands read no file: they build a ruleset's pack with this (a ruleset
# exists only once this module, which every loading step uses, is imported).
use_packs(pack_of_ruleset)


@cache
def load_bibliography() -> Bibliography:
    """Read ``rulesets/sources.yaml``."""
    name = "rulesets/sources.yaml"
    data: Any = load_file(rulesets_dir() / "sources.yaml", name)
    bibliography = validate_model(Bibliography, data, data)
    seen: set[str] = set()
    for index, source in enumerate(bibliography.sources):
        if source.id in seen:
            mark = data["sources"].marks[index]
            raise RulesetError([f"{mark}: sources[{index}].id: id {source.id!r} is used twice"])
        seen.add(source.id)
    return bibliography
