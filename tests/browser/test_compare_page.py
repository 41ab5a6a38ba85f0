"""The comparison page in a real browser: choosing versions, marked words, headings.

What issue 11 asks of ``/compare/``: the versions chosen and "only the rows
that differ" live in the address and survive a reload; a row where the chosen
versions agree is one cell; inside differing cells the words that differ are
marked; the column headings stay in view while the table scrolls, on a
desktop and on a phone; with JavaScript off it is the static table of every
version. The rule facts the checks lean on are the sources' own: the Russian
tradition allows seven players (ru-enc), the 1730 and Foster texts six
(ajo, foster-1897 "Ambigu").
"""

from __future__ import annotations

from typing import Any

from browser_fixtures import base_url, browser, local_page, page, phone, site_dir  # noqa: F401 (fixtures)
from browser_support import page_width, require_browser, wait_until

pytestmark = require_browser()

MATRIX = "table.compare-matrix"


def shown_versions(page: Any) -> list[str]:
    """The version ids whose column heading is shown."""
    return page.eval_on_selector_all(
        f"{MATRIX} thead th[data-v]",
        "heads => heads.filter(h => h.offsetParent !== null).map(h => h.dataset.v)")


def row_cells(page: Any, row: str) -> list[dict[str, Any]]:
    """The shown cells of a row: version (or None for a joined cell), colspan, marked words."""
    return page.eval_on_selector_all(
        f"#{row} td",
        """cells => cells.filter(c => c.offsetParent !== null).map(c => ({
            version: c.classList.contains('joined') || c.classList.contains('agreed')
                ? null : c.dataset.v,
            span: c.colSpan,
            marked: [...c.querySelectorAll('mark.word-diff')].map(m => m.textContent.trim()),
        }))""")


def test_choosing_two_versions_puts_them_in_the_address_and_a_reload_keeps_them(
        page: Any) -> None:
    page.goto("/compare/")
    assert len(shown_versions(page)) >= 7
    for box in page.locator("form.compare-controls input[name=v]").all():
        if box.get_attribute("value") not in ("1730", "foster") and box.is_enabled():
            box.uncheck()
    assert "v=1730,foster" in page.url
    assert shown_versions(page) == ["1730", "foster"]
    page.reload()
    assert shown_versions(page) == ["1730", "foster"]
    checked = page.eval_on_selector_all(
        "form.compare-controls input[name=v]",
        "boxes => boxes.filter(b => b.checked).map(b => b.value)")
    assert checked == ["1730", "foster"]
    # The last two versions cannot be unticked: a comparison needs two.
    assert not page.locator("form.compare-controls input[value='1730']").is_enabled()


def test_a_shared_address_opens_on_the_same_comparison(page: Any) -> None:
    page.goto("/compare/?v=russian,1730&rows=all")
    assert shown_versions(page) == ["1730", "russian"]  # in the table's order
    assert not page.locator("#only-differences").is_checked()
    # Every rule-point row is shown when all rows are asked for.
    assert page.eval_on_selector_all(
        f"{MATRIX} tbody tr:not(.group)", "rows => rows.every(r => r.offsetParent !== null)")


def test_only_the_differing_rows_are_shown_by_default_and_agreeing_rows_are_one_cell(
        page: Any) -> None:
    # ajo and foster-1897: two to six players; ru-enc: up to seven.
    page.goto("/compare/?v=1730,foster&rows=all")
    assert row_cells(page, "row-players") == [{"version": None, "span": 2, "marked": []}]
    page.goto("/compare/?v=1730,russian")
    assert page.locator("#only-differences").is_checked()
    assert [c["version"] for c in row_cells(page, "row-players")] == ["1730", "russian"]
    hidden_agreeing = page.eval_on_selector_all(
        f"{MATRIX} tbody tr:not(.group):not(.differs)",
        "rows => rows.length > 0 && rows.every(r => r.offsetParent === null)")
    assert hidden_agreeing, "rows where 1730 and Russian agree are still shown"


def test_the_words_that_differ_are_marked_inside_the_cells(page: Any) -> None:
    # ajo: 1730 admits two to six players; ru-enc: two to seven, best with five or six.
    page.goto("/compare/?v=1730,russian")
    cells = {c["version"]: c["marked"] for c in row_cells(page, "row-players")}
    assert cells["1730"] == ["6"]
    assert "7" in " ".join(cells["russian"]) and "best" in " ".join(cells["russian"])
    # Words both cells share are not marked.
    assert not any("From" in word or word == "players" for word in cells["russian"])


def test_each_row_has_a_visible_permalink(page: Any) -> None:
    page.goto("/compare/?rows=all")
    link = page.locator(f"{MATRIX} #row-players th .row-link")
    assert link.is_visible() and link.get_attribute("href") == "#row-players"


def test_column_headings_stay_in_view_after_scrolling_on_a_desktop(page: Any) -> None:
    page.goto("/compare/?rows=all")
    page.mouse.wheel(0, 3000)
    wait_until(page, "() => window.scrollY > 2000", "the page did not scroll")
    top, bottom = page.eval_on_selector(
        f"{MATRIX} thead th[data-v='foster']",
        "h => [h.getBoundingClientRect().top, h.getBoundingClientRect().bottom]")
    header = page.eval_on_selector(".md-header", "h => h.getBoundingClientRect().bottom")
    assert header <= top < bottom < 300, (header, top, bottom)


def test_column_headings_stay_in_view_in_the_tables_box_on_a_phone(phone: Any) -> None:
    phone.goto("/compare/?v=1730,foster&rows=all")
    phone.eval_on_selector(".compare-wrapper", "w => { w.scrollIntoView(); w.scrollTop = 1500; }")
    wait_until(phone, "() => document.querySelector('.compare-wrapper').scrollTop > 1000",
               "the table's box did not scroll")
    top = phone.eval_on_selector(f"{MATRIX} thead th[data-v='foster']",
                                 "h => h.getBoundingClientRect().top")
    header = phone.eval_on_selector(".md-header", "h => h.getBoundingClientRect().bottom")
    assert header <= top < header + 60, (header, top)
    assert page_width(phone) <= 390


def test_without_javascript_the_page_is_the_table_of_every_version(
        browser: Any, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/compare/?v=1730,foster")
        assert len(shown_versions(page)) >= 7
        assert not page.locator("form.compare-controls").is_visible()
        assert page.locator(f"{MATRIX} tbody tr:not(.group)").first.is_visible()
    finally:
        context.close()


def test_printing_the_comparison_keeps_the_chosen_columns(browser: Any, base_url: str) -> None:
    with local_page(browser, base_url, {"width": 1280, "height": 900}) as page:
        page.goto("/compare/?v=1730,foster")
        page.emulate_media(media="print")
        assert shown_versions(page) == ["1730", "foster"]
        assert not page.locator("form.compare-controls").is_visible()
        pdf = page.pdf(format="A4", landscape=True)
        assert pdf.startswith(b"%PDF") and len(pdf) > 10_000
