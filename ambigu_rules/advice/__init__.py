"""Exchange advice: what each discard allowed at an exchange leads to, counted exactly.

:mod:`~ambigu_rules.advice.exchanges` reads a version's exchanges from its
procedure, :mod:`~ambigu_rules.advice.counting` counts the hands a kept part
can become, and :mod:`~ambigu_rules.advice.options` puts them together for each
discard the rules allow. :func:`advise` is the entry point, taking a version as
an id, a path or a ruleset, and cards as text or as card numbers.

In Foster, a hand of 9♠ 10♠ at the first draw, standing: any two of the 38
unseen cards make the hand, C(38, 2) = 703 of them; the flushes need both to be
spades, C(8, 2) = 28 ways, of which the seven holding 8♠ make a sequence of
three (8 9 10, a doublet), leaving 21 plain flushes:

>>> from ambigu_rules import advise
>>> advice = advise("foster", "9S 10S")
>>> stand = next(option for option in advice.options if not option.discard)
>>> stand.total, stand.counts["flush"]
(703, 21)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import CardError
from ..languages import EN, Lang
from ..load.catalog import pack_of_ruleset
from ..load.given import Version, ruleset_of
from ..load.versions import evaluator_for_variant
from ..rules.deck import Deck
from .exchanges import ExchangeRule, exchanges_of
from .options import (
    NO_COMBINATION,
    Advice,
    DiscardOption,
    advise_cards,
    refusal,
    speaks_as_the_command_line,
)

__all__ = ["NO_COMBINATION", "Advice", "DiscardOption", "ExchangeRule", "advise",
           "advise_cards", "exchanges_of"]


def advise(version: Version, hand: str | Sequence[int], seen: str | Sequence[int] = (),
           exchange: str = "first", lang: Lang = EN) -> Advice:
    """Every discard ``version`` allows at its ``first`` or ``second`` exchange for
    ``hand``, with the exact chances of each final best combination and the
    expected value (:mod:`~ambigu_rules.advice.options` says what they mean), having
    seen ``seen``
    (cards held by nobody he could draw from: shown hands, his earlier discards).

    Cards are text (``"9S 10S"``, ``"9♠ 10♠"``) or card numbers; a card written
    wrong, twice, or both held and seen is an :class:`~ambigu_rules.errors.AmbiguError`,
    said in ``lang``.
    """
    ruleset = ruleset_of(version)
    deck = pack_of_ruleset(ruleset)  # a card written wrong: said before a table is made
    held = (_written_cards(deck, hand, "twice-in-hand", lang) if isinstance(hand, str)
            else _checked(deck.cards(), hand))
    known = (_written_cards(deck, seen, "twice-in-seen", lang) if isinstance(seen, str)
             else _checked(deck.cards(), seen))
    return advise_cards(ruleset, evaluator_for_variant(ruleset), held, known, exchange, lang)


def _written_cards(deck: Deck, text: str, twice: str, lang: Lang = EN) -> tuple[int, ...]:
    """The cards written in ``text``, separated by spaces or commas; a card written
    twice is said to be twice in the hand or in the seen cards (``twice``, the
    message's id), and a card written wrong is said in ``lang``.

    >>> from ambigu_rules.load.catalog import standard_deck
    >>> _written_cards(standard_deck(), "5H, 5h", "twice-in-seen")
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.CardError: '5h' appears twice in the seen cards '5H, 5h'
    """
    cards: list[int] = []
    written = text.strip()
    for token in filter(None, re.split(r"[\s,]+", written)):
        try:
            card = deck.parse_card(token)
        except CardError as error:
            if speaks_as_the_command_line(lang):
                raise
            raise CardError(refusal(
                "not-a-card", lang, card=_quoted(token, 24),
                ranks=" ".join(rank.label for rank in deck.spec.ranks),
                suits=", ".join(f"{suit.id}/{suit.symbol}" for suit in deck.spec.suits),
            )) from error
        if card in cards:
            raise CardError(refusal(twice, lang, card=repr(token), hand=_quoted(written)))
        cards.append(card)
    return tuple(cards)


def _quoted(text: str, width: int = 60) -> str:
    """``text`` as a message quotes it: its ``repr``, cut to ``width`` characters."""
    return repr(text if len(text) <= width else text[:width - 3] + "...")


def _checked(pack: Sequence[int], cards: Sequence[int]) -> tuple[int, ...]:
    given: tuple[object, ...] = tuple(cards)
    found = tuple(card for card in given if type(card) is int and card in pack)
    if len(found) != len(given) or len(set(found)) != len(found):
        raise CardError(f"cards are different cards of the pack, got {given!r}")
    return found
