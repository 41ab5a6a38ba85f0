"""Hostile-class cases of the ``rulesets`` target: rule files made to show one class each.

Every maker takes a seeded :class:`~random.Random` and returns a
:class:`~.cases.HostileCase` whose ``expect`` says what the oracle
(:mod:`.oracles`) needs to know about what was planted.
"""

from __future__ import annotations

import textwrap
from random import Random
from typing import Any

import yaml

from .cases import (
    BIG,
    BINARY_VALUES,
    MARK,
    SURROGATE_ESCAPES,
    HostileCase,
    Quoted,
    builtin_data,
    builtin_versions,
    control_escape,
    dump,
    house,
)
from .text import quoted

MAIN = "case.yaml"
EDITORIAL = {"source": "editors", "evidence": "editorial"}


def _shown(text: str, limit: int = 60) -> str:
    shown = repr(text)
    return shown if len(shown) <= limit else shown[:limit - 12] + f"...({len(text)} ch)"


def _copy_of(rng: Random, versions: tuple[str, ...] | None = None) -> tuple[str, Any]:
    """A built-in version's data, to be written back as a user's full copy."""
    version = rng.choice(versions or builtin_versions())
    return version, builtin_data(version)


# -- class 1: ids used as file names ----------------------------------------------

UNSAFE_IDS: tuple[str, ...] = (
    "../../../tmp/x", "../x", "a/b", "/etc/x", "a\\b", "..\\..\\x", "..", ".", "x\x00y",
    "\x00", "x" * 65, "x" * 300, "x" * 5000, ".hidden", "-rf", "_x", "a.b", "a:b", "é",
    "x\u200b", "%2e%2e%2fx", "~x", "x\n", "foster/../../x", "CON/x", "<b>x</b>",
    'x"onclick="y', "a#b", "x?y=1",
)


def rename_combination(data: Any, old: str, new: Any) -> None:
    """Give the combination ``old`` the id ``new``, in the ranking and parts too."""
    def renamed(node: Any) -> Any:
        if isinstance(node, list):
            return [renamed(item) for item in node]
        if isinstance(node, dict) and "best_of" in node:
            return {**node, "best_of": renamed(node["best_of"])}
        return new if node == old else node

    for item in data.get("combinations") or []:
        if item.get("id") == old:
            item["id"] = new
        if "parts" in item:
            item["parts"] = renamed(item["parts"])
    if isinstance(data.get("ranking"), dict):
        data["ranking"]["order"] = renamed(data["ranking"].get("order", []))


def make_ids(rng: Random) -> HostileCase:
    bad = rng.choice(UNSAFE_IDS)
    roll = rng.random()
    where = "id"
    if roll < 0.45:
        text, how = house(id_=quoted(bad)).encode(), "a house file extending foster"
    else:
        version, data = _copy_of(rng, ("foster", "1730", "russian", "encyclopedia"))
        if roll < 0.75:
            data["id"] = Quoted(MARK)
        else:
            data["id"] = "house_copy"
            old = rng.choice([c["id"] for c in data["combinations"]])
            rename_combination(data, old, Quoted(MARK))
            where = f"the combination {old!r}"
        text, how = dump(data, quoted(bad)[1:-1]), f"a full copy of {version}"
    return HostileCase(
        "ids", {MAIN: text}, MAIN,
        [f"hostile class 1 (ids as file names): {how} with {where} given the id {_shown(bad)}"],
        {"id": bad, "where": where})


# -- class 2: combination values past 16 bits ---------------------------------------

