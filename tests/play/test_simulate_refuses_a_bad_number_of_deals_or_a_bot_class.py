"""Issue 42 (C): ``simulate()`` from Python refuses what the command line refuses.

``simulate(hands=-5)`` gave a report of 0 deals; a bot class that cannot be
called with the seat's seed, or a bot class (or object) given alone instead of
in a list, gave a bare ``TypeError`` from deep inside the run. Each is now a
:class:`GameSetupError` (a ``ValueError``) saying what is expected, raised
before anything is played.
"""

from __future__ import annotations

import pytest

from ambigu_rules.engine.actions import Action
from ambigu_rules.engine.view import SeatView
from ambigu_rules.errors import AmbiguError, GameSetupError
from ambigu_rules.play.bots import RandomBot
from ambigu_rules.play.simulate import simulate


class FirstChoice:
    """A bot of one's own, made without a seed."""

    def choose(self, view: SeatView) -> Action:
        return view.legal[0]


@pytest.mark.parametrize("hands", [-5, 0, 10**9 + 1, True, 2.5, "3"])
def test_a_number_of_deals_the_command_line_refuses_is_refused(hands: object) -> None:
    with pytest.raises(GameSetupError) as caught:
        simulate("foster", hands=hands)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, AmbiguError)
    assert str(caught.value) == ("hands: expected a whole number of deals from 1 to "
                                 f"1,000,000,000, got {hands!r}")


def test_a_bot_class_that_takes_no_seed_says_what_is_expected() -> None:
    with pytest.raises(GameSetupError) as caught:
        simulate("foster", hands=3, bots=[FirstChoice])  # type: ignore[list-item]
    assert str(caught.value) == (
        "bots: the class FirstChoice is given where a bot is expected, and it cannot be "
        "called with the seat's seed (FirstChoice(seed): too many positional arguments); "
        "give a bot object, FirstChoice(), or a bot name (expert, heuristic, random), or a "
        "class or factory taking the seed")


@pytest.mark.parametrize(("bots", "got"), [
    (FirstChoice, "the class FirstChoice alone: put it in a list"),
    (FirstChoice(), "a FirstChoice object alone: put it in a list"),
    (5, "5"),
])
def test_a_bot_given_alone_says_what_is_expected(bots: object, got: str) -> None:
    with pytest.raises(GameSetupError) as caught:
        simulate("foster", hands=3, bots=bots)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "bots: expected a bot name, names separated by commas, or a list of bots (each a name, "
        "a bot object or a factory called with the seat's seed; one for every seat, or one "
        f"for all); got {got}")


def test_the_bots_a_caller_may_give_still_play() -> None:
    for bots in ([FirstChoice()], [RandomBot], [lambda seed: RandomBot(seed)], "random",
                 ("random", RandomBot, FirstChoice(), "heuristic")):
        report = simulate("foster", hands=3, players=4, bots=bots)
        assert report.hands == 3
