"""Issue 25: ``ambigu play`` in French, with ``--lang fr`` or a French locale.

The prompts, the table's state, the help, the refusals and the standings are
French; the account of the deal is the narration's French; what the player may
type is shown in French (``passer``, ``ouvrir 2``, ``écarter 5S``, ``écarter
rien``) and understood in French or in English, with or without accents, in
either game. Without ``--lang`` and with an English (or no) locale, the game
speaks English.
"""

from __future__ import annotations

import io
import re

import pytest
from french_text import english_words
from terminal_session import THREE, table

from ambigu_rules.engine.actions import Action
from ambigu_rules.play.terminal import HUMAN, TerminalGame
from ambigu_rules.play.terminal_help import refusal
from ambigu_rules.words.lang import EN, FR

#: The prompt's echo of a typed line (what the player typed, in either language).
TYPED = re.compile(r"^> .*$", re.M)
#: The engine's words, which a French game names no action with.
ENGINE_WORDS = re.compile(r"\b(?:pass|open|raise|call|fold|discard|shuffle|force|choose|none)\b")


def french_session(variant: str, lines: list[str], deals: int | None = None) -> str:
    out = io.StringIO()
    script = iter(lines)

    def read(prompt: str) -> str:
        typed = next(script, None)
        if typed is None:
            raise EOFError
        out.write(f"{prompt}{typed}\n")
        return typed

    TerminalGame(table(variant, THREE), read, out, FR).run(deals=deals)
    return out.getvalue()


#: Help at every prompt, an amount out of range, and each way of going on: typed in
#: English, and the same in French.
SCRIPT = ["aide", "open 99", "aide", "raise 1", "aide", "call", "aide", "pass", "aide",
          "discard none"] * 12
FRENCH_SCRIPT = ["aide", "ouvrir 99", "aide", "relancer 1", "aide", "tenir", "aide", "passer",
                 "aide", "écarter rien"] * 12
VARIANTS = ["1730", "foster", "russian", "encyclopedia"]


@pytest.mark.parametrize("script", [SCRIPT, FRENCH_SCRIPT], ids=["typed-en", "typed-fr"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_french_game_says_nothing_in_english_but_what_is_typed(
        variant: str, script: list[str]) -> None:
    output = TYPED.sub(" ", french_session(variant, script))
    # Read whole: a quotation may run over two lines.
    assert english_words(output) == [], [line for line in output.splitlines()
                                         if english_words(line)]
    # The actions are named by their French words, in the prompts, the help and the
    # refusals. Set aside: the calls of the players (« I pass »), the help's last line
    # (help and quit's English synonyms), and the options of a choice, which are
    # the rule file's ids (Foster: « le donneur choisit redeal ou force »).
    aside = re.sub(r"«[^»]*»|choisit .*$|^Et aussi.*$", " ", output, flags=re.M)
    assert [line for line in aside.splitlines() if ENGINE_WORDS.search(line)] == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_typed_in_french_or_in_english_the_game_is_the_same(variant: str) -> None:
    english, french = french_session(variant, SCRIPT), french_session(variant, FRENCH_SCRIPT)
    assert TYPED.sub("", english) == TYPED.sub("", french)
    assert "Pas compris" not in french


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_french_line_puts_a_space_before_its_double_signs(variant: str) -> None:
    # French typography: « ; », « : », « ! », « ? » and the closing guillemet
    # stand apart from the word before them (a typed line is left as typed).
    lines = [line for line in french_session(variant, SCRIPT).splitlines()
             if not line.startswith("> ")]
    assert [line for line in lines if re.search(r"[^\s«][;:!?»](\s|$)", line)] == []


def test_the_french_game_speaks_french_at_each_turn() -> None:
    output = french_session("1730", ["aide", "open 99", "quitter la partie"])
    assert output.startswith("Vous jouez à la première place")
    assert "=== Coup 1 ===" in output
    assert "Votre main : " in output and "Vous pouvez : " in output
    assert "Ce que vous pouvez faire maintenant, et ce que cela veut dire :" in output
    assert "Au revoir." in output
    assert "Classement (" in output
    assert re.search(r"^joueur +début +jetons +solde$", output, re.M)


def test_help_and_quit_are_understood_in_french_and_in_english() -> None:
    for words in (["aide", "quitter la partie"], ["help", "quit"]):
        output = french_session("foster", words)
        assert "Ce que vous pouvez faire maintenant" in output
        assert output.count("\n> ") + output.startswith("> ") == 2
        assert "Au revoir." in output


def _play_from_the_command_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                locale: str, *options: str) -> str:
    """``ambigu play 1730 OPTIONS`` under the locale ``LANG=locale``, input ending at once."""
    from ambigu_rules.cli import main

    monkeypatch.setenv("LANG", locale)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "1730", *options]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("locale", "options"), [("C.UTF-8", ("--lang", "fr")),
                                                  ("fr_FR.UTF-8", ())])
