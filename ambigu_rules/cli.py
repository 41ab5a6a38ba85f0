"""The ``ambigu`` command line.

Every command takes ``--json``. VARIANT is a built-in id or a path to a YAML
file. A user mistake prints one line on stderr and exits with status 2;
Ctrl-C prints ``ambigu: interrupted`` and exits with status 130. Output that
cannot be written (a full disk) is one line ``ambigu: cannot write the
output: ...`` and status 2; a reader that stops reading (``| head``) ends the
command quietly, with status 0.

Everything printed goes through :mod:`ambigu_rules.terminal_text`: the
characters a terminal would obey rather than show (escape sequences,
direction overrides, lone surrogates from a file name that is not UTF-8) are
printed as escapes such as ``\\x1b``, and ``--json`` escapes them too.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypedDict

import yaml

from .errors import AmbiguError, OutputError, RulesetError, SourceError, whole_number
from .limits import MAX_COUNTERS, MAX_PLAYERS
from .load.resolver import load_ruleset
from .terminal_text import (
    discard_output,
    flush,
    json_text,
    visible,
    write_error,
    write_line,
)

USER_ERROR = 2
#: The exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells use.
INTERRUPTED = 130
# The bibliography id of the project's own editorial decisions: not a source to list.
EDITORIAL_SOURCE = "editors"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        _error(f"{self.prog}: error: {message} (see '{self.prog} --help')")
        sys.exit(USER_ERROR)

    def print_help(self, file: Any = None) -> None:
        if file is not None:
            super().print_help(file)
        else:  # argparse would ignore a failed write; it is reported as any other
            write_line(sys.stdout, self.format_help(), end="")


def _say(text: str = "") -> None:
    """Print a line (or lines) of output on stdout, every hidden character shown."""
    write_line(sys.stdout, text)


def _error(line: str) -> None:
    """Print one line of message on stderr, every hidden character shown."""
    write_error(sys.stderr, line)


def _emit(data: Any, as_json: bool, text: Callable[[], str]) -> None:
    _say(json_text(data) if as_json else text())


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain aligned text table.

    >>> print(_table(["a", "bb"], [[1, 2], [333, 4]]))
    a    bb
    1    2
    333  4
    """
    cells = [[str(c) for c in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
             for row in cells]
    return "\n".join(lines)


# -- commands ---------------------------------------------------------------


class _VariantRow(TypedDict):
    """One version in ``ambigu variants --json``."""

    id: str
    title: str
    year: int | None
    period: str | None
    extends: str | None
    sources: list[str]


def cmd_variants(args: argparse.Namespace) -> None:
    from .load.catalog import builtin_ids, load_bibliography
    from .load.resolver import load_ruleset, resolve

    bibliography = load_bibliography()
    rows: list[_VariantRow] = []
    for variant_id in builtin_ids():
        ruleset = load_ruleset(variant_id)
        # The sources of its rules: the notes about the text (history) are no rule.
        rules = {key: value for key, value in resolve(variant_id).data.items() if key != "history"}
        cited = Counter(_cited_sources(rules))
        cited.pop(EDITORIAL_SOURCE, None)
        main = [bibliography.get(s).short for s, _ in cited.most_common(3)]
        rows.append({
            "id": ruleset.id,
            "title": ruleset.title,
            "year": ruleset.year,
            "period": ruleset.period,
            "extends": ruleset.extends,
            "sources": main,
        })
    _emit(rows, args.json, lambda: _table(
        ["id", "date", "title", "main sources of its rules"],
        [[r["id"], r["year"] or r["period"] or "", r["title"], "; ".join(r["sources"])]
         for r in rows],
    ))


def _cited_sources(value: Any) -> list[str]:
    found: list[str] = []
    if isinstance(value, dict):
        if "evidence" in value and "source" in value:
            refs = value["source"] if isinstance(value["source"], list) else [value["source"]]
            found += [r.split()[0] for r in refs if isinstance(r, str)]
        for item in value.values():
            found += _cited_sources(item)
    elif isinstance(value, list):
        for item in value:
            found += _cited_sources(item)
    return found


PROVENANCE_KEYS = ("source", "evidence", "note", "inherited_from", "parent_evidence")


def provenance_last(value: Any) -> Any:
    """Reorder each rule point so that the rule comes before its provenance.

    >>> provenance_last({"evidence": "attested", "source": [], "min": 2})
    {'min': 2, 'source': [], 'evidence': 'attested'}
    """
    if isinstance(value, dict):
        rule = {k: provenance_last(v) for k, v in value.items() if k not in PROVENANCE_KEYS}
        return rule | {k: value[k] for k in PROVENANCE_KEYS if k in value}
    if isinstance(value, list):
        return [provenance_last(item) for item in value]
    return value


def cmd_show(args: argparse.Namespace) -> None:
    from .load.resolver import load_ruleset

    ruleset = load_ruleset(args.variant)
    data = provenance_last(ruleset.model_dump(mode="json", by_alias=True, exclude_none=True))
    _say_mixed(data)
    _emit(data, args.json, lambda: yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=88
    ).rstrip())


