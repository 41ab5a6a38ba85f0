"""Issue 25: the generated French pages say nothing in English but names, quotations
and code.

Each French twin the generator writes is read as a reader would: what is set aside
is code, the targets and attributes of links and tags, HTML comments, the footnote
citations (titles of the sources and their places, as the sources name them, also
``§Showdown`` inside a note) and
the places of a source on the sources page (quoted as the text we hold names
them, with the words that open them there). A quotation between « » or “ ” is
read like the rest: only the words of the English-speaking sources are set aside
(``tests/french_text.py``, French reading 4, H7). Every word left is looked up in
the stop-list of ``tests/french_text.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from french_text import english_words

from ambigu_rules.languages import LANGS, Lang
from ambigu_rules.site.generate import edition_pages, edition_path, load_site, render_site
from ambigu_rules.words.lang import EN, FR, NOT_PROSE, typeset_markdown

DOCS = Path(__file__).resolve().parents[2] / "docs"

_ASIDE = [
    re.compile(r"<!--.*?-->", re.S),          # comments (the generator's notice)
    re.compile(r"^\[\^\d+\]:.*$", re.M),      # footnote definitions: citations
    re.compile(r"\{\s*[:#][^}]*\}"),          # attribute lists
    re.compile(r"\[\^\d+\]"),                  # footnote references
    re.compile(r"§[^),;.]*"),                  # a place in a source, as the source names it
    re.compile(r'title="[^"]*"'),              # tooltips are checked as text below
    re.compile(r"\b[a-z]+\.[a-z]+(?:&#95;[a-z]+)+"),  # a key of a rule file, table.dealer_out
    re.compile(r"\b[\w-]+\.(?:be|com|fr|org)\b"),  # a site's name: jocari.be
]
# The glossary's terms are the words themselves, in their language: the headings
# of its entries, their other spellings and the links to them.
_TERMS = [
    re.compile(r"^### .*$", re.M),
    re.compile(r"^\*Aussi écrit\s*:\*.*$", re.M),
    re.compile(r"\[[^\]]*\]\(#term-[^)]*\)"),
]
# The places of a source we hold, on the sources page: each quoted as the text
# names it, and found by the words that open it there, quoted in its language.
_PLACES = re.compile(r"^Endroits que nos renvois.*$", re.M)


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return edition_pages(load_site(), FR)


def reader_text(page: str, path: str = "") -> str:
    for pattern in [*_ASIDE, *(_TERMS if path == "glossary.fr.md" else [])]:
        page = pattern.sub(" ", page)
    if path == "sources.fr.md":
        page = _PLACES.sub(lambda line: re.sub(r"«[^»]*»", " ", line.group(0)), page)
    return page


def test_every_version_has_its_french_page_and_card(pages: dict[str, str]) -> None:
    site = load_site()
    assert "glossary.fr.md" in pages
    for version in site.versions:
        assert f"versions/{version.id}.fr.md" in pages
        assert f"versions/{version.id}/card.fr.md" in pages


@pytest.mark.parametrize("lang", LANGS[1:], ids=lambda lang: lang.code)
def test_every_generated_page_has_its_twin_in_each_edition(lang: Lang) -> None:
    # Whole generated pages; the home page and the worked examples are written by
    # hand with generated parts, and the tooltips' file is appended to pages.
    rendered = render_site(DOCS)
    english = [path for path in rendered if path.rpartition("/")[2].count(".") == 1
               and path not in ("index.md", "includes/abbreviations.md")
               and not path.startswith("examples/")]
    assert {"compare/index.md", "open-questions.md", "glossary.md", "combinations.md"} <= set(
        english)
    assert "rule-format-reference.md" in english
    assert sorted(p for p in english if edition_path(p, lang) not in rendered) == []


def test_no_french_page_holds_an_english_word(pages: dict[str, str]) -> None:
    found = {}
    for path, page in sorted(pages.items()):
        lines = [line for line in reader_text(page, path).splitlines() if english_words(line)]
        if lines:
            found[path] = [(english_words(line), line[:160]) for line in lines]
    assert found == {}


def test_the_tooltips_of_a_french_page_are_french(pages: dict[str, str]) -> None:
    titles = [title for page in pages.values() for title in re.findall(r'title="([^"]*)"', page)]
    assert titles
    assert [title for title in titles if english_words(title)] == []


# A plain space where French puts a no-break one: before ; ! ? and :, inside « ».
_PLAIN_SPACED = re.compile(r"\S [;!?:](?=\s|$)|« | »")


def test_french_pages_space_their_punctuation_the_french_way(pages: dict[str, str]) -> None:
    """A narrow no-break space before « ; », « ! », « ? », a no-break space before
    « : » and inside guillemets, in the prose of every generated French page (its
    code, tags, link targets and attribute lists are not prose)."""
    found = {}
    for path, page in sorted(pages.items()):
        prose = NOT_PROSE.sub("\x00", page)
        hits = [prose[max(0, m.start() - 30):m.end() + 10] for m in _PLAIN_SPACED.finditer(prose)]
        if hits:
            found[path] = hits[:3]
    assert found == {}
    # The page is checked, not only the helper: the version page of 1730 has many.
    assert pages["versions/1730.fr.md"].count("\u202f;") > 10
    assert pages["versions/1730.fr.md"].count("\u00a0:") > 10


def test_french_spacing_leaves_english_and_code_alone() -> None:
    text = "Value: `a ; b` <span title=\"x : y\">z</span> ; « c »"
    assert typeset_markdown(text, EN) == text
    assert typeset_markdown(text, FR) == (
        "Value: `a ; b` <span title=\"x : y\">z</span>\u202f; «\u00a0c\u00a0»")
