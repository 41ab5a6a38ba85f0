"""The report of a simulation, and reports of parts of one run merged into one.

A run of ``ambigu simulate`` is played in numbered blocks of deals, each
depending only on the run's settings and its number, so the run may be
split (``--blocks START:END``) across processes or machines. The report of
each part says which blocks it holds; :func:`merge_reports` adds the parts up
into exactly the report of the blocks they cover together, refusing parts of
different runs (another version, seed, table, bots, block size or program
version), parts that overlap and parts that leave a gap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from ..errors import ReportError
from ..limits import (
    MAX_COUNTERS,
    MAX_DECISIONS_PER_DEAL,
    MAX_ITEMS,
    MAX_NUMBER_LENGTH,
    MAX_PLAYERS,
    MAX_STEPS_PER_DEAL,
)
from .deal_records import DealSummary


@dataclass
class SimulationReport:
    """What a simulation, or the blocks ``blocks`` of one, came to: the run's
    settings, then its figures (see :func:`~ambigu_rules.play.simulate.simulate`)."""

    variant: str
    requested: int  # the deals of the whole run (all its blocks)
    hands: int  # the deals played (those of the blocks this report holds)
    players: int
    initial_bank: int
    banks: list[int]  # the initial bank plus each seat's net over all tables
    on_table: int
    seed: int
    bots: str
    stopped_early: str | None = None
    tables: int = 0  # tables that sat down: a new one replaces a table that broke up
    ended: Counter[str] = field(default_factory=Counter)
    shown: Counter[str] = field(default_factory=Counter)
    winning: Counter[str] = field(default_factory=Counter)
    pot_total: int = 0  # counters taken by winners, over the deals where any were
    pot_deals: int = 0
    decisions: int = 0
    rebuy: bool = False
    rebuys: int = 0  # times a player short of the antes bought counters back in
    bought: list[int] = field(default_factory=list)  # counters each seat bought
    limit: int | None = None
    block_size: int = 1000
    #: The blocks this report holds, ``start`` to ``end - 1``.
    blocks: tuple[int, int] = (0, 0)
    #: A fingerprint of the ruleset played, and the version of the program.
    rules_digest: str = ""
    program_version: str = ""

    @property
    def seat_bought(self) -> list[int]:
        """Counters each seat bought back in (none without ``rebuy``)."""
        return self.bought or [0] * self.players

    @property
    def average_pot(self) -> float:
        return self.pot_total / self.pot_deals if self.pot_deals else 0.0

    @property
    def run_blocks(self) -> int:
        """The number of blocks of the whole run."""
        return -(-self.requested // self.block_size)

    def count_deal(self, deal: DealSummary) -> None:
        """Add one deal's figures (but not its seats' banks: those are the table's)."""
        self.ended[deal.ending] += 1
        for combination in deal.shown:
            if combination:
                self.shown[combination] += 1
        for combination, _, _ in deal.winning:
            self.winning[combination] += 1
        if deal.pot:
            self.pot_total += deal.pot
            self.pot_deals += 1

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "hands": self.hands,
            "requested": self.requested,
            "players": self.players,
            "initial_bank": self.initial_bank,
            "limit": self.limit,
            "banks": self.banks,
            "on_table": self.on_table,
            "net": [bank - self.initial_bank - bought
                    for bank, bought in zip(self.banks, self.seat_bought, strict=True)],
            "rebuy": self.rebuy,
            "rebuys": self.rebuys,
            "bought": self.seat_bought,
            "seed": self.seed,
            "bots": self.bots,
            "block_size": self.block_size,
            "blocks": list(self.blocks),
            "rules_digest": self.rules_digest,
            "program_version": self.program_version,
            "stopped_early": self.stopped_early,
            "tables": self.tables,
            "decisions": self.decisions,
            "pot_total": self.pot_total,
            "pot_deals": self.pot_deals,
            "average_pot": self.average_pot,
            "ended": dict(ranked(self.ended)),
            "combinations_shown": dict(ranked(self.shown)),
            "combinations_winning": dict(ranked(self.winning)),
        }


