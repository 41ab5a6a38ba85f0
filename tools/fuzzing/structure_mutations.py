"""Mutations of a loaded YAML tree: one structural change each, described in words.

Values replaced by hostile ones, keys deleted, renamed or of other types,
list items duplicated, swapped or multiplied, references (``goto``,
``parts``, ``extends``...) pointed elsewhere or at their own item, nodes
shared at two places or inside themselves, alias bombs, deep nesting,
mappings turned into lists and back. Each takes the tree (changed in place
where it can be) and returns the new root with its description.
"""

from __future__ import annotations

import copy
import reprlib
from collections.abc import Callable
from random import Random

from .findings import short
from .hostile_values import hostile_value
from .yaml_trees import (
    Raw,
    TreePath,
    YamlTree,
    brief,
    delete_at,
    get_at,
    set_at,
    show_path,
    walk,
    weight,
)

Mutation = Callable[[Random, YamlTree], tuple[YamlTree, str]]

REFERENCE_KEYS = ("goto", "parts", "best_of", "extends", "order", "remove", "use", "ties",
                  "cards", "payers", "into", "who", "from", "to", "final_tie", "canonical")
EFFECT_LISTS = ("then", "on_all_pass", "on_uncalled_open", "on_uncalled_raise", "on_called")


#: How a value of the tree is named in a case's description: bounded, since an
#: earlier mutation may have made it a nest of shared lists (an alias bomb) whose
#: full repr would fill memory.
_SHOWN = reprlib.Repr()
_SHOWN.maxlevel, _SHOWN.maxstring, _SHOWN.maxother, _SHOWN.maxlist, _SHOWN.maxdict = (
    3, 60, 60, 6, 6)


def _ids(data: YamlTree) -> list[str]:
    return sorted({node["id"] for _, node in walk(data)
                   if isinstance(node, dict) and isinstance(node.get("id"), str)})


def _owner_id(data: YamlTree, path: TreePath) -> str | None:
    """The id of the nearest item with an id that holds ``path``."""
    for cut in range(len(path), -1, -1):
        node = get_at(data, path[:cut])
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            owner: str = node["id"]
            return owner
    return None


def _pick(rng: Random, data: YamlTree, want: Callable[[TreePath, YamlTree], bool],
          ) -> TreePath | None:
    paths = [path for path, node in walk(data) if want(path, node)]
    return rng.choice(paths) if paths else None


def _list_at(data: YamlTree, path: TreePath) -> list[object]:
    node = get_at(data, path)
    if not isinstance(node, list):
        raise TypeError(f"{show_path(path)} is no list")
    return node


def _dict_at(data: YamlTree, path: TreePath) -> dict[object, object]:
    node = get_at(data, path)
    if not isinstance(node, dict):
        raise TypeError(f"{show_path(path)} is no mapping")
    return node


def _keys(data: YamlTree) -> list[object]:
    """Every key of every mapping of the tree."""
    return [k for _, n in walk(data) if isinstance(n, dict) for k in n]


def mutate_structure(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    """One structural change of a loaded YAML tree; returns the tree and its description."""
    op = rng.choice(MUTATIONS)
    return op(rng, data)


def replace_value(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: bool(p))
    if path is None:
        return data, "nothing to replace"
    value = hostile_value(rng, get_at(data, path))
    shown = value.text if isinstance(value, Raw) else value
    return set_at(data, path, value), f"replace {show_path(path)} by {short(brief(shown), 60)}"


def delete_node(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: bool(p))
    if path is None:
        return data, "nothing to delete"
    delete_at(data, path)
    return data, f"delete {show_path(path)}"


def duplicate_item(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, list) and len(n) > 0)
    if path is None:
        return data, "no list"
    items = _list_at(data, path)
    index = rng.randrange(len(items))
    items.insert(rng.randrange(len(items) + 1), copy.deepcopy(items[index]))
    return data, f"duplicate item {index} of {show_path(path)}"


def swap_items(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, list) and len(n) > 1)
    if path is None:
        return data, "no list of two"
    items = _list_at(data, path)
    a, b = rng.sample(range(len(items)), 2)
    items[a], items[b] = items[b], items[a]
    return data, f"swap items {a} and {b} of {show_path(path)}"


def rename_key(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, dict) and len(n) > 0)
    if path is None:
        return data, "no mapping"
    mapping = _dict_at(data, path)
    old = rng.choice(list(mapping))
    keys = _keys(data)
    new = rng.choice([rng.choice(keys), "unknown_key", 5, True, None, 1.5, "", "ID", " id",
                      old + "s" if isinstance(old, str) else "x", Raw("[a, b]")])
    value = mapping.pop(old)
    mapping[new] = value  # may replace another key's value (a key given twice)
    shown = new.text if isinstance(new, Raw) else new
    return data, f"rename key {old!r} of {show_path(path)} to {shown!r}"


def add_key(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, dict))
    if path is None:
        return data, "no mapping"
    keys = _keys(data)
    key = rng.choice([*keys[:50], "extra", "format", "extends", "remove", "goto", "<<"])
    _dict_at(data, path)[key] = hostile_value(rng)
    return data, f"add key {key!r} to {show_path(path)}"


