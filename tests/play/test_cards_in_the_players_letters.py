"""Issue 43, the French reading's M15: the terminal shows and reads the cards with the
letters of the player's language (French as, valet, dame, roi and pique, cœur,
carreau, trèfle: « V », « D », « R »; « P », « C », « K », « T »; Russian туз, валет,
дама, король and пики, черви, бубны, трефы), where the rule files and the engine keep
A J Q K and S H D C. Each language's letters are data, in its ``language.yaml``."""

from __future__ import annotations

import io

import pytest
from terminal_session import THREE, table

from ambigu_rules.engine.game import Game
from ambigu_rules.languages import EN, FR, LANGS, Lang
from ambigu_rules.play.terminal import HUMAN, TerminalGame

RU = next(lang for lang in LANGS if lang.code == "ru")


@pytest.mark.parametrize(("lang", "typed", "engine"), [
    (FR, "7C VP DK RT", "7H JS QD KC"),      # cœur, pique, carreau, trèfle
    (RU, "7Ч ВП ДБ КТ ТТ", "7H JS QD KC AC"),  # черви, пики, бубны, трефы; туз треф
    (EN, "7C JS", "7C JS"),
])
def test_a_card_typed_in_a_languages_letters_is_the_rule_files_card(
        lang: Lang, typed: str, engine: str) -> None:
    assert lang.engine_cards(typed) == engine
    assert lang.engine_cards(typed.lower()) == engine


@pytest.mark.parametrize(("lang", "shown"), [(FR, "R♣ V♥ A♠ 10♦"), (RU, "К♣ В♥ Т♠ 10♦"),
                                             (EN, "K♣ J♥ A♠ 10♦")])
def test_a_card_is_shown_with_its_languages_letters(lang: Lang, shown: str) -> None:
    assert lang.show_cards("K♣ J♥ A♠ 10♦") == shown
    # A letter not before a suit symbol is a word's, not a card's.
    assert lang.show_cards("A K Q") == "A K Q"


def _first_discard(game: Game) -> tuple[int, ...] | None:
    for action in game.view(HUMAN).legal:
        if action.kind == "discard" and action.cards:
            return action.cards
    return None


@pytest.mark.parametrize("lang", [FR, RU], ids=["fr", "ru"])
def test_the_terminal_takes_a_discard_typed_in_the_players_letters(lang: Lang) -> None:
    game = table("russian-courts", THREE, seed=4, banks=60)
    out = io.StringIO()
    typed_discards: list[str] = []

    def read(prompt: str) -> str:
        cards = _first_discard(game)
        if cards is None:
            legal = game.view(HUMAN).legal
            if not legal:
                raise EOFError
            line = legal[0].describe(game.deck.format_hand)
        else:
            spec = game.deck.spec
            letters = " ".join(lang.typed_card(spec.ranks[card // 4].label,
                                               spec.suits[card % 4].id) for card in cards)
            line = f"{'écarter' if lang is FR else 'сбросить'} {letters}"
            typed_discards.append(line)
        out.write(f"{prompt}{line}\n")
        return line

    TerminalGame(game, read, out, lang, bots="random", seed=3).run(deals=4)
    said = out.getvalue()
    assert typed_discards, said
    # Every typed discard was taken: none answered with a refusal of its cards.
    assert "n'est pas une carte" not in said and "не карта" not in said
    assert "is not a card" not in said
    # The hand the player is shown uses the language's letters for the court cards.
    english_court = [card for card in ("J♠", "Q♠", "K♠", "J♥", "Q♥", "K♥", "J♦", "Q♦", "K♦",
                                       "J♣", "Q♣", "K♣") if card in said]
    assert english_court == []
    own = [letter for engine, letter in lang.rank_letters if engine in "JQK"]
    assert any(f"{letter}{symbol}" in said for letter in own for symbol in "♠♥♦♣"), said
