"""Rule files that break the format are reported as file:line:col: path: problem."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from house_files import problems_of

from ambigu_rules.errors import RulesetError
from ambigu_rules.load.resolver import resolve_path

FOSTER_CHILD = """\
format: 1
id: house
title: A house version
short_title: House
summary: Foster with one change.
extends: foster
"""




def line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_combination_value_written_as_a_word_points_at_the_value(tmp_path: Path) -> None:
    text = FOSTER_CHILD + """\
combinations:
  - id: fredon
    value: eight
    source: editors
    evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert len(problems) == 1
    where, path, message = problems[0].split(": ", 2)
    assert where == f"{tmp_path / 'house.yaml'}:{line_of(text, 'value: eight')}:12"
    # Named by its id, as the file writes it (not by its place, 8, in Foster's list).
    assert path == "combinations.fredon.value"
    assert message == "expected a whole number ≥ 0, got 'eight'"


def test_duplicate_key_is_an_error_naming_both_lines(tmp_path: Path) -> None:
    text = FOSTER_CHILD + "title: Again\n"
    (problem,) = problems_of(tmp_path, text)
    assert f":{line_of(text, 'title: Again')}:1: duplicate key 'title'" in problem
    assert "first written at line 3" in problem


def test_unknown_key_is_named(tmp_path: Path) -> None:
    text = FOSTER_CHILD + """\
players:
  min: 2
  max: 6
  maximum: 7
  source: editors
  evidence: editorial
"""
    (problem,) = problems_of(tmp_path, text)
    assert problem.endswith("players: unknown key 'maximum' (did you mean 'max'?)")


def test_unknown_source_id_is_a_dangling_reference(tmp_path: Path) -> None:
    text = FOSTER_CHILD + """\
players:
  min: 2
  max: 5
  source: hoyle-1742 p. 3
  evidence: attested
"""
    (problem,) = problems_of(tmp_path, text)
    assert re.search(r":\d+:\d+: players\.source: unknown source 'hoyle-1742'", problem)


def test_ranking_naming_a_missing_combination_is_an_error(tmp_path: Path) -> None:
    text = FOSTER_CHILD + """\
ranking:
  order: [point, prime, grand_prime, sequence, tricon, flush, tricon_prime,
          flush_sequence, fredon, royal]
  final_tie: nearest_dealer_right
  source: editors
  evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert any("ranking.order[9]: no combination 'royal'" in p for p in problems)


def test_changed_rule_point_must_restate_its_provenance(tmp_path: Path) -> None:
    text = FOSTER_CHILD + """\
combinations:
  - id: fredon
    value: 12
"""
    (problem,) = problems_of(tmp_path, text)
    assert "combinations.fredon: a changed rule point needs its own 'source' and 'evidence'" \
        in problem


def test_evidence_outside_the_four_levels_is_refused(tmp_path: Path) -> None:
    text = FOSTER_CHILD + """\
players:
  min: 2
  max: 6
  source: editors
  evidence: certain
"""
    (problem,) = problems_of(tmp_path, text)
    assert "players.evidence: expected one of" in problem
    assert "'certain'" in problem


def test_unknown_step_kind_is_refused(tmp_path: Path) -> None:
    text = FOSTER_CHILD + """\
procedure:
  - id: blind
    kind: bribe
    title: Blind
    amount: 1
    source: editors
    evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert any("procedure.blind: unknown kind 'bribe'" in p for p in problems)


def test_goto_to_a_missing_step_is_a_dangling_reference(tmp_path: Path) -> None:
    text = FOSTER_CHILD + """\
procedure:
  - id: first_betting
    kind: betting
    title: First betting
    who: each_player
    raises: false
    on_all_pass: [{goto: nowhere}]
    on_uncalled_open: [{end_deal: true}]
    source: editors
    evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert any("no step 'nowhere'" in p for p in problems)


def test_yaml_syntax_error_has_a_position(tmp_path: Path) -> None:
    (problem,) = problems_of(tmp_path, "format: 1\nid: [unclosed\n")
    assert re.match(rf"{re.escape(str(tmp_path))}/house\.yaml:\d+:\d+: YAML syntax error", problem)


def test_extends_an_unknown_version(tmp_path: Path) -> None:
    text = FOSTER_CHILD.replace("extends: foster", "extends: hoyle")
    (problem,) = problems_of(tmp_path, text)
    assert f"house.yaml:{line_of(text, 'extends: hoyle')}:" in problem
    assert "unknown variant 'hoyle'" in problem


def test_extends_loop_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(FOSTER_CHILD.replace("foster", "b.yaml"), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(FOSTER_CHILD.replace("foster", "a.yaml"), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        resolve_path(tmp_path / "a.yaml")
    assert "loops back" in str(caught.value)


def test_one_rank_with_different_tie_keys_is_refused(tmp_path: Path) -> None:
    text = FOSTER_CHILD + """\
ranking:
  order: [point, prime, grand_prime, sequence, tricon, flush,
          [tricon_prime, flush_sequence], fredon]
  final_tie: nearest_dealer_right
  source: editors
  evidence: editorial
"""
    # Foster breaks tricon-prime ties by the rank of the three and the flush
    # doublet by pips: the two cannot share a rank.
    problems = problems_of(tmp_path, text)
    assert any("ranking.order[6]: combinations of one rank must share" in p for p in problems)


def test_a_file_that_is_not_a_ruleset_gets_one_clear_line(tmp_path: Path) -> None:
    # A replay file given where a version is expected: one line, not one per key.
    text = "variant: foster\nseats: [Anna, Ben]\nbank: 10\n"
    (problem,) = problems_of(tmp_path, text)
    assert "house.yaml:1:1: not a rule file" in problem
    assert "ambigu replay" in problem
