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
