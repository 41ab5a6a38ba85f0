"""Issue 25: what the theme writes around a French page's text is French.

The theme's chrome is every word a reader meets that no page wrote: the header,
the search box and its results, the navigation's and the table of contents'
titles, *Back to top*, the skip link, *Previous* and *Next*, the palette switch,
the heading anchors' and the footnotes' back links' titles, the line at the
foot of every page. Its English words are listed from two places no code of
ours writes: Material for MkDocs' own English language file (every phrase
whose French form differs from it) and :data:`MORE_ENGLISH`, the ones that
file lacks (Python-Markdown's titles, the palette switch of ``mkdocs.yml``,
the footer's "Made with").

The chrome of a page is read where the theme writes it: the ``title``,
``aria-label``, ``placeholder`` and ``alt`` of every tag, the text outside the
page's ``<article>``, and the phrases the theme's script shows (its
``__config`` translations). A French page (its 404 page included) fails for any
English phrase found there; the English pages show every phrase of
:data:`MORE_ENGLISH` and the theme's usual ones, so the search would see them.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from site_helpers import ROOT, BuiltSite, built_site

#: The theme's English words that its language file does not hold.
MORE_ENGLISH = (
    "Made with",                              # the footer (partials/copyright.html)
    "Switch to dark mode",                    # the palette switch (mkdocs.yml)
    "Switch to light mode",
    "Permanent link",                         # Python-Markdown's toc: a heading's anchor
    "Jump back to footnote",                  # Python-Markdown's footnotes: the back link
)
#: Phrases of the theme's language file every English page shows.
ON_EVERY_PAGE = ("Skip to content", "Back to top", "Search", "Type to start searching",
                 "Header", "Footer", "Select language", "Clear")
#: A phrase of the theme's language file: ``"key": "phrase"``.
PHRASE = re.compile(r'^\s*"([a-z.]+)": "([^"]*)",?$', re.M)
CHROME_ATTRIBUTE = re.compile(r'\s(?:title|aria-label|placeholder|alt)="([^"]*)"')
TRANSLATIONS = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)


def theme_phrases(language: str) -> dict[str, str]:
    theme = importlib.util.find_spec("material")
    assert theme is not None and theme.origin is not None
    folder = Path(theme.origin).parent / "templates" / "partials" / "languages"
    return dict(PHRASE.findall((folder / f"{language}.html").read_text(encoding="utf-8")))


def english_chrome() -> list[str]:
    english, french = theme_phrases("en"), theme_phrases("fr")
    differ = [phrase for key, phrase in english.items()
              if key in french and french[key] != phrase and key not in ("language",)
              and not key.startswith("search.config")]
    return sorted({*differ, *MORE_ENGLISH})


def chrome_of(page: str) -> list[str]:
    """The words the theme writes on a page (see the module's docstring)."""
    found = CHROME_ATTRIBUTE.findall(page)
    outside = re.sub(r"<article\b.*?</article>", " ", page, flags=re.S)
    outside = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", outside, flags=re.S)
    found += [" ".join(text.split()) for text in re.findall(r">([^<]+)<", outside)]
    config = TRANSLATIONS.search(page)
    if config:
        found += list(json.loads(config.group(1)).get("translations", {}).values())
    return [text.replace("&#39;", "'").replace("&amp;", "&") for text in found if text.strip()]


def english_in(chrome: list[str], phrases: list[str]) -> set[str]:
    """The phrases said in the chrome: a text that is the phrase, or begins with it
    as a word (``Previous: 1702``); ``#`` in a phrase stands for a number."""
    patterns = {phrase: re.compile(re.escape(phrase).replace("\\#", "#").replace("#", r"\d+")
                                   + r"(?![\w'])") for phrase in phrases}
    return {phrase for phrase, pattern in patterns.items()
            for text in chrome if pattern.match(text)}


@pytest.fixture(scope="module")
def site() -> BuiltSite:
    return built_site()


def pages_of(site: BuiltSite, french: bool) -> dict[str, str]:
    found = {}
    for path in site.html_pages():
        relative = path.relative_to(site.path).as_posix()
        if relative.startswith(("api/", "pyodide/", "assets/")):
            continue
        if relative.startswith("fr/") == french:
            found[relative] = path.read_text(encoding="utf-8")
    return found


def test_the_theme_says_nothing_in_english_on_a_french_page(site: BuiltSite) -> None:
    phrases = english_chrome()
    pages = pages_of(site, french=True)
    assert "fr/404.html" in pages and "fr/versions/1730/index.html" in pages
    english = {address: sorted(found) for address, page in pages.items()
               if (found := english_in(chrome_of(page), phrases))}
    assert english == {}


def test_the_english_pages_show_the_phrases_looked_for(site: BuiltSite) -> None:
    """The check above reads the chrome where these phrases are: on the English
    pages it finds each of them (footnotes: on a page that has some)."""
    pages = pages_of(site, french=False)
    home, version = pages["index.html"], pages["versions/1730/index.html"]
    assert english_in(chrome_of(home), list(ON_EVERY_PAGE)) == set(ON_EVERY_PAGE)
    assert english_in(chrome_of(version), [*MORE_ENGLISH, "Previous", "Next",
                                           "Table of contents"]) == {
        *MORE_ENGLISH, "Previous", "Next", "Table of contents"}
    assert set(ON_EVERY_PAGE) <= set(english_chrome())


def test_the_french_chrome_is_the_theme_s_french(site: BuiltSite) -> None:
    """The French pages say the theme's French words where the English say its
    English ones (the palette switch's names are in mkdocs.yml)."""
    french = (site.path / "fr" / "versions" / "1730" / "index.html").read_text("utf-8")
    chrome = chrome_of(french)
    theme = theme_phrases("fr")
    for key in ("action.skip", "top", "search.placeholder", "footer.previous",
                "footer.next", "toc"):
        assert theme[key] in chrome, key
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for name in re.findall(r"^\s+name: (Passer au mode \w+)$", config, re.M):
        assert name in chrome
    assert any(text.startswith("Fait avec") for text in chrome)
