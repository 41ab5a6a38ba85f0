"""Rulings of the modern Russian encyclopedia entry АМБИГЮ (RU-ENC).

Source: shared/sources/russian-encyclopedia.ru.txt, sections "Карты" and
"Виды и старшинство комбинаций". Version ids ``russian`` (forty cards, ace to
ten) and ``russian-courts`` (the entry's option with court cards: no 10, 9, 8;
J = 8, Q = 9, K = 10).
"""

from __future__ import annotations

import pytest
from rulings_helpers import in_deck

from ambigu_rules.load.versions import settle_showdown

from conftest import beats, evaluate, key

RU = ["russian", "russian-courts"]

RU_VALUES = [
    # Пуэн: "Две или три карты одной масти"; "один жетон".
    ("10H 9H 2S 3D", "point", 1),
    ("AS 3S 5S 10C", "point", 1),
    # Прима: "Четыре карты разных мастей"; "по два жетона".
    ("2H 3D 4C 5S", "prime", 2),
    ("10H 9D 8C 3S", "prime", 2),
    # Гранд-прима: a prime of "больше 30" pips; the entry names no other price
    # than the two counters "за эту комбинацию".
    ("10H 9D 7C 6S", "grand_prime", 2),
    # Секанс: "Три карты одной масти, идущие подряд"; "по три жетона".
    ("2S 3S 4S 9H", "sequence", 3),
    # Трикон: "Три карты одного достоинства"; "по четыре жетона".
    ("9S 9H 9D 2S", "tricon", 4),
    # Флю: "Четыре карты одной масти"; "по пяти жетонов".
    ("2S 5S 7S 10S", "flush", 5),
    ("2S 3S 4S 9S", "flush", 5),  # three in sequence are not enough for флю-секанс
    # Трикон-прима: three of a rank plus a card of the other suit; "шесть жетонов (2 + 4)".
    ("2H 2D 2C 3S", "tricon_prime", 6),
    ("10H 10D 10C 9S", "tricon_prime", 6),
    # Флю-секанс: "Четыре карты одной масти, идущие подряд"; "по восьми жетонов (3 +5)".
    ("2S 3S 4S 5S", "flush_sequence", 8),
    # Фредон: "Четыре карты одного достоинства"; "по десяти жетонов".
    ("AS AH AD AC", "fredon", 10),
    ("10S 10H 10D 10C", "fredon", 10),
]


