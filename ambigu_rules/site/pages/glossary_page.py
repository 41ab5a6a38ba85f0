"""The glossary page, and the tooltips its terms give on every page.

The page lists the terms language by language, each with its senses (and
their sources) and its equivalents in the other languages. The same terms,
in the forms the pages use, are defined once for the ``abbr`` extension,
which shows the tooltip wherever a form appears.
"""

from __future__ import annotations

from ...errors import SiteError
from ...words.markup import Md, abbreviation, anchor, plain
from ..citations import Footnotes
from ..data import LANGUAGES
from .context import Site, data_file
from .provenance import source_names_refs


def glossary_page(site: Site) -> str:
    """The glossary page: the terms of each language, with senses and equivalents."""
    footnotes = Footnotes(site.bibliography, "sources.md")
    by_id = {term.id: term for term in site.glossary.terms}
    languages = []
    for code, language in LANGUAGES.items():
        terms = sorted((t for t in site.glossary.terms if t.language == code),
                       key=lambda t: plain(t.term).casefold())
        if not terms:
            continue
        entries = []
        for term in terms:
            senses = [
                Md("{} {}{}").format(sense.text, source_names_refs(site, sense.source),
                                     footnotes.cite(sense.source))
                for sense in term.senses
            ]
            equivalents = [
                Md("[{}](#{}) ({})").format(by_id[other].term, anchor("term-" + other),
                                            LANGUAGES[by_id[other].language])
                for other in term.equivalents
            ]
            entries.append({
                "term": term,
                "senses": senses,
                "also": Md(", ").join(term.also),
                "equivalents": Md(", ").join(equivalents),
            })
        languages.append({"code": code, "name": language, "entries": entries})
    return site.render("glossary.md.j2", languages=languages, footnotes=footnotes.definitions(),
                       data_file=data_file("site/glossary.yaml"))


def abbreviations(site: Site) -> str:
    """``*[term]: tooltip`` lines for the ``abbr`` extension (see
    :func:`~ambigu_rules.words.markup.abbreviation`: a form it cannot define is an error)."""
    lines = [site.snippet_notice or str(site.notice), ""]
    for term in sorted(site.glossary.terms, key=lambda t: t.id):
        for form in term.tooltip_forms:
            try:
                lines.append(abbreviation(form, term.tooltip or ""))
            except ValueError as error:
                raise SiteError(f"rulesets/site/glossary.yaml: term {term.id!r}: {error}") from None
    return "\n".join(lines) + "\n"

