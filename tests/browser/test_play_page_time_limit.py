"""No Python work locks up the Play page: a time limit, a Stop button, a fresh worker (issue 20).

Every request the page sends to its Python worker (play-worker.js) runs under a
time limit: 20 s for the Python work of a request, with a longer allowance for
the first load of Pyodide. While it runs the page shows what it does and a
Stop button; on the limit or on Stop it ends the worker (Worker.terminate()),
says so in one sentence, and the next Deal starts a fresh worker, so a
built-in version deals again without reloading the page.

A test shortens the limit with ``window.AMBIGU_PYTHON_TIME_LIMIT_MS``, set by
an init script before the page runs (or later, between requests: the page
reads it at each one). The hostile files of issue 20 (a chain of 55
combinations each built of the two before it, a NUL and a lone surrogate
written as YAML escapes) are answered, refused or played, within the limit,
and leave the page usable.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_fixtures import (  # noqa: F401 (fixtures)
    base_url,
    browser,
    page,
    site_dir,
    with_python,
)
from browser_support import require_browser

pytestmark = require_browser()

HOSTILE = Path(__file__).resolve().parent.parent / "hostile" / "rulesets"

#: Loading Pyodide in a fresh worker takes some 15 s on a 2-core machine; a
#: wait for a table or a stop gets far more, and fails well before the page's
#: own allowance for the load (240 s) would.
WAIT_MS = 120_000

# Counts the Python workers the page makes and the ones it ends (Worker.terminate());
# the search of the theme has a worker of its own, left out.
COUNT_WORKERS = """
(() => {
  const Native = window.Worker;
  window.__workers = { made: 0, ended: 0 };
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
  };
})();
"""


def chain_of_combinations(count: int = 55) -> str:
    """A 7 KB file extending Foster whose combination c_i has parts [c_(i-1), c_(i-2)]."""
    lines = [
        "format: 1",
        "id: chain",
        "title: Chain",
        "short_title: Chain",
        "summary: Each combination is built of the two before it.",
        "extends: foster",
        "combinations:",
    ]
    names = ["prime", "sequence"]
    for i in range(count):
        lines += [
            f"  - id: c{i}",
            f"    name: C{i}",
            f"    definition: Combination {i}.",
            f"    parts: [{names[-1]}, {names[-2]}]",
            "    value: 1",
            "    source: editors",
            "    evidence: editorial",
        ]
        names.append(f"c{i}")
    return "\n".join(lines) + "\n"


def long_rule_file() -> str:
    """A valid file just under the 1 MiB limit: checking it keeps Python busy for seconds."""
    return ("format: 1\nid: long\ntitle: Long\nshort_title: Long\nextends: foster\n"
            "summary: " + "x" * 1_000_000 + "\n")


def open_play(page: Any) -> None:
    page.set_default_timeout(WAIT_MS)
    page.add_init_script("window.AMBIGU_PLAY_PACE_MS = 0;")  # each answer shown at once
    page.goto("/play/")
    page.wait_for_selector("form.play-form select[name=version] option[value=foster]",
                           state="attached")


def paste(page: Any, text: str) -> None:
    """Choose "Your own rule file" and put ``text`` in the box (after the first variant loads)."""
    page.select_option("select[name=version]", "own")
    page.wait_for_function("() => document.querySelector('textarea[name=rules]').value.length")
    page.fill("textarea[name=rules]", text)


def press_deal(page: Any) -> None:
    page.click("form.play-form button[type=submit]")


def answer(page: Any) -> tuple[str, str]:
    """Wait until the page is idle with an answer: ("stopped" | "refused" | "table", text)."""
    page.wait_for_function(
        """() => document.querySelector('.play-stop').hidden && (
               document.querySelector('.play-status').textContent !== ''
               || document.querySelector('.play-step') !== null)""",
        timeout=WAIT_MS,
    )
    status = page.locator(".play-status")
    classes = status.get_attribute("class") or ""
    text = status.text_content() or ""
    if "play-stopped" in classes:
        return "stopped", text
    if "play-refused" in classes:
        return "refused", text
    assert text == "", f"an answer in an unexpected form: {classes!r} {text!r}"
    return "table", page.locator(".play-step").inner_text()


def deal_foster(page: Any) -> None:
    """Deal Foster, you and three bots; the table must appear, with nothing refused or stopped."""
    page.select_option("select[name=version]", "foster")
    page.select_option("select[name=people]", "1")
    press_deal(page)
    kind, text = answer(page)
    assert kind == "table", f"Deal with Foster did not deal: {kind}: {text}"
    assert text.startswith("Deal 1 · Foster · "), text
    assert page.locator(".play-seat").count() == 4


def test_a_request_past_the_time_limit_is_stopped_and_the_next_deal_works(
        page: Any, with_python: None) -> None:
    # 1 ms: even checking a small house variant takes longer, once Python is
    # loaded (the load has its own allowance, which the test leaves alone).
    page.add_init_script(COUNT_WORKERS + "window.AMBIGU_PYTHON_TIME_LIMIT_MS = 1;")
    open_play(page)
    paste(page, (Path(__file__).resolve().parents[2] / "docs/variants/pool-limit.yaml")
          .read_text(encoding="utf-8"))
    press_deal(page)
    assert page.locator(".play-stop").is_visible()
    kind, text = answer(page)
    assert (kind, text) == ("stopped", "Stopped: checking your rule file took longer than 1 ms.")
    assert page.locator(".play-step").count() == 0
    assert page.evaluate("window.__workers") == {"made": 1, "ended": 1}
    # Back to the page's own limit: a built-in version deals in a fresh worker.
    page.evaluate("delete window.AMBIGU_PYTHON_TIME_LIMIT_MS")
    deal_foster(page)
    assert page.evaluate("window.__workers") == {"made": 2, "ended": 1}


def test_loading_python_has_its_own_allowance(page: Any, with_python: None) -> None:
    page.add_init_script(COUNT_WORKERS + "window.AMBIGU_PYTHON_LOAD_LIMIT_MS = 1;")
    open_play(page)
    page.select_option("select[name=version]", "foster")
    press_deal(page)
    kind, text = answer(page)
    assert (kind, text) == ("stopped", "Stopped: loading Python took longer than 1 ms.")
    page.evaluate("delete window.AMBIGU_PYTHON_LOAD_LIMIT_MS")
    deal_foster(page)
    assert page.evaluate("window.__workers") == {"made": 2, "ended": 1}


def test_a_runtime_that_cannot_be_fetched_is_said_at_once_and_the_next_deal_works(
        page: Any, with_python: None) -> None:
    page.add_init_script(COUNT_WORKERS)
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    open_play(page)
    # The load the page starts on opening fails first, and says so quietly.
    page.wait_for_function("() => document.querySelector('.play-load').textContent"
                           ".startsWith('Python could not start here (')")
    assert page.locator(".play-load").text_content().endswith(" Deal tries again.")
    assert page.evaluate("window.__workers") == {"made": 1, "ended": 1}
    page.select_option("select[name=version]", "foster")
    press_deal(page)
    kind, text = answer(page)  # long before the allowance of the load
    assert kind == "refused" and text.startswith("Python could not start here ("), text
    page.unroute("**/pyodide/pyodide.asm.wasm")
    deal_foster(page)
    assert page.evaluate("window.__workers") == {"made": 3, "ended": 2}


def test_a_runtime_file_answered_with_an_http_error_is_said_at_once(
        page: Any, with_python: None) -> None:
    # Pyodide logs a binary it cannot instantiate and never settles; the start
    # watches the runtime's fetches (python-start.js) and fails at once instead.
    page.add_init_script(COUNT_WORKERS)
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    open_play(page)
    page.wait_for_function("() => document.querySelector('.play-load').textContent"
                           ".startsWith('Python could not start here (')")
    assert "pyodide.asm.wasm: HTTP 404" in page.locator(".play-load").text_content()
    page.select_option("select[name=version]", "foster")
    press_deal(page)
    kind, text = answer(page)  # long before the allowance of the load
    assert (kind, text) == ("refused",
                            "Python could not start here (pyodide.asm.wasm: HTTP 404)."), text
    page.unroute("**/pyodide/pyodide.asm.wasm")
    deal_foster(page)
    assert page.evaluate("window.__workers") == {"made": 3, "ended": 2}


def test_a_move_past_the_time_limit_takes_its_table_with_it(
        page: Any, with_python: None) -> None:
    open_play(page)
    deal_foster(page)
    page.wait_for_selector(".play-actions button")
    page.evaluate("window.AMBIGU_PYTHON_TIME_LIMIT_MS = 1")
    page.locator(".play-actions button").first.click()
    page.wait_for_selector(".play-status.play-stopped")
    text = page.locator(".play-status").text_content()
    assert text == ("Stopped: playing the move took longer than 1 ms. "
                    "Press Deal to start a new table.")
    assert page.locator(".play-area").inner_text() == ""  # that Python's table is gone
    page.evaluate("delete window.AMBIGU_PYTHON_TIME_LIMIT_MS")
    deal_foster(page)


def test_stop_by_keyboard_while_python_loads_and_deal_again(
        page: Any, with_python: None) -> None:
    page.add_init_script(COUNT_WORKERS)
    open_play(page)
    page.select_option("select[name=version]", "foster")
    press_deal(page)
    stop = page.get_by_role("button", name="Stop", exact=True)
    stop.wait_for(state="visible")
    assert page.locator(".play-busy-text").text_content().startswith(("Starting Python",
                                                                      "Loading"))
    stop.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".play-status.play-stopped")
    assert page.locator(".play-status").text_content() == "Stopped at your request."
    assert page.locator(".play-status").get_attribute("aria-live") == "polite"
    assert not stop.is_visible()
    # The focus is not lost with the button: it goes to Deal.
    assert page.evaluate("document.activeElement.textContent") == "Deal"
    assert page.evaluate("window.__workers") == {"made": 1, "ended": 1}
    deal_foster(page)
    assert page.evaluate("window.__workers") == {"made": 2, "ended": 1}


def test_stop_ends_python_work_and_the_deal_pressed_meanwhile_follows(
        page: Any, with_python: None) -> None:
    open_play(page)
    deal_foster(page)  # Python is loaded: what follows is Python at work
    paste(page, long_rule_file())
    press_deal(page)
    page.wait_for_function("() => document.querySelector('.play-busy-text').textContent"
                           " === 'Checking your rule file…'")
    # The reader gives up on the file and asks for Foster: the Deal waits its turn...
    page.select_option("select[name=version]", "foster")
    press_deal(page)
    assert page.locator(".play-busy-text").text_content() == (
        "Checking your rule file… Then your new deal.")
    # ...and Stop ends the check, not the Deal that waits.
    page.get_by_role("button", name="Stop", exact=True).click()
    page.wait_for_selector(".play-status.play-stopped")
    assert page.locator(".play-status").text_content() == "Stopped at your request."
    assert page.locator(".play-stop").is_visible()  # now for Foster's deal, in a new worker
    kind, text = answer(page)
    assert kind == "table", f"the Deal that waited did not deal: {kind}: {text}"
    assert text.startswith("Deal 1 · Foster · "), text


def test_the_chain_of_55_combinations_is_answered_within_the_time_limit(
        page: Any, with_python: None) -> None:
    """Issue 20, defect 3: this 7 KB file took exponential time to check."""
    text = chain_of_combinations()
    assert 6_000 < len(text.encode()) < 9_000
    open_play(page)
    paste(page, text)
    press_deal(page)
    kind, said = answer(page)
    assert kind != "stopped", f"checking the chain of combinations hit the time limit: {said}"
    if kind == "refused":
        assert re.match(r"Refused: your-rules\.yaml:\d+:\d+: ", said), said
    deal_foster(page)


def test_a_nul_in_extends_is_refused_at_its_place_in_the_file(
        page: Any, with_python: None) -> None:
    text = (HOSTILE / "extends-nul.yaml").read_text(encoding="utf-8")
    assert 'extends: "foster\\0.yaml"' in text  # the YAML escape, not a NUL in the file
    open_play(page)
    paste(page, text)
    press_deal(page)
    kind, said = answer(page)
    assert kind == "refused", f"{kind}: {said}"
    assert re.match(r"Refused: your-rules\.yaml:\d+:\d+: ", said), said
    assert "lstat" not in said and "ValueError" not in said, said
    deal_foster(page)


def test_a_lone_surrogate_in_the_title_leaves_the_page_usable(
        page: Any, with_python: None) -> None:
    text = (HOSTILE / "surrogate-in-title.yaml").read_text(encoding="utf-8")
    assert 'title: "\\ud800"' in text
    open_play(page)
    paste(page, text)
    press_deal(page)
    kind, said = answer(page)
    assert kind in {"refused", "table"}, f"{kind}: {said}"
    if kind == "refused":
        assert re.match(r"Refused: your-rules\.yaml:\d+:\d+: ", said), said
    deal_foster(page)

