"""A reader's first contact, in Chromium (issue "first contact"): the rough edges
a newcomer meets first, on a phone and on a desktop, in both editions.

- The Play page's form keeps its layout at every width, with one's own rule
  file chosen too: site.css sized the one-row form's columns by the widest
  line of that file's fieldset, and from 768 px its selects fell to 12 px
  beside a fieldset wider than the page, which scrolled sideways.
- A glossary term (an ``<abbr title>``) shows its definition when tapped on a
  touch screen or focused from the keyboard (on-page.js); before, a tap
  showed nothing and the keyboard could not reach a term.
- A link to a row of the comparison lands with the row under the header, the
  form and the column headings, which stay at the top (site.css, compare.js);
  before, it landed under them at 1280 px, and at 390 px the headings were
  under the header.
- Back to top, on a phone, sits in the header's bar, not over the table being
  read (site.css).
- Every box that scrolls sideways takes the keyboard's focus, so that the
  arrow keys scroll it (tools/mkdocs_hooks.py, focusable_table_boxes): the
  worked examples' tables at 390 px were boxes the keyboard could not reach
  (axe-core: scrollable-region-focusable).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from browser_fixtures import base_url, browser, local_page, site_dir  # noqa: F401 (fixtures)
from browser_support import ALL_SHOWN, TIMEOUT_MS, require_browser, wait_until

pytestmark = require_browser()

EDITIONS = ["", "fr/"]


@contextmanager
def touch_page(browser: Any, base_url: str, width: int = 390,
               height: int = 844) -> Iterator[Any]:
    """A phone's page with a touch screen (taps, no hover), off the network."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height},
                                  has_touch=True, is_mobile=True)
    context.set_default_timeout(TIMEOUT_MS)
    context.route("**/*", lambda route: route.continue_()
                  if route.request.url.startswith(base_url) else route.abort())
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert errors == [], f"JavaScript errors: {errors}"


# --- 1. The Play page's form ------------------------------------------------------

#: Every select and the text area of the form: each at least 8em wide, or as
#: wide as its words if they are narrower, and inside the text column; the
#: page no wider than the window.
FORM_LAYOUT = """() => {
  const column = document.querySelector("article.md-content__inner").getBoundingClientRect();
  const fields = [...document.querySelectorAll(".play-form select, .play-form textarea")]
    .filter(node => node.getClientRects().length > 0);
  const em = parseFloat(getComputedStyle(document.querySelector(".play-form select")).fontSize);
  return {
    scroll: document.scrollingElement.scrollWidth, window: innerWidth,
    fields: fields.map(node => {
      const box = node.getBoundingClientRect();
      const kept = node.style.width;
      node.style.width = "max-content";
      const words = node.getBoundingClientRect().width;
      node.style.width = kept;
      return {name: node.name, width: Math.round(box.width),
              wanted: Math.round(Math.min(8 * em, words)),
              inside: box.left >= column.left - 0.5 && box.right <= column.right + 0.5};
    }),
  };
}"""


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_play_form_keeps_its_layout_from_320_to_1920_px(browser: Any, base_url: str,
                                                            edition: str) -> None:
    with local_page(browser, base_url, {"width": 320, "height": 900}) as page:
        # Python is not needed to lay out the form: its load is left out.
        page.route("**/pyodide/**", lambda route: route.abort())
        page.goto(f"/{edition}play/")
        page.wait_for_selector(".play-form select[name=version] option", state="attached")
        page.select_option(".play-form select[name=version]", "own")
        wait_until(page, "() => document.querySelector('.play-form textarea').value.length > 0",
                   "the first house variant never filled the box")
        problems: list[tuple[int, Any]] = []
        for width in (320, 768, 1280, 1920):
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(100)
            layout = page.evaluate(FORM_LAYOUT)
            if layout["scroll"] > layout["window"]:
                problems.append((width, f"page scrolls sideways: {layout['scroll']} px"))
            assert len(layout["fields"]) == 5, layout  # four selects and the text area
            problems.extend((width, field) for field in layout["fields"]
                            if field["width"] < field["wanted"] - 1 or not field["inside"])
        assert problems == []


# --- 2. Glossary terms on a touch screen and from the keyboard -------------------

TIP = "#ambigu-term-tip"


def tip_state(page: Any) -> dict[str, Any]:
    """Whether the term's box shows, its text, whether it describes the term, on screen."""
    state: dict[str, Any] = page.evaluate("""() => {
      const tip = document.querySelector("[role=tooltip].ambigu-term-tip");
      const described = document.querySelector("abbr[aria-describedby]");
      if (!tip || tip.hidden) { return {shown: false, described: described !== null}; }
      const box = tip.getBoundingClientRect();
      return {shown: true, text: tip.textContent,
              described: described ? described.getAttribute("aria-describedby") === tip.id : false,
              inside: box.left >= 0 && box.right <= document.documentElement.clientWidth &&
                      box.top >= 0 && box.bottom <= innerHeight};
    }""")
    return state


