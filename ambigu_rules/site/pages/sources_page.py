"""The sources page: the bibliography, with how far each text was read and who cites it.

Each entry gives the citation, the kind of text, how we know it, its
language, its web addresses (a link only for an http(s) address), the
versions whose rules cite it and the places a locator may name in it.
"""

from __future__ import annotations

import re
from collections import Counter

from ...rules.sources import Place, Source
from ...words.lang import EN, Catalog, Lang
from ...words.markup import Md, esc
from ..data import LANGUAGES
from ..facts import Version, rule_points
from .context import Site, data_file
from .version_page import T as VERSION_WORDS

#: How much of a source we read (its ``read``), and what kind of text it is (``kind``).
READ = Catalog(__name__, "READ", {
    "full": "read in full",
    "partial": "read in part",
    "survey": "known through the research survey",
    "indirect": "known to us only through other sources",
    "not_read": "not read",
})
KIND = Catalog(__name__, "KIND", {
    "primary": "period rule book",
    "period": "period book",
    "reference": "rule book",
    "modern": "modern text",
    "reconstruction": "modern reconstruction",
    "encyclopedia": "encyclopedia article",
})
#: The page's own words: its template's labels.
T = Catalog(__name__, "T", {
    "title": "Sources",
    "kind": "Kind:",
    "language": "language:",
    "what_we_read": "What we read:",
    "online": "Online:",
    "cited_by": "Cited by the rule points of:",
    "not_cited": "Not cited by any version's own rule points.",
    "places": "Places our locators name in it:",
    "generated_from": "This page is generated from",
})
M = Catalog(__name__, "M", {
    "intro": (Md("Every source a rule point or a page of this site cites. *What we read* says "
                 "how much of the work this project has actually seen: the whole text, a part of "
                 "it, or only what other sources report of it. No original text of the 1659, "
                 "1702 or 1730 books was available to us.")),
    "edit": Md("; edit that file and run `python tools/gen_site.py` to change it."),
    "in": Md("in {}"),
    "survey": Md("{} (known through the research survey)"),
    "starts": Md("the paragraph beginning “{}”"),
    "held_apart": Md("in the text held apart, <code>{}</code>"),
    "label": Md("{}"),
    "ours": Md("written <code>{}</code> in the rule files"),
    "semicolon": Md("; "),
})


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
    lang, code = site.lang, site.lang.code
    entries = []
    for source in site.bibliography.sources:
        parts = []
        if source.author:
            parts.append(esc(source.author))
        parts.append(Md("*{}*").format(source.text_in("title", code)))
        if source.container:
            parts.append(M.forms("in", lang).format(source.text_in("container", code)))
        if source.edition:
            parts.append(esc(source.text_in("edition", code)))
        place = ", ".join(x for x in (source.place, source.publisher) if x)
        if place:
            parts.append(esc(place))
        if source.year:
            parts.append(esc(source.year))
        entries.append({
            "id": source.id,
            "short": source.text_in("short", code),
            "description": source.text_in("description", code),
            "citation": Md(", ").join(parts),
            "kind": KIND(source.kind, lang),
            "read": READ(source.read, lang),
            "language": (VERSION_WORDS(LANGUAGES[source.language], lang)
                         if source.language in LANGUAGES else source.language),
            "urls": [web_address(u) for u in [source.url, *source.urls] if u],
            "cited": [(site.short_title(version), version.id, lang.count(count))
                      for version, count in cited.get(source.id, [])],
            "places": [_place(place, source, lang) for place in source.places],
        })
    return site.render("sources.md.j2", entries=entries, t=site.labels(T), m=site.labels(M),
                       data_file=data_file("sources.yaml", site.up))


def _place(place: Place, source: Source, lang: Lang = EN) -> Md:
    """A place a locator may name, and how it is found in the text we hold
    (naming the file when it is held apart from the source's own text).

    The label is the locator as our citations write it, in the source's own
    words or ours; a French page quotes it (« Value of the Hands »), and shows a
    name of ours in French, with the locator the rule files write."""
    label = M.forms("label", lang).format(place.text_in("label", lang.code))
    if place.via == "survey":
        return M.forms("survey", lang).format(label)
    how = []
    if place.text_in("label", lang.code) != place.label:
        how.append(M.forms("ours", lang).format(place.label))
    if place.starts and not place.starts.startswith(place.label.lstrip("§")):
        how.append(M.forms("starts", lang).format(place.starts))
    if place.text:
        how.append(M.forms("held_apart", lang).format(source.text_of(place)))
    return Md("{} ({})").format(label, Md(", ").join(how)) if how else label


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
