"""The glossary page, and the tooltips its terms give on every page.

The page lists the terms language by language, each with its senses (and
their sources) and its equivalents in the other languages. The same terms,
in the forms the pages use, are defined once for the ``abbr`` extension,
which shows the tooltip wherever a form appears.
"""

from __future__ import annotations

from ...errors import SiteError
from ...words.lang import Catalog
from ...words.markup import Md, abbreviation, anchor, plain
from ..citations import Footnotes
from ..data import LANGUAGES
from .context import Site, data_file
from .provenance import source_names_refs
from .version_page import T as LANGUAGE_NAMES

T = Catalog(__name__, "T", {
    "title": "Glossary",
    "also": "Also written:",
    "others": "In other languages:",
    "generated": "This page is generated from",
    "generated_after": "; edit that file and run",
    "generated_end": "to change it.",
})
M = Catalog(__name__, "M", {
    "intro": (Md("The words of the game as the sources use them, in French, English, German\nand "
                 "Russian, with what each source means by them. The definitions are ours;\nthe "
                 "sources are cited in the footnotes. Some of these words show a "
                 "short\ndefinition wherever they appear on the site: rest the pointer on a "
                 "dotted\nword.")),
    "sense": Md("{} {}{}"),
    "equivalent": Md("[{}](#{}) ({})"),
})


def _language(code: str, site: Site) -> str:
    """A language's name in the pages' language: ``French``, ``anglais``."""
    return LANGUAGE_NAMES(LANGUAGES[code], site.lang)


def glossary_page(site: Site) -> str:
    """The glossary page: the terms of each language, with senses and equivalents."""
    lang = site.lang
    footnotes = Footnotes(site.bibliography, "sources.md", lang)
    by_id = {term.id: term for term in site.glossary.terms}
    languages = []
    for code in LANGUAGES:
        terms = sorted((t for t in site.glossary.terms if t.language == code),
                       key=lambda t: plain(t.term).casefold())
        if not terms:
            continue
        entries = []
        for term in terms:
            senses = [
                M.forms("sense", lang).format(sense.text_in("text", lang.code),
                                              source_names_refs(site, sense.source),
                                              footnotes.cite(sense.source))
                for sense in term.senses
            ]
            equivalents = [
                M.forms("equivalent", lang).format(by_id[other].term, anchor("term-" + other),
                                                   _language(by_id[other].language, site))
                for other in term.equivalents
            ]
            entries.append({
                "term": term,
                "senses": senses,
                "also": Md(", ").join(term.also),
                "equivalents": Md(", ").join(equivalents),
            })
        name = _language(code, site)
        languages.append({"code": code, "name": name[:1].upper() + name[1:], "entries": entries})
    return site.render("glossary.md.j2", t=site.labels(T), intro=M.forms("intro", lang),
                       languages=languages,
                       footnotes=footnotes.definitions(),
                       data_file=data_file("site/glossary.yaml", site.up))


def abbreviations(site: Site) -> str:
    """``*[term]: tooltip`` lines for the ``abbr`` extension (see
    :func:`~ambigu_rules.words.markup.abbreviation`: a form it cannot define is an error)."""
    lines = [site.snippet_notice or str(site.notice), ""]
    for term in sorted(site.glossary.terms, key=lambda t: t.id):
        for form in term.tooltip_forms:
            try:
                lines.append(abbreviation(form, term.text_in("tooltip", site.lang.code)
                                          if term.tooltip else ""))
            except ValueError as error:
                raise SiteError(f"rulesets/site/glossary.yaml: term {term.id!r}: {error}") from None
    return "\n".join(lines) + "\n"

