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
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from browser_support import TIMEOUT_MS, chromium, require_browser, serve
from site_helpers import built_site

pytestmark = require_browser()


# --- fixtures --------------------------------------------------------------------


@pytest.fixture(scope="module")
def site_dir() -> Path:
    return built_site().path


@pytest.fixture(scope="module")
def base_url(site_dir: Path) -> Iterator[str]:
    """The site served on 127.0.0.1, on a port the system picks."""
    with serve(site_dir) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as browser:
        yield browser


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    """A fresh page (fresh storage) that refuses any request off 127.0.0.1."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    offsite: list[str] = []

    def route(route: Any) -> None:
        if route.request.url.startswith(base_url) or route.request.url.startswith("data:"):
            route.continue_()
        else:
            offsite.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert offsite == [], f"the site tried to load from the network: {offsite}"
    assert errors == [], f"JavaScript errors: {errors}"


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


def wait_until(page: Any, script: str, message: str, arg: Any = None) -> None:
    """Wait for a JavaScript condition; fail with ``message`` if it never holds."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(script, arg=arg)
    except PlaywrightTimeout:
        pytest.fail(f"{message} (waited {TIMEOUT_MS / 1000:.0f} s)", pytrace=False)


def checked_label(page: Any, label: str) -> list[bool]:
    """For each tab labelled ``label`` on the page: is its radio input checked?"""
    return page.eval_on_selector_all(
        ".tabbed-set > .tabbed-labels > label",
        """(labels, text) => labels
            .filter(l => l.innerText.trim().replace(/\\s+/g, ' ') === text)
            .map(l => document.getElementById(l.htmlFor).checked)""",
        label,
    )


# --- tests -----------------------------------------------------------------------


def test_search_fredon_lists_the_combinations_page(page: Any) -> None:
    page.goto("/")
    query = page.locator('input[data-md-component="search-query"]')
    query.click()
    query.press_sequentially("fredon", delay=20)
    # Results come from Material's search worker (lunr, over search_index.json);
    # their links carry ?h=fredon for highlighting.
    wait_until(
        page,
        """() => [...document.querySelectorAll('.md-search-result__item a.md-search-result__link')]
                 .some(a => new URL(a.href).pathname.endsWith('/combinations/'))""",
        "searching 'fredon' does not list /combinations/",
    )
    results = page.locator(".md-search-result__item a.md-search-result__link")
    paths = results.evaluate_all("links => links.map(a => new URL(a.href).pathname)")
    assert "/combinations/" in paths, paths
    assert query.input_value() == "fredon"


def test_compare_matrix_highlights_and_filters_differences(page: Any) -> None:
    page.goto("/compare/")
    matrix = page.locator("table.compare-matrix")
    assert matrix.count() >= 1
    # Rule-point rows have data cells; group headings (th only) always stay.
    rows = matrix.first.locator("tbody tr:has(td)")
    differing = matrix.first.locator("tbody tr.differs")
    same = matrix.first.locator("tbody tr:not(.differs):has(td)")
    assert differing.count() >= 1, "no row of the matrix is marked as differing"
    assert same.count() >= 1, "every row differs: the filter cannot be checked"
    total = rows.count()
    # A differing row looks different from a row where all versions agree.
    background = differing.first.evaluate(
        "row => [...row.cells].map(c => getComputedStyle(c).backgroundColor).join()"
    )
    plain = same.first.evaluate(
        "row => [...row.cells].map(c => getComputedStyle(c).backgroundColor).join()"
    )
    assert background != plain, "differing rows are not highlighted"
    # Within a differing row, the cells that differ stand out from the others.
    odd = matrix.first.locator("tbody tr.differs td.differs").first
    usual = odd.locator("xpath=..").locator("td:not(.differs)").first
    assert odd.evaluate("c => getComputedStyle(c).backgroundColor") != usual.evaluate(
        "c => getComputedStyle(c).backgroundColor"), "the differing cells are not highlighted"

    toggle = page.locator("#only-differences")
    toggle.check()
    assert toggle.is_checked()
    wait_until(
        page,
        """() => [...document.querySelectorAll(
                    'table.compare-matrix tbody tr:not(.differs):has(td)')]
                 .every(r => r.offsetParent === null)""",
        "checking #only-differences does not hide the rows without .differs",
    )
    assert all(not same.nth(i).is_visible() for i in range(same.count()))
    assert all(differing.nth(i).is_visible() for i in range(differing.count()))

    toggle.uncheck()
    wait_until(
        page,
        """() => [...document.querySelectorAll('table.compare-matrix tbody tr:has(td)')]
                 .every(r => r.offsetParent !== null)""",
        "unchecking #only-differences does not show every row again",
    )
    assert sum(rows.nth(i).is_visible() for i in range(total)) == total


def test_compare_filter_is_kept_in_the_address(page: Any) -> None:
    page.goto("/compare/")
    page.locator("#only-differences").check()
    assert "only=differences" in page.url
    page.reload()
    assert page.locator("#only-differences").is_checked()
    same = page.locator("table.compare-matrix tbody tr:not(.differs):has(td)")
    assert same.count() >= 1 and not same.first.is_visible()
    page.locator("#only-differences").uncheck()
    assert "only=" not in page.url


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
