"""The reference of every key a rule file may hold, generated from the model.

:func:`render_page` walks :mod:`ambigu_rules.rules` from :class:`~.ruleset.Ruleset` down —
the steps of the procedure by their ``kind``, effects, table rules,
conditions and comparisons, agreed amounts, ranges, citations and the
provenance keys of a rule point — and returns one Markdown page: a section
per model class, each with a table of its keys, their type in the words of
someone writing the YAML, their default (or "required") and their meaning,
which is the field's ``description`` in the model (the same text the JSON
Schemas carry). ``tools/gen_site.py`` writes it to
``docs/rule-format-reference.md`` (:data:`PAGE`), so the reference cannot
fall behind what the model accepts.

``render_page(lang)`` writes the page in another language: the keys' meanings and
the classes' descriptions from the catalogs
:data:`~ambigu_rules.words.format_keys.FIELDS` and
:data:`~ambigu_rules.words.format_keys.CLASSES`, the page's own words from its catalog
:data:`~ambigu_rules.words.format_keys.page.T` (each language's forms of the three in
its ``ambigu_rules/languages/<code>/messages.yaml``; a form a language lacks is said in
English), the values' meanings from the vocabulary, the editors' rows from their rule
points' forms in that language.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Iterable
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from ..limits import MAX_COUNTERS, MAX_ID_LENGTH, MAX_PLAYERS
from ..rules import combinations, common, procedure, ruleset, sources
from ..rules.common import is_descriptive
from ..rules.vocabulary import VOCABULARY, WRITTEN_IN
from ..rules.where_silent import PLAYED_WHERE_SILENT
from ..words.format_keys import (
    CLASSES,
    FIELDS,
    described,
    field_key,
    is_model,
    members,
    model_classes,
)
from ..words.format_keys.page import T, of
from ..words.lang import EN, Lang

PAGE = "rule-format-reference.md"
"""Where the page goes, relative to the docs directory."""

NOTICE = T.forms("notice", EN)
"""The first line of the page: a note for maintainers, the same in every edition."""


def intro(lang: Lang = EN) -> str:
    """The page's heading and introduction."""
    return T("intro", lang, max_id=MAX_ID_LENGTH)


def _count(low: int, high: int, lang: Lang) -> tuple[str, str]:
    bounds = {"low": lang.number(low), "high": lang.number(high)}
    return T("whole_number_range", lang, **bounds), T("whole_numbers_range", lang, **bounds)


def _name(cls: type[BaseModel], lang: Lang) -> str:
    """A class's name as the page writes it: in another language's page it is code
    (its name is English), in the English page a plain word.

    >>> from ..words.lang import FR
    >>> _name(common.Range, EN), _name(common.Range, FR)
    ('Range', '`Range`')
    """
    return cls.__name__ if lang == EN else f"`{cls.__name__}`"


def _link(cls: type[BaseModel], lang: Lang) -> str:
    return f"[{_name(cls, lang)}](#{cls.__name__.lower()})"


def _steps(plural: bool, lang: Lang) -> str:
    kinds = ", ".join(T("step_kind", lang, link=_link(cls, lang), kind=_kind(cls))
                      for cls in members(procedure.Step) if is_model(cls))
    return T("steps" if plural else "step", lang, kinds=kinds)


def _pair(key: str, lang: Lang, **fill: object) -> tuple[str, str]:
    """A phrase of the catalog in the singular (``key``) and the plural (``keys``)."""
    return T(key, lang, **fill), T(f"{key}s", lang, **fill)


def _named(lang: Lang) -> list[tuple[Any, tuple[str, str]]]:
    """The model's named types, in the words of the page (singular, plural)."""
    comparison = _link(combinations.Comparison, lang)
    return [
        (common.Count, _count(0, MAX_COUNTERS, lang)),
        (common.Positive, _count(1, MAX_COUNTERS, lang)),
        (common.PlayerCount, _count(2, MAX_PLAYERS, lang)),
        (common.Identifier, _pair("identifier", lang)),
        (common.VersionName, _pair("version_name", lang)),
        (common.Sources, (T("sources", lang, ref=_link(common.SourceRef, lang),
                            size=_size(common.Sources, "items", lang)),
                          T("sources_plural", lang))),
        (combinations.Tier, _pair("tier", lang)),
        (combinations.FeatureTest, _pair("feature_test", lang, comparison=comparison)),
        (procedure.Step, (_steps(False, lang), _steps(True, lang))),
    ]


