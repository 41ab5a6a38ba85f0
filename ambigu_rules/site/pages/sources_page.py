"""The sources page: the bibliography, with how far each text was read and who cites it.

Each entry gives the citation, the kind of text, how we know it, its
language, its web addresses (a link only for an http(s) address), the
versions whose rules cite it and the places a locator may name in it.
"""

from __future__ import annotations

import re
from collections import Counter

from ...rules.sources import Place, Source
from ...words.markup import Md, esc
from ..data import LANGUAGES
from ..facts import Version, rule_points
from .context import Site, data_file

READ = {
    "full": "read in full",
    "partial": "read in part",
    "survey": "known through the research survey",
    "indirect": "known to us only through other sources",
    "not_read": "not read",
}
KIND = {
    "primary": "period rule book",
    "period": "period book",
    "reference": "rule book",
    "modern": "modern text",
    "reconstruction": "modern reconstruction",
    "encyclopedia": "encyclopedia article",
}


def sources_page(site: Site) -> str:
    """The sources page: an entry per source of the bibliography."""
    cited: dict[str, list[tuple[Version, int]]] = {}
    for version in site.versions:
        counts: Counter[str] = Counter()
        for _, point in rule_points(version.ruleset):
            if point.inherited_from:
                continue
            for source_id in {ref.id for ref in point.source}:
                counts[source_id] += 1
        for source_id, count in counts.items():
            cited.setdefault(source_id, []).append((version, count))
    entries = []
    for source in site.bibliography.sources:
        parts = []
        if source.author:
            parts.append(esc(source.author))
        parts.append(Md("*{}*").format(source.title))
        if source.container:
            parts.append(Md("in {}").format(source.container))
        if source.edition:
            parts.append(esc(source.edition))
        place = ", ".join(x for x in (source.place, source.publisher) if x)
        if place:
            parts.append(esc(place))
        if source.year:
            parts.append(esc(source.year))
        entries.append({
            "source": source,
            "citation": Md(", ").join(parts),
            "kind": KIND[source.kind],
            "read": READ[source.read],
            "language": LANGUAGES.get(source.language, source.language),
            "urls": [web_address(u) for u in [source.url, *source.urls] if u],
            "cited": cited.get(source.id, []),
            "places": [_place(place, source) for place in source.places],
        })
    return site.render("sources.md.j2", entries=entries, data_file=data_file("sources.yaml"))


def _place(place: Place, source: Source) -> Md:
    """A place a locator may name, and how it is found in the text we hold
    (naming the file when it is held apart from the source's own text)."""
    if place.via == "survey":
        return Md("{} (known through the research survey)").format(place.label)
    how = []
    if place.starts and not place.starts.startswith(place.label.lstrip("§")):
        how.append(Md("the paragraph beginning “{}”").format(place.starts))
    if place.text:
        how.append(Md("in the text held apart, {}").format(source.text_of(place)))
    return Md("{} ({})").format(place.label, Md(", ").join(how)) if how else esc(place.label)


# A web address that may become a link: http or https from its first
# character, with no white space or control character anywhere.
WEB_ADDRESS = re.compile(r"https?://[^\s\x00-\x1f\x7f]+", re.IGNORECASE)


def web_address(url: str) -> Md:
    """A source's web address: a link if it is an http(s) address, else text.

    Anything else (``javascript:``, ``data:``, an address with spaces) is
    shown as text only. A link is a Markdown autolink of the address escaped
    like any text (no ``<``, ``>``, ``[`` or backquote is left to end it or to
    start other syntax); Markdown keeps the character references in the
    ``href`` and the browser decodes them back.

    >>> str(web_address("https://example.org/a_b?c=1&d=2"))
    '<https://example.org/a&#95;b?c&#61;1&amp;d&#61;2>'
    >>> str(web_address("javascript:alert(1)"))
    'javascript:alert(1)'
    """
    if WEB_ADDRESS.fullmatch(url):
        return Md("<{}>").format(url)
    return esc(url)
