"""The built site in a real browser: search, the compare matrix, linked version tabs.

Playwright (requirements/browser.txt) drives Debian's Chromium
(``/usr/bin/chromium``, or ``$AMBIGU_CHROMIUM``), headless, against the site
served by ``http.server`` on 127.0.0.1 on a free port. Playwright's own
browser download is never used.

Skipped, with the reason, when Playwright or Chromium is missing; with
``AMBIGU_REQUIRE_BROWSER=1`` (``make check-site``, CI) a missing browser is a
failure instead. To run it here::

    apt-get install chromium && make check-site
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from browser_fixtures import base_url, browser, page, phone, site_dir  # noqa: F401 (fixtures)
from browser_support import require_browser, wait_until

pytestmark = require_browser()


# --- helpers ---------------------------------------------------------------------


class _Tabs(HTMLParser):
    """The labels of each Material tab set of a page, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.sets: list[list[str]] = []
        self._depth = 0  # inside div.tabbed-labels
        self._label: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "div" and "tabbed-labels" in classes:
            self.sets.append([])
            self._depth = 1
        elif self._depth and tag == "div":
            self._depth += 1
        elif self._depth and tag == "label":
            self._label = []

    def handle_endtag(self, tag: str) -> None:
        if self._depth and tag == "label" and self._label is not None:
            self.sets[-1].append(" ".join("".join(self._label).split()))
            self._label = None
        elif self._depth and tag == "div":
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._label is not None:
            self._label.append(data)


def tab_sets(path: Path) -> list[list[str]]:
    parser = _Tabs()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.sets


def url_of(site: Path, path: Path) -> str:
    rel = path.relative_to(site).as_posix()
    return "/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)


def linked_tab_pair(site: Path) -> tuple[str, str, str]:
    """(label, page to click it on, other page to check it on).

    The other page has a tab set where ``label`` is not the first tab, so that
    finding it selected there proves the choice was carried over. The first
    page is /combinations/ when it can be, and "Foster" is preferred.
    """
    pages = {
        url_of(site, p): tab_sets(p)
        for p in sorted(site.rglob("*.html"))
        if p.relative_to(site).parts[0] != "api"
    }
    pages = {url: sets for url, sets in pages.items() if sets}
    labels_on = {url: {label for s in sets for label in s} for url, sets in pages.items()}

    def later(url: str, label: str) -> bool:  # a tab set where label is not the first tab
        return any(label in s[1:] and s[0] != label for s in pages.get(url, []))

    firsts = ["/combinations/", *sorted(pages)]
    for label in ["Foster", *sorted({lb for ls in labels_on.values() for lb in ls})]:
        for first in firsts:
            if not later(first, label):
                continue
            for other in sorted(pages):
                if other != first and later(other, label):
                    return label, first, other
    pytest.fail("no two pages share a version tab label (pymdownx.tabbed, content.tabs.link)")


def checked_label(page: Any, label: str) -> list[bool]:
    """For each tab labelled ``label`` on the page: is its radio input checked?"""
    return page.eval_on_selector_all(
        ".tabbed-set > .tabbed-labels > label",
        """(labels, text) => labels
            .filter(l => l.innerText.trim().replace(/\\s+/g, ' ') === text)
            .map(l => document.getElementById(l.htmlFor).checked)""",
        label,
    )


def search_for(page: Any, term: str, edition: str = "") -> Any:
    """Type ``term`` into the site's search box on the home page of an edition
    (``""``, English, or ``"fr/"``); return the box."""
    page.goto(f"/{edition}")
    query = page.locator('input[data-md-component="search-query"]')
    query.click()
    query.press_sequentially(term, delay=20)
    return query


# --- tests -----------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["", "fr/"])
def test_search_fredon_lists_the_combinations_page(page: Any, edition: str) -> None:
    query = search_for(page, "fredon", edition)
    # Results come from Material's search worker (lunr, over the edition's own
    # search_index.json); their links carry ?h=fredon for highlighting.
    wait_until(
        page,
        """() => [...document.querySelectorAll('.md-search-result__item a.md-search-result__link')]
                 .some(a => new URL(a.href).pathname.endsWith('/combinations/'))""",
        "searching 'fredon' does not list /combinations/",
    )
    results = page.locator(".md-search-result__item a.md-search-result__link")
    paths = results.evaluate_all("links => links.map(a => new URL(a.href).pathname)")
    assert f"/{edition}combinations/" in paths, paths
    # Each edition's search lists its own pages only.
    assert all(path.startswith("/fr/") == (edition == "fr/") for path in paths), paths
    assert query.input_value() == "fredon"


