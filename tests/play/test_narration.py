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


def test_ru_enc_all_but_one_pass_out_before_any_bet_and_no_opening_is_told() -> None:
    # ru-enc §Первый ставочный интервал: a player who says "пас" leaves the deal. Here
    # all three stand ("баста"), then the first two pass before anyone bets: the third
    # is left alone, and nobody opened, so the transcript must not speak of an opening.
    from ambigu_rules import Game, Narrator
    from ambigu_rules.engine.events import BettingEnded, Opened
    from ambigu_rules.words.lang import FR

    game = Game("russian", players=3, seed=2)
    game.start_deal()
    while not game.deal_over:
        legal = game.legal_actions()
        game.apply(legal.of_kind("pass")[0] if "pass" in legal.kinds() else legal[0])
    assert not any(isinstance(event, Opened) for event in game.log)
    ended = next(event for event in game.log if isinstance(event, BettingEnded))
    assert ended.result == "uncalled_open"
    english = Narrator(game.names, game.deck).line(ended)
    french = Narrator(game.names, game.deck, FR).line(ended)
    assert "open" not in english.lower() and "ouverture" not in french
    assert english == "Nobody calls: one player is left in"
