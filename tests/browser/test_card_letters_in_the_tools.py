"""The site's tools show and read the cards with the page's language's letters (the
French reading, M15: « show V/D/R and accept P/C K T on French pages »).

Each language's letters are data (its ``language.yaml``, ``cards``), served with
the scripts' words (``ambigu_rules/site/script_words.py``): on a French page the
evaluator's grid shows R♠ (roi), not K♠, and reads « 7C VP DK RT » as the seven
of hearts (cœur), the jack of spades (valet de pique), the queen of diamonds
(dame de carreau) and the king of clubs (roi de trèfle); on a Russian page
« ТП 2П 3П 4П » is the ace, two, three and four of spades. « Que garder ? »
reads the same letters and shows its answer with them, and the Play page shows
the cards of its table, its discards and its hint with them: a French reader
marks his court cards by clicking them (R♦, not K♦, on the table and in the
discards the rules allow).
"""

from __future__ import annotations

import re
from typing import Any

from browser_fixtures import base_url, browser, page, site_dir, with_python  # noqa: F401
from browser_support import require_browser, wait_until

from ambigu_rules.errors import AmbiguError
from ambigu_rules.hands.evaluator import evaluator_for
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.words.lang import FR

pytestmark = require_browser()

WAIT_MS = 120_000
#: A court card written with the rule files' letter before a suit's symbol.
ENGLISH_COURT = re.compile(r"(?<![\w])[JQK][\u2660\u2665\u2666\u2663]")


def evaluator_rows(page: Any, hand: str) -> dict[str, list[str]]:
    """Type ``hand`` into the evaluator; each version's row: its title, then the cells."""
    page.fill(".evaluator-form input", hand)
    wait_until(page, """() => [...document.querySelectorAll('.evaluator-results tbody td')]
                             .length > 0 && ![...document.querySelectorAll(
                             '.evaluator-results tbody td')].some(
                             td => td.textContent === ambiguWords('evaluator.reading'))""",
               f"the evaluator shows no result for {hand}")
    return dict(page.eval_on_selector_all(
        ".evaluator-results tbody tr",
        "rows => rows.map(r => [r.dataset.version, [...r.cells].map(c => c.textContent)])"))


def pressed(page: Any) -> list[str]:
    """The cards the grid shows picked, by the rule files' names."""
    return sorted(page.eval_on_selector_all(
        ".evaluator-cards button[aria-pressed=true]", "bs => bs.map(b => b.dataset.card)"))


def test_the_french_grid_shows_the_french_letters(page: Any) -> None:
    page.goto("/fr/combinations/")
    page.wait_for_selector('.evaluator-cards button[data-card="KS"]')
    shown = page.eval_on_selector_all(".evaluator-cards button",
                                      "bs => bs.map(b => [b.dataset.card, b.textContent, b.title])")
    by_name = {name: (text, title) for name, text, title in shown}
    assert by_name["KS"] == ("R♠", "R de pique")
    assert by_name["QH"] == ("D♥", "D de cœur")
    assert by_name["JD"] == ("V♦", "V de carreau")
    assert by_name["AC"][0] == "A♣" and by_name["10C"][0] == "10♣"
    texts = [text for text, _ in by_name.values()]
    assert not [text for text in texts if ENGLISH_COURT.fullmatch(text)], texts
    # A card clicked is written in the box as a French reader types it.
    page.click('.evaluator-cards button[data-card="KS"]')
    page.click('.evaluator-cards button[data-card="7H"]')
    assert page.input_value(".evaluator-form input") == "RP 7C"


def test_french_letters_typed_into_the_evaluator_are_read(page: Any) -> None:
    page.goto("/fr/combinations/")
    french = evaluator_rows(page, "7C VP DK RT")
    assert pressed(page) == ["7H", "JS", "KC", "QD"]
    assert page.text_content(".evaluator-status") == ""
    assert set(french) == set(builtin_ids())
    # What the evaluator shows for 7♥ V♠ D♦ R♣ is what the package says of 7H JS QD KC.
    for version, cells in french.items():
        ruleset = load_ruleset(version)
        try:
            found = evaluator_for(ruleset).evaluate("7H JS QD KC")
        except AmbiguError:  # a pack without court cards
            assert cells[1:] == ["pas dans le jeu de cette version", "", "", ""], version
            continue
        named = next((c for c in ruleset.combinations if c.id == found.combination_id), None)
        assert cells[1] == (named.text_in("name", "fr") if named else "aucune combinaison"), version
        assert cells[2] == str(found.value), version
    assert french["russian-courts"][1] != "pas dans le jeu de cette version"
    # The same hand with the suits' symbols, and in lower case.
    assert evaluator_rows(page, "7♥ v♠ d♦ r♣") == french
    assert evaluator_rows(page, "7c vp dk rt") == french
    # A word that is no card is said as the reader wrote it.
    page.fill(".evaluator-form input", "7C VP DK XP")
    wait_until(page, "() => document.querySelector('.evaluator-status').textContent !== ''",
               "no word about the card that is none")
    said = str(page.text_content(".evaluator-status"))
    assert "XP" in said and "XS" not in said, said