def _kind(cls: type[BaseModel]) -> str:
    return str(get_args(cls.model_fields["kind"].annotation)[0])


def _lengths(metadata: Iterable[Any]) -> tuple[int | None, int | None]:
    low: int | None = None
    high: int | None = None
    for item in metadata:
        if isinstance(item, FieldInfo):
            inner = _lengths(item.metadata)
            low = inner[0] if inner[0] is not None else low
            high = inner[1] if inner[1] is not None else high
        elif isinstance(item, annotated_types.MinLen):
            low = item.min_length
        elif isinstance(item, annotated_types.MaxLen):
            high = item.max_length
    return low, high


def _size(tp: Any, unit: str, lang: Lang) -> str:
    low, high = _lengths(get_args(tp)[1:] if get_origin(tp) is typing.Annotated else [])
    return _bounds(low, high, unit, lang)


# The singular of each unit the sizes are counted in.
_ONE = {"items": "item", "entries": "entry"}


def _bounds(low: int | None, high: int | None, unit: str, lang: Lang) -> str:
    """A list's or a mapping's size: ``unit`` is ``items`` or ``entries``.

    >>> from ..words.lang import FR
    >>> _bounds(1, None, "items", EN), _bounds(None, 64, "entries", FR)
    ('at least 1 item', '64 entrées au plus')
    """
    if low and high is not None:
        return T("between", lang, low=low, high=high, unit=T(unit, lang))
    if high is not None:
        return T("at_most", lang, high=high, unit=T(unit, lang))
    if low:
        return T("at_least", lang, low=low, unit=T(_ONE[unit] if low == 1 else unit, lang))
    return ""


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value}`"


def type_words(tp: Any, lengths: tuple[int | None, int | None] = (None, None),
               plural: bool = False, lang: Lang = EN) -> str:
    """A type hint of the model in the words of a YAML writer.

    ``lengths`` are the bounds given by the field itself (``Field(max_length=...)``),
    which apply to the first list or mapping met.

    >>> from ..words.lang import FR
    >>> type_words(list[common.Identifier], (1, 64)), type_words(list[str], lang=FR)
    ('list (1 to 64 items) of identifiers', 'liste de textes')
    """
    for named, (singular, several) in _named(lang):
        if tp == named:
            return several if plural else singular
    origin = get_origin(tp)
    if origin is typing.Annotated:
        args = get_args(tp)
        inner = _lengths(args[1:])
        merged = (inner[0] if inner[0] is not None else lengths[0],
                  inner[1] if inner[1] is not None else lengths[1])
        return type_words(args[0], merged, plural, lang)
    if origin is Union or origin is types.UnionType:
        options = [arg for arg in get_args(tp) if arg is not type(None)]
        words = [type_words(arg, lengths, plural, lang) for arg in options]
        # "list of A or B" would read as a list of either: a list option stands apart.
        apart = any(word.startswith(T("list", lang)) for word in words)
        return T("or_list" if apart else "or", lang).join(words)
    if origin is Literal:
        values = [_literal(value) for value in get_args(tp)]
        if len(values) == 1:
            return values[0]
        return T("any_of" if plural else "one_of", lang, values=" / ".join(values))
    if origin in (list, dict):
        unit, head = ("items", "list") if origin is list else ("entries", "mapping")
        size = _bounds(*lengths, unit, lang)
        head = T(f"{head}s" if plural else head, lang)
        head = T("sized", lang, head=head, size=size) if size else head
        if origin is list:
            item = get_args(tp)[0]
            kinds = get_args(item) if get_origin(item) in (Union, types.UnionType) else (item,)
            # "of A or of B": each kind of item with its own "of" (French elides it).
            of_items = T("or", lang).join(of(type_words(option, plural=True, lang=lang), lang)
                                          for option in kinds)
            return T("list_of", lang, head=head, of_items=of_items)
        key, value = get_args(tp)
        return T("mapping_of", lang, head=head,
                 of_keys=of(type_words(key, plural=True, lang=lang), lang),
                 values=type_words(value, plural=True, lang=lang))
    if is_model(tp):
        return T("models" if plural else "model", lang, link=_link(tp, lang))
    simple = {bool: "boolean", str: "text", int: "whole_number"}
    if tp in simple:
        return T(simple[tp] + ("s" if plural else ""), lang)
    raise TypeError(f"no words for the type {tp!r}")


def _hints(cls: type[BaseModel]) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def own_fields(cls: type[BaseModel]) -> list[str]:
    """The fields shown in the table of ``cls``: all but a rule point's provenance keys."""
    names = list(cls.model_fields)
    if cls is not common.RulePoint and issubclass(cls, common.RulePoint):
        names = [name for name in names if name not in common.RulePoint.model_fields]
    return names


def key(info: FieldInfo, name: str) -> str:
    """The key as a rule file writes it (``in``, ``not``, ``from``)."""
    return info.alias or name


def cell(text: str) -> str:
    """Text for one table cell: one line, and a ``|`` outside code escaped.

    Python-Markdown's tables never split a cell inside a code span, and would
    show a backslash there, so only the ``|`` outside backticks is escaped;
    ``<`` and ``&`` outside code are written as references.
    """
    # Runs of ASCII white space become one space; a no-break space stays.
    parts = re.split(r"(`[^`]*`)", re.sub(r"[ \t\r\n]+", " ", text).strip())
    for index, part in enumerate(parts):
        if not part.startswith("`"):
            parts[index] = (
                part.replace("&", "&amp;").replace("<", "&lt;").replace("|", "\\|")
            )
    return "".join(parts)


