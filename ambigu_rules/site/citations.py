"""Citations of the bibliography as Markdown footnotes.

A page collects its citations in a :class:`Footnotes`: each distinct
citation (the same sources with the same locators) gets one footnote,
numbered in the order of first use, and every rule point that cites it
refers to that footnote.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.common import SourceRef
from ..rules.sources import Bibliography
from ..words.lang import EN, Catalog, Lang
from ..words.markup import Md, anchor, esc

M = Catalog(__name__, "M", {"and": Md(" and ")})


def source_link(bibliography: Bibliography, source_id: str, sources_page: str,
                lang: Lang = EN) -> Md:
    """The short title of a source (in ``lang``), linked to its entry on the sources page."""
    try:
        source = bibliography.get(source_id)
    except KeyError:
        return esc(source_id)
    return Md("[{}]({}#{})").format(source.text_in("short", lang.code), sources_page,
                                    anchor(source.id))


def place_name(bibliography: Bibliography, source_id: str, at: str, lang: Lang = EN) -> str:
    """A locator as a page in ``lang`` shows it: the French name of a place we
    named ourselves on a French page (``ajo §Showdown`` shows *§Abattage*), else
    the locator as the rule file writes it (a heading in the source's words).

    >>> from ambigu_rules.load.catalog import load_bibliography
    >>> from ambigu_rules.words.lang import FR
    >>> bibliography = load_bibliography()
    >>> [place_name(bibliography, "ajo", "§Showdown", lang) for lang in (FR, EN)]
    ['§Abattage', '§Showdown']
    >>> place_name(bibliography, "foster-1897", "Method of Playing", FR)
    'Method of Playing'
    """
    try:
        source = bibliography.get(source_id)
    except KeyError:
        return at
    for place in source.places:
        if place.label == at.strip():
            return place.text_in("label", lang.code)
    return at


def citation(
    bibliography: Bibliography, refs: Sequence[SourceRef], sources_page: str, lang: Lang = EN
) -> Md:
    """Several sources with their locators: ``[Short](sources.md#id), locator; …``.

    Consecutive citations of the same source share its title: "…, §A and §B". A
    place we named ourselves is shown by its name in ``lang`` (:func:`place_name`).
    """
    grouped: list[tuple[str, list[str]]] = []
    for ref in refs:
        at = place_name(bibliography, ref.id, ref.at, lang) if ref.at else ref.at
        if grouped and grouped[-1][0] == ref.id:
            if at:
                grouped[-1][1].append(at)
        else:
            grouped.append((ref.id, [at] if at else []))
    parts = []
    for source_id, places in grouped:
        text = source_link(bibliography, source_id, sources_page, lang)
        if places:
            text = Md("{}, {}").format(text, M.forms("and", lang).join(places))
        parts.append(text)
    return Md("; ").join(parts)


class Footnotes:
    """The footnotes of one page."""

    def __init__(self, bibliography: Bibliography, sources_page: str, lang: Lang = EN) -> None:
        self.bibliography = bibliography
        self.lang = lang
        self.sources_page = sources_page
        self._labels: dict[Md, int] = {}

    def cite(self, refs: Sequence[SourceRef]) -> Md:
        """A footnote reference (``[^3]``) for these sources."""
        text = citation(self.bibliography, refs, self.sources_page, self.lang)
        label = self._labels.setdefault(text, len(self._labels) + 1)
        return Md("[^{}]").format(label)

    def __bool__(self) -> bool:
        return bool(self._labels)

    def definitions(self) -> Md:
        """The footnote definitions, one a line, for the end of the page."""
        lines = [Md("[^{}]: {}.").format(label, text) for text, label in self._labels.items()]
        return Md("\n").join(lines)
