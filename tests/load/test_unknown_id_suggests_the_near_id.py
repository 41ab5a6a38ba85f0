"""An id that names nothing is reported with the ids it was most likely meant to be.

The version given to ``extends:`` or on the command line, a combination named
in ``parts`` or ``ranking.order``, a step named by ``goto``, ``before`` or
``after``, a source, a place of a source, a deck, a path of ``remove:``: each
message ends the name written with ``(did you mean …?)`` listing the nearest
allowed ones, two when they are as near.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from house_files import HOUSE, problems_of

from ambigu_rules.errors import UnknownVariantError
from ambigu_rules.load.catalog import locate

from conftest import run_cli


def test_extends_a_version_one_digit_off_names_the_two_near_ones(tmp_path: Path) -> None:
    # '1703' is one digit from 1702 and one swap from 1730: both are as near.
    (problem,) = problems_of(tmp_path, HOUSE.replace('"1730"', '"1703"'))
    assert problem.startswith(f"{tmp_path / 'house.yaml'}:6:10: extends: unknown variant "
                              "'1703' (did you mean '1702' or '1730'?): expected a built-in "
                              "version (")


def test_a_version_on_the_command_line_is_suggested_and_exits_2() -> None:
    result = run_cli("show", "fostr")
    assert result.returncode == 2
    assert "unknown variant 'fostr' (did you mean 'foster'?): expected one of" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_version_like_no_other_gets_no_suggestion() -> None:
    with pytest.raises(UnknownVariantError) as caught:
        locate("zzzz")
    assert str(caught.value).startswith("unknown variant 'zzzz': expected one of ")


def test_a_combination_part_is_suggested_from_the_version_s_combinations(
        tmp_path: Path) -> None:
    text = HOUSE + """\
combinations:
  - id: fredon
    parts: [tricn]
    source: editors
    evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert (f"{tmp_path / 'house.yaml'}:9:13: combinations.fredon.parts[0]: no combination "
            "'tricn' (did you mean 'tricon'?)") in problems, problems


def test_a_combination_in_the_order_is_suggested(tmp_path: Path) -> None:
    text = HOUSE + """\
ranking:
  order: [point, prime, grand_prime, sequence, tricon, flush, tricon_prime,
          flush_sequense, fredon]
  final_tie: nearest_dealer_right
  source: editors
  evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert any(p.endswith("ranking.order[7]: no combination 'flush_sequense' "
                          "(did you mean 'flush_sequence'?)") for p in problems), problems


def test_a_goto_is_suggested_from_the_step_ids(tmp_path: Path) -> None:
    text = HOUSE + """\
procedure:
  - id: showdown
    then:
      - {goto: frist_deal}
    source: editors
    evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert any(p.endswith("procedure.showdown.then[0].goto: no step 'frist_deal' "
                          "(did you mean 'first_deal'?)") for p in problems), problems


def test_after_is_suggested_from_the_other_items(tmp_path: Path) -> None:
    text = HOUSE + """\
procedure:
  - id: extra_ante
    kind: ante
    title: Extra ante
    amount: 1
    after: batez
    source: editors
    evidence: editorial
"""
    (problem,) = problems_of(tmp_path, text)
    assert ("procedure.extra_ante: after: no other item 'batez' (did you mean 'battez'?) in "
            "procedure (ids: ") in problem


def test_a_source_is_suggested_from_the_bibliography_and_the_file_s_own(
        tmp_path: Path) -> None:
    text = HOUSE + """\
sources:
  - id: club-book
    title: Rules of the Thursday card club
procedure:
  - id: battez
    stake: 2
    source: club-bok §3
    evidence: attested
players:
  min: 2
  max: 5
  source: editor
  evidence: editorial
"""
    problems = problems_of(tmp_path, text)
    assert any(p.endswith("procedure.battez.source: unknown source 'club-bok' (did you mean "
                          "'club-book'?) (not in rulesets/sources.yaml, nor in this file's own "
                          "'sources:')") for p in problems), problems
    assert any(p.endswith("players.source: unknown source 'editor' (did you mean 'editors'?) "
                          "(not in rulesets/sources.yaml, nor in this file's own 'sources:')")
               for p in problems), problems


def test_a_place_of_a_held_source_is_suggested_from_its_places(tmp_path: Path) -> None:
    text = HOUSE + """\
players:
  min: 2
  max: 5
  source: ajo §Showdwn
  evidence: attested
"""
    (problem,) = problems_of(tmp_path, text)
    assert "players.source: ajo has no place '§Showdwn' (did you mean '§Showdown'?) (its " \
        "places: " in problem


def test_a_deck_is_suggested_from_decks_yaml(tmp_path: Path) -> None:
    text = HOUSE + """\
deck:
  use: fourty
  source: editors
  evidence: editorial
"""
    (problem,) = problems_of(tmp_path, text)
    assert problem.endswith("deck.use: no deck 'fourty' (did you mean 'forty'?) in "
                            "rulesets/decks.yaml (decks: forty, forty-courts)")


def test_a_path_to_remove_is_suggested_part_by_part(tmp_path: Path) -> None:
    # The part that names nothing is put right; the rest of the path is kept.
    text = HOUSE + "remove: [combinations.tricon_prme, combinations.frdon.value]\n"
    problems = problems_of(tmp_path, text)
    assert problems == [
        f"{tmp_path / 'house.yaml'}:7:10: remove: 'combinations.tricon_prme' names nothing in "
        "the parent version (did you mean 'combinations.tricon_prime'?)",
        f"{tmp_path / 'house.yaml'}:7:36: remove: 'combinations.frdon.value' names nothing in "
        "the parent version (did you mean 'combinations.fredon.value'?)",
    ]
