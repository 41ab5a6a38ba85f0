"""While the reader waits on a Deal, the Play page says what Python is doing.

Issue "hostile input, fourth round", defect 10: a Deal with a pasted rule file
is one request to the worker, which checks the file, then deals (the bots
playing up to the reader's turn, or the whole deal when only bots play). The
page said "Checking your rule file…" for all of it, and a deal that ran past
the time limit was "Stopped: checking your rule file took longer than …",
blaming a file that had passed its check. The page now says the check while the
file is checked, then "Dealing…"; a built-in version is never said to be
checked.

The busy line's every text is recorded as it changes. For the slow deal, the
page is handed no table from the worker (as when the bots take long to play)
once the check has passed, so that the time limit runs out during the deal.
"""

from __future__ import annotations

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

HOUSE = Path(__file__).resolve().parents[2] / "docs" / "variants" / "pool-limit.yaml"

#: Loading Pyodide takes some 15 s on a 2-core machine: a table gets far longer.
WAIT_MS = 120_000

#: Every text the busy line shows, in order (window.__said); while
#: window.__holdTables is true, the page is handed no table from the worker.
WATCH = """
(() => {
  window.__said = [];
  new MutationObserver((records) => {
    records.filter((record) => record.target.classList
                   && record.target.classList.contains("play-busy-text"))
      .forEach((record) => record.addedNodes.forEach((node) => {
        if (node.nodeType === Node.TEXT_NODE && node.data) { window.__said.push(node.data); }
      }));
  }).observe(document, { childList: true, subtree: true });
  window.__holdTables = false;
  const Native = window.Worker;
  window.Worker = class extends Native {
    get onmessage() { return super.onmessage; }
    set onmessage(handler) {
      super.onmessage = handler && ((event) => {
        if (window.__holdTables && event.data && event.data.kind === "state") { return; }
        handler(event);
      });
    }
  };
})();
"""


def open_play(page: Any) -> None:
    page.set_default_timeout(WAIT_MS)
    page.add_init_script("window.AMBIGU_PLAY_PACE_MS = 0;" + WATCH)
    page.goto("/play/")
    page.wait_for_selector("form.play-form select[name=version] option[value=foster]",
                           state="attached")
    page.select_option("select[name=people]", "1")


def said_while_busy(page: Any) -> list[str]:
    """What the busy line said since the last Deal, in order, each once in a row."""
    said: list[str] = page.evaluate(
        "window.__said.filter((text, i, all) => text !== all[i - 1])")
    return said


def deal(page: Any) -> None:
    page.evaluate("window.__said = []")
    page.click("form.play-form button[type=submit]")


def dealt(page: Any) -> None:
    page.wait_for_selector(".play-step")
    page.wait_for_function("() => document.querySelector('.play-stop').hidden")


def paste(page: Any, text: str) -> None:
    page.select_option("select[name=version]", "own")
    page.wait_for_function("() => document.querySelector('textarea[name=rules]').value.length")
    page.fill("textarea[name=rules]", text)


def test_a_pasted_file_is_said_checked_and_then_dealt(page: Any, with_python: None) -> None:
    open_play(page)
    page.select_option("select[name=version]", "foster")
    deal(page)
    dealt(page)  # Python is loaded; Foster's table of hands is installed
    paste(page, HOUSE.read_text(encoding="utf-8"))
    deal(page)
    dealt(page)
    said = said_while_busy(page)
    assert "Checking your rule file…" in said, said
    assert said[-1] == "Dealing…", f"the deal was said to be something else: {said}"
    assert said.index("Checking your rule file…") < len(said) - 1


def test_a_built_in_version_is_never_said_to_be_checked(page: Any, with_python: None) -> None:
    open_play(page)
    page.select_option("select[name=version]", "foster")
    deal(page)
    dealt(page)
    said = said_while_busy(page)
    assert said and said[-1] == "Dealing…", said
    assert not [text for text in said if "rule file" in text], said


def test_a_slow_deal_after_a_pasted_file_is_not_blamed_on_the_file(
        page: Any, with_python: None) -> None:
    open_play(page)
    page.select_option("select[name=version]", "foster")
    deal(page)
    dealt(page)
    # 15 s for the rest: checking this small file, reading its table and seating
    # the table take a second or two; the deal's table never comes.
    page.evaluate("window.AMBIGU_PYTHON_TIME_LIMIT_MS = 15000; window.__holdTables = true")
    paste(page, HOUSE.read_text(encoding="utf-8"))
    deal(page)
    page.wait_for_selector(".play-status.play-stopped")
    assert page.text_content(".play-status") == "Stopped: dealing took longer than 15 s."
    assert said_while_busy(page)[-1] == "Dealing…"
