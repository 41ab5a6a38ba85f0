"""Fuzz the package with hostile rule files, replays and engine calls for N minutes.

The contract under test: bad input (a rule file, a replay file, a card, an
action, an argument) gets one clear message (an ``AmbiguError``; a
``RulesetError`` prints one ``file:line:col: path: problem`` line per
problem), the command line exits 0, 1 or 2, never with a traceback, a hang
or unbounded memory; the engine (``Game``) refuses anything illegal with
``IllegalActionError`` and changes nothing, and always conserves counters
and cards.

Usage::

    python tools/fuzz.py [--minutes N] [--cases N] [--seed S]
                         [--target rulesets|replays|engine|all] [--out DIR]
                         [--jobs J] [--timeout SECONDS] [--repro INDEX]

    make fuzz MINUTES=10     # the same, through the project's venv

``--minutes`` defaults to 1 (no time limit when ``--cases`` is given; with
both, whichever comes first), ``--seed`` to 0, ``--target`` to ``all``,
``--jobs`` (worker processes) to 1 and ``--timeout`` (seconds a case may
take before it counts as a hang) to 10.

Targets (``all`` takes them in turn, case by case):

``rulesets``
    The built-in rule files (``rulesets/*.yaml`` but ``sources``/``decks``)
    and small user files that ``extends:`` one (by id or by a relative path)
    are mutated: in their YAML structure (hostile values -- huge, negative,
    float, bool and NaN numbers, 10**19, empty, very long and control-character
    strings, lists for mappings --, keys deleted, renamed or of other types,
    list items duplicated or swapped, ``goto``/``parts``/``extends``
    references changed or pointed at their own step, anchors and nested
    aliases, alias bombs, deep nesting, hostile tags) and in their bytes
    (truncation, flipped bytes, NUL, BEL and invalid UTF-8, tags such as
    ``!!python/name:os.system``, ``<<: 5``, lines duplicated, dropped or
    swapped). Each case runs, in a worker process, what a user would:
    ``ambigu validate``, then if the file is valid ``show``, ``evaluate``,
    ``showdown``, ``odds`` and ``simulate --hands 3`` (some with ``--json``,
    some with hostile arguments), through ``ambigu_rules.cli.main``.
``replays``
    The replay files of ``tests/scenarios/`` are mutated the same way and
    in their own fields (seats, names, banks, dealer, limit, agreed amounts,
    card and stock strings, action lines: unknown or duplicated cards, digits
    of other scripts, huge numbers), then ``ambigu replay`` runs on them.
``rulesets`` and ``replays``: the hostile classes
    A share of the cases of both (``fuzz_hostile_classes.SHARE``) is made by
    ``tools/fuzz_hostile_classes/`` to show one class of issue 20 each: ids
    used as file names, combination values past 16 bits, DAG-shaped parts,
    long and inconsistent replay scripts, escaped control characters, lone
    surrogates, hostile path names, house files passing as built-in
    versions, YAML merge keys that override, line breaks editors do not show
    before an error. They run as the other cases, then the class's own check
    looks at them (a value evaluated otherwise than the file says, a script
    played that must be refused, a path not refused with status 2, a merge
    refused as a duplicate, a message on a line the editor does not show, a
    command too slow for a linear reading...). Case numbers that are not of
    a class are made as before. The summary counts the cases of each class.
``engine``
    Random tables (every built-in version, 2 to max players, tiny to huge
    banks, betting limits up to 10**9, and now and then an absurd setup)
    are played by a random policy mixing legal actions with illegal and
    malformed ones (wrong kinds, amounts out of range, floats, bools, None
    and texts as actions or amounts, cards not in the hand, out-of-turn
    penalties and buy-backs with random arguments, deals started twice).
    After every call: an illegal call raised ``IllegalActionError`` and left
    the state (banks, bets, pool, batterie, hands, stock, discards, player
    to act, log) unchanged; a legal one raised nothing; counters are
    conserved; every card of the deck is exactly once in the hands, stock
    and discards; a deal not over has a player to act and legal actions;
    a deal over leaves no bets.

A *finding* is any exception other than an ``AmbiguError`` (a traceback),
an exit status other than 0/1/2 (or 1 from anything but ``replay``), a
message on stderr that is not one line per problem (positioned lines for
rule-file problems), output on stderr after a success, ``--json`` output
that is not JSON, a raw control character printed (C0 but the new line,
DEL, C1, a bidi control, U+2028/U+2029, a lone surrogate), a file that
``validate`` accepts but another command rejects as a bad rule file, an
accepted rule file whose id is no safe file name, what a hostile class's
check finds, a broken engine invariant, a case that runs
past ``--timeout`` (a hang: the worker is interrupted where it is, and
killed if it does not answer) or that runs out of memory (workers run under
``RLIMIT_AS`` of 2 GiB, so a memory bomb is a ``MemoryError`` rather than
the machine's end), and a worker that dies.

Each distinct finding -- by target, kind, exception type and last frame --
is saved once under ``--out`` (default ``fuzz-findings/``, ignored by git)
in its own folder: the case's files, ``finding.txt`` (command, message,
traceback, how to reproduce) and, for the engine, ``repro.py`` replaying
every call of the case. ``summary.txt`` and ``summary.json`` describe the
run. Progress goes to stderr every few seconds.

Every case is a function of ``--seed``, its target and its number, so a run
with ``--cases`` is deterministic whatever ``--jobs``; ``--repro INDEX``
runs case INDEX of ``--target`` alone and prints its findings in full.

Exit status: 0 without findings, 1 with findings, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import copy
import hashlib
import io
import json
import math
import os
import re
import reprlib
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter, namedtuple
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from random import Random
from typing import Any, NoReturn

import yaml

if str(Path(__file__).resolve().parent) not in sys.path:  # imported from elsewhere (tests)
    sys.path.insert(0, str(Path(__file__).resolve().parent))

import fuzz_hostile_classes as hostile  # the classes of issue 20: tools/fuzz_hostile_classes/

ROOT = Path(__file__).resolve().parent.parent
RULESETS_DIR = ROOT / "rulesets"
SCENARIOS_DIR = ROOT / "tests" / "scenarios"
SUPPORT_FILES = {"sources", "decks"}

TARGETS = ("rulesets", "replays", "engine")
DEFAULT_TIMEOUT = 10.0
MEMORY_CAP = 2 * 1024**3  # RLIMIT_AS of each worker
MEMORY_WARN = 1024**3  # a case whose worker grows past this is a finding
CLEAR_CACHES_AT = 700 * 1024**2  # a worker past this drops the package's caches
RESTART_AT = 1200 * 1024**2  # ... and is restarted past this
PROGRESS_EVERY = 5.0
GENERATE_TIMEOUT = 30.0  # seconds the fuzzer may take to make one case
HARD_KILL_GRACE = GENERATE_TIMEOUT + 10.0  # past --timeout, a silent worker is killed
MAX_BYTES = 1024 * 1024  # the package's file size limit (yaml_source.MAX_FILE_BYTES)
BIG = 10**9  # the package's MAX_COUNTERS

USER_ERROR = 2


# -- findings ------------------------------------------------------------------


@dataclass
class Finding:
    """One thing that broke the contract, as the worker saw it."""

    target: str
    kind: str
    signature: str  # what makes it distinct (exception type and last frame, or check)
    message: str
    command: str = ""
    traceback: str = ""
    repro: str = ""  # Python source replaying an engine case
    files: dict[str, str] = field(default_factory=dict)  # the case's files, base64
    mutations: list[str] = field(default_factory=list)  # how the case was made

    @property
    def key(self) -> str:
        return f"{self.target}|{self.kind}|{self.signature}"


@dataclass
class CaseResult:
    target: str
    index: int
    seconds: float
    findings: list[Finding]
    outcome: str = ""  # e.g. "valid", "refused", "played"
    restart: bool = False  # the worker should be replaced (memory, interrupted hang)
    hostile: str = ""  # "class N (tag)" of a case of the hostile classes


class CaseTimeout(BaseException):
    """Raised in a worker when a case runs past its time (a BaseException so that
    no ``except Exception`` of the package swallows it)."""


def _frame(entry: traceback.FrameSummary) -> str:
    name = entry.filename
    with contextlib.suppress(ValueError):
        name = str(Path(name).resolve().relative_to(ROOT))
    if "site-packages/" in name:
        name = name.split("site-packages/", 1)[1]
    return f"{name}:{entry.lineno} in {entry.name}"


def exception_signature(error: BaseException) -> str:
    """``Type@last frame`` (and the last frame of the package if it differs)."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return type(error).__name__
    if isinstance(error, RecursionError):
        # The limit strikes anywhere in the loop: name the function that repeats most.
        loop = Counter(f"{_frame(f).split(':')[0]} in {f.name}" for f in frames)
        return f"RecursionError@{loop.most_common(1)[0][0]}"
    last = _frame(frames[-1])
    own = next((_frame(f) for f in reversed(frames)
                if "ambigu_rules" in f.filename and "tools/fuzz" not in f.filename), None)
    where = last if own is None or own == last else f"{last} <- {own}"
    return f"{type(error).__name__}@{where}"


def format_exception(error: BaseException, keep: int = 60) -> str:
    """The traceback, its middle cut when it is long (a recursion)."""
    lines = "".join(traceback.format_exception(type(error), error,
                                               error.__traceback__)).splitlines()
    if len(lines) > 2 * keep:
        lines = [*lines[:keep], f"    ... {len(lines) - 2 * keep} lines cut ...",
                 *lines[-keep:]]
    return "\n".join(lines) + "\n"


