"""``inherited_from`` and ``parent_evidence`` are set by the loader when a point comes
unchanged from a parent version; a file that wrote them would claim a provenance
(the site shows it) that no inheritance gave. So a file may not write them, and
the schemas an editor reads do not offer them."""

from __future__ import annotations

import json
from pathlib import Path

from house_files import HOUSE, problems_of

from ambigu_rules.load.catalog import rulesets_dir
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.load.schema import COMPLETE_NAME, EXTENDS_NAME


def test_a_point_written_as_inherited_is_refused_at_the_key(tmp_path: Path) -> None:
    text = HOUSE + """\
players:
  min: 2
  max: 5
  inherited_from: foster
  parent_evidence: attested
  source: editors
  evidence: editorial
"""
    # HOUSE is six lines: the two keys are on lines 10 and 11, and a mark points at
    # the value, after "  inherited_from: " (column 19) and "  parent_evidence: " (20).
    said = "set by inheritance, not written by hand (the loader marks a point that " \
        "comes unchanged from the parent): remove it"
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'house.yaml'}:10:19: players.inherited_from: {said}",
        f"{tmp_path / 'house.yaml'}:11:20: players.parent_evidence: {said}",
    ]


def test_the_loader_still_marks_what_a_house_file_inherits() -> None:
    # 1659 extends 1730 and does not restate its combinations.
    point = load_ruleset("1659").combinations[0]
    assert point.inherited_from == "1730"


def test_the_schemas_do_not_offer_them() -> None:
    for name in (COMPLETE_NAME, EXTENDS_NAME):
        text = (rulesets_dir() / name).read_text(encoding="utf-8")
        schema = json.loads(text)
        assert "inherited_from" not in text and "parent_evidence" not in text, name
        assert "evidence" in json.dumps(schema)
