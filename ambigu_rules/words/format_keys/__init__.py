"""The keys a rule file may hold and what each means, in every language, for the
reference of every key (:mod:`ambigu_rules.site.reference`).

:func:`model_classes` walks the model from :class:`~ambigu_rules.rules.ruleset.Ruleset`
down to every class a rule file reaches. The English meaning of a key is its field's
``description`` in the model (the JSON Schemas carry it too): :data:`FIELDS` is the
catalog of these meanings, keyed ``Class.field`` by the class that declares the field
(:func:`field_key`); :data:`CLASSES` is the catalog of each class's description, its
docstring (:func:`described`), keyed by the class's name. Every other language's forms
are data, in its ``ambigu_rules/languages/<code>/messages.yaml`` under
``ambigu_rules.words.format_keys``, catalogs ``FIELDS`` and ``CLASSES``; a form a
language lacks is said in English. The page's own phrases are in :mod:`.page`. A test
holds every field and every described class to a form in every language, and every
form of a language's messages to a field or a class of the model.

>>> from ..lang import EN, FR
>>> FIELDS.forms("Range.min", EN), FIELDS.forms("Range.min", FR)
('The smallest number allowed.', 'Le plus petit nombre permis.')
"""

from __future__ import annotations

import inspect
import re
import types
import typing
from collections.abc import Iterator
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel

from ...rules import common, ruleset, sources
from ..lang import Catalog


def is_model(tp: Any) -> bool:
    """Whether a type hint is a class of the model."""
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def members(tp: Any) -> Iterator[Any]:
    """The types a hint is made of (through ``Annotated``, unions, lists, mappings)."""
    origin = get_origin(tp)
    if origin is typing.Annotated:
        yield from members(get_args(tp)[0])
    elif origin is Union or origin is types.UnionType or origin in (list, dict):
        for arg in get_args(tp):
            yield from members(arg)
    else:
        yield tp


def model_classes() -> list[type[BaseModel]]:
    """Every model class a rule file reaches, from :class:`~ambigu_rules.rules.ruleset.Ruleset`
    down.

    In the order of the reference: the ruleset, the provenance keys of a rule
    point, then each class where it is first met, breadth first.
    """
    found: list[type[BaseModel]] = []
    queue: list[type[BaseModel]] = [ruleset.Ruleset, common.RulePoint]
    while queue:
        cls = queue.pop(0)
        if cls in found:
            continue
        found.append(cls)
        # The annotations pydantic has resolved (typing.get_type_hints would evaluate
        # them again, and fails where a module is imported under Sphinx).
        for info in cls.model_fields.values():
            queue.extend(tp for tp in members(info.annotation) if is_model(tp) and tp not in found)
    return found


def listed_classes() -> list[type[BaseModel]]:
    """The classes whose keys the reference lists: those a rule file reaches, and last
    the places of a source (:class:`~ambigu_rules.rules.sources.Place`), which no rule
    file holds but which say what its locators may name."""
    return [*model_classes(), sources.Place]


def declared_in(cls: type[BaseModel], name: str) -> type[BaseModel]:
    """The class of ``cls``'s ancestry that declares the field ``name`` (where its
    description is written).

    >>> from ...rules import procedure
    >>> declared_in(procedure.BettingStep, "id").__name__
    'StepBase'
    """
    for ancestor in cls.__mro__:
        if name in inspect.get_annotations(ancestor):
            return typing.cast("type[BaseModel]", ancestor)
    raise KeyError(f"{cls.__name__} declares no field {name!r}")


def field_key(cls: type[BaseModel], name: str) -> str:
    """The message id of a field's meaning in :data:`FIELDS`: ``Class.field``, by the
    class that declares it (every step's ``id`` is one meaning).

    >>> from ...rules import combinations, procedure
    >>> field_key(procedure.BettingStep, "id"), field_key(combinations.Predicate, "not_")
    ('StepBase.id', 'Predicate.not_')
    """
    return f"{declared_in(cls, name).__name__}.{name}"


def described(cls: type[BaseModel]) -> str:
    """What a class is, in English: its docstring, each paragraph on one line, with
    reST's double backquotes made Markdown's single ones (empty when the class has no
    docstring of its own).

    >>> described(common.Range)
    'An inclusive range of whole numbers.'
    """
    text = cls.__doc__ or ""
    if cls.__doc__ == BaseModel.__doc__:
        return ""
    paragraphs = [" ".join(block.split()) for block in re.split(r"\n\s*\n", text.strip())]
    return "\n\n".join(re.sub(r"``([^`]+)``", r"`\1`", p) for p in paragraphs if p)


FIELDS: Catalog[str] = Catalog(__name__, "FIELDS", {
    field_key(cls, name): info.description or ""
    for cls in listed_classes() for name, info in cls.model_fields.items()})
"""The meaning of each key, ``Class.field → English`` (its field's description); the
other languages' forms are in their messages.

:meta hide-value:
"""

CLASSES: Catalog[str] = Catalog(__name__, "CLASSES", {
    cls.__name__: text for cls in listed_classes() if (text := described(cls))})
"""The description of each class that has one, ``Class → English`` (its docstring); the
other languages' forms are in their messages.

:meta hide-value:
"""
