"""What a page shows first is what it keeps (issue 24: Lighthouse, a phone).

Two things used to change under a reader's eyes as a page started, each a
cost that Lighthouse counts:

- In dark mode the page was laid out and painted light, then restyled whole
  when the theme's script applied the scheme. overrides/partials/scheme-first.html
  sets the scheme on <body> before the page is laid out, on the site and on the
  API reference (docs-api/_templates/layout.html), and the reader's switch
  still works.
- The Play page's form and the combinations page's evaluator are built by
  their scripts; the text under them moved down when they came (a layout
  shift of 0.13 on Play). site.css keeps their room before the scripts run:
  the room kept is the room they take, whatever the width and the edition.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_fixtures import base_url, browser, site_dir  # noqa: F401 (fixtures)
from browser_support import TIMEOUT_MS, require_browser

pytestmark = require_browser()

#: The scheme on <body> as the page's DOM is complete, before any of the
#: page's scripts runs its DOMContentLoaded handlers (the theme starts there).
AT_START = """document.addEventListener("DOMContentLoaded", () => {
  window.schemeAtStart = document.body.getAttribute("data-md-color-scheme");
  window.heightsAtStart = {};
  for (const box of ["#play-table", ".hand-evaluator"]) {
    const node = document.querySelector(box);
    if (node) {
      window.heightsAtStart[box] = {height: node.getBoundingClientRect().height,
                                    children: node.querySelectorAll("*:not(noscript)").length};
    }
  }
}, {capture: true});"""

#: mkdocs.yml and docs-api/conf.py: the light scheme is "default", the dark "slate".
SCHEMES = {"light": "default", "dark": "slate"}


@pytest.fixture
def page_in(browser: Any, base_url: str) -> Iterator[Any]:
    """Open pages in a fresh context of a colour scheme (fresh storage: no choice stored)."""
    contexts: list[Any] = []

    def open_in(scheme: str, width: int = 412) -> Any:
        context = browser.new_context(base_url=base_url, color_scheme=scheme,
                                      viewport={"width": width, "height": 823})
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(AT_START)
        contexts.append(context)
        return context.new_page()

    try:
        yield open_in
    finally:
        for context in contexts:
            context.close()


#: The theme's script, on the site and on the API reference.
THEME_SCRIPTS = ("/assets/javascripts/bundle.", "/_static/sphinx_immaterial_theme.")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["combinations/", "fr/play/",
                                  "api/ambigu_rules.engine.game.html"])
def test_a_page_is_laid_out_in_the_readers_scheme_before_the_theme_starts(
        page_in: Any, path: str, scheme: str) -> None:
    # Without the theme's script the scheme on <body> is the one set before
    # the content is laid out.
    page = page_in(scheme)
    page.route(lambda url: any(part in url for part in THEME_SCRIPTS),
               lambda route: route.abort())
    page.goto(f"/{path}")
    assert page.evaluate("window.schemeAtStart") == SCHEMES[scheme]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["combinations/", "api/ambigu_rules.engine.game.html"])
def test_the_readers_switch_of_scheme_still_works(page_in: Any, path: str,
                                                  scheme: str) -> None:
    page = page_in(scheme)
    page.goto(f"/{path}")
    page.click("form[data-md-component=palette] label:not([hidden])")
    other = SCHEMES["dark" if scheme == "light" else "light"]
    page.wait_for_function("scheme => document.body.getAttribute('data-md-color-scheme')"
                           " === scheme", arg=other)


#: The height of a built box, then its height without the room kept for it.
HEIGHTS = """selector => {
  const box = document.querySelector(selector);
  const kept = box.getBoundingClientRect().height;
  box.style.minHeight = "0";
  const taken = box.getBoundingClientRect().height;
  box.style.minHeight = "";
  return {kept: kept, taken: taken};
}"""


@pytest.mark.parametrize("width", [320, 412, 600, 1024, 1280])
@pytest.mark.parametrize("edition", ["", "fr/"])
@pytest.mark.parametrize(("path", "box", "built"), [
    ("play/", "#play-table", ".play-form"),
    ("combinations/", ".hand-evaluator", ".evaluator-cards"),
])
def test_the_room_kept_for_a_scripted_box_is_the_room_it_takes(
        page_in: Any, path: str, box: str, built: str, edition: str, width: int) -> None:
    page = page_in("light", width)
    page.goto(f"/{edition}{path}")
    page.wait_for_selector(built)
    page.wait_for_load_state("load")
    before = page.evaluate("box => window.heightsAtStart[box]", box)
    after = page.evaluate(HEIGHTS, box)
    assert before["children"] == 0, "built before the page's scripts ran"
    # The room kept before it is built is what it takes once built, to a
    # pixel: nothing under it moves, and no blank room is left.
    assert abs(after["taken"] - before["height"]) <= 1.5, (before, after)
    assert after["kept"] == pytest.approx(before["height"], abs=1.5), (before, after)
