"""Every deal of a game is dealt (issue 24): "Next deal" on a first visit and after a reload.

The Play page starts its worker as its script runs and sends it a request that
answers nothing (only Python's load begins); "Next deal" sends the worker a
"start". When the two were one kind of request, the worker took every Next
deal for the early start and never answered it: the page showed "Stopped:
dealing took longer than 20 s" (1730, three players, you and two expert bots).
These tests play a game of that kind through three Next deals, once on a first
visit (Python started afresh) and once after a reload that restores the copy of
Python the first visit kept, and fail as soon as a deal is not dealt. The
reader's moves keep the game going (fold, pass, keep all before call), so that
no seat runs out of counters in four deals. No assertion is about time.
"""

from __future__ import annotations

import re
from typing import Any

from browser_fixtures import base_url, browser, page, site_dir, with_python  # noqa: F401
from browser_support import require_browser, wait_until
from test_play_kept_python import wait_for_kept

pytestmark = require_browser()

WAIT_MS = 120_000
AT_ONCE = "window.AMBIGU_PLAY_PACE_MS = 0;"
NEXT_DEALS = 3

#: The deal the table shows ("Deal 2 · 1730 · …"), or what stopped it (the status line).
DEALT_OR_STOPPED = """(n) => {
  const step = document.querySelector('.play-step');
  const status = document.querySelector('.play-status');
  return (!!step && step.textContent.startsWith('Deal ' + n + ' '))
    || (!!status && status.textContent.trim() !== '');
}"""

#: Something to press, or a game over (its last deal ended and nothing is offered).
PRESS_OR_OVER = """() => {
  const last = document.querySelector('.play-log li:last-child');
  return !!document.querySelector('.play-actions button')
    || (!!last && /^Deal \\d+ ends/.test(last.textContent));
}"""

#: The reader's quietest moves, best first: each keeps the reader's counters.
QUIET = ("fold", "pass", "Keep all", "stand", "call")


def deal(page: Any) -> dict[str, Any]:
    """Deal 1730 at three seats, the reader and two expert bots; the worker's timings."""
    page.wait_for_selector("form.play-form select[name=version] option", state="attached")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=people]", "1")
    page.select_option("select[name=bots]", "expert")
    page.click("form.play-form button[type=submit]")
    expect_deal(page, 1)
    timings: dict[str, Any] = page.evaluate("window.ambiguPlayTimings")
    return timings


def expect_deal(page: Any, number: int) -> None:
    """Fail unless the table shows deal ``number`` (rather than a line saying it stopped)."""
    wait_until(page, DEALT_OR_STOPPED, f"deal {number} was never shown", number)
    status = page.locator(".play-status").inner_text().strip()
    assert status == "", f"deal {number}: {status}"
    page.wait_for_selector(".play-actions button")


def move(page: Any) -> None:
    """The reader's quietest move allowed; a card thrown away when the rules want one."""
    enabled = page.locator(".play-actions button:not([aria-disabled])")
    for label in QUIET:
        button = enabled.filter(has_text=re.compile(f"^{label}$"))
        if button.count():
            break
    else:
        discard = page.locator(".play-actions button.play-discard[aria-disabled=true]")
        if discard.count():  # "Keep all" refused: one card marked makes it a discard
            page.locator(".play-seat.at-b .play-pick").first.click()
        button = enabled
    before = page.locator(".play-log li").count()
    button.first.click()
    wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
               "a move played nothing", before)


def play_next_deals(page: Any) -> None:
    """Play deal 1 to its end, then NEXT_DEALS more, each dealt when asked."""
    for number in range(2, NEXT_DEALS + 2):
        for _ in range(60):
            wait_until(page, PRESS_OR_OVER, f"deal {number - 1}: nothing to press")
            assert page.locator(".play-actions button").count(), \
                f"the game ended after deal {number - 1}: no Next deal was offered"
            next_deal = page.locator(".play-actions button", has_text=re.compile("^Next deal$"))
            if next_deal.count():
                break
            move(page)
        else:
            raise AssertionError(f"deal {number - 1} did not end in 60 moves")
        next_deal.click()
        expect_deal(page, number)


def test_each_next_deal_is_dealt_on_a_first_visit(page: Any, with_python: None) -> None:
    page.set_default_timeout(WAIT_MS)
    page.add_init_script(AT_ONCE)
    page.goto("/play/?v=1730")
    assert deal(page)["restored"] == 0, "a first visit found Python kept already"
    play_next_deals(page)


def test_each_next_deal_is_dealt_after_a_reload_that_restores_python(
        page: Any, with_python: None) -> None:
    page.set_default_timeout(WAIT_MS)
    page.add_init_script(AT_ONCE)
    page.goto("/play/?v=1730")
    deal(page)
    wait_for_kept(page, "kept.length === 1", "no copy of Python was kept after the first visit")
    page.reload()
    assert deal(page)["restored"] == 1, "the reload started Python anew instead of restoring it"
    play_next_deals(page)