def fetched_the_index(asked: list[str]) -> bool:
    return any(url.split("?")[0].endswith("/search/search_index.json") for url in asked)


def test_the_search_index_is_fetched_when_the_reader_goes_for_the_search(
        page: Any, phone: Any) -> None:
    # overrides/main.html holds the theme's request for the index (some 120 kB)
    # until the search is opened, instead of making it as every page loads.
    for reader, opens in ((page, 'input[data-md-component="search-query"]'),
                          (phone, 'label.md-header__button[for="__search"]')):
        asked: list[str] = []
        reader.on("request", lambda request, asked=asked: asked.append(request.url))
        reader.goto("/combinations/", wait_until="networkidle")
        assert not fetched_the_index(asked)
        with reader.expect_request(lambda request: fetched_the_index([request.url])):
            reader.click(opens)


def test_a_page_reached_from_a_search_result_fetches_the_index_at_once(page: Any) -> None:
    # Its terms (?h=) are highlighted with the index's word separator.
    with page.expect_request(lambda request: fetched_the_index([request.url])):
        page.goto("/combinations/?h=fredon")


def test_version_tab_choice_carries_to_another_page(page: Any, site_dir: Path) -> None:
    label, first, other = linked_tab_pair(site_dir)
    # Before any choice, the other page does not show that tab.
    page.goto(other)
    assert not all(checked_label(page, label)), f"{label!r} is already selected on {other}"

    page.goto(first)
    exact = re.compile(rf"^\s*{re.escape(label)}\s*$")
    tabs = page.locator(".tabbed-set > .tabbed-labels > label").filter(has_text=exact)
    # Click one that is not selected yet: only a change of tab is remembered.
    for i in range(tabs.count()):
        if not tabs.nth(i).evaluate("l => document.getElementById(l.htmlFor).checked"):
            tabs.nth(i).click()
            break
    assert any(checked_label(page, label)), f"clicking {label!r} on {first} selected nothing"

    page.goto(other)
    wait_until(
        page,
        """text => [...document.querySelectorAll('.tabbed-set > .tabbed-labels > label')]
            .filter(l => l.innerText.trim().replace(/\\s+/g, ' ') === text)
            .some(l => document.getElementById(l.htmlFor).checked)""",
        f"the {label!r} tab chosen on {first} is not selected on {other} (content.tabs.link)",
        arg=label,
    )
    states = checked_label(page, label)
    assert states and all(states), f"{label!r} chosen on {first} is not selected on {other}"


def test_search_tricon_lists_the_definition_before_examples_and_versions(page: Any) -> None:
    search_for(page, "tricon")
    wait_until(
        page,
        """() => [...document.querySelectorAll('.md-search-result__item a.md-search-result__link')]
                 .some(a => new URL(a.href).hash === '#term-tricon')""",
        "searching 'tricon' does not list the glossary's definition",
    )
    links = page.locator(".md-search-result__item a.md-search-result__link").evaluate_all(
        "links => links.map(a => new URL(a.href).pathname + new URL(a.href).hash)")
    # The definition comes first: the glossary (its page heads the group) and,
    # as its first entry, the tricon; tricon with prime, examples and version
    # pages after it.
    entries = [link for link in links if "#" in link]
    assert links[0] == "/glossary/" and entries[0] == "/glossary/#term-tricon", links


def test_search_results_carry_descriptive_titles(page: Any) -> None:
    search_for(page, "batterie")
    wait_until(
        page,
        """() => [...document.querySelectorAll('.md-search-result__item h1')]
                 .some(h => h.textContent.startsWith('1730 — Ambigu after'))""",
        "the 1730 page is not listed under its descriptive title",
    )
