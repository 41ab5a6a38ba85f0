"""Issue 43: the Russian edition's interactive tools speak Russian in the browser —
the evaluator and the advice tool name the versions and the combinations with their
Russian names, the Play page its form, its table and its actions, and the search of
the Russian edition finds the game's Russian words."""

from __future__ import annotations

from typing import Any

from browser_fixtures import base_url, browser, page, site_dir, with_python  # noqa: F401
from browser_support import require_browser, wait_until

from ambigu_rules.hands.evaluator import evaluator_for
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset

pytestmark = require_browser()

WAIT_MS = 120_000


def russian_title(version: str) -> str:
    return load_ruleset(version).text_in("short_title", "ru")


def test_the_evaluator_names_versions_and_combinations_in_russian(page: Any) -> None:
    page.goto("/ru/combinations/")
    page.fill(".evaluator-form input", "2S 3S 4S 5S")
    wait_until(page, """() => document.querySelectorAll('.evaluator-results tbody td')
                             .length > 0""", "the evaluator shows no result")
    rows = dict(page.eval_on_selector_all(
        ".evaluator-results tbody tr",
        "rows => rows.map(r => [r.dataset.version, [...r.cells].map(c => c.textContent)])"))
    assert set(rows) == set(builtin_ids())
    for version, cells in rows.items():
        assert cells[0] == russian_title(version)
        found = evaluator_for(load_ruleset(version)).evaluate("2S 3S 4S 5S")
        named = next((c for c in load_ruleset(version).combinations
                      if c.id == found.combination_id), None)
        if named is not None and cells[1] == named.text_in("name", "ru"):
            continue
        assert not any(word in cells[1] for word in ("Flux", "Point", "Sequence")), cells
    assert rows["russian"][0] == "Русская"


def test_the_play_page_speaks_russian(page: Any, with_python: None) -> None:
    page.add_init_script("window.AMBIGU_PLAY_PACE_MS = 0; window.AMBIGU_PLAY_SEED = 3;")
    page.set_default_timeout(WAIT_MS)
    page.goto("/ru/play/?v=russian")
    page.wait_for_selector("form.play-form select[name=version] option", state="attached")
    options = page.eval_on_selector_all("form.play-form select[name=version] option",
                                        "os => os.map(o => [o.value, o.textContent])")
    titled = {value: text for value, text in options if value in builtin_ids()}
    assert titled == {version: russian_title(version) for version in titled}
    assert page.text_content("form.play-form button[type=submit]").strip() == "Сдать"
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=people]", "1")
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-step")
    assert page.text_content(".play-step").startswith("Сдача 1 · Русская · ")
    buttons = page.locator(".play-actions button").all_inner_texts()
    assert buttons and not any(text.strip().lower() in {"discard none", "pass", "fold", "call"}
                               for text in buttons), buttons


def test_the_russian_search_finds_the_fredon(page: Any) -> None:
    page.goto("/ru/")
    page.fill("input.md-search__input", "фредон")
    page.wait_for_selector(".md-search-result__item", timeout=WAIT_MS)
    first = page.locator(".md-search-result__item").first.inner_text()
    assert "редон" in first.lower(), first