def test_russian_letters_read_as_the_english_page_reads_its_own(page: Any) -> None:
    page.goto("/ru/combinations/")
    russian = evaluator_rows(page, "ТП 2П 3П 4П")
    assert pressed(page) == ["2S", "3S", "4S", "AS"]
    texts = page.eval_on_selector_all(".evaluator-cards button", "bs => bs.map(b => b.textContent)")
    assert "Т♠" in texts and "К♣" in texts and "A♠" not in texts and "K♣" not in texts
    # The English letters, which are no Russian ones, are read there too.
    assert evaluator_rows(page, "AS 2S 3S 4S") == russian
    page.goto("/combinations/")
    english = evaluator_rows(page, "AS 2S 3S 4S")
    assert pressed(page) == ["2S", "3S", "4S", "AS"]
    assert set(russian) == set(english) == set(builtin_ids())
    for version in english:
        ruleset = load_ruleset(version)
        found = evaluator_for(ruleset).evaluate("AS 2S 3S 4S")
        named = next((c for c in ruleset.combinations if c.id == found.combination_id), None)
        # The same combination, value, share beaten and frequency: each in its language.
        if named is not None:
            assert (russian[version][1], english[version][1]) == (
                named.text_in("name", "ru"), named.text_in("name", "en")), version
        assert russian[version][2] == english[version][2] == str(found.value), version
        digits = [re.sub(r"\D", "", cells[3] + cells[4]) for cells in (russian[version],
                                                                       english[version])]
        assert digits[0] == digits[1], version


def test_the_advice_tool_asks_for_and_shows_french_letters(page: Any, with_python: None) -> None:
    page.set_default_timeout(WAIT_MS)
    page.goto("/fr/combinations/")
    page.wait_for_selector("#advice-version option", state="attached")
    page.select_option("#advice-version", "russian-courts")
    page.select_option("#advice-exchange", "first")
    assert page.get_attribute("#advice-hand", "placeholder") == "p. ex. 9P 10P"
    page.fill("#advice-hand", "DK VK")
    page.click(".advice-form button[type=submit]")
    page.wait_for_selector(".advice-table", timeout=WAIT_MS)
    caption = str(page.text_content(".advice-caption"))
    assert "D♦ V♦" in caption, caption
    best = str(page.text_content(".advice-status"))
    table = str(page.text_content(".advice-table"))
    assert best.startswith(FR.typeset("Le mieux :")) and "D♦ V♦" in best, best
    for text in (caption, best, table):
        assert not ENGLISH_COURT.search(text), text
    assert "V♦" in table and "D♦" in table


def test_a_french_player_marks_his_court_cards(page: Any, with_python: None) -> None:
    """Seed 3 of russian-courts deals the person D♦ V♦: both are toggles, and the
    discard of one is played."""
    page.add_init_script("window.AMBIGU_PLAY_PACE_MS = 0; window.AMBIGU_PLAY_SEED = 3;")
    page.set_default_timeout(WAIT_MS)
    page.goto("/fr/play/?v=russian-courts")
    page.wait_for_selector("form.play-form select[name=version] option", state="attached")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=people]", "1")
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-actions button.play-discard")
    hand = page.locator(".play-seat.at-b .play-pick")
    assert sorted(hand.all_inner_texts()) == ["D♦", "V♦"]
    page.click(".play-hint-button")
    page.wait_for_selector(".play-hint p")
    hint = str(page.text_content(".play-hint"))
    assert not ENGLISH_COURT.search(hint), hint
    hand.nth(0).click()
    button = page.locator(".play-actions button.play-discard")
    assert button.get_attribute("aria-disabled") is None
    before = page.locator(".play-log li").count()
    button.click()
    wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
               "the discard was not played", before)
    page.wait_for_selector(".play-actions button")
    table = str(page.text_content(".play-felt"))
    log = str(page.text_content(".play-log"))
    assert not ENGLISH_COURT.search(table), table
    assert not ENGLISH_COURT.search(log), log
