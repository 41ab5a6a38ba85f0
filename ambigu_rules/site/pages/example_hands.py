"""Example hands of each combination, and how often each is dealt, version by version.

The version pages, their quick start and the combinations page show them.
"""

from __future__ import annotations

from ...hands.evaluator import Evaluator, canonical_of
from ...hands.features import all_hands
from ...load.catalog import load_decks
from ...rules.combinations import Combination
from ...rules.deck import Deck
from ..facts import Version

# Example hands for each canonical combination, in the forty-card notation.
# They are only illustrations: what each one is worth under each version is
# computed by the evaluator, so a hand that is not the combination in some
# version says so on the page.
EXAMPLES: dict[str, list[str]] = {
    "point": ["8S 7S 4H 2D", "2C 5C 10C 9H"],
    "prime": ["AS 5H 7D 3C"],
    "grand_prime": ["10H 9D 7C 6S"],
    "sequence": ["2S 3S 4S 9H"],
    "tricon": ["7S 7H 7D 2S"],
    "flush": ["2H 5H 8H 10H"],
    "tricon_prime": ["5H 5D 5C 8S", "10H 10D 10C 9S"],
    "flush_sequence": ["2S 3S 4S 5S", "2S 3S 4S 7S"],
    "fredon": ["4S 4H 4D 4C", "9S 9H 9D 9C"],
}


def evaluator_of(version: Version) -> Evaluator:
    """The evaluator of a version's hands."""
    return version.evaluator


def deck_of(version: Version) -> Deck:
    """The deck a version is played with."""
    return version.evaluator.deck


def example_hands(version: Version, combination: Combination) -> list[tuple[int, ...]]:
    """Hands that hold exactly this combination as their best, under this version."""
    evaluator = evaluator_of(version)
    forty = load_decks()["forty"]
    found = []
    for text in EXAMPLES.get(canonical_of(combination) or "", []):
        cards = forty.parse_hand(text)
        if evaluator.evaluate(cards).combination_id == combination.id:
            found.append(cards)
    if found:
        return found[:1]
    for row in all_hands(evaluator.deck.cards()):
        cards = tuple(int(card) for card in row)
        if evaluator.evaluate(cards).combination_id == combination.id:
            return [cards]
    return []


def odds_by_id(version: Version) -> dict[str, tuple[int, float]]:
    """For each combination id, how many hands hold it as their best, and their share."""
    odds = version.odds
    return {
        row.combination_id: (row.count, row.probability)
        for row in odds.combinations if row.combination_id
    }
