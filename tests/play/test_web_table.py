"""ambigu_rules.play.web: the table the Play page drives, tested in CPython."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ambigu_rules.errors import GameSetupError, IllegalActionError
from ambigu_rules.play.web import WebTable, reply, table_rules


def play_out(table: WebTable) -> dict:  # type: ignore[type-arg]
    state = table.start()
    for _ in range(200):
        if not state["actions"]:
            break
        last = state["actions"][-1]  # the last choice each time, at its highest amount
        state = table.act(len(state["actions"]) - 1, last.get("high"))
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
    assert state["step"] == {"id": "first_draw", "title": "First draw", "page": "foster"}
    assert state["actions"][0] == {"label": "discard none", "kind": "discard", "cards": []}


def test_an_opening_is_one_choice_with_its_range_of_amounts() -> None:
    table = WebTable("foster", players=3, seed=2)
    state = table.start()
    for _ in range(50):  # stand pat until the reader may open
        ranged = [i for i, choice in enumerate(state["actions"]) if "low" in choice]
        if ranged:
            break
        state = table.act(0)
    index = ranged[0]
    choice = state["actions"][index]
    # foster-1897 Stakes, Method of Playing: as many counters as one pleases within the
    # betting limit agreed upon; this table agrees the engine's default limit of 10.
    assert choice["label"] in ("open", "raise") and (choice["low"], choice["high"]) == (1, 10)
    with pytest.raises(IllegalActionError, match="give an amount from 1 to 10, not 11"):
        table.act(index, 11)
    with pytest.raises(IllegalActionError, match="not None"):
        table.act(index)
    state = table.act(index, 3)
    assert any(line.startswith(f"Anna {choice['label']}s") and "3" in line
               for line in state["lines"])


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
    # The heuristic bots, with whom this seed leaves every player counters enough to
    # ante again (the reader always takes the last choice at its highest amount).
    table = WebTable("1730", players=3, seed=6, bots="heuristic")
    state = play_out(table)
    assert state["deal_over"] and state["can_deal"]
    assert table.start()["deal"] == 2


def test_with_no_person_at_the_table_the_bots_play_the_deal_through() -> None:
    table = WebTable("foster", players=4, seed=7, people=0)
    state = table.start()
    assert state["deal_over"] and state["actions"] == [] and state["you"] is None
    assert all(seat["bot"] for seat in state["seats"])
    assert any("wins" in line or "takes" in line for line in state["lines"])


def test_two_people_take_turns_and_each_sees_only_their_own_cards() -> None:
    table = WebTable("1730", players=4, seed=3, people=2)
    state = table.start()
    seen = set()
    for _ in range(200):
        if state["deal_over"]:
            break
        you = state["you"]
        assert you in (0, 1) and not state["seats"][you]["bot"]
        seen.add(you)
        other = 1 - you
        # The other person's hand is not on the screen while this one plays.
        assert state["seats"][other]["cards"] == [] and state["seats"][other]["hidden"] > 0
        assert state["seats"][you]["cards"] and state["seats"][you]["hidden"] == 0
        state = table.act(0, state["actions"][0].get("low"))
    assert seen == {0, 1}
    assert [seat["bot"] for seat in state["seats"]] == [False, False, True, True]


def test_more_people_than_players_is_refused() -> None:
    with pytest.raises(GameSetupError, match="from 0 to the 3 players"):
        WebTable("1730", players=3, people=4)


HOUSE = Path(__file__).resolve().parents[2] / "docs" / "variants"


def test_a_house_file_is_played_and_its_inherited_steps_point_to_the_parent_page() -> None:
    table = WebTable(str(HOUSE / "third-draw.yaml"), players=3, seed=2)
    state = table.start()
    assert state["version"] == "third-draw"
    # foster-1897 "Method of Playing": the first draw is Foster's own step.
    assert state["step"] == {"id": "first_draw", "title": "First draw", "page": "foster"}
    for _ in range(200):
        if state["deal_over"]:
            break
        if state["step"]["id"] == "third_draw":  # the house's own step: no page states it
            assert state["step"]["page"] is None
        state = table.act(0, state["actions"][0].get("low"))
    assert state["deal_over"]


def test_a_house_file_with_the_same_combinations_needs_the_same_table() -> None:
    assert table_rules(str(HOUSE / "pool-limit.yaml")) == table_rules("foster")
    assert table_rules(str(HOUSE / "two-pairs.yaml")) != table_rules("foster")


def test_a_refusal_reaches_the_page_as_its_message() -> None:
    answer = json.loads(reply(lambda: WebTable("no-such-version").state()))
    assert answer["kind"] == "error" and "unknown variant 'no-such-version'" in answer["text"]


def test_each_discard_names_its_cards_as_the_seat_shows_them() -> None:
    # The page marks the cards the reader clicks and plays the discard whose cards they are.
    state = WebTable("foster", players=3, seed=2).start()
    hand = state["seats"][state["you"]]["cards"]
    discards = [choice for choice in state["actions"] if choice["kind"] == "discard"]
    assert discards and all(set(choice["cards"]) <= set(hand) for choice in discards)
    assert sorted(tuple(sorted(choice["cards"])) for choice in discards) == sorted(
        {tuple(sorted(choice["cards"])) for choice in discards})  # each set once
    assert {len(choice["cards"]) for choice in discards} == {0, 1, 2}
    assert all(choice["label"] == "discard " + " ".join(choice["cards"])
               for choice in discards if choice["cards"])


def test_an_answer_tells_the_table_after_each_move_in_order() -> None:
    table = WebTable("foster", players=4, seed=2)
    state = table.start()
    frames = state["frames"]
    # The deal dealt, then each bot's move before the reader's turn.
    assert frames[0]["said"] == "Deal 1: Anna deals" and len(frames) == 4
    assert [frame["said"].split()[0] for frame in frames[1:]] == ["Ben", "Carla", "Dan"]
    assert state["lines"] == [line for frame in frames for line in frame["lines"]]
    last = frames[-1]
    for key in ("seats", "pool", "batterie", "step", "you", "deal_over"):
        assert last[key] == state[key]  # the table shown at the end is the final one
    assert all("actions" not in frame for frame in frames)
    state = table.act(0)  # the reader stands: their move first, then the bots'
    assert state["frames"][0]["said"].startswith("Anna stands")
    again = table.state()  # asked again, with nothing new: the table as it is, told once
    assert again["lines"] == [] and len(again["frames"]) == 1


def test_a_bots_only_deal_is_told_one_move_at_a_time() -> None:
    state = WebTable("1730", players=3, seed=8, people=0).start()
    assert state["deal_over"] and len(state["frames"]) > 3
    assert state["frames"][-1]["deal_over"] and not state["frames"][1]["deal_over"]
    assert all(frame["said"] == frame["lines"][0] for frame in state["frames"])
    total = [sum(seat["bank"] + seat["bet"] for seat in frame["seats"]) + frame["pool"]
             + frame["batterie"] for frame in state["frames"]]
    assert total == [3 * 50] * len(total)  # no counter made or lost between two moves


def test_the_french_page_gets_the_account_of_the_deal_in_french() -> None:
    """The Play page of the French edition asks for lang "fr" (issue 25): the log
    is the narration's French (its catalog says "Coup 1 : Anna donne" for the
    English "Deal 1: Anna deals"); any other code, or none, keeps English."""
    french = WebTable("foster", players=3, seed=4, lang="fr").start()
    english = WebTable("foster", players=3, seed=4).start()
    dealer = english["seats"][next(i for i, seat in enumerate(english["seats"]) if seat["dealer"])]
    assert english["frames"][0]["lines"][0] == f"Deal 1: {dealer['name']} deals"
    assert french["frames"][0]["lines"][0] == f"Coup 1 : {dealer['name']} donne"
    assert WebTable("foster", players=3, seed=4, lang="xx").start() == english


def test_a_table_reads_its_rule_file_as_parsed_when_the_version_was_resolved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The Play page seats a table of a version it resolved already (to pick its
    # table of hands): the file's own steps come from the parse the resolver kept,
    # never from a second parse of the same text.
    from ambigu_rules.load import resolver, yaml_source

    monkeypatch.setattr(yaml_source, "_PARSED", {})  # nothing parsed yet
    resolver._resolve_cached.cache_clear()
    resolver.resolve("1702")  # as the page does to pick the version's table of hands

    def parse_again(text: str, file: str) -> None:
        raise AssertionError(f"{file} parsed a second time")

    monkeypatch.setattr(yaml_source, "_parse", parse_again)
    table = WebTable("1702", players=3, seed=2)
    assert table.pages  # the steps' pages, from the file's own procedure
