"""ambigu_rules.play.web: the table the Play page drives, tested in CPython."""

from __future__ import annotations

import pytest

from ambigu_rules.errors import IllegalActionError
from ambigu_rules.play.web import WebTable


def play_out(table: WebTable) -> dict:  # type: ignore[type-arg]
    state = table.start()
    for _ in range(200):
        if not state["actions"]:
            break
        state = table.act(len(state["actions"]) - 1)  # the last choice each time
    return state


@pytest.mark.parametrize("variant", ["1730", "foster", "russian", "encyclopedia"])
def test_a_deal_can_be_played_to_its_end_by_picking_actions(variant: str) -> None:
    table = WebTable(variant, players=3, seed=4)
    state = play_out(table)
    assert state["deal_over"]
    total = sum(seat["bank"] + seat["bet"] for seat in state["seats"])
    assert total + state["pool"] + state["batterie"] == 3 * 50  # no counter made or lost


def test_the_reader_sees_own_cards_and_only_the_backs_of_the_others() -> None:
    state = WebTable("foster", players=4, seed=9).start()
    assert len(state["seats"][state["you"]]["cards"]) >= 2
    for seat in state["seats"][1:]:
        assert seat["cards"] == [] and seat["hidden"] == 2  # foster: two cards each first


def test_the_state_names_the_step_under_way() -> None:
    state = WebTable("foster", players=3, seed=2).start()
    # foster-1897 "Method of Playing": after two cards each, the first draw.
    assert state["step"] == {"id": "first_draw", "title": "First draw"}
    assert state["actions"][0] == "discard none"


def test_an_action_number_out_of_range_is_refused() -> None:
    table = WebTable("1730", players=3, seed=1)
    table.start()
    with pytest.raises(IllegalActionError, match="no action number 99"):
        table.act(99)


def test_a_new_deal_cannot_start_before_the_last_one_ends() -> None:
    table = WebTable("russian", players=3, seed=3)
    state = table.start()
    assert not state["deal_over"]  # the reader is asked to exchange first
    with pytest.raises(IllegalActionError, match="not finished"):
        table.start()


def test_after_a_deal_the_next_one_can_be_dealt() -> None:
    table = WebTable("1730", players=3, seed=6)
    state = play_out(table)
    assert state["deal_over"] and state["can_deal"]
    assert table.start()["deal"] == 2
