"""``hint`` and ``save [FILE]`` at the prompt of ``ambigu play``.

``hint`` says what the site's Play page hints (:func:`ambigu_rules.play.hints.hint`),
in the game's language: every action it names is allowed at that moment, written
as the player types it. ``save`` writes the deals played to their end as a
replay file, which ``ambigu replay`` plays back to the banks the game had at the
end of the last deal saved; what cannot be written is said in one line, and an
existing file is never replaced under a name the game chose.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from terminal_session import THREE, flat, table

from ambigu_rules.engine.action_text import parse_action
from ambigu_rules.engine.actions import Action
from ambigu_rules.engine.events import DealEnded
from ambigu_rules.engine.game import Game
from ambigu_rules.play.replay_run import play_replay
from ambigu_rules.play.terminal import HUMAN, TerminalGame
from ambigu_rules.words.lang import EN, FR, Lang
from ambigu_rules.words.terminal import engine_words

from conftest import ROOT, run_cli

#: What a hint says the player would type: an exchange's options, a pass or a call
#: for the shuffle, the expert's move.
OPTION = re.compile(r"^  (\S[^:]*?) ?: (?:expected value|valeur espérée)", re.M)
CALL = re.compile(r"(?:Hint: type|Conseil : tapez) (.+?)\. ")
EXPERT = re.compile(r"(?:would type:|taperait :) (.+)$")


def run(game: Game, answer: Callable[[Game, str], str | None], lang: Lang = EN,
        deals: int | None = None, variant: str | None = None) -> str:
    """Play ``game`` in the terminal, each prompt answered by ``answer(game, output so far)``
    (``None`` ends the input); return the output."""
    out = io.StringIO()

    def read(prompt: str) -> str:
        typed = answer(game, out.getvalue())
        if typed is None:
            raise EOFError
        out.write(f"{prompt}{typed}\n")
        return typed

    TerminalGame(game, read, out, lang, bots="random", seed=3, variant=variant).run(deals=deals)
    return out.getvalue()


def first_legal(game: Game) -> str | None:
    legal = game.view(HUMAN).legal
    return legal[len(legal) // 2].describe(game.deck.format_hand) if legal else None


def hinted_actions(text: str) -> tuple[str, list[str]]:
    """What kind of hint ``text`` is (``exchange``, ``call``, ``bet``), and the actions it
    names, as typed."""
    options = OPTION.findall(text)
    if options:
        return "exchange", options
    call = CALL.findall(flat(text))
    if call:
        return "call", call
    expert = EXPERT.search(flat(text))
    return "bet", [] if expert is None else [expert.group(1)]


def legal_typed(game: Game, typed: str, lang: Lang = EN) -> bool:
    """Whether a line a player of ``lang`` types is an action allowed now (its cards
    written with the language's letters, issue 43)."""
    engine = engine_words(typed)
    assert engine is not None, typed
    action = parse_action(engine, lambda cards: game.deck.parse_cards(lang.engine_cards(cards)))
    if action.kind == "discard":
        action = Action("discard", cards=tuple(sorted(action.cards)))
    return action in game.view(HUMAN).legal


@pytest.mark.parametrize("lang", [EN, FR], ids=["en", "fr"])
@pytest.mark.parametrize("variant", ["foster", "1730", "russian"])
def test_a_hint_names_only_actions_allowed_now(variant: str, lang: Lang) -> None:
    game = table(variant, THREE, seed=4, banks=60)
    checked: list[str] = []
    kinds: set[str] = set()
    asked = {"at": -1}

    def answer(game: Game, output: str) -> str | None:
        if asked["at"] < 0:
            asked["at"] = len(output)
            return "hint" if lang is EN else "conseil"
        said = re.split(r"\n(?:Pool|Poule) ", output[asked["at"]:].split("\n", 1)[1])[0]
        asked["at"] = -1
        kind, names = hinted_actions(said)
        assert names, said
        kinds.add(kind)
        for typed in names:
            assert legal_typed(game, typed, lang), (typed, said)
        checked.extend(names)
        return first_legal(game)

    output = run(game, answer, lang, deals=3)
    assert len(checked) >= 4
    # 1730's two-card rounds: pass, or call for the shuffle; Foster and the Russian
    # entry exchange, then bet.
    assert kinds == ({"call", "exchange", "bet"} if variant == "1730" else {"exchange", "bet"})
    assert ("Hint" if lang is EN else "Conseil") in output
    if lang is FR:  # the French words are shown, as the game shows every action
        assert not any(typed.split()[0] in ("discard", "pass", "call", "open", "raise", "fold")
                       for typed in checked)


def test_the_exchange_hint_gives_the_best_discards_with_their_chances() -> None:
    # Foster begins with the first draw on two cards: the advice of `ambigu advise`.
    game = table("foster", THREE, seed=4)
    lines = iter(["hint"])
    output = run(game, lambda game, _: next(lines, None))
    hint = output.split("> hint\n", 1)[1]
    assert hint.startswith("Hint, the exact odds at “First draw” with ")
    options = OPTION.findall(hint)
    assert 1 <= len(options) <= 3
    assert re.search(r"expected value \d+\.\d\d; \w[\w ]* \d+\.\d %", hint)


def deal_end_banks(game: Game, number: int) -> dict[str, int]:
    ended = next(event for event in game.log
                 if isinstance(event, DealEnded) and event.number == number)
    return dict(zip(game.names, ended.banks, strict=True))


def test_save_writes_a_replay_that_plays_back_to_the_same_banks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game = table("foster", THREE, seed=3, banks=60)
    saved = {"done": False}

    def answer(game: Game, _: str) -> str | None:
        if game.deal_count == 3 and not saved["done"]:
            saved["done"] = True
            return "save"
        return first_legal(game)

    output = run(game, answer, deals=4)
    assert ("Deals 1 to 2 saved in ambigu-foster.yaml: 'ambigu replay ambigu-foster.yaml' "
            "plays them back. Deal 3, not finished, is left out.") in flat(output)
    assert sorted(os.listdir(tmp_path)) == ["ambigu-foster.yaml"]  # no temporary file left
    replay = run_cli("replay", "ambigu-foster.yaml", cwd=tmp_path)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    result = play_replay(tmp_path / "ambigu-foster.yaml")
    assert result.final_state()["banks"] == deal_end_banks(game, 2)
    data = yaml.safe_load((tmp_path / "ambigu-foster.yaml").read_text(encoding="utf-8"))
    assert data["variant"] == "foster" and len(data["deals"]) == 2


def test_the_last_prompt_offers_to_save_a_game_the_rules_have_ended(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The Russian entry lets the table agree a number of deals: two, then it is over.
    monkeypatch.chdir(tmp_path)
    game = table("russian", THREE, deals=2)
    answers = iter(["save game.yaml", ""])

    def answer(game: Game, _: str) -> str | None:
        return first_legal(game) if not game.session_over else next(answers, None)

    output = run(game, answer)
    assert "Type 'save' (or 'save FILE') to keep a replay of the game" in flat(output)
    assert "Deals 1 to 2 saved in game.yaml: 'ambigu replay game.yaml' plays them back." \
        in flat(output)
    assert output.index("saved in game.yaml") < output.index("Standings (")
    result = play_replay(tmp_path / "game.yaml")
    assert result.mismatches == []
    assert result.final_state()["banks"] == dict(zip(game.names, game.table.banks, strict=True))
    assert result.game.session_over


def save_once(tmp_path: Path, typed: str, lang: Lang = EN, variant: str | None = None,
              game: Game | None = None) -> str:
    """The line ``typed`` answers once a deal of Foster is over."""
    game = game or table("foster", THREE, seed=3)
    said = {"at": -1}

    def answer(game: Game, output: str) -> str | None:
        if game.deal_count == 2 and said["at"] < 0:
            said["at"] = len(output)
            return typed
        if said["at"] >= 0:
            return None
        return first_legal(game)

    output = run(game, answer, lang, variant=variant)
    return output[said["at"]:].split("\n", 1)[1].split("\nPool ", 1)[0].split("\nPoule ", 1)[0]


def test_a_name_chosen_by_the_game_never_replaces_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ambigu-foster.yaml").write_text("mine\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    assert "saved in ambigu-foster-2.yaml" in flat(save_once(tmp_path, "save"))
    assert "saved in folder/ambigu-foster.yaml" in flat(save_once(tmp_path, "save folder"))
    assert (tmp_path / "ambigu-foster.yaml").read_text(encoding="utf-8") == "mine\n"
    assert "saved in mine.yaml" in flat(save_once(tmp_path, "enregistrer mine.yaml"))


@pytest.mark.parametrize(("typed", "reason"), [
    ("save missing/game.yaml", "No such file or directory"),
    ("save afile/game.yaml", "Not a directory"),
    ("save a\0b.yaml", "embedded null byte"),
])
def test_what_cannot_be_written_is_said_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, typed: str, reason: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("", encoding="utf-8")
    said = save_once(tmp_path, typed)
    shown = typed.split(" ", 1)[1].replace("\0", "\\x00")
    assert flat(said) == f"Cannot save in {shown}: {reason}."
    assert sorted(os.listdir(tmp_path)) == ["afile"]


def test_a_read_only_folder_is_said_in_one_line_in_french(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)

    def read_only(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("ambigu_rules.play.terminal_save.tempfile.mkstemp", read_only)
    said = save_once(tmp_path, "enregistrer", FR)
    assert flat(said) == ("Impossible d'enregistrer dans . (le système dit, en anglais : "
                          "« Permission denied »).")


def test_a_rule_file_of_ones_own_is_saved_where_a_replay_can_name_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "house.yaml").write_text((ROOT / "docs" / "variants" / "third-draw.yaml")
                                      .read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    given = "../rules/house.yaml"

    def house() -> Game:
        from ambigu_rules.load.resolver import load_ruleset

        return Game(load_ruleset(given), players=3, names=list(THREE), seed=3, banks=50,
                    dealer=0)

    said = flat(save_once(tmp_path, "save", variant=given, game=house()))
    assert said.startswith("Cannot save in .: a replay names its rule file by a path from its "
                           "own folder, and ../rules/house.yaml is not in that folder")
    said = flat(save_once(tmp_path, "save ../rules/game.yaml", variant=given, game=house()))
    assert said.startswith("Deal 1 saved in")
    data = yaml.safe_load((rules / "game.yaml").read_text(encoding="utf-8"))
    assert data["variant"] == "house.yaml"
    assert play_replay(rules / "game.yaml").mismatches == []


def test_nothing_is_saved_before_the_first_deal_is_over(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    lines = iter(["save"])
    output = run(table("1730", THREE), lambda game, _: next(lines, None))
    assert "Nothing to save yet: a replay holds the deals played to their end, and deal 1 " \
        "is not over." in flat(output)
    assert os.listdir(tmp_path) == []


def test_help_names_hint_and_save() -> None:
    lines = iter(["help"])
    output = flat(run(table("foster", THREE), lambda game, _: next(lines, None)))
    assert "hint gives advice on your move (the exact odds of each discard at an exchange, " \
        "else what the expert bot would do in your seat)" in output
    assert "save [FILE] writes the deals played to their end so far to a replay file" in output
    assert "'ambigu replay FILE' plays back" in output
