"""Reading and printing cards (DESIGN.md "Conventions"; the decks of the sources).

Input accepts ``10H``, ``TH``, ``AH``, ``1H``, ``10♥`` in any case; cards print
with suit symbols (``10♥ 9♦ 7♣ 6♠``). A bad card, a duplicate card or a hand of
the wrong size is a :class:`CardError` whose message names the offending text.
"""

from __future__ import annotations

import pytest

from ambigu_rules.errors import CardError
from ambigu_rules.load.catalog import load_decks, standard_deck
from ambigu_rules.load.resolver import load_ruleset


def courts_deck():  # type: ignore[no-untyped-def]
    """The deck the russian-courts version plays with (looked up through its ruleset)."""
    return load_decks()[load_ruleset("russian-courts").deck.use]


# ---------------------------------------------------------------------------
# The forty-card deck (Foster "Cards": the K Q J of each suit deleted, ace
# lowest, ten highest; AJO: "only the cards numbered from 1 to 10 are used").


def test_foster_cards_forty_card_pack_without_court_cards() -> None:
    deck = standard_deck()
    assert deck.size == 40
    assert len(set(deck.cards())) == 40


@pytest.mark.parametrize("text", ["JH", "QS", "KD", "jc"])
def test_foster_cards_court_cards_are_not_in_the_forty_card_pack(text: str) -> None:
    # Foster: "the K Q J of each suit being deleted".
    with pytest.raises(CardError) as error:
        standard_deck().parse_card(text)
    assert text in str(error.value)


@pytest.mark.parametrize("spelling", ["10H", "TH", "th", "Th", "10h", "10♥", "t♥"])
def test_ten_of_hearts_spellings_are_the_same_card(spelling: str) -> None:
    # DESIGN conventions: input accepts 10H, TH, 10♥, any case.
    deck = standard_deck()
    assert deck.parse_card(spelling) == deck.parse_card("10H")


@pytest.mark.parametrize("spelling", ["AH", "1H", "ah", "aH", "1h", "A♥", "1♥"])
def test_ace_of_hearts_spellings_are_the_same_card(spelling: str) -> None:
    # DESIGN conventions: AH and 1H both name the ace (AJO: "cards numbered from 1 to 10").
    deck = standard_deck()
    assert deck.parse_card(spelling) == deck.parse_card("AH")


def test_different_cards_parse_to_different_values() -> None:
    deck = standard_deck()
    texts = [f"{rank}{suit}" for rank in ["A", *map(str, range(2, 11))] for suit in "SHDC"]
    assert len({deck.parse_card(text) for text in texts}) == 40


def test_pips_ace_counts_one_ten_counts_ten() -> None:
    # Foster: cards rank by numerical value, ace lowest; DE-RULES: "das Ass zählt 1".
    deck = standard_deck()
    assert deck.pips_of(deck.parse_card("AS")) == 1
    assert deck.pips_of(deck.parse_card("7C")) == 7
    assert deck.pips_of(deck.parse_card("10H")) == 10


def test_printing_uses_suit_symbols() -> None:
    # DESIGN conventions: cards print with suit symbols, "10♥ 9♦ 7♣ 6♠".
    deck = standard_deck()
    assert deck.format_hand(deck.parse_hand("10H 9d 7♣ 6S")) == "10♥ 9♦ 7♣ 6♠"
    assert deck.format_hand(deck.parse_hand("th 9D 7c 6s")) == "10♥ 9♦ 7♣ 6♠"


def test_printing_round_trips_every_card() -> None:
    deck = standard_deck()
    for card in deck.cards():
        text = deck.format_card(card)
        assert text[-1] in "♠♥♦♣"
        assert deck.parse_card(text) == card


def test_parse_hand_keeps_the_order_written() -> None:
    deck = standard_deck()
    hand = deck.parse_hand("2S 10H AD 7C")
    assert [deck.format_card(c) for c in hand] == ["2♠", "10♥", "A♦", "7♣"]


# ---------------------------------------------------------------------------
# Errors name the offending text.


@pytest.mark.parametrize("bad", ["11H", "0S", "10X", "ZZ", "KS", "1.5H"])
def test_bad_card_is_card_error_naming_it(bad: str) -> None:
    with pytest.raises(CardError) as error:
        standard_deck().parse_hand(f"2S 3S 4S {bad}")
    assert bad in str(error.value)


def test_duplicate_card_is_card_error_naming_it() -> None:
    with pytest.raises(CardError) as error:
        standard_deck().parse_hand("2S 2S 3S 4S")
    assert "2S" in str(error.value)


