"""Python kept by the browser (issue 24): a reload restores it instead of starting it anew.

The Play page's worker (assets/python-start.js) keeps a copy of Python's
memory in the browser's Cache Storage once the package is imported and the
version's hand table installed, and a later start restores that copy. It rests
on Pyodide's memory snapshots, which are not a public API in the pinned
Pyodide: the first test fails as soon as a reload stops restoring the copy (a
new Pyodide that changed them, a compiled extension linked elsewhere), and the
others hold the fallback, a copy that cannot be used being replaced while the
page still deals. The page's sentence about the copy's size is checked
against the copy the browser holds. No assertion is about time.
"""

from __future__ import annotations

import re
import time
from typing import Any

from browser_fixtures import base_url, browser, page, site_dir, with_python  # noqa: F401
from browser_support import require_browser, wait_until

pytestmark = require_browser()

WAIT_MS = 120_000
AT_ONCE = "window.AMBIGU_PLAY_PACE_MS = 0;"

#: The kept copies: their URL and size, as the page's origin holds them.
KEPT = """async () => {
  const cache = await caches.open("ambigu-python");
  return Promise.all((await cache.keys()).map(async (request) => ({
    url: request.url,
    bytes: Number((await cache.match(request)).headers.get("X-Ambigu-Bytes")),
    damaged: (await cache.match(request)).headers.has("X-Test-Damaged"),
  })));
}"""


def wait_for_kept(page: Any, condition: str, message: str) -> list[dict[str, Any]]:
    """Poll the kept copies until ``condition`` (JavaScript, of ``kept``) holds."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        kept: list[dict[str, Any]] = page.evaluate(KEPT)
        if page.evaluate(f"(kept) => {condition}", kept):
            return kept
        if time.monotonic() > deadline:
            raise AssertionError(f"{message} (kept: {kept})")
        page.wait_for_timeout(250)


def deal(page: Any) -> dict[str, Any]:
    """Press Deal on the Play page; the worker's timings once the table is shown."""
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-step")
    page.wait_for_selector(".play-actions button")
    timings: dict[str, Any] = page.evaluate("window.ambiguPlayTimings")
    return timings


def first_visit(page: Any) -> dict[str, Any]:
    """A first visit that deals, then waits for the copy of Python to be kept."""
    page.set_default_timeout(WAIT_MS)
    page.add_init_script(AT_ONCE)
    page.goto("/play/?v=foster")
    timings = deal(page)
    assert timings["restored"] == 0, "a first visit found Python kept already"
    kept = wait_for_kept(page, "kept.length === 1",
                         "no copy of Python was kept after the first visit")
    return kept[0]


def test_a_reload_deals_with_the_python_kept_on_the_first_visit(
        page: Any, with_python: None) -> None:
    first_visit(page)
    page.reload()
    timings = deal(page)
    assert timings["restored"] == 1, "the reload started Python anew instead of restoring it"
    assert timings["imports"] == 0
    before = page.locator(".play-log li").count()
    page.locator(".play-actions button:not([aria-disabled])").first.click()
    wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
               "the restored Python played no move", before)


def test_the_page_says_how_big_the_kept_copy_is(page: Any, with_python: None) -> None:
    kept = first_visit(page)
    text = page.locator("article").inner_text()
    said = re.search(r"a copy of about (\d+) MB", text)
    assert said, "the Play page no longer says how big the kept copy of Python is"
    size = kept["bytes"] / 1e6
    assert abs(size - int(said.group(1))) <= 10, f"the page says {said.group(1)} MB, {size:.1f} MB"


def damage_copy(page: Any, url: str, script: str, size: str = "made.length") -> None:
    """Files the bytes ``script`` makes from the kept copy's (``bytes``) under ``url``,
    saying they are ``size`` bytes long and marked as the test's."""
    page.evaluate(f"""async (url) => {{
      const cache = await caches.open("ambigu-python");
      const [request] = await cache.keys();
      const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      const made = {script};
      await cache.delete(request);
      await cache.put(url, new Response(made, {{ headers: {{
        "X-Ambigu-Bytes": String({size}), "X-Test-Damaged": "1" }} }}));
    }}""", url)


def deals_afresh_and_keeps_a_good_copy(page: Any) -> None:
    page.reload()
    timings = deal(page)
    assert timings["restored"] == 0, "a damaged copy was restored"
    wait_for_kept(page, "kept.length === 1 && !kept[0].damaged",
                  "the damaged copy was not replaced")
    page.reload()
    assert deal(page)["restored"] == 1, "the copy that replaced the damaged one was not restored"


def test_a_copy_kept_from_other_wheels_is_replaced(page: Any, with_python: None) -> None:
    kept = first_visit(page)
    other = re.sub(r"[0-9a-f]{64}$", "0" * 64, kept["url"])
    assert other != kept["url"]
    damage_copy(page, other, "bytes")
    deals_afresh_and_keeps_a_good_copy(page)


def test_a_copy_that_is_not_python_is_replaced(page: Any, with_python: None) -> None:
    kept = first_visit(page)
    damage_copy(page, kept["url"], "new Uint8Array(bytes.length)")  # zeros
    deals_afresh_and_keeps_a_good_copy(page)


def test_a_copy_cut_short_is_replaced(page: Any, with_python: None) -> None:
    kept = first_visit(page)
    damage_copy(page, kept["url"], "bytes.subarray(0, bytes.length >> 1)", size="bytes.length")
    deals_afresh_and_keeps_a_good_copy(page)
