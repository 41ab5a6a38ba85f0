"""Turn pydantic errors into ``file:line:col: path: message`` lines."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..errors import RulesetError
from .yaml_source import position_of

ModelT = TypeVar("ModelT", bound=BaseModel)

# Names that the model uses in Python but that the YAML spells differently.
_ALIASES = {"not_": "not", "in_": "in", "from_": "from"}


def format_path(path: tuple[Any, ...]) -> str:
    """Render a path as ``combinations[3].value``.

    >>> format_path(("combinations", 3, "value"))
    'combinations[3].value'
    """
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + _ALIASES.get(str(part), str(part))
    return text or "(top level)"


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
        return f"expected one of {ctx.get('expected', '?')}, got {_describe(got)}"
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
        return (
            f"unknown kind {ctx.get('tag')!r}, expected one of {ctx.get('expected_tags')}"
        )
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
    names the missing or unknown key.
    """
    clean: list[Any] = []
    node = data
    for index, part in enumerate(loc):
        last = index == len(loc) - 1
        if isinstance(node, dict):
            key = _ALIASES.get(part, part) if isinstance(part, str) else part
            if key in node:
                clean.append(key)
                node = node[key]
                continue
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            clean.append(part)
            node = node[part]
            continue
        if last and not (isinstance(part, str) and ("[" in part or part[:1].isupper())):
            clean.append(_ALIASES.get(part, part) if isinstance(part, str) else part)
    return tuple(clean)


def _walk(root: Any, path: tuple[Any, ...]) -> Any:
    node = root
    for part in path:
        node = node[part]
    return node


def problems_from(
    error: ValidationError, root: Any, prefix: tuple[Any, ...] = ()
) -> list[str]:
    """One line per distinct problem in a pydantic error."""
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
            message = f"unknown key {path[-1]!r}"
            path = path[:-1]
        elif kind == "missing":
            message = f"missing required key {path[-1]!r}"
            path = path[:-1]
        lines.append(f"{where}{format_path(path)}: {message}")
    return lines


def validate_model(
    model: type[ModelT], data: Any, root: Any, prefix: tuple[Any, ...] = ()
) -> ModelT:
    """Validate ``data`` against ``model``; errors point into ``root``'s files."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise RulesetError(problems_from(error, root, prefix)) from None
