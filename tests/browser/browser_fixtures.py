"""Fixtures of the browser tests: the built site served locally, Chromium, a page.

A test module imports the fixtures it uses from here (a ``conftest.py`` in
this folder would take the name the other tests import their helpers under).
A page refuses any request that leaves the local server and fails its test
on a JavaScript error or an attempt to reach the network.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_support import TIMEOUT_MS, chromium, serve, showing_all
from site_helpers import built_site

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site_dir() -> Path:
    return built_site().path


@pytest.fixture(scope="module")
def base_url(site_dir: Path) -> Iterator[str]:
    """The site served on 127.0.0.1, on a port the system picks."""
    with serve(site_dir) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as browser:
        yield browser


@contextmanager
def local_page(browser: Any, base_url: str, viewport: dict[str, int]) -> Iterator[Any]:
    """A fresh page (fresh storage) of ``viewport`` that refuses any request off 127.0.0.1.

    Its ``goto`` returns once the page shows all its blocks (:func:`showing_all`).
    """
    context = browser.new_context(base_url=base_url, viewport=viewport)
    context.set_default_timeout(TIMEOUT_MS)
    offsite: list[str] = []

    def route(route: Any) -> None:
        if route.request.url.startswith(base_url) or route.request.url.startswith("data:"):
            route.continue_()
        else:
            offsite.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    errors: list[str] = []
    page = showing_all(context.new_page())
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert offsite == [], f"the site tried to load from the network: {offsite}"
    assert errors == [], f"JavaScript errors: {errors}"


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    """A desktop-sized page (1280 x 900)."""
    with local_page(browser, base_url, DESKTOP) as page:
        yield page


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Any]:
    """A phone-sized page (390 x 844)."""
    with local_page(browser, base_url, PHONE) as page:
        yield page


@pytest.fixture
def with_python(site_dir: Path) -> None:
    """Skip (or, under AMBIGU_REQUIRE_BROWSER=1, fail) when the site has no Pyodide runtime."""
    if not (site_dir / "pyodide" / "wheels.json").is_file():
        reason = "the site was built without the Pyodide runtime (make pyodide-assets)"
        if os.environ.get("AMBIGU_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