def _say_mixed(value: Any) -> None:
    """Beside the evidence of a point with clauses, whether they differ in level
    (its evidence is the weakest of theirs)."""
    if isinstance(value, dict):
        clauses = value.get("clauses")
        if clauses:
            value["evidence_mixed"] = len({c.get("evidence") for c in clauses}) > 1
        for item in value.values():
            _say_mixed(item)
    elif isinstance(value, list):
        for item in value:
            _say_mixed(item)


def cmd_evaluate(args: argparse.Namespace) -> None:
    from .load.versions import evaluator_for_variant

    evaluator = evaluator_for_variant(args.variant, [args.hand])  # a bad card: before compiling
    hand = evaluator.evaluate(args.hand)
    data = {"variant": evaluator.ruleset.id, **hand.to_json()}
    _emit(data, args.json, lambda: (
        f"{hand.text}: {hand.name or 'no combination'}"
        f" ({hand.combination or '-'}), worth {hand.value} from each other player"
    ))


def cmd_showdown(args: argparse.Namespace) -> None:
    from .load.versions import settle_showdown

    # A version for fewer than 2 players is refused by validation (players.min,
    # players.max: from 2), so "needs 2 to 1 hands" cannot be said.
    result = settle_showdown(args.variant, args.hands)
    data = {"variant": args.variant, **result.to_json()}

    def text() -> str:
        rows = [
            [seat + 1, hand.text, hand.name or "-", hand.value, "wins" if seat == result.winner
             else ("tied, loses on seat" if seat in result.tied else "")]
            for seat, hand in enumerate(result.hands)
        ]
        table = _table(["seat", "hand", "combination", "value", ""], rows)
        return (f"{table}\nSeat {result.winner + 1} wins; each other player pays "
                f"{result.value}.")

    _emit(data, args.json, text)


def cmd_odds(args: argparse.Namespace) -> None:
    from .load.versions import evaluator_for_variant

    evaluator = evaluator_for_variant(args.variant)
    odds = evaluator.odds()
    data = {
        "variant": evaluator.ruleset.id,
        "total": odds.total,
        "mean_value": odds.mean_value,
        "combinations": [
            {"combination": row.combination, "combination_id": row.combination_id,
             "name": row.name, "count": row.count, "probability": row.probability,
             "value": row.value}
            for row in odds.combinations
        ],
    }
    _emit(data, args.json, lambda: _table(
        ["combination", "name", "value", "count", "probability"],
        [[r.combination or "-", r.name, r.value, r.count, f"{r.probability:.5f}"]
         for r in odds.combinations],
    ) + f"\n{odds.total} hands; mean value {odds.mean_value:.4f}")


