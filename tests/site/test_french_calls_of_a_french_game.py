"""French reading 4, H4: the French game's calls are French words on the French pages.

The 1730 rules (and 1659 and 1702, which take their steps from them) are a French
game: a player who passes says « passe » in the French edition, as he says
« battez » and « vade », not the English translation's "pass". The English edition
keeps what the rule file writes (``pass_call: pass``); the French form is data,
``fr: {pass_call: passe}``. The English-speaking versions (Foster, the English
encyclopedia summary) keep their own words, quoted.
"""

from __future__ import annotations

import re

import pytest

from ambigu_rules.languages import FR
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.site.generate import edition_pages, load_site

FRENCH_GAMES = ("1659", "1702", "1730")
_ENGLISH_PASS = re.compile(r"«\s*pass\s*»")


@pytest.mark.parametrize("version_id", FRENCH_GAMES)
def test_the_calls_of_a_french_game_have_their_french_form(version_id: str) -> None:
    steps = [step for step in load_ruleset(version_id).procedure
             if getattr(step, "pass_call", None)]
    assert steps
    assert {step.id: step.text_in("pass_call", "fr") for step in steps} == {
        step.id: "passe" for step in steps}
    assert {step.text_in("pass_call", "en") for step in steps} == {"pass"}


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return edition_pages(load_site(), FR)


@pytest.mark.parametrize("version_id", FRENCH_GAMES)
def test_a_french_game_passes_in_french_on_its_pages(pages: dict[str, str],
                                                     version_id: str) -> None:
    for path in (f"versions/{version_id}.fr.md", f"versions/{version_id}/card.fr.md"):
        page = pages[path]
        assert _ENGLISH_PASS.findall(page) == [], path
        assert re.search(r"«\s*passe\s*»", page), path
