"""A problem names the item the user wrote by its id, not by its place in the list
that ``extends`` made: ``combinations.two_pairs.value``, not ``combinations[9].value``.

An item without an id of its own (an entry of ``ranking.order``, an effect), or
with one that two items share or that is no identifier, keeps its index.
"""

from __future__ import annotations

from pathlib import Path

from house_files import HOUSE, problems_of

from ambigu_rules.load.validation import format_path

TWO_PAIRS = """\
combinations:
  - id: two_pairs
    name: Two pairs
    definition: Two cards of one rank and two of another.
    when: {max_rank_count: 2, distinct_ranks: 2}
    ties: [ranks_desc]
    value: three
    source: editors
    evidence: editorial
ranking:
  order: [point, prime, two_pairs, grand_prime, sequence, tricon, flush, tricon_prime,
          flush_sequence, fredon]
  final_tie: nearest_dealer_right
  source: editors
  evidence: editorial
"""




def test_a_new_combination_of_a_house_file_is_named_by_its_id(tmp_path: Path) -> None:
    # two_pairs comes tenth in the merged list (after the nine of 1730): its id names it.
    assert problems_of(tmp_path, HOUSE + TWO_PAIRS) == [
        f"{tmp_path / 'house.yaml'}:13:12: combinations.two_pairs.value: expected a whole "
        "number ≥ 0, got 'three'"]


def test_a_changed_step_of_the_parent_is_named_by_its_id(tmp_path: Path) -> None:
    text = HOUSE + """\
procedure:
  - id: battez
    stake: -1
    source: editors
    evidence: editorial
"""
    (problem,) = problems_of(tmp_path, text)
    assert problem == (f"{tmp_path / 'house.yaml'}:9:12: procedure.battez.stake: expected a "
                       "whole number from 0 to 1,000,000,000, got -1")


def test_a_reference_check_names_the_item_by_id_too(tmp_path: Path) -> None:
    text = HOUSE + TWO_PAIRS.replace("value: three", "value: 3").replace(
        "prime, two_pairs, grand_prime", "prime, grand_prime")
    (problem,) = problems_of(tmp_path, text)
    assert problem == (f"{tmp_path / 'house.yaml'}:8:9: combinations.two_pairs.id: combination "
                       "'two_pairs' is not in ranking.order: give the order with it in its place")


def test_items_without_an_id_keep_their_index() -> None:
    data = {"ranking": {"order": ["point", ["a", "b"]]},
            "procedure": [{"id": "showdown", "then": [{"goto": "x"}]}]}
    assert format_path(("ranking", "order", 1), data) == "ranking.order[1]"
    assert format_path(("procedure", 0, "then", 0, "goto"), data) == \
        "procedure.showdown.then[0].goto"


def test_an_id_two_items_share_or_that_is_no_identifier_keeps_the_index() -> None:
    data = {"procedure": [{"id": "blind"}, {"id": "blind"}, {"id": "a b"}, {"id": ["x"]},
                          {"id": 1730}, {"id": True}]}
    shown = [format_path(("procedure", index, "id"), data) for index in range(6)]
    assert shown == ["procedure[0].id", "procedure[1].id", "procedure[2].id",
                     "procedure[3].id", "procedure.1730.id", "procedure[5].id"]


def test_without_the_data_a_path_keeps_its_indexes() -> None:
    assert format_path(("combinations", 9, "value")) == "combinations[9].value"