def cmd_validate(args: argparse.Namespace) -> int:
    from .load.resolver import resolve_path

    report = []
    for name in args.files:
        path = Path(name)
        try:
            ruleset = resolve_path(path).ruleset
            report.append({"file": name, "ok": True, "id": ruleset.id, "problems": []})
        except RulesetError as error:
            report.append({"file": name, "ok": False, "problems": error.problems})
    failed = [item for item in report if not item["ok"]]
    if args.json:
        _say(json_text(report))
    else:
        for item in report:
            if item["ok"]:
                _say(f"{item['file']}: ok ({item['id']})")
    for item in failed:
        for line in item["problems"]:
            _error(line)
    return USER_ERROR if failed else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .play.replay_run import play_replay

    result = play_replay(Path(args.file))
    state = result.final_state()
    if args.json:
        _say(json_text({
            "events": result.events_json(),
            "final": state,
            "mismatches": result.mismatches,
        }))
    else:
        for line in result.transcript():
            _say(line)
        _say()
        banks = ", ".join(f"{name} {amount}" for name, amount in state["banks"].items())
        _say(f"Banks: {banks}")
        _say(f"On the table: pool {state['pool']}, batterie {state['batterie']}, "
             f"bets {state['bets']}; next dealer {state['dealer']}")
        for debt in state["debts"]:
            _say(f"Debt: {debt['debtor']} owes {debt['creditor']} {debt['amount']}")
        for line in result.mismatches:
            _say(f"expectation not met: {line}")
    return 1 if result.mismatches else 0


def cmd_simulate(args: argparse.Namespace) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import Progress

    from .play.simulate import available_cores, simulate

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
        lines.append(_table(["seat", "bank", "net"], [
            [seat + 1, bank, f"{net:+d}"]
            for seat, (bank, net) in enumerate(zip(report.banks, data["net"], strict=True))]))
        lines.append(f"On the table at the end: {report.on_table}; average pot "
                     f"{report.average_pot:.1f}")
        lines.append("How deals ended:")
        lines += [f"  {name}: {count}" for name, count in report.ended.most_common()]
        lines.append("Combinations shown at showdown:")
        lines += [f"  {name}: {count}" for name, count in report.shown.most_common()]
        return "\n".join(lines)

    _emit(data, args.json, text)


def cmd_play(args: argparse.Namespace) -> None:
    from .engine.game import Game
    from .play.terminal import TerminalGame, enable_line_editing, read_typed_line

    game = Game(load_ruleset(args.variant), players=args.players, seed=args.seed, banks=args.bank,
                names=["Player 1 (you)", *[f"Bot {i + 1}" for i in range(1, args.players)]],
                dealer=0)
    enable_line_editing(sys.stdin)
    TerminalGame(game, read_typed_line, sys.stdout).run()


def _number(minimum: int, maximum: int) -> Callable[[str], int]:
    """An argument type: a whole number of ASCII digits from ``minimum`` to ``maximum``."""

    def read(text: str) -> int:
        value = whole_number(text, maximum)
        if value is None or value < minimum:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {minimum} to {maximum:,}, got {text[:40]!r}")
        return value

    return read


# Every whole number given on the command line is bounded (limits.py).
_positive = _number(1, MAX_COUNTERS)
_players = _number(1, MAX_PLAYERS)
_seed = _number(0, MAX_COUNTERS)