def ranked(counts: Counter[str]) -> list[tuple[str, int]]:
    """The counts, most first, equal counts by name (so that the order is the same
    however the counts were added up).

    >>> ranked(Counter({"b": 1, "c": 2, "a": 1}))
    [('c', 2), ('a', 1), ('b', 1)]
    """
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def add_report(total: SimulationReport, part: SimulationReport) -> None:
    """Add the figures of ``part`` (the blocks that follow ``total``'s) to ``total``."""
    total.variant = part.variant
    total.hands += part.hands
    total.tables += part.tables
    total.banks = [bank + now - total.initial_bank
                   for bank, now in zip(total.banks, part.banks, strict=True)]
    total.on_table += part.on_table
    total.decisions += part.decisions
    total.rebuys += part.rebuys
    total.bought = [a + b for a, b in zip(total.seat_bought, part.seat_bought, strict=True)]
    total.pot_total += part.pot_total
    total.pot_deals += part.pot_deals
    total.ended.update(part.ended)
    total.shown.update(part.shown)
    total.winning.update(part.winning)
    total.stopped_early = total.stopped_early or part.stopped_early



#: The settings that make a run: reports merge only when all of them agree.
RUN_SETTINGS = ("program_version", "variant", "rules_digest", "requested", "players",
                "initial_bank", "limit", "rebuy", "seed", "bots", "block_size")


def merge_reports(reports: Sequence[tuple[str, SimulationReport]]) -> SimulationReport:
    """The report of the blocks that ``reports`` (each with the name it is known by)
    hold together: refused (:class:`ReportError`) unless they are parts of one
    run, none overlapping another, with no block missing between them.
    """
    if not reports:
        raise ReportError("no report to merge")
    first_name, first = reports[0]
    for name, report in reports[1:]:
        for setting in RUN_SETTINGS:
            mine, theirs = getattr(report, setting), getattr(first, setting)
            if mine != theirs:
                raise ReportError(f"{name}: {setting} {_shown(mine)}, not {_shown(theirs)} "
                                  f"as in {first_name}: the reports are not of one run")
    ordered = sorted(reports, key=lambda named: named[1].blocks)
    for (before_name, before), (name, report) in pairwise(ordered):
        (_, end), (start, _) = before.blocks, report.blocks
        if start < end:
            raise ReportError(f"{name}: blocks {_span(report.blocks)} overlap blocks "
                              f"{_span(before.blocks)} of {before_name}")
        if start > end:
            raise ReportError(f"blocks {end}:{start} are missing between {before_name} "
                              f"(blocks {_span(before.blocks)}) and {name} "
                              f"(blocks {_span(report.blocks)})")
    _, start_report = ordered[0]
    total = SimulationReport(
        start_report.variant, first.requested, 0, first.players, first.initial_bank,
        [first.initial_bank] * first.players, 0, first.seed, first.bots,
        rebuy=first.rebuy, bought=[0] * first.players, limit=first.limit,
        block_size=first.block_size, blocks=(ordered[0][1].blocks[0], ordered[-1][1].blocks[1]),
        rules_digest=first.rules_digest, program_version=first.program_version)
    for _, report in ordered:
        add_report(total, report)
    return total


def _shown(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)


def _span(blocks: tuple[int, int]) -> str:
    return f"{blocks[0]}:{blocks[1]}"


# -- reading a report back ---------------------------------------------------------


def report_from_json(data: object) -> SimulationReport:
    """The report that :meth:`SimulationReport.to_json` wrote; a value missing or
    of the wrong kind is a :class:`ReportError` naming its key.

    The figures that :meth:`~SimulationReport.to_json` works out from others
    (``net``, ``average_pot``) are not read back. The others are checked against
    each other (:func:`check_figures`): a report no run can give is refused.
    """
    if not isinstance(data, dict):
        raise ReportError("not a simulation report (expected a JSON object)")
    _refuse_long_numbers(data)
    read = _Reader(data)
    players = read.whole("players", 2, MAX_PLAYERS, what="players a table may seat")
    report = SimulationReport(
        variant=read.text("variant"),
        requested=read.whole("requested", 1, MAX_COUNTERS, what="deals a run may ask for"),
        hands=read.whole("hands"), players=players,
        initial_bank=read.whole("initial_bank", 0, MAX_COUNTERS, what="counters of a bank"),
        banks=read.numbers("banks", players), on_table=read.whole("on_table"),
        seed=read.whole("seed"), bots=read.text("bots"),
        stopped_early=read.text("stopped_early", none=True) or None,
        tables=read.whole("tables"), ended=read.counts("ended"),
        shown=read.counts("combinations_shown"), winning=read.counts("combinations_winning"),
        pot_total=read.whole("pot_total"), pot_deals=read.whole("pot_deals"),
        decisions=read.whole("decisions"), rebuy=read.flag("rebuy"),
        rebuys=read.whole("rebuys"), bought=read.numbers("bought", players, minimum=0),
        limit=read.whole("limit", 1, MAX_COUNTERS, none=True, what="counters of a limit"),
        block_size=read.whole("block_size", 1),
        blocks=read.blocks(), rules_digest=read.text("rules_digest"),
        program_version=read.text("program_version"))
    start, end = report.blocks
    if end > report.run_blocks:
        raise ReportError(f"blocks: {start}:{end} past the {report.run_blocks} blocks of a run "
                          f"of {report.requested} deals in blocks of {report.block_size}")
    check_figures(report)
    return report


