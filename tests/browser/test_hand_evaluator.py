"""The combinations page's instant evaluator, in a real browser (issue 12, item 3).

It reads the tables the build ships (compiled by the interpreter from each
rule file) and must give, for every version, what the Python evaluator
gives: the same combination and value for the same four cards. The expected
rulings named here are the sources': 2♠ 3♠ 4♠ 9♠ is a flush with sequence
worth 8 in the 1730 reconstruction (ajo §Combinations) and a doublet worth 8
in Foster (the German page's worked hand), but only a flush in the Russian
entry, which wants all four in sequence (ru-enc §Флю-секанс).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_fixtures import (  # noqa: F401 (fixtures)
    base_url,
    browser,
    local_page,
    page,
    phone,
    site_dir,
)
from browser_support import require_browser, wait_until

from ambigu_rules.hands.evaluator import evaluator_for
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset

pytestmark = require_browser()


def results(page: Any, hand: str) -> dict[str, list[str]]:
    """Type ``hand``; the evaluator's row for each version: combination, value, beats, dealt."""
    page.fill(".evaluator-form input", hand)
    wait_until(page, """() => [...document.querySelectorAll('.evaluator-results tbody td')]
                             .length > 0 && ![...document.querySelectorAll(
                             '.evaluator-results tbody td')].some(
                             td => td.textContent.startsWith('reading'))""",
               f"the evaluator shows no result for {hand}")
    rows = page.eval_on_selector_all(
        ".evaluator-results tbody tr",
        "rows => rows.map(r => [r.dataset.version, [...r.cells].slice(1).map(c => c.textContent)])")
    return dict(rows)


def test_a_typed_hand_is_judged_by_every_version(page: Any) -> None:
    page.goto("/combinations/")
    shown = results(page, "2S 3S 4S 9S")
    assert shown["1730"][:2] == ["Flux with sequence", "8"]
    assert shown["foster"][:2] == ["Doublet (sequence and flush)", "8"]
    assert shown["russian"][0] == "Flush"
    assert shown["russian-courts"][0] == "not in this version's pack"  # no nine in that pack
    assert set(shown) == set(builtin_ids())


def test_cards_can_be_picked_by_clicking(page: Any) -> None:
    page.goto("/combinations/")
    for card in ("9S", "9H", "9D", "9C"):
        page.locator(f'.evaluator-cards button[data-card="{card}"]').click()
    assert page.locator('.evaluator-cards [aria-pressed="true"]').count() == 4
    shown = results(page, page.input_value(".evaluator-form input"))
    # ajo §Combinations: a fredon is paid 8, "as two tricons".
    assert shown["1730"][:2] == ["Fredon", "8"]


def test_the_page_agrees_with_the_python_evaluator_on_random_hands(page: Any) -> None:
    page.goto("/combinations/")
    rng = random.Random(5)
    evaluators = {v: evaluator_for(load_ruleset(v)) for v in builtin_ids()}
    labels = ["A", "2", "3", "4", "5", "6", "7"]  # in every pack, court cards or not
    for _ in range(12):
        cards = rng.sample([f"{rank}{suit}" for rank in labels for suit in "SHDC"], 4)
        shown = results(page, " ".join(cards))
        for variant, evaluator in evaluators.items():
            expected = evaluator.evaluate(" ".join(cards))
            name = expected.name or "no combination"
            assert shown[variant][:2] == [name, str(expected.value)], (variant, cards)


def test_a_card_that_is_not_a_card_is_named(page: Any) -> None:
    page.goto("/combinations/")
    page.fill(".evaluator-form input", "2S 3S 4S ZZ")
    wait_until(page, "() => document.querySelector('.evaluator-status').textContent"
                     ".includes('Not a card: ZZ')", "an unknown card is not reported")


def test_the_tables_are_read_when_the_reader_reaches_the_evaluator(page: Any) -> None:
    # Some 330 kB of tables, then every row counted: not while the page loads
    # (issue 24: a phone's processor and network), but at the first focus or
    # touch in the evaluator; the hand picked meanwhile is judged once they come.
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto("/combinations/", wait_until="networkidle")
    assert [url for url in asked if url.endswith(".table")] == []
    page.click('.evaluator-cards button[data-card="2S"]')
    for card in ("3S", "4S", "9S"):
        page.click(f'.evaluator-cards button[data-card="{card}"]')
    wait_until(page, """() => [...document.querySelectorAll('.evaluator-results tbody td')]
                        .some(td => td.textContent === 'Flux with sequence')""",
               "the hand picked is not judged once the tables are read")
    assert len([url for url in asked if url.endswith(".table")]) > 1


#: Every card of the evaluator whose label (its rank and suit) runs past the inside of
#: its border, and how far the evaluator's box reaches past the column it sits in (in
#: CSS pixels, half a pixel allowed for rounding).
OVERFLOW = """() => {
  const box = document.querySelector(".hand-evaluator");
  const column = box.parentElement.getBoundingClientRect();
  const cut = [...box.querySelectorAll(".evaluator-cards .card")].filter(card => {
    const outer = card.getBoundingClientRect();
    const left = outer.left + card.clientLeft, right = left + card.clientWidth;
    const range = document.createRange();
    range.selectNodeContents(card);
    const label = range.getBoundingClientRect();
    return label.left < left - 0.5 || label.right > right + 0.5;
  }).map(card => card.dataset.card);
  const right = Math.max(...[...box.querySelectorAll("*")]
    .map(node => node.getBoundingClientRect().right));
  return {cut: cut, past: right - column.right};
}"""


@pytest.mark.parametrize("width", [320, 360, 399, 401, 412, 600, 720, 1280])
def test_every_card_of_the_evaluator_shows_whole_at_every_width(
        browser: Any, base_url: str, width: int) -> None:
    """A "10" and its suit are the widest label; on a phone a thirteenth of the column
    is narrower than it, so there the suit goes under the rank: no label runs into the
    next card (a browser that breaks it or not, by its own line rules), and the
    typing box and its button stay inside the column."""
    with local_page(browser, base_url, {"width": width, "height": 823}) as page:
        page.goto("/combinations/")
        page.wait_for_selector(".evaluator-cards .card")
        shown = page.evaluate(OVERFLOW)
    assert shown["cut"] == [], shown
    assert shown["past"] <= 0.5, shown
