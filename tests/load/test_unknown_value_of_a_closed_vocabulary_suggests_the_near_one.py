"""A value outside a closed list (evidence levels, payments, ties, step kinds) is
reported with the allowed value nearest in spelling: ``got 'x' (did you mean 'y'?)``."""

from __future__ import annotations

from pathlib import Path

from house_files import HOUSE, problems_of


def test_a_misspelled_evidence_level_is_suggested(tmp_path: Path) -> None:
    text = HOUSE + """\
players:
  min: 2
  max: 5
  source: editors
  evidence: editorail
"""
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'house.yaml'}:11:13: players.evidence: expected one of 'attested', "
        "'reconstructed', 'inferred' or 'editorial', got 'editorail' (did you mean "
        "'editorial'?)"]


def test_a_payment_is_suggested_on_the_user_s_combination(tmp_path: Path) -> None:
    text = HOUSE + """\
combinations:
  - id: fredon
    payment: add
    source: editors
    evidence: editorial
"""
    (problem,) = problems_of(tmp_path, text)
    assert problem.endswith("combinations.fredon.payment: expected one of 'own' or 'adds', "
                            "got 'add' (did you mean 'adds'?)")


def test_a_tie_key_in_a_list_is_suggested(tmp_path: Path) -> None:
    text = HOUSE + """\
combinations:
  - id: point
    ties: [pip]
    source: editors
    evidence: editorial
"""
    (problem,) = problems_of(tmp_path, text)
    assert problem.startswith(f"{tmp_path / 'house.yaml'}:9:12: combinations.point.ties[0]: "
                              "expected one of ")
    assert problem.endswith("got 'pip' (did you mean 'pips'?)")


def test_a_step_kind_is_suggested(tmp_path: Path) -> None:
    text = HOUSE + """\
procedure:
  - id: extra_ante
    kind: antee
    title: Extra ante
    amount: 1
    source: editors
    evidence: editorial
"""
    (problem,) = problems_of(tmp_path, text)
    assert problem.endswith("procedure.extra_ante: unknown kind 'antee' (did you mean 'ante'?), "
                            "expected one of 'ante', 'deal', 'exchange', 'shuffle_call', "
                            "'betting', 'showdown'")


def test_a_value_like_none_allowed_gets_no_suggestion(tmp_path: Path) -> None:
    text = HOUSE + """\
ranking:
  final_tie: toss_a_coin
  source: editors
  evidence: editorial
"""
    (problem,) = problems_of(tmp_path, text)
    assert problem.endswith("ranking.final_tie: expected one of 'nearest_dealer_right' or "
                            "'split', got 'toss_a_coin'")
