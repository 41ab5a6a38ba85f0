"""The Play page as a card table (issue 24): cards picked by clicking, focus, a live region.

The seats sit around a felt with the pool in the middle; the reader marks
the cards to throw away by clicking them (toggle buttons) and plays them with
one button, which says why when the marked cards are no discard the rules
allow; an amount is typed and played with Enter; after each move the focus
is back on the actions and the live region says the moves in sentences; the
bots' moves are shown one after another, and the reader may skip to the end.
At 390 px the table needs no sideways scroll. The page says how big Python's
download is, and the number is checked against what the browser fetched.

Each test fixes the pace of the bots' moves (``window.AMBIGU_PLAY_PACE_MS``):
0 (at once), or a minute, so that the test sees the table between two moves
without waiting on a clock. No assertion is about time.
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from browser_fixtures import (  # noqa: F401 (fixtures)
    PHONE,
    base_url,
    browser,
    local_page,
    page,
    phone,
    site_dir,
    with_python,
)
from browser_support import require_browser, wait_until

pytestmark = require_browser()

WAIT_MS = 120_000
AT_ONCE = "window.AMBIGU_PLAY_PACE_MS = 0;"
SLOW = "window.AMBIGU_PLAY_PACE_MS = 60000;"


def deal(page: Any, version: str = "foster", players: str = "3", people: str = "1") -> None:
    page.set_default_timeout(WAIT_MS)
    page.goto(f"/play/?v={version}")
    page.wait_for_selector("form.play-form select[name=version] option", state="attached")
    page.select_option("select[name=players]", players)
    page.select_option("select[name=people]", people)
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-actions button")


def log_count(page: Any) -> int:
    return int(page.locator(".play-log li").count())


def focus_in_actions(page: Any) -> bool:
    return bool(page.evaluate(
        "() => !!document.activeElement && !!document.activeElement.closest('.play-actions')"))


def play_calmly(page: Any) -> None:
    """One move that keeps the deal going: pass, call, keep all, or Next deal; else the first."""
    calm = page.locator(".play-actions button:not([aria-disabled])",
                        has_text=re.compile("^(pass|call|Keep all|Next deal)$"))
    target = calm.first if calm.count() else page.locator(".play-actions button").first
    before = log_count(page)
    target.click()
    wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
               "a click played nothing", before)


def test_cards_are_picked_by_clicking_them_and_the_discard_is_played(
        page: Any, with_python: None) -> None:
    page.add_init_script(AT_ONCE)
    deal(page)  # Foster: two cards each, then the first draw (discard 0, 1 or 2)
    hand = page.locator(".play-seat.at-b .play-pick")
    assert hand.count() == 2
    cards = hand.all_inner_texts()
    button = page.locator(".play-actions button.play-discard")
    assert button.inner_text() == "Keep all"
    assert [hand.nth(i).get_attribute("aria-pressed") for i in range(2)] == ["false", "false"]
    hand.nth(0).click()
    assert hand.nth(0).get_attribute("aria-pressed") == "true"
    assert button.inner_text() == "Discard 1"
    hand.nth(1).click()
    assert button.inner_text() == "Discard 2"
    hand.nth(0).click()  # a second click puts it back
    assert hand.nth(0).get_attribute("aria-pressed") == "false"
    assert button.inner_text() == "Discard 1"
    assert button.get_attribute("aria-disabled") is None
    before = log_count(page)
    button.click()
    wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
               "the discard was not played", before)
    assert page.locator(".play-log li").nth(before).inner_text() == \
        "Anna discards 1 and draws 1"
    # The card thrown away is gone from the hand; the one kept is still there.
    page.wait_for_selector(".play-actions button")
    kept = page.locator(".play-seat.at-b .card").all_inner_texts()
    assert cards[0] in kept and cards[1] not in kept


def test_a_discard_the_rules_do_not_allow_says_why(page: Any, with_python: None) -> None:
    # 1730: whoever asks for the battez throws away one card or both, never none.
    page.add_init_script(AT_ONCE)
    deal(page, "1730", players="3")
    for _ in range(40):
        page.wait_for_selector(".play-actions button")
        first = page.locator(".play-actions button").first
        if "play-discard" in (first.get_attribute("class") or "") \
                and first.get_attribute("aria-disabled") == "true":
            break
        play_calmly(page)
    else:
        pytest.fail("no exchange that needs a card was offered in 40 moves")
    button = page.locator(".play-actions button.play-discard")
    assert button.inner_text() == "Keep all"
    why = page.locator("#" + button.get_attribute("aria-describedby"))
    assert why.inner_text() == "Discard at least 1 card."
    before = log_count(page)
    button.click(force=True)  # aria-disabled: refused here, nothing sent to Python
    assert log_count(page) == before and button.get_attribute("aria-disabled") == "true"
    page.locator(".play-seat.at-b .play-pick").first.click()
    assert button.get_attribute("aria-disabled") is None and why.inner_text() == ""


def test_focus_stays_on_the_actions_and_each_move_is_announced(
        page: Any, with_python: None) -> None:
    page.add_init_script(AT_ONCE)
    deal(page, players="4")
    said = page.locator(".play-said")
    assert said.get_attribute("aria-live") == "polite"
    # The deal, then the three bots' first moves, then whose turn it is.
    text = said.inner_text()
    assert text.startswith("Deal 1: ") and text.endswith("Your move.")
    assert all(name in text for name in ("Ben", "Carla", "Dan")), text
    assert focus_in_actions(page)  # after Deal, on the first action
    for _ in range(30):  # by keyboard only: Enter on the focused action, each time
        if page.locator(".play-actions button").first.inner_text() == "Next deal":
            break
        assert focus_in_actions(page), page.evaluate("document.activeElement.outerHTML")
        before = log_count(page)
        if page.evaluate("document.activeElement.getAttribute('aria-disabled')") == "true":
            page.keyboard.press("Shift+Tab")  # back to the last card of the hand: mark it
            page.keyboard.press("Space")
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
                   "Enter on the focused action played nothing", before)
        page.wait_for_selector(".play-actions button")
        first_line = page.locator(".play-log li").nth(before).inner_text()
        assert said.inner_text().startswith(first_line.rstrip(".")), (said.inner_text(), first_line)
    assert focus_in_actions(page)
    assert page.evaluate("document.activeElement.textContent") == "Next deal"


def test_an_amount_is_typed_and_played_with_enter(page: Any, with_python: None) -> None:
    page.add_init_script(AT_ONCE)
    deal(page, players="2")
    for _ in range(60):
        page.wait_for_selector(".play-actions button")
        if page.locator(".play-amount input").count():
            break
        play_calmly(page)
    else:
        pytest.fail("no opening or raise was offered in 60 moves")
    box = page.locator(".play-amount input").first
    low, high = int(box.get_attribute("min")), int(box.get_attribute("max"))
    assert high > low
    kind = page.locator(".play-amount button").first.inner_text()
    box.focus()
    page.keyboard.press("ArrowUp")  # the arrows change it
    assert box.input_value() == str(low + 1)
    before = log_count(page)
    page.keyboard.press("Enter")  # and Enter plays it
    wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
               "Enter in the amount played nothing", before)
    line = page.locator(".play-log li").nth(before).inner_text()
    assert line.startswith(f"Anna {kind}s {low + 1}"), line
    page.wait_for_selector(".play-actions button")
    assert focus_in_actions(page)


def test_the_bots_moves_are_shown_one_after_another_and_can_be_skipped(
        page: Any, with_python: None) -> None:
    page.add_init_script(SLOW)
    page.set_default_timeout(WAIT_MS)
    page.goto("/play/?v=foster")
    page.wait_for_selector("form.play-form select[name=version] option", state="attached")
    page.select_option("select[name=players]", "4")
    page.click("form.play-form button[type=submit]")
    skip = page.locator(".play-actions button.play-skip")
    skip.wait_for()
    # The first move only: the deal dealt; the bots' moves wait their turn.
    assert page.locator(".play-said").inner_text().startswith("Deal 1: ")
    first = page.locator(".play-log").inner_text()
    assert not any(f"{name} {move}" in first for name in ("Ben", "Carla", "Dan")
                   for move in ("discards", "stands"))
    assert page.evaluate("document.activeElement.textContent") == "Skip to the end"
    assert page.locator(".play-discard").count() == 0  # no move offered before the end
    skip.click()
    page.wait_for_selector(".play-actions button.play-discard")
    log = page.locator(".play-log").inner_text()
    # Each bot has made its first draw (the deal is random: a bot discards or stands).
    assert all(f"{name} discards" in log or f"{name} stands" in log
               for name in ("Ben", "Carla", "Dan")), log
    # The table at the end is the worker's final state: the reader's turn, focused.
    assert page.locator(".play-seat.at-b.to-act").count() == 1
    assert page.evaluate("document.activeElement.textContent") == "Keep all"
    assert page.locator(".play-said").inner_text().endswith("Your move.")


def test_the_table_needs_no_sideways_scroll_on_a_phone(phone: Any, with_python: None) -> None:
    phone.add_init_script(AT_ONCE)
    deal(phone, players="6")
    assert phone.locator(".play-seat").count() == 6
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide at {PHONE['width']} px"
    felt = phone.locator(".play-felt").bounding_box()
    assert felt["x"] >= 0 and felt["x"] + felt["width"] <= PHONE["width"]
    for target in phone.locator(".play-pick, .play-actions button").all():
        box = target.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24  # WCAG 2.5.8 target size


def test_the_download_the_page_states_is_what_the_browser_fetches(
        browser: Any, base_url: str, site_dir: Path, with_python: None) -> None:
    fetched: set[str] = set()
    with local_page(browser, base_url, {"width": 1280, "height": 900}) as page:
        page.on("request", lambda request: fetched.add(urlparse(request.url).path))
        page.add_init_script(AT_ONCE)
        deal(page)
        text = page.locator("article").inner_text()
    said = re.search(r"a download of about (\d+) MB the first time \(about (\d+) MB from a host "
                     r"that compresses them\)", text)
    assert said, "the Play page no longer says how big Python's download is"
    python = [path for path in fetched
              if path.startswith("/pyodide/") or path.startswith("/assets/tables/")]
    files = [site_dir / path.lstrip("/") for path in python]
    assert any(f.name == "pyodide.asm.wasm" for f in files) and all(f.is_file() for f in files)
    size = sum(f.stat().st_size for f in files) / 1e6
    packed = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files) / 1e6
    assert abs(size - int(said.group(1))) <= 0.5, f"the page says {said.group(1)} MB, {size:.2f} MB"
    assert abs(packed - int(said.group(2))) <= 0.5, f"compressed: {packed:.2f} MB"


def axe_tools() -> Any:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import audit_site

    missing = audit_site.missing_tools(lighthouse=False)
    if missing:
        pytest.skip(missing)
    return audit_site


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_at_the_table_mid_deal(
        browser: Any, base_url: str, scheme: str, with_python: None) -> None:
    audit = axe_tools()
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900},
                                  color_scheme=scheme)
    try:
        page = context.new_page()
        page.add_init_script(AT_ONCE)
        deal(page, players="4")
        page.locator(".play-pick").first.click()  # a card marked: the toggles pressed and not
        page.wait_for_timeout(400)  # the theme's colour transitions end
        page.add_script_tag(path=str(audit.axe_path()))
        violations = page.evaluate(audit.AXE_RUN)
    finally:
        context.close()
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert serious == [], serious
