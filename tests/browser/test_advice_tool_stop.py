"""The combinations page's "What should I keep?" can be stopped, as the Play page can.

Issue "hostile input, fourth round", defect 10: the advice tool loads Python
(about 19 MB the first time) and counts in a Web Worker, and a reader on a slow
connection had no way to give up but to leave the page. A Stop button now shows
while the reader waits on an answer, Python loading or counting; it ends the
worker (Worker.terminate()), the status says it stopped, and Advise starts
again in a fresh worker.

To stop Python mid-load, the test holds the runtime's binary (its request is
left unanswered); to stop it mid-count, the page is handed no answer from the
worker, as when Python counts for long (a count takes a fraction of a second).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from browser_fixtures import (  # noqa: F401 (fixtures)
    base_url,
    browser,
    page,
    site_dir,
    with_python,
)
from browser_support import require_browser

from ambigu_rules.words.lang import FR

pytestmark = require_browser()

#: Loading Pyodide takes some 15 s on a 2-core machine: an answer gets far longer.
WAIT_MS = 120_000

#: Counts the Python workers the page makes and ends; while window.__holdAdvice
#: is true, the page is handed no answer of kind "advice" (Python counting on).
WATCH_WORKERS = """
(() => {
  const Native = window.Worker;
  window.__workers = { made: 0, ended: 0 };
  window.__holdAdvice = false;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      this.python = String(url).includes("play-worker.js");
      if (this.python) { window.__workers.made += 1; }
    }
    terminate() {
      if (this.python) { window.__workers.ended += 1; }
      return super.terminate();
    }
    get onmessage() { return super.onmessage; }
    set onmessage(handler) {
      super.onmessage = handler && ((event) => {
        if (window.__holdAdvice && event.data && event.data.kind === "advice") { return; }
        handler(event);
      });
    }
  };
})();
"""

#: Per edition: the page, its Advise and Stop buttons, and what the status says
#: once the reader has stopped (docs/assets/words.js, served with French spacing).
EDITIONS = {
    "en": ("/combinations/", "Advise", "Stop",
           "Stopped at your request. Press Advise to start again."),
    "fr": ("/fr/combinations/", "Conseiller", "Arrêter",
           FR.typeset("Arrêté à votre demande. Appuyez sur « Conseiller » pour recommencer.")),
}


def open_tool(page: Any, address: str) -> None:
    page.set_default_timeout(WAIT_MS)
    page.add_init_script(WATCH_WORKERS)
    page.goto(address)
    page.wait_for_selector("#advice-version option[value=foster]", state="attached")
    page.select_option("#advice-version", "foster")
    page.select_option("#advice-exchange", "second")
    # Symbols: read alike in every edition (French types clubs T, and C is cœur).
    page.fill("#advice-hand", "5♠ 5♥ 5♦ 5♣")


def said(page: Any, text: str) -> None:
    """Wait until the status line says ``text``."""
    page.wait_for_function(
        "(text) => document.querySelector('.advice-status').textContent === text", arg=text)


def answered(page: Any) -> str:
    """Wait for the table of an answer; return the status line."""
    page.wait_for_selector(".advice-table")
    page.wait_for_function("() => !document.querySelector('.advice-form button[type=submit]')"
                           ".disabled")
    return str(page.text_content(".advice-status"))


def test_stop_while_python_loads_ends_the_worker_and_advise_starts_again(
        page: Any, with_python: None) -> None:
    held: list[Any] = []
    page.route("**/pyodide/pyodide.asm.wasm",
               lambda route: held.append(route))  # the load never ends by itself
    address, advise, stop_label, stopped = EDITIONS["en"]
    open_tool(page, address)
    stop = page.get_by_role("button", name=stop_label, exact=True)
    assert not stop.is_visible()  # nothing to stop before the reader asks
    page.get_by_role("button", name=advise, exact=True).click()
    stop.wait_for(state="visible")
    assert page.text_content(".advice-status") in {"Starting Python…",
                                                   "Loading Python (about 19 MB the first time)…"}
    assert page.get_by_role("button", name=advise, exact=True).is_disabled()
    stop.focus()
    page.keyboard.press("Enter")
    said(page, stopped)
    assert not stop.is_visible()
    assert page.evaluate("window.__workers") == {"made": 1, "ended": 1}
    # The focus is not lost with the button: it goes back to Advise, which is usable.
    assert page.evaluate("document.activeElement.textContent") == advise
    assert page.get_by_role("button", name=advise, exact=True).is_enabled()
    # Reaching for the form again does not start the stopped load by itself...
    page.focus("#advice-seen")
    page.wait_for_timeout(500)
    assert page.evaluate("window.__workers") == {"made": 1, "ended": 1}
    # ...Advise does, in a fresh worker, and answers.
    page.unroute("**/pyodide/pyodide.asm.wasm")
    page.get_by_role("button", name=advise, exact=True).click()
    assert answered(page) == "Best: keep all of 5♠ 5♥ 5♦ 5♣, an expected value of 10.00."
    assert page.evaluate("window.__workers") == {"made": 2, "ended": 1}
    for route in held:
        with contextlib.suppress(Exception):  # the request went with the worker that made it
            route.abort()


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_stop_while_counting_ends_the_count_and_advise_answers_again(
        page: Any, with_python: None, edition: str) -> None:
    address, advise, stop_label, stopped = EDITIONS[edition]
    open_tool(page, address)
    page.get_by_role("button", name=advise, exact=True).click()
    answered(page)  # Python is loaded: what follows is Python at work
    stop = page.get_by_role("button", name=stop_label, exact=True)
    assert not stop.is_visible()
    page.evaluate("window.__holdAdvice = true")
    page.fill("#advice-hand", "9S 10S")
    page.select_option("#advice-exchange", "first")
    page.get_by_role("button", name=advise, exact=True).click()
    stop.wait_for(state="visible")
    stop.click()
    said(page, stopped)
    assert not stop.is_visible()
    assert page.evaluate("window.__workers") == {"made": 1, "ended": 1}
    page.evaluate("window.__holdAdvice = false")
    page.get_by_role("button", name=advise, exact=True).click()
    stop.wait_for(state="visible")  # loading Python again, in a new worker
    answered(page)
    assert page.locator(".advice-table tbody tr").count() == 4  # 9♠ 10♠: 1 + 2 + 1 discards
    assert page.evaluate("window.__workers") == {"made": 2, "ended": 1}
    assert not stop.is_visible()
