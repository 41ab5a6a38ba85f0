"""Issue 25: ``ambigu play`` in French, with ``--lang fr`` or a French locale.

The prompts, the table's state, the help, the refusals and the standings are
French; the account of the deal is the narration's French; what the player types
stays as the engine reads it (``pass``, ``open 2``, ``discard 5S``). Without
``--lang`` and with an English (or no) locale, the game speaks English.
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

#: What the player types, which the French lines name as typed: the kinds of action,
#: the card placeholder of a discard, and the prompt's echo of a typed line.
TYPED = re.compile(r"\b(?:pass|open|raise|call|fold|discard|shuffle|force|choose|none)\b"
                   r"|^> .*$", re.M)


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


#: Help at every prompt, an amount out of range, and each way of going on.
SCRIPT = ["aide", "open 99", "aide", "raise 1", "aide", "call", "aide", "pass", "aide",
          "discard none"] * 12
VARIANTS = ["1730", "foster", "russian", "encyclopedia"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_french_game_says_nothing_in_english_but_what_is_typed(variant: str) -> None:
    output = french_session(variant, SCRIPT)
    found = [(english_words(line), line) for line in TYPED.sub(" ", output).splitlines()
             if english_words(line)]
    assert found == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_french_line_puts_a_space_before_its_double_signs(variant: str) -> None:
    # French typography: « ; », « : », « ! », « ? » and the closing guillemet
    # stand apart from the word before them (a typed line is left as typed).
    lines = [line for line in french_session(variant, SCRIPT).splitlines()
             if not line.startswith("> ")]
    assert [line for line in lines if re.search(r"[^\s«][;:!?»](\s|$)", line)] == []


def test_the_french_game_speaks_french_at_each_turn() -> None:
    output = french_session("1730", ["aide", "open 99", "quitter"])
    assert output.startswith("Vous jouez à la première place")
    assert "=== Coup 1 ===" in output
    assert "Votre main : " in output and "Vous pouvez : " in output
    assert "Ce que vous pouvez faire maintenant, et ce que cela veut dire :" in output
    assert "Au revoir." in output
    assert "Classement (" in output
    assert re.search(r"^joueur +début +masse +écart$", output, re.M)


def test_help_and_quit_are_understood_in_french_and_in_english() -> None:
    for words in (["aide", "quitter"], ["help", "quit"]):
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
