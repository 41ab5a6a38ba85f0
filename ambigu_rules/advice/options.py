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
from ..languages import EN, SOURCE, Catalog, Lang
from ..rules.deck import HAND_SIZE
from ..rules.ruleset import Ruleset
from .counting import count_completions
from .exchanges import ORDINALS, ExchangeRule, exchanges_of

#: The key of the final hands that hold no combination (``evaluate --json`` says null).
NO_COMBINATION = "none"

#: Why the advice cannot be given, in each language: the site's tool says it in the
#: page's language (``{version}``: :func:`version_named`).
REFUSED = Catalog(__name__, "REFUSED", {
    "first": "first",
    "second": "second",
    "or": " or ",
    "no-such-exchange": "an exchange is {choices}, got {got}",
    "only-one-exchange": "{version} has only 1 exchange, so no {exchange} exchange",
    "no-exchange": "{version} has no exchange, so no {exchange} exchange",
    "hand-size": ("the {exchange} exchange of {version} ({title}) is made on {size} cards, "
                  "got {got}"),
    "held-and-seen-one": "{cards} cannot be both in the hand and seen",
    "held-and-seen": "{cards} cannot be both in the hand and seen",
    "too-few-unseen": ("only {unseen} cards are unseen, and a discard of {high} needs "
                       "{needed}: fewer cards can have been seen"),
    "twice-in-hand": "{card} appears twice in the hand {hand}",
    "twice-in-seen": "{card} appears twice in the seen cards {hand}",
    # Said in a language other than the pack's own (English: the pack says what it
    # found wrong, :func:`~ambigu_rules.advice._written_cards`).
    "not-a-card": ("{card} is not a card of this pack: write a rank, then a suit "
                   "(ranks: {ranks}; suits: {suits})"),
})


def speaks_as_the_command_line(lang: Lang) -> bool:
    """Whether ``lang`` is the source language, which the command line speaks: its
    refusals stay the command line's own words (the pack's, a version's id)."""
    return lang.code == SOURCE


def version_named(ruleset: Ruleset, lang: Lang) -> str:
    """How a refusal in ``lang`` names the version: in the command line's language by
    the id it was given; in another, by the title the site's pages give it.

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> from ambigu_rules.languages import FR
    >>> version_named(load_ruleset("russian"), EN), version_named(load_ruleset("russian"), FR)
    ('russian', 'Russe')
    """
    if speaks_as_the_command_line(lang):
        return ruleset.id
    return ruleset.text_in("short_title", lang.code)


def refusal(key: str, lang: Lang, /, **fill: object) -> str:
    """The refusal ``key`` of :data:`REFUSED` in ``lang``, its signs spaced as ``lang``
    spaces them (the site shows it as it is), what the reader wrote left as written."""
    return lang.typeset(REFUSED.forms(key, lang, **fill)).format(**fill)


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


def exchange_rule(ruleset: Ruleset, exchange: str, lang: Lang = EN) -> ExchangeRule:
    """The exchange named ``first`` or ``second``, or a clear error (in ``lang``).

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> from ambigu_rules.languages import FR
    >>> exchange_rule(load_ruleset("russian"), "third", FR)
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.AdviceError: un échange se nomme premier ou second, et non 'third'
    """
    found = exchanges_of(ruleset)
    if exchange not in ORDINALS:
        raise AdviceError(refusal("no-such-exchange", lang, got=repr(exchange), choices=REFUSED(
            "or", lang).join(REFUSED(ordinal, lang) for ordinal in ORDINALS)))
    place = ORDINALS.index(exchange)
    if place >= len(found):
        raise AdviceError(refusal("only-one-exchange" if found else "no-exchange", lang,
                                  version=version_named(ruleset, lang),
                                  exchange=REFUSED(exchange, lang)))
    return found[place]


def advise_cards(ruleset: Ruleset, evaluator: Evaluator, hand: Sequence[int],
                 seen: Sequence[int] = (), exchange: str = "first",
                 lang: Lang = EN) -> Advice:
    """The advice for ``hand`` (card numbers) at ``exchange``, having seen ``seen``
    (a refusal said in ``lang``)."""
    rule = exchange_rule(ruleset, exchange, lang)
    held = tuple(hand)
    if len(held) != rule.hand_size:
        step = next(step for step in ruleset.procedure if step.id == rule.step_id)
        raise AdviceError(refusal("hand-size", lang, exchange=REFUSED(exchange, lang),
                                  version=version_named(ruleset, lang),
                                  title=step.text_in("title", lang.code),
                                  size=rule.hand_size, got=len(held)))
    deck = evaluator.deck
    both = sorted(set(held) & set(seen))
    if both:
        raise AdviceError(refusal("held-and-seen-one" if len(both) == 1 else "held-and-seen",
                                  lang, cards=deck.format_hand(both)))
    known = set(held) | set(seen)
    unseen = [card for card in deck.cards() if card not in known]
    needed = HAND_SIZE - rule.hand_size + rule.high
    if len(unseen) < needed:
        raise AdviceError(refusal("too-few-unseen", lang, unseen=len(unseen), high=rule.high,
                                  needed=needed))
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
