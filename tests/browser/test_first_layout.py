"""A long page lays out its first screen first, then shows the rest (issue 24).

The theme's script restyles the whole page several times as it starts; on
the comparison and the open questions that kept a phone busy for a second.
So on a fresh visit the blocks marked "later" (the comparison's rows, the
open questions past the first, ...) and the footnotes are left out of the
first layout, and on-page.js shows them a few per frame once the theme has
started. What a reader must still get: every block shown soon after the
page loads, with the comparison's words marked; text in them found by the
browser's find-in-page; a link to a #fragment in a later block landing on
it; a reload showing everything at once; and, without JavaScript, the whole
page (test_compare_page.py holds the table without JavaScript).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_fixtures import base_url, browser, site_dir  # noqa: F401 (fixtures)
from browser_support import ALL_SHOWN, TIMEOUT_MS, require_browser

pytestmark = require_browser()

#: Recorded as the page's DOM is complete, before the page's own scripts run
#: their DOMContentLoaded handlers: whether blocks wait, and how many are not
#: laid out.
AT_START = """document.addEventListener("DOMContentLoaded", () => {
  const waiting = [...document.querySelectorAll(".later, .footnote > ol > li")];
  window.atStart = {
    later: document.documentElement.hasAttribute("data-later"),
    blocks: waiting.length,
    unlaid: waiting.filter(b => b.getClientRects().length === 0).length,
  };
}, {capture: true});"""

#: Blocks still left out of the layout once all are shown: a block hidden
#: itself, in a container that is laid out (the odds tables of the tabs not
#: chosen are hidden by their tab, as the tab's other content).
NOT_LAID_OUT = """() => [...document.querySelectorAll(".later, .footnote > ol > li")]
    .filter(b => b.getClientRects().length === 0
                 && b.parentElement.getClientRects().length > 0).length"""


@pytest.fixture
def fresh(browser: Any, base_url: str) -> Iterator[Any]:
    """A phone-sized page (412 x 823, Lighthouse's) whose goto does not wait for the rest."""
    context = browser.new_context(base_url=base_url, viewport={"width": 412, "height": 823})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(AT_START)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert errors == [], f"JavaScript errors: {errors}"


@pytest.mark.parametrize("edition", ["", "fr/"])
@pytest.mark.parametrize("path", ["compare/", "open-questions/", "glossary/", "versions/1730/",
                                  "combinations/"])
def test_later_blocks_are_left_out_of_the_first_layout_then_all_shown(
        fresh: Any, path: str, edition: str) -> None:
    fresh.goto(f"/{edition}{path}")
    start = fresh.evaluate("window.atStart")
    assert start["later"] and start["blocks"] > 20
    assert start["unlaid"] == start["blocks"], start
    fresh.wait_for_function(ALL_SHOWN)
    assert fresh.evaluate(NOT_LAID_OUT) == 0


def test_rows_shown_later_have_their_words_marked_and_are_found_in_the_page(
        fresh: Any) -> None:
    # The last row that differs is in one of the last blocks shown; the page
    # marks, in a differing row, the words outside the most common reading.
    fresh.goto("/compare/")
    fresh.wait_for_function(ALL_SHOWN)
    last = fresh.eval_on_selector_all(
        "table.compare-matrix tbody tr.differs",
        "rows => { const row = rows[rows.length - 1];"
        " return {marks: row.querySelectorAll('mark.word-diff').length,"
        " label: row.querySelector('th').firstChild.textContent.trim()}; }")
    assert last["marks"] > 0, last
    assert fresh.evaluate("label => window.find(label)", last["label"])


def test_a_link_to_a_later_block_lands_on_it_at_once(fresh: Any) -> None:
    ids = fresh.context.request.get("/open-questions/").text()
    target = ids.split('<div class="later">', 1)[1].split('<h2 id="', 1)[1].split('"', 1)[0]
    fresh.goto(f"/open-questions/#{target}")
    assert fresh.evaluate("window.atStart.later") is False
    top = fresh.evaluate("id => document.getElementById(id).getBoundingClientRect().top", target)
    assert 0 <= top < 823 / 2, top


def test_a_reload_shows_the_whole_page_at_once(fresh: Any) -> None:
    fresh.goto("/open-questions/")
    fresh.wait_for_function(ALL_SHOWN)
    fresh.reload()
    assert fresh.evaluate("window.atStart") == {
        "later": False, "blocks": fresh.evaluate("window.atStart.blocks"), "unlaid": 0}
