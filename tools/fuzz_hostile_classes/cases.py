"""What a hostile-class case is, and the texts the generators start from."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypedDict

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
RULESETS_DIR = ROOT / "rulesets"
SCENARIOS_DIR = ROOT / "tests" / "scenarios"
MAX_FILE_BYTES = 1024 * 1024  # the package's limit: a case meant to be read stays under it
BIG = 10**9  # the package's MAX_COUNTERS

#: Provenance every house rule point carries.
PROVENANCE = "    source: editors\n    evidence: editorial\n"


class RunOptions(TypedDict, total=False):
    """Options of the commands a case runs: ``--json`` or not, the hand given to
    ``evaluate`` and the hands given to ``showdown``."""

    json: bool
    hand: str
    hands: list[str]


@dataclass
class HostileCase:
    """One generated case of a class: its files, how it was made, what its oracle needs.

    ``expect`` holds plain data only (``class`` is the class's tag, the rest is the
    class's own); ``options`` overrides the runner's options (``json``, ``hand``,
    ``hands``); ``extra`` lists more commands to run (``["validate", "expanded.yaml"]``).
    """

    tag: str
    files: dict[str, bytes]
    main: str
    mutations: list[str]
    expect: dict[str, Any]
    options: RunOptions = field(default_factory=RunOptions)
    extra: list[list[str]] = field(default_factory=list)


def house(*, id_: str = "house", title: str = "Our house rules", short_title: str = "House",
          extends: str = "foster", name: str | None = None, call: str | None = None,
          summary: str = "Foster's rules with a bigger blind and a richer fredon.",
          combinations: str | None = None, extra: str = "") -> str:
    """A small user file that extends a version (each argument is YAML text, quoted or
    plain as the caller wrote it): a house blind of 2 and a fredon paid 12 (named
    ``name``), the first draw's call ``call`` if given; ``combinations`` replaces the
    items of that list (YAML lines indented by two), ``extra`` is added at the end.

    >>> yaml.safe_load(house(name='"Big"'))["combinations"][0]["name"]
    'Big'
    """
    provenance = PROVENANCE.rstrip("\n")
    lines = [
        "format: 1",
        f"id: {id_}",
        f"title: {title}",
        f"short_title: {short_title}",
        f"summary: {summary}",
        f"extends: {extends}",
        "inherit:",
        "  downgrade_to: inferred",
        "  note: Everything not stated here is the parent's.",
        "procedure:",
        "  - id: blind",
        "    amount: 2",
        provenance,
    ]
    if call is not None:
        lines += ["  - id: first_draw", f"    stand_call: {call}", provenance]
    lines.append("combinations:")
    if combinations is None:
        lines += ["  - id: fredon", "    payment: own", "    value: 12"]
        if name is not None:
            lines.append(f"    name: {name}")
        lines.append(provenance)
    else:
        lines.append(combinations.rstrip("\n"))
    return "\n".join(lines) + "\n" + extra


@cache
def builtin_text(version: str) -> str:
    return (RULESETS_DIR / f"{version}.yaml").read_text("utf-8")


@cache
def builtin_versions() -> tuple[str, ...]:
    """The built-in versions' file names (without the bibliography and decks)."""
    return tuple(sorted(path.stem for path in RULESETS_DIR.glob("*.yaml")
                        if path.stem not in ("sources", "decks")))


LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def peek(text: str) -> Any:
    """``text`` read by PyYAML's safe loader, once: shared, not to be changed."""
    return yaml.load(text, Loader=LOADER)


def load(text: str) -> Any:
    """``text`` read by PyYAML's safe loader (a fresh copy: the caller may change it)."""
    return copy.deepcopy(peek(text))


def builtin_data(version: str) -> Any:
    return load(builtin_text(version))


@cache
def scenarios() -> tuple[tuple[str, str], ...]:
    """(path from the root, text) of every replay of ``tests/scenarios/``."""
    return tuple((str(path.relative_to(ROOT)), path.read_text("utf-8"))
                 for path in sorted(SCENARIOS_DIR.rglob("*.yaml")))


class Quoted(str):
    """A text the dump writes double-quoted (so that an escape put into it is read)."""


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]  # base picked at run time
    """PyYAML's safe dumper (its C one where built: a long script dumps in a blink)."""


_Dumper.add_representer(Quoted, lambda dumper, value: dumper.represent_scalar(
    "tag:yaml.org,2002:str", str(value), style='"'))

#: Where a generator puts an escape: a word the dump leaves alone, replaced after it.
MARK = "HOSTILEMARKX"


def dump(data: Any, escape: str = "") -> bytes:
    r"""A tree as YAML (non-ASCII text as it is); each :data:`MARK` in it, which a
    :class:`Quoted` text holds, becomes ``escape`` (YAML escape text such as ``\e``).

    >>> dump({"title": Quoted(f"a {MARK} b")}, "\\x1b")
    b'title: "a \\x1b b"\n'
    """
    text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return text.replace(MARK, escape).encode("utf-8", "surrogatepass")


#: Control characters and how a YAML double-quoted string may spell each (class 5).
CONTROL_ESCAPES: dict[str, tuple[str, ...]] = {
    "\x1b": ("\\e", "\\x1b", "\\u001b", "\\U0000001B"),
    "\x07": ("\\a", "\\x07"),
    "\x00": ("\\0", "\\x00"),
    "\x08": ("\\b",),
    "\r": ("\\r",),
    "\x0b": ("\\v",),
    "\x0c": ("\\f",),
    "\x7f": ("\\x7f",),
    "\x85": ("\\N", "\\x85", "\\u0085"),
    "\x9b": ("\\x9b",),
    "\u2028": ("\\L", "\\u2028"),
    "\u2029": ("\\P", "\\u2029"),
    "\u202e": ("\\u202e", "\\u202E"),
    "\u202a": ("\\u202a",),
    "\u2066": ("\\u2066",),
    "\u200f": ("\\u200f",),
}
#: Sequences a terminal acts on: an escape in them is the class's point.
CONTROL_TEXTS: tuple[str, ...] = ("{}", "{}[31mred{}[0m", "{}[2J", "{}]0;title{}\\a")
#: Lone surrogates and how to spell them (class 6); a pair written as two escapes is
#: two lone surrogates to PyYAML too.
SURROGATE_ESCAPES: tuple[str, ...] = ("\\ud800", "\\uD800", "\\udfff", "\\udc80", "\\ud83c",
                                      "\\ud83c\\udca1", "\\udcff")
#: ``!!binary`` values (class 5): text with a control character once decoded.
BINARY_VALUES: tuple[bytes, ...] = (b"\x1b[31mHouse", b"Ho\x00use", b"\xe2\x80\xaeHouse",
                                    b"House\x07", b"\xc2\x85House", b"\xe2\x80\xa8House")


def control_escape(rng: Any) -> tuple[str, str]:
    """A control character and a YAML escape text that holds it (in a terminal sequence
    now and then)."""
    char = rng.choice(sorted(CONTROL_ESCAPES))
    spelled = rng.choice(CONTROL_ESCAPES[char])
    if char == "\x1b" and rng.random() < 0.5:
        spelled = rng.choice(CONTROL_TEXTS).format(spelled, spelled)
    return char, spelled
