"""Exchange advice (issue 26, item 1): the chances of each final combination after
each discard, checked against counts of cards made by hand (arithmetic in the
comments, from a 40-card pack less the cards held and seen) and against a plain
enumeration of every completion written here, in every version."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from ambigu_rules import advise
from ambigu_rules.advice import NO_COMBINATION, Advice, DiscardOption

from conftest import ALL_VARIANTS, evaluator

# The discards each version's rule file allows at its exchanges, as its sources
# give them: Foster ("discards one or both", or stands: "Enough"), the English
# summary likewise, the Russian entry ("пас" changes one or both, "баста" keeps
# them); in the French reconstruction nobody stands in a two-card round that
# all passed: each discards one or two. The second exchange is 0 to 4 in all.
FIRST_DISCARDS = {"foster": (0, 2), "encyclopedia": (0, 2), "russian": (0, 2),
                  "russian-courts": (0, 2), "1730": (1, 2), "1659": (1, 2), "1702": (1, 2)}
SECOND_DISCARDS = (0, 4)


def option(advice: Advice, discard: str, variant: str = "foster") -> DiscardOption:
    """The option of ``advice`` that discards the cards written ``discard``."""
    wanted = set(evaluator(variant).deck.parse_cards(discard)) if discard else set()
    return next(o for o in advice.options if set(o.discard) == wanted)


def test_foster_standing_on_nine_ten_of_spades() -> None:
    # Standing on 9♠ 10♠, the two cards to come are any 2 of the 38 unseen:
    # C(38, 2) = 703. Both spades: C(8, 2) = 28; with 8♠ (7 of them) the spades
    # hold 8 9 10 in sequence, a doublet of sequence and flush; the other 21 are
    # flushes. 8♠ with one of the 30 cards of other suits: a sequence (30).
    advice = advise("foster", "9S 10S")
    stand = option(advice, "")
    assert stand.total == 703
    assert stand.probability("flush") == Fraction(21, 703)
    assert stand.probability("flush_sequence") == Fraction(7, 703)
    assert stand.probability("sequence") == Fraction(30, 703)


def test_foster_drawing_to_a_tricon() -> None:
    # 5♠ 5♥ 5♦ 9♣ at the second draw, 9♣ thrown: 36 cards unseen (9♣ is his).
    # 5♣ makes a fredon (1); a club other than 5♣ and 9♣ gives the tricon the
    # suit its three lack, a doublet of tricon and prime (8); the other 27
    # leave a tricon. Foster pays 4, 6 and 10 (four fives, 20 pips, below 30):
    # (27*4 + 8*6 + 1*10) / 36 = 166 / 36.
    advice = advise("foster", "5S 5H 5D 9C", exchange="second")
    draw = option(advice, "9C")
    assert draw.counts == {"tricon": 27, "tricon_prime": 8, "fredon": 1}
    assert draw.value_sum == 166 and draw.total == 36
    assert draw.expected_value == pytest.approx(166 / 36)


def test_a_seen_card_cannot_be_drawn() -> None:
    # As above, but 5♣ was seen (shown by another player): no fredon is left
    # among the 35 unseen cards, 8 clubs still make the doublet, 27 the tricon.
    advice = advise("foster", "5S 5H 5D 9C", seen="5C", exchange="second")
    assert option(advice, "9C").counts == {"tricon": 27, "tricon_prime": 8}


def test_a_made_fredon_kept_is_sure() -> None:
    # Four tens kept: the hand is final, one outcome, a fredon worth 11 in
    # Foster (40 pips, over 30).
    advice = advise("foster", "10S 10H 10D 10C", exchange="second")
    keep = option(advice, "")
    assert keep.counts == {"fredon": 1} and keep.expected_value == 11
    assert advice.options[0] is keep


def test_russian_flush_needs_all_four_in_sequence_for_the_doublet() -> None:
    # 2♥ 5♥ 8♥ 3♠, 3♠ thrown: 36 unseen, 7 of them hearts (A 3 4 6 7 9 10),
    # none running four in a row with 2 5 8: 7 flushes (5 each); the 29
    # others leave a point of three hearts (1): (7*5 + 29) / 36 = 64 / 36.
    draw = option(advise("russian", "2H 5H 8H 3S", exchange="second"), "3S", "russian")
    assert draw.counts == {"flush": 7, "point": 29}
    assert draw.expected_value == pytest.approx(64 / 36)


@pytest.mark.parametrize("variant", sorted(FIRST_DISCARDS))
def test_the_first_exchange_offers_the_discards_the_rule_file_allows(variant: str) -> None:
    low, high = FIRST_DISCARDS[variant]
    advice = advise(variant, "7S 6S")
    sizes = Counter(len(o.discard) for o in advice.options)
    assert sizes == {size: [1, 2, 1][size] for size in range(low, high + 1)}


# Cards of both packs (the Russian court-card pack lacks 8, 9 and 10).
SEEN = "AH 2H 3H 4H 5H 6H 7H AD 2D 3D 4D 5D"


def brute_force(variant: str, hand: tuple[int, ...], seen: tuple[int, ...],
                low: int, high: int) -> dict[tuple[int, ...], tuple[Counter[str], int]]:
    """Every discard of ``low`` to ``high`` cards, and for each every completion
    from the cards neither held nor seen, evaluated one by one."""
    table = evaluator(variant)
    unseen = [card for card in table.deck.cards() if card not in hand and card not in seen]
    found = {}
    for size in range(low, high + 1):
        for discard in combinations(hand, size):
            keep = [card for card in hand if card not in discard]
            names: Counter[str] = Counter()
            values = 0
            for drawn in combinations(unseen, 4 - len(keep)):
                result = table.evaluate([*keep, *drawn])
                names[result.combination or NO_COMBINATION] += 1
                values += result.value
            found[tuple(sorted(discard))] = (names, values)
    return found


@pytest.mark.parametrize("variant", ALL_VARIANTS)
@pytest.mark.parametrize(("exchange", "hand"), [("first", "7S 6S"), ("second", "7S 6S 5S 7C")])
def test_advice_agrees_with_a_plain_enumeration(variant: str, exchange: str, hand: str) -> None:
    deck = evaluator(variant).deck
    cards, seen = deck.parse_cards(hand), deck.parse_cards(SEEN)
    low, high = FIRST_DISCARDS[variant] if exchange == "first" else SECOND_DISCARDS
    expected = brute_force(variant, cards, seen, low, high)
    advice = advise(variant, hand, SEEN, exchange)
    got = {tuple(sorted(o.discard)): (Counter(o.counts), o.value_sum) for o in advice.options}
    assert got == expected
    for each in advice.options:
        assert sum(each.probabilities.values()) == pytest.approx(1)
        assert sum(each.counts.values()) == each.total


def test_options_come_best_expected_value_first() -> None:
    values = [o.expected_value for o in advise("foster", "9S 10S").options]
    assert values == sorted(values, reverse=True)
