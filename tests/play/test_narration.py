"""The transcript says what the players say, in the words each version gives them."""

from __future__ import annotations

from ambigu_rules.play.replay_run import play_replay

from conftest import ROOT

SCENARIOS = ROOT / "tests" / "scenarios"


def test_foster_players_say_i_play_i_pass_and_enough() -> None:
    # foster-1897, Method of Playing: "Enough", "I play", "I pass".
    lines = play_replay(
        SCENARIOS / "foster" / "all-in-after-first-betting-stays-in-to-the-showdown.yaml"
    ).transcript()
    assert 'Anna stands ("Enough")' in lines
    assert 'Anna passes ("I pass")' in lines
    assert 'Ben opens 5 ("I play")' in lines
