"""Rulings of the English encyclopedia summary (EB/WP), version id ``encyclopedia``.

Source: shared/sources/encyclopedia-summary.en.txt, the paragraph "The hands
rank as follows: ..." and its last sentence "Ties are decided by the number
of pips."
"""

from __future__ import annotations

import pytest

from ambigu_rules.load.versions import settle_showdown

from conftest import beats, evaluate

V = "encyclopedia"

WIKIPEDIA_VALUES = [
    # "Point," the number of pips on two or more cards of a suit (one counter).
    ("10H 9H 2S 3D", "point", 1),
    # "Prime," four cards of different suits (two counters).
    ("2H 3D 4C 5S", "prime", 2),
    ("10H 9D 8C 3S", "prime", 2),
    # "Grand Prime," the same with the number of pips over 30 (three counters).
    ("10H 9D 7C 6S", "grand_prime", 3),
    # "Sequence," three cards of the same suit in sequence (three counters).
    ("2S 3S 4S 9H", "sequence", 3),
    # "Tricon," three of a kind (four counters).
    ("9S 9H 9D 2S", "tricon", 4),
    # "Flush," four cards of the same suit (five counters).
    ("2S 5S 7S 10S", "flush", 5),
    # "Doublet," e.g. 2, 3, 4 and 7 of spades, sequence and flush (eight counters).
    ("2S 3S 4S 7S", "flush_sequence", 8),
]


@pytest.mark.parametrize(("hand", "combination", "value"), WIKIPEDIA_VALUES)
def test_wikipedia_hands_rank_and_values(hand: str, combination: str, value: int) -> None:
    result = evaluate(V, hand)
    assert (result.combination, result.value) == (combination, value)


def test_wikipedia_doublet_example_two_three_four_seven_of_spades_pays_8() -> None:
    # "as 2, 3, 4 and 7 of spades, amounting to both a 'sequence' and a 'flush'".
    result = evaluate(V, "2S 3S 4S 7S")
    assert (result.combination, result.value) == ("flush_sequence", 8)
    assert "doublet" in result.name.lower()


def test_wikipedia_doublet_tricon_and_prime_is_two_counting_combinations_pays_8() -> None:
    # "Doublet," a hand containing two counting combinations at once: a tricon
    # (4) whose fourth card completes a prime (2) holds two, so it is a doublet (8).
    for hand in ["2H 2D 2C 3S", "10H 10D 10C 9S"]:
        result = evaluate(V, hand)
        assert (result.combination, result.value) == ("tricon_prime", 8)
        assert "doublet" in result.name.lower()


def test_wikipedia_fredon_ten_or_eleven_by_pips() -> None:
    # "Fredon," four of a kind, "ten or eleven counters, according to the number
    # of pips": the fewest pips (four aces) get 10, the most (four tens) 11.
    # Where the line falls between them is not stated, so only the ends are tested.
    low = evaluate(V, "AS AH AD AC")
    high = evaluate(V, "10S 10H 10D 10C")
    assert (low.combination, low.value) == ("fredon", 10)
    assert (high.combination, high.value) == ("fredon", 11)


def test_wikipedia_fredon_value_never_falls_as_pips_rise() -> None:
    values = [
        evaluate(V, " ".join(f"{r}{s}" for s in "SHDC")).value
        for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    ]
    assert all(v in (10, 11) for v in values)
    assert values == sorted(values)


def test_wikipedia_fredon_the_highest_possible_hand() -> None:
    assert beats(V, "AS AH AD AC", "7S 8S 9S 10S")
    assert beats(V, "AS AH AD AC", "10S 10H 10D 9C")


def test_wikipedia_ties_decided_by_pips_two_card_point_with_more_pips_beats_three() -> None:
    # "Ties are decided by the number of pips": the summary has no rule that
    # three cards beat two (Foster's), so a 19-pip point beats a 9-pip one.
    assert beats(V, "10H 9H 2D 3C", "AS 3S 5S 10C")


def test_wikipedia_doublets_tie_by_pips_tricon_prime_23_beats_flush_sequence_18() -> None:
    # Both hands of the German example's Anna and Ben are doublets (two counting
    # combinations); between equal combinations "ties are decided by the number
    # of pips": 5+5+5+8 = 23 beats 2+3+4+9 = 18. Ben wins and is paid 8.
    result = settle_showdown(V, ["2S 3S 4S 9S", "5H 5D 5C 8S", "10H 9D 7C 6S"])
    assert result.winner == 1
    assert result.value == 8


# "The hands rank as follows": point < prime < grand prime < sequence < tricon
# < flush < doublet < fredon. Weakest of each rank against the strongest below.
WIKIPEDIA_RANKING = [
    ("AH 2D 3C 4S", "10S 9S 7S 8H"),  # prime over point
    ("10H 9D 8C 4S", "10S 9H 8D 3C"),  # grand prime over prime
    ("AS 2S 3S 4H", "10S 10H 9D 9C"),  # sequence over grand prime
    ("AS AH AD 2S", "8S 9S 10S 10H"),  # tricon over sequence
    ("AS 2S 4S 5S", "10S 10H 10D 9S"),  # flush over tricon
    ("AS AH AD 2C", "10S 9S 7S 6S"),  # doublet (tricon + prime) over flush
    ("AS 2S 3S 5S", "10C 9C 7C 6C"),  # doublet (flush + sequence) over flush
    ("AS AH AD AC", "7S 8S 9S 10S"),  # fredon over doublet
]


@pytest.mark.parametrize(("higher", "lower"), WIKIPEDIA_RANKING)
def test_wikipedia_hands_rank_as_follows(higher: str, lower: str) -> None:
    assert beats(V, higher, lower)
