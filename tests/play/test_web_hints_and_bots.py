"""The Play page's hint and choice of opponents, in CPython (issue 26, items 1 and 2).

The hint at an exchange is the exact advice for the hand of the person to act,
counting the cards the seat has discarded as seen; at any other decision it is
what the expert bot would do in that seat. The opponents are the bots named on
the page, the expert unless the reader picks another.
"""

from __future__ import annotations

from math import comb

import pytest

from ambigu_rules.errors import GameSetupError
from ambigu_rules.play.bots import HeuristicBot, RandomBot
from ambigu_rules.play.expert import ExpertBot
from ambigu_rules.play.web import WebTable, reply


def test_the_bots_are_experts_unless_the_reader_picks_others() -> None:
    assert all(isinstance(bot, ExpertBot) for bot in WebTable("foster", seed=1).bots.values())
    assert all(isinstance(bot, HeuristicBot)
               for bot in WebTable("foster", seed=1, bots="heuristic").bots.values())
    assert all(isinstance(bot, RandomBot)
               for bot in WebTable("foster", seed=1, bots="random").bots.values())


def test_an_unknown_kind_of_bot_is_refused_in_one_sentence_naming_the_kinds() -> None:
    with pytest.raises(GameSetupError,
                       match="the bots are expert, heuristic, random, not 'clever'"):
        WebTable("foster", bots="clever")
    answer = reply(lambda: WebTable("foster", bots="clever").state())
    assert answer.startswith('{"kind": "error"')


def test_the_step_title_is_in_the_language_of_the_page() -> None:
    # rulesets/foster.yaml, step first_draw: "First draw", in French "Premier échange".
    assert WebTable("foster", seed=2, lang="fr").start()["step"]["title"] == "Premier échange"
    assert WebTable("foster", seed=2).start()["step"]["title"] == "First draw"


def test_the_hint_at_foster_first_draw_lists_every_discard_of_the_two_cards() -> None:
    table = WebTable("foster", players=3, seed=2)
    table.start()
    hint = table.hint()
    # Foster's first draw (discard: min 0, max 2) on two cards: stand, either card,
    # or both: 1 + 2 + 1 = 4 discards. The 40-card pack less the two held leaves
    # 38 unseen cards: standing draws 2 of them, C(38, 2) = 703 final hands; one
    # card kept draws 3, C(38, 3) = 8436; none kept draws 4, C(38, 4) = 73,815.
    assert hint["kind"] == "exchange" and hint["unseen"] == 38
    totals = sorted(option["hands"] for option in hint["options"])
    assert totals == [comb(38, 2), comb(38, 3), comb(38, 3), comb(38, 4)]
    expected = [option["expected_value"] for option in hint["options"]]
    assert expected == sorted(expected, reverse=True)  # the best first


def to_the_second_draw(seed: int) -> WebTable:
    """A Foster table whose reader discards one card at the first draw, then calls,
    passes or opens at the least (and stands, at a first draw dealt again) until the
    second draw."""
    table = WebTable("foster", players=3, seed=seed, bots="heuristic")
    state = table.start()
    state = table.act(next(index for index, choice in enumerate(state["actions"])
                           if len(choice.get("cards", ())) == 1))
    while not (state["step"]["id"] == "second_draw" and state["actions"]):
        assert not state["deal_over"]
        kinds = [choice["kind"] for choice in state["actions"]]
        index = kinds.index(next((kind for kind in ("call", "pass", "open") if kind in kinds),
                                 kinds[0]))
        state = table.act(index, state["actions"][index].get("low"))
    return table


def test_the_hint_at_the_second_draw_counts_the_seats_own_discard_as_seen() -> None:
    table = to_the_second_draw(seed=1)  # a deal with no redeal on the way
    assert not any(type(event).__name__ == "Redealt" for event in table.game.log)
    hint = table.hint()
    # Four cards held and one discarded at the first draw: 40 - 4 - 1 = 35 unseen.
    # Standing is one final hand; discarding all four draws 4 of 35: C(35, 4) = 52,360.
    assert hint["kind"] == "exchange" and hint["unseen"] == 35
    assert len(hint["seen"].split()) == 1
    by_discard = {len(option["discard"].split()): option["hands"] for option in hint["options"]}
    assert by_discard[0] == 1 and by_discard[4] == comb(35, 4)


def test_after_a_redeal_the_discards_before_it_are_within_reach_again() -> None:
    table = to_the_second_draw(seed=2)  # all passed, the cards were dealt again
    assert any(type(event).__name__ == "Redealt" for event in table.game.log)
    hint = table.hint()
    # The redealt first draw was stood on: nothing seen, 40 - 4 = 36 unseen.
    assert (hint["seen"], hint["unseen"]) == ("", 36)


def test_the_hint_at_a_bet_is_what_the_expert_would_do_and_changes_nothing() -> None:
    table = WebTable("foster", players=3, seed=2)
    state = table.start()
    for _ in range(10):
        if not any(choice["kind"] == "discard" for choice in state["actions"]):
            break
        state = table.act(0)  # stand
    before = (len(table.game.log), table.game.to_act)
    hint = table.hint()
    assert (len(table.game.log), table.game.to_act) == before
    assert hint["kind"] == "bet" and 0 <= hint["chance"] <= 1
    assert hint["would"]["kind"] in {choice["kind"] for choice in state["actions"]}


def test_there_is_no_hint_when_no_person_is_to_act() -> None:
    table = WebTable("foster", players=3, seed=7, people=0)
    table.start()
    assert table.hint() == {"kind": "none"}
