"""Issue 42 (C): a card written twice in ``ambigu advise --seen`` is said to be twice in
the seen cards; it was called a duplicate "in the hand", which holds it once or not
at all. A card written twice in the hand is still said to be in the hand."""

from __future__ import annotations

import pytest

from ambigu_rules.advice import advise
from ambigu_rules.errors import CardError

from conftest import run_cli


def test_a_seen_card_twice_on_the_command_line_is_named_in_the_seen_cards() -> None:
    result = run_cli("advise", "foster", "9S 10S", "--seen", "5H 5h")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        "ambigu: error: '5h' appears twice in the seen cards '5H 5h'")


def test_a_seen_card_twice_from_python_is_named_in_the_seen_cards() -> None:
    with pytest.raises(CardError, match=r"^'5♥' appears twice in the seen cards '5H, 5♥'$"):
        advise("foster", "9S 10S", seen="5H, 5♥")


def test_a_hand_card_twice_is_still_named_in_the_hand() -> None:
    result = run_cli("advise", "foster", "9S 9S", "--seen", "5H")
    assert result.stderr.strip() == "ambigu: error: '9S' appears twice in the hand '9S 9S'"
