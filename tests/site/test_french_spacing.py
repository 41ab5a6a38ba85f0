"""Issue 25: every French page is spaced the French way, hand-written ones included.

French puts a narrow no-break space before « ; », « ! », « ? », a no-break one
before « : » and inside « » (so that no line begins with one of them). The
generated French pages are spaced when they are written
(``ambigu_rules.words.lang.typeset_markdown``); the hand-written ones (home,
history, the rule-format guide, the worked examples' prose, the Play page…)
by the build, with the same rule (``tools/mkdocs_editions.py``). Read here on
the built site, as the reader sees each page: its text outside code, scripts
and tags, on every French page that is French (the pages still shown in English
under ``/fr/`` are left out).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from site_helpers import ROOT, BuiltSite, built_site

DOCS = ROOT / "docs"

#: A plain space where French puts a no-break one.
PLAIN_SPACE = re.compile(r"(?<=\S) [;:!?](?=\s|$)|« | »")
#: What a reader does not read as the page's prose: code, scripts, styles, tags.
NOT_TEXT = re.compile(r"<(pre|code|script|style|svg)\b.*?</\1>|<[^>]*>", re.S)


@pytest.fixture(scope="module")
def site() -> BuiltSite:
    return built_site()


def french_pages(site: BuiltSite) -> dict[str, str]:
    """The article of every page of the French edition written in French (its twin
    is in ``docs/``), by its address."""
    found = {}
    for path in (site.path / "fr").rglob("index.html"):
        address = path.relative_to(site.path).as_posix()
        if twin_of(address).is_file():
            page = path.read_text(encoding="utf-8")
            found[address] = page.split("<article", 1)[1].split("</article>", 1)[0]
    return found


def plain_spaces(article: str) -> list[str]:
    """Each place of an article's text where a plain space stands for a no-break one
    (with a few letters around it)."""
    text = html.unescape(NOT_TEXT.sub("", article))
    return [text[max(0, m.start() - 30):m.end() + 10].strip() for m in PLAIN_SPACE.finditer(text)]


def twin_of(address: str) -> Path:
    """The ``docs/`` file of a French page: ``fr/history/index.html`` is
    ``docs/history.fr.md`` (or ``docs/history/index.fr.md``)."""
    folder = address.removeprefix("fr/").removesuffix("index.html").rstrip("/")
    if not folder:
        return DOCS / "index.fr.md"
    page = DOCS / f"{folder}.fr.md"
    return page if page.is_file() else DOCS / folder / "index.fr.md"


def test_every_french_page_is_spaced_the_french_way(site: BuiltSite) -> None:
    pages = french_pages(site)
    # Hand-written pages and generated ones are read alike.
    assert {"fr/index.html", "fr/history/index.html", "fr/rule-format/index.html",
            "fr/examples/fredon-value/index.html", "fr/versions/1730/index.html"} <= set(pages)
    found = {address: spaces for address, article in sorted(pages.items())
             if (spaces := plain_spaces(article))}
    assert found == {}


def test_the_french_404_page_is_spaced_the_french_way(site: BuiltSite) -> None:
    page = (site.path / "fr" / "404.html").read_text(encoding="utf-8")
    assert plain_spaces(page.split("<article", 1)[1].split("</article>", 1)[0]) == []


def test_a_plain_space_is_found_where_french_wants_a_no_break_one() -> None:
    """The check reads what a reader reads: prose, not code nor tags."""
    assert len(plain_spaces("<p>Voir : « battez » ; <em>tenir</em> ?</p><code>a : b</code>")) == 5
    assert plain_spaces("<p>Voir\u00a0: «\u00a0battez\u00a0»\u202f; tenir\u202f?</p>") == []
