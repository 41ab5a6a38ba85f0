"""The commands that play deals: replay, simulate, play."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..load.resolver import load_ruleset
from ..terminal_text import visible
from .output import emit, say, say_json, table


def cmd_replay(args: argparse.Namespace) -> int:
    from ..play.replay_run import play_replay

    result = play_replay(Path(args.file))
    state = result.final_state()
    if args.json:
        say_json({
            "events": result.events_json(),
            "final": state,
            "mismatches": result.mismatches,
        })
    else:
        for line in result.transcript():
            say(line)
        say()
        banks = ", ".join(f"{name} {amount}" for name, amount in state["banks"].items())
        say(f"Banks: {banks}")
        say(f"On the table: pool {state['pool']}, batterie {state['batterie']}, "
             f"bets {state['bets']}; next dealer {state['dealer']}")
        for debt in state["debts"]:
            say(f"Debt: {debt['debtor']} owes {debt['creditor']} {debt['amount']}")
        for line in result.mismatches:
            say(f"expectation not met: {line}")
    return 1 if result.mismatches else 0


def cmd_simulate(args: argparse.Namespace) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import Progress

    from ..play.simulate import available_cores, simulate

    console = Console(stderr=True)
    with Progress(console=console, transient=True,
                  disable=args.hands < 200 or not console.is_terminal) as bar:
        # The description is rich markup: the name is shown as it is, never obeyed.
        task = bar.add_task(f"simulating {escape(visible(args.variant))}", total=args.hands)
        report = simulate(args.variant, hands=args.hands, players=args.players, seed=args.seed,
                          bots=args.bots, initial_bank=args.bank, limit=args.limit,
                          jobs=args.jobs or available_cores(),
                          progress=lambda done: bar.update(task, completed=done),
                          rebuy=args.rebuy)
    data = report.to_json()

    def text() -> str:
        tables = f", {report.tables} tables" if report.tables > 1 else ""
        lines = [f"{report.hands} deals of {report.variant}, {report.players} {report.bots} "
                 f"bots, seed {report.seed}{tables}"
                 + (f" (stopped early: {report.stopped_early})" if report.stopped_early else "")]
        if report.rebuy:
            lines.append(f"{report.rebuys} rebuys, {sum(report.seat_bought)} counters bought")
        lines.append(table(["seat", "bank", "net"], [
            [seat + 1, bank, f"{net:+d}"]
            for seat, (bank, net) in enumerate(zip(report.banks, data["net"], strict=True))]))
        lines.append(f"On the table at the end: {report.on_table}; average pot "
                     f"{report.average_pot:.1f}")
        lines.append("How deals ended:")
        lines += [f"  {name}: {count}" for name, count in report.ended.most_common()]
        lines.append("Combinations shown at showdown:")
        lines += [f"  {name}: {count}" for name, count in report.shown.most_common()]
        return "\n".join(lines)

    emit(data, args.json, text)


def cmd_play(args: argparse.Namespace) -> None:
    from ..engine.game import Game
    from ..play.terminal import TerminalGame, enable_line_editing, read_typed_line

    game = Game(load_ruleset(args.variant), players=args.players, seed=args.seed, banks=args.bank,
                names=["Player 1 (you)", *[f"Bot {i + 1}" for i in range(1, args.players)]],
                dealer=0, limit=args.limit)
    enable_line_editing(sys.stdin)
    TerminalGame(game, read_typed_line, sys.stdout).run()
