"""A worked example in a real browser: seats, card chips, the counters after each step.

Issue 11: each worked example shows the seats around the table, the cards as
card chips and, after each step, the pool, the bets and each player's
counters; the Python session that checks it is in a collapsed "Run it
yourself" block, shown as a console session; the pages are in the
navigation, with previous and next links. The German example's figures are
its page's (Foster's blind 1 and ante 2; 91, 35, 35 and 39 at the end).
"""

from __future__ import annotations

from typing import Any

from browser_fixtures import base_url, browser, page, phone, site_dir  # noqa: F401 (fixtures)
from browser_support import require_browser

pytestmark = require_browser()


def test_german_example_shows_the_table_and_the_counters_after_each_step(page: Any) -> None:
    page.goto("/examples/german-example/")
    seats = page.locator(".seating .seat-name").all_inner_texts()
    assert sorted(seats) == ["Anna", "Ben", "Carla", "Dan"]
    assert page.locator(".seating .seat", has_text="deals").inner_text().startswith("Dan")
    rows = page.locator("table.table-view tbody tr")
    after = {rows.nth(i).locator("th").inner_text(): rows.nth(i) for i in range(rows.count())}
    assert after["Blind"].locator("td").first.inner_text() == "4"  # the pool
    assert after["Ante after the draw"].locator("td").first.inner_text() == "12"
    banks = after["Showdown and payment"].locator(".bank").all_inner_texts()
    assert banks == ["91", "35", "35", "39"]
    assert "bet 4" in after["Last betting round"].inner_text()
    # Cards are chips, in the view and in the text of the page.
    assert after["Two more cards"].locator(".card").count() == 16
    assert page.locator("article li .card", has_text="7♦").count() >= 1


def test_the_python_session_is_collapsed_and_shown_as_a_console(page: Any) -> None:
    page.goto("/examples/german-example/")
    block = page.locator("details", has_text="Run it yourself")
    assert block.count() == 1 and not block.evaluate("d => d.open")
    session = block.locator(".highlight")
    assert not session.is_visible()
    block.locator("summary").click()
    assert session.is_visible()
    # Output lines are output (Pygments' generic output), not Python code.
    assert block.locator(".go").count() >= 1


def test_examples_are_in_the_navigation_with_previous_and_next(page: Any) -> None:
    page.goto("/examples/fredon-value/")
    assert page.locator(".md-nav__link--active", has_text="What a fredon is paid").count() >= 1
    footer = page.locator(".md-footer__link")
    texts = " ".join(footer.all_inner_texts())
    assert "The German worked example" in texts and "Flush with sequence" in texts
