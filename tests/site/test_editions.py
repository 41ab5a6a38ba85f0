"""The editions of the built site: English at the root, French under ``fr/``, Russian
under ``ru/`` (every edition mkdocs.yml configures, :data:`OTHERS`).

Promises of issues 25 and 43 checked here on the site as ``make site`` builds it:
every English page but the API reference has a form in each edition; the language
switch of every page leads to each counterpart and back; each page's head names every
edition with ``hreflang`` (absolute addresses, and ``x-default``); the sitemap lists
them all; the API reference is there once; each edition has its own search index, with
its language's stemming first and accents folded; the hooks speak the page's language.
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
#: The editions besides English, as mkdocs.yml configures them (``fr``, ``ru``).
OTHERS = tuple(site_language.EDITIONS[1:])
#: Folders of the site that are not MkDocs pages of an edition.
NOT_PAGES = ("api/", "pyodide/", "assets/", *(f"{code}/assets/" for code in OTHERS),
             "rulesets/", "schemas/", "search/")


def edition_of(address: str) -> str:
    """The edition of a page by its address: ``fr/history/`` is French."""
    head = address.split("/", 1)[0]
    return head if head in OTHERS else "en"


def plain(address: str) -> str:
    """A page's address in the English edition: ``ru/history/`` → ``history/``."""
    code = edition_of(address)
    return address if code == "en" else address.removeprefix(f"{code}/")


def in_edition(address: str, code: str) -> str:
    """A page's address in edition ``code``."""
    return plain(address) if code == "en" else f"{code}/{plain(address)}"


@pytest.fixture(scope="module")
def site() -> BuiltSite:
    return built_site()


@pytest.fixture(scope="module")
def pages(site: BuiltSite) -> dict[str, str]:
    """Every page of both editions, by its address in the site (``fr/history/``)."""
    found = {}
    for path in site.html_pages():
        relative = path.relative_to(site.path).as_posix()
        if relative.startswith(NOT_PAGES) or relative.endswith("404.html"):
            continue
        address = relative.removesuffix("index.html")
        found[address] = path.read_text(encoding="utf-8")
    return found


def english(pages: dict[str, str]) -> list[str]:
    return sorted(address for address in pages if edition_of(address) == "en")


def follow(address: str, href: str) -> str:
    """Where a relative link on the page at ``address`` leads, as a site address."""
    joined = posixpath.normpath(posixpath.join(address or ".", href))
    return "" if joined == "." else f"{joined}/"


def test_there_are_three_editions_at_least() -> None:
    assert site_language.EDITIONS[0] == "en" and {"fr", "ru"} <= set(OTHERS)


@pytest.mark.parametrize("code", OTHERS)
def test_every_english_page_has_a_form_in_each_edition(pages: dict[str, str],
                                                         code: str) -> None:
    missing = [address for address in english(pages) if f"{code}/{address}" not in pages]
    assert missing == []
    assert len(pages) == (1 + len(OTHERS)) * len(english(pages))


def test_the_switch_leads_to_each_counterpart_and_back_from_every_page(
        pages: dict[str, str]) -> None:
    wrong = []
    for address, text in pages.items():
        links = dict((language, href) for href, language in SWITCH.findall(text))
        own = edition_of(address)
        if follow(address, links.get(own, "?")) != address:
            wrong.append(f"{address}: the {own} entry leads to {links.get(own)}")
        for other in ("en", *OTHERS):
            if other == own:
                continue
            counterpart = in_edition(address, other)
            target = follow(address, links.get(other, "?"))
            if target != counterpart:
                wrong.append(f"{address}: the {other} entry leads to {target}, not "
                             f"{counterpart}")
                continue
            back = dict((lang, href) for href, lang in SWITCH.findall(pages[target]))
            if follow(target, back.get(own, "?")) != address:
                wrong.append(f"{target}: does not lead back to {address}")
    assert wrong == []


def test_each_page_names_every_edition_with_hreflang(pages: dict[str, str]) -> None:
    site_url = "https://ambigu-rules.github.io/"
    wrong = []
    for address, text in pages.items():
        links = {language: href for href, language in HREFLANG.findall(text)}
        expected = {code: site_url + in_edition(address, code) for code in ("en", *OTHERS)}
        expected["x-default"] = site_url + plain(address)
        if links != expected:
            wrong.append(f"{address}: {links}")
        canonical = CANONICAL.search(text)
        language = edition_of(address)
        if canonical is None or canonical.group(1) != expected[language]:
            wrong.append(f"{address}: canonical {canonical and canonical.group(1)}")
        if HTML_LANG.search(text).group(1) != language:  # type: ignore[union-attr]
            wrong.append(f"{address}: <html lang> is not {language}")
    assert wrong == []


