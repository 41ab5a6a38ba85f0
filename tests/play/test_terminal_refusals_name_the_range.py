"""A refused action in ``ambigu play`` is answered with what is allowed instead.

The ranges come from the rules: the 1730 vade is 2 to 4 counters (ajo §Phase
2); Foster's bets are within the table's limit, 10 here (Complete Hoyle,
Method of Playing: "as many as he likes within the limit"); Foster's first
draw changes up to two cards (one or both, or none: "Enough").
"""

from __future__ import annotations

import pytest
from terminal_session import CLI_NAMES, session


@pytest.mark.parametrize("typed", ["open 9", "open 1", "open 0"])
def test_an_opening_outside_the_vade_names_the_range(typed: str) -> None:
    output = session("1730", [typed, "quit"], names=CLI_NAMES, banks=100)
    assert f"> {typed}\nopen takes 2 to 4 here.\n" in output


def test_a_raise_above_the_limit_names_the_range() -> None:
    output = session("foster", ["discard none", "raise 11", "quit"], seed=4)
    assert "> raise 11\nraise takes 1 to 10 here.\n" in output


def test_a_discard_of_too_many_cards_names_how_many_may_go() -> None:
    output = session("foster", ["discard none", "quit"], seed=4)
    hand = output.split("Your hand: ", 1)[1].split()[:2]
    assert len(hand) == 2  # the two first cards; a third is no card of his
    output = session("foster", ["discard " + " ".join(hand), "quit"], seed=4)
    assert "discard takes" not in output
    output = session("foster", ["discard 2S 3S 4S", "quit"], seed=4)
    assert "discard takes 0 to 2 cards here (discard none keeps your cards)." in output


def test_passing_after_an_opening_points_to_fold() -> None:
    output = session("foster", ["discard none", "pass", "quit"], seed=4)
    assert "That is not allowed now: after an opening you call, raise or fold" in output


def test_an_action_of_another_step_is_still_not_allowed_now() -> None:
    output = session("1730", ["raise 2", "quit"], names=CLI_NAMES, banks=100)
    assert "> raise 2\nThat is not allowed now. Type help for what each action means.\n" in output