def check_figures(report: SimulationReport) -> None:
    """Refuse (:class:`ReportError`, naming the figure) figures that no run gives: the
    deals its blocks hold, counts each bounded by the deals, ways of ending adding up
    to the deals, counters conserved, no figure past what the deals can come to."""
    start, end = report.blocks
    size, hands, players = report.block_size, report.hands, report.players
    deals = min(end * size, report.requested) - start * size
    if hands > deals or (hands < deals and report.stopped_early is None):
        raise ReportError(f"hands: {hands:,} deals, but blocks {start}:{end} of a run of "
                          f"{report.requested:,} deals in blocks of {size:,} hold {deals:,}"
                          + ("" if hands > deals else " (and the run did not stop early)"))
    ended = sum(report.ended.values())
    if ended != hands:
        raise ReportError(f"ended: the ways deals ended count {ended:,} deals, not the "
                          f"{hands:,} of hands")
    _at_most("tables", report.tables, hands, f"the {hands:,} deals (a table plays one at least)")
    if hands and not report.tables:
        raise ReportError(f"tables: none, but {hands:,} deals were played")
    _at_most("pot_deals", report.pot_deals, hands, f"the {hands:,} deals")
    _at_most("decisions", report.decisions, hands * MAX_DECISIONS_PER_DEAL,
             f"{hands:,} deals take (at most {MAX_DECISIONS_PER_DEAL:,} each)")
    shown = hands * players * MAX_STEPS_PER_DEAL  # each player at each showdown run
    _at_most("combinations_shown", sum(report.shown.values()), shown,
             f"{hands:,} deals can show")
    _at_most("combinations_winning", sum(report.winning.values()), shown * MAX_ITEMS,
             f"{hands:,} deals can pay")
    _check_counters(report)


#: The most counters one deal can owe in debts: the payments of each effect of an
#: outcome (at most ``MAX_ITEMS``) at each step it runs, each from every player to
#: every player, each of at most ``MAX_COUNTERS``. A winner's bank, a pot and what is
#: bought back grow past the counters the players brought by no more.
DEBTS_PER_DEAL = MAX_PLAYERS * MAX_PLAYERS * MAX_COUNTERS * MAX_ITEMS * MAX_STEPS_PER_DEAL


def _check_counters(report: SimulationReport) -> None:
    """The counters: bought back only with rebuys, conserved, within what the deals give."""
    hands, players, bank = report.hands, report.players, report.initial_bank
    bought = report.seat_bought
    if not report.rebuy and (report.rebuys or any(bought)):
        raise ReportError("rebuys: counters bought back in a run without rebuys")
    # Players short of the antes buy back before each deal, and once more before a table
    # breaks up.
    _at_most("rebuys", report.rebuys, (hands + report.tables) * players,
             f"one a player before each deal or break-up ({hands:,} deals, {report.tables:,} "
             f"tables, {players} players)")
    debts = hands * DEBTS_PER_DEAL
    if sum(bought) < report.rebuys:
        raise ReportError(f"bought: {sum(bought):,} counters in {report.rebuys:,} rebuys "
                          "(a rebuy buys 1 counter at least)")
    _at_most("bought", sum(bought), report.rebuys * (MAX_COUNTERS + debts),
             f"{report.rebuys:,} rebuys can buy (each up to {MAX_COUNTERS:,} and the debts "
             "of the deals)")
    brought = players * bank + sum(bought)
    held = sum(report.banks) + report.on_table
    if held != brought:
        raise ReportError(f"banks: the banks and what is on the table come to {held:,} "
                          f"counters, not the {brought:,} the players brought ({players} × "
                          f"{bank:,}, and {sum(bought):,} bought)")
    most = players * bank * report.tables + sum(bought) + debts
    _at_most("on_table", report.on_table, most, f"{hands:,} deals can leave there")
    for seat, seat_bank in enumerate(report.banks):
        if abs(seat_bank - bank) > most:
            raise ReportError(f"banks: seat {seat + 1}'s bank {seat_bank:,} is further from "
                              f"{bank:,} than {hands:,} deals can take it")
    if report.pot_total < report.pot_deals or report.pot_total > report.pot_deals * most:
        raise ReportError(f"pot_total: {report.pot_total:,} counters in the pots of "
                          f"{report.pot_deals:,} deals (each at least 1, and at most what the "
                          "table holds)")


