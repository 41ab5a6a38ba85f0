"""What the browser tests share: Chromium, its flags, serving a folder, checks.

Playwright (requirements/browser.txt) drives Debian's Chromium
(``/usr/bin/chromium``, or ``$AMBIGU_CHROMIUM``), headless. Playwright's own
browser download is never used. :data:`MISSING` says why the browser tests
cannot run here (``None`` when they can); :func:`require_browser` turns that
into a skip, or into a failure under ``AMBIGU_REQUIRE_BROWSER=1``.
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("AMBIGU_CHROMIUM", "/usr/bin/chromium")
# As this machine's notes launch it: no sandbox (root), no GPU, and none of
# Chromium's own background connections (the network is closed here).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--metrics-recording-only",
]
TIMEOUT_MS = 10_000


def missing_browser() -> str | None:
    """Why the browser tests cannot run (no Playwright, no Chromium), or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (make browser-deps installs requirements/browser.txt)"
    if not (os.path.isfile(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


MISSING = missing_browser()


def require_browser() -> Any:
    """The module's ``pytestmark``: skip without a browser, or fail if one is required."""
    if MISSING and os.environ.get("AMBIGU_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests required but cannot run: {MISSING}", pytrace=False)
    return pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No log line per request."""


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that leaves a page mid-download is no error worth printing."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1, on a port the system picks; yield its URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextmanager
def chromium() -> Iterator[Any]:
    """Headless Chromium, launched by Playwright with :data:`CHROMIUM_ARGS`."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


def wait_until(page: Any, script: str, message: str, arg: Any = None) -> None:
    """Wait for a JavaScript condition; fail with ``message`` if it never holds."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(script, arg=arg)
    except PlaywrightTimeout:
        pytest.fail(f"{message} (waited {TIMEOUT_MS / 1000:.0f} s)", pytrace=False)


#: True once a page shows all its blocks: a long page leaves the blocks marked
#: "later", and its footnotes, out of its first layout, then on-page.js shows
#: them a few per frame after the theme's script has started
#: (overrides/main.html, docs/assets/on-page.js).
ALL_SHOWN = "() => !document.documentElement.hasAttribute('data-later')"


def showing_all(page: Any) -> Any:
    """``page``, whose ``goto`` returns once the page shows all its blocks.

    The tests look at a page as a reader finds it once it has settled; the
    test of the first layout itself opens its pages without this.
    """
    goto = page.goto

    def goto_shown(url: str, **options: Any) -> Any:
        response = goto(url, **options)
        page.wait_for_function(ALL_SHOWN)
        return response

    page.goto = goto_shown
    return page


def page_width(page: Any) -> int:
    """The page's full width in CSS pixels, with every part of it laid out.

    The site lets the browser skip laying out blocks far from the screen
    (``content-visibility: auto`` in site.css); a skipped block cannot widen
    the page, so before measuring, every block is laid out as if on screen.
    """
    page.add_style_tag(content="* { content-visibility: visible !important; }")
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width
