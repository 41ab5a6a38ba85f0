"""Every kind of page, in the light and the dark scheme, measured by tools no one
here wrote (issue 24): axe-core finds nothing serious or critical, and
Lighthouse 12.2.3 (a phone, the site served compressed as a static host serves
it) scores at least 95 in performance, accessibility, best practices and SEO.

Accessibility, best practices and SEO give the same score run after run: one
run holds them. Performance moves by up to 15 points from one run to the next
on a shared 2-core machine (the comparison 91 to 99 over nine runs, the open
questions 82 to 98 over twelve), so a floor one run must clear would fail at
random. It is held on the median of three runs instead: a page passes when
that median is at least 95, that is when two of the three runs reach 95, so
the third run is made only when the first two disagree (``audit_site.settle``,
tests/site/test_audit_median_of_three.py). A failure names the runs' scores
and what cost points in the first; ``-rA`` shows every page's runs.

Medians of three runs (light / dark), 5 December, the build before and after
the search index and the evaluator's tables waited for the reader and the
theme's start stopped restyling the whole page, alternating in one sitting:
combinations 91 / 83 -> 93 / 93 (blocking time 343 / 644 -> 234 / 301 ms,
most of it now the theme's start-up on a 3,100-element page), the API module
page 91 / 89 -> 97 / 96, the open questions 92 / 94 -> 97 / 97, the glossary
93 / 95 -> 97 / 97, every other kind 95 to 99. The whole test, run then,
took 11.5 minutes and failed only on the combinations page in light (96, 90,
92). Its odds tables, shown after the first screen since, took it from 96 /
96 to 97 / 98 in a later, quieter sitting (blocking time about 150 to 100 ms),
and the whole test then passed in 10 minutes, every run scoring 97 to 100.

axe-core measures every page, not one of each kind (``audit_site.axe_sweep``):
both editions at 390 and 1280 px, each page in both schemes (the second run
after the reader's switch of scheme, without loading the page again), which
found what one page of a kind had let through (the worked examples' tables
that scroll at 390 px and that the keyboard could not reach; the code's
comments and output at 4.47:1 on the command line's, the Python and the rule
format's pages; in the dark scheme, the code's numbers and built-in names and
code inside a link, 4.1 to 4.5:1 on ten pages). Lighthouse stays on one page of
each kind.

The tools come from npm (``tools/audit_site.py`` says how; ``.ci/run``
installs them). They take about eighteen minutes (Lighthouse about twelve, the
axe sweep five to six: 189 s at 390 px and 179 s at 1280 px for 84 pages in
both schemes, measured on a shared 2-core machine), so they run where the site is
checked as a whole: under ``AMBIGU_REQUIRE_BROWSER=1`` (``make check-site``,
CI), where missing tools are a failure, or when ``AMBIGU_AUDIT=1`` asks for
them; otherwise they skip and say why. One page of
each kind is the audit's own list (``audit_site.PAGES``), so the tool a person
runs by hand and this test measure the same pages; every page is
``audit_site.site_pages`` (``tools/audit_site.py --every-page``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from site_helpers import built_site, load_tool

audit_site = load_tool("audit_site")

MINIMUM = 95
#: The Lighthouse categories one run holds to MINIMUM; performance is held on
#: the median of three runs (audit_site.settle).
STEADY_CATEGORIES = ("accessibility", "best-practices", "seo")
REQUIRED = os.environ.get("AMBIGU_REQUIRE_BROWSER") == "1"
MISSING = audit_site.missing_tools()
if MISSING and REQUIRED:
    raise RuntimeError(f"the audit cannot run: {MISSING}")
WHY_NOT = MISSING or (None if REQUIRED or os.environ.get("AMBIGU_AUDIT") == "1" else
                      "the audit (about 18 minutes) runs under make check-site or AMBIGU_AUDIT=1")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")]

KINDS = sorted(audit_site.PAGES)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The built site served with compression on 127.0.0.1."""
    site: Path = built_site().path
    with audit_site.serve_gzipped(site) as served:
        yield audit_site.base_url(served)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with audit_site.axe_browser() as launched:
        yield launched


