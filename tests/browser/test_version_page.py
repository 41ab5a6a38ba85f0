"""A version page in a real browser: what a newcomer sees first, badges, the rule file.

Issue 11: the quick start (players and pack, a deal in a few lines, the
ladder of combinations) is in the first screen on a desktop and a phone; the
evidence badges are at least 11 px; the page links its rule file and the
file is there.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_fixtures import base_url, browser, page, phone, site_dir  # noqa: F401 (fixtures)
from browser_support import page_width, require_browser

pytestmark = require_browser()

VERSIONS = ["1730", "foster", "russian"]


def first_screen_shows_quick_start(page: Any) -> None:
    top = page.eval_on_selector("#quick-start", "h => h.getBoundingClientRect().top")
    height = page.evaluate("window.innerHeight")
    assert 0 <= top < height * 0.75, (top, height)
    first_step = page.eval_on_selector(".quick-start ol li", "li => li.getBoundingClientRect().top")
    assert first_step < height, (first_step, height)


@pytest.mark.parametrize("version", VERSIONS)
def test_quick_start_is_in_the_first_screen_on_a_desktop(page: Any, version: str) -> None:
    page.goto(f"/versions/{version}/")
    first_screen_shows_quick_start(page)


@pytest.mark.parametrize("version", VERSIONS)
def test_quick_start_is_in_the_first_screen_on_a_phone(phone: Any, version: str) -> None:
    phone.goto(f"/versions/{version}/")
    first_screen_shows_quick_start(phone)
    assert page_width(phone) <= 390


def test_evidence_badges_are_at_least_eleven_pixels(page: Any) -> None:
    page.goto("/versions/1702/")
    sizes = page.eval_on_selector_all(
        ".md-typeset .evidence",
        "badges => badges.map(b => parseFloat(getComputedStyle(b).fontSize))")
    assert sizes and min(sizes) >= 11, min(sizes)


def test_the_rule_file_is_offered_and_served(page: Any) -> None:
    page.goto("/versions/russian/")
    link = page.locator("a[download]", has_text="russian.yaml")
    href = link.get_attribute("href")
    response = page.request.get(page.url + href)
    assert response.ok
    assert b"id: russian" in response.body()


def test_a_footnote_marker_shows_its_source_on_hover(page: Any) -> None:
    page.goto("/versions/foster/")
    marker = page.locator("sup[id^='fnref'] a").first
    marker.hover()
    tip = page.locator("[role=tooltip]").filter(has_text="Complete Hoyle")
    tip.wait_for(state="visible")
    assert marker.get_attribute("aria-describedby") == tip.get_attribute("id")
    page.mouse.move(0, 0)
    tip.wait_for(state="hidden")


def test_a_footnote_marker_shows_its_source_when_focused(page: Any) -> None:
    page.goto("/versions/foster/")
    marker = page.locator("sup[id^='fnref'] a").first
    marker.focus()
    tip = page.locator("[role=tooltip]").filter(has_text="Complete Hoyle")
    tip.wait_for(state="visible")
    page.keyboard.press("Escape")
    tip.wait_for(state="hidden")


def test_a_version_page_prints_as_a_rulebook(page: Any) -> None:
    page.goto("/versions/foster/")
    page.emulate_media(media="print")
    # No navigation, header or search in print; the rules, cards and endnotes are there.
    for chrome in (".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer"):
        assert not page.locator(chrome).first.is_visible(), chrome
    assert page.locator("#quick-start").is_visible()
    assert page.locator(".footnote").is_visible()
    breaks = page.eval_on_selector(".footnote", "f => getComputedStyle(f).breakBefore")
    assert breaks == "page"  # the footnotes start their own page, as endnotes
    red = page.eval_on_selector(".quick-start .card-red", "c => getComputedStyle(c).color")
    assert red == "rgb(198, 40, 40)"  # a red suit stays red
    size = page.eval_on_selector(".md-typeset p", "p => parseFloat(getComputedStyle(p).fontSize)")
    assert size >= 11
    pdf = page.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") >= 5