def test_the_sitemap_lists_every_edition(site: BuiltSite, pages: dict[str, str]) -> None:
    sitemap = (site.path / "sitemap.xml").read_text(encoding="utf-8")
    listed = set(re.findall(r"<loc>https://ambigu-rules\.github\.io/([^<]*)</loc>", sitemap))
    assert listed == set(pages)
    for code in OTHERS:
        assert sitemap.count(f'hreflang="{code}"') == len(pages)


def test_the_api_reference_is_built_once_and_linked_from_every_edition(
        site: BuiltSite, pages: dict[str, str]) -> None:
    assert (site.path / "api" / "index.html").is_file()
    for code in OTHERS:
        assert not (site.path / code / "api").exists()
        assert not (site.path / code / "assets").exists()
    for address in ("", *(f"{code}/" for code in OTHERS),
                    *(f"{code}/versions/1730/" for code in OTHERS)):
        hrefs = re.findall(r'<a href="([^"]*api/[^"]*)" class="md-nav__link"', pages[address])
        assert hrefs and all(follow(address, h).startswith("api/") for h in hrefs), address


def test_french_pages_have_french_navigation_and_site_name(pages: dict[str, str]) -> None:
    home = pages["fr/"]
    for label in ("Accueil", "Comparer", "Jouer", "Glossaire", "Histoire"):
        assert f"{label}\n" in home or f">{label}<" in home, label
    assert "Règles de l&#39;Ambigu" in home or "Règles de l'Ambigu" in home
    assert ">Home<" not in home


def test_russian_pages_have_russian_navigation_and_site_name(pages: dict[str, str]) -> None:
    home = pages["ru/"]
    for label in ("Главная", "Сравнение", "Играть", "Глоссарий", "История"):
        assert f"{label}\n" in home or f">{label}<" in home, label
    assert "Правила амбигю" in home
    assert ">Home<" not in home and ">Accueil<" not in home


def index_of(site: BuiltSite, folder: str) -> dict[str, object]:
    return json.loads((site.path / folder / "search" / "search_index.json").read_text("utf-8"))


@pytest.mark.parametrize("code", OTHERS)
def test_each_edition_has_its_own_search_index(site: BuiltSite, code: str) -> None:
    english_index, own_index = index_of(site, "."), index_of(site, code)
    assert own_index["config"]["lang"][0] == code  # type: ignore[index]
    english_docs = english_index["docs"]
    own_docs = own_index["docs"]
    for other in OTHERS:
        assert not any(d["location"].startswith(f"{other}/") for d in english_docs)  # type: ignore[attr-defined]
        assert not any(d["location"].startswith(f"{other}/") for d in own_docs)  # type: ignore[attr-defined]
    assert {d["location"] for d in own_docs} >= {"", "history/"}  # type: ignore[attr-defined]


@pytest.mark.parametrize("term", ["фредон", "пулька", "прикупка", "Смесь"])
def test_russian_search_finds_the_games_russian_words(site: BuiltSite, term: str) -> None:
    docs = index_of(site, "ru")["docs"]
    hits = [d for d in docs if term.casefold() in f"{d['title']} {d['text']}".casefold()]  # type: ignore[index,union-attr]
    assert hits, f"{term!r} is in no entry of the Russian index"


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


def test_russian_pages_say_when_they_changed_in_russian(pages: dict[str, str]) -> None:
    text = pages["ru/history/"]
    assert "Last changed on" not in text and "Dernière modification" not in text
    if "Last changed on" not in pages["history/"]:
        return  # an sdist without git history: no edition gives a date
    dated = re.search(r'<time datetime="(\d{4})-(\d{2})-(\d{2})">([^<]*)</time>', text)
    assert dated is not None, "no date on ru/history/"
    year, month, day, shown = dated.groups()
    months = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
              "сентября", "октября", "ноября", "декабря"]
    assert shown == f"{int(day)} {months[int(month) - 1]} {year} г."


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
    russian = (site.path / "ru" / "404.html").read_text(encoding="utf-8")
    assert HTML_LANG.search(russian).group(1) == "ru"  # type: ignore[union-attr]
    assert 'href="https://ambigu-rules.github.io/ru/"' in russian
    assert "Not found" not in russian.split("<h1>", 1)[1].split("</article>", 1)[0]
