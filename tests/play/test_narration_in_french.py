"""Issue 25: ``ambigu replay`` and ``ambigu play`` tell the deal in French with
``--lang fr`` or a French locale, from the same events and the same catalog as the
English account."""

from __future__ import annotations

from pathlib import Path

import pytest
from french_text import english_words

from ambigu_rules.engine.events import HandShown, Penalized, StockExhausted, Took
from ambigu_rules.load.catalog import standard_deck
from ambigu_rules.play.narration import Narrator
from ambigu_rules.play.replay_run import play_replay
from ambigu_rules.words.lang import FR

from conftest import ROOT, run_cli

SCENARIOS = sorted([*(ROOT / "tests" / "scenarios").rglob("*.yaml"),
                    *(ROOT / "docs" / "examples" / "scenarios").rglob("*.yaml")])
GERMAN_EXAMPLE = ROOT / "docs" / "examples" / "scenarios" / "german-example.yaml"


def test_there_are_scenarios_to_tell() -> None:
    assert len(SCENARIOS) > 50


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_scenario_told_in_french_holds_no_english_word(path: Path) -> None:
    # What the players say (« I play », « Enough ») is quoted and set aside.
    result = play_replay(path)
    narrator = Narrator(result.game.names, result.game.deck, FR)
    lines = [*result.transcript(FR), *narrator.closing(result.final_state())]
    found = [(line, english_words(line)) for line in lines if english_words(line)]
    assert found == []


def test_the_french_account_of_the_german_example() -> None:
    # docs/examples/german-example.md: Anna's flush with sequence against Ben's
    # tricon with prime and Carla's grand prime; the same events as the English.
    english = play_replay(GERMAN_EXAMPLE).transcript()
    french = play_replay(GERMAN_EXAMPLE).transcript(FR)
    assert len(french) == len(english)
    assert "Carla garde son jeu (« je m'y tiens »)" in french
    assert "Anna montre 2♠ 3♠ 4♠ 9♠ : doublet (séquence et flux)" in french
    assert "Anna a le meilleur jeu" in french


def test_the_french_words_of_the_game_are_the_period_ones() -> None:
    narrator = Narrator(["Anna", "Ben", "Carla"], standard_deck(), FR)
    assert narrator.line(Took(seat=0, amount=5, pile="pool")) == "Anna prend la poule (5)"
    assert narrator.line(Took(seat=1, amount=1, pile="batterie")) == (
        "Ben prend la batterie (1)")
    assert narrator.line(StockExhausted(count=6, shuffled=False)) == (
        "Le talon s'épuise : 6 écarts sont ramassés et remis en talon, sans être mêlés")
    shown = narrator.line(HandShown(seat=2, cards=(0, 4, 8, 12), combination="fredon",
                                    name="Fredon", value=8))
    assert shown.endswith(": fredon")
    assert narrator.line(Penalized(seat=0, amount=4, offence="showing_cards", into="pool")) == (
        "Anna met 4 dans la poule pour avoir montré ses cartes")


def test_replay_lang_fr_tells_it_in_french_in_text_and_json() -> None:
    french = run_cli("replay", str(GERMAN_EXAMPLE), "--lang", "fr")
    assert french.returncode == 0
    assert "Coup 1 : Dan donne" in french.stdout and "Jetons : " in french.stdout
    english = run_cli("replay", str(GERMAN_EXAMPLE))
    assert english.returncode == 0 and "Deal 1: Dan deals" in english.stdout
    as_json = run_cli("replay", str(GERMAN_EXAMPLE), "--lang", "fr", "--json")
    assert as_json.returncode == 0 and '"text": "Coup 1 : Dan donne"' in as_json.stdout


def test_a_french_locale_tells_it_in_french_unless_lang_says_otherwise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ambigu_rules.cli import main

    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    out = []
    monkeypatch.setattr("ambigu_rules.cli.play_commands.say",
                        lambda text="": out.append(text))
    assert main(["replay", str(GERMAN_EXAMPLE)]) == 0
    assert out[0] == "Coup 1 : Dan donne"
    out.clear()
    assert main(["replay", str(GERMAN_EXAMPLE), "--lang", "en"]) == 0
    assert out[0] == "Deal 1: Dan deals"


def test_an_unknown_language_is_refused_in_one_line() -> None:
    refused = run_cli("replay", str(GERMAN_EXAMPLE), "--lang", "de")
    assert refused.returncode == 2
    assert "--lang" in refused.stderr and "Traceback" not in refused.stderr
