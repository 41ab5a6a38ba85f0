"""The two editions of the built site: English at the root, French under ``fr/``.

Promises of issue 25 checked here on the site as ``make site`` builds it: every
English page but the API reference has a French form; the language switch of
every page leads to its counterpart and back; each page's head names both
editions with ``hreflang`` (absolute addresses, and ``x-default``); the
sitemap lists both; the API reference is there once; each edition has its own
search index, the French one with French stemming first and accents folded;
the hooks speak the page's language.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

import pytest
from french_text import english_words
from site_helpers import ROOT, BuiltSite, built_site, load_tool

editions = load_tool("mkdocs_editions")
site_language = load_tool("site_language")

SWITCH = re.compile(r'<a href="([^"]*)" hreflang="([a-z]{2})" class="md-select__link">')
HREFLANG = re.compile(r'<link rel="alternate" href="([^"]*)" hreflang="([a-z-]+)">')
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)">')
HTML_LANG = re.compile(r'<html lang="([a-z]+)"')
#: Folders of the site that are not MkDocs pages of an edition.
NOT_PAGES = ("api/", "pyodide/", "assets/", "fr/assets/", "rulesets/", "schemas/", "search/")


@pytest.fixture(scope="module")
def site() -> BuiltSite:
    return built_site()


@pytest.fixture(scope="module")
def pages(site: BuiltSite) -> dict[str, str]:
    """Every page of both editions, by its address in the site (``fr/history/``)."""
    found = {}
    for path in site.html_pages():
        relative = path.relative_to(site.path).as_posix()
        if relative.startswith(NOT_PAGES) or relative in ("404.html", "fr/404.html"):
            continue
        address = relative.removesuffix("index.html")
        found[address] = path.read_text(encoding="utf-8")
    return found


def english(pages: dict[str, str]) -> list[str]:
    return sorted(address for address in pages if not address.startswith("fr/"))


def follow(address: str, href: str) -> str:
    """Where a relative link on the page at ``address`` leads, as a site address."""
    joined = posixpath.normpath(posixpath.join(address or ".", href))
    return "" if joined == "." else f"{joined}/"


def test_every_english_page_has_a_french_form(pages: dict[str, str]) -> None:
    missing = [address for address in english(pages) if f"fr/{address}" not in pages]
    assert missing == []
    assert len(pages) == 2 * len(english(pages))


def test_the_switch_leads_to_the_counterpart_and_back_from_every_page(
        pages: dict[str, str]) -> None:
    wrong = []
    for address, text in pages.items():
        links = dict((language, href) for href, language in SWITCH.findall(text))
        own = "fr" if address.startswith("fr/") else "en"
        other = "en" if own == "fr" else "fr"
        counterpart = address.removeprefix("fr/") if own == "fr" else f"fr/{address}"
        if follow(address, links.get(own, "?")) != address:
            wrong.append(f"{address}: the {own} entry leads to {links.get(own)}")
        target = follow(address, links.get(other, "?"))
        if target != counterpart:
            wrong.append(f"{address}: the {other} entry leads to {target}, not {counterpart}")
            continue
        back = dict((lang, href) for href, lang in SWITCH.findall(pages[target]))
        if follow(target, back.get(own, "?")) != address:
            wrong.append(f"{target}: does not lead back to {address}")
    assert wrong == []


def test_each_page_names_both_editions_with_hreflang(pages: dict[str, str]) -> None:
    site_url = "https://ambigu-rules.github.io/"
    wrong = []
    for address, text in pages.items():
        links = {language: href for href, language in HREFLANG.findall(text)}
        plain = address.removeprefix("fr/")
        expected = {"en": site_url + plain, "fr": f"{site_url}fr/{plain}",
                    "x-default": site_url + plain}
        if links != expected:
            wrong.append(f"{address}: {links}")
        canonical = CANONICAL.search(text)
        language = "fr" if address.startswith("fr/") else "en"
        if canonical is None or canonical.group(1) != expected[language]:
            wrong.append(f"{address}: canonical {canonical and canonical.group(1)}")
        if HTML_LANG.search(text).group(1) != language:  # type: ignore[union-attr]
            wrong.append(f"{address}: <html lang> is not {language}")
    assert wrong == []


def test_the_sitemap_lists_both_editions(site: BuiltSite, pages: dict[str, str]) -> None:
    sitemap = (site.path / "sitemap.xml").read_text(encoding="utf-8")
    listed = set(re.findall(r"<loc>https://ambigu-rules\.github\.io/([^<]*)</loc>", sitemap))
    assert listed == set(pages)
    assert sitemap.count('hreflang="fr"') == len(pages)


def test_the_api_reference_is_built_once_and_linked_from_both_editions(
        site: BuiltSite, pages: dict[str, str]) -> None:
    assert (site.path / "api" / "index.html").is_file()
    assert not (site.path / "fr" / "api").exists()
    assert not (site.path / "fr" / "assets").exists()
    for address in ("", "fr/", "fr/versions/1730/"):
        hrefs = re.findall(r'<a href="([^"]*api/[^"]*)" class="md-nav__link"', pages[address])
        assert hrefs and all(follow(address, h).startswith("api/") for h in hrefs), address


def test_french_pages_have_french_navigation_and_site_name(pages: dict[str, str]) -> None:
    home = pages["fr/"]
    for label in ("Accueil", "Comparer", "Jouer", "Glossaire", "Histoire"):
        assert f"{label}\n" in home or f">{label}<" in home, label
    assert "Règles de l&#39;Ambigu" in home or "Règles de l'Ambigu" in home
    assert ">Home<" not in home


def index_of(site: BuiltSite, folder: str) -> dict[str, object]:
    return json.loads((site.path / folder / "search" / "search_index.json").read_text("utf-8"))


def test_each_edition_has_its_own_search_index(site: BuiltSite) -> None:
    english_index, french_index = index_of(site, "."), index_of(site, "fr")
    assert french_index["config"]["lang"][0] == "fr"  # type: ignore[index]
    english_docs = english_index["docs"]
    french_docs = french_index["docs"]
    assert not any(d["location"].startswith("fr/") for d in english_docs)  # type: ignore[attr-defined]
    assert not any(d["location"].startswith("fr/") for d in french_docs)  # type: ignore[attr-defined]
    assert {d["location"] for d in french_docs} >= {"", "history/"}  # type: ignore[attr-defined]


@pytest.mark.parametrize("term", ["fredon", "Mesle", "Meslé"])
def test_french_search_finds(site: BuiltSite, term: str) -> None:
    docs = index_of(site, "fr")["docs"]
    hits = [d for d in docs if term.casefold() in f"{d['title']} {d['text']}".casefold()]  # type: ignore[index,union-attr]
    assert hits, f"{term!r} is in no entry of the French index"


def test_french_search_finds_brelan_the_other_name_of_the_tricon(site: BuiltSite) -> None:
    if not (ROOT / "docs" / "glossary.fr.md").is_file():
        pytest.skip("the French glossary (docs/glossary.fr.md, generated) is not written yet")
    docs = index_of(site, "fr")["docs"]
    hits = [d["location"] for d in docs if "brelan" in d["text"].casefold()]  # type: ignore[index]
    assert any(location.startswith("glossary/") for location in hits), hits


def test_french_pages_say_when_they_changed_in_french(pages: dict[str, str]) -> None:
    """In French words where git knows the date, as the English page in English."""
    text = pages["fr/history/"]
    assert "Signalez-la sur le suivi des tickets" in text
    assert "Last changed on" not in text
    dated = re.search(r'Dernière modification le <time datetime="(\d{4})-(\d{2})-(\d{2})">'
                      r"([^<]*)</time>", text)
    if "Last changed on" not in pages["history/"]:
        # An sdist without git history: neither edition gives a date.
        assert dated is None and "Dernière modification" not in text
        return
    assert dated is not None, "no date in French words on fr/history/"
    year, month, day, shown = dated.groups()
    months = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
              "septembre", "octobre", "novembre", "décembre"]
    first = "1er" if day == "01" else str(int(day))
    assert shown == f"{first} {months[int(month) - 1]} {year}"


def test_the_abbreviations_of_a_page_are_those_of_its_edition(tmp_path: Path) -> None:
    assert editions.abbreviations_for(tmp_path, "fr") == "includes/abbreviations.md"
    (tmp_path / "includes").mkdir()
    (tmp_path / "includes" / "abbreviations.fr.md").write_text("*[x]: y\n", encoding="utf-8")
    assert editions.abbreviations_for(tmp_path, "fr") == "includes/abbreviations.fr.md"
    assert editions.abbreviations_for(tmp_path, "en") == "includes/abbreviations.md"


def test_french_pages_show_the_french_glossary_words_when_written(
        pages: dict[str, str]) -> None:
    twin = ROOT / "docs" / "includes" / "abbreviations.fr.md"
    source = twin if twin.is_file() else ROOT / "docs" / "includes" / "abbreviations.md"
    first = re.search(r"^\*\[([^\]]+)\]: (.+)$", source.read_text("utf-8"), re.M)
    assert first is not None
    term = first.group(1)
    shown = re.findall(rf'<abbr title="([^"]*)">{re.escape(term)}</abbr>',
                       "".join(t for a, t in pages.items() if a.startswith("fr/")))
    assert shown, f"no French page shows the abbreviation {term!r}"


def test_paths_in_data_attributes_lead_to_files_of_the_site(
        site: BuiltSite, pages: dict[str, str]) -> None:
    """The scripts fetch from paths written in data- attributes (the Play page's
    data-assets, the evaluator's data-tables), which the link checker does not
    read: on every page of both editions they must name a folder of the site."""
    wrong = []
    for address, text in pages.items():
        for name, value in re.findall(r'\s(data-[a-z-]+)="(\.\.?/[^"]*)"', text):
            target = site.path / follow(address, value)
            if not target.exists():
                wrong.append(f"{address}: {name}={value}")
    assert wrong == []


def test_each_edition_has_its_404_page_in_its_language(site: BuiltSite) -> None:
    """A missing address is answered in the edition's language: /fr/404.html for a
    host that serves the nearest 404 page, /404.html for every other."""
    english = (site.path / "404.html").read_text(encoding="utf-8")
    french = (site.path / "fr" / "404.html").read_text(encoding="utf-8")
    assert HTML_LANG.search(english).group(1) == "en"  # type: ignore[union-attr]
    assert HTML_LANG.search(french).group(1) == "fr"  # type: ignore[union-attr]
    assert "<h1>404 - Not found</h1>" in english
    content = french.split("<h1>", 1)[1].split("</article>", 1)[0]
    assert content.startswith("Page introuvable</h1>")
    assert 'href="https://ambigu-rules.github.io/fr/"' in content
    assert english_words(content) == []
