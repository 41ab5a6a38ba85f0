"""A replay's ``expect:`` block: read before play, compared with the table at the end.

A replay may close with what its writer worked out from the source: the
banks, the pool, the batterie, what is left on the table, the next dealer,
whether the session is over, the hands still held and the debts. The file's
own checks (:mod:`ambigu_rules.play.replay_format`) make sure that each value
is well formed and that each name is a seat's. The expected hands are read
with the deck here, before the first deal (:func:`read_expected_hands`): a
card that is none stops the replay at that card, as a mistake in the file,
rather than coming out at the end as an expectation not met.

Once the last deal is played, :func:`unmet_expectations` lists what the final
state does not show, one line per difference; ``ambigu replay`` prints each
as ``expectation not met: ...`` and exits with status 1.
"""

from __future__ import annotations

from typing import Any

from ..load.yaml_source import marks_of
from ..rules.deck import Deck
from .replay_format import Expectation
from .replay_scripts import read_cards


def read_expected_hands(deck: Deck, hands: dict[str, str], data: Any,
                        fallback: str) -> dict[str, frozenset[int]]:
    """``expect: hands:``: each player's cards (in any order), each card at most once.

    ``data`` is the marked mapping of the hands, for the place of a bad card;
    ``fallback`` is the place given for a hand without a mark of its own.
    """
    marks = marks_of(data)
    return {name: frozenset(read_cards(deck, text, marks.get(name), f"expect.hands.{name}",
                                       fallback=fallback, distinct="the expected hand").cards)
            for name, text in hands.items()}


def _hand_problems(wanted: dict[str, frozenset[int]], got: dict[str, str],
                   deck: Deck) -> list[str]:
    """The expected hands at the end (the cards, in any order) against the held ones."""
    problems = []
    for name, cards in wanted.items():
        held = got.get(name, "")
        if cards != frozenset(deck.parse_cards(held)):
            problems.append(f"hand of {name}: expected {deck.format_hand(sorted(cards))}, got "
                            f"{held or 'no cards'}")
    return problems


def unmet_expectations(expect: Expectation, state: dict[str, Any], deck: Deck,
                       hands: dict[str, frozenset[int]]) -> list[str]:
    """What the final ``state`` does not show of ``expect``, one line per difference.

    ``state`` is what :meth:`ReplayResult.final_state
    <ambigu_rules.play.replay_run.ReplayResult.final_state>` gives; ``hands``
    are the expected hands as :func:`read_expected_hands` read them before
    play. A value the block leaves out is not compared.

    >>> from ambigu_rules.load.catalog import standard_deck
    >>> expect = Expectation(banks={"Anna": 60, "Ben": 40}, pool=0)
    >>> unmet_expectations(expect, {"banks": {"Anna": 58, "Ben": 40}, "pool": 2},
    ...                    standard_deck(), {})
    ['bank of Anna: expected 60, got 58', 'pool: expected 0, got 2']
    """
    problems = []
    for key, wanted in expect.model_dump(exclude_none=True).items():
        got = state[key]
        if key == "banks":
            for name, amount in wanted.items():
                if got.get(name) != amount:
                    problems.append(f"bank of {name}: expected {amount}, got {got.get(name)}")
        elif key == "hands":
            problems += _hand_problems(hands, got, deck)
        elif got != wanted:
            problems.append(f"{key}: expected {wanted}, got {got}")
    return problems
