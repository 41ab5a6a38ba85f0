"""The two editions in a real browser: the language switch in the header leads
to the same page in the other language, and back (issue 25)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_fixtures import base_url, browser, page, site_dir  # noqa: F401 (fixtures)
from browser_support import require_browser

pytestmark = require_browser()


def switch_to(page: Any, language: str) -> None:
    """Open the header's language menu and choose ``language`` (its hreflang)."""
    page.locator(".md-select button[aria-label]").hover()
    page.locator(f'.md-select__link[hreflang="{language}"]').click()


@pytest.mark.parametrize("path", ["/", "/history/", "/versions/1730/", "/play/"])
def test_the_switch_leads_to_the_french_page_and_back(page: Any, path: str) -> None:
    page.goto(path)
    assert page.evaluate("document.documentElement.lang") == "en"
    switch_to(page, "fr")
    page.wait_for_url(f"**/fr{path}")
    assert page.evaluate("document.documentElement.lang") == "fr"
    switch_to(page, "en")
    page.wait_for_url(f"**{path}")
    assert page.evaluate("new URL(location.href).pathname") == path


@pytest.mark.parametrize("path", ["/", "/fr/", "/ru/"])
def test_every_tab_of_the_header_shows_whole_at_desktop_width(page: Any, path: str) -> None:
    """The theme's tab bar does not wrap: it scrolls, its scroll bar hidden, so a tab
    past its width cannot be seen. French and Russian words are longer; every tab of
    every edition must show whole at 1280 px (the bar's width is the same at any wider
    screen)."""
    page.goto(path)
    cut = page.evaluate("""() => {
        const list = document.querySelector(".md-tabs__list");
        const right = list.getBoundingClientRect().right;
        return [...list.children].filter(tab => tab.getBoundingClientRect().right > right + 1)
            .map(tab => tab.textContent.trim());
    }""")
    assert cut == []