#: (shape, hand, combination, the combinations it sets) -- each hand's best combination
#: in Foster is the one named, and holds the parts named (its value is computed below).
VALUE_SHAPES: tuple[tuple[str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    ("own", ("2H 2D 2C 2S", "3H 3D 3C 3S"), "fredon", ("fredon",)),
    ("value_if", ("8H 8D 8C 8S", "9H 9D 9C 9S", "10H 10D 10C 10S"), "fredon", ("fredon",)),
    ("adds", ("2S 3S 4S 9S", "5H 6H 7H 10H"), "flush_sequence",
     ("flush_sequence", "flush", "sequence")),
    ("adds", ("5H 5D 5C 8S", "2H 2D 2C 3S"), "tricon_prime", ("tricon_prime", "tricon", "prime")),
)


def big_value(rng: Random) -> int:
    """A count past (or at the edge of) 16 bits, at most the package's 10**9."""
    return rng.choice([32767, 32768, 32769, 65535, 65536, 65537, 2**17 + 3, 10**6, 2**24 + 1,
                       2**29, BIG - 1, BIG, rng.randint(32768, BIG), rng.randint(32768, 99999)])


def planted_values(rng: Random, shape: str, names: tuple[str, ...]) -> tuple[
        dict[str, dict[str, Any]], int]:
    """The changes of each combination and the value the hand must then be worth."""
    if shape == "own":
        value = big_value(rng)
        return {names[0]: {"value": value}}, value
    if shape == "value_if":
        value = big_value(rng)
        return {names[0]: {"value": 10, "value_if": [{"when": {"pips": {"gt": 30}},
                                                       "value": value}]}}, value
    if rng.random() < 0.3:  # each below 16 bits, the sum past them
        own, first, second = (rng.randint(11_000, 32_767) for _ in range(3))
    else:
        total = big_value(rng)
        first = rng.randint(0, total)
        second = rng.randint(0, total - first)
        own = total - first - second
    return ({names[0]: {"payment": "adds", "value": own}, names[1]: {"value": first},
             names[2]: {"value": second}}, own + first + second)


def make_values(rng: Random) -> HostileCase:
    shape, hands, combination, names = rng.choice(VALUE_SHAPES)
    hand = rng.choice(hands)
    changes, value = planted_values(rng, shape, names)
    if rng.random() < 0.6:
        items = [{"id": name, **change, **EDITORIAL} for name, change in changes.items()]
        block = textwrap.indent(yaml.safe_dump(items, sort_keys=False, width=100), "  ")
        text, how = house(combinations=block).encode(), "a house file extending foster"
    else:
        data = builtin_data("foster")
        data["id"] = "house_copy"
        for item in data["combinations"]:
            item.update(changes.get(item["id"], {}))
        text, how = dump(data), "a full copy of foster"
    shown = ", ".join(f"{name} {change}" for name, change in changes.items())
    return HostileCase(
        "values", {MAIN: text}, MAIN,
        [f"hostile class 2 (values past 16 bits): {how}, {shown}; {hand} ({combination}) "
         f"must be worth {value}"],
        {"hand": hand, "combination": combination, "value": value},
        {"json": True, "hand": hand, "hands": [hand, "2S 3H 5D 7C"]})


# -- class 3: parts shaped as a DAG -------------------------------------------------

DAG_SHAPES = ("two before", "two before, one through best_of", "all before")


def dag_combinations(n: int, shape: str, payment: str) -> list[dict[str, Any]]:
    """``n`` combinations: the first two by a condition, each later one made of the
    ones before it (the two before, or all of them); no cycle."""
    names = [f"c{i:02d}" for i in range(n)]
    items: list[dict[str, Any]] = []
    for i, name in enumerate(names):
        item: dict[str, Any] = {"id": name, "name": name.upper(),
                                "definition": f"Combination {i} of a chain."}
        if i == 0:
            item["when"] = {"distinct_suits": 4}
        elif i == 1:
            item["when"] = {"pips": {"gt": 10}}
        elif shape == "two before":
            item["parts"] = [names[i - 1], names[i - 2]]
        elif shape == "all before":
            item["parts"] = names[:i]
        else:
            item["parts"] = [names[i - 1], {"best_of": names[max(0, i - 3):i - 1]}]
        item["value"] = 1
        if payment == "adds" and i > 1:
            item["payment"] = "adds"
        items.append({**item, **EDITORIAL})
    return items


def make_dag(rng: Random) -> HostileCase:
    n = rng.randint(20, 64)
    shape = rng.choice(DAG_SHAPES)
    payment = "adds" if rng.random() < 0.3 else "own"
    data = builtin_data("foster")
    data["id"] = "house_dag"
    data["combinations"] = dag_combinations(n, shape, payment)
    data["ranking"]["order"] = [item["id"] for item in data["combinations"]]
    hand = "2S 3H 4D 5C"  # four suits and 14 pips: it holds every combination
    return HostileCase(
        "dag", {MAIN: dump(data)}, MAIN,
        [f"hostile class 3 (DAG-shaped parts): {n} combinations, each of the {shape} "
         f"(payment {payment}), from a full copy of foster"],
        {"n": n, "shape": shape, "linear": True},
        {"hand": hand, "hands": [hand, "6S 7S 8S 10H"]})


# -- classes 5 and 6: escaped control characters, lone surrogates --------------------

TEXT_KEYS = frozenset({"title", "short_title", "summary", "name", "definition", "stand_call",
                       "draw_call", "pass_call", "open_call", "shuffle_call", "label", "says"})


def text_places(data: Any, notes: bool = False) -> list[tuple[Any, ...]]:
    """Paths of the texts a reader sees (titles, names, calls...) and the top id."""
    keys = TEXT_KEYS | {"note"} if notes else TEXT_KEYS
    places: list[tuple[Any, ...]] = [("id",)]
    stack: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key in keys and isinstance(value, str):
                    places.append((*path, key))
                stack.append(((*path, key), value))
        elif isinstance(node, list):
            stack.extend(((*path, i), item) for i, item in enumerate(node))
    return sorted(places, key=repr)


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def get_at(data: Any, path: tuple[Any, ...] | list[Any]) -> Any:
    for key in path:
        data = data[key]
    return data


def _base_rules(rng: Random) -> tuple[str, Any]:
    if rng.random() < 0.5:
        return "a house file extending foster", yaml.safe_load(
            house(call="Enough", name="Fredon"))
    version, data = _copy_of(rng)
    data["id"] = "house_copy"
    return f"a full copy of {version}", data


def make_escapes(rng: Random) -> HostileCase:
    how, data = _base_rules(rng)
    path = rng.choice(text_places(data))
    spelled = ""
    if rng.random() < 0.2:
        value: Any = rng.choice(BINARY_VALUES)
        char, planted = repr(value), f"!!binary of {value!r}"
    else:
        char, spelled = control_escape(rng)
        value = Quoted(f"house{MARK}x" if path == ("id",) else f"House {MARK} rules")
        planted = f'"{spelled}"'
    set_at(data, path, value)
    return HostileCase(
        "escapes", {MAIN: dump(data, spelled)}, MAIN,
        [f"hostile class 5 (escaped control characters): {how}, {planted} in "
         f"{'.'.join(map(str, path))}"],
        {"path": list(path), "char": char}, {"json": rng.random() < 0.5})


def make_surrogates(rng: Random) -> HostileCase:
    how, data = _base_rules(rng)
    spelled = rng.choice(SURROGATE_ESCAPES)
    if rng.random() < 0.15 and data.get("combinations"):
        path: tuple[Any, ...] = ("combinations", 0, "names")
        set_at(data, path, {Quoted(f"fr{MARK}"): "Fredon"})
        where = "a key of combinations[0].names"
    else:
        path = rng.choice(text_places(data, notes=True))
        set_at(data, path, Quoted(f"house{MARK}" if path == ("id",) else f"Text {MARK} here"))
        where = ".".join(map(str, path))
    return HostileCase(
        "surrogates", {MAIN: dump(data, spelled)}, MAIN,
        [f"hostile class 6 (lone surrogates): {how}, \"{spelled}\" in {where}"],
        {"path": list(path)}, {"json": rng.random() < 0.7})


# -- class 7: hostile path names in extends: -----------------------------------------

HOSTILE_PATHS: tuple[str, ...] = (
    "foster\x00.yaml", "foster\x00", "\x00", "./\x00/x.yaml", "x.yaml\x00.txt", "\ud800.yaml",
    "foster\ud800", "\udcff.yaml", "a" * 256 + ".yaml", "é" * 130 + ".yaml",
    "a" * 251 + ".yaml", "a/" * 2100 + "x.yaml", ("d" * 200 + "/") * 21 + "x.yaml",
    "x" * 5000 + ".yaml", "foster\n.yaml", "foster\t", "\u202efoster.yaml", "./" * 3000 + "p.yaml",
)


def make_paths(rng: Random) -> HostileCase:
    path = rng.choice(HOSTILE_PATHS)
    if rng.random() < 0.7:
        files = {MAIN: house(extends=quoted(path)).encode()}
        how = "extends:"
    else:
        files = {MAIN: house(extends="./parent.yaml").encode(),
                 "parent.yaml": house(id_="parent", extends=quoted(path)).encode()}
        how = "extends: of ./parent.yaml (which case.yaml extends)"
    return HostileCase("paths", files, MAIN,
                       [f"hostile class 7 (hostile path names): {how} {_shown(path)}"],
                       {"path": path})


# -- class 8: a house file passing itself off as a built-in version --------------------

def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


IMPERSONATIONS: tuple[tuple[str, Any], ...] = (
    ("exact", lambda v: v), ("capitalised", lambda v: v.capitalize()),
    ("upper case", lambda v: v.upper()), ("zero-width space", lambda v: v + "\u200b"),
    ("bidi override", lambda v: "\u202e" + v), ("byte order mark", lambda v: "\ufeff" + v),
    ("full width", _fullwidth), ("soft hyphen", lambda v: v[:2] + "\u00ad" + v[2:]),
    ("zero-width joiner", lambda v: v[:3] + "\u200d" + v[3:]),
    ("trailing space", lambda v: v + " "), ("leading space", lambda v: " " + v),
    ("underscore for hyphen", lambda v: v.replace("-", "_")),
)


def make_impersonation(rng: Random) -> HostileCase:
    form, spell = rng.choice(IMPERSONATIONS)
    if rng.random() < 0.4:
        version = "foster"
        fake = spell(version)
        text, how = house(id_=quoted(fake)).encode(), "a house file extending foster"
    else:
        version, data = _copy_of(rng)
        fake = spell(version)
        data["id"] = Quoted(MARK)
        data["title"] = f"{data.get('title', version)} (house copy)"
        bumped = next((c for c in data.get("combinations") or []
                       if isinstance(c.get("value"), int)), None)
        if bumped is not None:
            bumped["value"] += 1
        text = dump(data, quoted(fake)[1:-1])
        how = f"a full copy of {version} with its title changed" + (
            f" and {bumped['id']} paid {bumped['value']}" if bumped else "")
    return HostileCase("impersonation", {MAIN: text}, MAIN,
                       [f"hostile class 8 (impersonation): {how}, id {fake!r} ({form})"],
                       {"of": version, "id": fake, "form": form})


# -- class 9: YAML merge keys that override ---------------------------------------------

FREDON = "  - &fredon\n    id: fredon\n    payment: own\n    value: 12\n" + \
    "    source: editors\n    evidence: editorial\n"
FLUSH = "  - &flush\n    id: flush\n    value: 7\n    source: editors\n    evidence: editorial\n"
#: (form, the combinations' YAML, the path of a merged key overridden, its value there)
MERGE_FORMS: tuple[tuple[str, str, tuple[Any, ...], Any], ...] = (
    ("override after <<: *a", FREDON + "  - <<: *fredon\n    id: flush\n    value: 7\n",
     ("combinations", 1, "id"), "flush"),
    ("override before <<: *a", FREDON + "  - id: flush\n    <<: *fredon\n    value: 7\n",
     ("combinations", 1, "value"), 7),
    ("flow {<<: *a, key}", FREDON + "  - {<<: *fredon, id: tricon, value: 5}\n",
     ("combinations", 1, "id"), "tricon"),
    ("<<: [*a, *b] sharing keys", FREDON + FLUSH +
     "  - <<: [*flush, *fredon]\n    id: tricon\n    value: 5\n", ("combinations", 2, "id"),
     "tricon"),
    # YAML lets the first mapping listed win a shared key (value: 7), PyYAML 6 the last
    # (12): the expanded copy may differ there, and only acceptance is compared.
    ("<<: [*a, *b] sharing keys, only the id overridden", FREDON + FLUSH +
     "  - <<: [*flush, *fredon]\n    id: tricon\n", ("combinations", 2, "id"), "tricon"),
    ("chain of merges", FREDON + "  - &flush\n    <<: *fredon\n    id: flush\n    value: 7\n"
     "  - <<: *flush\n    id: tricon\n", ("combinations", 2, "value"), 7),
)


def make_merges(rng: Random) -> HostileCase:
    form, block, path, value = rng.choice(MERGE_FORMS)
    text = house(combinations=block)
    expanded = dump(yaml.safe_load(text))
    return HostileCase(
        "merges", {MAIN: text.encode(), "expanded.yaml": expanded}, MAIN,
        [f"hostile class 9 (YAML merges): {form} in a house file extending foster "
         "(expanded.yaml: the same file as PyYAML reads it, without merges)"],
        {"form": form, "path": list(path), "value": value, "expanded": "expanded.yaml"},
        extra=[["validate", "expanded.yaml"]])


# -- class 10: U+0085, U+2028, U+2029 before an error ------------------------------------

SEPARATOR_CHARS = ("\x85", "\u2028", "\u2029")


def plant_line_breaks(rng: Random, lines: list[str], spots: list[int],
                      top_keys: list[int]) -> tuple[list[str], list[int], int, str]:
    """Put a raw line-break character in a comment or a text at some of ``spots``, then
    an unknown key (``colour: red``) after them at the top level; return the lines, the
    lines (from 1) that hold the character, the line of the error and how."""
    sep = rng.choice(SEPARATOR_CHARS)
    lines = list(lines)
    planted: list[int] = []
    how = []
    for _ in range(rng.randint(1, 3)):
        at = rng.choice(spots)
        where = rng.choice(["a comment line", "an end-of-line comment", "the text"])
        line = lines[at]
        if where == "a comment line":
            lines.insert(at, f"# a note{sep}more of the note")
            spots = [s + 1 if s >= at else s for s in spots]
            top_keys = [k + 1 if k >= at else k for k in top_keys]
            planted = [p + 1 if p >= at + 1 else p for p in planted]
        elif where == "an end-of-line comment" or ": " not in line:
            lines[at] = f"{line}  # see{sep}below"
        else:
            key, _, value = line.partition(": ")
            inner = value.strip('"')
            broken = f"{inner[:3]}{sep}{inner[3:]}"
            lines[at] = f'{key}: "{broken}"' if rng.random() < 0.5 else f"{key}: {broken}"
        planted.append(at + 1)
        how.append(f"U+{ord(sep):04X} in {where} of line {at + 1}")
    # Before a top-level key after every planted line (its index is at least the
    # planted line's number), or at the end: no planted line moves.
    at = rng.choice([k for k in top_keys if k >= max(planted)] + [len(lines)])
    lines.insert(at, "colour: red")
    return lines, sorted(set(planted)), at + 1, "; ".join(how)


def make_line_breaks(rng: Random) -> HostileCase:
    lines = house().splitlines()
    spots = [i for i, line in enumerate(lines) if line.startswith(("title:", "short_title:",
                                                                   "summary:", "format:"))]
    top_keys = [i for i, line in enumerate(lines) if line[:1].isalpha()]
    lines, planted, error_line, how = plant_line_breaks(rng, lines, spots, top_keys)
    text = "\n".join(lines) + "\n"
    return HostileCase(
        "line-breaks", {MAIN: text.encode()}, MAIN,
        [f"hostile class 10 (line breaks editors do not show): {how}; an unknown key at "
         f"line {error_line} (lines counted by \\n)"],
        {"lines": planted, "error_line": error_line})
