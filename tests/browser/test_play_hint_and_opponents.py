"""The Play page's opponents and hint in a real browser (issue 26, items 2 and 3),
and its own words in French (the buttons, the step under way).

The opponents are chosen in the form, the expert by default; the choice goes to
the site's Python with the Deal. At an exchange the *Hint* button shows the best
discard with its expected value, and every discard on request; the table's
buttons and the step's title are in the page's language.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_fixtures import (  # noqa: F401 (fixtures)
    base_url,
    browser,
    page,
    site_dir,
    with_python,
)
from browser_support import require_browser

from ambigu_rules.words.lang import FR

pytestmark = require_browser()

#: Every answer shown at once; and each message the page sends its Python, kept.
SETUP = """
window.AMBIGU_PLAY_PACE_MS = 0;
window.sentToPython = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message) {
  window.sentToPython.push(message);
  return post.apply(this, arguments);
};
"""

#: Per edition (docs/assets/words.js, served with French spacing; the title of
#: rulesets/foster.yaml's first_draw and its French form): the page, the opponents'
#: labels, the step, the buttons, how the hint begins, and its summary.
EDITIONS = {
    "en": ("/play/", ["expert bots", "heuristic bots", "random bots"], "First draw",
           ["Keep all", "Hint"], "Best: ", "Every discard allowed"),
    "fr": ("/fr/play/", ["robots experts", "robots heuristiques", "robots au hasard"],
           "Premier échange", ["Tout garder", "Conseil"], FR.typeset("Le mieux : "),
           "Tous les écarts permis"),
}


def new_requests(page: Any) -> list[dict[str, Any]]:
    return [m for m in page.evaluate("window.sentToPython") if m.get("kind") == "new"]


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_the_expert_is_the_default_opponent_and_the_hint_shows_every_discard(
        page: Any, with_python: None, edition: str) -> None:
    address, labels, step, buttons, best, every = EDITIONS[edition]
    page.add_init_script(SETUP)
    page.goto(address + "?v=foster")
    opponents = page.locator("select[name=bots]")
    assert opponents.input_value() == "expert"
    assert opponents.locator("option").all_inner_texts() == labels
    page.select_option("select[name=players]", "3")
    page.click("form.play-form button[type=submit]")
    page.set_default_timeout(90_000)
    page.wait_for_selector(".play-hint-button")
    assert new_requests(page)[-1]["bots"] == "expert"
    assert step in page.inner_text(".play-step")
    shown = page.locator(".play-actions button").all_inner_texts()
    assert all(label in shown for label in buttons), shown
    page.click(".play-hint-button")
    page.wait_for_function("() => document.querySelector('.play-hint').textContent !== ''")
    assert page.inner_text(".play-hint p").startswith(best)
    assert page.get_attribute(".play-hint", "aria-live") == "polite"
    # Foster's first draw on two cards (discard: 0 to 2): stand, either card, both.
    page.click(".play-hint-more summary")
    assert page.inner_text(".play-hint-more summary") == every
    assert page.locator(".play-hint-more tbody tr").count() == 4


def test_the_opponents_picked_are_sent_with_the_deal(page: Any, with_python: None) -> None:
    page.add_init_script(SETUP)
    page.goto("/play/?v=1730")
    page.select_option("select[name=bots]", "random")
    page.click("form.play-form button[type=submit]")
    page.set_default_timeout(90_000)
    page.wait_for_selector(".play-step")
    assert new_requests(page)[-1]["bots"] == "random"
