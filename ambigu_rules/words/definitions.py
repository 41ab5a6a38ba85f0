"""What makes a combination and what it is worth, in words.

A combination's ``when`` condition reads as tests on the features of a hand
("four different suits and more than 30 pips in all"); the combinations it
is built of read as "it also holds a prime"; its value says how the sum is
made when it adds up the values of its parts.
"""

from __future__ import annotations

from ..rules.combinations import BestOf, Combination, Comparison, PartRef, Predicate
from .lang import EN, Catalog, Lang
from .markup import Md, esc
from .names import CANONICAL_LABEL, RuleWords
from .phrases import alternatives, number_word, or_list

#: The features a condition tests, as the noun after the number (French nouns
#: are feminine where a card count in words comes before them: *une*, *deux*).
NOUNS = Catalog(__name__, "NOUNS", {
    "distinct_suits": "different suits",
    "distinct_ranks": "different ranks",
    "max_suit_count": "cards in its longest suit",
    "max_rank_count": "cards of one rank",
    "pips": "pips in all",
    "longest_suit_run": "cards of one suit in sequence",
    "longest_run": "cards in sequence, suits ignored",
})
#: Whether a feature's numbers are card counts (said in words).
CARD_COUNTS = {"distinct_suits": True, "distinct_ranks": True, "max_suit_count": True,
               "max_rank_count": True, "pips": False, "longest_suit_run": True,
               "longest_run": True}

T = Catalog(__name__, "T", {
    "ne": "not {n}",
    "gt": "more than {n}",
    "ge": "at least {n}",
    "lt": "fewer than {n}",
    "le": "at most {n}",
    "all": "all of ({clauses})",
    "any": "one of ({clauses})",
    "not": "not ({clause})",
    "and": " and ",
    "or": " or ",
    "also_holds": "it also holds {held}",
    "holds": "holds {held}",
    "piece": "{name} ({value})",
    "semicolon": "; ",
    "plus_the": " plus the ",
    "own_and_parts": "{shown}: {value} plus the {held} it holds",
    "parts_only": "{shown}: the {held} it holds, added together",
})
#: "a prime", "un tricon": each canonical combination with its article.
A_NAME = Catalog(__name__, "A_NAME", {
    "point": "a {name}",
    "prime": "a {name}",
    "grand_prime": "a {name}",
    "sequence": "a {name}",
    "tricon": "a {name}",
    "flush": "a {name}",
    "tricon_prime": "a {name}",
    "flush_sequence": "a {name}",
    "fredon": "a {name}",
    "other": "a {name}",
})


def comparison(test: Comparison, card_counts: bool, lang: Lang = EN) -> list[str]:
    """The tests of one comparison as number phrases ("more than 30")."""
    def word(value: int) -> str:
        return number_word(value, lang) if card_counts else str(value)

    phrases = []
    if test.eq is not None:
        phrases.append(word(test.eq))
    for key in ("ne", "gt", "ge", "lt", "le"):
        value = getattr(test, key)
        if value is not None:
            phrases.append(T(key, lang, n=word(value)))
    if test.in_ is not None:
        phrases.append(or_list([word(item) for item in test.in_], lang))
    return phrases


def condition(predicate: Predicate, lang: Lang = EN) -> str:
    """A ``when`` condition in words.

    >>> condition(Predicate.model_validate({"distinct_suits": 4, "pips": {"gt": 30}}))
    'four different suits and more than 30 pips in all'
    >>> from ambigu_rules.words.lang import FR
    >>> condition(Predicate.model_validate({"distinct_suits": 4, "pips": {"gt": 30}}), FR)
    'quatre couleurs différentes et plus de 30 points en tout'
    """
    clauses: list[str] = []
    for feature, card_counts in CARD_COUNTS.items():
        test = getattr(predicate, feature)
        if test is not None:
            noun = NOUNS(feature, lang)
            clauses.extend(f"{phrase} {noun}" for phrase in comparison(test, card_counts, lang))
    if predicate.all:
        clauses.append(T("all", lang, clauses=T("semicolon", lang).join(
            condition(p, lang) for p in predicate.all)))
    if predicate.any:
        clauses.append(T("any", lang, clauses=T("semicolon", lang).join(
            condition(p, lang) for p in predicate.any)))
    if predicate.not_ is not None:
        clauses.append(T("not", lang, clause=condition(predicate.not_, lang)))
    return T("and", lang).join(clauses)


class CombinationWords(RuleWords):
    """Sentences of a combination's definition and value."""

    def a_name(self, combination_id: str) -> str:
        """A combination's name with its indefinite article: "a prime", "une prime"."""
        key = combination_id if combination_id in CANONICAL_LABEL else "other"
        return A_NAME(key, self.lang, name=self.name(combination_id))

    def part(self, part: PartRef) -> str:
        """A combination a combination holds: "a prime", "a tricon or a flush"."""
        if isinstance(part, BestOf):
            return T("or", self.lang).join(self.a_name(name) for name in part.best_of)
        return self.a_name(part)

    def definition(self, combination: Combination) -> Md:
        """The formal condition of a combination, in words."""
        clauses = []
        if combination.when is not None:
            clauses.append(condition(combination.when, self.lang))
        if combination.parts:
            held = T("and", self.lang).join(self.part(part) for part in combination.parts)
            clauses.append(T("also_holds" if clauses else "holds", self.lang, held=held))
        return esc(T("semicolon", self.lang).join(clauses))

    def _value_of(self, combination_id: str) -> str:
        combination = self._combinations.get(combination_id)
        return str(combination.value) if combination else "?"

    def value(self, combination: Combination, values: str | None = None) -> Md:
        """What the combination is paid, with how the sum is made."""
        shown = alternatives(values or str(combination.value), self.lang)
        if combination.payment == "own" or not combination.parts:
            return esc(shown)
        pieces = []
        for part in combination.parts:
            names = part.best_of if isinstance(part, BestOf) else [part]
            pieces.append(T("or", self.lang).join(
                T("piece", self.lang, name=self.name(n), value=self._value_of(n))
                for n in names))
        held = T("plus_the", self.lang).join(pieces)
        if combination.value:
            return esc(T("own_and_parts", self.lang, shown=shown, value=combination.value,
                         held=held))
        return esc(T("parts_only", self.lang, shown=shown, held=held))
