"""A key written wrong is named with the key it was most likely meant to be.

Each expected line is written from the rule: ``file:line:col: path: unknown key
'x' (did you mean 'y'?)``, the path naming the user's own item by its id, the
suggestion being the allowed key nearest in spelling (none when nothing is near).
"""

from __future__ import annotations

from pathlib import Path

from house_files import HOUSE, problems_of

from conftest import run_cli

TWO_PAIRS = """\
combinations:
  - id: two_pairs
    name: Two pairs
    definition: Two cards of one rank and two of another.
    when: {max_rank_count: 2, distinct_ranks: 2}
    ties: [ranks_desc]
    vlaue: 3
    source: editors
    evidence: editorial
ranking:
  order: [point, prime, two_pairs, grand_prime, sequence, tricon, flush, tricon_prime,
          flush_sequence, fredon]
  final_tie: nearest_dealer_right
  source: editors
  evidence: editorial
"""




def test_a_misspelled_value_in_a_house_combination_is_one_line_naming_it(
        tmp_path: Path) -> None:
    # 'vlaue' is on line 13 of the file, its value at column 12.
    assert problems_of(tmp_path, HOUSE + TWO_PAIRS) == [
        f"{tmp_path / 'house.yaml'}:13:12: combinations.two_pairs: unknown key 'vlaue' "
        "(did you mean 'value'?)"]


def test_the_command_line_prints_the_one_line_and_exits_2(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(HOUSE + TWO_PAIRS, encoding="utf-8")
    result = run_cli("validate", "house.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "house.yaml:13:12: combinations.two_pairs: unknown key 'vlaue' (did you mean 'value'?)"]


def test_a_key_like_none_allowed_gets_no_suggestion(tmp_path: Path) -> None:
    text = HOUSE + TWO_PAIRS.replace("vlaue", "colour")
    (problem,) = problems_of(tmp_path, text)
    assert problem.endswith("combinations.two_pairs: unknown key 'colour'")


def test_a_key_of_a_step_is_suggested_from_the_keys_of_its_kind(tmp_path: Path) -> None:
    # A shuffle_call step has a 'stake'; the 1730 'battez' step is one. Such a step
    # also has a key named as its kind ('shuffle_call', the call): the problem is
    # still the user's line, not a line of rulesets/1730.yaml.
    text = HOUSE + """\
procedure:
  - id: battez
    stkae: 2
    source: editors
    evidence: editorial
"""
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'house.yaml'}:9:12: procedure.battez: unknown key 'stkae' "
        "(did you mean 'stake'?)"]


def test_a_key_of_an_effect_is_suggested_with_the_file_s_spelling(tmp_path: Path) -> None:
    # The model calls it from_; the file writes 'from', and so does the suggestion.
    text = HOUSE + """\
procedure:
  - id: showdown
    then:
      - {pay: {amount: 1, form: dealer, to: pool}}
      - {end_deal: true}
    source: editors
    evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert any(p.endswith("procedure.showdown.then[0].pay: unknown key 'form' "
                          "(did you mean 'from'?)") for p in problems), problems


def test_a_key_inside_a_union_branch_is_suggested_from_that_branch(tmp_path: Path) -> None:
    # An amount the table agrees on is {default, choices}.
    text = HOUSE + """\
procedure:
  - id: ante
    amount: {default: 1, choises: [1, 2]}
    source: editors
    evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert any(p.endswith("procedure.ante.amount: unknown key 'choises' "
                          "(did you mean 'choices'?)") for p in problems), problems


def test_the_keys_of_an_extending_file_are_suggested_too(tmp_path: Path) -> None:
    # 'remove' at the top and 'before' in an item are the merge's, not the model's.
    text = HOUSE + """\
remvoe: [combinations.fredon]
procedure:
  - id: extra_ante
    kind: ante
    title: Extra ante
    amount: 1
    befor: first_deal
    source: editors
    evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert any(p.endswith("(top level): unknown key 'remvoe' (did you mean 'remove'?)")
               for p in problems), problems
    assert any(p.endswith("procedure.extra_ante: unknown key 'befor' (did you mean 'before'?)")
               for p in problems), problems


def test_a_table_key_is_suggested(tmp_path: Path) -> None:
    text = HOUSE + "table:\n  bnak: {}\n"
    (problem,) = problems_of(tmp_path, text)
    assert problem.endswith("table: unknown key 'bnak' (did you mean 'bank'?)")
