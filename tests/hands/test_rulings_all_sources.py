"""Rulings on which every source that speaks of them agrees.

Sources: AJO (the 1730 reconstruction; 1659 and 1702 inherit it), Foster
("Value of the Hands", foster-value-of-the-hands.en.txt), the
English encyclopedia summary (EB/WP), the Russian encyclopedia (RU-ENC) and
the German rules page after Foster (DE-RULES).
"""

from __future__ import annotations

import pytest
from rulings_helpers import in_deck

from ambigu_rules.load.versions import settle_showdown

from conftest import ALL_VARIANTS, beats, evaluate, key

# Versions whose source names the seat that wins an exact tie: AJO "the one
# nearest to the dealer's right"; Foster "the elder hand"; RU-ENC "ближе к
# сдатчику с правой стороны". (EB/WP only says ties go by pips.)
SEAT_RULE_VARIANTS = ["1659", "1702", "1730", "foster", "russian", "russian-courts"]


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_foster_grand_prime_over_30(variant: str) -> None:
    # Foster, AJO, EB/WP, RU-ENC: a prime of more than 30 pips is a grand prime.
    # 10 + 9 + 7 + 6 = 32 (DE-RULES: Carla's "große Prime (32 Augen)").
    result = evaluate(variant, in_deck(variant, "10H 9D 7C 6S"))
    assert result.combination == "grand_prime"


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_prime_of_exactly_30_is_small(variant: str) -> None:
    # Every source says "more than 30" (COSMO: "moins de 30 ... plus de 30");
    # 10 + 9 + 8 + 3 = 30 is not more than 30, so it is a small prime, paid 2
    # (Foster 2, AJO 2, EB 2, RU-ENC 2).
    result = evaluate(variant, in_deck(variant, "10H 9D 8C 3S"))
    assert result.combination == "prime"
    assert result.value == 2


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_prime_of_31_is_grand(variant: str) -> None:
    # 10 + 9 + 8 + 4 = 31 > 30.
    result = evaluate(variant, in_deck(variant, "10H 9D 8C 4S"))
    assert result.combination == "grand_prime"


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_grand_prime_of_31_beats_prime_of_30(variant: str) -> None:
    # Primes are ranked by pips in every source (Foster, RU-ENC, EB "ties by pips").
    assert beats(variant, in_deck(variant, "10H 9D 8C 4S"), in_deck(variant, "10S 9H 8D 3C"))


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_foster_prime_is_four_cards_of_different_suits(variant: str) -> None:
    # Foster "Dutch flush"; AJO, EB, RU-ENC: four cards of different suits, paid 2.
    result = evaluate(variant, in_deck(variant, "2H 3D 4C 5S"))
    assert (result.combination, result.value) == ("prime", 2)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_point_two_cards_of_a_suit_pays_1(variant: str) -> None:
    # AJO "two or three cards of the same suit" 1; Foster/EB "two or more cards of
    # a suit" 1; RU-ENC "Две или три карты одной масти", one counter from each.
    result = evaluate(variant, in_deck(variant, "10H 9H 2S 3D"))
    assert (result.combination, result.value) == ("point", 1)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_point_three_cards_of_a_suit_pays_1(variant: str) -> None:
    result = evaluate(variant, in_deck(variant, "AS 3S 5S 10C"))
    assert (result.combination, result.value) == ("point", 1)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_sequence_three_suited_cards_in_order_pays_3(variant: str) -> None:
    # Foster: "the 2, 3 and 4 of spades, with an odd card, such as a 9", paid 3;
    # AJO tierce 3; EB 3; RU-ENC секанс 3.
    result = evaluate(variant, in_deck(variant, "2S 3S 4S 9H"))
    assert (result.combination, result.value) == ("sequence", 3)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_tricon_three_of_a_rank_pays_4(variant: str) -> None:
    # Fourth card shares a suit with the three, so no prime: plain tricon, 4 everywhere.
    result = evaluate(variant, in_deck(variant, "9S 9H 9D 2S"))
    assert (result.combination, result.value) == ("tricon", 4)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_flush_four_of_a_suit_not_in_sequence_pays_5(variant: str) -> None:
    # Foster "not necessarily in sequence", 5; AJO flux 5; EB 5; RU-ENC флю 5.
    result = evaluate(variant, in_deck(variant, "2S 5S 7S 10S"))
    assert (result.combination, result.value) == ("flush", 5)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_flush_with_two_pairs_in_sequence_is_no_sequence(variant: str) -> None:
    # 2-3 and 7-8 are runs of two; a sequence needs three cards (every source).
    result = evaluate(variant, in_deck(variant, "2S 3S 7S 8S"))
    assert (result.combination, result.value) == ("flush", 5)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_four_suited_cards_all_in_sequence_pay_8(variant: str) -> None:
    # Four in sequence of one suit is the top double in every version: AJO
    # flux with sequence 8, Foster/EB doublet 8, RU-ENC флю-секанс 8 (3 + 5).
    result = evaluate(variant, in_deck(variant, "2S 3S 4S 5S"))
    assert (result.combination, result.value) == ("flush_sequence", 8)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_fredon_beats_the_best_flush_sequence(variant: str) -> None:
    # Foster "best hand"; AJO top of the list; EB "the highest possible hand";
    # RU-ENC "Самая старшая комбинация". (In the court deck 7-J-Q-K is read as a
    # run: RU-ENC's jack, queen and king stand in for the 8, 9 and 10.)
    fredon = in_deck(variant, "AS AH AD AC")
    best_flush_sequence = in_deck(variant, "7S 8S 9S 10S")
    assert evaluate(variant, fredon).combination == "fredon"
    assert evaluate(variant, best_flush_sequence).combination == "flush_sequence"
    assert beats(variant, fredon, best_flush_sequence)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_tricon_prime_beats_flush(variant: str) -> None:
    # Foster: three of a kind with the fourth card of the missing suit "beats a
    # flush"; AJO and RU-ENC list tricon with prime above flux; EB: a doublet
    # ranks above the flush.
    tricon_prime = in_deck(variant, "AS AH AD 2C")
    best_plain_flush = in_deck(variant, "10S 9S 7S 6S")
    assert evaluate(variant, tricon_prime).combination == "tricon_prime"
    assert evaluate(variant, best_plain_flush).combination == "flush"
    assert beats(variant, tricon_prime, best_plain_flush)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_higher_sequence_wins_regardless_of_odd_card(variant: str) -> None:
    # Foster "the highest sequence wins"; RU-ENC "Секанс с большим количеством
    # очков перебивает"; AJO: ties by the better point (the three suited cards).
    # 3-4-5 beats 2-3-4 although 2+3+4+10 > 3+4+5+1 over the whole hand.
    low = in_deck(variant, "2S 3S 4S 10H")
    high = in_deck(variant, "3D 4D 5D AC")
    assert beats(variant, high, low)


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_tricon_of_higher_rank_wins(variant: str) -> None:
    # RU-ENC: "побеждает тот, к-рый состоит из карт более высокого номинала";
    # Foster/EB: ties by pips (27 > 9); AJO: better point too (9S 2S over 3C 4C).
    assert beats(variant, in_deck(variant, "9S 9H 9D 2S"), in_deck(variant, "3H 3D 3C 4C"))