def short(text: str, limit: int = 300) -> str:
    text = str(text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def message_shape(line: str) -> str:
    """A message with its positions, quoted values and numbers blanked (for dedup)."""
    line = re.sub(r"^[^\n]*?\.ya?ml(:\d+:\d+)?: ", "", line)
    line = re.sub(r"ambigu: error: [^\n]*?\.ya?ml(:\d+:\d+)?: ", "ambigu: error: ", line)
    line = re.sub(r"'[^']*'|\"[^\"]*\"", "'_'", line)
    line = re.sub(r"\d+", "0", line)
    return line[:70]


# -- hostile values ------------------------------------------------------------

HOSTILE_NUMBERS: list[Any] = [
    0, 1, -1, 2, 3, 4, 5, 9, 10, 40, 52, 53, 64, 65, 100, 10_000, -BIG, BIG, BIG + 1,
    10**19, -(10**19), 2**63, 2**64, 10**99, 1.5, 0.5, -0.0, 2.0, 1e308, math.inf, -math.inf,
    math.nan, True, False, None,
]
HOSTILE_STRINGS: list[str] = [
    "", " ", "x" * 10_000, "x" * 300_000, "\x00", "\x07", "a\x00b", "\x1b[2J\x1b[31mred",
    "a\nb", "line one\nline two: x", "a\r\nb", "\t", "\u202eevil", "\u200b", "🂡🂱", "١٢٣",
    "１２", "²", "Ⅻ", "10**9", "1e9", "0x10", "1_000", "NaN", "null", "~", "yes", "no",
    "<script>alert(1)</script>", "{{ 7*7 }}", "{% raw %}", "$(id)", "%s%s%n", "../../etc/passwd",
    "/etc/passwd", "C:\\x", "foster", "1730", "russian", "rulesets/foster.yaml", "case.yaml",
    "parent.yaml", "./case.yaml", "../case.yaml", "foster.yml", "2S 3S 4S 9S", "id", "__proto__",
    "ante", "showdown", "point", "evidence", "editors", "attested", "pool", "dealer",
]
HOSTILE_CONTAINERS: list[Callable[[], Any]] = [
    list, dict, lambda: [[]], lambda: [None], lambda: {"a": 1}, lambda: {"min": 5, "max": 2},
    lambda: {"in": []}, lambda: list(range(1000)), lambda: ["x"] * 3, lambda: {"id": "x"},
    lambda: [{"goto": "showdown"}], lambda: {"default": 3, "choices": [1, 2]},
    lambda: {"source": "editors", "evidence": "editorial"}, lambda: [1, "a", None, 1.5],
]
#: Raw YAML put in place of a value (tags, merge keys, aliases, special numbers).
RAW_VALUES: list[str] = [
    "!foo bar", "!!python/name:os.system ''", "!!python/object/apply:os.system ['true']",
    "!!python/tuple [1, 2]", "!!set {a, b}", "!!binary aGVsbG8=", "!!timestamp 2001-12-14",
    "!!omap [a: 1, b: 2]", "!!pairs [a: 1]", "!!int '1'", "!!int 'x'", "!!float 'x'", "!!str",
    "!!null ''", "!!bool yes", "!!map [1]", "!!seq {a: 1}", "!<tag:yaml.org,2002:int> 5",
    "!<tag:x.org,2002:y> 5", "*undefined_alias", "&loop [*loop]", "{<<: 5}", "{<<: [1, 2]}",
    "{<<: {a: 1}, a: 2}", "{<<: *nowhere}", ".nan", ".inf", "-.inf", "0x1F", "0o17", "0b101",
    "1_000", "1:30:00", "190:20:30:15:59:59:59:59", "1" * 150, "1e309", "-1e309", "yes", "no",
    "on", "off", "~", '"\\0"', '"\\a"', '"\\x85"', '"\\u2028"', '"\\U0001F0A1"', "'%s'",
    "? [a, b]\n  : 1", "[" * 70 + "]" * 70, "{a: " * 70 + "1" + "}" * 70,
]
#: Bytes put into a file (control characters, invalid UTF-8, BOM, odd line ends).
RAW_BYTES: list[bytes] = [
    b"\x00", b"\x07", b"\x1b[31m", b"\x7f", b"\xff", b"\xfe", b"\xc3", b"\xc3\x28",
    b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xef\xbb\xbf", b"\t", b"\r", b"\r\n", b"\x85",
    "\u2028".encode(), b"\x0c", b"\x1a", b"\xe2\x80", b"\x80",
]
#: Text put at a value's place in a file.
RAW_TAGS: list[bytes] = [
    b"!foo ", b"!!python/name:os.system ", b"!!python/object:os.system ", b"!!set ",
    b"!!binary ", b"!!int ", b"!!float ", b"!!str ", b"!!map ", b"!!seq ", b"!!null ",
    b"!!timestamp ", b"!<tag:yaml.org,2002:str> ", b"!local ", b"&a ", b"*a ", b"&a *a ",
]
#: Whole lines put into a file.
RAW_LINES: list[bytes] = [
    b"<<: 5", b"<<: *a", b"<<: [1, 2]", b"<<: {format: 2}", b"---", b"...", b"%YAML 1.1",
    b"%TAG ! tag:example.com,2000:", b"%YAML 9.9", b"? [a, b]", b": x", b"&a a: 1", b"*a",
    b"- x", b"format: 1", b"extends: foster", b"extends: ./case.yaml", b"id: foster",
    b"\t- tab", b"key: 'unterminated", b'key: "unterminated', b"key: [unclosed",
    b"key: {unclosed", b"|", b">", b"key: |\n  block\n text", b"@reserved", b"`reserved",
]


LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
MAX_CASE_BYTES = 2 * MAX_BYTES  # a mutated file is cut here (past the package's limit)


def load_yaml(text: str) -> Any:
    return yaml.load(text, Loader=LOADER)


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxlist, _BRIEF.maxdict, _BRIEF.maxstring = 3, 4, 4, 60
_BRIEF.maxother = _BRIEF.maxlong = 60


def brief(value: Any) -> str:
    """A short repr that costs little whatever the value (alias bombs, loops)."""
    return _BRIEF.repr(value)


def weight(value: Any, cap: int = 10**7) -> int:
    """Roughly how many bytes ``value`` dumps to, each shared part counted once."""
    total, seen, stack = 0, set(), [value]
    while stack and total < cap:
        node = stack.pop()
        if isinstance(node, dict | list):
            if id(node) in seen:
                total += 8
                continue
            seen.add(id(node))
            items = [*node.keys(), *node.values()] if isinstance(node, dict) else node
            stack.extend(items)
            total += 4
        else:
            total += len(node) + 4 if isinstance(node, str) else 12
    return total


class Raw:
    """A placeholder value replaced by raw YAML text after dumping."""

    def __init__(self, text: str) -> None:
        self.text = text


# -- YAML trees ----------------------------------------------------------------

Path_ = tuple[Any, ...]


def walk(data: Any, path: Path_ = (), seen: set[int] | None = None,
         ) -> Iterator[tuple[Path_, Any]]:
    """Every node of a tree of dicts and lists with its path (the root first).

    A container shared at several places (an alias) is entered once, so
    alias bombs and loops cost nothing.
    """
    seen = set() if seen is None else seen
    yield path, data
    if isinstance(data, dict | list):
        if id(data) in seen:
            return
        seen.add(id(data))
        items = list(data.items()) if isinstance(data, dict) else list(enumerate(data))
        for key, value in items:
            yield from walk(value, (*path, key), seen)


def get_at(data: Any, path: Path_) -> Any:
    for key in path:
        data = data[key]
    return data


def set_at(data: Any, path: Path_, value: Any) -> Any:
    """Replace the node at ``path`` (the root if ``path`` is empty); return the root."""
    if not path:
        return value
    get_at(data, path[:-1])[path[-1]] = value
    return data


def hostile_value(rng: Random, near: Any = None) -> Any:
    roll = rng.random()
    if isinstance(near, int) and not isinstance(near, bool) and roll < 0.2:
        return rng.choice([near + 1, near - 1, -near, near * 10**rng.randint(1, 12), near * 1.0])
    if roll < 0.45:
        return rng.choice(HOSTILE_NUMBERS)
    if roll < 0.8:
        return rng.choice(HOSTILE_STRINGS)
    if roll < 0.92:
        return rng.choice(HOSTILE_CONTAINERS)()
    return Raw(rng.choice(RAW_VALUES))


def dump_yaml(data: Any) -> bytes:
    """Dump a tree, putting the text of each :class:`Raw` placeholder in place."""
    raws: dict[str, str] = {}
    copies: dict[int, Any] = {}  # shared and recursive parts stay shared (aliases)

    def swap(node: Any) -> Any:
        if isinstance(node, Raw):
            token = f"RAWTOKEN{len(raws)}X"
            raws[token] = node.text
            return token
        if isinstance(node, dict | list):
            if id(node) in copies:
                return copies[id(node)]
            if isinstance(node, dict):
                new_dict: dict[Any, Any] = {}
                copies[id(node)] = new_dict
                for key, value in node.items():
                    new_dict[swap(key) if isinstance(key, Raw) else key] = swap(value)
                return new_dict
            new_list: list[Any] = []
            copies[id(node)] = new_list
            new_list.extend(swap(item) for item in node)
            return new_list
        return node

    data = swap(data)
    text = yaml.dump(data, Dumper=DUMPER, sort_keys=False, allow_unicode=True, width=100)
    # One pass over the text (replacing token by token was quadratic).
    text = re.sub(r"RAWTOKEN\d+X", lambda match: raws.get(match.group(), match.group()), text)
    return text.encode("utf-8", "surrogatepass")


# -- structure mutations -------------------------------------------------------

REFERENCE_KEYS = ("goto", "parts", "best_of", "extends", "order", "remove", "use", "ties",
                  "cards", "payers", "into", "who", "from", "to", "final_tie", "canonical")
EFFECT_LISTS = ("then", "on_all_pass", "on_uncalled_open", "on_uncalled_raise", "on_called")


def _ids(data: Any) -> list[str]:
    return sorted({node["id"] for _, node in walk(data)
                   if isinstance(node, dict) and isinstance(node.get("id"), str)})


def _owner_id(data: Any, path: Path_) -> str | None:
    """The id of the nearest item with an id that holds ``path``."""
    for cut in range(len(path), -1, -1):
        node = get_at(data, path[:cut])
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            return node["id"]
    return None


def _pick(rng: Random, data: Any, want: Callable[[Path_, Any], bool]) -> Path_ | None:
    paths = [path for path, node in walk(data) if want(path, node)]
    return rng.choice(paths) if paths else None


def mutate_structure(rng: Random, data: Any) -> tuple[Any, str]:
    """One structural change of a loaded YAML tree; returns the tree and its description."""
    op = rng.choice(MUTATIONS)
    return op(rng, data)


def m_replace(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: bool(p))
    if path is None:
        return data, "nothing to replace"
    value = hostile_value(rng, get_at(data, path))
    shown = value.text if isinstance(value, Raw) else value
    return set_at(data, path, value), f"replace {_show_path(path)} by {short(brief(shown), 60)}"


def m_delete(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: bool(p))
    if path is None:
        return data, "nothing to delete"
    parent = get_at(data, path[:-1])
    del parent[path[-1]]
    return data, f"delete {_show_path(path)}"


def m_duplicate_item(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, list) and len(n) > 0)
    if path is None:
        return data, "no list"
    items = get_at(data, path)
    index = rng.randrange(len(items))
    items.insert(rng.randrange(len(items) + 1), copy.deepcopy(items[index]))
    return data, f"duplicate item {index} of {_show_path(path)}"


def m_swap_items(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, list) and len(n) > 1)
    if path is None:
        return data, "no list of two"
    items = get_at(data, path)
    a, b = rng.sample(range(len(items)), 2)
    items[a], items[b] = items[b], items[a]
    return data, f"swap items {a} and {b} of {_show_path(path)}"


def m_rename_key(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, dict) and len(n) > 0)
    if path is None:
        return data, "no mapping"
    mapping = get_at(data, path)
    old = rng.choice(list(mapping))
    keys = [k for _, n in walk(data) if isinstance(n, dict) for k in n]
    new = rng.choice([rng.choice(keys), "unknown_key", 5, True, None, 1.5, "", "ID", " id",
                      old + "s" if isinstance(old, str) else "x", Raw("[a, b]")])
    value = mapping.pop(old)
    mapping[new] = value  # may replace another key's value (a key given twice)
    shown = new.text if isinstance(new, Raw) else new
    return data, f"rename key {old!r} of {_show_path(path)} to {shown!r}"


def m_add_key(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, dict))
    if path is None:
        return data, "no mapping"
    keys = [k for _, n in walk(data) if isinstance(n, dict) for k in n]
    key = rng.choice([*keys[:50], "extra", "format", "extends", "remove", "goto", "<<"])
    get_at(data, path)[key] = hostile_value(rng)
    return data, f"add key {key!r} to {_show_path(path)}"


def m_reference(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: bool(p) and p[-1] in REFERENCE_KEYS)
    if path is None:
        return m_replace(rng, data)
    ids = _ids(data) or ["x"]
    own = _owner_id(data, path[:-1]) or rng.choice(ids)
    value = rng.choice([own, rng.choice(ids), "no_such_id", "", [own], [own, own],
                        [rng.choice(ids), own], rng.choice(["foster", "1730", "russian"]),
                        "./case.yaml", "parent.yaml", "../x.yaml", "/etc/hosts.yaml", 1730,
                        {"best_of": [own]}, None, 5])
    return set_at(data, path, value), f"point {_show_path(path)} at {value!r}"


def m_self_goto(rng: Random, data: Any) -> tuple[Any, str]:
    steps = data.get("procedure") if isinstance(data, dict) else None
    if not isinstance(steps, list) or not steps:
        return m_reference(rng, data)
    index = rng.randrange(len(steps))
    step = steps[index]
    if not isinstance(step, dict):
        return m_reference(rng, data)
    target = rng.choice([step.get("id"), steps[0].get("id") if isinstance(steps[0], dict)
                         else None, "no_such_step"])
    lists = [k for k in EFFECT_LISTS if isinstance(step.get(k), list)]
    key = rng.choice(lists) if lists else rng.choice(EFFECT_LISTS)
    step[key] = [{"goto": target}] if rng.random() < 0.5 or key not in step else \
        [*step[key], {"goto": target}]
    return data, f"procedure[{index}].{key}: goto {target!r} (its own step or the first)"


def m_parts_loop(rng: Random, data: Any) -> tuple[Any, str]:
    combos = data.get("combinations") if isinstance(data, dict) else None
    if not isinstance(combos, list) or not combos:
        return m_reference(rng, data)
    a, b = rng.randrange(len(combos)), rng.randrange(len(combos))
    first, second = combos[a], combos[b]
    if not isinstance(first, dict) or not isinstance(second, dict):
        return m_reference(rng, data)
    first["parts"] = [second.get("id")]
    if rng.random() < 0.7:
        second["parts"] = [first.get("id")]
    return data, f"combinations {first.get('id')!r} and {second.get('id')!r} made parts of " \
                 "each other"


def m_alias(rng: Random, data: Any) -> tuple[Any, str]:
    """Share one node at two places (the dump writes an anchor and an alias)."""
    source = _pick(rng, data, lambda p, n: isinstance(n, dict | list))
    place = _pick(rng, data, lambda p, n: bool(p))
    if source is None or place is None:
        return data, "no alias"
    node = get_at(data, source)
    return set_at(data, place, node), f"alias {_show_path(place)} to {_show_path(source)}" + (
        " (inside itself)" if place[:len(source)] == source else "")


def m_alias_bomb(rng: Random, data: Any) -> tuple[Any, str]:
    width, depth = rng.choice([(10, 9), (2, 40), (100, 3), (10, 5), (3, 20)])
    node: Any = ["lol"]
    for _ in range(depth):
        node = [node] * width
    place = _pick(rng, data, lambda p, n: bool(p)) or ()
    return set_at(data, place, node), f"alias bomb {width}**{depth} at {_show_path(place)}"


def m_nest(rng: Random, data: Any) -> tuple[Any, str]:
    depth = rng.choice([10, 60, 63, 64, 65, 100, 500, 3000])
    flow = rng.choice(["[", "{a: "])
    close = "]" if flow == "[" else "}"
    place = _pick(rng, data, lambda p, n: bool(p)) or ()
    return set_at(data, place, Raw(flow * depth + "1" + close * depth)), \
        f"nest {depth} levels at {_show_path(place)}"


