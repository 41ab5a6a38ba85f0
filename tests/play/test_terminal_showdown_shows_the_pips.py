"""At the showdown of ``ambigu play`` each hand's combination comes with its pips
where the version counts them.

From the rule files and their sources: in 1730 a point is two or three cards
of one suit ranked by the sum of their pips, primes are ranked by their pips
and a prime of more than 30 is a big one, a sequence is compared by its pips,
a tricon by its rank alone, and a tricon with a prime pays the big prime's 3
when the four cards make more than 30 (ajo §Combinations, §Showdown); in
Foster four eights, 32 pips, are paid 11 and fours below them 10 (Complete
Hoyle, Fredon). Cards of the forty-card pack count their face, the ace 1.
"""

from __future__ import annotations

import pytest
from terminal_session import CLI_NAMES, session

from ambigu_rules.play.terminal import PipCounter

from conftest import evaluator


@pytest.mark.parametrize(("variant", "hand", "note"), [
    ("1730", "7H 10H 2C 5S", " (7♥ 10♥: 17 pips)"),  # the point is the two hearts
    ("1730", "7H 10H 3H 5S", " (7♥ 10♥ 3♥: 20 pips)"),  # a point of three cards
    ("1730", "AH 2D 3C 4S", " (10 pips)"),  # a small prime: its four cards
    ("1730", "10H 9D 8C 7S", " (34 pips)"),  # more than 30: a big prime
    ("1730", "2S 3S 4S 9H", " (2♠ 3♠ 4♠: 9 pips)"),  # a sequence: its three cards
    ("1730", "5H 5D 5C 8H", ""),  # a tricon is ranked by its rank, not its pips
    ("1730", "10H 10D 10C 9S", " (39 pips)"),  # the prime it holds is a big one
    ("foster", "8S 8H 8D 8C", " (32 pips)"),  # a fredon paid by its pips
    ("foster", "5S 5H 5D 5C", " (20 pips)"),
])
def test_the_showdown_note_gives_the_pips_the_version_counts(
        variant: str, hand: str, note: str) -> None:
    counter = PipCounter(evaluator(variant))
    assert counter.note(counter.evaluator.deck.parse_hand(hand)) == note


def test_the_showdown_lines_of_a_game_give_each_points_cards_and_pips() -> None:
    # `ambigu play 1730`: you force as the dealer, open 3 in the last round,
    # Bot 2 calls. His spades 7 and 9 make a point of 16, your spades 5 and 8
    # one of 13: the higher point wins.
    output = session("1730", ["force", "open 3", "quit"], names=CLI_NAMES, banks=100)
    assert "Bot 2 shows 7♠ 9♠ 8♦ 2♦: Point (7♠ 9♠: 16 pips)" in output
    assert "Player 1 (you) shows 5♠ 5♣ 8♠ 3♥: Point (5♠ 8♠: 13 pips)" in output
    assert "Bot 2 has the best hand" in output
