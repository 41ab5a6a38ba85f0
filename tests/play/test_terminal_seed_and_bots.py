"""``ambigu play`` deals a new game each time unless ``--seed`` is given, and seats the
bots ``--bots`` names (experts by default, as the site's Play page does).

Without ``--seed`` the seed is drawn anew and said at the start, so that ``--seed``
deals the same cards again; a bad ``--bots`` is one line and status 2.
"""

from __future__ import annotations

import re

import pytest
from terminal_session import CLI_NAMES

from ambigu_rules.engine.game import Game
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import HeuristicBot, RandomBot
from ambigu_rules.play.expert import ExpertBot
from ambigu_rules.play.narration import Narrator
from ambigu_rules.play.terminal import TerminalGame

from conftest import run_cli

SEED = re.compile(r"The cards are shuffled from seed (\d+) \(--seed \1 deals them again\)\.")


def first_hand(output: str) -> str:
    return output.split("Your hand: ", 1)[1].splitlines()[0]


def test_each_game_is_dealt_anew_without_a_seed() -> None:
    # 1730 deals two cards first: five games dealt alike would be one chance in
    # many millions, unless the deal were fixed.
    runs = [run_cli("play", "1730", "--players", "2") for _ in range(5)]
    assert all(run.returncode == 0 for run in runs)
    assert len({first_hand(run.stdout) for run in runs}) > 1
    seeds = [SEED.search(run.stdout) for run in runs]
    assert all(seeds) and len({found.group(1) for found in seeds if found}) == 5


def test_the_seed_said_deals_the_same_game_again() -> None:
    first = run_cli("play", "foster", "--players", "3")
    found = SEED.search(first.stdout)
    assert found is not None
    again = run_cli("play", "foster", "--players", "3", "--seed", found.group(1))
    assert again.stdout == first.stdout
    other = run_cli("play", "foster", "--players", "3", "--seed", str(int(found.group(1)) ^ 1))
    assert other.stdout != first.stdout


@pytest.mark.parametrize(("option", "kinds"), [
    ((), [ExpertBot] * 3),
    (("--bots", "random"), [RandomBot] * 3),
    (("--bots", "heuristic,random,expert"), [HeuristicBot, RandomBot, ExpertBot]),
], ids=["default-expert", "random", "one-per-seat"])
def test_the_bots_option_seats_the_bots_named(monkeypatch: pytest.MonkeyPatch,
                                              option: tuple[str, ...],
                                              kinds: list[type]) -> None:
    seated: list[list[type]] = []

    def run(self: TerminalGame, deals: int | None = None) -> int:
        seated.append([type(self.bots[seat]) for seat in sorted(self.bots)])
        return 0

    monkeypatch.setattr(TerminalGame, "run", run)
    result = run_cli("play", "1730", "--seed", "3", *option)
    assert result.returncode == 0, result.stderr
    assert seated == [kinds]


def bots_first_moves(kind: type, seed: int) -> list[str]:
    """The account of a Foster deal of ``ambigu play --players 3 --seed SEED`` up to your
    first turn, with ``kind`` bots in the other seats (seeded as the game seeds them)."""
    game = Game(load_ruleset("foster"), players=3, names=CLI_NAMES[:3], seed=seed, banks=100,
                dealer=0)
    bots = {seat: kind(seed * 10 + seat) for seat in (1, 2)}
    game.start_deal()
    while game.to_act != 0:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return Narrator(game.names, game.deck).lines(game.log)


def test_random_bots_play_as_random_bots_do() -> None:
    # Foster: the bots draw first, before your turn; random and expert bots draw apart.
    random, expert = bots_first_moves(RandomBot, 5), bots_first_moves(ExpertBot, 5)
    assert random != expert
    output = run_cli("play", "foster", "--players", "3", "--seed", "5", "--bots",
                     "random").stdout
    shown = output.split("=== Deal 1 ===\n", 1)[1].split("\nPool ", 1)[0].splitlines()
    assert shown == [f"  {line}" for line in random]


@pytest.mark.parametrize(("value", "said"), [
    ("clever", "argument --bots: unknown bot 'clever' (the bots are: expert, heuristic, "
               "random)"),
    ("random,random", "argument --bots: 2 names for 3 bots; give one for every bot, or one "
                      "for each"),
])
def test_a_bad_bots_value_is_one_line_and_status_2(value: str, said: str) -> None:
    result = run_cli("play", "foster", "--bots", value)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [f"ambigu play: error: {said} "
                                          "(see 'ambigu play --help')"]
