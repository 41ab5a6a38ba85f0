"""Evidence per clause: a rule point's badge is the weakest of its parts'."""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.errors import RulesetError
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.rules.common import RulePoint, weakest
from ambigu_rules.site.facts import rule_points

from conftest import run_cli


@pytest.mark.parametrize("version", builtin_ids())
def test_no_headline_badge_is_stronger_than_its_weakest_clause(version: str) -> None:
    points = [point for _, point in rule_points(load_ruleset(version))]
    assert points
    for point in points:
        if point.clauses:
            assert point.evidence == weakest(c.evidence for c in point.clauses)


def test_fosters_first_betting_is_his_but_for_two_parts_from_the_german_page() -> None:
    # foster-1897 Method of Playing: the betting, the uncalled bet, the dealer's
    # choice; what the counter added on a redeal stands for is our reading of it;
    # de-rules §Ein Spiel Schritt für Schritt: the second draw after the force,
    # and passers coming in later.
    step = next(s for s in load_ruleset("foster").procedure if s.id == "first_betting")
    levels = [(clause.source[0].id, clause.evidence) for clause in step.clauses]
    assert levels == [("foster-1897", "attested"), ("foster-1897", "attested"),
                      ("foster-1897", "inferred"), ("de-rules", "inferred"),
                      ("de-rules", "inferred")]
    assert step.evidence == "inferred" and step.mixed


def test_downgrade_applies_to_each_clause(tmp_path: Path) -> None:
    # A version that takes Foster's first betting unchanged, lowered to editorial.
    path = tmp_path / "lowered.yaml"
    path.write_text("format: 1\nid: lowered\ntitle: Lowered\nshort_title: Lowered\n"
                    "summary: Foster, every point lowered.\nextends: foster\n"
                    "inherit: {downgrade_to: editorial, note: A test.}\n", encoding="utf-8")
    step = next(s for s in load_ruleset(str(path)).procedure if s.id == "first_betting")
    assert [c.evidence for c in step.clauses] == ["editorial"] * 5
    assert [c.parent_evidence for c in step.clauses] == ["attested", "attested", "inferred",
                                                         "inferred", "inferred"]
    assert step.evidence == "editorial" and step.parent_evidence == "inferred"


CHILD = """\
format: 1
id: child
title: Child
short_title: Child
summary: Changes Foster's first betting.
extends: foster
procedure:
  - id: first_betting
    open_min: 2
    source: editors
    evidence: {level}
{clauses}"""


def test_a_changed_point_drops_its_parents_clauses(tmp_path: Path) -> None:
    path = tmp_path / "child.yaml"
    path.write_text(CHILD.format(level="editorial", clauses=""), encoding="utf-8")
    step = next(s for s in load_ruleset(str(path)).procedure if s.id == "first_betting")
    assert step.clauses == [] and step.evidence == "editorial"


def test_a_badge_stronger_than_a_clause_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "child.yaml"
    path.write_text(CHILD.format(level="attested", clauses=(
        "    clauses:\n      - {says: Opening is 2, source: editors, evidence: editorial}\n")),
        encoding="utf-8")
    with pytest.raises(RulesetError, match="weakest of its clauses is editorial"):
        load_ruleset(str(path))


def test_show_json_says_which_points_are_mixed() -> None:
    result = run_cli("show", "foster", "--json")
    assert result.returncode == 0
    assert '"evidence_mixed": true' in result.stdout


def test_weakest_orders_the_levels() -> None:
    assert weakest(["reconstructed", "attested"]) == "reconstructed"
    assert RulePoint.model_validate({"source": "editors", "evidence": "editorial"}).mixed is False
