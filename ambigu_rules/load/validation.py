"""Turn pydantic errors into ``file:line:col: path: message`` lines.

A path names an item of a list by its ``id`` where it has one
(:func:`format_path`). A message about an unknown key, id or value says
"did you mean …?" with the allowed names nearest to what was written
(:func:`did_you_mean`), found as :func:`difflib.get_close_matches` finds
them; the keys a model allows where a pydantic error is are found by
:func:`allowed_keys`.

>>> did_you_mean("vlaue", ["value", "value_if", "payment"])
" (did you mean 'value'?)"
>>> did_you_mean("1703", ["1659", "1702", "1730", "foster"])
" (did you mean '1702' or '1730'?)"
>>> did_you_mean("zzz", ["value"])
''
"""

from __future__ import annotations

import types
from collections.abc import Iterable
from difflib import SequenceMatcher
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from ..errors import RulesetError
from ..limits import MAX_ID_LENGTH
from ..rules.common import IDENTIFIER_PATTERN
from .merge_keys import PLACING, REMOVE
from .yaml_source import position_of

ModelT = TypeVar("ModelT", bound=BaseModel)

# Names that the model uses in Python but that the YAML spells differently.
_ALIASES = {"not_": "not", "in_": "in", "from_": "from"}

#: A name longer than this gets no suggestion (nothing allowed is nearly as long).
MAX_WORD = 100
#: At most this many names are suggested.
MAX_SUGGESTIONS = 3
#: How alike a name must be to be suggested (:func:`difflib.get_close_matches`'s default).
CUTOFF = 0.6
#: A name is suggested beside the closest one only if it is nearly as close.
NEARLY_AS_CLOSE = 0.1


def close_names(word: object, names: Iterable[object]) -> list[str]:
    """The names nearest to ``word``, best first (case does not count).

    >>> close_names("Fredon", ["fredon", "tricon"]), close_names(True, ["true"])
    (['fredon'], [])
    """
    if isinstance(word, bool) or not isinstance(word, str | int):
        return []
    text = str(word)
    if not text.strip() or len(text) > MAX_WORD:
        return []
    folded: dict[str, str] = {}
    for name in names:
        shown = str(name)
        if shown != text:
            folded.setdefault(shown.casefold(), shown)
    scored = []
    for order, name in enumerate(folded):
        matcher = SequenceMatcher(None, text.casefold(), name)
        if matcher.real_quick_ratio() >= CUTOFF and matcher.quick_ratio() >= CUTOFF:
            score = matcher.ratio()
            if score >= CUTOFF:
                scored.append((-score, order, name))
    scored.sort()
    best = -scored[0][0] if scored else 0.0
    return [folded[name] for score, _, name in scored[:MAX_SUGGESTIONS]
            if -score >= best - NEARLY_AS_CLOSE]


def did_you_mean(word: object, names: Iterable[object]) -> str:
    """`` (did you mean 'a' or 'b'?)`` for the names nearest to ``word``, or ``''``."""
    return suggestion(close_names(word, names))


def suggestion(names: list[str]) -> str:
    """`` (did you mean 'a' or 'b'?)`` for these names, or ``''`` for none."""
    found = [repr(name) for name in names]
    if not found:
        return ""
    shown = found[0] if len(found) == 1 else ", ".join(found[:-1]) + " or " + found[-1]
    return f" (did you mean {shown}?)"


def _members(annotation: Any) -> list[Any]:
    """The types an annotation may hold: Annotated, optional and union types opened."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _members(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return [member for arg in get_args(annotation) for member in _members(arg)]
    if annotation is type(None):
        return []
    return [annotation]


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _keys(model: type[BaseModel]) -> dict[str, Any]:
    """The keys a model's mapping may hold (as the file spells them), with their types."""
    return {info.alias or name: info.annotation for name, info in model.model_fields.items()}


def _inside(annotation: Any, part: Any) -> list[Any]:
    """The types found at ``part`` inside a value of type ``annotation``."""
    if _is_model(annotation):
        keys = _keys(annotation)
        return [keys[part]] if isinstance(part, str) and part in keys else []
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin in (list, tuple, set, frozenset) and isinstance(part, int) and args:
        return [args[0]]
    if origin is dict and len(args) == 2:
        return [args[1]]
    return []


def _labelled(annotation: Any, label: str) -> bool:
    """Whether pydantic names the union branch ``annotation`` by ``label``:
    its class (``'BestOf'``, ``'function-after[..., Agreed]'``), its tag
    (``'ante'``) or its generic form (``'list[...]'``)."""
    if _is_model(annotation):
        name = annotation.__name__
        kind = annotation.model_fields.get("kind")
        tags = get_args(kind.annotation) if kind is not None and get_origin(
            kind.annotation) is Literal else ()
        return label in (name, *map(str, tags)) or label.endswith(f" {name}]")
    origin = get_origin(annotation)
    return origin is not None and label.startswith(f"{getattr(origin, '__name__', '')}[")