def m_retype(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: bool(p) and isinstance(n, dict | list))
    if path is None:
        return m_replace(rng, data)
    node = get_at(data, path)
    if isinstance(node, dict):
        value: Any = rng.choice([list(node.values()), [node], list(node), brief(node)])
    else:
        value = rng.choice([{str(i): v for i, v in enumerate(node)}, node[:1],
                            " ".join(brief(item) for item in node[:50]), {"list": node}])
    return set_at(data, path, value), f"retype {_show_path(path)} ({type(node).__name__})"


def m_huge_list(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, list) and len(n) > 0)
    if path is None:
        return m_replace(rng, data)
    items = get_at(data, path)
    count = rng.choice([65, 100, 1000, 20_000])
    count = max(1, min(count, 1_000_000 // weight(items[-1])))
    items.extend(copy.deepcopy(items[-1]) for _ in range(count))
    return data, f"grow {_show_path(path)} by {count} copies of its last item"


def m_key_type(rng: Random, data: Any) -> tuple[Any, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, dict))
    if path is None:
        return data, "no mapping"
    key = rng.choice([5, True, None, 1.5, -1, 10**30])
    get_at(data, path)[key] = hostile_value(rng)
    return data, f"key {key!r} in {_show_path(path)}"


MUTATIONS: list[Callable[[Random, Any], tuple[Any, str]]] = [
    m_replace, m_replace, m_replace, m_delete, m_delete, m_duplicate_item, m_swap_items,
    m_rename_key, m_add_key, m_reference, m_reference, m_self_goto, m_parts_loop, m_alias,
    m_alias_bomb, m_nest, m_retype, m_huge_list, m_key_type,
]


def _show_path(path: Path_) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) and not isinstance(key, bool) else f".{key}"
    return out.lstrip(".") or "(top)"


# -- byte mutations ------------------------------------------------------------


def _lines(text: bytes) -> list[bytes]:
    return text.split(b"\n")


def mutate_bytes(rng: Random, text: bytes) -> tuple[bytes, str]:
    op = rng.randrange(14)
    if not text:
        return rng.choice([*RAW_BYTES, b"a: 1", b"- 1"]), "empty file given bytes"
    pos = rng.randrange(len(text) + 1)
    if op == 0:
        return text[:pos], f"truncate at byte {pos}"
    if op == 1:
        data = bytearray(text)
        flips = rng.randint(1, 8)
        for _ in range(flips):
            at = rng.randrange(len(data))
            data[at] ^= 1 << rng.randrange(8)
        return bytes(data), f"flip {flips} bits"
    if op == 2:
        raw = rng.choice(RAW_BYTES)
        return text[:pos] + raw + text[pos:], f"insert {raw!r} at byte {pos}"
    if op in (3, 4):
        spots = [m.end() for m in re.finditer(rb": ", text)]
        at = rng.choice(spots) if spots else pos
        tag = rng.choice(RAW_TAGS)
        return text[:at] + tag + text[at:], f"insert {tag!r} at byte {at}"
    lines = _lines(text)
    line = rng.randrange(len(lines))
    text_line = lines[line]
    indent = text_line[:len(text_line) - len(text_line.lstrip(b" -"))].replace(b"-", b" ")
    if op == 5:
        raw = rng.choice(RAW_LINES)
        lines.insert(line, indent + raw)
        return b"\n".join(lines), f"insert line {raw!r} at line {line + 1}"
    if op == 6:
        lines.insert(line, lines[line])
        return b"\n".join(lines), f"duplicate line {line + 1}"
    if op == 7:
        del lines[line]
        return b"\n".join(lines), f"delete line {line + 1}"
    if op == 8:
        other = rng.randrange(len(lines))
        lines[line], lines[other] = lines[other], lines[line]
        return b"\n".join(lines), f"swap lines {line + 1} and {other + 1}"
    if op == 9:
        changed = rng.choice([b" " + lines[line], lines[line][1:], b"\t" + lines[line].lstrip(),
                              lines[line].replace(b" ", b"\t", 1)])
        lines[line] = changed
        return b"\n".join(lines), f"change the indentation of line {line + 1}"
    if op == 10:
        numbers = list(re.finditer(rb"\b\d+\b", text))
        if not numbers:
            return text + b"\n", "no number"
        match = rng.choice(numbers)
        new = rng.choice(["١٢", "３", "²", "9" * 5000, "9" * 101, "10" * 10, "-1", "1.5",
                          "0x10", "1e400", ".nan", "1:2:3:4:5:6:7:8:9"]).encode()
        return text[:match.start()] + new + text[match.end():], \
            f"number at byte {match.start()} becomes {short(new.decode(), 30)!r}"
    if op == 11:
        words = re.findall(rb"[a-z_]{3,}", text)
        if not words:
            return text, "no word"
        old, new = rng.choice(words), rng.choice(words)
        return text.replace(old, new, 1), f"replace {old!r} by {new!r} once"
    if op == 12:
        start = rng.randrange(len(text))
        chunk = text[start:start + rng.randint(1, 200)]
        times = rng.choice([2, 10, 1000, 100_000])
        grown = text[:start] + chunk * times + text[start:]
        return grown[: MAX_BYTES + rng.choice([1, -1, 0, 4096])] if len(grown) > MAX_BYTES \
            else grown, f"repeat {len(chunk)} bytes {times} times"
    anchor = rng.choice([b"&a ", b"&b "])
    spots = [m.end() for m in re.finditer(rb": ", text)]
    if len(spots) < 2:
        return text, "no place for an anchor"
    first, second = sorted(rng.sample(spots, 2))
    alias = b"*" + anchor[1:2]
    return (text[:first] + anchor + text[first:second] + alias + b" " + text[second:],
            f"anchor {anchor!r} at byte {first}, alias at {second}")


# -- ruleset cases -------------------------------------------------------------

CHILD_FOSTER = """\
format: 1
id: house
title: Our house rules
short_title: House
summary: Foster's rules with a bigger blind and a richer fredon.
extends: foster
inherit:
  downgrade_to: inferred
  note: Everything not stated here is Foster's.
procedure:
  - id: blind
    amount: 2
    source: editors
    evidence: editorial
combinations:
  - id: fredon
    payment: own
    value: 12
    source: editors
    evidence: editorial
"""

CHILD_1730 = """\
format: 1
id: house
title: Our 1730
short_title: House 1730
summary: The 1730 reconstruction without the tricon-and-prime doublet and a bigger ante.
extends: "1730"
inherit: {downgrade_to: inferred, note: All else from 1730.}
remove: [combinations.tricon_prime]
ranking:
  order: [point, prime, grand_prime, sequence, tricon, flush, flush_sequence, fredon]
  final_tie: nearest_dealer_right
  source: editors
  evidence: editorial
procedure:
  - id: ante
    amount: {default: 2, choices: [1, 2, 3]}
    source: editors
    evidence: editorial
"""

CHILD_RUSSIAN = """\
format: 1
id: house
title: Russian house rules
short_title: House
summary: The Russian entry with a flush worth more.
extends: russian
combinations:
  - id: flush
    value: 7
    source: editors
    evidence: editorial
"""

CHILD_OF_PARENT = """\
format: 1
id: grandchild
title: Our house rules, twice removed
short_title: Grandchild
summary: The house rules of parent.yaml, with a fredon paid 13.
extends: ./parent.yaml
combinations:
  - id: fredon
    payment: own
    value: 13
    source: editors
    evidence: editorial
"""


@dataclass
class FileCase:
    """A case of the file targets: files to write and commands to run."""

    target: str
    index: int
    files: dict[str, bytes]
    main: str
    mutations: list[str]
    options: dict[str, Any] = field(default_factory=dict)


@cache
def ruleset_seeds() -> list[tuple[str, dict[str, str]]]:
    """(description, {file name: text}) of every starting point; ``case.yaml`` is the main one."""
    seeds = []
    for path in sorted(RULESETS_DIR.glob("*.yaml")):
        if path.stem not in SUPPORT_FILES:
            seeds.append((f"rulesets/{path.name}", {"case.yaml": path.read_text("utf-8")}))
    seeds.append(("a user file extending foster", {"case.yaml": CHILD_FOSTER}))
    seeds.append(("a user file extending 1730", {"case.yaml": CHILD_1730}))
    seeds.append(("a user file extending russian", {"case.yaml": CHILD_RUSSIAN}))
    seeds.append(("a user file extending ./parent.yaml (which extends foster)",
                  {"case.yaml": CHILD_OF_PARENT,
                   "parent.yaml": CHILD_FOSTER.replace("id: house", "id: parent")}))
    return seeds


def _mutate_text(rng: Random, text: str, mutations: list[str], rounds: int) -> bytes:
    """Mutate a YAML text: structure first (if it parses), then maybe bytes."""
    data: Any = load_yaml(text)
    structural = rng.random() < 0.8
    out = text.encode("utf-8")
    if structural:
        for _ in range(rounds):
            data, what = mutate_structure(rng, data)
            mutations.append(what)
        try:
            out = dump_yaml(data)
        except (yaml.YAMLError, RecursionError, ValueError) as error:
            mutations.append(f"(dump failed: {type(error).__name__}; original text kept)")
    if not structural or rng.random() < 0.3:
        for _ in range(rng.randint(1, 3)):
            out, what = mutate_bytes(rng, out)
            mutations.append(what)
    if len(out) > MAX_CASE_BYTES:
        out = out[:MAX_CASE_BYTES]
        mutations.append(f"(cut to {MAX_CASE_BYTES} bytes)")
    return out


HANDS = ["2S 3S 4S 9S", "2S 3S 4S KS", "AH 2H 3D 4C", "10H 9D 7C 6S", "8H 8D 8C 8S"]
HOSTILE_HANDS = ["", "2S", "2S 2S 3S 4S", "2S 3S 4S 9S 5H", "11H 2S 3S 4S", "٢S 3S 4S 9S",
                 "２S 3S 4S 9S", "99999999999999999999S 3S 4S 9S", "2s,3s,4s,9s", "2S\x003S 4S 9S",
                 "ZZ ZZ ZZ ZZ", "10♥ 9♦ 7♣ 6♠", "10♡ 9♢ 7♧ 6♤", "2S 3S 4S 9S " * 1000, "x" * 10_000]
HOSTILE_ARGS = ["0", "-1", "1.5", "١٢", "３", "²", "1000000001", "99999999999999999999",
                "9" * 5000, "", " 3", "3 ", "+3", "0x10", "1e3", "nan", "inf", "True"]


def hostile_file_case(target: str, seed: int, index: int) -> FileCase | None:
    """Case ``index`` of ``target`` as a case of one of the hostile classes
    (``tools/fuzz_hostile_classes/``, a share of the cases), or None."""
    made = hostile.make_case(target, seed, index)
    if made is None:
        return None
    options = {"json": False, "hand": HANDS[0], "hands": HANDS[:2],
               "simulate": ["--hands", "3", "--seed", "0"], **made.options, "hostile": made}
    return FileCase(target, index, made.files, made.main, made.mutations, options)


def hostile_label(case: FileCase | None) -> str:
    """``class N (tag)`` of a hostile-class case, ``""`` for any other."""
    made = case.options.get("hostile") if case is not None else None
    return hostile.class_of(made.expect["class"]).label if made is not None else ""


def make_ruleset_case(seed: int, index: int) -> FileCase:
    special = hostile_file_case("rulesets", seed, index)
    if special is not None:
        return special
    rng = Random(f"{seed}:rulesets:{index}")
    seeds = ruleset_seeds()
    described, files = seeds[rng.randrange(len(seeds))]
    mutations = [f"start from {described}"]
    out = {name: text.encode("utf-8") for name, text in files.items()}
    target = "case.yaml"
    if "parent.yaml" in files and rng.random() < 0.3:
        target = "parent.yaml"
        mutations.append("mutate parent.yaml")
    if rng.random() < 0.95:
        out[target] = _mutate_text(rng, files[target], mutations, rng.choice([1, 1, 1, 2, 3]))
    hostile_args = rng.random() < 0.3
    options = {
        "json": rng.random() < 0.3,
        "hand": rng.choice(HOSTILE_HANDS) if hostile_args and rng.random() < 0.5
        else rng.choice(HANDS),
        "hands": [rng.choice(HANDS + HOSTILE_HANDS[:6]) for _ in range(rng.randint(1, 4))],
        "simulate": _simulate_args(rng, hostile_args),
    }
    return FileCase("rulesets", index, out, "case.yaml", mutations, options)


def _simulate_args(rng: Random, hostile: bool) -> list[str]:
    args = ["--hands", "3", "--seed", str(rng.randrange(1000))]
    if rng.random() < 0.3:
        args += ["--bots", rng.choice(["random", "heuristic"])]
    if rng.random() < 0.3:
        args += ["--bank", str(rng.choice([1, 2, 10, 200, BIG]))]
    if rng.random() < 0.3:
        args += ["--limit", str(rng.choice([1, 10, BIG]))]
    if hostile:
        option = rng.choice(["--hands", "--players", "--bank", "--limit", "--seed", "--bots"])
        args += [option, rng.choice(HOSTILE_ARGS)]
    return args


