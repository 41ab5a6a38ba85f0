"""Rulings of the German rules page after Foster (DE-RULES).

Source: shared/sources/german-rules-after-foster.de.txt, sections "Die
Kombinationen" (ranking, pairs, ties), the worked example (Anna, Ben, Carla,
Dan) and "Varianten" (the 1730 rules as the Académie des jeux oubliés gives them).
"""

from __future__ import annotations

import pytest

from ambigu_rules.load.versions import settle_showdown

from conftest import beats, evaluate, key

ANNA = "2S 3S 4S 9S"  # "einen Flush mit Sequenz"
BEN = "5H 5D 5C 8S"  # "ein Tricon mit Prime"
CARLA = "10H 9D 7C 6S"  # "eine große Prime (32 Augen)"

# The page follows Foster; the 1730 family reaches the same result from AJO's
# values (flux with sequence 8 > tricon with small prime 6 > big prime 3).
EXAMPLE_VARIANTS = ["foster", "1730", "1702", "1659"]


@pytest.mark.parametrize("variant", EXAMPLE_VARIANTS)
def test_german_worked_example_flush_sequence_beats_tricon_prime_beats_grand_prime_paid_8(
    variant: str,
) -> None:
    # "Anna gewinnt den Pot, und Ben, Carla und Dan zahlen ihr je 8 Chips."
    result = settle_showdown(variant, [ANNA, BEN, CARLA])
    assert result.winner == 0
    assert result.value == 8
    assert [h.combination for h in result.hands] == [
        "flush_sequence",
        "tricon_prime",
        "grand_prime",
    ]
    assert result.hands[0].value == 8
    assert beats(variant, ANNA, BEN)
    assert beats(variant, BEN, CARLA)


@pytest.mark.parametrize("variant", EXAMPLE_VARIANTS)
def test_german_worked_example_winner_does_not_depend_on_seat(variant: str) -> None:
    # The seat decides only "Ist alles gleich"; Anna wins from any seat.
    assert settle_showdown(variant, [CARLA, BEN, ANNA]).winner == 2
    assert settle_showdown(variant, [BEN, ANNA, CARLA]).winner == 1


def test_german_worked_example_carla_grand_prime_32_pips() -> None:
    result = evaluate("foster", CARLA)
    assert (result.combination, result.value) == ("grand_prime", 3)


def test_german_double_combination_beats_every_single_one() -> None:
    # "Eine Doppel-Kombination (Tricon mit Prime, Flush mit Sequenz) schlägt jede einfache."
    weakest_tricon_prime = "AS AH AD 2C"
    weakest_flush_sequence = "AS 2S 3S 5S"
    best_singles = ["10S 9S 7S 6S", "10C 10H 10D 9C", "8H 9H 10H 10D", "10S 10H 9D 9C"]
    for double in (weakest_tricon_prime, weakest_flush_sequence):
        for single in best_singles:
            assert beats("foster", double, single), (double, single)


def test_german_fredon_beats_everything() -> None:
    # "Ein Fredon schlägt alles."
    assert beats("foster", "AS AH AD AC", "7S 8S 9S 10S")


def test_german_a_pair_is_worth_nothing() -> None:
    # "Ein Paar ist nichts wert."
    assert key("foster", "5S 5H 9S 2C") == key("foster", "6S 8S 4H 2C")


def test_german_point_three_cards_always_beat_two() -> None:
    # "Beim Point schlagen drei Karten immer zwei".
    assert beats("foster", "AS 2S 4S 3H", "10H 9H 5D 6C")


def test_german_point_equal_pips_in_sequence_beat_not_in_sequence() -> None:
    # "bei gleichen Augen schlagen zwei Karten in Folge zwei, die nicht in Folge
    # sind (8 und 7 schlagen 10 und 5)".
    assert beats("foster", "8D 7D AS 3C", "10C 5C 2H 4S")


def test_german_higher_sequence_wins() -> None:
    # "Bei Sequenzen gewinnt die höhere."
    assert beats("foster", "5H 6H 7H AS", "4D 5D 6D 10C")


def test_german_otherwise_nearest_right_of_dealer_wins() -> None:
    # "Ist alles gleich, gewinnt, wer näher rechts vom Geber sitzt."
    a, b = "2S 5S 7S 10S", "2H 5H 7H 10H"
    assert key("foster", a) == key("foster", b)
    assert settle_showdown("foster", [b, a]).winner == 0


def test_german_variants_1730_fredon_paid_8() -> None:
    # "ein Fredon brachte 8" (Varianten: die Regeln von 1730).
    assert evaluate("1730", "9S 9H 9D 9C").value == 8


def test_german_variants_ajo_tricon_with_big_prime_pays_7() -> None:
    # "In der Fassung der Académie des jeux oubliés bringt ein Tricon mit großer Prime 7."
    assert evaluate("1730", "9S 9H 9D 10C").value == 7
