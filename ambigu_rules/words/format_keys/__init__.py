"""The French forms of the reference of every key a rule file may hold
(:mod:`ambigu_rules.site.reference`).

The English meaning of a key is its field's ``description`` in the model (the
JSON Schemas carry it too); its French form is here, in :data:`FIELDS`, keyed
``Class.field`` by the class that declares the field, one module per model file.
:data:`CLASSES` holds the French form of each class's description (its
docstring), keyed by the class's name. The page's own phrases are in
:mod:`.page`. A test holds every field of the model to a French form here, and
every key here to a field of the model.

>>> FIELDS["Range.min"]
'Le plus petit nombre permis.'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from . import combinations, common, procedure, ruleset, table

_HOMES = (common, ruleset, combinations, procedure, table)

FIELDS: Mapping[str, str] = MappingProxyType(
    {key: text for home in _HOMES for key, text in home.FIELDS.items()})
"""French meaning of each field, ``{"Class.field": text}``.

:meta hide-value:
"""

CLASSES: Mapping[str, str] = MappingProxyType(
    {key: text for home in _HOMES for key, text in home.CLASSES.items()})
"""French description of each class that has one, ``{"Class": text}``.

:meta hide-value:
"""
