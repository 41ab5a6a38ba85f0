"""The built site: strict build, links and anchors, offline, search, API reference.

The site is built once per run (``site_helpers.built_site``), the way
``make site`` builds it: Sphinx with warnings as errors into ``docs/api/``,
then ``mkdocs build --strict``. A failing build fails every test here.
"""

from __future__ import annotations

import html
import json
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest
from site_helpers import ROOT, BuiltSite, built_site, load_tool

import ambigu_rules

check_links = load_tool("check_links")


@pytest.fixture(scope="module")
def site() -> BuiltSite:
    return built_site()


@pytest.fixture(scope="module")
def links(site: BuiltSite) -> Any:
    """The link checker's report on the built site (it reads every page: once)."""
    return check_links.check_site(site.path)


#: Aliases whose names the site's translation plugin would read as a language
#: (``ambigu_rules.rl.html``: "rl"), documented on the page of what they alias.
DOCUMENTED_ELSEWHERE = {"ambigu_rules.rl": "ambigu_rules.learning"}


def public_modules() -> list[str]:
    """Every module of the package, as the API reference must list it."""
    names = ["ambigu_rules"]
    for info in pkgutil.walk_packages(ambigu_rules.__path__, "ambigu_rules."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            names.append(info.name)
    return sorted(names)


def test_site_builds_strict(site: BuiltSite, capsys: pytest.CaptureFixture[str]) -> None:
    assert (site.path / "index.html").is_file()
    pages = len(site.html_pages())
    with capsys.disabled():
        if site.timings:
            steps = ", ".join(f"{name} {sec:.1f} s" for name, sec in site.timings.items())
            print(f"\n[site build: {pages} HTML pages; {steps}]")
        else:
            print(f"\n[site: {pages} HTML pages in {site.path} (built beforehand)]")


def test_no_broken_internal_link_or_anchor(links: Any) -> None:
    report = links
    assert report.pages > 0
    assert report.broken == [], "\n".join(report.broken)


def test_site_loads_nothing_from_the_network(site: BuiltSite, links: Any) -> None:
    report = links
    assert report.network == [], "\n".join(report.network)
    # Belt and braces: no font service or CDN host named anywhere in HTML or CSS.
    hosts = re.compile("|".join(re.escape(h) for h in check_links.CDN_HOSTS))
    found = []
    for path in [*site.path.rglob("*.html"), *site.path.rglob("*.css")]:
        for match in hosts.finditer(path.read_text(encoding="utf-8", errors="replace")):
            found.append(f"{path.relative_to(site.path)}: {match.group(0)}")
    assert found == []


@pytest.mark.parametrize("term", ["fredon", "vade", "Смесь"])
def test_search_index_finds_term(site: BuiltSite, term: str) -> None:
    index = json.loads((site.path / "search" / "search_index.json").read_text(encoding="utf-8"))
    hits = [
        doc["location"]
        for doc in index["docs"]
        if term.casefold() in f"{doc.get('title', '')} {doc.get('text', '')}".casefold()
    ]
    assert hits, f"{term!r} is in no page of the search index"


def test_search_index_covers_four_languages(site: BuiltSite) -> None:
    index = json.loads((site.path / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert set(index["config"]["lang"]) >= {"en", "fr", "de", "ru"}


def test_evidence_badges_are_shown(site: BuiltSite) -> None:
    pattern = re.compile(r'<span class="[^"]*\bevidence\b')
    pages = [p for p in site.html_pages() if pattern.search(p.read_text(encoding="utf-8"))]
    assert pages, "no page shows an evidence badge (span.evidence)"


def test_api_reference_is_in_the_site(site: BuiltSite) -> None:
    api = site.path / "api"
    assert (api / "index.html").is_file()
    missing = [m for m in public_modules() if not (api / f"{m}.html").is_file()
               and not (api / f"{DOCUMENTED_ELSEWHERE.get(m, m)}.html").is_file()]
    if "ambigu_rules" in missing:  # the package itself is described on the index page
        missing.remove("ambigu_rules")
    assert missing == [], f"modules without an API page: {missing}"
    assert (api / "searchindex.js").is_file()


def test_every_api_page_has_the_theme_stylesheet_and_a_description(site: BuiltSite) -> None:
    """An HTML option changed alone once made Sphinx rewrite every page without
    the theme's bundle (docs-api/conf.py says why): an unstyled reference."""
    pages = sorted((site.path / "api").glob("*.html"))
    assert len(pages) > 50
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert re.search(r'href="_static/sphinx_immaterial_theme\.[0-9a-f]+\.min\.css', text), page
        assert '<meta name="description" content="Ambigu rules, API reference' in text, page


def test_api_page_titles_wrap_after_the_dots_of_a_module_name(site: BuiltSite) -> None:
    """On a phone a module's name is wider than the screen; its title offers a
    break after each dot, so it never wraps inside a word (``engine.g`` / ``ame``)."""
    game = (site.path / "api" / "ambigu_rules.engine.game.html").read_text(encoding="utf-8")
    title = re.search(r"<h1\b.*?</h1>", game, re.S)
    assert title is not None
    assert "ambigu_rules.<wbr>engine.<wbr>game" in title.group(0)


def test_navigation_links_to_the_api_reference(site: BuiltSite) -> None:
    home = (site.path / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="(\./)?api/(index\.html)?"', home), (
        "the site's navigation has no link to api/ (mkdocs.yml nav: 'API reference: "
        "api/index.html')"
    )


def test_every_module_has_an_api_page() -> None:
    """docs-api/ lists every module, so a new module cannot go undocumented."""
    source = ROOT / "docs-api"
    index = (source / "index.rst").read_text(encoding="utf-8")
    for name in public_modules():
        if name in DOCUMENTED_ELSEWHERE:
            continue
        if name == "ambigu_rules":
            assert ".. automodule:: ambigu_rules\n" in index
            continue
        page = source / f"{name}.rst"
        assert page.is_file(), f"docs-api/{name}.rst is missing"
        assert f".. automodule:: {name}\n" in page.read_text(encoding="utf-8")
        parent = name.rsplit(".", 1)[0]
        entries = {line.strip() for line in index.splitlines()}
        listed = name in entries or (parent != "ambigu_rules" and f"{parent}.*" in entries)
        assert listed, f"docs-api/index.rst does not list {name}"


def test_link_checker_finds_what_is_broken(tmp_path: Path) -> None:
    """The checker itself: a missing page, a missing anchor, a CDN, a remote image."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h1 id="top">A</h1>', encoding="utf-8")
    (tmp_path / "style.css").write_text(
        "x { background: url(gone.png) } @import 'https://cdn.jsdelivr.net/x.css';",
        encoding="utf-8",
    )
    (tmp_path / "index.html").write_text(
        '<a href="a/#top">ok</a><a href="a/">ok</a><a href="#here" id="here">ok</a>'
        '<a href="b/">missing</a><a href="a/#nope">no anchor</a>'
        '<a href="https://en.wikipedia.org/wiki/Ambigu">fine</a>'
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">'
        '<img src="https://example.org/card.png"><a href="mailto:x@example.org">mail</a>',
        encoding="utf-8",
    )
    report = check_links.check_site(tmp_path)
    assert sorted(report.broken) == [
        "index.html: a/#nope: no anchor #nope in a/index.html",
        "index.html: b/: no such file (/b/)",
        "style.css: gone.png: no such file (/gone.png)",
    ]
    assert len(report.network) == 3
    assert check_links.main([str(tmp_path)]) == 1


def test_search_index_keeps_inherited_rules_out_and_tab_labels_apart(site: BuiltSite) -> None:
    index = json.loads((site.path / "search" / "search_index.json").read_text(encoding="utf-8"))
    by_location = {doc["location"]: doc for doc in index["docs"]}
    # 1702 takes every rule from 1730: only its own summary is indexed.
    assert [loc for loc in by_location if loc.startswith("versions/1702/#step-")] == []
    assert any(loc.startswith("versions/1730/#step-") for loc in by_location)
    # The content tabs' labels are separate words in the excerpts.
    assert "1730 1659 1702" in by_location["combinations/#tricon"]["text"]
    # Definitions rank above the worked examples.
    assert by_location["glossary/#term-tricon"]["boost"] > by_location[
        "examples/tricon-with-big-prime/"].get("boost", 1)


def test_pages_have_their_own_title_description_and_canonical_address(site: BuiltSite) -> None:
    page = (site.path / "versions" / "1702" / "index.html").read_text(encoding="utf-8")
    title = "1702 — Ambigu in La Maison académique des jeux (1702)"
    assert f"<title>{title} - Ambigu rules</title>" in page
    assert '<meta name="description" content="The 1702 book is known to us only through' in page
    assert '<link rel="canonical" href="https://' in page and '/versions/1702/">' in page
    descriptions = {
        re.search(r'<meta name="description" content="([^"]*)"', p.read_text("utf-8")).group(1)
        for p in (site.path / "versions").glob("*/index.html")}
    assert len(descriptions) == len(list((site.path / "versions").glob("*/index.html")))
    sitemap = (site.path / "sitemap.xml").read_text(encoding="utf-8")
    assert "/versions/foster/</loc>" in sitemap


def test_each_generated_page_offers_the_file_it_is_made_from(site: BuiltSite) -> None:
    for page, name in (("glossary", "site/glossary.yaml"),
                       ("open-questions", "site/open-questions.yaml"),
                       ("sources", "sources.yaml"), ("versions/foster", "foster.yaml")):
        text = (site.path / page / "index.html").read_text(encoding="utf-8")
        href = re.search(r'<a href="([^"]*rulesets/[^"]+\.yaml)" download>', text)
        assert href, page
        target = (site.path / page / html.unescape(href.group(1))).resolve()
        assert target == (site.path / "rulesets" / name).resolve() and target.is_file(), page
