"""Every way of giving `simulate()` its bots gives the report of one process, run
after run, whatever plays the blocks (issue 42, item 4).

A bot given as an object used to play on from table to table, so the report
depended on which tables a process played after which: serial, `jobs=2`, a
process pool and a thread pool each gave another one, and so did a second run
with the same object. Every table now plays a fresh copy of the object as it was
given.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from typing import Any

import pytest

from ambigu_rules import Action, HeuristicBot, RandomBot, SeatView, simulate
from ambigu_rules.errors import GameSetupError
from ambigu_rules.play.simulate import BotChoice

RUN: dict[str, Any] = {"hands": 150, "players": 3, "seed": 11, "block_size": 25}


class Stubborn:
    """A bot of one's own that learns: it remembers how often it was asked, and
    stands, passes or folds every third time (a bot object that keeps state)."""

    def __init__(self, seed: int = 0) -> None:
        self.asked = 0

    def choose(self, view: SeatView) -> Action:
        self.asked += 1
        if self.asked % 3 == 0:
            for action in view.legal:
                if action.kind in ("pass", "fold", "discard") and not action.cards:
                    return action
        return view.legal[-1] if self.asked % 2 else view.legal[0]


def bold_heuristic(seed: int) -> HeuristicBot:
    """A factory: a function of the seat's seed."""
    return HeuristicBot(seed, boldness=0.15)


#: Each accepted way of giving the bots, as a function making them afresh.
WAYS: dict[str, Callable[[], list[BotChoice]]] = {
    "names": lambda: ["heuristic", "random", "expert"],
    "classes": lambda: [RandomBot, HeuristicBot, Stubborn],
    "a class and its arguments": lambda: [partial(HeuristicBot, boldness=0.3), RandomBot,
                                          "random"],
    "a factory": lambda: [bold_heuristic, "random", bold_heuristic],
    "objects": lambda: [RandomBot(7), HeuristicBot(3, boldness=0.1), Stubborn()],
    "one object for every seat": lambda: [RandomBot(7)],
}


def report(bots: list[BotChoice], **how: Any) -> dict[str, Any]:
    return simulate("foster", bots=bots, **RUN, **how).to_json()  # type: ignore[no-any-return]


def pooled(pool: Executor, bots: list[BotChoice]) -> dict[str, Any]:
    with pool:
        return report(bots, executor=pool)


@pytest.mark.parametrize("way", WAYS)
def test_serial_jobs_process_and_thread_pools_give_one_report(way: str) -> None:
    bots = WAYS[way]()
    serial = report(bots)
    assert report(bots) == serial, "a second run with the same bots"
    assert report(bots, jobs=2) == serial, "jobs=2"
    assert pooled(ProcessPoolExecutor(max_workers=2), bots) == serial, "a process pool"
    assert pooled(ThreadPoolExecutor(max_workers=2), bots) == serial, "a thread pool"
    assert report(WAYS[way]()) == serial, "the same bots made again"


def test_a_bot_object_given_is_left_as_it_was() -> None:
    random_bot, stubborn = RandomBot(7), Stubborn()
    state = random_bot.rng.getstate()
    simulate("foster", bots=[random_bot, stubborn, "random"], **RUN)
    assert random_bot.rng.getstate() == state and stubborn.asked == 0


class Locked(Stubborn):
    """A bot object holding a lock, which cannot be copied."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()


def test_a_bot_object_that_cannot_be_copied_is_refused_naming_its_seat() -> None:
    with pytest.raises(GameSetupError) as refused:
        simulate("foster", bots=["random", Locked(), "random"], **RUN)
    assert str(refused.value) == (
        "bots: the Locked object of seat 2 cannot be copied for each table (TypeError: "
        "cannot pickle '_thread.lock' object); give its class, or a factory called with "
        "the seat's seed")
