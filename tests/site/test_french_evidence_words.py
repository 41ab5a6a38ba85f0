"""French reading 4, M1 and M2: one French vocabulary for the evidence marks.

A mark qualifies a rule (« règle », feminine): attestée, reconstituée, inférée,
éditoriale, the words of the home page, the rule format page, the badges, their
tooltips and the counts, which agree with their number (« 19 reconstituées »). A
point whose parts stand on different levels is « mixte », not « mêlé » (the game's
other name, and the word for shuffled).
"""

from __future__ import annotations

import re

import pytest
from site_helpers import ROOT

from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.rules.common import EVIDENCE_LEVELS
from ambigu_rules.site.generate import edition_pages, load_site
from ambigu_rules.site.pages.provenance import evidence_summary
from ambigu_rules.words.lang import FR
from ambigu_rules.words.markup import EVIDENCE

ONE = {"attested": "attestée", "reconstructed": "reconstituée", "inferred": "inférée",
       "editorial": "éditoriale"}
MANY = {level: word + "s" for level, word in ONE.items()}
_OTHER_WORDS = re.compile(
    r"(?:>|title=\")\s*(attesté|reconstruit|inféré|éditorial|déduite)s?\s*[<:]|mêlé\s*:")


def test_the_marks_are_feminine_and_agree_with_their_count() -> None:
    assert {level: EVIDENCE(f"label_{level}", FR) for level in EVIDENCE_LEVELS} == ONE
    assert {level: EVIDENCE(f"labels_{level}", FR) for level in EVIDENCE_LEVELS} == MANY


@pytest.mark.parametrize("version_id", builtin_ids())
def test_the_counts_of_a_version_agree(version_id: str) -> None:
    summary = str(evidence_summary(load_ruleset(version_id), lang=FR))
    counted = re.findall(r"(\d+) <span[^>]*>([^<]*)</span>", summary)
    assert counted
    for count, word in counted:
        assert word == (MANY if int(count) > 1 else ONE)[_level_of(word)], summary


def _level_of(word: str) -> str:
    return next(level for level, one in ONE.items() if word.startswith(one))


def test_no_french_page_uses_other_words_for_the_marks() -> None:
    pages = edition_pages(load_site(), FR)
    found = {path: _OTHER_WORDS.findall(page) for path, page in pages.items()
             if _OTHER_WORDS.search(page)}
    assert found == {}


@pytest.mark.parametrize("page", ["index.fr.md", "rule-format.fr.md"])
def test_the_hand_written_pages_name_the_marks_as_the_badges_do(page: str) -> None:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    for word in ONE.values():
        assert word in text
    assert not re.search(r"\b(reconstruit|inféré|déduite)s?\b", text)