# -- replay cases --------------------------------------------------------------

HOSTILE_CARDS = ["11H", "0S", "1X", "ZZ", "10", "H", "٢S", "２S", "2S2S", "aH", "1H", "10♥",
                 "10♡", "99999999999999999999S", "-2S", "2s", "JH", "KH", "QS", "8S", "9S", "TS",
                 "2SS", "½S", "\x00S", "🂡", "2\u0301S", "S2", "10HH", "x" * 1000]
HOSTILE_ACTIONS = [
    "pass", "fold", "call", "force", "shuffle", "discard none", "discard -", "discard",
    "open 1", "open 0", "open -1", "open 1.5", "open ١", "open ٣", "open １",
    "open 99999999999999999999", "open " + "9" * 5000, "raise 2", "raise 0", "raise 1000000001",
    "raise ²", "discard 2S", "discard 2S 2S", "discard 11H", "discard 2S 3S 4S 9S 5H",
    "choose redeal", "choose", "choose nothing", "choose " + "x" * 500, "buy 5", "buy 0",
    "buy -5", "buy ٣", "buy ３", "buy ²", "buy 99999999999999999999", "buy " + "9" * 5000,
    "buy 1.5", "buy", "penalty showing_cards", "penalty misdeal", "penalty foul_hand",
    "penalty wrong_number_of_cards", "penalty showing_discards", "penalty", "penalty x y",
    "PASS", "Pass", "dance", "open\t2", "open 2 3", "\x00", "", "call 5", "fold now",
]
HOSTILE_NAMES = ["", " ", "Anna", "anna", "Anna ", "x" * 5000, "a\nb", "\x00", "١", "0", "1",
                 "penalty", "buy", "Anna: pass", "🂡", "\u202eannA"]


@cache
def replay_seeds() -> list[tuple[str, str]]:
    """(path from the root, text) of every scenario."""
    return [(str(path.relative_to(ROOT)), path.read_text("utf-8"))
            for path in sorted(SCENARIOS_DIR.rglob("*.yaml"))]


def _replay_mutation(rng: Random, data: Any) -> str:
    """One change of a replay's own fields (``data`` is changed in place)."""
    if not isinstance(data, dict):
        return "not a mapping"
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    # Names a mutation left hashable (a list is no key of a mapping).
    names = [s.get("name") for s in seats
             if isinstance(s, dict) and isinstance(s.get("name"), str | int | float | None)]
    deals = data.get("deals") if isinstance(data.get("deals"), list) else []
    op = rng.randrange(12)
    if op == 0 and seats:
        seat = rng.choice(seats)
        if isinstance(seat, dict):
            key = rng.choice(["name", "bank"])
            seat[key] = rng.choice(HOSTILE_NAMES) if key == "name" and rng.random() < 0.6 \
                else hostile_value(rng, seat.get(key))
            return f"seat {key} becomes {short(repr(seat[key]), 40)}"
    if op == 1:
        choice = rng.choice(["one", "none", "many", "dup"])
        if choice == "one":
            data["seats"] = seats[:1]
        elif choice == "none":
            data["seats"] = []
        elif choice == "many" and seats:
            data["seats"] = [{"name": f"P{i}", "bank": 10} for i in range(rng.choice([7, 53,
                                                                                       1000]))]
        elif seats:
            data["seats"] = [*seats, copy.deepcopy(seats[0])]
        return f"seats: {choice}"
    if op == 2:
        data["dealer"] = rng.choice([*names, "Nobody", -1, len(seats), 10**19, True, 1.5, None,
                                     "0", "١", []])
        return f"dealer becomes {short(repr(data['dealer']), 40)}"
    if op == 3:
        key = rng.choice(["limit", "seed", "agreed", "keep_discards_apart", "variant", "expect"])
        if key == "agreed":
            data[key] = rng.choice([{"ante": rng.choice(HOSTILE_NUMBERS)}, {"nope": 1},
                                    {"battez": 2}, {"ante": 2, "battez": 10**19}, [1], "ante"])
        elif key == "keep_discards_apart":
            data[key] = rng.choice([[*names[:1]], ["Nobody"], [0], [None], "Anna", [names[:1]]])
        elif key == "variant":
            data[key] = rng.choice(["foster", "1730", "russian", "russian-courts",
                                    "encyclopedia", "1659", "rules.yaml", "./rules.yaml",
                                    "../rules.yaml", "/etc/hosts.yaml", "nope", "", 1730,
                                    "case.yaml", "sources", "decks"])
        elif key == "expect":
            data[key] = rng.choice([{"banks": {"Nobody": 5}}, {"pool": -1}, {"debts": [{}]},
                                    {"debts": "x"}, {"dealer": 5}, {"on_table": 10**19},
                                    {"banks": [1, 2]}])
        else:
            data[key] = hostile_value(rng, data.get(key))
        return f"{key} becomes {short(repr(data[key]), 60)}"
    if not deals:
        data["deals"] = [{"actions": ["Anna: pass"]}]
        return "a deal added"
    deal = rng.choice(deals)
    if not isinstance(deal, dict):
        return "deal not a mapping"
    if op in (4, 5):  # a card string
        spots: list[tuple[Any, Any]] = []
        cards = deal.get("cards") or deal.get("hands")
        if isinstance(cards, dict):
            spots += [(cards, key) for key in cards]
        if isinstance(deal.get("stock"), str):
            spots.append((deal, "stock"))
        if not spots:
            deal["stock"] = " ".join(rng.choice(HOSTILE_CARDS) for _ in range(4))
            return "stock added"
        holder, key = rng.choice(spots)
        tokens = str(holder[key]).split()
        all_tokens = [t for h, k in spots for t in str(h[k]).split()]
        how = rng.randrange(5)
        if how == 0 and tokens:
            tokens[rng.randrange(len(tokens))] = rng.choice(HOSTILE_CARDS)
        elif how == 1 and all_tokens:
            tokens.append(rng.choice(all_tokens))  # a card twice
        elif how == 2 and tokens:
            del tokens[rng.randrange(len(tokens))]
        elif how == 3:
            tokens = tokens * rng.choice([2, 50])
        else:
            holder[key] = hostile_value(rng)
            return f"cards of {key!r} become {short(repr(holder[key]), 40)}"
        holder[key] = " ".join(tokens)
        if rng.random() < 0.2 and key != "stock":
            holder[rng.choice(["Nobody", 0, None, True, ""])] = holder.pop(key)
        return f"cards of {key!r} become {short(holder.get(key, ''), 60)!r}"
    if op in (6, 7, 8):  # an action line
        actions = deal.get("actions")
        if not isinstance(actions, list) or not actions:
            deal["actions"] = [f"{rng.choice(names or ['Anna'])}: {rng.choice(HOSTILE_ACTIONS)}"]
            return "actions added"
        at = rng.randrange(len(actions))
        how = rng.randrange(7)
        if how <= 2:
            current = actions[at]
            who = next(iter(current)) if isinstance(current, dict) and current else "Anna"
            if rng.random() < 0.3:  # someone else speaks (out of turn, or unknown)
                who = rng.choice([*names, "Nobody", ""]) if names else "Anna"
            actions[at] = {who: rng.choice(HOSTILE_ACTIONS)}
        elif how == 3:
            actions.insert(at, copy.deepcopy(actions[at]))
        elif how == 4:
            del actions[at]
        elif how == 5 and len(actions) > 1:
            other = rng.randrange(len(actions))
            actions[at], actions[other] = actions[other], actions[at]
        else:
            actions[at] = rng.choice([f"{rng.choice(names or ['Anna'])} pass", {"a": "pass",
                                      "b": "fold"}, ["pass"], None, 5, {"Anna": None},
                                      {"Anna": 5}, {None: "pass"}])
        return f"action {at}: {short(repr(actions[at]), 60) if at < len(actions) else 'deleted'}"
    if op == 9:
        deal["buy"] = rng.choice([{n: rng.choice(HOSTILE_NUMBERS)} for n in names[:2]] or [{}])
        return f"buy becomes {short(repr(deal['buy']), 40)}"
    if op == 10:
        data["deals"] = deals * rng.choice([2, 30])
        return "deals repeated"
    data["deals"] = rng.choice([[], [{}], {}, "x", [[]], [None]])
    return f"deals become {data['deals']!r}"


def make_replay_case(seed: int, index: int) -> FileCase:
    special = hostile_file_case("replays", seed, index)
    if special is not None:
        return special
    rng = Random(f"{seed}:replays:{index}")
    seeds = replay_seeds()
    name, text = seeds[rng.randrange(len(seeds))]
    mutations = [f"start from {name}"]
    files: dict[str, bytes] = {}
    data = load_yaml(text)
    if rng.random() < 0.15 and isinstance(data, dict):
        # The version as a file beside the replay: a copy of the built-in one, maybe mutated.
        variant = str(data.get("variant", "foster"))
        rules = (RULESETS_DIR / f"{variant}.yaml").read_text("utf-8") \
            if (RULESETS_DIR / f"{variant}.yaml").exists() else CHILD_FOSTER
        files["rules.yaml"] = _mutate_text(rng, rules, mutations, 1) if rng.random() < 0.5 \
            else rules.encode("utf-8")
        data["variant"] = "rules.yaml"
        mutations.append(f"variant: rules.yaml (a copy of {variant})")
    roll = rng.random()
    if roll < 0.6:
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutations.append(_replay_mutation(rng, data))
        try:
            out = dump_yaml(data)
        except (yaml.YAMLError, RecursionError, ValueError):
            out = text.encode("utf-8")
    else:
        out = _mutate_text(rng, dump_yaml(data).decode("utf-8", "surrogatepass"), mutations,
                           rng.choice([1, 2]))
    if rng.random() < 0.15:
        out, what = mutate_bytes(rng, out)
        mutations.append(what)
    files["case.yaml"] = out[:MAX_CASE_BYTES]
    return FileCase("replays", index, files, "case.yaml", mutations,
                    {"json": rng.random() < 0.3})


def make_file_case(target: str, seed: int, index: int) -> FileCase:
    return make_ruleset_case(seed, index) if target == "rulesets" else \
        make_replay_case(seed, index)


# -- running commands (in the worker) -----------------------------------------

POSITIONED = re.compile(r"^[^\n:]*\.ya?ml:\d+:\d+: \S")
FILE_LEVEL = re.compile(r"^[^\n:]*\.ya?ml: (too big|no such file|not a regular file|is a "
                        r"directory|cannot read)")


@dataclass
class CliRun:
    argv: list[str]
    status: int | None
    stdout: str
    stderr: str
    error: BaseException | None = None
    seconds: float = 0.0


class Context:
    """What a case is doing, for the report of a case that is interrupted."""

    def __init__(self, target: str, index: int, workdir: Path) -> None:
        self.target = target
        self.index = index
        self.workdir = workdir
        self.command = ""
        self.phase = "start"  # "generate" while the fuzzer makes the case, then "run"
        self.case: FileCase | None = None
        self.trace: list[str] = []  # engine calls, as Python source
        self.setup = ""  # the engine's Game(...) line

    def repro(self, note: str) -> str:
        if not self.setup:
            return ""
        return engine_repro(self.setup, self.trace, note)


def run_cli(argv: list[str], ctx: Context) -> CliRun:
    """``ambigu ARGV`` in this process, with stdout and stderr captured."""
    from ambigu_rules import cli

    ctx.command = "ambigu " + " ".join(_quote(a) for a in argv)
    out, err = io.StringIO(), io.StringIO()
    status: int | None = None
    error: BaseException | None = None
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as stop:
            code = stop.code
            status = code if isinstance(code, int) else (0 if code is None else -1)
            if not isinstance(code, int) and code is not None:
                err.write(f"{code}\n")
        except Exception as exc:  # a traceback: the finding itself
            error = exc
    return CliRun(argv, status, out.getvalue(), err.getvalue(), error,
                  time.perf_counter() - start)


