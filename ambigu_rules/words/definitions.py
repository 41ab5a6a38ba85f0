"""What makes a combination and what it is worth, in words.

A combination's ``when`` condition reads as tests on the features of a hand
("four different suits and more than 30 pips in all"); the combinations it
is built of read as "it also holds a prime"; its value says how the sum is
made when it adds up the values of its parts.
"""

from __future__ import annotations

from ..rules.combinations import BestOf, Combination, Comparison, PartRef, Predicate
from .markup import Md, esc
from .names import RuleWords
from .phrases import number_word, or_list

FEATURES = {
    # feature: (noun after the number, whether numbers are card counts)
    "distinct_suits": ("different suits", True),
    "distinct_ranks": ("different ranks", True),
    "max_suit_count": ("cards in its longest suit", True),
    "max_rank_count": ("cards of one rank", True),
    "pips": ("pips in all", False),
    "longest_suit_run": ("cards of one suit in sequence", True),
    "longest_run": ("cards in sequence, suits ignored", True),
}


def comparison(test: Comparison, card_counts: bool) -> list[str]:
    """The tests of one comparison as number phrases ("more than 30")."""
    word = number_word if card_counts else str
    phrases = []
    if test.eq is not None:
        phrases.append(word(test.eq))
    if test.ne is not None:
        phrases.append(f"not {word(test.ne)}")
    if test.gt is not None:
        phrases.append(f"more than {word(test.gt)}")
    if test.ge is not None:
        phrases.append(f"at least {word(test.ge)}")
    if test.lt is not None:
        phrases.append(f"fewer than {word(test.lt)}")
    if test.le is not None:
        phrases.append(f"at most {word(test.le)}")
    if test.in_ is not None:
        phrases.append(or_list([word(item) for item in test.in_]))
    return phrases


def condition(predicate: Predicate) -> str:
    """A ``when`` condition in words.

    >>> condition(Predicate.model_validate({"distinct_suits": 4, "pips": {"gt": 30}}))
    'four different suits and more than 30 pips in all'
    """
    clauses: list[str] = []
    for feature, (noun, card_counts) in FEATURES.items():
        test = getattr(predicate, feature)
        if test is not None:
            clauses.extend(f"{phrase} {noun}" for phrase in comparison(test, card_counts))
    if predicate.all:
        clauses.append("all of (" + "; ".join(condition(p) for p in predicate.all) + ")")
    if predicate.any:
        clauses.append("one of (" + "; ".join(condition(p) for p in predicate.any) + ")")
    if predicate.not_ is not None:
        clauses.append("not (" + condition(predicate.not_) + ")")
    return " and ".join(clauses)


class CombinationWords(RuleWords):
    """Sentences of a combination's definition and value."""

    def part(self, part: PartRef) -> str:
        """A combination a combination holds: "a prime", "a tricon or a flush"."""
        if isinstance(part, BestOf):
            return "a " + " or a ".join(self.name(name) for name in part.best_of)
        return f"a {self.name(part)}"

    def definition(self, combination: Combination) -> Md:
        """The formal condition of a combination, in words."""
        clauses = []
        if combination.when is not None:
            clauses.append(condition(combination.when))
        if combination.parts:
            held = " and ".join(self.part(part) for part in combination.parts)
            clauses.append(f"it also holds {held}" if clauses else f"holds {held}")
        return esc("; ".join(clauses))

    def _value_of(self, combination_id: str) -> str:
        combination = self._combinations.get(combination_id)
        return str(combination.value) if combination else "?"

    def value(self, combination: Combination, values: str | None = None) -> Md:
        """What the combination is paid, with how the sum is made."""
        shown = values or str(combination.value)
        if combination.payment == "own" or not combination.parts:
            return esc(shown)
        pieces = []
        for part in combination.parts:
            names = part.best_of if isinstance(part, BestOf) else [part]
            pieces.append(
                " or ".join(f"{self.name(n)} ({self._value_of(n)})" for n in names)
            )
        if combination.value:
            held = " plus the ".join(pieces)
            return esc(f"{shown}: {combination.value} plus the {held} it holds")
        return esc(f"{shown}: the " + " plus the ".join(pieces) + " it holds, added together")