@pytest.mark.parametrize("variant", SEAT_RULE_VARIANTS)
def test_seat_nearest_dealer_right_wins_exact_tie(variant: str) -> None:
    # Two primes of 32 pips: nothing separates them, so the seat nearest the
    # dealer's right (the first in the list) wins, whichever hand it holds.
    a = in_deck(variant, "10H 9D 7C 6S")
    b = in_deck(variant, "10S 9H 7D 6C")
    assert key(variant, a) == key(variant, b)
    assert settle_showdown(variant, [a, b]).winner == 0
    assert settle_showdown(variant, [b, a]).winner == 0


@pytest.mark.parametrize("variant", SEAT_RULE_VARIANTS)
def test_seat_rule_between_later_seats(variant: str) -> None:
    # A weaker hand in the first seat; the tie between seats 1 and 2 goes to seat 1.
    weak = in_deck(variant, "2H 3D 4C 5S")
    a = in_deck(variant, "10H 9D 7C 6S")
    b = in_deck(variant, "10S 9H 7D 6C")
    result = settle_showdown(variant, [weak, a, b])
    assert result.winner == 1
    assert result.value == evaluate(variant, a).value


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_better_hand_wins_from_any_seat(variant: str) -> None:
    # The seat only matters in an exact tie (AJO, Foster, RU-ENC): a sequence
    # beats a prime from the last seat.
    prime = in_deck(variant, "10H 9D 7C 6S")
    sequence = in_deck(variant, "2S 3S 4S 9H")
    result = settle_showdown(variant, [prime, sequence])
    assert result.winner == 1
    assert result.value == 3
    assert [h.combination for h in result.hands] == ["grand_prime", "sequence"]


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_showdown_pays_only_the_winners_combination(variant: str) -> None:
    # DE-RULES "Nur der Gewinner des Pots wird bezahlt"; Foster: the winner
    # "demands payment ... for whatever combination he holds"; AJO/RU-ENC the
    # same. A tricon (4) wins over a point (1) and a prime (2): each pays 4.
    hands = [in_deck(variant, h) for h in ["10H 9H 2S 3D", "2H 4D 6C 5S", "9S 9C 9D 6D"]]
    result = settle_showdown(variant, hands)
    assert result.winner == 2
    assert result.value == 4


# The order every source gives, lowest first (AJO's list "in hierarchical
# order"; Foster's "seven combinations ... beginning with the lowest"; EB "The
# hands rank as follows"; RU-ENC "от младшей к старшей"): point < prime <
# grand prime < sequence < tricon < flush < tricon with prime < fredon.
# Each pair sets the weakest hand of a class against the strongest hand of the
# class below. (Flush with sequence against tricon with prime is left to the
# version files: EB puts both in one "Doublet" rank.)
COMMON_HIERARCHY = [
    ("AH 2D 3C 4S", "10S 9S 7S 8H"),  # weakest prime over a three-card point of 26
    ("10H 9D 8C 4S", "10S 9H 8D 3C"),  # grand prime (31) over prime (30)
    ("AS 2S 3S 4H", "10S 10H 9D 9C"),  # weakest sequence over a grand prime of 38
    ("AS AH AD 2S", "8S 9S 10S 10H"),  # weakest tricon over the best sequence
    ("AS 2S 4S 5S", "10S 10H 10D 9S"),  # weakest flush over the best tricon
    ("AS AH AD 2C", "10S 9S 7S 6S"),  # weakest tricon with prime over a flush of 32
    ("AS AH AD AC", "7S 8S 9S 10S"),  # weakest fredon over the best flush with sequence
]


@pytest.mark.parametrize("variant", ALL_VARIANTS)
@pytest.mark.parametrize(("higher", "lower"), COMMON_HIERARCHY)
def test_all_sources_hierarchy_of_combinations(variant: str, higher: str, lower: str) -> None:
    assert beats(variant, in_deck(variant, higher), in_deck(variant, lower))