def repoint_reference(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: bool(p) and p[-1] in REFERENCE_KEYS)
    if path is None:
        return replace_value(rng, data)
    ids = _ids(data) or ["x"]
    own = _owner_id(data, path[:-1]) or rng.choice(ids)
    value = rng.choice([own, rng.choice(ids), "no_such_id", "", [own], [own, own],
                        [rng.choice(ids), own], rng.choice(["foster", "1730", "russian"]),
                        "./case.yaml", "parent.yaml", "../x.yaml", "/etc/hosts.yaml", 1730,
                        {"best_of": [own]}, None, 5])
    return set_at(data, path, value), f"point {show_path(path)} at {_SHOWN.repr(value)}"


def goto_own_step(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    steps = data.get("procedure") if isinstance(data, dict) else None
    if not isinstance(steps, list) or not steps:
        return repoint_reference(rng, data)
    index = rng.randrange(len(steps))
    step = steps[index]
    if not isinstance(step, dict):
        return repoint_reference(rng, data)
    target = rng.choice([step.get("id"), steps[0].get("id") if isinstance(steps[0], dict)
                         else None, "no_such_step"])
    lists = [k for k in EFFECT_LISTS if isinstance(step.get(k), list)]
    key = rng.choice(lists) if lists else rng.choice(EFFECT_LISTS)
    step[key] = [{"goto": target}] if rng.random() < 0.5 or key not in step else \
        [*step[key], {"goto": target}]
    return data, f"procedure[{index}].{key}: goto {target!r} (its own step or the first)"


def parts_loop(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    combos = data.get("combinations") if isinstance(data, dict) else None
    if not isinstance(combos, list) or not combos:
        return repoint_reference(rng, data)
    a, b = rng.randrange(len(combos)), rng.randrange(len(combos))
    first, second = combos[a], combos[b]
    if not isinstance(first, dict) or not isinstance(second, dict):
        return repoint_reference(rng, data)
    first["parts"] = [second.get("id")]
    if rng.random() < 0.7:
        second["parts"] = [first.get("id")]
    return data, (f"combinations {_SHOWN.repr(first.get('id'))} and "
                  f"{_SHOWN.repr(second.get('id'))} made parts of each other")


def alias(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    """Share one node at two places (the dump writes an anchor and an alias)."""
    source = _pick(rng, data, lambda p, n: isinstance(n, dict | list))
    place = _pick(rng, data, lambda p, n: bool(p))
    if source is None or place is None:
        return data, "no alias"
    node = get_at(data, source)
    return set_at(data, place, node), f"alias {show_path(place)} to {show_path(source)}" + (
        " (inside itself)" if place[:len(source)] == source else "")


def alias_bomb(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    width, depth = rng.choice([(10, 9), (2, 40), (100, 3), (10, 5), (3, 20)])
    node: YamlTree = ["lol"]
    for _ in range(depth):
        node = [node] * width
    place = _pick(rng, data, lambda p, n: bool(p)) or ()
    return set_at(data, place, node), f"alias bomb {width}**{depth} at {show_path(place)}"


def nest(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    depth = rng.choice([10, 60, 63, 64, 65, 100, 500, 3000])
    flow = rng.choice(["[", "{a: "])
    close = "]" if flow == "[" else "}"
    place = _pick(rng, data, lambda p, n: bool(p)) or ()
    return set_at(data, place, Raw(flow * depth + "1" + close * depth)), \
        f"nest {depth} levels at {show_path(place)}"


def retype(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: bool(p) and isinstance(n, dict | list))
    if path is None:
        return replace_value(rng, data)
    node = get_at(data, path)
    value: YamlTree
    if isinstance(node, dict):
        value = rng.choice([list(node.values()), [node], list(node), brief(node)])
    elif isinstance(node, list):
        value = rng.choice([{str(i): v for i, v in enumerate(node)}, node[:1],
                            " ".join(brief(item) for item in node[:50]), {"list": node}])
    else:
        raise TypeError(f"{show_path(path)} is no container")
    return set_at(data, path, value), f"retype {show_path(path)} ({type(node).__name__})"


def grow_list(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, list) and len(n) > 0)
    if path is None:
        return replace_value(rng, data)
    items = _list_at(data, path)
    count = rng.choice([65, 100, 1000, 20_000])
    count = max(1, min(count, 1_000_000 // weight(items[-1])))
    items.extend(copy.deepcopy(items[-1]) for _ in range(count))
    return data, f"grow {show_path(path)} by {count} copies of its last item"


def odd_key_type(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    path = _pick(rng, data, lambda p, n: isinstance(n, dict))
    if path is None:
        return data, "no mapping"
    key = rng.choice([5, True, None, 1.5, -1, 10**30])
    _dict_at(data, path)[key] = hostile_value(rng)
    return data, f"key {key!r} in {show_path(path)}"


#: The mutations, some listed twice or thrice to come up more often.
MUTATIONS: list[Mutation] = [
    replace_value, replace_value, replace_value, delete_node, delete_node, duplicate_item,
    swap_items, rename_key, add_key, repoint_reference, repoint_reference, goto_own_step,
    parts_loop, alias, alias_bomb, nest, retype, grow_list, odd_key_type,
]
