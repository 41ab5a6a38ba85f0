"""The interactive tools of the French edition say their words in French (the French
reading of turn 4).

- H1: the Play page, the evaluator and "Que garder ?" named the versions in
  English (« Russian », « Encyclopedia »): tables/index.json now gives each
  language's title, and the scripts show the page's.
- H2: the evaluator named every combination in English (« Flux with sequence »).
- H3: the refusals of "Que garder ?" were English (« Refusé : the second
  exchange of foster… »).
- M9: the evaluator's column « Donnée » is « Fréquence », and a hand that ties
  reads « 99,8 %, à égalité avec 3 », not « égale 3 ».
- M13: a count of one is said in the singular (« 1 ligne sur 60 diffère »).
- M5: on the Play page « coup » is the deal; the group of the player's
  buttons is « Vos actions ».
"""

from __future__ import annotations

import re
from typing import Any

from browser_fixtures import base_url, browser, page, site_dir, with_python  # noqa: F401
from browser_support import require_browser, wait_until

from ambigu_rules.hands.evaluator import evaluator_for
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.words.lang import FR

pytestmark = require_browser()

WAIT_MS = 120_000


def french_title(version: str) -> str:
    return load_ruleset(version).text_in("short_title", "fr")


def evaluator_rows(page: Any, hand: str) -> dict[str, list[str]]:
    """Type ``hand`` on /fr/combinations/; each version's row: its title, then the cells."""
    page.fill(".evaluator-form input", hand)
    wait_until(page, """() => [...document.querySelectorAll('.evaluator-results tbody td')]
                             .length > 0 && ![...document.querySelectorAll(
                             '.evaluator-results tbody td')].some(
                             td => td.textContent.startsWith('lecture'))""",
               f"the evaluator shows no result for {hand}")
    rows = page.eval_on_selector_all(
        ".evaluator-results tbody tr",
        "rows => rows.map(r => [r.dataset.version, [...r.cells].map(c => c.textContent)])")
    return dict(rows)


def test_the_evaluator_names_versions_and_combinations_in_french(page: Any) -> None:
    page.goto("/fr/combinations/")
    shown = evaluator_rows(page, "2S 3S 4S 9S")
    assert set(shown) == set(builtin_ids())
    for version, cells in shown.items():
        assert cells[0] == french_title(version)
        if cells[1] == "pas dans le jeu de cette version":
            continue
        found = evaluator_for(load_ruleset(version)).evaluate("2S 3S 4S 9S")
        named = next(c for c in load_ruleset(version).combinations
                     if c.id == found.combination_id)
        assert cells[1] == named.text_in("name", "fr"), version
    assert shown["russian"][0] == "Russe"
    assert shown["1730"][1] == "Flux avec séquence"
    headers = page.locator(".evaluator-results thead th").all_inner_texts()
    assert headers[-1] == "Fréquence"
    # Hands that tie: « 12,3 %, à égalité avec 3 ».
    beats = [cells[3] for cells in evaluator_rows(page, "5C 5K 5T 8P").values()]
    assert any(FR.typeset(" %, à égalité avec ") in cell for cell in beats), beats
    assert not any("égale" in cell for cell in beats), beats


def test_the_advice_tool_lists_the_versions_in_french(page: Any) -> None:
    page.goto("/fr/combinations/")
    page.wait_for_selector("#advice-version option", state="attached")
    options = page.eval_on_selector_all("#advice-version option",
                                        "os => os.map(o => [o.value, o.textContent])")
    assert options and all(text == french_title(value) for value, text in options)
    assert ["russian-courts", french_title("russian-courts")] in options


def test_a_refusal_of_the_advice_tool_is_french(page: Any, with_python: None) -> None:
    page.set_default_timeout(WAIT_MS)
    page.goto("/fr/combinations/")
    page.select_option("#advice-version", "foster")
    page.select_option("#advice-exchange", "second")
    page.fill("#advice-hand", "9C 9T 7C")  # cœur, trèfle, cœur: French letters
    page.click(".advice-form button[type=submit]")
    page.wait_for_function("() => /^Refus/.test(document.querySelector('.advice-status')"
                           ".textContent)", timeout=WAIT_MS)
    assert page.text_content(".advice-status") == FR.typeset(
        "Refusé : le second échange de Foster (Second échange) se fait sur 4 cartes ; "
        "vous en avez écrit 3")


def test_the_play_page_names_the_version_and_the_actions_in_french(
        page: Any, with_python: None) -> None:
    page.add_init_script("window.AMBIGU_PLAY_PACE_MS = 0; window.AMBIGU_PLAY_SEED = 3;")
    page.set_default_timeout(WAIT_MS)
    page.goto("/fr/play/?v=russian")
    page.wait_for_selector("form.play-form select[name=version] option", state="attached")
    options = page.eval_on_selector_all("form.play-form select[name=version] option",
                                        "os => os.map(o => [o.value, o.textContent])")
    titled = {value: text for value, text in options if value in builtin_ids()}
    assert titled == {version: french_title(version) for version in titled}
    assert titled["russian"] == "Russe" and titled["encyclopedia"] == "Encyclopédie"
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=people]", "1")
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-step")
    assert page.text_content(".play-step").startswith("Coup 1 · Russe · ")
    group = page.wait_for_selector(".play-actions[role=group]")
    assert group.get_attribute("aria-label") == "Vos actions"


def test_a_count_of_one_is_said_in_the_singular(page: Any) -> None:
    page.goto("/fr/compare/?v=russian,russian-courts")
    page.wait_for_selector(".compare-count")
    wait_until(page, "() => document.querySelector('.compare-count').textContent !== ''",
               "the comparison says no count")
    said = str(page.text_content(".compare-count"))
    differ = int(said.split(" ")[0])
    if differ < 2:
        assert re.match(r"^\d ligne sur \d+ diffère entre", said), said
    else:
        assert re.match(r"^\d+ lignes sur \d+ diffèrent entre", said), said
    # The words of a count, as each script asks for them.
    counted = page.evaluate("""() => [
        ambiguWords.count(1, "compare.count-one", "compare.count",
                          {differ: 1, total: 60, versions: 2}),
        ambiguWords.count(2, "compare.count-one", "compare.count",
                          {differ: 2, total: 60, versions: 2}),
        ambiguWords.count(1, "examples.failed-one", "examples.failed",
                          {failed: 1, lines: 12}),
        ambiguWords.count(1, "play.counters-one", "play.counters", {n: 1})]""")
    assert counted == ["1 ligne sur 60 diffère entre les 2 versions choisies.",
                       "2 lignes sur 60 diffèrent entre les 2 versions choisies.",
                       "1 ligne sur 12 a affiché autre chose que ce qu'attend la page.",
                       "1 jeton"]
