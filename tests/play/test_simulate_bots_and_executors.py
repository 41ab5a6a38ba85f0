"""Each seat its own bot (by name, factory or object), and `simulate()` run by any
`concurrent.futures.Executor` (threads, processes, a local Dask cluster) giving the
report of one process."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from ambigu_rules import Action, HeuristicBot, RandomBot, SeatView, simulate
from ambigu_rules.cli import main
from ambigu_rules.errors import GameSetupError

RUN: dict[str, Any] = {"hands": 90, "players": 3, "seed": 5, "block_size": 30}


def figures(report: Any) -> dict[str, Any]:
    """A report's JSON without the name of its bots."""
    data = report if isinstance(report, dict) else report.to_json()
    return {key: value for key, value in data.items() if key != "bots"}


def test_each_seat_plays_the_bot_named_for_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "1730", "--hands", "90", "--players", "3", "--seed", "5",
                 "--block-size", "30", "--bots", "heuristic,random,random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == "heuristic,random,random"
    # The same seats given as bot classes, each called with the seat's seed.
    by_class = simulate("1730", bots=[HeuristicBot, RandomBot, RandomBot], **RUN)
    assert by_class.bots == "HeuristicBot,RandomBot,RandomBot"
    assert figures(data) == figures(by_class)
    assert figures(data) != figures(simulate("1730", bots="random", **RUN))


def test_the_text_names_each_seats_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "foster", "--hands", "5", "--players", "3",
                 "--bots", "random,heuristic,random"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("5 deals of foster, 3 bots (random, heuristic, random), seed 0")


def test_one_name_per_seat_all_alike_is_that_name() -> None:
    alike = simulate("foster", bots="random,random,random", **RUN)
    assert alike.to_json() == simulate("foster", bots="random", **RUN).to_json()


@pytest.mark.parametrize(("bots", "message"), [
    ("wizard,heuristic,random,random",
     "argument --bots: unknown bot 'wizard' (the bots are: expert, heuristic, random)"),
    ("random,heuristic", "argument --bots: 2 names for 4 players; give one for every seat, "
                         "or one for each"),
    ("random,", "argument --bots: unknown bot '' (the bots are: expert, heuristic, random)"),
])
def test_bad_bots_are_one_line_that_lists_the_bots(capsys: pytest.CaptureFixture[str],
                                                   bots: str, message: str) -> None:
    try:
        status = main(["simulate", "foster", "--hands", "5", "--bots", bots])
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    assert (status, captured.out) == (2, "")
    assert captured.err == f"ambigu simulate: error: {message} (see 'ambigu simulate --help')\n"


class FirstChoice:
    """A bot of one's own: the first action allowed; it notes the seats it is asked for."""

    def __init__(self, seed: int = 0) -> None:
        self.seats: set[int] = set()

    def choose(self, view: SeatView) -> Action:
        assert view.to_act == view.seat and len(view.hand) <= 4
        self.seats.add(view.seat)
        return view.legal[0]


def test_a_bot_of_ones_own_made_for_each_table_sees_only_its_seat() -> None:
    made: list[FirstChoice] = []

    def factory(seed: int) -> FirstChoice:
        made.append(FirstChoice(seed))
        return made[-1]

    report = simulate("foster", bots=[factory, "random", "random"], **RUN)
    assert report.hands == 90 and report.bots == "factory,random,random"
    assert len(made) == report.tables  # one for each table, at seat 0
    assert {seat for bot in made for seat in bot.seats} == {0}


def test_a_bot_object_is_copied_for_every_table_and_left_as_it_was() -> None:
    # Issue 42: every table plays a fresh copy, so no executor can change the report.
    given = FirstChoice()
    report = simulate("foster", bots=[given], **RUN)
    assert report.bots == "FirstChoice" and report.hands == 90
    assert given.seats == set()
    again = simulate("foster", bots=[FirstChoice, FirstChoice, FirstChoice], **RUN)
    assert figures(again) == figures(report)


def test_something_that_is_no_bot_is_refused() -> None:
    with pytest.raises(GameSetupError, match="a bot is a name, a factory or an object"):
        simulate("foster", bots=[3], **RUN)  # type: ignore[list-item]


# -- executors ---------------------------------------------------------------------


def test_a_thread_pool_gives_the_serial_report_and_records(tmp_path: Path) -> None:
    serial = simulate("russian", deals_out=tmp_path / "serial.jsonl", **RUN)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = simulate("russian", executor=pool, deals_out=tmp_path / "threads.jsonl",
                            **RUN)
    assert threaded.to_json() == serial.to_json()
    assert (tmp_path / "threads.jsonl").read_bytes() == (tmp_path / "serial.jsonl").read_bytes()


def test_a_process_pool_gives_the_serial_report() -> None:
    bots = ["heuristic", RandomBot, "random"]
    with ProcessPoolExecutor(max_workers=2) as pool:
        shared = simulate("1730", executor=pool, bots=bots, **RUN)
    assert shared.to_json() == simulate("1730", bots=bots, **RUN).to_json()


def test_an_executor_stops_with_a_table_that_cannot_sit_down() -> None:
    # Foster's blinds (1, then 2) are more than a bank of 2.
    with ThreadPoolExecutor(max_workers=2) as pool:
        report = simulate("foster", hands=100, block_size=10, initial_bank=2, executor=pool)
    assert report.hands == 0 and report.stopped_early is not None


def test_a_local_dask_cluster_gives_the_serial_report() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="Dask is an optional extra: pip install '.[dask]'")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2,
                            dashboard_address=None) as client:
        report = simulate("foster", executor=client.get_executor(), **RUN)
    assert report.to_json() == simulate("foster", **RUN).to_json()
