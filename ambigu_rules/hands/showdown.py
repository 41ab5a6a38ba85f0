"""Settle a showdown between several hands under one version.

Hands are given in seat order starting from the player nearest the dealer's
right; that order breaks the ties the combinations leave. A version given by
name is :func:`ambigu_rules.load.versions.settle_showdown`.

>>> from ambigu_rules.load.versions import evaluator_for_variant
>>> result = settle(evaluator_for_variant("foster"), ["2S 3S 4S 9S", "5H 5D 5C 8S", "10H 9D 7C 6S"])
>>> result.winner, result.value
(0, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import CardError
from .evaluator import Evaluator, HandEvaluation


@dataclass(frozen=True)
class Showdown:
    """The outcome: who wins and what each other player pays him."""

    winner: int
    value: int
    hands: list[HandEvaluation]
    tied: list[int]

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "value": self.value,
            "tied": self.tied,
            "hands": [hand.to_json() for hand in self.hands],
        }


def _check_disjoint(evaluator: Evaluator, hands: Sequence[HandEvaluation]) -> None:
    owner: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        for card in hand.cards:
            if card in owner:
                name = evaluator.deck.format_card(card)
                raise CardError(
                    f"{name} is in hand {owner[card] + 1} and in hand {seat + 1}: "
                    f"a card can be in one hand only"
                )
            owner[card] = seat


def best_seat(keys: Sequence[int]) -> tuple[int, list[int]]:
    """The winning seat among rank keys listed in seat order, and all seats tied with it.

    >>> best_seat([5, 9, 9, 2])
    (1, [1, 2])
    """
    best_key = max(keys)
    tied = [seat for seat, key in enumerate(keys) if key == best_key]
    # Seats are listed from the dealer's right, so the first tied seat is nearest.
    return tied[0], tied


def settle(evaluator: Evaluator, hands: Sequence[str | Sequence[int]]) -> Showdown:
    """Compare hands (in seat order from the dealer's right) under ``evaluator``'s version."""
    players = evaluator.ruleset.players
    if not 2 <= len(hands) <= players.max:
        raise CardError(
            f"a showdown needs 2 to {players.max} hands under this version, got {len(hands)}"
        )
    evaluations = [evaluator.evaluate(hand) for hand in hands]
    _check_disjoint(evaluator, evaluations)
    winner, tied = best_seat([e.key for e in evaluations])
    return Showdown(winner, evaluations[winner].value, evaluations, tied)
