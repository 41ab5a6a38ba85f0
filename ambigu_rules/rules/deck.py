"""Cards and decks.

A deck is data (``rulesets/decks.yaml``): its suits and its ranks from the
lowest to the highest, each rank with its pip value. Inside the package a
card is a small integer, ``rank_position * 4 + suit_position``, so that the
evaluator can index tables with it.

>>> from ambigu_rules.load.catalog import standard_deck
>>> deck = standard_deck()
>>> deck.format_hand(deck.parse_hand("10H 9d 7♣ 6S"))
'10♥ 9♦ 7♣ 6♠'
>>> deck.format_card(deck.parse_card("th")), deck.format_card(deck.parse_card("1H"))
('10♥', 'A♥')
>>> deck.parse_hand("2S 2S 3S 4S")
Traceback (most recent call last):
...
ambigu_rules.errors.CardError: '2S' appears twice in the hand '2S 2S 3S 4S'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pydantic import Field

from ..errors import CardError
from .common import DESCRIPTIVE, Identifier, Positive, Strict, Translated

SUITS_PER_DECK = 4
HAND_SIZE = 4
MAX_RANKS = 15  # 60 cards: a card's bit in a hand mask stays below 2**63


class SuitSpec(Strict):
    id: str = Field(pattern=r"^[A-Z]$")
    symbol: str = Field(min_length=1, max_length=1)
    name: str
    color: str


class RankSpec(Strict):
    """One rank of a deck: how its cards are written and what they count."""

    label: str = Field(
        min_length=1, max_length=3, pattern=r"^[0-9A-Za-z]+$",
        description="How a card of this rank is written before its suit: `A`, `10`, `K`.",
    )
    pips: Positive = Field(
        description="What a card of this rank counts towards a point or a prime.",
    )
    aliases: list[str] = Field(
        default=[], max_length=4,
        description="Other ways of writing the rank (`1` for the ace, `T` for the ten).",
        json_schema_extra=DESCRIPTIVE,
    )


class DeckSpec(Translated):
    id: Identifier
    name: str
    description: str
    suits: list[SuitSpec] = Field(min_length=4, max_length=4)
    ranks: list[RankSpec] = Field(min_length=1, max_length=MAX_RANKS)


def _shown(text: str, width: int = 24) -> str:
    """``repr`` of a text a user wrote, cut short if long.

    >>> _shown("2S"), _shown("x" * 30)
    ("'2S'", "'xxxxxxxxxxxxxxxxxxxxx...'")
    """
    return repr(text if len(text) <= width else text[:width - 3] + "...")


@dataclass(frozen=True, eq=False)
class Deck:
    """A deck built from its YAML description (compared by identity).

    ``removed`` are cards taken out of the pack; with ``wrap`` sequences run
    round from the highest rank to the lowest.
    """

    spec: DeckSpec
    removed: frozenset[int] = frozenset()
    wrap: bool = False
    _rank_by_token: dict[str, int] = field(init=False, repr=False, compare=False)
    _cards: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _suit_by_token: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ranks: dict[str, int] = {}
        for position, rank in enumerate(self.spec.ranks):
            for token in (rank.label, *rank.aliases):
                ranks[token.upper()] = position
        suits: dict[str, int] = {}
        for position, suit in enumerate(self.spec.suits):
            suits[suit.id.upper()] = position
            suits[suit.symbol] = position
        object.__setattr__(self, "_rank_by_token", ranks)
        object.__setattr__(self, "_suit_by_token", suits)
        slots = len(self.spec.ranks) * SUITS_PER_DECK
        object.__setattr__(self, "_cards",
                           tuple(card for card in range(slots) if card not in self.removed))

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def size(self) -> int:
        """How many cards the pack holds."""
        return len(self._cards)

    def cards(self) -> tuple[int, ...]:
        """All cards of the deck as integers, in increasing order."""
        return self._cards

    def __contains__(self, card: object) -> bool:
        return type(card) is int and 0 <= card < len(self.spec.ranks) * SUITS_PER_DECK \
            and card not in self.removed

    def rank_of(self, card: int) -> int:
        """Position of the card's rank, 0 for the lowest."""
        return card // SUITS_PER_DECK

    def suit_of(self, card: int) -> int:
        return card % SUITS_PER_DECK

    def pips_of(self, card: int) -> int:
        return self.spec.ranks[card // SUITS_PER_DECK].pips

    def format_card(self, card: int) -> str:
        rank = self.spec.ranks[card // SUITS_PER_DECK]
        return rank.label + self.spec.suits[card % SUITS_PER_DECK].symbol

    def format_hand(self, cards: tuple[int, ...] | list[int]) -> str:
        return " ".join(self.format_card(card) for card in cards)

    def parse_card(self, text: str) -> int:
        """Read one card such as ``10H``, ``TH``, ``AH``, ``1H`` or ``10♥``.

        Ranks and suit letters are ASCII in either case; a suit symbol must be
        the deck's own. Letters that only fold to ASCII (``ſ``, the long s,
        upper-cases to ``S``; ``١`` is a digit to Python) are refused.

        >>> from ambigu_rules.load.catalog import standard_deck
        >>> standard_deck().parse_card("2ſ")
        Traceback (most recent call last):
        ...
        ambigu_rules.errors.CardError: '2ſ' is not a card: unknown suit 'ſ' (use S/♠, H/♥, D/♦, C/♣)
        """
        token = text.strip()
        shown = _shown(token)
        if len(token) < 2:
            raise CardError(f"{shown} is not a card: expected a rank and a suit, e.g. '10H'")
        rank_text, suit_text = token[:-1], token[-1]
        suit = self._suit_by_token.get(suit_text.upper() if suit_text.isascii() else suit_text)
        if suit is None:
            suits = ", ".join(f"{s.id}/{s.symbol}" for s in self.spec.suits)
            raise CardError(f"{shown} is not a card: unknown suit {suit_text!r} (use {suits})")
        rank = self._rank_by_token.get(rank_text.upper()) if rank_text.isascii() else None
        if rank is None:
            ranks = " ".join(r.label for r in self.spec.ranks)
            raise CardError(
                f"{shown} is not a card of the deck '{self.id}': unknown rank "
                f"{_shown(rank_text)} (ranks: {ranks})"
            )
        card = rank * SUITS_PER_DECK + suit
        if card in self.removed:
            raise CardError(f"{shown} is not in the pack: the deck '{self.id}' takes it out")
        return card

    def parse_cards(self, text: str) -> tuple[int, ...]:
        """Read cards separated by spaces or commas, refusing duplicates."""
        tokens = [token for token in re.split(r"[\s,]+", text.strip()) if token]
        cards: list[int] = []
        for token in tokens:
            card = self.parse_card(token)
            if card in cards:
                raise CardError(f"{token!r} appears twice in the hand {_shown(text.strip(), 60)}")
            cards.append(card)
        return tuple(cards)

    def parse_hand(self, text: str, size: int = HAND_SIZE) -> tuple[int, ...]:
        """Read a hand of exactly ``size`` different cards."""
        cards = self.parse_cards(text)
        if len(cards) != size:
            raise CardError(
                f"a hand has {size} cards, got {len(cards)} in {_shown(text.strip(), 60)}"
            )
        return cards
