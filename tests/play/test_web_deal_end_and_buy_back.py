"""The end of a deal at the Play page's table, and a player short of counters
(issue "first contact", items 2 and 3), in CPython.

From the rule files: in 1730 a player may buy counters back in between deals
and before his third card (rulesets/1730.yaml, table.buy_back: ajo §Time to
buy back in); Foster's editors allow it between deals; the Russian entry
leaves it to the table's agreement made beforehand (editorial), which the
Play page makes only when asked
(tests/play/test_buy_back_by_the_tables_agreement.py). A player who cannot
pay the antes sits the deal out (ajo §The ante; the engine deals the others
in), and no deal is dealt when fewer than the version's least number of
players can pay.
"""

from __future__ import annotations

from typing import Any

import pytest

from ambigu_rules.errors import IllegalActionError
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.web import WebTable


def quiet_move(state: dict[str, Any]) -> int:
    """Pass or fold if one may, else throw the first card away, else call."""
    kinds = [action["kind"] for action in state["actions"]]
    for kind in ("pass", "fold"):
        if kind in kinds:
            return kinds.index(kind)
    if "discard" in kinds:
        first = state["seats"][state["you"]]["cards"][0]
        return next(index for index, action in enumerate(state["actions"])
                    if action["kind"] == "discard" and action["cards"] == [first])
    return kinds.index("call") if "call" in kinds else 0


def until_short(table: WebTable, deals: int = 12) -> dict[str, Any]:
    """Play quiet moves until a deal ends with the person short of the antes."""
    state = table.start()
    for _ in range(400):
        if state["deal_over"]:
            if any(not seat["bot"] for seat in state["short"]) or not state["can_deal"]:
                return state
            assert state["deal"] < deals
            state = table.start()
            continue
        index = quiet_move(state)
        state = table.act(index, state["actions"][index].get("low"))
    raise AssertionError("no player ran short")


def test_a_deal_ends_saying_who_won_with_what_and_each_players_gain_or_loss() -> None:
    table = WebTable("1730", players=3, seed=1, people=0)
    state = table.start()
    end = state["end"]
    assert state["deal_over"] and end["number"] == 1 and end["showdown"]
    # Every bank began at 50: each change is the bank now less 50, and the changes
    # add up to what was left on the table for the next deal (nothing here).
    assert [(c["name"], c["bank"] - c["change"]) for c in end["changes"]] == [
        ("Anna", 50), ("Ben", 50), ("Carla", 50)]
    assert [c["bank"] for c in end["changes"]] == [seat["bank"] for seat in state["seats"]]
    assert end["carried"] is None and sum(c["change"] for c in end["changes"]) == 0
    (winner,) = end["winners"]
    names = {c.text_in("name", "en") for c in load_ruleset("1730").combinations}
    assert winner["combination"] in names
    assert winner["took"] > 0
    assert end["changes"][winner["seat"]]["change"] > 0


def test_the_pips_are_given_where_they_decided_between_two_hands_alike() -> None:
    # 1730: a point is ranked by the pips of its cards of one suit (ajo §Combinations).
    end = WebTable("1730", players=3, seed=1, people=0).start()["end"]
    (winner,) = end["winners"]
    assert winner["combination"] == "Point" and winner["pip_cards"] is not None
    pips = {"A": 1, "J": 10, "Q": 10, "K": 10}
    cards = winner["pip_cards"].split()
    assert sum(pips.get(card[:-1], 0) or int(card[:-1]) for card in cards) == winner["pips"]
    assert all(hand["pips"] < winner["pips"] for hand in end["beaten"]
               if hand["combination"] == "Point")


def test_the_combination_is_named_in_the_page_language_from_the_rule_file() -> None:
    english = WebTable("1730", players=3, seed=24, people=0).start()["end"]
    french = WebTable("1730", players=3, seed=24, people=0, lang="fr").start()["end"]
    ruleset = load_ruleset("1730")
    by_english = {c.text_in("name", "en"): c.text_in("name", "fr") for c in ruleset.combinations}
    assert english["winners"][0]["combination"] == "Flux"
    assert french["winners"][0]["combination"] == by_english["Flux"]
    assert french["beaten"][0]["combination"] == by_english[english["beaten"][0]["combination"]]


def test_a_person_short_of_the_antes_may_buy_back_in_where_the_version_allows() -> None:
    table = WebTable("1730", players=3, seed=1, banks=3)
    state = until_short(table)
    anna = next(seat for seat in state["short"] if seat["seat"] == 0)
    assert state["buy_back"] == "allowed" and anna["buy"] == 3 and anna["bank"] < anna["antes"]
    assert not state["can_deal"] and not state["session_over"]  # Ben is short too
    after = table.buy(0)
    assert after["seats"][0]["bank"] == anna["bank"] + 3
    assert after["lines"] == ["Anna buys 3 counters"]
    assert all(seat["seat"] != 0 for seat in after["short"]) and after["can_deal"]
    assert table.start()["deal"] == state["deal"] + 1


def test_a_bot_or_a_person_with_counters_cannot_buy_and_nobody_buys_mid_deal() -> None:
    table = WebTable("1730", players=3, seed=1, banks=3)
    state = until_short(table)
    bot = next(seat for seat in state["short"] if seat["bot"])
    assert bot["buy"] is None
    with pytest.raises(IllegalActionError, match="only the people"):
        table.buy(bot["seat"])
    table.buy(0)
    with pytest.raises(IllegalActionError, match="can pay the antes"):
        table.buy(0)
    table.start()
    with pytest.raises(IllegalActionError, match="between deals"):
        table.buy(0)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_where_buying_back_is_not_agreed_the_person_sits_out_and_the_session_ends(
        lang: str) -> None:
    table = WebTable("russian", players=3, seed=7, banks=3, lang=lang)
    state = until_short(table)
    anna = next(seat for seat in state["short"] if seat["seat"] == 0)
    assert anna["buy"] is None and state["buy_back"] == "not_agreed"
    assert state["session_over"] and not state["can_deal"]
    with pytest.raises(IllegalActionError, match="this table has not agreed to it"):
        table.buy(0)


def test_a_person_who_does_not_buy_sits_the_next_deal_out() -> None:
    # 1730, six players with 3 counters each: Anna is short after the first
    # deal, and enough of the others can pay to play on.
    table = WebTable("1730", players=6, seed=6, banks=3)
    state = until_short(table)
    assert state["can_deal"] and [seat["seat"] for seat in state["short"]][:1] == [0]
    bank = state["seats"][0]["bank"]
    following = table.start()  # Anna does not buy: she is dealt out
    assert following["seats"][0]["hidden"] == 0 and following["seats"][0]["cards"] == []
    assert following["seats"][0]["bank"] == bank and following["deal_over"]
    assert any(seat["seat"] == 0 for seat in following["short"])