def _at_most(key: str, value: int, most: int, bound: str) -> None:
    """Refuse ``value`` of ``key`` if it is more than ``most``, which ``bound`` says."""
    if value > most:
        raise ReportError(f"{key}: {value:,}, more than {bound}")


@dataclass(frozen=True)
class LongNumber:
    """A number of a report's JSON text longer than any report holds (more than
    :data:`~ambigu_rules.limits.MAX_NUMBER_LENGTH` digits): only its length is kept."""

    digits: int


def _refuse_long_numbers(data: dict[str, Any]) -> None:
    """Refuse a number too long for a report (a :class:`LongNumber`), naming the key
    that holds it, however deep (the values are walked without recursion)."""
    for key, value in data.items():
        todo = [value]
        while todo:
            item = todo.pop()
            if isinstance(item, LongNumber):
                raise ReportError(f"{shown_key(key)}: a number of {item.digits:,} digits (a "
                                  f"report's numbers have at most {MAX_NUMBER_LENGTH})")
            if isinstance(item, dict):
                todo += item.values()
            elif isinstance(item, list):
                todo += item


def shown_key(key: str) -> str:
    """A key of a report as a message names it: cut short if long."""
    return key if len(key) <= 40 else repr(key[:37] + "...")


class _Reader:
    """Reads the values of one report, each checked, a wrong one named by its key."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise ReportError(f"not a simulation report: no key '{key}'")
        return self.data[key]

    def _wrong(self, key: str, expected: str) -> ReportError:
        return ReportError(f"{key}: expected {expected}")

    def whole(self, key: str, minimum: int = 0, maximum: int | None = None, *,
              none: bool = False, what: str = "") -> Any:
        value = self._get(key)
        if value is None and none:
            return None
        if type(value) is not int or value < minimum:
            raise self._wrong(key, f"a whole number of at least {minimum}"
                                   + (" or null" if none else ""))
        if maximum is not None and value > maximum:
            raise ReportError(f"{key}: {value:,}, more than the {maximum:,} {what}")
        return value

    def text(self, key: str, *, none: bool = False) -> Any:
        value = self._get(key)
        if value is None and none:
            return None
        if not isinstance(value, str):
            raise self._wrong(key, "a text" + (" or null" if none else ""))
        return value

    def flag(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise self._wrong(key, "true or false")
        return value

    def numbers(self, key: str, count: int, minimum: int | None = None) -> list[int]:
        value = self._get(key)
        if (not isinstance(value, list) or len(value) != count
                or any(type(item) is not int or (minimum is not None and item < minimum)
                       for item in value)):
            raise self._wrong(key, f"a list of {count} whole numbers")
        return list(value)

    def counts(self, key: str) -> Counter[str]:
        value = self._get(key)
        if not isinstance(value, dict) or any(type(count) is not int or count < 0
                                              for count in value.values()):
            raise self._wrong(key, "an object of counts")
        return Counter(value)

    def blocks(self) -> tuple[int, int]:
        value = self._get("blocks")
        if (not isinstance(value, list) or len(value) != 2
                or any(type(item) is not int or item < 0 for item in value)
                or value[0] >= value[1]):
            raise self._wrong("blocks", "[START, END], whole numbers with START < END")
        return value[0], value[1]