@pytest.mark.parametrize("edition", EDITIONS)
def test_tapping_a_glossary_term_shows_its_definition(browser: Any, base_url: str,
                                                      edition: str) -> None:
    with touch_page(browser, base_url) as page:
        page.goto(f"/{edition}versions/1730/")
        page.wait_for_function(ALL_SHOWN)
        # The first use of a term (which takes the focus) and a later use of a term
        # (which does not), marked: a term's title is held back while its box shows.
        assert page.evaluate("""() => {
          const first = document.querySelector("article p abbr[title][tabindex='0']");
          const later = document.querySelector("article p abbr[title]:not([tabindex])");
          if (!first || !later) { return false; }
          first.id = "first-term";
          later.id = "later-term";
          return true;
        }""")
        for term in (page.locator("#first-term"), page.locator("#later-term")):
            definition = term.get_attribute("title")
            term.tap()
            state = tip_state(page)
            assert state == {"shown": True, "text": definition, "described": True,
                             "inside": True}, definition
            # A tap elsewhere closes it, and the term has its title back.
            page.locator("article h1").tap()
            assert tip_state(page) == {"shown": False, "described": False}
            assert term.get_attribute("title") == definition
        # Tapping the term again closes it.
        page.locator("#first-term").tap()
        assert tip_state(page)["shown"]
        page.locator("#first-term").tap()
        assert not tip_state(page)["shown"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_keyboard_reaches_each_terms_first_use_and_escape_closes_it(
        browser: Any, base_url: str, edition: str) -> None:
    with local_page(browser, base_url, {"width": 1280, "height": 900}) as page:
        page.goto(f"/{edition}versions/1730/")
        focusable = page.evaluate("""() => {
          const terms = [...document.querySelectorAll("article abbr[title]")]
            .filter(term => !term.closest("a, button, summary, label"));
          return {reached: terms.filter(term => term.tabIndex === 0).length,
                  definitions: new Set(terms.map(term => term.title)).size};
        }""")
        # One stop per definition: its first use on the page.
        assert focusable["reached"] == focusable["definitions"] > 0
        # Tab from the element just before the first term reaches it.
        page.evaluate("""() => {
          const term = document.querySelector("article abbr[tabindex='0']");
          const before = document.createElement("button");
          before.id = "just-before";
          term.before(before);
          before.focus();
        }""")
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.tagName")
        assert focused == "ABBR"
        definition = page.evaluate("document.activeElement.getAttribute('data-title')")
        assert tip_state(page) == {"shown": True, "text": definition, "described": True,
                                   "inside": True}
        page.keyboard.press("Escape")
        assert not tip_state(page)["shown"]
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        assert tip_state(page)["shown"]
        # The focus moves on: the box no longer describes the term (it closes, or
        # describes the next term if the focus went to one).
        page.keyboard.press("Tab")
        term = page.locator("article abbr[tabindex='0']").first
        assert term.get_attribute("aria-describedby") is None
        assert term.get_attribute("title") == definition
        after = tip_state(page)
        assert not after["shown"] or page.evaluate(
            "document.activeElement.getAttribute('aria-describedby')") == TIP[1:]


# --- 3. A link to a row of the comparison ------------------------------------------

LANDING = """row => {
  const top = selector => { const node = document.querySelector(selector);
                            return node ? node.getBoundingClientRect() : null; };
  const form = document.querySelector("form.compare-controls");
  const sticky = form && getComputedStyle(form).position === "sticky";
  return {row: top("#" + row).top, header: top(".md-header").bottom,
          // The headings stay at the top cell by cell (sticky th), not as a row.
          headings: [top("table.compare-matrix thead th").top,
                     top("table.compare-matrix thead th").bottom],
          form: sticky ? form.getBoundingClientRect().bottom : null, window: innerHeight};
}"""


@pytest.mark.parametrize("row", ["row-players", "row-opening", "row-stock_exhaustion"])
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_link_to_a_comparison_row_lands_with_the_row_in_view(
        browser: Any, base_url: str, edition: str, width: int, row: str) -> None:
    with local_page(browser, base_url, {"width": width, "height": 844}) as page:
        page.goto(f"/{edition}compare/#{row}")
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        at = page.evaluate(LANDING, row)
        head_top, head_bottom = at["headings"]
        # The column headings are in view, under the header (and the form where it
        # stays at the top), and the row is under them, on the screen.
        assert head_top >= at["header"] - 1, at
        if at["form"] is not None:
            assert head_top >= at["form"] - 1, at
        assert head_bottom <= at["row"] < at["window"] - 40, at


# --- 4. Back to top on a phone --------------------------------------------------------

BACK_TO_TOP = """() => {
  const button = document.querySelector(".md-top");
  const box = button.getBoundingClientRect();
  const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
  const meets = other => other.left < box.right && box.left < other.right &&
                         other.top < box.bottom && box.top < other.bottom;
  // The cells the reader sees: those on the screen below the header.
  // The part of each cell the reader sees: on the screen, below the header.
  const cells = [...document.querySelectorAll("article td, article th")].map(cell => {
    const r = cell.getBoundingClientRect();
    return {left: Math.max(r.left, 0), right: Math.min(r.right, innerWidth),
            top: Math.max(r.top, header), bottom: Math.min(r.bottom, innerHeight)};
  }).filter(r => r.right > r.left && r.bottom > r.top);
  const controls = [...document.querySelectorAll(
    ".md-header__button, .md-header__option, .md-search__icon, .md-header__inner label")]
    .filter(node => node.getBoundingClientRect().width > 0);
  return {
    shown: !button.hidden && getComputedStyle(button).visibility === "visible",
    box: [box.left, box.top, box.right, box.bottom],
    cellsSeen: cells.length,
    overCells: cells.filter(meets).length,
    overControls: controls.filter(node => meets(node.getBoundingClientRect()))
      .map(node => node.className),
    onScreen: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
    name: button.textContent.trim(),
  };
}"""


@pytest.mark.parametrize("path", ["rule-format-reference/", "examples/german-example/"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_back_to_top_does_not_cover_a_table_on_a_phone(browser: Any, base_url: str,
                                                       edition: str, path: str) -> None:
    with touch_page(browser, base_url) as page:
        page.goto(f"/{edition}{path}")
        page.wait_for_function(ALL_SHOWN)
        # Down into the page's first table (past its first rows), then back up a little,
        # which makes the theme show the button.
        page.evaluate("""() => {
          const table = document.querySelector("article table");
          const top = table.getBoundingClientRect().top + scrollY;
          scrollTo(0, top + Math.min(300, table.offsetHeight / 2));
        }""")
        page.wait_for_timeout(300)
        page.mouse.wheel(0, -120)
        page.wait_for_function("() => !document.querySelector('.md-top').hidden")
        page.wait_for_timeout(300)  # the theme's transition ends
        state = page.evaluate(BACK_TO_TOP)
        assert state["shown"] and state["onScreen"] and state["name"], state
        assert state["cellsSeen"] > 0, state
        assert state["overCells"] == 0 and state["overControls"] == [], state
        left, top, right, bottom = state["box"]
        assert right - left >= 24 and bottom - top >= 24, state  # a target a finger can take
        page.locator(".md-top").tap()
        wait_until(page, "() => scrollY === 0", "back to top did not go back to the top")


# --- 5. Boxes that scroll sideways take the keyboard's focus -------------------------

SCROLLING_BOXES = """() => [...document.querySelectorAll("article *")].filter(node => {
    const style = getComputedStyle(node);
    return /auto|scroll/.test(style.overflowX) && node.scrollWidth > node.clientWidth + 1 &&
           node.getClientRects().length > 0;
  }).map(node => {
    const focusable = node.tabIndex >= 0 ||
      node.querySelector("a[href], button, input, select, textarea, [tabindex='0']") !== null;
    // A box of the site's (not a code block, named by its text) says what it holds.
    const named = node.tabIndex < 0 || node.tagName === "CODE" ||
      (node.getAttribute("role") !== null && (node.getAttribute("aria-label") || "").length > 0);
    return {box: node.className || node.tagName, focusable: focusable, named: named};
  })"""


@pytest.mark.parametrize("path", ["examples/all-in-side-pot/", "examples/german-example/",
                                  "examples/every-rulebook/", "how-the-versions-play/"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_box_that_scrolls_sideways_takes_the_keyboards_focus_on_a_phone(
        browser: Any, base_url: str, edition: str, path: str) -> None:
    with local_page(browser, base_url, {"width": 390, "height": 844}) as page:
        page.goto(f"/{edition}{path}")
        page.wait_for_load_state("load")
        boxes = page.evaluate(SCROLLING_BOXES)
        assert boxes, "no box scrolls sideways at 390 px"
        assert [box for box in boxes if not (box["focusable"] and box["named"])] == []
        # The arrow keys scroll a table's box once the Tab key has reached it.
        reached = page.evaluate("""() => {
          const box = [...document.querySelectorAll("article .md-typeset__scrollwrap")]
            .find(node => node.scrollWidth > node.clientWidth + 1);
          if (!box) { return null; }
          const before = document.createElement("button");
          box.before(before);
          box.scrollIntoView();
          before.focus();
          return box.className;
        }""")
        if reached is None:
            return  # no table's box scrolls here (the page's other boxes were checked above)
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className").startswith(reached)
        page.keyboard.press("ArrowRight")
        wait_until(page, "() => document.activeElement.scrollLeft > 0",
                   "the arrow key did not scroll the table's box")
