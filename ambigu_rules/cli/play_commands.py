"""The commands that play deals: replay, simulate, merge, play."""

from __future__ import annotations

import argparse
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from ..load.resolver import load_ruleset
from ..terminal_text import flush, visible
from ..words.lang import Lang, lang_from_environment, lang_of
from .output import USER_ERROR, emit, say, say_error, say_json, table

if TYPE_CHECKING:
    from ..play.simulation_report import SimulationReport


def chosen_lang(args: argparse.Namespace) -> Lang:
    """The language of ``--lang``, or else the one the environment's locale asks for."""
    return lang_of(args.lang) if args.lang else lang_from_environment()


def cmd_replay(args: argparse.Namespace) -> int:
    from ..play.narration import Narrator
    from ..play.replay_run import play_replay

    lang = chosen_lang(args)
    result = play_replay(Path(args.file))
    state = result.final_state()
    if args.json:
        say_json({
            "events": result.events_json(lang),
            "final": state,
            "mismatches": result.mismatches,
        })
    else:
        for line in result.transcript(lang):
            say(line)
        say()
        for line in Narrator(result.game.names, result.game.deck, lang).closing(state):
            say(line)
        for line in result.mismatches:
            say(f"expectation not met: {line}")
    return 1 if result.mismatches else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import Progress

    from ..errors import Interrupted, OutputError
    from ..play.deal_records import RecordsFile
    from ..play.simulate import DEALS_PER_BLOCK, available_cores, simulate
    from ..play.simulate_pool import signals_interrupt

    names = args.bots.split(",")
    if len(names) not in (1, args.players):
        return _usage_error(f"argument --bots: {len(names)} names for {args.players} players; "
                            "give one for every seat, or one for each")
    size = args.block_size or DEALS_PER_BLOCK
    run_blocks = -(-args.hands // size)
    start, end = args.blocks or (0, run_blocks)
    if end > run_blocks:
        return _usage_error(f"argument --blocks: a run of {args.hands:,} deals in blocks of "
                            f"{size:,} has blocks 0:{run_blocks}, got {start}:{end}")
    if args.deals_out == "-":
        return _usage_error("argument --deals-out: '-' is not standard output here, which "
                            "holds the report: name a file (./- for a file named '-')")
    deals = min(end * size, args.hands) - start * size
    console = Console(stderr=True)
    closed: OutputError | None = None
    try:
        # SIGTERM and SIGHUP end the run as Ctrl-C does: workers stopped, no
        # temporary file left; the status is 128 + the signal, as Ctrl-C's 130.
        with signals_interrupt(), ExitStack() as stack:
            # The deals file replaces an earlier one only once the report is printed:
            # a command that fails (its output cannot be written) leaves it as it was.
            records = (stack.enter_context(RecordsFile(args.deals_out))
                       if args.deals_out is not None else None)
            if records is not None:
                records.refuse_same(_standard_output(), "it is where standard output "
                                    "goes, which holds the report")
            with Progress(console=console, transient=True,
                          disable=deals < 200 or not console.is_terminal) as bar:
                # The description is rich markup: the name is shown as it is, never obeyed.
                task = bar.add_task(f"simulating {escape(visible(args.variant))}", total=deals)
                report = simulate(args.variant, hands=args.hands, players=args.players,
                                  seed=args.seed, bots=args.bots, initial_bank=args.bank,
                                  limit=args.limit, jobs=args.jobs or available_cores(),
                                  progress=lambda done: bar.update(task, completed=done),
                                  rebuy=args.rebuy, block_size=size, blocks=args.blocks,
                                  deals_out=records)
            try:
                emit(report.to_json(), args.json, lambda: report_text(report))
                flush(sys.stdout)
            except OutputError as error:
                if not error.closed_pipe:
                    raise
                closed = error  # the reader went away (| head): the run is whole
    except Interrupted as stop:
        say_error(f"ambigu: interrupted by {stop.signal_name}")
        return 128 + stop.signal_number
    if closed is not None:
        raise closed  # ends the command quietly, with status 0 (ambigu_rules.cli.main)
    return 0


def _standard_output() -> list[int]:
    """The file descriptor of standard output, where it has one."""
    try:
        return [sys.stdout.fileno()]
    except (AttributeError, OSError, ValueError):  # closed (None), or no descriptor
        return []


def _usage_error(message: str, command: str = "simulate") -> int:
    """A mistake in the arguments found once they are read: one line, status 2."""
    say_error(f"ambigu {command}: error: {message} (see 'ambigu {command} --help')")
    return USER_ERROR


def report_text(report: SimulationReport) -> str:
    """A simulation's report as ``ambigu simulate`` prints it without ``--json``."""
    from ..play.simulation_report import ranked

    data = report.to_json()
    tables = f", {report.tables} tables" if report.tables > 1 else ""
    bots = (f"{report.players} {report.bots} bots" if "," not in report.bots
            else f"{report.players} bots ({report.bots.replace(',', ', ')})")
    lines = [f"{report.hands} deals of {report.variant}, {bots}, seed {report.seed}{tables}"
             + (f" (stopped early: {report.stopped_early})" if report.stopped_early else "")]
    if report.blocks != (0, report.run_blocks):
        start, end = report.blocks
        lines.append(f"Blocks {start}:{end} of the run's {report.run_blocks} "
                     f"(blocks of {report.block_size:,} deals, {report.requested:,} in all)")
    if report.rebuy:
        lines.append(f"{report.rebuys} rebuys, {sum(report.seat_bought)} counters bought")
    lines.append(table(["seat", "bank", "net"], [
        [seat + 1, bank, f"{net:+d}"]
        for seat, (bank, net) in enumerate(zip(report.banks, data["net"], strict=True))]))
    lines.append(f"On the table at the end: {report.on_table}; average pot "
                 f"{report.average_pot:.1f}")
    lines.append("How deals ended:")
    lines += [f"  {name}: {count}" for name, count in ranked(report.ended)]
    lines.append("Combinations shown at showdown:")
    lines += [f"  {name}: {count}" for name, count in ranked(report.shown)]
    return "\n".join(lines)


def cmd_merge(args: argparse.Namespace) -> int:
    from ..errors import ReportError
    from ..play.report_file import read_report
    from ..play.simulation_report import merge_reports

    reports = []
    for name in args.files:
        try:
            reports.append((name, read_report(name)))
        except ReportError as error:
            say_error(f"{name}: {error}")
            return USER_ERROR
    try:
        merged = merge_reports(reports)
    except ReportError as error:
        say_error(f"ambigu merge: {error}")
        return USER_ERROR
    emit(merged.to_json(), args.json, lambda: report_text(merged))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """A game in the terminal: you in the first seat, dealing first; bots in the others.

    Without ``--seed`` the cards are shuffled from a seed drawn from the system's
    randomness (each game is new), which the game says so that ``--seed`` can
    deal the same cards again.
    """
    import secrets

    from ..engine.game import Game
    from ..limits import MAX_COUNTERS
    from ..play.terminal import TerminalGame, enable_line_editing, read_typed_line
    from ..words.terminal import T

    lang = chosen_lang(args)
    names = [T("you_seat", lang), *[T("bot_seat", lang, n=seat + 1)
                                    for seat in range(1, args.players)]]
    seed = args.seed if args.seed is not None else secrets.randbelow(MAX_COUNTERS + 1)
    game = Game(load_ruleset(args.variant), players=args.players, seed=seed, banks=args.bank,
                names=names, dealer=0, limit=args.limit)
    bots = args.bots.split(",")
    if len(bots) not in (1, args.players - 1):
        return _usage_error(f"argument --bots: {len(bots)} names for {args.players - 1} bots; "
                            "give one for every bot, or one for each", "play")
    enable_line_editing(sys.stdin)
    TerminalGame(game, read_typed_line, sys.stdout, lang, bots=bots, seed=seed,
                 variant=args.variant).run()
    return 0
