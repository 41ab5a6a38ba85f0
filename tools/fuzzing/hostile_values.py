"""Hostile values the mutators put in place of a file's own (numbers, texts, containers,
raw YAML) and the hostile names shared by replays and engine tables."""

from __future__ import annotations

import math
from collections.abc import Callable
from random import Random

from .settings import BIG
from .yaml_trees import Raw, YamlTree

Scalar = int | float | bool | None

HOSTILE_NUMBERS: list[Scalar] = [
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
HOSTILE_CONTAINERS: list[Callable[[], YamlTree]] = [
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
#: Player names: empty, blank, twins by case or space, huge, control characters, digits
#: of other scripts, words of the replay format.
HOSTILE_NAMES = ["", " ", "Anna", "anna", "Anna ", "x" * 5000, "a\nb", "\x00", "١", "0", "1",
                 "penalty", "buy", "Anna: pass", "🂡", "\u202eannA"]


def hostile_value(rng: Random, near: YamlTree = None) -> YamlTree:
    """A value to put in place of ``near``: a number close to it now and then, else a
    hostile number, text, container or raw YAML."""
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