def allowed_keys(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The keys that ``model`` allows in the mapping at pydantic location ``loc``.

    The names pydantic puts in a location for the branches of a union are
    followed to their branch; an empty list means the place is not known.

    >>> from ambigu_rules.rules.ruleset import Ruleset
    >>> "value" in allowed_keys(Ruleset, ("combinations", 8))
    True
    >>> sorted(allowed_keys(Ruleset, ("procedure", 0, "ante", "amount",
    ...                               "function-after[_default_among_choices(), Agreed]")))
    ['choices', 'default']
    """
    current: list[Any] = [model]
    for part in loc:
        members = [member for annotation in current for member in _members(annotation)]
        branch = [member for member in members if _labelled(member, part)] if isinstance(
            part, str) and len(members) > 1 else []
        inside = [found for member in members for found in _inside(member, part)]
        if branch:  # a union's tag first, even where a branch has a key of that name
            current = branch
        elif inside:
            current = inside
        elif isinstance(part, str):  # the name of a union's branch
            current = [member for member in members if _labelled(member, part)] or members
        else:
            return []
    names = [key for annotation in current for member in _members(annotation)
             if _is_model(member) for key in _keys(member)]
    return list(dict.fromkeys(names))


def quoted_names(text: object) -> list[str]:
    """The names in pydantic's list of expected values, ``"'own' or 'adds'"``.

    >>> quoted_names("'own' or 'adds'")
    ['own', 'adds']
    """
    if not isinstance(text, str):
        return []
    names: list[str] = []
    for part in text.replace(" or ", ", ").split(", "):
        part = part.strip()
        if len(part) >= 2 and part[0] == part[-1] == "'":
            names.append(part[1:-1])
    return names


def format_path(path: tuple[Any, ...], data: Any = None) -> str:
    """Render a path as ``combinations.fredon.value``: an item of a list is named by
    its ``id`` in ``data`` where it has one of its own, else by its index.

    An item is named as the file that holds it writes it, whatever its place
    in the list an ``extends`` made: the id is the same in both.

    >>> format_path(("combinations", 3, "value"))
    'combinations[3].value'
    >>> data = {"combinations": [{"id": "point"}, {"id": "fredon"}], "order": [["a"]]}
    >>> format_path(("combinations", 1, "value"), data), format_path(("order", 0), data)
    ('combinations.fredon.value', 'order[0]')
    """
    text = ""
    node = data
    for part in path:
        name = _item_name(node, part)
        if name is not None:
            text += ("." if text else "") + name
        elif isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + _ALIASES.get(str(part), str(part))
        node = _child(node, part)
    return text or "(top level)"


#: The items of a longer list (far past any list's limit) are named by index, so that
#: naming each costs little however many problems it has.
_MAX_NAMED_LIST = 1000


def _item_name(node: Any, index: Any) -> str | None:
    """The id that names item ``index`` of the list ``node``, if it has one: a valid
    identifier that no other item of the list has."""
    if (not isinstance(node, list) or not isinstance(index, int) or not 0 <= index < len(node)
            or len(node) > _MAX_NAMED_LIST):
        return None
    item = node[index]
    own = item.get("id") if isinstance(item, dict) else None
    if isinstance(own, bool) or not isinstance(own, str | int):
        return None
    name = str(own)
    if len(name) > MAX_ID_LENGTH or not IDENTIFIER_PATTERN.fullmatch(name):
        return None
    same = sum(1 for other in node if isinstance(other, dict) and str(other.get("id")) == name)
    return name if same == 1 else None


def _child(node: Any, part: Any) -> Any:
    try:
        return node[part] if isinstance(node, dict | list) else None
    except (KeyError, IndexError, TypeError):
        return None


def _describe(got: Any) -> str:
    text = repr(got)
    return text if len(text) <= 60 else text[:57] + "..."


def _message(error: Any) -> str:
    kind = error["type"]
    got = error.get("input")
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return "missing required key"
    if kind == "extra_forbidden":
        return "unknown key"
    if kind in ("literal_error", "enum"):
        expected = ctx.get("expected", "?")
        return (f"expected one of {expected}, got {_describe(got)}"
                f"{did_you_mean(got, quoted_names(expected))}")
    if kind in ("string_type", "string_too_short"):
        return f"expected a text, got {_describe(got)}"
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false, got {_describe(got)}"
    if kind == "list_type":
        return f"expected a list, got {_describe(got)}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"expected a mapping of keys, got {_describe(got)}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number, got {_describe(got)}"
    if kind == "too_short":
        return f"expected at least {ctx.get('min_length')} item(s)"
    if kind == "too_long":
        return f"expected at most {ctx.get('max_length')} item(s)"
    if kind == "union_tag_invalid":
        tags = ctx.get("expected_tags")
        return (f"unknown kind {ctx.get('tag')!r}{did_you_mean(ctx.get('tag'), quoted_names(tags))}"
                f", expected one of {tags}")
    if kind == "union_tag_not_found":
        return "missing required key 'kind'"
    if kind == "string_pattern_mismatch":
        return f"expected text matching {ctx.get('pattern')}, got {_describe(got)}"
    return str(error["msg"]).removeprefix("Value error, ")


def _clean_location(loc: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    """Keep the parts of a pydantic location that name keys of ``data``.

    Pydantic adds the names of union branches (``'int'``, ``'Agreed'``,
    ``'list[Effect]'``, the tag of a step kind) to its locations; they are not
    keys a user wrote, so they are dropped. The last part is always kept: it
    names the missing or unknown key. The tag comes first once pydantic enters a
    step, so it is dropped even where the step has a key of the same name (a
    ``shuffle_call`` step's ``shuffle_call``, the word a player says).
    """
    clean: list[Any] = []
    node = data
    entered = True  # no part of the location has been read at this node yet
    for index, part in enumerate(loc):
        last = index == len(loc) - 1
        tag = entered and isinstance(node, dict) and not last and node.get("kind") == part
        entered = False
        if isinstance(node, dict) and not tag:
            key = _ALIASES.get(part, part) if isinstance(part, str) else part
            if key in node:
                clean.append(key)
                node = node[key]
                entered = True
                continue
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            clean.append(part)
            node = node[part]
            entered = True
            continue
        if last and not (isinstance(part, str) and ("[" in part or part[:1].isupper())):
            clean.append(_ALIASES.get(part, part) if isinstance(part, str) else part)
    return tuple(clean)


def _walk(root: Any, path: tuple[Any, ...]) -> Any:
    node = root
    for part in path:
        node = node[part]
    return node


def _known_keys(model: type[BaseModel] | None, loc: tuple[Any, ...], root: Any,
                path: tuple[Any, ...]) -> list[str]:
    """The keys allowed where pydantic found the unknown key at ``loc``."""
    if model is None:
        return []
    names = allowed_keys(model, loc)
    if isinstance(root, dict) and "extends" in root and names:
        item = root
        for part in path[:-1]:
            item = _child(item, part)
        if len(path) == 1:
            names += [REMOVE]  # the merge's own words (.merge_keys)
        elif isinstance(path[-2], int) and isinstance(item, dict) and "id" in item:
            names += PLACING  # an item of a list that merges by id
    return names


def problems_from(
    error: ValidationError, root: Any, prefix: tuple[Any, ...] = (),
    model: type[BaseModel] | None = None,
) -> list[str]:
    """One line per distinct problem in a pydantic error; ``model`` (the one that
    was validated) tells which keys are allowed, for the unknown ones."""
    lines: list[str] = []
    seen: set[tuple[Any, ...]] = set()
    for item in error.errors():
        loc = _clean_location(tuple(item["loc"]), _walk(root, prefix))
        path = prefix + loc
        kind = item["type"]
        # In a union of several shapes, report each path once (the first branch).
        if path in seen and kind not in ("extra_forbidden", "missing"):
            continue
        seen.add(path)
        mark = position_of(root, path)
        message = _message(item)
        if kind == "invalid_key":
            # A key that is no text (1, null, a date): pydantic names it in
            # its location, sometimes as text; point at the key's own entry.
            path = prefix + _clean_location(tuple(item["loc"])[:-1], _walk(root, prefix))
            mark = position_of(root, (*path, item.get("input")))
            message = f"a key must be a text, not {_describe(item.get('input'))}"
        where = f"{mark}: " if mark else ""
        if kind == "extra_forbidden":
            known = _known_keys(model, tuple(item["loc"])[:-1], root, path)
            message = f"unknown key {path[-1]!r}{did_you_mean(path[-1], known)}"
            path = path[:-1]
        elif kind == "missing":
            message = f"missing required key {path[-1]!r}"
            path = path[:-1]
        lines.append(f"{where}{format_path(path, root)}: {message}")
    return lines


def validate_model(
    model: type[ModelT], data: Any, root: Any, prefix: tuple[Any, ...] = ()
) -> ModelT:
    """Validate ``data`` against ``model``; errors point into ``root``'s files."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise RulesetError(problems_from(error, root, prefix, model)) from None
