"""Players for simulations and for the terminal game.

* :class:`RandomBot` picks a kind of action at random among those allowed,
  then an amount or a discard of that kind at random.
* :class:`HeuristicBot` plays on hand strength: it knows where its hand
  stands among all hands of the version (from the evaluator table), what
  the combination would be paid, and keeps the cards that make it.

A bot decides from its seat's view (:meth:`~ambigu_rules.engine.game.Game.view`):
its own cards, the public record and what it may do; never another player's hand.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from ..engine.actions import Action, LegalActions
from ..engine.chance import below
from ..engine.view import SeatView
from ..hands.evaluator import Evaluator
from ..limits import MAX_CACHED_RULESETS


class Bot(Protocol):
    def choose(self, view: SeatView) -> Action:
        """The action to play, chosen from what the seat may know and do (``view.legal``)."""
        ...


class RandomBot:
    """A random legal player (uniform over kinds, then over amounts or discards)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        """A kind among those allowed, then an action of that kind, each drawn
        uniformly (:func:`~ambigu_rules.engine.chance.below`)."""
        groups = view.legal.groups()
        rng = self.rng
        same = groups[below(rng, len(groups))]
        return same[below(rng, len(same))]


@lru_cache(maxsize=MAX_CACHED_RULESETS)
def _sorted_keys(evaluator: Evaluator) -> list[int]:
    return sorted(evaluator.rank_keys)


def strength(evaluator: Evaluator, hand: Sequence[int]) -> float:
    """Share of all four-card hands that this hand beats (0 to 1)."""
    keys = _sorted_keys(evaluator)
    return bisect.bisect_left(keys, evaluator.key_of(hand)) / len(keys)


class HeuristicBot:
    """A sensible player: bets on strength, keeps what makes its combination."""

    def __init__(self, seed: int | None = None, boldness: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.boldness = boldness

    # -- helpers -------------------------------------------------------------

    def _unseen(self, view: SeatView) -> list[int]:
        hand = view.hand
        return [card for card in view.deck.cards() if card not in hand]

    def _expected_strength(self, view: SeatView, keep: Sequence[int],
                           samples: int = 12) -> float:
        """Mean strength of four-card hands completed from ``keep`` at random."""
        missing = 4 - len(keep)
        if missing == 0:
            return strength(view.evaluator, keep)
        pool = self._unseen(view)
        total = 0.0
        for _ in range(samples):
            total += strength(view.evaluator, [*keep, *self.rng.sample(pool, missing)])
        return total / samples

    def _value(self, view: SeatView, hand: Sequence[int]) -> int:
        return view.evaluator.evaluate(hand).value if len(hand) == 4 else 0

    def _two_card_promise(self, view: SeatView, hand: Sequence[int]) -> float:
        """How promising two cards are: a pair or a suited pair, and their pips."""
        deck = view.deck
        if len(hand) < 2:
            return 0.0
        a, b = hand[:2]
        score = (deck.pips_of(a) + deck.pips_of(b)) / 40
        if deck.rank_of(a) == deck.rank_of(b):
            score += 0.5
        elif deck.suit_of(a) == deck.suit_of(b):
            score += 0.3 + (0.1 if abs(deck.rank_of(a) - deck.rank_of(b)) <= 2 else 0.0)
        return min(score, 1.0)

    def _hand_strength(self, view: SeatView) -> float:
        hand = view.hand
        if len(hand) == 4:
            return strength(view.evaluator, hand)
        return self._two_card_promise(view, hand)

    # -- decisions -----------------------------------------------------------

    def choose(self, view: SeatView) -> Action:
        actions = view.legal
        kinds = actions.kinds()
        if "discard" in kinds:
            return self._discard(view, actions)
        if "shuffle" in kinds:
            call = self._hand_strength(view) + self.boldness > 0.6
            return Action("shuffle") if call else Action("pass")
        if "choose" in kinds:
            options = list(actions.of_kind("choose"))
            strong = self._hand_strength(view) > 0.8
            preferred = [a for a in options if (a.option == "force") == strong]
            return (preferred or options)[0]
        return self._bet(view, actions)

    def _discard(self, view: SeatView, actions: Sequence[Action]) -> Action:
        hand = view.hand
        deck = view.deck
        if len(hand) < 4:
            keep_value = self._two_card_promise(view, hand)
            if keep_value >= 0.55:
                stand = [a for a in actions if not a.cards]
                if stand:
                    return stand[0]
            # Throw the lowest card(s) that do not match the other.
            return min(actions, key=lambda a: (abs(len(a.cards) - 1),
                                                sum(deck.pips_of(c) for c in a.cards)))
        best, best_score = actions[0], -1.0
        for action in actions:
            keep = [card for card in hand if card not in action.cards]
            score = self._expected_strength(view, keep)
            if score > best_score:
                best, best_score = action, score
        return best

    def _enough_raised(self, view: SeatView, s: float) -> bool:
        """Stop raising once the bet is large for the hand: a few limits at most.

        The limit counted is at most 10, so that two strong hands at a table
        with a huge limit do not raise each other two counters at a time for
        ever (found by tools/fuzz.py).
        """
        limit = min(view.limit or 10, 10)
        return view.current_bet >= (6 if s > 0.98 else 3) * limit

    def _bet(self, view: SeatView, actions: LegalActions) -> Action:
        s = self._hand_strength(view) + self.boldness
        s += min(self._value(view, view.hand), 10) / 100
        by_kind: dict[str, Sequence[Action]] = {kind: actions.of_kind(kind)
                                                for kind in actions.kinds()}
        if "open" in by_kind or "force" in by_kind:
            if s > 0.85 and "open" in by_kind:
                opens = by_kind["open"]
                return opens[min(len(opens) - 1, int((s - 0.85) * 20))]
            if s > 0.7 and "force" in by_kind:
                return by_kind["force"][0]
            if s > 0.7 and "open" in by_kind:
                return by_kind["open"][0]
            return by_kind.get("pass", actions)[0]
        if s > 0.93 and "raise" in by_kind and not self._enough_raised(view, s):
            raises = by_kind["raise"]
            return raises[min(len(raises) - 1, 1)]
        if s > 0.55 and "call" in by_kind:
            return by_kind["call"][0]
        return by_kind.get("fold", by_kind.get("call", actions))[0]
