"""Rulings of the Académie des jeux oubliés reconstruction of the 1730 rules (AJO).

Source: shared/sources/french-article-1702-1730.en.txt, sections on the
showdown ("In the event of a tie ...") and the list of combinations with
their values. DESIGN.md honesty rule 1: no primary text of 1659 or 1702 is
available, so those versions inherit 1730 unchanged and must give the same
results.
"""

from __future__ import annotations

import pytest

from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.load.versions import settle_showdown

from conftest import FRENCH, beats, evaluate, evaluator, key

# (hand, canonical combination, counters paid) from AJO's list of combinations.
AJO_VALUES = [
    # "The point ... [1 counter] Two or three cards of the same suit"
    ("10H 9H 2S 3D", "point", 1),
    ("AS 3S 5S 10C", "point", 1),
    # "small prime = 2 counters ; big prime = 3 counters" (> 30 = big prime)
    ("2H 3D 4C 5S", "prime", 2),
    ("10H 9D 8C 3S", "prime", 2),  # exactly 30 is not > 30
    ("10H 9D 7C 6S", "grand_prime", 3),
    # "The sequence (tierce)... [3 counters] Three cards of the same suit that follow"
    ("2S 3S 4S 9H", "sequence", 3),
    # "The tricon (three of a kind)... [4 counters]"
    ("9S 9H 9D 2S", "tricon", 4),
    # "The flux (flush)... [5 counters] Four cards of the same suit"
    ("2S 5S 7S 10S", "flush", 5),
    # "tricon with prime ... 6 or 7 counters depending on whether the prime is small or big"
    ("2H 2D 2C 3S", "tricon_prime", 6),
    ("10H 10D 10C 9S", "tricon_prime", 7),
    # "flux with sequence ... [5+3 = 8] ... at least three cards that follow one another"
    ("2S 3S 4S 9S", "flush_sequence", 8),
    ("2S 3S 4S 5S", "flush_sequence", 8),
    # "The fredon (four of a kind)... [8 counters]"
    ("AS AH AD AC", "fredon", 8),
    ("10S 10H 10D 10C", "fredon", 8),
]


@pytest.mark.parametrize("variant", FRENCH)
@pytest.mark.parametrize(("hand", "combination", "value"), AJO_VALUES)
def test_ajo_combinations_and_their_values(
    variant: str, hand: str, combination: str, value: int
) -> None:
    result = evaluate(variant, hand)
    assert (result.combination, result.value) == (combination, value)


@pytest.mark.parametrize("variant", FRENCH)
def test_ajo_tricon_with_big_prime_pays_7(variant: str) -> None:
    # AJO: tricon with prime is 4+3 = 7 when the prime is big (10+10+10+9 = 39 > 30);
    # DE-RULES Varianten confirms: "ein Tricon mit großer Prime bringt 7".
    result = evaluate(variant, "10H 10D 10C 9S")
    assert (result.combination, result.value) == ("tricon_prime", 7)


@pytest.mark.parametrize("variant", FRENCH)
def test_ajo_tricon_with_small_prime_pays_6(variant: str) -> None:
    # AJO: 4+2 = 6 with a small prime (2+2+2+3 = 9).
    result = evaluate(variant, "2H 2D 2C 3S")
    assert (result.combination, result.value) == ("tricon_prime", 6)


@pytest.mark.parametrize("variant", FRENCH)
def test_ajo_tricon_prime_needs_fourth_card_of_the_missing_suit(variant: str) -> None:
    # AJO: "a fourth card different in rank and suit"; here the 3 is a spade like
    # one of the 2s, so the hand is a plain tricon (4).
    result = evaluate(variant, "2H 2D 2S 3S")
    assert (result.combination, result.value) == ("tricon", 4)


@pytest.mark.parametrize("variant", FRENCH)
def test_ajo_tricon_prime_with_prime_of_exactly_30_pays_6(variant: str) -> None:
    # 7+7+7+9 = 30 is not "> 30": the prime is small, so 4+2 = 6.
    result = evaluate(variant, "7H 7D 7C 9S")
    assert (result.combination, result.value) == ("tricon_prime", 6)


@pytest.mark.parametrize("variant", FRENCH)
def test_ajo_flux_with_sequence_needs_only_three_in_sequence(variant: str) -> None:
    # AJO: "Four cards of the same suit containing at least three cards that follow".
    result = evaluate(variant, "2S 3S 4S 9S")
    assert (result.combination, result.value) == ("flush_sequence", 8)


@pytest.mark.parametrize("variant", FRENCH)
def test_ajo_fredon_pays_8_as_two_tricons(variant: str) -> None:
    # AJO: fredon 8, "it counts as two tricons" (4 + 4); no prime is added
    # (DE-RULES Varianten: "ein Fredon brachte 8").
    for rank in ["A", "5", "8", "10"]:
        result = evaluate(variant, " ".join(f"{rank}{s}" for s in "SHDC"))
        assert (result.combination, result.value) == ("fredon", 8)