@pytest.mark.parametrize("variant", RU)
@pytest.mark.parametrize(("hand", "combination", "value"), RU_VALUES)
def test_ru_enc_combinations_and_their_values(
    variant: str, hand: str, combination: str, value: int
) -> None:
    # In russian-courts the same hand is written with J, Q, K for 8, 9, 10,
    # which count 8, 9, 10 ("валет оценивается в 8 очков, дама в 9, король в 10").
    result = evaluate(variant, in_deck(variant, hand))
    assert (result.combination, result.value) == (combination, value)


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_flush_sequence_needs_four_in_sequence(variant: str) -> None:
    # "Флю-секанс. Четыре карты одной масти, идущие подряд по старшинству."
    three_in_sequence = evaluate(variant, in_deck(variant, "2S 3S 4S 9S"))
    four_in_sequence = evaluate(variant, in_deck(variant, "2S 3S 4S 5S"))
    assert (three_in_sequence.combination, three_in_sequence.value) == ("flush", 5)
    assert (four_in_sequence.combination, four_in_sequence.value) == ("flush_sequence", 8)


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_fredon_pays_10(variant: str) -> None:
    # "Победитель получает по десяти жетонов от каждого", whatever the rank.
    for rank in ["A", "4", "7", "8", "9", "10"]:
        hand = in_deck(variant, " ".join(f"{rank}{s}" for s in "SHDC"))
        result = evaluate(variant, hand)
        assert (result.combination, result.value) == ("fredon", 10)


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_tricon_prime_pays_6_even_with_a_grand_prime(variant: str) -> None:
    # "Эта комбинация дает победителю шесть жетонов от каждого (2 + 4)".
    result = evaluate(variant, in_deck(variant, "10H 10D 10C 9S"))  # 39 pips
    assert (result.combination, result.value) == ("tricon_prime", 6)


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_three_card_point_beats_two_with_more_pips(variant: str) -> None:
    # "Три карты одной масти, составляющие в сумме меньшее количество очков,
    # перебивают две, очки к-рых могут быть выше."
    assert beats(variant, in_deck(variant, "AS 3S 5S 10C"), in_deck(variant, "10H 9H 2D 3C"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_points_of_equal_length_more_pips_win(variant: str) -> None:
    # "Среди пуэнов с равным количеством карт побеждает тот, карты к-рого
    # насчитывают большее количество очков."
    assert beats(variant, in_deck(variant, "10H 9H 2D 3C"), in_deck(variant, "10S 5S 3H 6D"))
    assert beats(variant, in_deck(variant, "10H 9H 7H 3C"), in_deck(variant, "10S 6S 4S 5D"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_equal_points_consecutive_cards_win(variant: str) -> None:
    # "В случае равенства выигрывает комбинация, в к-рой имеются карты, идущие
    # подряд": 6+5 = 7+4 = 11, and 6-5 follow one another.
    assert beats(variant, in_deck(variant, "6S 5S AH 3D"), in_deck(variant, "7H 4H 2C 9D"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_point_tie_possible(variant: str) -> None:
    # "Ничья возможна": equal points with nothing in sequence are a tie, and the
    # seat nearest the dealer's right takes it.
    a, b = in_deck(variant, "9S 5S 2H 3D"), in_deck(variant, "10H 4H 6C 7D")
    assert key(variant, a) == key(variant, b)
    assert settle_showdown(variant, [b, a]).winner == 0


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_prime_more_pips_wins(variant: str) -> None:
    # "Среди двух прим побеждает та, к-рую составляют карты с бóльшим числом очков."
    assert beats(variant, in_deck(variant, "2H 3D 4C 5S"), in_deck(variant, "AH 3S 4D 5C"))
    assert beats(variant, in_deck(variant, "10H 9D 7C 6S"), in_deck(variant, "10S 9H 8D 4C"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_prime_absolute_equality_nearest_dealer_right(variant: str) -> None:
    # "В случае абсолютного равенства побеждает игрок, к-рый находится ближе к
    # сдатчику с правой стороны."
    a, b = in_deck(variant, "10H 9D 7C 6S"), in_deck(variant, "10S 9H 7D 6C")
    assert key(variant, a) == key(variant, b)
    assert settle_showdown(variant, [a, b]).winner == 0
    assert settle_showdown(variant, [b, a]).winner == 0


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_sequence_with_more_pips_wins(variant: str) -> None:
    # "Секанс с большим количеством очков перебивает секанс с меньшим."
    assert beats(variant, in_deck(variant, "5H 6H 7H AS"), in_deck(variant, "4D 5D 6D 10C"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_tricon_of_higher_rank_wins(variant: str) -> None:
    # "Из двух триконов побеждает тот, к-рый состоит из карт более высокого номинала."
    # The 5s win although 4+4+4+10 = 22 pips exceeds 5+5+5+A = 16.
    assert beats(variant, in_deck(variant, "5S 5H 5D AS"), in_deck(variant, "4S 4H 4D 10S"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_flush_with_more_pips_wins(variant: str) -> None:
    # "Среди двух флю побеждает то, к-рое имеет большее количество очков".
    assert beats(variant, in_deck(variant, "10S 7S 5S 2S"), in_deck(variant, "9H 7H 5H 2H"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_flush_equal_pips_consecutive_cards_win(variant: str) -> None:
    # "в случае равенства выигрывает комбинация, в к-рой имеются карты, идущие
    # подряд": 2+3+5+8 = 1+3+5+9 = 18; only the first holds two in sequence (2-3).
    assert beats(variant, in_deck(variant, "2H 3H 5H 8H"), in_deck(variant, "AS 3S 5S 9S"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_flush_absolute_equality_nearest_dealer_right(variant: str) -> None:
    a, b = in_deck(variant, "2S 3S 5S 8S"), in_deck(variant, "2H 3H 5H 8H")
    assert key(variant, a) == key(variant, b)
    assert settle_showdown(variant, [b, a]).winner == 0


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_tricon_prime_higher_triple_wins(variant: str) -> None:
    # "Из двух триконов-прим побеждает тот, к-рый имеет более высокую тройку."
    # 5-5-5-A (16 pips) beats 4-4-4-10 (22 pips).
    assert beats(variant, in_deck(variant, "5S 5H 5D AC"), in_deck(variant, "4S 4H 4D 10C"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_flush_sequence_with_more_pips_wins(variant: str) -> None:
    # "Среди двух флю-секансов побеждает тот, к-рый имеет большее количество очков".
    assert beats(variant, in_deck(variant, "4S 5S 6S 7S"), in_deck(variant, "AH 2H 3H 4H"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_fredon_of_higher_rank_wins(variant: str) -> None:
    # "Из двух фредонов побеждает тот, к-рый состоит из четверки более высокого номинала."
    assert beats(variant, in_deck(variant, "7S 7H 7D 7C"), in_deck(variant, "6S 6H 6D 6C"))


@pytest.mark.parametrize("variant", RU)
def test_ru_enc_german_example_hand_is_only_a_flush_so_tricon_prime_wins(variant: str) -> None:
    # Under RU-ENC 2-3-4-9 of spades is a plain флю (5), below трикон-прима, so
    # the German example's Ben (5-5-5 with the 8 of spades) wins and is paid 6.
    hands = [in_deck(variant, h) for h in ["2S 3S 4S 9S", "5H 5D 5C 8S", "10H 9D 7C 6S"]]
    result = settle_showdown(variant, hands)
    assert result.winner == 1
    assert result.value == 6
    assert [h.combination for h in result.hands] == ["flush", "tricon_prime", "grand_prime"]


# "Виды и старшинство комбинаций от младшей к старшей": пуэн < прима (гранд-прима)
# < секанс < трикон < флю < трикон-прима < флю-секанс < фредон.
RU_RANKING = [
    ("AH 2D 3C 4S", "10S 9S 7S 8H"),  # prime over a three-card point
    ("10H 9D 8C 4S", "10S 9H 8D 3C"),  # grand prime over prime
    ("AS 2S 3S 4H", "10S 10H 9D 9C"),  # sequence over grand prime
    ("AS AH AD 2S", "8S 9S 10S 10H"),  # tricon over sequence
    ("AS 2S 4S 5S", "10S 10H 10D 9S"),  # флю over tricon
    ("AS AH AD 2C", "10S 9S 8S 6S"),  # трикон-прима over the best флю (33 pips)
    ("AS 2S 3S 4S", "10S 10H 10D 9C"),  # флю-секанс over трикон-прима
    ("AS AH AD AC", "7S 8S 9S 10S"),  # фредон over флю-секанс
]


@pytest.mark.parametrize("variant", ["russian"])
@pytest.mark.parametrize(("higher", "lower"), RU_RANKING)
def test_ru_enc_order_of_combinations(variant: str, higher: str, lower: str) -> None:
    assert beats(variant, higher, lower)


@pytest.mark.parametrize(("higher", "lower"), RU_RANKING)
def test_ru_enc_order_of_combinations_with_court_cards(higher: str, lower: str) -> None:
    # The same hands with J, Q, K for 8, 9, 10. (8S 9S 10S and 7S 8S 9S 10S become
    # JS QS KS and 7S JS QS KS: read as runs because the court cards take the
    # places of the removed 8, 9, 10; RU-ENC does not say so in words.)
    variant = "russian-courts"
    assert beats(variant, in_deck(variant, higher), in_deck(variant, lower))


def test_ru_enc_court_cards_count_8_9_10_in_a_prime() -> None:
    # K + Q + 7 + 6 = 10 + 9 + 7 + 6 = 32 > 30: гранд-прима; K + Q + J + 3 = 30: прима.
    assert evaluate("russian-courts", "KH QD 7C 6S").combination == "grand_prime"
    assert evaluate("russian-courts", "KH QD JC 3S").combination == "prime"


def test_ru_enc_court_cards_seven_below_jack_in_a_point() -> None:
    # A point of K+Q (19) beats a point of J+7 (15): more pips.
    assert beats("russian-courts", "KH QH 2S 3D", "JS 7S 2H 4D")


@pytest.mark.parametrize(
    "hand", ["AS 3S 5S 10C", "2H 2D 2C 3S", "10H 10D 10C 9S", "2S 3S 4S 9S", "10H 9D 7C 6S"]
)
def test_ru_enc_court_option_only_renames_ranks(hand: str) -> None:
    # The court option keeps the values 8, 9, 10 on J, Q, K, so each hand scores
    # as its counterpart in the forty-card deck.
    plain = evaluate("russian", hand)
    courts = evaluate("russian-courts", in_deck("russian-courts", hand))
    assert (courts.combination, courts.value) == (plain.combination, plain.value)
