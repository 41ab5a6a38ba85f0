"""``extends:``: overrides merge by id, removals, and inherited provenance."""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.errors import RulesetError
from ambigu_rules.load.resolver import resolve_path

CHILD = """\
format: 1
id: house
title: A house version
short_title: House
summary: Foster with a bigger blind and no doublet of tricon and prime.
extends: foster
inherit:
  downgrade_to: inferred
  note: Everything not stated here is taken from Foster.
remove: [combinations.tricon_prime, table.penalties.showing_cards]
ranking:
  order: [point, prime, grand_prime, sequence, tricon, flush, flush_sequence, fredon]
  final_tie: nearest_dealer_right
  source: editors
  evidence: editorial
procedure:
  - id: blind
    amount: 3
    source: editors
    evidence: editorial
"""


def resolved(tmp_path: Path):
    path = tmp_path / "house.yaml"
    path.write_text(CHILD, encoding="utf-8")
    return resolve_path(path)


def test_list_items_merge_by_id_and_keep_their_order(tmp_path: Path) -> None:
    ruleset = resolved(tmp_path).ruleset
    assert [step.id for step in ruleset.procedure][:3] == ["blind", "first_deal", "first_draw"]
    blind = ruleset.procedure[0]
    assert blind.amount == 3
    assert blind.label == "blind"  # untouched keys of the parent's step stay


def test_remove_deletes_list_items_by_id(tmp_path: Path) -> None:
    ruleset = resolved(tmp_path).ruleset
    assert "tricon_prime" not in [c.id for c in ruleset.combinations]
    assert [p.id for p in ruleset.table.penalties] == ["foul_hand"]


def test_untouched_rule_points_are_marked_inherited_and_downgraded(tmp_path: Path) -> None:
    ruleset = resolved(tmp_path).ruleset
    players = ruleset.players
    assert players.inherited_from == "foster"
    assert players.evidence == "inferred"
    assert players.parent_evidence == "attested"


def test_changed_rule_points_keep_the_childs_own_provenance(tmp_path: Path) -> None:
    ruleset = resolved(tmp_path).ruleset
    blind = ruleset.procedure[0]
    assert blind.inherited_from is None
    assert blind.evidence == "editorial"
    assert [s.id for s in blind.source] == ["editors"]


def test_own_keys_are_never_inherited(tmp_path: Path) -> None:
    ruleset = resolved(tmp_path).ruleset
    assert ruleset.id == "house"
    assert ruleset.year is None
    assert ruleset.extends == "foster"


def test_parent_is_not_changed_by_a_child(tmp_path: Path) -> None:
    from ambigu_rules.load.resolver import load_ruleset

    resolved(tmp_path)
    foster = load_ruleset("foster")
    assert "tricon_prime" in [c.id for c in foster.combinations]
    assert foster.procedure[0].amount == 1


def test_inheritance_never_raises_an_editorial_point(tmp_path: Path) -> None:
    # 1730's second deal (the stock shuffled, no cut) is an editorial choice; a
    # child that marks what it inherits as inferred must not present it as
    # better founded.
    path = tmp_path / "child.yaml"
    path.write_text(
        "format: 1\nid: child\ntitle: Child\nshort_title: Child\nsummary: A child.\n"
        "extends: '1730'\ninherit: {downgrade_to: inferred, note: All from 1730.}\n",
        encoding="utf-8",
    )
    ruleset = resolve_path(path).ruleset
    second_deal = next(step for step in ruleset.procedure if step.id == "second_deal")
    assert second_deal.evidence == "editorial"
    assert second_deal.parent_evidence is None
    assert ruleset.players.evidence == "inferred"
    assert ruleset.players.parent_evidence == "reconstructed"


PLACED = """\
format: 1
id: placed
title: Placed steps
short_title: Placed
summary: Foster with an extra ante before the last betting and a showdown of our own.
extends: foster
procedure:
  - id: extra_ante
    kind: ante
    title: A second ante
    amount: 1
    after: second_draw
    source: editors
    evidence: editorial
  - id: showdown
    kind: showdown
    title: Showdown, nothing paid
    then: [{take: {who: winner, what: [pool, bets]}}]
    replace: true
    source: editors
    evidence: editorial
"""


def _steps(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "placed.yaml"
    path.write_text(text, encoding="utf-8")
    return [step.id for step in resolve_path(path).ruleset.procedure]


def test_a_new_step_goes_after_the_step_it_names(tmp_path: Path) -> None:
    assert _steps(tmp_path, PLACED) == [
        "blind", "first_deal", "first_draw", "ante", "second_deal", "first_betting",
        "second_draw", "extra_ante", "final_betting", "showdown"]


def test_a_new_step_goes_before_the_step_it_names(tmp_path: Path) -> None:
    text = PLACED.replace("after: second_draw", "before: first_deal")
    assert _steps(tmp_path, text)[:3] == ["blind", "extra_ante", "first_deal"]


def test_a_replaced_step_takes_its_parents_place_whole(tmp_path: Path) -> None:
    path = tmp_path / "placed.yaml"
    path.write_text(PLACED, encoding="utf-8")
    showdown = resolve_path(path).ruleset.procedure[-1]
    # Foster's showdown also pays the combination; the replacement does not.
    assert showdown.title == "Showdown, nothing paid"
    assert [effect.kind() for effect in showdown.then] == [showdown.then[0].take]
    assert showdown.inherited_from is None and showdown.evidence == "editorial"


def test_a_step_placed_next_to_no_step_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "placed.yaml"
    path.write_text(PLACED.replace("after: second_draw", "after: third_draw"), encoding="utf-8")
    with pytest.raises(RulesetError, match="after: no other item 'third_draw'"):
        resolve_path(path)