@pytest.mark.parametrize("variant", FRENCH)
def test_ajo_point_ranked_by_pips_two_cards_with_more_pips_beat_three(variant: str) -> None:
    # AJO: the point's "rank determined by the sum of the points"; AJO never says
    # that three cards beat two (unlike Foster and RU-ENC). 10+9 = 19 > 1+3+5 = 9.
    two_cards = "10H 9H 2D 3C"
    three_cards = "AS 3S 5S 10C"
    assert evaluate(variant, two_cards).combination == "point"
    assert evaluate(variant, three_cards).combination == "point"
    assert beats(variant, two_cards, three_cards)


@pytest.mark.parametrize("variant", FRENCH)
def test_ajo_tie_two_card_sequence_beats_equal_point_not_following(variant: str) -> None:
    # AJO showdown: "a sequence of two cards ... beating an equal point of two
    # cards not following one another". 8+7 = 10+5 = 15.
    assert beats(variant, "8S 7S 2H 4D", "10H 5H 3C 6D")


@pytest.mark.parametrize("variant", FRENCH)
def test_ajo_tie_otherwise_nearest_dealer_right_wins(variant: str) -> None:
    # AJO: "otherwise the one nearest to the dealer's right is the winner".
    # Two points of 14, neither in sequence.
    a, b = "9S 5S 2H 3D", "10H 4H 6C 7D"
    assert key(variant, a) == key(variant, b)
    assert settle_showdown(variant, [a, b]).winner == 0
    assert settle_showdown(variant, [b, a]).winner == 0


# AJO: "point < prime (small/big) < sequence < tricon < flux < tricon with prime
# < flux with sequence < fredon" (the list "in hierarchical order"; "the sequence
# is always higher than the point [prime]"). Each pair sets the weakest hand of
# a class against the strongest hand of the class below it.
AJO_HIERARCHY = [
    ("AH 2D 3C 4S", "10S 9S 7S 8H"),  # weakest prime (10) over a 26-pip point
    ("10H 9D 8C 4S", "10S 9H 8D 3C"),  # big prime (31) over small prime (30)
    ("AS 2S 3S 4H", "10S 10H 9D 9C"),  # weakest sequence over a 38-pip big prime
    ("AS AH AD 2S", "8S 9S 10S 10H"),  # weakest tricon over the best sequence
    ("AS 2S 4S 5S", "10S 10H 10D 9S"),  # weakest flux over the best tricon
    ("AS AH AD 2C", "10S 9S 7S 6S"),  # weakest tricon with prime over a 32-pip flux
    ("AS 2S 3S 5S", "10S 10H 10D 9C"),  # weakest flux with sequence over best tricon+prime
    ("AS AH AD AC", "7S 8S 9S 10S"),  # weakest fredon over the best flux with sequence
]


@pytest.mark.parametrize("variant", FRENCH)
@pytest.mark.parametrize(("higher", "lower"), AJO_HIERARCHY)
def test_ajo_hierarchy_of_combinations(variant: str, higher: str, lower: str) -> None:
    assert beats(variant, higher, lower)


# ---------------------------------------------------------------------------
# 1659 and 1702: known only by their place in the same tradition.

SAMPLE_HANDS = [hand for hand, _, _ in AJO_VALUES] + [h for pair in AJO_HIERARCHY for h in pair]


@pytest.mark.parametrize("variant", ["1659", "1702"])
def test_1659_and_1702_give_the_same_results_as_1730(variant: str) -> None:
    # DESIGN honesty rule 1: inherit 1730, never invent a difference.
    for hand in SAMPLE_HANDS:
        ours, reference = evaluate(variant, hand), evaluate("1730", hand)
        assert (ours.combination, ours.value) == (reference.combination, reference.value), hand
    order = sorted(SAMPLE_HANDS, key=lambda h: key("1730", h))
    keys = [key(variant, h) for h in order]
    assert keys == sorted(keys)


@pytest.mark.parametrize("variant", ["1659", "1702"])
def test_1659_and_1702_odds_equal_1730(variant: str) -> None:
    ours, reference = evaluator(variant).odds(), evaluator("1730").odds()
    assert ours.total == reference.total
    assert {c.combination: c.count for c in ours.combinations} == {
        c.combination: c.count for c in reference.combinations
    }
    assert ours.mean_value == pytest.approx(reference.mean_value)


@pytest.mark.parametrize("variant", ["1659", "1702"])
def test_1659_and_1702_combinations_are_marked_inferred(variant: str) -> None:
    # DESIGN honesty rule 1: "Model them honestly: inherit, mark evidence: inferred".
    ruleset = load_ruleset(variant)
    for combination in ruleset.combinations:
        assert combination.evidence == "inferred", combination.id
    assert ruleset.ranking.evidence == "inferred"
    assert ruleset.payment.evidence == "inferred"
