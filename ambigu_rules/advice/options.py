"""Every discard an exchange allows, with the exact chances of the hand it leads to.

For a hand at one of a version's exchanges
(:mod:`~ambigu_rules.advice.exchanges`) and the cards the player has seen
besides, each discard the rule file allows is followed to the player's *final
hand*: the cards he keeps, the cards that replace his discards and those the
deal steps after the exchange bring, all drawn from the cards he has not seen.
That hand is the one he holds once every deal step has been dealt, if he stands
at any later exchange. For each discard the advice gives how many of the
equally likely final hands have each best combination
(:mod:`~ambigu_rules.advice.counting`, exact) and their **expected value**: the
mean of the value the rule file pays for the final hand's best combination (its
``value`` and ``value_if``), as each other player pays it to a winner. It is
not the chance of winning, nor what the pool holds.

>>> from ambigu_rules.load.resolver import load_ruleset
>>> from ambigu_rules.load.versions import evaluator_for_variant
>>> ruleset = load_ruleset("foster")
>>> evaluator = evaluator_for_variant(ruleset)
>>> hand = evaluator.deck.parse_cards("5S 5H 5D 5C")
>>> best = advise_cards(ruleset, evaluator, hand, exchange="second").options[0]
>>> best.discard, best.expected_value  # a fredon kept is a fredon for sure: 10
((), 10.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ..errors import AdviceError
from ..hands.evaluator import Evaluator, canonical_of
from ..rules.deck import HAND_SIZE
from ..rules.ruleset import Ruleset
from .counting import count_completions
from .exchanges import ORDINALS, ExchangeRule, exchanges_of

#: The key of the final hands that hold no combination (``evaluate --json`` says null).
NO_COMBINATION = "none"


@dataclass(frozen=True)
class DiscardOption:
    """One discard and what it leads to: for each best combination of the final
    hand (keyed as ``evaluate --json``'s ``combination``, :data:`NO_COMBINATION`
    for none) how many final hands have it, out of ``total``, and the mean value."""

    discard: tuple[int, ...]
    keep: tuple[int, ...]
    total: int
    counts: dict[str, int]
    value_sum: int

    @property
    def expected_value(self) -> float:
        """The mean value paid for the final hand's best combination."""
        return self.value_sum / self.total

    def probability(self, combination: str) -> Fraction:
        """The exact chance that the final hand's best combination is ``combination``."""
        return Fraction(self.counts.get(combination, 0), self.total)

    @property
    def probabilities(self) -> dict[str, float]:
        return {name: count / self.total for name, count in self.counts.items()}


@dataclass(frozen=True)
class Advice:
    """The options of one exchange, the best expected value first (ties: fewer
    cards discarded first, then in the order of the hand)."""

    exchange: ExchangeRule
    hand: tuple[int, ...]
    seen: tuple[int, ...]
    unseen: int
    options: list[DiscardOption]


def exchange_rule(ruleset: Ruleset, exchange: str) -> ExchangeRule:
    """The exchange named ``first`` or ``second``, or a clear error."""
    found = exchanges_of(ruleset)
    if exchange not in ORDINALS:
        raise AdviceError(f"an exchange is {' or '.join(ORDINALS)}, got {exchange!r}")
    place = ORDINALS.index(exchange)
    if place >= len(found):
        have = (f"only {len(found)} exchange" if found else "no exchange")
        raise AdviceError(f"{ruleset.id} has {have}, so no {exchange} exchange")
    return found[place]


def advise_cards(ruleset: Ruleset, evaluator: Evaluator, hand: Sequence[int],
                 seen: Sequence[int] = (), exchange: str = "first") -> Advice:
    """The advice for ``hand`` (card numbers) at ``exchange``, having seen ``seen``."""
    rule = exchange_rule(ruleset, exchange)
    held = tuple(hand)
    if len(held) != rule.hand_size:
        raise AdviceError(f"the {exchange} exchange of {ruleset.id} ({rule.title}) is made on "
                          f"{rule.hand_size} cards, got {len(held)}")
    deck = evaluator.deck
    both = sorted(set(held) & set(seen))
    if both:
        raise AdviceError(f"{deck.format_hand(both)} cannot be both in the hand and seen")
    known = set(held) | set(seen)
    unseen = [card for card in deck.cards() if card not in known]
    needed = HAND_SIZE - rule.hand_size + rule.high
    if len(unseen) < needed:
        raise AdviceError(f"only {len(unseen)} cards are unseen, and a discard of {rule.high} "
                          f"needs {needed}: fewer cards can have been seen")
    names = [canonical_of(combination) or combination.id
             for combination in ruleset.combinations]
    options = []
    for size in range(rule.low, rule.high + 1):
        for discard in combinations(held, size):
            keep = tuple(card for card in held if card not in discard)
            tally = count_completions(evaluator, keep, unseen)
            counts = {(names[index] if index >= 0 else NO_COMBINATION): count
                      for index, count in sorted(tally.counts.items())}
            options.append(DiscardOption(discard, keep, tally.total, counts, tally.value_sum))
    options.sort(key=lambda option: -option.expected_value)  # stable: fewer discards first
    return Advice(rule, held, tuple(seen), len(unseen), options)
