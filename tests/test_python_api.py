"""The Python API a program uses: the main names at the top of the package, and
every entry point taking a version as an id, a path or a ruleset."""

from __future__ import annotations

import inspect
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import ambigu_rules
from ambigu_rules.engine.game import Game as EngineGame
from ambigu_rules.engine.game import TableOptions
from ambigu_rules.errors import GameSetupError, UnknownVariantError

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "docs" / "variants" / "split-ties.yaml"  # extends foster


def test_every_public_name_is_importable_from_the_package() -> None:
    for name in ambigu_rules.__all__:
        assert getattr(ambigu_rules, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        _ = ambigu_rules.Gmae  # type: ignore[attr-defined]


def test_the_package_imports_the_engine_only_when_a_name_is_used() -> None:
    """``import ambigu_rules`` (and so the command line's start) stays quick."""
    code = ("import sys, ambigu_rules; "
            "print(sorted(m for m in sys.modules if m.startswith('ambigu_rules')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "['ambigu_rules', 'ambigu_rules.version']"


def test_the_version_is_the_metadata_version() -> None:
    from importlib.metadata import version
    assert ambigu_rules.__version__ == version("ambigu_rules")


@pytest.mark.parametrize("given", ["1730", str(ROOT / "rulesets" / "1730.yaml"),
                                   ROOT / "rulesets" / "1730.yaml"])
def test_a_game_is_seated_from_an_id_or_a_path(given: str | Path) -> None:
    game = ambigu_rules.Game(given, players=4)
    assert isinstance(game, EngineGame)
    assert (game.ruleset.id, game.players) == ("1730", 4)
    assert game.can_start_deal()


def test_a_game_is_seated_from_a_ruleset_as_it_is() -> None:
    ruleset = ambigu_rules.load_ruleset(HOUSE)
    game = ambigu_rules.Game(ruleset, players=3, banks=50)
    assert game.ruleset is ruleset
    assert game.table.banks == [50, 50, 50]


def test_a_version_of_another_kind_is_one_clear_error() -> None:
    with pytest.raises(UnknownVariantError, match="got int"):
        ambigu_rules.Game(1730, players=4)  # type: ignore[arg-type]
    with pytest.raises(UnknownVariantError, match="unknown variant '1731'"):
        ambigu_rules.Game("1731")


def test_the_engines_game_refuses_an_id_and_says_where_one_is_taken() -> None:
    with pytest.raises(GameSetupError, match=r"takes a Ruleset, got str: ambigu_rules\.Game also"):
        EngineGame("1730")  # type: ignore[arg-type]


def test_the_options_of_the_front_are_the_engine_games_keywords() -> None:
    keywords = [name for name, parameter in inspect.signature(EngineGame).parameters.items()
                if parameter.kind is inspect.Parameter.KEYWORD_ONLY]
    assert list(typing.get_type_hints(TableOptions)) == keywords


def test_the_evaluator_and_the_showdown_take_a_version() -> None:
    # 1730: a flush whose three cards follow each other (2, 3, 4 of spades) is a
    # flush with sequence, paid 8.
    assert ambigu_rules.evaluator_for("1730").evaluate("2S 3S 4S 9S").value == 8
    # Foster: a flush (5) beats a tricon without a prime (4, not four suits); paid 5.
    result = ambigu_rules.settle_showdown(Path(ROOT / "rulesets" / "foster.yaml"),
                                          ["2S 5S 7S 9S", "5H 5D 5C 8H"])
    assert (result.winner, result.value) == (0, 5)


def test_simulate_takes_an_id_a_path_or_a_ruleset_and_plays_the_same() -> None:
    ruleset = ambigu_rules.load_ruleset("foster")
    reports = [ambigu_rules.simulate(given, hands=40, seed=5)
               for given in ("foster", ROOT / "rulesets" / "foster.yaml", ruleset)]
    assert reports[0].to_json()["net"] == reports[1].to_json()["net"] == reports[2].to_json()["net"]
    assert reports[2].variant == "foster"
    assert sum(reports[0].to_json()["net"]) + reports[0].on_table == 0


def test_a_replay_is_played_from_a_path_given_as_text() -> None:
    scenario = ROOT / "tests" / "scenarios" / "foster" / "dealer-forces-with-two.yaml"
    result = ambigu_rules.play_replay(str(scenario))
    # tools/check_wheel.sh checks the same replay's banks on the command line.
    assert result.final_state()["banks"] == {"Anna": 87, "Ben": 37, "Carla": 39, "Dan": 37}
    assert result.mismatches == []
