"""The pips of the hands shown at a terminal game's showdown.

Where a version counts the pips of a combination — to break ties
between two of them (``ties: [pips]``), or to tell one from another or
price it (a prime of more than 30, a fredon paid by its pips) — the
showdown line of each hand says how many pips it has, and which cards make
them when they are not the whole hand (the two or three cards of a point).
The cards that make a combination are chosen as the hand table chooses them
(:func:`ambigu_rules.hands.selectors.select_cards`), so the pips shown are
those the ranking compared (:class:`PipCounter`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from ..hands.evaluator import Evaluator
from ..rules.combinations import BestOf, Combination, Predicate
from ..rules.deck import HAND_SIZE
from ..words.lang import EN, Lang
from ..words.terminal import T

if TYPE_CHECKING:
    from ..hands.tie_keys import Selection

#: Which pips a combination counts: those of the cards that make it (its tie
#: keys), or those of the four cards (a condition or a value on the hand's pips).
Counted = Literal["cards", "hand"]


def looks_at_pips(predicate: Predicate | None) -> bool:
    """Whether a condition looks at the pips of the hand, in any of its parts."""
    if predicate is None:
        return False
    parts = [*(predicate.all or []), *(predicate.any or []), predicate.not_]
    return predicate.pips is not None or any(looks_at_pips(part) for part in parts)


def pips_counted(combination: Combination, by_id: dict[str, Combination],
                 seen: frozenset[str] = frozenset()) -> Counted | None:
    """Which pips ``combination`` counts, or ``None`` if it never looks at them.

    A compound combination counts the pips of the hand when one of its parts
    does (a tricon with a prime is paid more when the prime is a big one).
    """
    if "pips" in combination.ties:
        return "cards"
    conditions = [combination.when, *(rule.when for rule in combination.value_if)]
    if any(looks_at_pips(condition) for condition in conditions):
        return "hand"
    seen = seen | {combination.id}
    for part in combination.parts:
        for part_id in (part.best_of if isinstance(part, BestOf) else [part]):
            found = by_id.get(part_id)
            if found is not None and part_id not in seen and pips_counted(found, by_id, seen):
                return "hand"
    return None


class PipCounter:
    """The pips of the hands shown at one table's showdowns."""

    def __init__(self, evaluator: Evaluator, lang: Lang = EN) -> None:
        self.evaluator = evaluator
        self.lang = lang
        self.combinations = {c.id: c for c in evaluator.ruleset.combinations}
        self.selections: dict[str, Selection] = {}

    def making_cards(self, combination: Combination, cards: Sequence[int]) -> tuple[int, ...]:
        """The cards of ``cards`` (four) that make ``combination``, in the hand's order.

        The hand table's own choice for every hand of the pack (computed once
        per combination, with numpy), read at the row of this hand.
        """
        import numpy as np

        from ..hands.features import hand_arrays
        from ..hands.selectors import select_cards

        arrays = hand_arrays(self.evaluator.deck)
        selection = self.selections.get(combination.id)
        if selection is None:
            selection = select_cards(combination.cards, arrays, combination.ties)
            self.selections[combination.id] = selection
        ordered = sorted(cards)
        row = int(np.flatnonzero((arrays.hands == ordered).all(axis=1))[0])
        chosen = {card for card, kept in zip(ordered, selection.cards[row], strict=True) if kept}
        return tuple(card for card in cards if card in chosen)

    def note(self, cards: Sequence[int]) -> str:
        """What to add to a hand's showdown line: `` (7♥ 10♥: 17 pips)``, or nothing."""
        if len(set(cards)) != HAND_SIZE or len(cards) != HAND_SIZE:
            return ""
        worth = self.evaluator.worth(cards)
        combination = self.combinations.get(worth.combination_id or "")
        if combination is None:
            return ""
        counted = pips_counted(combination, self.combinations)
        if counted is None:
            return ""
        deck = self.evaluator.deck
        making = tuple(cards) if counted == "hand" else self.making_cards(combination, cards)
        pips = sum(deck.pips_of(card) for card in making)
        if len(making) == len(cards):
            return T("pips", self.lang, pips=pips)
        return T("cards_pips", self.lang, cards=deck.format_hand(making), pips=pips)
