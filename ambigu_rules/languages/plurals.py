"""A language's plural categories, from the integer part of CLDR's plural rules.

Each ``language.yaml`` lists its categories under ``plurals``, in the order
they are tried, each with its rule in CLDR's syntax restricted to whole
numbers (``n``, ``n % 10``, ``=`` and ``!=``, lists and ranges ``2..4``,
``and``, ``or``); the last category has no rule and takes every other
number. A test holds each language's rules to Babel's copy of CLDR.

>>> russian = PluralRules.parse({"one": "n % 10 = 1 and n % 100 != 11",
...                              "few": "n % 10 = 2..4 and n % 100 != 12..14",
...                              "many": ""})
>>> [russian.category(n) for n in (1, 2, 5, 11, 21, 22, 25, 112)]
['one', 'few', 'many', 'many', 'one', 'few', 'many', 'many']
>>> PluralRules.parse({"one": "n = 1", "other": ""}).category(0)
'other'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

_RELATION = re.compile(r"n(?:\s*%\s*(\d+))?\s*(!=|=)\s*([\d.,\s]+)")


@dataclass(frozen=True, slots=True)
class _Relation:
    modulo: int | None
    negated: bool
    #: Inclusive ranges; a single value is a range of one.
    ranges: tuple[tuple[int, int], ...]

    def holds(self, number: int) -> bool:
        value = number % self.modulo if self.modulo else number
        inside = any(low <= value <= high for low, high in self.ranges)
        return inside != self.negated


def _relation(text: str) -> _Relation:
    match = _RELATION.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a whole-number plural rule: {text!r}")
    modulo, sign, values = match.groups()
    ranges = []
    for item in values.split(","):
        low, _, high = item.strip().partition("..")
        ranges.append((int(low), int(high or low)))
    return _Relation(int(modulo) if modulo else None, sign == "!=", tuple(ranges))


@dataclass(frozen=True, slots=True)
class PluralRules:
    """The categories of a language, each with the condition that picks it (an ``or``
    of ``and``-ed relations), the last one taking every number the others leave."""

    rules: tuple[tuple[str, tuple[tuple[_Relation, ...], ...]], ...]
    last: str

    @classmethod
    def parse(cls, categories: Mapping[str, str]) -> PluralRules:
        """Rules from ``{category: rule}``, in order; the last rule is empty."""
        names = list(categories)
        if not names or categories[names[-1]].strip():
            raise ValueError("the last plural category takes every other number: no rule")
        rules = tuple(
            (name, tuple(tuple(_relation(part) for part in either.split(" and "))
                         for either in categories[name].split(" or ")))
            for name in names[:-1])
        return cls(rules, names[-1])

    @property
    def categories(self) -> tuple[str, ...]:
        """The category names, in order."""
        return (*(name for name, _ in self.rules), self.last)

    def category(self, number: int) -> str:
        """The category of a whole number."""
        number = abs(number)
        for name, condition in self.rules:
            if any(all(relation.holds(number) for relation in both) for both in condition):
                return name
        return self.last


#: English's rules, for a language that gives none.
ENGLISH = PluralRules.parse({"one": "n = 1", "other": ""})