def test_play_speaks_french_with_lang_fr_or_a_french_locale(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        locale: str, options: tuple[str, ...]) -> None:
    output = _play_from_the_command_line(monkeypatch, capsys, locale, *options)
    assert "=== Coup 1 ===" in output and "Vous pouvez : " in output
    assert "Au revoir." in output and "Classement (" in output
    assert "You may: " not in output


@pytest.mark.parametrize(("locale", "options"), [("C.UTF-8", ()), ("en_GB.UTF-8", ()),
                                                  ("fr_FR.UTF-8", ("--lang", "en"))])
def test_play_speaks_english_otherwise(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        locale: str, options: tuple[str, ...]) -> None:
    output = _play_from_the_command_line(monkeypatch, capsys, locale, *options)
    assert "=== Deal 1 ===" in output and "You may: " in output
    assert "Goodbye." in output and "Standings (" in output
    assert "Vous pouvez" not in output


def test_what_the_engine_refuses_is_quoted_as_english_in_a_french_line() -> None:
    # Foster's first draw: throwing away a card one does not hold is refused by
    # the engine, whose reason, like an error message, stays English.
    game = table("foster", THREE)
    game.start_deal()
    while game.to_act != HUMAN:
        game.apply(game.view(game.to_act).legal[0])
    legal = game.view(HUMAN).legal
    assert "discard" in legal.kinds()
    held = set(game.hand(HUMAN))
    stranger = next(card for card in range(game.deck.size) if card not in held)
    action = Action("discard", cards=(stranger,))
    english = refusal(game, legal, action, EN)
    french = refusal(game, legal, action, FR)
    assert french == f"Refusé (le moteur dit, en anglais : « {english[:-1]} »)."
    assert english_words(french) == []


def test_the_french_game_shows_the_french_words_to_type() -> None:
    # 1730's opening: the first player may open 2 to 4 (« vade ») or pass; the help
    # gives each as it is typed.
    output = french_session("1730", ["aide", "ouvrir 99", "ecarter 5S", "miser 2",
                                     "quitter la partie"])
    sentences = " ".join(output.split())  # the game's own sentences are wrapped
    assert "Vous pouvez : passer | ouvrir 2-4" in output
    assert re.search(r"^  passer +ne rien miser", output, re.M)
    assert re.search(r"^  ouvrir 2 +faire la première mise de ce tour", output, re.M)
    assert "Ici, on peut ouvrir de 2 à 4." in output
    assert "Pas compris : « miser » n'est pas une action ; tapez l'un de ces mots : passer, " \
        "mêler, écarter, ouvrir, tenir, relancer, se retirer, forcer, choisir." in sentences
    # A word of the game without its accent is understood (écarter, not allowed now).
    assert "Ce n'est pas permis maintenant. Tapez aide" in sentences


def test_the_english_game_understands_the_french_words_too() -> None:
    from terminal_session import session

    output = session("1730", ["ouvrir 99", "Passer", "quit"])
    assert "You may: pass | open 2-4" in output
    assert "open takes 2 to 4 here." in output
    assert "Not understood" not in output
