"""Every page of the site on a phone: nothing scrolls the page sideways.

Issue 11: at 390 px wide, no page (the API reference included) is wider than
the screen; a wide table scrolls inside its own box. The API reference wears
the site's theme: the same header, search and light/dark switch, and its
logo leads back to the site's home page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_fixtures import base_url, browser, page, phone, site_dir  # noqa: F401 (fixtures)
from browser_support import page_width, require_browser

pytestmark = require_browser()

# Pages Sphinx makes that are not pages of the reference itself.
SKIPPED = {"api/genindex.html", "api/py-modindex.html", "api/search.html", "404.html",
           "fr/404.html"}


def site_pages(site: Path) -> list[str]:
    urls = []
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        if relative in SKIPPED or relative.startswith("api/_"):
            continue
        urls.append("/" + (relative[: -len("index.html")] if relative.endswith("index.html")
                           else relative))
    return urls


def test_no_page_is_wider_than_a_phone(phone: Any, site_dir: Path) -> None:
    urls = site_pages(site_dir)
    assert len(urls) > 50
    too_wide = []
    for url in urls:
        phone.goto(url)
        width = page_width(phone)
        if width > 390:
            too_wide.append((url, width))
    assert too_wide == [], f"pages that scroll sideways at 390 px: {too_wide}"


@pytest.mark.parametrize("url", ["/api/", "/api/ambigu_rules.engine.game.html"])
def test_api_reference_looks_and_navigates_like_the_site(page: Any, url: str) -> None:
    page.goto(url)
    assert page.locator("header.md-header").is_visible()
    assert page.locator(".md-search").count() == 1
    assert page.locator("[data-md-component=palette]").count() >= 1  # light and dark
    page.locator("a.md-logo").first.click()
    page.wait_for_url("**/index.html")
    assert page.url.endswith("/index.html") and "/api/" not in page.url
