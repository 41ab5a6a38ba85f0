"""No text from a rule file runs script in the site, in a real browser.

The built-in rule files are copied with every free-text field replaced by
hostile text (``site_helpers.plant_payloads``: raw HTML with ``onerror``,
Markdown links that would break out of an attribute, quotes, ``javascript:``
links, attribute lists, snippet lines, entities), the site is built from
the copy (``tools/build_site.py --rulesets``), served on 127.0.0.1, and
every page is opened in Chromium. No dialog may open, ``window.__pwned``
must stay unset, no element the payloads would create may exist, no element
may carry an inline event handler or a ``javascript:`` URL, and the hostile
text must be on the page as text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import TIMEOUT_MS, chromium, require_browser, serve, showing_all
from site_helpers import EXTRA_VERSION, HostileSite, hostile_site, payload

pytestmark = require_browser()

# What a page must not hold, and its text outside scripts and styles.
INSPECT = """() => {
    const bad = [];
    if (window.__pwned !== undefined) bad.push('window.__pwned = ' + window.__pwned);
    for (const el of document.querySelectorAll('*')) {
        if (/^pwned/i.test(el.id) || el.classList.contains('pwned')) {
            bad.push('planted element: ' + el.outerHTML.slice(0, 160));
        }
        for (const attr of el.attributes) {
            if (/^on/i.test(attr.name)) {
                bad.push(`inline handler: <${el.localName} ${attr.name}="${attr.value}">`);
            } else if (/^(href|src|action|formaction|xlink:href|data)$/i.test(attr.name)
                       && /^[\\s\\u0000-\\u001f]*(javascript|vbscript|data):/i.test(attr.value)) {
                bad.push(`script URL: <${el.localName} ${attr.name}="${attr.value.slice(0, 80)}">`);
            }
        }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
        acceptNode: node => node.parentElement.closest('script, style, template, noscript')
            ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    const parts = [];
    while (walker.nextNode()) parts.push(walker.currentNode.data);
    return {bad, text: parts.join('')};
}"""


@pytest.fixture(scope="module")
def site() -> HostileSite:
    return hostile_site()


@pytest.fixture(scope="module")
def base_url(site: HostileSite) -> Iterator[str]:
    with serve(site.path) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as browser:
        yield browser


class Watch:
    """A browser context whose dialogs, page errors and off-site requests are recorded."""

    def __init__(self, browser: Any, base_url: str) -> None:
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.offsite: list[str] = []
        self.context = browser.new_context(base_url=base_url,
                                           viewport={"width": 1280, "height": 900})
        self.context.set_default_timeout(TIMEOUT_MS)

        def route(route: Any) -> None:
            if route.request.url.startswith(base_url):
                route.continue_()
            else:
                self.offsite.append(route.request.url)
                route.abort()

        self.context.route("**/*", route)
        self.page = showing_all(self.context.new_page())
        self.page.on("dialog", self._dialog)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _dialog(self, dialog: Any) -> None:
        """Record a dialog (an alert the planted text opened) and close it."""
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def inspect(self) -> tuple[list[str], str]:
        """What is wrong with the page now, and its text (white space collapsed)."""
        found = self.page.evaluate(INSPECT)
        bad = list(found["bad"]) + [f"dialog {d}" for d in self.dialogs]
        bad += [f"request off 127.0.0.1: {url}" for url in self.offsite]
        self.dialogs.clear()
        self.offsite.clear()
        return bad, " ".join(found["text"].split())


@pytest.fixture(scope="module")
def watch(browser: Any, base_url: str) -> Iterator[Watch]:
    watch = Watch(browser, base_url)
    try:
        yield watch
    finally:
        watch.context.close()


def page_urls(site: Path) -> list[str]:
    """Every page of the site but the API reference (which no rule file reaches)."""
    urls = []
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site)
        if relative.parts[0] == "api":
            continue
        rel = relative.as_posix()
        urls.append("/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel))
    return urls


def shown(text: str, n: int) -> bool:
    """Whether payload ``n`` is in ``text`` word for word, as text."""
    return " ".join(payload(n).split()) in text


def test_no_planted_text_runs_script_on_any_page(site: HostileSite, watch: Watch) -> None:
    problems: dict[str, list[str]] = {}
    seen: set[int] = set()
    urls = page_urls(site.path)
    assert len(urls) >= 20, urls
    for url in urls:
        watch.page.goto(url, wait_until="load")
        watch.page.wait_for_timeout(30)  # let load and error events of the page run
        bad, text = watch.inspect()
        markers = {int(n) for n in re.findall(r"ZQ(\d+)Z", text)}
        seen |= markers
        if markers and not any(shown(text, n) for n in markers):
            bad.append("planted text is on the page, but not one payload word for word")
        if bad:
            problems[url] = sorted(set(bad))
    assert not watch.errors, f"JavaScript errors: {watch.errors[:5]}"
    report = "\n".join(
        f"{url}: {len(found)} problem(s)\n    " + "\n    ".join(found[:4])
        for url, found in problems.items()
    )
    assert not problems, (
        f"hostile rule-file text ran or left markup on {len(problems)} page(s):\n{report}"
    )
    assert seen, "no planted text reached any page: the test proves nothing"


@pytest.mark.parametrize("url", ["/", "/versions/foster/", "/compare/", "/combinations/",
                                 "/glossary/", "/open-questions/", "/sources/"])
def test_each_kind_of_page_shows_planted_text_as_text(watch: Watch, url: str) -> None:
    watch.page.goto(url, wait_until="load")
    _, text = watch.inspect()
    markers = {int(n) for n in re.findall(r"ZQ(\d+)Z", text)}
    assert any(shown(text, n) for n in markers), (
        f"{url}: no planted payload shows word for word (markers seen: {sorted(markers)[:10]})"
    )


def hover_all(page: Any, selector: str, limit: int, *, cut_short: bool = False) -> int:
    """Rest the pointer on up to ``limit`` visible elements; return how many.

    With ``cut_short``, only on elements whose text overflows (Material gives
    those a tooltip with their text once they have been in view).
    """
    items = page.locator(selector)
    hovered = 0
    for index in range(items.count()):
        if hovered >= limit:
            break
        item = items.nth(index)
        if not item.is_visible():
            continue
        if cut_short:
            if not item.evaluate("e => e.offsetWidth < e.scrollWidth"):
                continue
            item.scroll_into_view_if_needed()
            page.wait_for_timeout(200)  # Material notices it is cut short
        page.mouse.move(0, 0)
        # force: the header may lie over an element scrolled under it
        item.hover(force=True, timeout=2_000)
        page.wait_for_timeout(300)  # Material shows its tooltip after a delay
        hovered += 1
    return hovered


@pytest.mark.parametrize("url", ["/versions/1730/", "/compare/", f"/versions/{EXTRA_VERSION}/"])
def test_tooltips_run_no_planted_script(watch: Watch, url: str) -> None:
    """Hovering titles, words of the glossary and footnote markers runs nothing planted.

    The theme's tooltips are off (mkdocs.yml); were they turned on again, they
    show a ``title`` as HTML, which this test would catch.
    """
    page = watch.page
    page.goto(url, wait_until="load")
    # Glossary words (abbreviations), then other elements whose title holds planted text.
    assert hover_all(page, 'article abbr[title*="ZQ"]', 3), f"{url}: no abbreviation to hover"
    assert hover_all(page, 'article [title*="ZQ"]:not(abbr)', 3), f"{url}: no title to hover"
    # Footnote markers, whose note (planted text in its source) on-page.js shows.
    assert hover_all(page, "article a.footnote-ref", 3) or url == "/compare/", \
        f"{url}: no footnote marker to hover"
    # Headings in the table of contents, cut short with an ellipsis.
    hover_all(page, ".md-sidebar--secondary .md-ellipsis", 3, cut_short=True)
    bad, _ = watch.inspect()
    assert bad == [], f"{url}: hovering tooltips: {sorted(set(bad))[:10]}"
    assert not watch.errors, f"JavaScript errors: {watch.errors[:5]}"


def test_search_results_run_no_planted_script(watch: Watch) -> None:
    page = watch.page
    page.goto("/", wait_until="load")
    query = page.locator('input[data-md-component="search-query"]')
    query.click()
    query.press_sequentially("pwned", delay=10)
    page.wait_for_function(
        "() => document.querySelectorAll('.md-search-result__item').length > 0",
        timeout=TIMEOUT_MS,
    )
    page.wait_for_timeout(200)
    bad, _ = watch.inspect()
    assert bad == [], f"search results for the planted text: {sorted(set(bad))[:10]}"
    # A result's link highlights the words searched for (search.highlight).
    for url in ("/versions/1730/?h=pwned", "/compare/?h=img+onerror"):
        page.goto(url, wait_until="load")
        page.wait_for_timeout(200)
        assert page.locator("mark").count() > 0, f"{url}: nothing highlighted"
        bad, _ = watch.inspect()
        assert bad == [], f"{url}: {sorted(set(bad))[:10]}"
    assert not watch.errors, f"JavaScript errors: {watch.errors[:5]}"