def test_duplicate_card_written_two_ways_is_card_error() -> None:
    # 10H and TH are the same card, so this hand holds it twice.
    with pytest.raises(CardError) as error:
        standard_deck().parse_hand("10H 3S TH 4S")
    message = str(error.value)
    assert "TH" in message or "10H" in message


@pytest.mark.parametrize("hand", ["2S 3S 4S", "2S 3S 4S 5S 6S", "2S"])
def test_wrong_hand_size_is_card_error_naming_the_hand(hand: str) -> None:
    # Ambigu is played with four cards in hand (Foster, AJO, RU-ENC).
    with pytest.raises(CardError) as error:
        standard_deck().parse_hand(hand)
    assert hand in str(error.value)


def test_empty_hand_is_card_error() -> None:
    with pytest.raises(CardError):
        standard_deck().parse_hand("")


def test_card_error_is_a_value_error() -> None:
    # errors.py: CardError derives from ValueError, so callers may catch either.
    with pytest.raises(ValueError):
        standard_deck().parse_hand("2S 2S 3S 4S")


def test_evaluator_rejects_bad_hands_with_card_error() -> None:
    from conftest import evaluator

    ev = evaluator("foster")
    for hand in ["2S 3S 4S 11S", "2S 2S 3S 4S", "2S 3S 4S"]:
        with pytest.raises(CardError):
            ev.evaluate(hand)


def test_evaluate_accepts_card_ints_as_well_as_text() -> None:
    from conftest import evaluator

    ev = evaluator("foster")
    deck = standard_deck()
    by_text = ev.evaluate("2S 3S 4S 9S")
    by_ints = ev.evaluate(tuple(deck.parse_hand("9S 4S 3S 2S")))
    assert (by_ints.combination, by_ints.value, by_ints.key) == (
        by_text.combination,
        by_text.value,
        by_text.key,
    )


def test_same_card_in_two_showdown_hands_is_card_error() -> None:
    from ambigu_rules.load.versions import settle_showdown

    with pytest.raises(CardError) as error:
        settle_showdown("foster", ["2S 3S 4S 9S", "9S 5D 5C 8H"])
    assert "9S" in str(error.value) or "9♠" in str(error.value)


# ---------------------------------------------------------------------------
# The Russian court-card deck (RU-ENC "Карты": with court cards, i.e. without
# tens, nines and eights, the jack counts 8, the queen 9, the king 10; the
# ace counts 1 in any case).


def test_ru_enc_court_deck_has_forty_cards() -> None:
    assert courts_deck().size == 40


@pytest.mark.parametrize("text", ["JH", "QH", "KH", "jh", "qs", "kD", "K♣"])
def test_ru_enc_court_deck_accepts_jack_queen_king(text: str) -> None:
    courts_deck().parse_card(text)


@pytest.mark.parametrize("text", ["10H", "TH", "9S", "8D"])
def test_ru_enc_court_deck_rejects_ten_nine_eight(text: str) -> None:
    # RU-ENC: the game with court cards is played "без десяток, девяток и восьмерок".
    with pytest.raises(CardError) as error:
        courts_deck().parse_card(text)
    assert text in str(error.value)


@pytest.mark.parametrize(("text", "pips"), [("JH", 8), ("QH", 9), ("KH", 10), ("AH", 1), ("7H", 7)])
def test_ru_enc_court_card_values(text: str, pips: int) -> None:
    # RU-ENC: "валет оценивается в 8 очков, дама в 9, король в 10. Туз ... в 1 очко".
    deck = courts_deck()
    assert deck.pips_of(deck.parse_card(text)) == pips


def test_ru_enc_court_deck_hand_parses_and_prints() -> None:
    deck = courts_deck()
    assert deck.format_hand(deck.parse_hand("KH qd JC 7s")) == "K♥ Q♦ J♣ 7♠"


def test_russian_courts_evaluator_rejects_a_ten() -> None:
    from conftest import evaluator

    with pytest.raises(CardError) as error:
        evaluator("russian-courts").evaluate("10H 2S 3S 4S")
    assert "10H" in str(error.value)


@pytest.mark.parametrize("hand", [[0, 1, 2, 3.0], [0, 1, 2, True], [0, 1, 2, "3"], [0, 1, 2, 2],
                                  [0, 1, 2, 999]], ids=repr)
def test_a_hand_given_as_numbers_is_four_different_cards_of_the_deck(hand: list[object]) -> None:
    # Card numbers are whole numbers of the deck: 3.0 and True are not card 3 or 1.
    from ambigu_rules.load.versions import evaluator_for_variant

    evaluator = evaluator_for_variant("foster")
    assert evaluator.evaluate([0, 1, 2, 3]).cards == (0, 1, 2, 3)
    with pytest.raises(CardError, match="4 different cards of the deck"):
        evaluator.evaluate(hand)  # type: ignore[arg-type]
