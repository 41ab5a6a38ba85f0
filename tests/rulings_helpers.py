"""Small helpers shared by the ``test_rulings_*`` files (no expected values here)."""

from __future__ import annotations

import re

# RU-ENC: with court cards the eights, nines and tens are removed and the
# jack counts 8, the queen 9, the king 10.
_TO_COURTS = {"8": "J", "9": "Q", "10": "K", "T": "K"}


def to_courts(hand: str) -> str:
    """The same hand in the russian-courts deck: 8 -> J, 9 -> Q, 10 -> K."""

    def swap(match: re.Match[str]) -> str:
        rank, suit = match.group(1), match.group(2)
        return _TO_COURTS.get(rank.upper(), rank) + suit

    return re.sub(r"\b(10|[2-9AT])([SHDC])\b", swap, hand)


def in_deck(variant: str, hand: str) -> str:
    """Write a forty-card hand in the deck of ``variant``."""
    return to_courts(hand) if variant == "russian-courts" else hand


assert to_courts("10H 9D 8C 3S") == "KH QD JC 3S"
assert to_courts("AS 2S 7S 8S") == "AS 2S 7S JS"
