"""The Play page in a real browser: Python in a Web Worker plays a deal by clicks (issue 12).

The page starts loading Pyodide as soon as it opens (issue 24), then shows
the table as ambigu_rules.play.web.WebTable gives it when the reader presses
Deal; each click on an action plays it, and the step under way links to its
rule on the version page. No request leaves the local server. The bots'
moves are shown at once here (``window.AMBIGU_PLAY_PACE_MS = 0``); their
pacing is tested in test_play_table.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_fixtures import (  # noqa: F401 (fixtures)
    base_url,
    browser,
    page,
    phone,
    site_dir,
    with_python,
)
from browser_support import require_browser, wait_until

pytestmark = require_browser()

#: Every answer shown at once, not move by move (play.js reads it at each answer).
NO_PACING = "window.AMBIGU_PLAY_PACE_MS = 0;"


def play_first(page: Any) -> None:
    """Click the first action; a discard that needs a card marked is played with the
    first of the reader's cards (a click on it) marked."""
    first = page.locator(".play-actions button").first
    if first.get_attribute("aria-disabled") == "true":
        assert "play-discard" in (first.get_attribute("class") or "")
        page.locator(".play-pick").first.click()
        assert first.get_attribute("aria-disabled") is None
    first.click()


#: Per edition (issue 25): the Play page's address, its "Next deal" button
#: (docs/assets/words.js) and how the narration ends a deal (its catalog).
EDITIONS = {
    "en": ("/play/", "Next deal", "Deal 1 ends"),
    "fr": ("/fr/play/", "Coup suivant", "Fin du coup 1"),
}


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_a_deal_is_played_to_its_end_by_clicking(page: Any, with_python: None,
                                                 edition: str) -> None:
    address, next_deal, deal_ends = EDITIONS[edition]
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.add_init_script(NO_PACING)
    page.goto(address)
    # Python starts loading when the page opens, before anyone presses Deal. (The
    # table is built once the page has read the versions: wait for it too.)
    page.wait_for_function("() => (document.querySelector('.play-load') || {}).textContent")
    for _ in range(400):
        if any(url.endswith("/pyodide/pyodide.asm.wasm") for url in requests):
            break
        page.wait_for_timeout(50)
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in requests), requests
    page.select_option("select[name=version]", "foster")
    page.select_option("select[name=players]", "3")
    page.click("form.play-form button[type=submit]")
    page.set_default_timeout(90_000)
    page.wait_for_selector(".play-step")
    why = page.locator(".play-why")
    assert why.get_attribute("href").startswith("../versions/foster/#step-")
    for _ in range(60):
        buttons = page.locator(".play-actions button")
        label = buttons.first.inner_text()
        if label == next_deal:
            break
        before = page.locator(".play-log li").count()
        play_first(page)
        wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
                   "a click played nothing", before)
    assert page.locator(".play-actions button").first.inner_text() == next_deal
    log = page.locator(".play-log").inner_text()
    assert deal_ends in log
    banks = page.locator(".play-seat").all_inner_texts()
    assert len(banks) == 3


def refusal(page: Any) -> str:
    page.wait_for_selector(".play-status.play-refused")
    return str(page.locator(".play-status").inner_text())


def test_a_pasted_rule_file_is_checked_and_played_or_refused_with_a_reason(
        page: Any, with_python: None) -> None:
    page.add_init_script(NO_PACING)
    page.goto("/play/")
    page.set_default_timeout(90_000)
    page.select_option("select[name=version]", "own")
    rules = page.locator("textarea[name=rules]")
    wait_until(page, "() => document.querySelector('textarea[name=rules]').value.length > 0",
               "the first house variant was not loaded into the box")
    # A mistake in the file: the package's own message, naming the pasted file.
    rules.fill("format: 1\nid: mine\nextends: foster\nante: {amount: lots}\n")
    page.click("form.play-form button[type=submit]")
    said = refusal(page)
    assert said.startswith("Refused: your-rules.yaml:1:1: (top level): missing required key")
    assert "your-rules.yaml:4:7: (top level): unknown key 'ante'" in said
    # A new combination needs a new table of hands, which the browser cannot compile.
    page.click("button.play-starter:text-is('two-pairs')")
    wait_until(page, "() => document.querySelector('textarea[name=rules]').value"
                     ".includes('id: two-pairs')", "two-pairs.yaml was not loaded")
    page.click("form.play-form button[type=submit]")
    assert "needs a table of hands of its own" in refusal(page)
    # A pool limit changes only the betting: Foster's table serves, and the bots
    # play the deal through while the reader watches.
    page.click("button.play-starter:text-is('pool-limit')")
    wait_until(page, "() => document.querySelector('textarea[name=rules]').value"
                     ".includes('id: pool-limit')", "pool-limit.yaml was not loaded")
    page.select_option("select[name=people]", "0")
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-step")
    assert page.locator(".play-step").inner_text().startswith("Deal 1 · pool-limit · ")
    assert "Deal 1 ends" in page.locator(".play-log").inner_text()
    assert page.locator(".play-seat strong").all_inner_texts() == [
        "Anna (bot)", "Ben (bot)", "Carla (bot)", "Dan (bot)"]


def test_people_taking_turns_see_their_cards_only_when_they_ask(
        page: Any, with_python: None) -> None:
    page.add_init_script(NO_PACING)
    page.goto("/play/")
    page.set_default_timeout(90_000)
    page.select_option("select[name=version]", "1730")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=people]", "2")
    page.click("form.play-form button[type=submit]")
    turns = []
    for _ in range(40):
        page.wait_for_selector(".play-actions button")
        reveal = page.locator(".play-reveal")
        if reveal.count() == 0:
            if page.locator(".play-actions button").first.inner_text() == "Next deal":
                break
            before = page.locator(".play-log li").count()
            play_first(page)
            wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
                       "a click played nothing", before)
            continue
        name = reveal.inner_text().split(":")[0]
        turns.append(name)
        seat = page.locator(".play-seat", has_text=name + " (your turn)")
        assert seat.locator(".card-back").count() >= 2  # covered until asked
        assert page.locator(".play-actions button").count() == 1
        reveal.click()
        assert seat.locator(".card-back").count() == 0  # now face up, with the moves
        assert page.locator(".play-actions button").count() >= 1
        before = page.locator(".play-log li").count()
        play_first(page)
        wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
                   "a click played nothing", before)
    assert {"Anna", "Ben"} <= set(turns)


def test_a_version_page_link_preselects_its_version(page: Any) -> None:
    # Each version page links to play/?v=<id>; an id the page does not know is ignored.
    page.goto("/play/?v=foster")
    page.wait_for_selector("select[name=version]")
    assert page.locator("select[name=version]").input_value() == "foster"
    page.goto("/play/?v=no-such-version")
    page.wait_for_selector("select[name=version]")
    assert page.locator("select[name=version]").input_value() != "no-such-version"