def _quote(arg: str) -> str:
    shown = arg if len(arg) <= 200 else arg[:60] + f"...({len(arg)} characters)"
    return shown if re.fullmatch(r"[\w./:=+-]+", shown) else json.dumps(shown,
                                                                         ensure_ascii=False)


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def check_cli(run: CliRun, target: str, allowed: Sequence[int], json_output: bool,
              ctx: Context) -> list[Finding]:
    """The contract of one command's run."""
    command = ctx.command
    found: list[Finding] = []

    def add(kind: str, signature: str, message: str, tb: str = "") -> None:
        found.append(Finding(target, kind, signature, message, command, tb))

    if run.error is not None:
        kind = "memory" if isinstance(run.error, MemoryError) else "exception"
        add(kind, exception_signature(run.error),
            f"{type(run.error).__name__}: {short(str(run.error))}", format_exception(run.error))
        return found
    status = run.status
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    for problem in hostile.output_problems(run):  # raw control characters printed
        add(problem.kind, problem.signature, problem.message)
    if "Traceback (most recent call last)" in run.stderr:
        add("traceback-text", f"{run.argv[0]}", "a traceback printed on stderr",
            run.stderr[-4000:])
    if status not in allowed:
        add("exit-status", f"{run.argv[0]}:{status}",
            f"exit status {status} (expected one of {list(allowed)}); stderr: "
            f"{short(run.stderr, 500)!r}")
    if status == USER_ERROR:
        if not lines:
            add("stderr-format", f"{run.argv[0]}:empty", "exit 2 without a message on stderr")
        elif lines[0].startswith("ambigu: error:") or re.match(r"ambigu( \w+)?: error:",
                                                               lines[0]):
            if len(lines) != 1:
                add("stderr-format", f"{run.argv[0]}:multi-line:{message_shape(lines[0])}",
                    f"one error printed on {len(lines)} lines: {short(run.stderr, 800)!r}")
        else:
            bad = [line for line in lines if not (POSITIONED.match(line)
                                                   or FILE_LEVEL.match(line))]
            if bad:
                add("stderr-format", f"{run.argv[0]}:unpositioned:{message_shape(bad[0])}",
                    f"{len(bad)} of {len(lines)} stderr lines are not 'file:line:col: ...'; "
                    f"first: {short(bad[0], 300)!r}")
    elif status == 0 and run.stderr.strip():
        add("stderr-on-success", f"{run.argv[0]}:{message_shape(lines[0] if lines else '')}",
            f"exit 0 but stderr says: {short(run.stderr, 500)!r}")
    if json_output and (status in (0, 1) or run.argv[0] == "validate") and run.stdout.strip():
        try:
            json.loads(run.stdout, parse_constant=_reject_constant)
        except ValueError as error:
            add("json", f"{run.argv[0]}:{message_shape(str(error))}",
                f"--json output is not JSON: {error}; stdout starts {run.stdout[:300]!r}")
    return found


def _positioned_failure(run: CliRun) -> bool:
    """Whether a failed run names a place in a rule file (a RulesetError)."""
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    return run.status == USER_ERROR and bool(lines) and all(
        POSITIONED.match(line) for line in lines)