def _serious(violations: list[dict[str, Any]]) -> list[str]:
    return [f"{v['impact']} {v['id']} x{len(v['nodes'])}: {v['help']} "
            f"[{'; '.join(node['target'] for node in v['nodes'][:4])}]"
            for v in violations if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("width", audit_site.SWEEP_WIDTHS)
def test_axe_finds_nothing_serious_on_any_page(browser: Any, server: str, width: int) -> None:
    """Every page of both editions (and the API reference's two kinds of page), on a
    phone and on a desktop, each in the light and the dark scheme: one page of each kind
    let findings through on pages of the same kind but other content (the worked
    examples' tables at 390 px, the code's comments on the command line's page)."""
    start = time.monotonic()
    pages = audit_site.site_pages(built_site().path)
    found = audit_site.axe_sweep(browser, server, pages, width, say=lambda line: None)
    took = time.monotonic() - start
    print(f"axe at {width} px: {len(pages)} pages x 2 schemes in {took:.0f} s")  # shown by -rA
    assert len(pages) > 80 and all(len(runs) == 2 for runs in found.values())
    assert audit_site.serious_findings(found, width) == []


@pytest.mark.parametrize("scheme", audit_site.SCHEMES)
def test_axe_finds_nothing_serious_at_the_play_table_mid_deal(browser: Any, server: str,
                                                              scheme: str) -> None:
    """The Play page as a reader uses it, not only as it loads: a deal in progress, the
    keyboard's focus kept on the table's first action (a button the theme paints in
    another colour), then a button under the pointer."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(server + "play/?v=foster", wait_until="load")
        page.wait_for_selector("form.play-form select[name=version] option", state="attached")
        page.click("form.play-form button[type=submit]")
        page.wait_for_selector(".play-actions button", timeout=60_000)
        # The colours a state ends in, not those of its transition: the bots' moves draw
        # the actions anew, and a button drawn under the pointer would fade in its colours.
        page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
        focused = page.evaluate("document.activeElement.closest('.play-actions') !== null")
        page.add_script_tag(path=str(audit_site.axe_path()))
        with_focus = _serious(page.evaluate(audit_site.AXE_RUN))
        page.hover(".play-actions button >> nth=-1")
        under_pointer = _serious(page.evaluate(audit_site.AXE_RUN))
    finally:
        context.close()
    assert focused, "the focus is not on the table's actions"
    assert (with_focus, under_pointer) == ([], [])


@pytest.mark.parametrize("scheme", audit_site.SCHEMES)
@pytest.mark.parametrize("link", [".md-content .md-typeset p a",
                                  ".md-sidebar--secondary .md-nav__link"])
def test_axe_finds_nothing_serious_on_a_link_under_the_pointer(browser: Any, server: str,
                                                               link: str, scheme: str) -> None:
    """A link in the text and one in the table of contents, under the pointer: the theme
    colours them with its accent, which the site sets to a colour readable in each scheme."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(server + audit_site.PAGES["version"], wait_until="networkidle")
        page.locator(link).locator("visible=true").first.hover(force=True)
        page.wait_for_timeout(400)  # the theme's colour transitions end
        page.add_script_tag(path=str(audit_site.axe_path()))
        violations = page.evaluate(audit_site.AXE_RUN)
    finally:
        context.close()
    assert _serious(violations) == []


@pytest.mark.parametrize("scheme", audit_site.SCHEMES)
@pytest.mark.parametrize("kind", KINDS)
def test_lighthouse_scores_each_kind_of_page_95_or_more(server: str, kind: str,
                                                        scheme: str) -> None:
    url = server + audit_site.PAGES[kind]
    report = audit_site.lighthouse(url, scheme)
    scores = audit_site.scores(report)
    failed = audit_site.failed_audits(report)
    low = {category: scores.get(category) for category in STEADY_CATEGORIES
           if (scores.get(category) or 0) < MINIMUM}
    assert low == {}, (low, {category: failed.get(category) for category in low})

    def again() -> int | None:
        score: int | None = audit_site.scores(
            audit_site.lighthouse(url, scheme, ("performance",)))["performance"]
        return score

    held, runs = audit_site.settle(scores.get("performance"), again, MINIMUM)
    print(f"{kind} ({scheme}): performance runs {runs}; first run {scores}")  # shown by -rA
    assert held, (f"performance {runs}: the median of three runs is below {MINIMUM}",
                  failed.get("performance"))
