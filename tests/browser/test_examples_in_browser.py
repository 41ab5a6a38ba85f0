"""A worked example's Python session runs in the browser and prints what the page says (issue 12).

The session is the text the test suite runs as a doctest (Sybil); here the
page hands it to Pyodide (the site's worker), which runs it with Python's
doctest. Every line must print what the page expects, as it does in CPython.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_fixtures import (  # noqa: F401 (fixtures)
    base_url,
    browser,
    page,
    phone,
    site_dir,
    with_python,
)
from browser_support import require_browser

pytestmark = require_browser()


@pytest.mark.parametrize(("example", "summary"), [
    ("examples/german-example", "Run it yourself"),
    ("examples/uncalled-vade", "Run it yourself"),
    # The French twin (issue 25): the same session, under its French summary.
    ("fr/examples/german-example", "À vous de l’exécuter"),
])
def test_run_it_yourself_runs_the_session_in_the_page(page: Any, with_python: None,
                                                      example: str, summary: str) -> None:
    page.goto(f"/{example}/")
    block = page.locator("details", has_text=summary).first
    block.locator("summary").click()
    block.locator(".run-button").click()
    page.set_default_timeout(120_000)
    block.locator(".run-passed, .run-failed").wait_for()
    assert block.locator(".run-failed").count() == 0, block.locator(".run-output").inner_text()
    rows = block.locator("table.run-results tbody tr")
    assert rows.count() >= 4 and block.locator("tr.failed").count() == 0