def write_case(case: FileCase, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        (folder / name).write_bytes(data)


def hostile_findings(case: FileCase, runs: list[CliRun], ctx: Context,
                     accepted: bool) -> list[Finding]:
    """The oracle of a hostile-class case (nothing for another case): its extra commands,
    what the Python API says of the file once a command accepted it, and the class's
    checks (``fuzz_hostile_classes.check``)."""
    made = case.options.get("hostile")
    if made is None:
        return []
    findings: list[Finding] = []
    for argv in made.extra:
        run = run_cli(list(argv), ctx)
        findings += check_cli(run, case.target, (0, 1, 2) if argv[0] == "replay" else (0, 2),
                              False, ctx)
        runs.append(run)
    probe = None
    if accepted:
        from ambigu_rules.errors import AmbiguError

        ctx.command = f"(the Python API on {case.main}: see tools/fuzz_hostile_classes/oracles.py)"
        try:
            probe = hostile.probe(made.expect, case.target, case.main)
        except AmbiguError as error:
            findings.append(Finding(case.target, "validate-gap",
                                    f"probe:{message_shape(str(error))}",
                                    "the command accepts the file but the Python API refuses it: "
                                    f"{type(error).__name__}: {short(str(error))}", ctx.command))
        except Exception as error:
            kind = "memory" if isinstance(error, MemoryError) else "exception"
            findings.append(Finding(case.target, kind, exception_signature(error),
                                    f"{type(error).__name__}: {short(str(error))}", ctx.command,
                                    format_exception(error)))
    for problem in hostile.check(made.expect, runs, probe):
        command = "ambigu " + " ".join(_quote(a) for a in problem.argv) if problem.argv \
            else ctx.command
        findings.append(Finding(case.target, problem.kind, problem.signature, problem.message,
                                command))
    return findings


def run_ruleset_case(case: FileCase, ctx: Context) -> tuple[list[Finding], str]:
    runs: list[CliRun] = []
    findings, outcome = _ruleset_commands(case, ctx, runs)
    accepted = bool(runs) and runs[0].status == 0
    return findings + hostile_findings(case, runs, ctx, accepted), outcome


def _ruleset_commands(case: FileCase, ctx: Context, runs: list[CliRun],
                      ) -> tuple[list[Finding], str]:
    """``validate``, then the other commands if it accepts the file (each run kept in
    ``runs``)."""
    as_json = bool(case.options.get("json"))
    flag = ["--json"] if as_json else []
    findings: list[Finding] = []
    validate = run_cli(["validate", case.main, *flag], ctx)
    runs.append(validate)
    validated = ctx.command
    findings += check_cli(validate, "rulesets", (0, 2), as_json, ctx)
    if validate.status != 0 or findings:
        return findings, "invalid"
    players = 4
    try:
        from ambigu_rules.load.resolver import load_ruleset

        rules = load_ruleset(case.main)
        players = min(max(4, rules.players.min), rules.players.max)
        findings += [Finding("rulesets", p.kind, p.signature, p.message, validated)
                     for p in hostile.accepted_id_problems(rules.id)]  # ids name files
    except Exception as error:  # validate said ok: loading it again must work
        findings.append(Finding("rulesets", "validate-gap", f"load:{exception_signature(error)}",
                                f"validate accepts the file but load_ruleset raises "
                                f"{type(error).__name__}: {short(str(error))}",
                                "load_ruleset('case.yaml')", format_exception(error)))
        return findings, "valid"
    commands: list[tuple[list[str], bool]] = [
        (["show", case.main], True),
        (["evaluate", case.main, case.options["hand"]], False),
        (["showdown", case.main, *case.options["hands"]], False),
        (["odds", case.main], True),
        (["simulate", case.main, "--players", str(players), *case.options["simulate"]], False),
    ]
    for argv, must_work in commands:
        run = run_cli([*argv, *flag], ctx)
        runs.append(run)
        problems = check_cli(run, "rulesets", (0, 2), as_json, ctx)
        findings += problems
        if not problems and run.status == USER_ERROR and (must_work or _positioned_failure(run)):
            findings.append(Finding(
                "rulesets", "validate-gap", f"{argv[0]}:{message_shape(run.stderr.strip())}",
                f"validate accepts the file but '{argv[0]}' rejects it: "
                f"{short(run.stderr.strip(), 500)!r}", ctx.command))
    return findings, "valid"


def run_replay_case(case: FileCase, ctx: Context) -> tuple[list[Finding], str]:
    as_json = bool(case.options.get("json"))
    run = run_cli(["replay", case.main, *(["--json"] if as_json else [])], ctx)
    outcome = {0: "played", 1: "mismatch", 2: "refused"}.get(run.status or 0, "other")
    findings = check_cli(run, "replays", (0, 1, 2), as_json, ctx)
    return findings + hostile_findings(case, [run], ctx, run.status in (0, 1)), outcome


# -- the engine target ---------------------------------------------------------

FakeAction = namedtuple("FakeAction", "kind amount cards option")


class Junk:
    """An object that is no action at all."""

    def __repr__(self) -> str:
        return "Junk()"


def src(value: Any) -> str:
    """Python source that rebuilds ``value`` (for repro.py)."""
    from ambigu_rules.engine.actions import Action, LegalActions

    if isinstance(value, Action):
        return (f"Action({value.kind!r}, {src(value.amount)}, {src(value.cards)}, "
                f"{src(value.option)})") if type(value) is Action else repr(value)
    if isinstance(value, FakeAction):
        return f"FakeAction({', '.join(src(v) for v in value)})"
    if isinstance(value, float):
        if math.isnan(value):
            return "float('nan')"
        if math.isinf(value):
            return "float('inf')" if value > 0 else "float('-inf')"
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(src(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(src(v) for v in value) + "]"
    if isinstance(value, frozenset):
        return f"frozenset({src(sorted(value, key=repr))})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{src(k)}: {src(v)}" for k, v in value.items()) + "}"
    if value is Action:
        return "Action"
    if isinstance(value, LegalActions):
        return "game.legal_actions()"
    return repr(value)


def engine_repro(setup: str, trace: list[str], note: str) -> str:
    body = "\n".join(trace)
    return f'''"""Reproducer written by tools/fuzz.py (engine target).

{note}

Run: .venv/bin/python repro.py   (from the repository root, or anywhere with the package)
Every call of the case is replayed; calls the engine refuses print "refused".
"""
from collections import namedtuple

from ambigu_rules.engine import Game
from ambigu_rules.engine.actions import Action
from ambigu_rules.errors import AmbiguError
from ambigu_rules.load.resolver import load_ruleset

FakeAction = namedtuple("FakeAction", "kind amount cards option")


class Junk:
    def __repr__(self):
        return "Junk()"


def attempt(call):
    try:
        return call()
    except AmbiguError as error:
        print("refused:", type(error).__name__, error)


def state(game):
    table, deal = game.table, game.deal
    print("banks", table.banks, "bets", table.bets, "pool", table.pool, "batterie",
          table.batterie, "conserved", table.conserved())
    if deal is not None:
        cards = [c for h in deal.hands.values() for c in h] + deal.stock + [
            c for p in deal.discards.values() for c in p]
        print("cards", len(cards), "distinct", len(set(cards)), "to act", game.to_act,
              "over", deal.over)


{setup}
{body}
state(game)
'''


def well_formed(action: object) -> bool:
    """An :class:`Action` whose every field has its exact type (the fuzzer's own oracle)."""
    from ambigu_rules.engine.actions import KINDS, Action

    if type(action) is not Action:
        return False
    kind, amount, cards, option = action  # type: ignore[misc]
    return (type(kind) is str and kind in KINDS and (amount is None or type(amount) is int)
            and type(cards) is tuple and all(type(c) is int for c in cards)
            and (option is None or type(option) is str))


def allowed(action: object, legal: Any) -> bool:
    """Whether ``legal`` lists ``action`` (a discard's cards in any order, as the rules)."""
    if not well_formed(action):
        return False
    if action in legal:
        return True
    kind, amount, cards, option = action  # type: ignore[misc]
    return kind == "discard" and type(action)(kind, amount, tuple(sorted(cards)),
                                              option) in legal


def snapshot(game: Any) -> tuple[Any, ...]:
    """Everything a refused call must leave as it was."""
    table, deal = game.table, game.deal
    state: tuple[Any, ...] = (
        list(table.banks), list(table.bets), table.pool, table.batterie, table.bought,
        table.brought, [(d.debtor, d.creditor, d.amount) for d in table.debts], game.dealer,
        game.deal_count, len(game.log), game.to_act)
    if deal is not None:
        state += (deal.number, deal.over, deal.step_index, deal.step_id,
                  {s: list(h) for s, h in deal.hands.items()}, list(deal.stock),
                  {s: list(p) for s, p in deal.discards.items()}, sorted(deal.out),
                  game.legal_actions().summary())
    return state


def _diff(before: tuple[Any, ...], after: tuple[Any, ...]) -> str:
    names = ["banks", "bets", "pool", "batterie", "bought", "brought", "debts", "dealer",
             "deal_count", "log length", "to_act", "deal number", "deal over", "step index",
             "step id", "hands", "stock", "discards", "out", "legal actions"]
    changed = [f"{name}: {short(repr(a), 80)} -> {short(repr(b), 80)}"
               for name, a, b in zip(names, before, after, strict=False) if a != b]
    if len(before) != len(after):
        changed.append("a deal appeared or vanished")
    return "; ".join(changed) or "?"


class EngineCase:
    """One random table played by a random policy; stops at the first finding."""

    MAX_CALLS = 3000
    MAX_DECISIONS_PER_DEAL = 2000

    def __init__(self, seed: int, index: int, ctx: Context) -> None:
        self.rng = Random(f"{seed}:engine:{index}")
        self.ctx = ctx
        self.findings: list[Finding] = []
        self.game: Any = None
        self.deck: list[int] = []
        self.offences: list[str] = []

    # -- recording ---------------------------------------------------------------

    def finding(self, kind: str, signature: str, message: str, tb: str = "") -> None:
        call = self.ctx.trace[-1] if self.ctx.trace else self.ctx.setup
        self.findings.append(Finding(
            "engine", kind, signature, message, call.strip(), tb,
            self.ctx.repro(f"{kind}: {message}\nat the last call: {call.strip()}")))

    # -- setup ---------------------------------------------------------------------

    def setup(self) -> bool:
        from ambigu_rules.load.catalog import builtin_ids
        from ambigu_rules.load.resolver import load_ruleset
        from ambigu_rules.rules.common import Agreed

        rng = self.rng
        version = rng.choice(builtin_ids())
        rules = load_ruleset(version)
        low, high = rules.players.min, rules.players.max
        bad: list[str] = []  # the arguments made absurd on purpose
        kwargs: dict[str, Any] = {}
        players = rng.randint(max(2, low), high)
        count = players
        if rng.random() < 0.03:
            players = rng.choice([low - 1, high + 1, 0, -1, True, 2.0, None, "4", 10**19])
            bad.append("players")
        kwargs["players"] = players
        if rng.random() < 0.1 and not bad:  # names decide the count: only with a valid one
            names: list[Any] = [rng.choice(HOSTILE_NAMES[2:]) + str(i) for i in range(count)]
            if rng.random() < 0.3:
                names[0] = rng.choice(["", " ", None, 5, names[-1]])
                bad.append("names")
            kwargs["names"] = names
        bank_kind = rng.random()
        banks: Any
        if bank_kind < 0.25:
            banks = rng.randint(0, 6)
        elif bank_kind < 0.6:
            banks = rng.randint(7, 500)
        elif bank_kind < 0.8:
            banks = rng.choice([BIG, rng.randint(10**6, BIG)])
        else:
            banks = [rng.choice([0, 1, 3, 50, 1000, BIG]) for _ in range(count)]
            kwargs["resumed"] = True  # unequal banks: a session under way
        if rng.random() < 0.03:
            banks = rng.choice([-1, BIG + 1, 1.5, True, "100", None, [10] * (count + 1), [],
                                [10] * (count - 1) + [-5], [10] * (count - 1) + [2.5]])
            bad.append("banks")
        kwargs["banks"] = banks
        kwargs["limit"] = rng.choice([1, 2, rng.randint(1, 20), BIG, rng.randint(1, BIG)])
        if rng.random() < 0.03:
            kwargs["limit"] = rng.choice([0, -1, BIG + 1, 2.0, True, None, "10"])
            bad.append("limit")
        kwargs["dealer"] = rng.randrange(count)
        if rng.random() < 0.03:
            kwargs["dealer"] = rng.choice([-1, count, 1.5, True, "0"])
            bad.append("dealer")
        kwargs["seed"] = rng.getrandbits(32)
        if rng.random() < 0.02:
            kwargs["seed"] = rng.choice([1.5, "x", True])
            bad.append("seed")
        agreed_steps = {step.id: amount.choices for step in rules.procedure
                        for name in ("amount", "stake", "stand_pays")
                        if isinstance(amount := getattr(step, name, None), Agreed)}
        if agreed_steps and rng.random() < 0.5:
            step_id = rng.choice(sorted(agreed_steps))
            kwargs["agreed"] = {step_id: rng.choice(agreed_steps[step_id])}
            if rng.random() < 0.1:
                kwargs["agreed"] = rng.choice([{step_id: 10**19}, {step_id: -1},
                                               {step_id: 1.5}, {"no_such_step": 1},
                                               {step_id: True}, {step_id: None}])
                if not all(key in agreed_steps and type(value) is int
                           and value in agreed_steps[key]
                           for key, value in kwargs["agreed"].items()):
                    bad.append("agreed")
        if rng.random() < 0.2:
            kwargs["keep_discards_apart"] = rng.sample(range(count), rng.randint(0, count))
        self.ctx.setup = f"game = Game(load_ruleset({version!r}), " + ", ".join(
            f"{k}={src(v)}" for k, v in kwargs.items()) + ")"
        from ambigu_rules.engine import Game
        from ambigu_rules.errors import AmbiguError

        try:
            self.game = Game(load_ruleset(version), **kwargs)
        except AmbiguError as error:
            if not bad:
                self.finding("refused-valid", f"Game:{message_shape(str(error))}",
                             f"Game(...) refused a sensible setup: {type(error).__name__}: "
                             f"{short(str(error))}", format_exception(error))
            return False
        except Exception as error:
            self.finding("engine-exception", f"Game:{exception_signature(error)}",
                         f"Game(...) raised {type(error).__name__}: {short(str(error))}",
                         format_exception(error))
            return False
        if bad:
            self.finding("accepted-invalid", f"Game:{'+'.join(bad)}",
                         f"Game(...) accepted an absurd {' and '.join(bad)}: {self.ctx.setup}")
            return False
        game = self.game
        self.deck = sorted(game.deck.cards())
        self.offences = [p.offence for p in game.ruleset.table.penalties]
        return True

    # -- checks --------------------------------------------------------------------

    def check_state(self, where: str) -> bool:
        """The engine's invariants after a call (``ambigu_rules.engine.invariants``);
        False, and a finding, if one is broken."""
        from ambigu_rules.engine.invariants import breaches

        for breach in breaches(self.game):
            self.finding(breach.kind, f"{breach.kind}:{where}", f"after {where}: {breach.message}")
            return False
        return True

    def call(self, name: str, source: str, func: Callable[[], Any], expect: str,
             shape: str = "") -> bool:
        """Make one API call and check it. ``expect``: "legal", "illegal" or "either".

        Returns False when the case must stop (a finding).
        """
        from ambigu_rules.errors import AmbiguError, IllegalActionError

        self.ctx.trace.append(f"attempt(lambda: {source})" if expect != "legal"
                              else source)
        try:
            before = snapshot(self.game)
        except Exception as error:
            return self.crashed("snapshot", "reading the state (legal_actions)", error)
        try:
            func()
        except AmbiguError as error:
            try:
                after = snapshot(self.game)
            except Exception as error2:
                return self.crashed("snapshot", "reading the state after a refusal", error2)
            if expect == "legal" and before == after and self._script_cannot_be_served(error):
                return False  # the script is at fault, not the move; the engine says so
            if expect == "legal":
                changed = "" if before == after else f"; and it changed {_diff(before, after)}"
                self.finding("refused-legal", f"{name}:{exception_signature(error)}",
                             f"{source} is a legal action but was refused: "
                             f"{type(error).__name__}: {short(str(error))}{changed}",
                             format_exception(error))
                return False
            if before != after:
                self.finding("state-changed", f"{name}:{exception_signature(error)}",
                             f"{source} was refused ({type(error).__name__}: "
                             f"{short(str(error), 150)}) but changed {_diff(before, after)}")
                return False
            if not isinstance(error, IllegalActionError) and name != "start_deal(script)":
                self.finding("wrong-error", f"{name}:{type(error).__name__}",
                             f"{source} was refused with {type(error).__name__}, not "
                             f"IllegalActionError: {short(str(error))}")
                return False
            return True
        except Exception as error:
            return self.crashed(name, source, error)
        if expect == "illegal":
            self.finding("accepted-illegal", f"{name}:{shape or _arg_shape(source)}",
                         f"{source} should have been refused but was played")
            return False
        try:
            return self.check_state(name)
        except Exception as error:
            return self.crashed("check", f"checking the state after {source}", error)

    def crashed(self, name: str, what: str, error: Exception) -> bool:
        kind = "memory" if isinstance(error, MemoryError) else "engine-exception"
        self.finding(kind, exception_signature(error),
                     f"{what} raised {type(error).__name__}: {short(str(error))}",
                     format_exception(error))
        return False

    # -- the policy -----------------------------------------------------------------

    def run(self) -> list[Finding]:
        if not self.setup():
            return self.findings
        rng, game = self.rng, self.game
        deals = rng.randint(1, 4)
        played = 0
        calls = 0
        decisions = 0
        while calls < self.MAX_CALLS:
            calls += 1
            if game.deal_over:
                if played >= deals:
                    break
                if not self.between_deals():
                    return self.findings
                if not game.can_start_deal():
                    self.call("start_deal", "game.start_deal()", game.start_deal, "illegal")
                    break
                if game.deal_over:
                    scripted = rng.random() < 0.1
                    ok = self.scripted_start() if scripted else self.call(
                        "start_deal", "game.start_deal()", game.start_deal, "legal")
                    if not ok:
                        return self.findings
                    played += 1
                    decisions = 0
                continue
            roll = rng.random()
            if roll < 0.62:
                legal = game.legal_actions()
                action = legal[rng.randrange(len(legal))]
                if not well_formed(action):
                    self.finding("malformed-legal", "legal_actions",
                                 f"legal_actions() holds a malformed action {action!r}")
                    return self.findings
                decisions += 1
                if decisions > self.MAX_DECISIONS_PER_DEAL:
                    self.finding("no-end", "deal", f"a deal did not end after "
                                 f"{self.MAX_DECISIONS_PER_DEAL} legal decisions")
                    return self.findings
                ok = self.call("apply", f"game.apply({src(action)})",
                               lambda a=action: game.apply(a), "legal")
            elif roll < 0.88:
                ok = self.junk_apply()
            elif roll < 0.94:
                ok = self.random_penalty()
            elif roll < 0.98:
                ok = self.random_buy()
            else:
                ok = self.call("start_deal", "game.start_deal()", game.start_deal, "illegal")
            if not ok:
                return self.findings
        return self.findings

    def between_deals(self) -> bool:
        rng, game = self.rng, self.game
        if rng.random() < 0.2 and not self.random_buy():
            return False
        if rng.random() < 0.1 and not self.random_penalty():
            return False
        if rng.random() < 0.1:
            action = self.junk_action()
            return self.call("apply", f"game.apply({src(action)})",
                             lambda: game.apply(action), "illegal")
        return True

    def seat_arg(self) -> tuple[Any, bool]:
        """A seat argument, and whether it is a valid seat."""
        count = self.game.players
        if self.rng.random() < 0.75:
            return self.rng.randrange(count), True
        return self.rng.choice([-1, count, count + 5, 10**19, True, False, None, "0", 1.0,
                                -count]), False

    def random_penalty(self) -> bool:
        rng, game = self.rng, self.game
        seat, seat_ok = self.seat_arg()
        offence = rng.choice(self.offences) if self.offences and rng.random() < 0.7 else \
            rng.choice(["no_such_offence", "", None, 5, "Showing_Cards", "showing_cards ",
                        ["showing_cards"], "misdeal", "foul_hand"])
        known = type(offence) is str and offence in self.offences
        expect = "either" if seat_ok and known and not game.deal_over else "illegal"
        return self.call("penalize", f"game.penalize({src(seat)}, {src(offence)})",
                         lambda: game.penalize(seat, offence), expect)

    def random_buy(self) -> bool:
        rng, game = self.rng, self.game
        seat, seat_ok = self.seat_arg()
        amount = rng.choice([1, 5, 50, rng.randint(1, 1000)]) if rng.random() < 0.6 else \
            rng.choice([0, -1, -(10**19), BIG, BIG + 1, 10**19, 1.5, 0.5, math.nan, math.inf,
                        True, "5", None, [5]])
        amount_ok = type(amount) is int and 1 <= amount <= BIG
        expect = "either" if seat_ok and amount_ok else "illegal"
        return self.call("buy_back", f"game.buy_back({src(seat)}, {src(amount)})",
                         lambda: game.buy_back(seat, amount), expect)

    def junk_action(self) -> Any:
        """An action that is malformed, or well-formed but probably not allowed."""
        from ambigu_rules.engine.actions import KINDS, Action

        rng, game = self.rng, self.game
        legal = game.legal_actions()
        hand = game.hand(game.to_act) if game.to_act is not None else []
        size = len(self.deck)
        outside = [c for c in self.deck if c not in hand]
        roll = rng.randrange(10)
        if roll == 0:
            return rng.choice(["pass", None, 0, 1, ("pass", None, (), None), ["pass"],
                               {"kind": "pass"}, b"pass", Junk(), Action, legal,
                               FakeAction("pass", None, (), None)])
        if roll == 1:
            return Action(rng.choice([k for k in KINDS if k not in legal.kinds()] or ["fold"]))
        if roll in (2, 3):
            kind = rng.choice(["open", "raise", "call", "pass", "fold"])
            span = legal.amount_range(kind) or (1, 10)
            amount = rng.choice([span[0] - 1, span[1] + 1, 0, -1, 10**19, BIG + 1, -(10**19),
                                 span[0], span[1], 1.0, True, False, "1", 2.5, math.nan,
                                 math.inf, 10**100])
            return Action(kind, amount=amount)  # type: ignore[arg-type]
        if roll in (4, 5, 6):
            pick = rng.randrange(7)
            if pick == 0 and outside:
                cards: Any = (rng.choice(outside),)
            elif pick == 1:
                cards = (rng.choice([-1, size, size + 1, 10**19, -(10**19)]),)
            elif pick == 2 and hand:
                card = rng.choice(hand)
                cards = (card, card)
            elif pick == 3 and hand:
                cards = (*hand, outside[0] if outside else 0)
            elif pick == 4 and hand:
                cards = rng.choice([list(hand[:1]), frozenset(hand[:2]), (float(hand[0]),),
                                    (True,), "2S", (str(hand[0]),), tuple(reversed(hand[:2]))])
            elif pick == 5 and hand:
                cards = tuple(sorted(hand[:2], reverse=True))
            else:
                cards = tuple(hand)
            return Action("discard", cards=cards)
        if roll == 7:
            return Action("choose", option=rng.choice(["nope", "", 3, None, "REDEAL", "redeal",
                                                       "x" * 1000, ("redeal",)]))
        if roll == 8:
            return Action(rng.choice(["PASS", "", "dance", 5, None, "pass "]))
        if len(legal):
            base = legal[rng.randrange(len(legal))]
            field_ = rng.randrange(4)
            values = list(base)
            values[field_] = rng.choice([None, 0, 5, "x", (), (0,), 1.5, True])
            return Action(*values)
        return Action("pass")

    def junk_apply(self) -> bool:
        action = self.junk_action()
        game = self.game
        try:
            expected = "legal" if allowed(action, game.legal_actions()) else "illegal"
        except Exception as error:
            self.finding("engine-exception", f"contains:{exception_signature(error)}",
                         f"'{src(action)} in game.legal_actions()' raised "
                         f"{type(error).__name__}: {short(str(error))}",
                         format_exception(error))
            return False
        return self.call("apply", f"game.apply({src(action)})", lambda: game.apply(action),
                         expected, action_shape(action))

    def _script_cannot_be_served(self, error: Exception) -> bool:
        """Whether ``error`` is the engine finding, while drawing, that a card scripted for
        this deal is not in the stock: a legal move then fails because of the script (the
        engine can only know it when the card is drawn, since discards may be reused)."""
        from ambigu_rules.engine.setup import GameSetupError

        game = self.game
        scripted = game.script is not None or game.stock_order is not None
        return scripted and isinstance(error, GameSetupError) and "scripted for" in str(error)

    def scripted_start(self) -> bool:
        """``start_deal`` with scripted cards or a stock order, sensible or not."""
        rng, game = self.rng, self.game
        deck = list(self.deck)
        rng.shuffle(deck)
        kwargs: dict[str, Any] = {}
        if rng.random() < 0.5:
            seats = rng.sample(range(game.players), rng.randint(1, game.players))
            cards: dict[Any, Any] = {s: deck[i * 4:(i + 1) * 4] for i, s in enumerate(seats)}
            if rng.random() < 0.5:
                junk_seat = rng.choice(seats)
                cards[junk_seat] = rng.choice([
                    [deck[0], deck[0]], [-1], [len(deck)], [10**19], [1.5], [True], ["2S"],
                    cards[seats[0]], [], deck[:30]])
                if rng.random() < 0.3:
                    cards[rng.choice([-1, game.players, "0", None, 1.5])] = deck[-4:]
            kwargs["cards"] = cards
        else:
            stock = deck[:rng.choice([0, 4, 20, len(deck)])]
            if rng.random() < 0.5:
                stock = rng.choice([[*stock, stock[0]] if stock else [0, 0], [-1, *stock],
                                    [10**19], [1.5], ["2S"], [True, *stock]])
            kwargs["stock"] = stock
        source = "game.start_deal(" + ", ".join(f"{k}={src(v)}" for k, v in kwargs.items()) + ")"
        return self.call("start_deal(script)", source, lambda: game.start_deal(**kwargs),
                         "either")


def action_shape(action: object) -> str:
    """What is odd about an action, for the dedup of accepted ones: its class, kind
    and the fields it fills (``Action discard +amount:int``)."""
    if not isinstance(action, tuple) or len(action) != 4:
        return type(action).__name__
    kind, amount, cards, option = action
    expected = {"open": "amount", "raise": "amount", "discard": "cards", "choose": "option"}
    filled = [f"+{name}:{type(value).__name__}" for name, value in
              (("amount", amount), ("cards", cards), ("option", option))
              if value not in (None, ()) and expected.get(kind) != name]
    return f"{type(action).__name__} {kind!r} {' '.join(filled)}".strip()


def _arg_shape(source: str) -> str:
    """A call's source with numbers blanked (a dedup key for accepted-illegal)."""
    shape = re.sub(r"\d+", "0", source)
    shape = re.sub(r"'[^']*'", "'_'", shape)
    return shape[:80]


def run_engine_case(seed: int, index: int, ctx: Context) -> tuple[list[Finding], str]:
    case = EngineCase(seed, index, ctx)
    findings = case.run()
    return findings, "played" if case.game is not None else "not set up"


# -- one case, in the worker ---------------------------------------------------


def _on_alarm(signum: int, frame: Any) -> None:
    raise CaseTimeout()


def rss_bytes() -> int:
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def drop_caches() -> None:
    """Drop the package's per-file caches (a worker sees thousands of files)."""
    import gc

    from ambigu_rules.hands import evaluator
    from ambigu_rules.load import resolver as registry
    from ambigu_rules.play import bots

    for holder, name in ((registry, "_resolve_cached"), (bots, "_sorted_keys")):
        clear = getattr(getattr(holder, name, None), "cache_clear", None)
        if clear is not None:
            clear()
    compiled = getattr(evaluator, "_COMPILED", None)
    if isinstance(compiled, dict):
        compiled.clear()
    gc.collect()


def hang_signature(command: str, error: BaseException) -> str:
    """A hang's dedup key: the command and the package file it was interrupted in."""
    frames = traceback.extract_tb(error.__traceback__)
    own = [f for f in frames if "ambigu_rules" in f.filename]
    where = Path(own[-1].filename).name if own else "tools/fuzz.py"
    return f"{command.split(' ')[1] if command.count(' ') else 'engine'}:{where}"


def run_case(target: str, seed: int, index: int, timeout: float, scratch: Path) -> CaseResult:
    """Run one case with a time limit; never raises."""
    folder = scratch / f"{target}-{index}"
    folder.mkdir(parents=True, exist_ok=True)
    ctx = Context(target, index, folder)
    start = time.perf_counter()
    findings: list[Finding] = []
    outcome = ""
    restart = False
    here = os.getcwd()
    old = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        os.chdir(folder)
        if target == "engine":
            ctx.phase = "run"
            signal.setitimer(signal.ITIMER_REAL, timeout)
            findings, outcome = run_engine_case(seed, index, ctx)
        else:
            # Making the case has its own, generous, time: --timeout is the package's.
            ctx.phase = "generate"
            signal.setitimer(signal.ITIMER_REAL, GENERATE_TIMEOUT)
            ctx.case = make_file_case(target, seed, index)
            write_case(ctx.case, folder)  # left there if the worker has to be killed
            ctx.phase = "run"
            signal.setitimer(signal.ITIMER_REAL, timeout)
            runner = run_ruleset_case if target == "rulesets" else run_replay_case
            findings, outcome = runner(ctx.case, ctx)
    except CaseTimeout as error:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if ctx.phase == "generate":
            findings.append(Finding(target, "fuzzer-error", "slow generation",
                                    f"making the case took more than {GENERATE_TIMEOUT:g} s",
                                    "", format_exception(error)))
        else:
            findings.append(Finding(
                target, "hang", hang_signature(ctx.command, error),
                f"the case ran past {timeout:g} s (interrupted where shown)", ctx.command,
                format_exception(error), ctx.repro(f"hang: ran past {timeout:g} s")))
        restart = True
    except MemoryError as error:
        findings.append(Finding(target, "memory", exception_signature(error),
                                f"MemoryError under the {MEMORY_CAP // 1024**3} GiB cap",
                                ctx.command, format_exception(error),
                                ctx.repro("MemoryError")))
        restart = True
    except Exception as error:  # a fault of the fuzzer itself: reported, never hidden
        findings.append(Finding(target, "fuzzer-error", exception_signature(error),
                                f"{type(error).__name__}: {short(str(error))}", ctx.command,
                                format_exception(error)))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        os.chdir(here)
        shutil.rmtree(folder, ignore_errors=True)
    if ctx.case is not None:  # the reproducer travels with the finding
        for finding in findings:
            finding.mutations = list(ctx.case.mutations)
            finding.files = {name: base64.b64encode(data).decode("ascii")
                             for name, data in ctx.case.files.items()}
    seconds = time.perf_counter() - start
    label = hostile_label(ctx.case)
    size = rss_bytes()
    if size > MEMORY_WARN and not any(f.kind == "memory" for f in findings):
        findings.append(Finding(target, "memory", "rss", f"the worker grew to "
                                f"{size // 1024**2} MiB during this case", ctx.command))
    if size > CLEAR_CACHES_AT:
        drop_caches()
        restart = restart or rss_bytes() > RESTART_AT
    return CaseResult(target, index, seconds, findings, outcome, restart, label)


# -- the worker process --------------------------------------------------------


def worker_main(seed: int, timeout: float) -> int:
    """Read case numbers on stdin, answer one JSON line each on stdout."""
    import resource

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    # The protocol gets private copies of stdin and stdout; the package's own
    # reads and writes go to /dev/null so they cannot disturb it.
    proto_in = os.fdopen(os.dup(0), "rb")
    proto_out = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
    sys.stdin = open(0, closefd=False)  # noqa: SIM115
    scratch = Path(tempfile.mkdtemp(prefix="ambigu-fuzz-"))
    import ambigu_rules.cli
    import ambigu_rules.engine  # noqa: F401

    proto_out.write(json.dumps({"ready": str(scratch)}).encode() + b"\n")
    proto_out.flush()
    try:
        for line in proto_in:
            request = json.loads(line)
            result = run_case(request["target"], seed, request["index"], timeout, scratch)
            answer = {"n": request["n"], "result": asdict(result)}
            proto_out.write(json.dumps(answer).encode() + b"\n")
            proto_out.flush()
            if result.restart:
                break
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


# -- the parent ------------------------------------------------------------------


class Worker:
    """A worker subprocess and the case it is running."""

    def __init__(self, seed: int, timeout: float, log: Path) -> None:
        env = dict(os.environ)
        env.update({"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
                    "MKL_NUM_THREADS": "1", "NO_COLOR": "1", "COLUMNS": "120",
                    "PYTHONFAULTHANDLER": "1"})
        env.pop("AMBIGU_RULESETS", None)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        self.log = log
        self.stderr = log.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", "--seed", str(seed),
             "--timeout", str(timeout)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, cwd=str(ROOT),
            env=env)
        self.buffer = b""
        self.scratch: str | None = None
        self.job: tuple[int, str, int] | None = None  # (n, target, index)
        self.deadline = time.monotonic() + 120  # to be ready
        self.dead = False

    @property
    def fd(self) -> int:
        assert self.process.stdout is not None
        return self.process.stdout.fileno()

    def send(self, n: int, target: str, index: int, timeout: float) -> None:
        assert self.process.stdin is not None
        self.job = (n, target, index)
        self.deadline = time.monotonic() + timeout + HARD_KILL_GRACE
        try:
            self.process.stdin.write(json.dumps({"n": n, "target": target,
                                                 "index": index}).encode() + b"\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass  # it died: its end of file reports the case as lost

    def read(self) -> list[dict[str, Any]]:
        """Complete messages available now; marks the worker dead at end of file."""
        try:
            chunk = os.read(self.fd, 1 << 20)
        except OSError:
            chunk = b""
        if not chunk:
            self.dead = True
            return []
        self.buffer += chunk
        messages = []
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            messages.append(json.loads(line))
        return messages

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.stderr.close()
        if self.scratch:
            shutil.rmtree(self.scratch, ignore_errors=True)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
        self.stderr.close()
        if self.scratch:
            shutil.rmtree(self.scratch, ignore_errors=True)

    def log_tail(self) -> str:
        try:
            return self.log.read_bytes()[-4000:].decode("utf-8", "replace")
        except OSError:
            return ""


@dataclass
class Record:
    """A distinct finding of the run: the first case that showed it, and how many did."""

    finding: Finding
    n: int
    index: int
    count: int = 1
    folder: str = ""


class Fuzzer:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.seed: int = args.seed
        self.targets: list[str] = list(TARGETS) if args.target == "all" else [args.target]
        self.out = Path(args.out)
        self.timeout: float = args.timeout
        self.records: dict[str, Record] = {}
        self.cases: Counter[str] = Counter()
        self.outcomes: Counter[str] = Counter()
        self.seconds: Counter[str] = Counter()
        self.hits: Counter[str] = Counter()  # findings by kind, every hit counted
        self.hostile_cases: Counter[str] = Counter()  # cases of each hostile class
        self.hostile_hits: dict[str, Counter[str]] = {}  # their findings by kind
        self.slowest: list[tuple[float, str, int]] = []  # (seconds, target, index)
        self.start = time.monotonic()
        self.last_progress = self.start
        self.interrupted = False
        self.restarts = 0

    # -- the schedule ---------------------------------------------------------------

    def schedule(self) -> Iterator[tuple[int, str, int]]:
        if self.args.repro is not None:
            yield 0, self.targets[0], self.args.repro
            return
        n = 0
        while self.args.cases is None or n < self.args.cases:
            target = self.targets[n % len(self.targets)]
            yield n, target, n // len(self.targets)
            n += 1

    def time_left(self) -> bool:
        minutes = self.args.minutes
        return minutes is None or time.monotonic() - self.start < minutes * 60

    # -- results ----------------------------------------------------------------------

    def record(self, n: int, target: str, index: int, result: CaseResult) -> None:
        self.cases[target] += 1
        self.seconds[target] += result.seconds
        self.slowest = sorted([*self.slowest, (result.seconds, target, index)],
                              reverse=True)[:5]
        if result.outcome:
            self.outcomes[f"{target}: {result.outcome}"] += 1
        if result.hostile:
            self.hostile_cases[result.hostile] += 1
            self.hostile_hits.setdefault(result.hostile, Counter()).update(
                finding.kind for finding in result.findings)
        for finding in result.findings:
            self.add_finding(n, index, finding)

    def add_finding(self, n: int, index: int, finding: Finding) -> None:
        self.hits[finding.kind] += 1
        known = self.records.get(finding.key)
        if known is not None:
            known.count += 1
            if n >= known.n:
                return
            known.finding, known.n, known.index = finding, n, index
            self.save(known)
            return
        record = Record(finding, n, index)
        self.records[finding.key] = record
        self.save(record)

    def save(self, record: Record) -> None:
        finding = record.finding
        digest = hashlib.sha1(finding.key.encode()).hexdigest()[:8]
        folder = self.out / f"{finding.target}-{finding.kind}-{digest}"
        folder.mkdir(parents=True, exist_ok=True)
        record.folder = str(folder)
        # The files come from the worker: the parent never makes a case itself
        # (making one may be what went wrong).
        files = {name: base64.b64decode(data) for name, data in finding.files.items()}
        mutations = finding.mutations
        for name, data in files.items():
            (folder / name).write_bytes(data)
        if finding.repro:
            (folder / "repro.py").write_text(finding.repro, encoding="utf-8",
                                               errors="backslashreplace")
        reproduce = [f".venv/bin/python tools/fuzz.py --target {finding.target} --seed "
                     f"{self.seed} --repro {record.index}"]
        if files:
            reproduce.insert(0, f"cd {folder} && {ROOT}/.venv/bin/{finding.command}"
                             if finding.command.startswith("ambigu ") else
                             f"cd {folder} && (see the command above)")
        elif finding.repro:
            reproduce.insert(0, f".venv/bin/python {folder}/repro.py")
        text = [
            f"target:   {finding.target}",
            f"kind:     {finding.kind}",
            f"key:      {finding.key}",
            f"case:     --seed {self.seed} --target {finding.target}, case {record.index}",
            f"command:  {finding.command}",
            f"message:  {finding.message}",
            "",
            "reproduce:",
            *[f"  {line}" for line in reproduce],
        ]
        if mutations:
            text += ["", "how the case was made:", *[f"  - {m}" for m in mutations]]
        if finding.traceback:
            text += ["", "traceback:", finding.traceback.rstrip()]
        (folder / "finding.txt").write_text("\n".join(text) + "\n", encoding="utf-8",
                                                 errors="backslashreplace")

    # -- running ---------------------------------------------------------------------

    def progress(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last_progress < PROGRESS_EVERY:
            return
        self.last_progress = now
        total = sum(self.cases.values())
        elapsed = max(now - self.start, 1e-9)
        per = ", ".join(f"{t} {self.cases[t]}" for t in self.targets)
        print(f"fuzz: {total} cases ({per}), {total / elapsed:.1f} cases/s, "
              f"{len(self.records)} distinct findings ({sum(self.hits.values())} hits), "
              f"{elapsed:.0f} s", file=sys.stderr, flush=True)

    def new_worker(self, number: int) -> Worker:
        log = Path(tempfile.gettempdir()) / f"ambigu-fuzz-worker-{os.getpid()}-{number}.log"
        return Worker(self.seed, self.timeout, log)

    def lost_case(self, worker: Worker, kind: str, message: str) -> None:
        """A worker that hung past the hard deadline or died: the case is a finding."""
        assert worker.job is not None
        n, target, index = worker.job
        tail = worker.log_tail()
        signature = "killed" if kind == "hang" else f"exit {worker.process.returncode}"
        command = {"rulesets": "ambigu validate case.yaml", "replays": "ambigu replay case.yaml"
                   }.get(target, f"(engine case {index}: see --repro)")
        finding = Finding(target, kind, signature, message, command, tail)
        left = Path(worker.scratch or "/nonexistent") / f"{target}-{index}"
        with contextlib.suppress(OSError):
            finding.files = {path.name: base64.b64encode(path.read_bytes()).decode("ascii")
                             for path in sorted(left.iterdir()) if path.is_file()}
        if not finding.files and target != "engine":
            finding.mutations = ["(the worker was lost before the case was written: "
                                 "regenerate it with --repro)"]
        self.cases[target] += 1
        self.add_finding(n, index, finding)

    def run(self) -> int:
        self.out.mkdir(parents=True, exist_ok=True)
        jobs = self.args.jobs
        schedule = self.schedule()
        pending = True
        workers: list[Worker] = []
        selector = selectors.DefaultSelector()
        made = 0

        def start_worker() -> Worker:
            nonlocal made
            made += 1
            worker = self.new_worker(made)
            selector.register(worker.fd, selectors.EVENT_READ, worker)
            workers.append(worker)
            return worker

        def retire(worker: Worker, kill: bool) -> None:
            selector.unregister(worker.fd)
            workers.remove(worker)
            worker.kill() if kill else worker.stop()

        for _ in range(jobs):
            start_worker()
        try:
            while True:
                for worker in list(workers):
                    if worker.scratch is None or worker.job is not None:
                        continue
                    job = next(schedule, None) if pending and self.time_left() else None
                    if job is None:
                        pending = False
                        retire(worker, kill=False)
                        continue
                    worker.send(*job, self.timeout)
                if not workers:
                    break
                now = time.monotonic()
                wait = max(0.05, min([w.deadline - now for w in workers] + [PROGRESS_EVERY]))
                for key, _ in selector.select(timeout=wait):
                    worker = key.data
                    for message in worker.read():
                        if "ready" in message:
                            worker.scratch = message["ready"]
                            continue
                        assert worker.job is not None
                        n, target, index = worker.job
                        data = message["result"]
                        data["findings"] = [Finding(**f) for f in data["findings"]]
                        result = CaseResult(**data)
                        self.record(n, target, index, result)
                        worker.job = None
                        if result.restart:
                            self.restarts += 1
                            retire(worker, kill=False)
                            if pending:
                                start_worker()
                    if worker.dead and worker in workers:
                        if worker.job is not None:
                            worker.process.wait()
                            self.lost_case(worker, "worker-died", "the worker process died "
                                           f"(exit status {worker.process.returncode}) "
                                           "during the case")
                        elif worker.scratch is None:
                            raise RuntimeError("a worker failed to start: "
                                               + worker.log_tail()[-2000:])
                        self.restarts += 1
                        retire(worker, kill=True)
                        if pending:
                            start_worker()
                now = time.monotonic()
                for worker in list(workers):
                    if now > worker.deadline and worker.job is not None:
                        self.lost_case(worker, "hang", f"the worker did not answer within "
                                       f"{self.timeout + HARD_KILL_GRACE:g} s and was killed "
                                       "(stuck where a signal cannot interrupt it)")
                        self.restarts += 1
                        retire(worker, kill=True)
                        if pending:
                            start_worker()
                    elif now > worker.deadline and worker.scratch is None:
                        raise RuntimeError("a worker did not start within 120 s")
                self.progress()
        except KeyboardInterrupt:
            self.interrupted = True
            print("fuzz: interrupted", file=sys.stderr)
        finally:
            for worker in list(workers):
                with contextlib.suppress(Exception):
                    retire(worker, kill=True)
            for worker_log in Path(tempfile.gettempdir()).glob(
                    f"ambigu-fuzz-worker-{os.getpid()}-*.log"):
                with contextlib.suppress(OSError):
                    worker_log.unlink()
        self.progress(force=True)
        self.summarise()
        return 1 if self.records else 0

    # -- the summary -------------------------------------------------------------------

    def summarise(self) -> None:
        elapsed = time.monotonic() - self.start
        total = sum(self.cases.values())
        kinds = Counter(r.finding.kind for r in self.records.values())
        lines = [
            "fuzz summary",
            f"  seed {self.seed}, targets {', '.join(self.targets)}, jobs {self.args.jobs}, "
            f"timeout {self.timeout:g} s" + (" (interrupted)" if self.interrupted else ""),
            f"  elapsed {elapsed:.1f} s, {total} cases, {total / max(elapsed, 1e-9):.2f} "
            f"cases/s, {self.restarts} worker restarts",
            "  cases per target:",
        ]
        for target in self.targets:
            busy = self.seconds[target]
            lines.append(f"    {target:<9} {self.cases[target]:>7}  "
                         f"({self.cases[target] / busy if busy else 0:.1f} cases/s of "
                         f"worker time)")
        lines.append("  slowest cases: " + ", ".join(
            f"{target} {index} ({seconds:.1f} s)" for seconds, target, index in self.slowest))
        lines.append("  outcomes: " + (", ".join(f"{k} {v}" for k, v in
                                                  sorted(self.outcomes.items())) or "none"))
        if self.hostile_cases:
            lines.append("  hostile classes (cases, and findings by kind, every hit counted):")
            for tag in sorted(self.hostile_cases, key=lambda t: int(t.split()[1])):
                hits = self.hostile_hits.get(tag) or Counter()
                lines.append(f"    {tag:<26} {self.hostile_cases[tag]:>5} cases; " + (
                    ", ".join(f"{k} {v}" for k, v in sorted(hits.items())) or "no finding"))
        lines.append(f"  distinct findings: {len(self.records)}" + (
            " (" + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) + ")"
            if kinds else ""))
        for record in sorted(self.records.values(), key=lambda r: r.n):
            finding = record.finding
            lines.append(f"    [{finding.target}/{finding.kind}] x{record.count} "
                         f"case {record.index}: {short(finding.message, 160)}")
            lines.append(f"        {short(finding.command, 160)}")
            lines.append(f"        -> {record.folder}")
        text = "\n".join(lines)
        print(text, file=sys.stderr, flush=True)
        (self.out / "summary.txt").write_text(text + "\n", encoding="utf-8",
                                              errors="backslashreplace")
        summary = {
            "seed": self.seed, "targets": self.targets, "jobs": self.args.jobs,
            "elapsed_seconds": round(elapsed, 3), "interrupted": self.interrupted,
            "cases": dict(self.cases), "total_cases": total,
            "cases_per_second": round(total / max(elapsed, 1e-9), 3),
            "outcomes": dict(self.outcomes), "hits_by_kind": dict(self.hits),
            "slowest": [{"target": t, "case": i, "seconds": round(sec, 3)}
                        for sec, t, i in self.slowest],
            "findings_by_kind": dict(kinds),
            "hostile_classes": {tag: {"cases": count,
                                      "findings": dict(self.hostile_hits.get(tag) or {})}
                                for tag, count in sorted(self.hostile_cases.items())},
            "findings": [
                {"key": r.finding.key, "target": r.finding.target, "kind": r.finding.kind,
                 "case": r.index, "count": r.count, "message": r.finding.message,
                 "command": r.finding.command, "folder": r.folder}
                for r in sorted(self.records.values(), key=lambda r: r.n)],
        }
        (self.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n",
                                               encoding="utf-8")
        if self.args.repro is not None:
            for record in self.records.values():
                print("\n" + (Path(record.folder) / "finding.txt").read_text(
                    "utf-8", errors="replace"),
                      file=sys.stderr)


# -- arguments ------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """Errors on one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(USER_ERROR, f"{self.prog}: error: {message}\n")


def _count(minimum: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) < minimum:
            raise argparse.ArgumentTypeError(f"expected a whole number of at least {minimum}, "
                                             f"got {text[:40]!r}")
        return int(text)

    read.__name__ = "whole number"
    return read


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= 10**6):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text[:40]!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="fuzz.py", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--minutes", type=_positive_float, default=None,
                        help="run for this long (default 1, or no limit with --cases)")
    parser.add_argument("--cases", type=_count(1), default=None,
                        help="stop after this many cases (all targets together)")
    parser.add_argument("--seed", type=_count(0), default=0, help="seed of every case")
    parser.add_argument("--target", choices=[*TARGETS, "all"], default="all")
    parser.add_argument("--out", default="fuzz-findings", help="folder of the findings")
    parser.add_argument("--jobs", type=_count(1), default=1, help="worker processes")
    parser.add_argument("--timeout", type=_positive_float, default=DEFAULT_TIMEOUT,
                        help="seconds after which a case is a hang")
    parser.add_argument("--repro", type=_count(0), default=None, metavar="INDEX",
                        help="run only case INDEX of --target and print its findings")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.worker:
        return worker_main(args.seed, args.timeout)
    if args.jobs > 64:
        parser.error("--jobs: at most 64 workers")
    if args.repro is not None and args.target == "all":
        parser.error("--repro needs one --target (rulesets, replays or engine)")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        parser.error(f"--out: {args.out!r} exists and is not a folder")
    if args.minutes is None and args.cases is None and args.repro is None:
        args.minutes = 1.0
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        parser.error(f"--out: cannot make {args.out!r}: {error.strerror or error}")
    try:
        return Fuzzer(args).run()
    except RuntimeError as error:  # a worker that cannot start: nothing was fuzzed
        print(f"fuzz.py: error: {short(str(error), 400)!r}", file=sys.stderr)
        return USER_ERROR


if __name__ == "__main__":
    sys.exit(main())
