"""YAML trees as the mutators see them: loading, walking, editing by path, dumping.

A loaded file is a tree of dicts, lists and scalars, but once mutated it may
hold anything at any place (a key of any type, a node shared at two places,
a node inside itself), so it is typed :data:`YamlTree` -- ``object`` -- and
narrowed where a mutator needs a mapping or a list. A :class:`Raw` node
stands for YAML text that no tree can express (a tag, a merge key, a deep
flow collection): :func:`dump_yaml` writes that text in its place.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterator
from typing import TypeAlias

import yaml

#: A node of a loaded, then mutated, YAML file: anything at all.
YamlTree: TypeAlias = object
#: Where a node is: the keys and list indices from the root.
TreePath: TypeAlias = tuple[object, ...]

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class Raw:
    """A placeholder value replaced by raw YAML text after dumping."""

    def __init__(self, text: str) -> None:
        self.text = text


def load_yaml(text: str) -> YamlTree:
    """``text`` read by PyYAML's safe loader (its C one where built)."""
    tree: YamlTree = yaml.load(text, Loader=LOADER)
    return tree


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxlist, _BRIEF.maxdict, _BRIEF.maxstring = 3, 4, 4, 60
_BRIEF.maxother = _BRIEF.maxlong = 60


def brief(value: object) -> str:
    """A short repr that costs little whatever the value (alias bombs, loops)."""
    return _BRIEF.repr(value)


def weight(value: YamlTree, cap: int = 10**7) -> int:
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


def walk(data: YamlTree, path: TreePath = (), seen: set[int] | None = None,
         ) -> Iterator[tuple[TreePath, YamlTree]]:
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


def _index(key: object) -> int:
    """A list index of a path (a path :func:`walk` gave holds only ints there)."""
    if not isinstance(key, int):
        raise TypeError(f"{key!r} is no list index")
    return key


def _child(node: YamlTree, key: object) -> YamlTree:
    if isinstance(node, list):
        return node[_index(key)]
    if isinstance(node, dict):
        return node[key]
    raise TypeError(f"no {key!r} in a {type(node).__name__}")


def get_at(data: YamlTree, path: TreePath) -> YamlTree:
    """The node at ``path`` (a path :func:`walk` gave)."""
    for key in path:
        data = _child(data, key)
    return data


def set_at(data: YamlTree, path: TreePath, value: YamlTree) -> YamlTree:
    """Replace the node at ``path`` (the root if ``path`` is empty); return the root."""
    if not path:
        return value
    parent, key = get_at(data, path[:-1]), path[-1]
    if isinstance(parent, list):
        parent[_index(key)] = value
    elif isinstance(parent, dict):
        parent[key] = value
    else:
        raise TypeError(f"cannot set {key!r} in a {type(parent).__name__}")
    return data


def delete_at(data: YamlTree, path: TreePath) -> None:
    """Remove the node at ``path`` (not the root) from its mapping or list."""
    parent, key = get_at(data, path[:-1]), path[-1]
    if isinstance(parent, list):
        del parent[_index(key)]
    elif isinstance(parent, dict):
        del parent[key]
    else:
        raise TypeError(f"cannot delete {key!r} from a {type(parent).__name__}")


def show_path(path: TreePath) -> str:
    """A path as a reader writes it: ``procedure[3].amount`` (``(top)`` for the root)."""
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) and not isinstance(key, bool) else f".{key}"
    return out.lstrip(".") or "(top)"


def dump_yaml(data: YamlTree) -> bytes:
    """Dump a tree, putting the text of each :class:`Raw` placeholder in place."""
    raws: dict[str, str] = {}
    copies: dict[int, object] = {}  # shared and recursive parts stay shared (aliases)

    def swap(node: YamlTree) -> YamlTree:
        if isinstance(node, Raw):
            token = f"RAWTOKEN{len(raws)}X"
            raws[token] = node.text
            return token
        if isinstance(node, dict | list):
            if id(node) in copies:
                return copies[id(node)]
            if isinstance(node, dict):
                new_dict: dict[object, object] = {}
                copies[id(node)] = new_dict
                for key, value in node.items():
                    new_dict[swap(key) if isinstance(key, Raw) else key] = swap(value)
                return new_dict
            new_list: list[object] = []
            copies[id(node)] = new_list
            new_list.extend(swap(item) for item in node)
            return new_list
        return node

    data = swap(data)
    text = yaml.dump(data, Dumper=DUMPER, sort_keys=False, allow_unicode=True, width=100)
    # One pass over the text (replacing token by token was quadratic).
    text = re.sub(r"RAWTOKEN\d+X", lambda match: raws.get(match.group(), match.group()), text)
    return text.encode("utf-8", "surrogatepass")