def _file_name(text: str) -> str:
    """An argument type: a file name, which an empty text is not (``Path("")`` is ``.``)."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got an empty text")
    return text


def _jobs(text: str) -> int:
    """An argument type: a number of worker processes, at most one per core.

    Each process costs its memory, and more processes than cores play no
    faster (``--jobs 400`` would start 401 processes).
    """
    from .play.simulate import available_cores

    cores = available_cores()
    value = whole_number(text, MAX_COUNTERS)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 1 to {cores}, got {text[:40]!r}")
    if value > cores:
        raise argparse.ArgumentTypeError(
            f"at most {cores} (the cores of this machine), got {value:,}")
    return value


# -- parser -----------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ambigu",
        description="Rules, hand evaluation and odds for the versions of Ambigu.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, handler: Callable[..., Any], help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("--json", action="store_true", help="print JSON")
        sub.set_defaults(handler=handler)
        return sub

    add("variants", cmd_variants, "list the built-in versions")
    variant_help = "a built-in version id (see 'ambigu variants') or a path to a YAML file"
    show = add("show", cmd_show, "print a version's resolved rules with their provenance")
    show.add_argument("variant", help=variant_help)
    evaluate = add("evaluate", cmd_evaluate, "name the best combination of a hand and its value")
    evaluate.add_argument("variant", help=variant_help)
    evaluate.add_argument("hand", help='four cards, e.g. "2S 3S 4S 9S" or "10♥ 9♦ 7♣ 6♠"')
    showdown = add("showdown", cmd_showdown,
                   "settle a showdown; hands in seat order from the dealer's right")
    showdown.add_argument("variant", help=variant_help)
    showdown.add_argument("hands", nargs="+", metavar="HAND", help="four cards per hand")
    odds = add("odds", cmd_odds, "exact odds of each combination over all four-card hands")
    odds.add_argument("variant", help=variant_help)
    simulate = add("simulate", cmd_simulate, "play many deals between bots and report")
    simulate.add_argument("variant", help=variant_help)
    simulate.add_argument("--hands", type=_positive, default=1000, help="deals to play")
    simulate.add_argument("--players", type=_players, default=4)
    simulate.add_argument("--seed", type=_seed, default=0)
    simulate.add_argument("--bots", choices=["random", "heuristic"], default="random")
    simulate.add_argument("--bank", type=_positive, default=200, help="each player's bank")
    simulate.add_argument("--limit", type=_positive, default=10, help="largest bet or raise")
    simulate.add_argument("--rebuy", action="store_true",
                          help="a player short of the antes buys his bank back in between deals "
                               "(by the version's rule, or by agreement where it has none), "
                               "so one bust does not break the table up")
    simulate.add_argument("--jobs", type=_jobs, default=None,
                          help="worker processes, from 1 to the number of cores of this "
                               "machine (default: that number, every core); the report is "
                               "the same for any number")
    play = add("play", cmd_play, "play in the terminal against bots")
    play.add_argument("variant", help=variant_help)
    play.add_argument("--players", type=_players, default=4)
    play.add_argument("--seed", type=_seed, default=0)
    play.add_argument("--bank", type=_positive, default=100)
    replay = add("replay", cmd_replay, "play a replay file and print the transcript")
    replay.add_argument("file", type=_file_name, metavar="FILE", help="a replay YAML file")
    validate = add("validate", cmd_validate, "check rule files and report every problem")
    validate.add_argument("files", type=_file_name, nargs="+", metavar="FILE")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Standard output is flushed here, before the exit status is known, so that
    a write that fails (a full disk: status 2, one line) is never first seen
    by Python's own flush at exit, which would print "Exception ignored".
    """
    try:
        try:
            return _run(argv)
        finally:
            flush(sys.stdout)
    except KeyboardInterrupt:
        if sys.stdout.isatty():
            try:  # end the prompt's line
                write_line(sys.stdout)
                flush(sys.stdout)
            except OutputError:
                pass
        _error("ambigu: interrupted")
        return INTERRUPTED
    except OutputError as error:
        return _output_failed(error)


def _output_failed(error: OutputError) -> int:
    """Say that the output could not be written, and make sure nothing more tries."""
    discard_output(sys.stdout)
    if error.closed_pipe:  # the reader has what it wanted, as `ambigu show foster | head`
        return 0
    _error(f"ambigu: cannot write the output: {error}")
    return USER_ERROR


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status = args.handler(args)
    except SourceError as error:  # a rule file's or a replay's: each line at its place
        for line in error.problems:
            _error(line)
        return USER_ERROR
    except AmbiguError as error:
        _error(f"ambigu: error: {error}")
        return USER_ERROR
    return int(status or 0)


if __name__ == "__main__":
    sys.exit(main())
