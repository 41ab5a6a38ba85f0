"""What readers of a rules site expect, in Chromium: a short open questions page,
a version page and its rules card that print well on A4, and a search that
finds accented words from unaccented spellings, without footnote numbers.

Printed pages are counted in the PDF Chromium makes (``page.pdf``, A4).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_fixtures import base_url, browser, page, site_dir  # noqa: F401 (fixtures)
from browser_support import require_browser, wait_until

pytestmark = require_browser()

SCREEN = {"width": 1280, "height": 800}


def _pdf_pages(page: Any) -> int:
    pdf = page.pdf(format="A4")
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_open_questions_page_is_at_most_thirty_screens_at_1280(page: Any) -> None:
    page.set_viewport_size(SCREEN)
    page.goto("/open-questions/")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 30 * SCREEN["height"], f"{height} px, {height / SCREEN['height']:.1f} screens"
    # Its details are folded: no source positions show until a fold is opened.
    visible = page.locator("article details.note[open]").count()
    assert visible == 0


def test_open_questions_reading_column_is_not_squeezed(page: Any) -> None:
    page.set_viewport_size(SCREEN)
    page.goto("/open-questions/")
    widths = page.evaluate("""() => [...document.querySelectorAll('article table')]
        .filter(t => !t.closest('details'))
        .map(t => { const ths = [...t.querySelectorAll('th')];
                    const i = ths.findIndex(th => th.textContent.trim() === 'Reading');
                    const cells = [...t.querySelectorAll(`td:nth-child(${i + 1})`)];
                    return [ths[i].getBoundingClientRect().width,
                            Math.max(...cells.map(c => c.textContent.length))]; })""")
    long = [width for width, chars in widths if chars > 60]
    assert long and min(long) > 250, widths


def test_values_table_shows_foster_at_1280(page: Any) -> None:
    page.set_viewport_size(SCREEN)
    page.goto("/combinations/")
    right = page.evaluate("""() => [...document.querySelectorAll('.values-table th')]
        .find(x => x.textContent.trim() === 'Foster').getBoundingClientRect().right""")
    assert right <= SCREEN["width"]


@pytest.mark.parametrize("edition", ["", "fr/"])
def test_1730_page_prints_in_at_most_eight_a4_pages_starting_on_the_first(
        page: Any, edition: str) -> None:
    page.goto(f"/{edition}versions/1730/")
    assert _pdf_pages(page) <= 8
    page.emulate_media(media="print")
    top = page.evaluate("document.querySelector('article h1').getBoundingClientRect().top")
    assert top < 100, f"the title starts {top} px down the first printed page"
    hidden = page.evaluate("""() => ['.md-header', '.md-tabs', '.md-sidebar', '.md-footer']
        .filter(s => document.querySelector(s) &&
                     getComputedStyle(document.querySelector(s)).display !== 'none')""")
    assert hidden == []


@pytest.mark.parametrize("version", ["1730", "foster", "russian", "encyclopedia"])
def test_rules_card_prints_on_one_a4_sheet(page: Any, version: str) -> None:
    page.goto(f"/versions/{version}/card/")
    assert page.locator(".rules-card table").count() == 1
    assert _pdf_pages(page) == 1


def test_folded_details_are_shown_in_print(page: Any) -> None:
    page.goto("/open-questions/")
    page.emulate_media(media="print")
    height = page.evaluate("""() => { const d = document.querySelector('article details');
        return d.getBoundingClientRect().height; }""")
    assert height > 200


@pytest.mark.parametrize("edition", ["", "fr/"])
@pytest.mark.parametrize(("typed", "found"), [("Mesle", "Meslé"), ("Academie", "Académie")])
def test_search_finds_accented_words_from_unaccented_spellings(page: Any, typed: str,
                                                               found: str, edition: str) -> None:
    page.goto(f"/{edition}")
    query = page.locator('input[data-md-component="search-query"]')
    query.click()
    query.press_sequentially(typed, delay=20)
    wait_until(page, """(found) => [...document.querySelectorAll('.md-search-result__item')]
        .some(item => item.textContent.includes(found))""",
               f"searching {typed!r} finds nothing with {found!r}", found)
    shown = page.evaluate("""() => [...document.querySelectorAll('.md-search-result__item sup')]
        .length""")
    assert shown == 0
