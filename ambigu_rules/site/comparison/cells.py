"""A cell of the comparison, a row of it, and the common ways of filling a cell.

A :class:`Row` is one question asked of every version; its :class:`Cell`
for a version is the answer in words with the rule points it comes from.
Two cells are the same reading when their comparison ``key`` is equal: the
words, without link targets (a link to the version's own page is not a
difference).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ...rules.common import RulePoint
from ...rules.procedure import Step
from ...rules.ruleset import Ruleset
from ...words.lang import EN, Catalog, Lang
from ...words.markup import Md, esc, plain
from ...words.phrases import T as WORDS
from ..describe import Describer
from ..facts import Version


@dataclass(frozen=True)
class Cell:
    """One version's answer to one row.

    Two cells are compared on ``compare`` when it is given (the set of hands a
    definition admits, the amounts a combination pays), otherwise on the
    words without link targets.
    """

    text: Md
    points: tuple[RulePoint, ...] = ()
    compare: str | None = None

    @property
    def key(self) -> str:
        """What is compared."""
        if self.compare is not None:
            return self.compare
        return plain(re.sub(r"\]\([^)]*\)", "]", str(self.text)))


def missing(lang: Lang = EN) -> Cell:
    """The cell of a version whose rule file says nothing of the row."""
    return Cell(esc(WORDS("not_stated", lang)))


@dataclass(frozen=True)
class Row:
    """One line of the comparison: a key, its group and label in every language
    (``{code: text}``) and how to fill it."""

    #: What fills a row's cell for a version, in the words of the describer's language.
    Fill = Callable[[Version, Describer], Cell]

    key: str
    groups: dict[str, str]
    labels: dict[str, str]
    fill: Fill

    def group(self, lang: Lang) -> str:
        """The group of the row, as the matrix heads it in ``lang``."""
        return self.groups[lang.code]

    def label(self, lang: Lang) -> str:
        """The row's label in ``lang``."""
        return self.labels[lang.code]

    def cell(self, version: Version, describer: Describer) -> Cell:
        """This row's cell for ``version``, worded by ``describer``."""
        return self.fill(version, describer)


M = Catalog(__name__, "M", {"titled": Md("{}: {}")})


def differing(keys: list[str]) -> list[bool]:
    """Which cells differ from the most common reading (the first one on a tie).

    >>> differing(["a", "a", "b"]), differing(["a", "b"]), differing(["a", "a"])
    ([False, False, True], [False, True], [False, False])
    """
    if len(set(keys)) <= 1:
        return [False] * len(keys)
    counts = Counter(keys)
    top = max(counts.values())
    common = next(key for key in keys if counts[key] == top)
    return [key != common for key in keys]


#: The kind of rule point a cell builder reads.
P = TypeVar("P", bound=RulePoint)


def point_cell(getter: Callable[[Ruleset], P | None],
               say: Callable[[Describer, P], Md]) -> Callable[[Version, Describer], Cell]:
    """A cell builder for one rule point: ``getter`` finds it, ``say`` words it."""
    def fill(version: Version, describer: Describer) -> Cell:
        point = getter(version.ruleset)
        if point is None:
            return missing(describer.lang)
        return Cell(say(describer, point), (point,))

    return fill


def lines_cell(items: Sequence[tuple[Md, RulePoint]], lang: Lang = EN) -> Cell:
    """A cell of one line per item, citing each rule point once."""
    if not items:
        return missing(lang)
    text = Md("<br>").join(text for text, _ in items)
    points: list[RulePoint] = []
    for _, point in items:
        if point not in points:
            points.append(point)
    return Cell(text, tuple(points))


def titled(describer: Describer, step: Step, text: Md | str) -> Md:
    """A line of a cell headed by a link to the step it is about."""
    return M.forms("titled", describer.lang).format(describer.step_link(step.id), text)
