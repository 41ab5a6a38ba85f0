"""A version's evidence counts keep its rules apart from its notes about the text.

Fidelity reading 3, M5: the header of the 1659 and 1702 pages and the home
page's versions-at-a-glance table said "3 attested" for two versions whose
every rule is inferred or editorial. The three attested points of each are
history notes (facts about the books, not rules of the game); they are now
counted apart, as "about the text". L21: ``ambigu variants`` names the main
sources of a version's rules, not the books its history notes cite.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.rules.ruleset import HistoryPoint
from ambigu_rules.site.facts import rule_points
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.pages.glance_table import glance_table
from ambigu_rules.site.pages.provenance import evidence_counts
from ambigu_rules.site.pages.version_page import version_page
from ambigu_rules.words.phrases import ABOUT_THE_TEXT, OF_THE_RULES

from conftest import run_cli

# rulesets/1730.yaml holds 30 rule points: players, deck and direction (3),
# eight steps of the deal (ante, first_deal, battez, second_deal, vade,
# second_exchange, final_betting, showdown), nine combinations, the ranking
# and the payment (2), and eight rules of the table (first_dealer,
# dealer_rotation, betting_limit, bank, buy_back, all_in, stock_exhaustion,
# duration): 3 + 8 + 9 + 2 + 8 = 30. One of them, the step second_deal, is
# editorial ("our choice, hence the editorial level"); the other 29 are
# reconstructed or inferred. 1659.yaml and 1702.yaml take all 30 over with
# `downgrade_to: inferred`, which lowers the 29 to inferred and leaves the
# editorial one as it is: 29 inferred + 1 editorial = 30, and none attested.
RULES_OF_1659_AND_1702 = {"inferred": 29, "editorial": 1}
# Their own history notes, each `evidence: attested` in the file:
# 1659.yaml: first_appearance, second_edition, edition_1665 (3);
# 1702.yaml: maison_1702, prispistrihoc, names (3).
NOTES_ABOUT_THE_TEXT = {"1659": {"attested": 3}, "1702": {"attested": 3}}


def text_of(markdown_html: str) -> str:
    """A page's line without its tags (the badges keep only their label)."""
    return re.sub(r"<[^>]+>", "", markdown_html)


@pytest.mark.parametrize("version", ["1659", "1702"])
def test_1659_and_1702_count_no_attested_rule(version: str) -> None:
    counts = evidence_counts(load_ruleset(version))
    assert dict(counts[OF_THE_RULES]) == RULES_OF_1659_AND_1702
    assert counts[OF_THE_RULES]["attested"] == 0
    assert dict(counts[ABOUT_THE_TEXT]) == NOTES_ABOUT_THE_TEXT[version]


@pytest.mark.parametrize("version", builtin_ids())
def test_history_notes_are_counted_apart_from_the_rules(version: str) -> None:
    ruleset = load_ruleset(version)
    counts = evidence_counts(ruleset)
    assert set(counts) == {OF_THE_RULES, ABOUT_THE_TEXT}
    notes = Counter(item.evidence for item in ruleset.history)
    rules = Counter(point.evidence for _, point in rule_points(ruleset)
                    if not isinstance(point, HistoryPoint))
    assert counts[ABOUT_THE_TEXT] == notes
    assert counts[OF_THE_RULES] == rules
    assert sum(counts[OF_THE_RULES].values()) + sum(notes.values()) == \
        len(list(rule_points(ruleset)))


def test_the_pages_say_the_two_counts_apart() -> None:
    site = load_site(["1659", "1702", "1730"])
    by_id = {version.id: version for version in site.versions}
    header = next(line for line in version_page(site, by_id["1659"]).splitlines()
                  if line.startswith("- **Date:**"))
    assert text_of(header).endswith(
        "rules: 29 inferred, 1 editorial · about the text: 3 attested")
    # 1730.yaml has no history: only its rules are counted (18 reconstructed,
    # 11 inferred, 1 editorial: the 30 points above at their own levels; the
    # showdown is inferred since the batterie at a called showdown is our reading).
    header = next(line for line in version_page(site, by_id["1730"]).splitlines()
                  if line.startswith("- **Date:**"))
    assert text_of(header).endswith("rules: 18 reconstructed, 11 inferred, 1 editorial")
    rows = [line for line in glance_table(site).splitlines() if line.startswith("| [1702]")]
    assert len(rows) == 1
    assert text_of(rows[0]).rstrip(" |").endswith("rules: 29 I, 1 E · about the text: 3 A")


def test_variants_lists_the_sources_of_rules_not_of_history_notes() -> None:
    # 1659.yaml's own history notes cite ru-enc, wikipedia, maison-1659,
    # bnf-maison and maison-1665; its rules are all 1730's, which cite only the
    # Académie des jeux oubliés and, for the battez step, the German page.
    result = run_cli("variants", "--json")
    assert result.returncode == 0, result.stderr
    row = next(r for r in json.loads(result.stdout) if r["id"] == "1659")
    assert row["sources"] == ["Académie des jeux oubliés", "German rules page"]
