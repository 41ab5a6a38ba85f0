"""The combinations page's "What should I keep?" in a real browser (issue 26, item 1).

The page sends the reader's version, exchange, hand and cards seen to the site's
Python (Pyodide in a Web Worker) and shows every discard the rule file allows,
best first, with the chance of each final best combination and the expected value,
in a table, in the page's language. The figures expected here are worked out
from the card counts in the comments, not read from the code.
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
from browser_support import page_width, require_browser

from ambigu_rules.languages import lang_of
from ambigu_rules.words.lang import FR

pytestmark = require_browser()

#: Per edition: the page, the words of the answer (docs/assets/words.js, served with
#: French spacing), and the names Foster's rule file gives the flush and the fredon
#: in that language.
EDITIONS = {
    "en": ("/combinations/", "Best: keep all of 5♠ 5♥ 5♦ 5♣, an expected value of 10.00.",
           "nothing", "Flush", "Tricon", ("3.0 %", "0.9 %"), "Refused:"),
    "fr": ("/fr/combinations/",
           FR.typeset("Le mieux : tout garder (5♠ 5♥ 5♦ 5♣), une valeur espérée de 10,00."),
           "rien", "Flux", "Tricon", ("3,0 %", "0,9 %"), FR.typeset("Refusé :")),
}


def typed(page: Any, cards: str) -> str:
    """Cards written with the rule files' letters (``5S 3C``), as a reader of the page's
    language types them (``5S 3T`` in French, where C is cœur: issue 43)."""
    lang = lang_of(str(page.evaluate("document.documentElement.lang")))
    return " ".join(lang.typed_card(card[:-1], card[-1]) for card in cards.split())


def advise(page: Any, version: str, exchange: str, hand: str, seen: str = "") -> str:
    """Fill the form (the cards written with the rule files' letters, typed in the page's
    language), ask, and return the status line once the answer is in."""
    page.select_option("#advice-version", version)
    page.select_option("#advice-exchange", exchange)
    page.fill("#advice-hand", typed(page, hand))
    page.fill("#advice-seen", typed(page, seen))
    page.evaluate("window.ambiguAdviceMs = undefined; document.querySelector('.advice-status')"
                  ".textContent = ''")
    page.click(".advice-form button[type=submit]")
    page.wait_for_function("() => window.ambiguAdviceMs !== undefined || "
                           "/^Refus/.test(document.querySelector('.advice-status').textContent)",
                           timeout=120_000)
    return str(page.text_content(".advice-status"))


def column(page: Any, header: str) -> int:
    headers = page.locator(".advice-table thead th").all_inner_texts()
    assert header in headers, headers
    return headers.index(header)


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_the_tool_lists_every_discard_with_its_chances_best_first(
        page: Any, with_python: None, edition: str) -> None:
    address, best, nothing, flush, tricon, chances, refused = EDITIONS[edition]
    page.goto(address)
    # Foster's second draw on a fredon of fives: 4 cards, discards of 0 to 4 cards,
    # 1 + 4 + 6 + 4 + 1 = 16 options; standing keeps the fredon for sure, and
    # rulesets/foster.yaml pays a fredon 10: an expected value of 10.
    assert advise(page, "foster", "second", "5S 5H 5D 5C") == best
    assert page.locator(".advice-table tbody tr").count() == 16
    first = page.locator(".advice-table tbody tr").first.locator("th, td").all_inner_texts()
    assert first[0] == nothing and first[column(page, "Fredon")] == "100 %"
    # Foster's first draw on 9♠ 10♠, standing: 2 of the 38 unseen cards come,
    # C(38, 2) = 703 ways. A flush needs both to be spades: C(8, 2) = 28, of which
    # the 7 with the 8♠ make a sequence in the flush, leaving 21 plain flushes,
    # 21 / 703 = 2.99 %. A tricon needs a pair of nines or of tens, 3 + 3 = 6 ways
    # of the three of each rank left: 6 / 703 = 0.85 %.
    advise(page, "foster", "first", "9S 10S")
    rows = page.locator(".advice-table tbody tr")
    stand = next(rows.nth(i).locator("th, td").all_inner_texts() for i in range(rows.count())
                 if rows.nth(i).locator("th").inner_text() == nothing)
    assert (stand[column(page, flush)], stand[column(page, tricon)]) == chances
    # A hand of the wrong size is refused in the package's own words.
    assert advise(page, "foster", "first", "9S").startswith(refused)


def test_the_tool_is_labelled_and_its_answer_is_a_table_announced_politely(
        page: Any, with_python: None) -> None:
    page.goto("/combinations/")
    for control in page.locator(".advice-form select, .advice-form input").all():
        name = control.get_attribute("id")
        assert page.locator(f'label[for="{name}"]').count() == 1, name
    assert page.get_attribute(".advice-status", "aria-live") == "polite"
    advise(page, "1730", "second", "9S 10S 2H 3C")
    assert page.locator(".advice-table caption").count() == 1
    assert page.locator('.advice-table thead th[scope="col"]').count() >= 4
    assert page.locator('.advice-table tbody th[scope="row"]').count() == 16


def test_the_tool_fits_a_phone(phone: Any, with_python: None) -> None:
    phone.goto("/combinations/")
    advise(phone, "foster", "first", "9S 10S")
    # The wide table scrolls in its own box; the page itself keeps the phone's width.
    assert page_width(phone) <= 390