def default_words(info: FieldInfo, lang: Lang = EN) -> str:
    """The default of a field, or ``required``."""
    if info.is_required():
        return T("required", lang)
    value = info.get_default(call_default_factory=True)
    if value is None:
        return T("none", lang)
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    if isinstance(value, bool):
        return _literal(value)
    if isinstance(value, str | int):
        return f"`{value}`"
    return f"`{json.dumps(value)}`"


def class_description(cls: type[BaseModel], lang: Lang = EN) -> str:
    """What the class is, in ``lang``: its form in
    :data:`~ambigu_rules.words.format_keys.CLASSES`, whose English is the class's
    docstring (empty when it has none).

    >>> from ..words.lang import FR
    >>> class_description(common.Range), class_description(common.Range, FR)
    ('An inclusive range of whole numbers.', 'Un intervalle de nombres entiers, bornes comprises.')
    """
    english = described(cls)
    if english and cls.__name__ in CLASSES.phrases:
        return CLASSES.forms(cls.__name__, lang)
    return english


def _used_at(classes: list[type[BaseModel]], lang: Lang = EN,
             ) -> dict[type[BaseModel], list[str]]:
    """For each class, where it is written: ``[Owner](#owner) `key`, `key` ``."""
    keys: dict[type[BaseModel], dict[type[BaseModel], list[str]]] = {cls: {} for cls in classes}
    for owner in classes:
        hints = _hints(owner)
        for name in own_fields(owner):
            for tp in members(hints[name]):
                if is_model(tp) and tp in keys:
                    names = keys[tp].setdefault(owner, [])
                    written = f"`{key(owner.model_fields[name], name)}`"
                    if written not in names:
                        names.append(written)
    return {
        cls: [f"{_link(owner, lang)} " + ", ".join(names) for owner, names in owners.items()]
        for cls, owners in keys.items()
    }


def section(cls: type[BaseModel], used_at: list[str], lang: Lang = EN) -> str:
    """The section of one class: heading, what it is, where it is written, its table."""
    # Another language's heading is code; its anchor stays the English page's.
    anchor = "" if lang == EN else f" {{ #{cls.__name__.lower()} }}"
    lines = [f"## {_name(cls, lang)}{anchor}", ""]
    doc = class_description(cls, lang)
    if doc:
        lines += [doc, ""]
    if cls is ruleset.Ruleset:
        lines += [T("whole_file", lang), ""]
    elif cls is common.RulePoint:
        lines += [T("rule_point_keys", lang), ""]
    elif used_at:
        lines += [T("written_at", lang, places=T("list_sep", lang).join(used_at)), ""]
    if cls in members(procedure.Step):
        lines += [T("step_of_kind", lang, kind=_kind(cls)), ""]
    if cls is not common.RulePoint and issubclass(cls, common.RulePoint):
        provenance = ", ".join(f"`{name}`" for name in common.RulePoint.model_fields)
        lines += [T("rule_point", lang, link=_link(common.RulePoint, lang), keys=provenance), ""]
    hints = _hints(cls)
    lines += [T("table_head", lang), "|---|---|---|---|"]
    for name in own_fields(cls):
        info = cls.model_fields[name]
        row = [
            f"`{key(info, name)}`",
            type_words(hints[name], _lengths(info.metadata), lang=lang),
            default_words(info, lang),
            meaning(info, lang, field_key(cls, name)) + values_meaning(cls, name, lang),
        ]
        lines.append("| " + " | ".join(cell(text) for text in row) + " |")
    return "\n".join(lines) + "\n"


def values_meaning(cls: type[BaseModel], name: str, lang: Lang = EN) -> str:
    """What each value of a key of the vocabulary means (:mod:`~ambigu_rules.rules.vocabulary`).

    >>> values_meaning(combinations.Ranking, "final_tie")[:50]
    ' `nearest_dealer_right`: the player nearest the de'
    """
    for concept, places in WRITTEN_IN.items():
        if (cls, name) in places:
            return "".join(T("value_meaning", lang, value=value,
                             meaning=lower_first(term.meanings[lang.code]))
                           for value, term in VOCABULARY[concept].items())
    return ""


def lower_first(text: str) -> str:
    """``text`` with its first letter in lower case (it follows a colon).

    >>> lower_first("Every other player."), lower_first("")
    ('every other player.', '')
    """
    return text[:1].lower() + text[1:]


def meaning(info: FieldInfo, lang: Lang = EN, field: str = "") -> str:
    """A key's meaning in ``lang``, and for a descriptive key that it is not played: the
    form of ``field`` (``Class.field``) in :data:`~ambigu_rules.words.format_keys.FIELDS`,
    whose English is the field's description (which a field not listed there says)."""
    text = FIELDS.forms(field, lang) if field in FIELDS.phrases else (info.description or "")
    if is_descriptive(info):
        return f"{text} {T('descriptive', lang)}"
    return text


def keys_documented() -> int:
    """How many rows the page's tables hold (one per key of each class)."""
    return sum(len(own_fields(cls)) for cls in model_classes())


def where_silent_section(lang: Lang = EN) -> str:
    """What the engine plays for each rule of ``table`` a file leaves out
    (:data:`~ambigu_rules.rules.where_silent.PLAYED_WHERE_SILENT`)."""
    # The same anchor in every edition, for links to it from any.
    lines = [T("silent_heading", lang) + " { #where-a-file-is-silent }", "",
             T("silent_intro", lang), "",
             T("silent_head", lang), "|---|---|---|---|"]
    for name, point in PLAYED_WHERE_SILENT.items():
        given = point.model_dump(exclude_defaults=False, include=set(own_fields(type(point))))
        values = ", ".join(f"`{key}: {json.dumps(value)}`" for key, value in given.items())
        note = point.text_in("note", lang.code) or ""
        lines.append(f"| `{name}` | {cell(note)} | {cell(values)} | `{point.evidence}` |")
    return "\n".join(lines) + "\n"


def render_page(lang: Lang = EN) -> str:
    """The whole page in ``lang``, as ``tools/gen_site.py`` writes it; it ends with the
    keys of a :class:`~ambigu_rules.rules.sources.Place`, which no rule file
    holds but which say what a rule file's locators may name."""
    classes = model_classes()
    used = _used_at(classes, lang)
    parts = ([T.forms("notice", lang), "", intro(lang)]
             + [section(cls, used[cls], lang) for cls in classes]
             + [where_silent_section(lang),
                section(sources.Place, [T("place_written_at", lang)], lang)])
    return "\n".join(parts).rstrip("\n") + "\n"
