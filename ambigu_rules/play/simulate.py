"""Play many deals with bots and report what happened.

>>> report = simulate("foster", hands=20, players=3, seed=1)
>>> report.players, sum(report.banks) + report.on_table == 3 * report.initial_bank
(3, True)
>>> report = simulate("russian", hands=300, players=3, seed=1, initial_bank=10, rebuy=True)
>>> report.tables, report.rebuys > 0
(1, True)
>>> sum(report.banks) + report.on_table == 3 * 10 + sum(report.bought)
True
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..engine.events import (
    AnyEvent,
    BestHand,
    BettingEnded,
    CombinationHeld,
    HandShown,
    Redealt,
    Took,
)
from ..engine.game import Game
from ..hands.evaluator import evaluator_for
from ..limits import MAX_COUNTERS
from ..load.given import Version, ruleset_of
from ..rules.ruleset import Ruleset
from .bots import Bot, HeuristicBot, RandomBot

BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}


@dataclass
class SimulationReport:
    variant: str
    requested: int
    hands: int
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

    @property
    def seat_bought(self) -> list[int]:
        """Counters each seat bought back in (none without ``rebuy``)."""
        return self.bought or [0] * self.players

    @property
    def average_pot(self) -> float:
        return self.pot_total / self.pot_deals if self.pot_deals else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "hands": self.hands,
            "requested": self.requested,
            "players": self.players,
            "initial_bank": self.initial_bank,
            "banks": self.banks,
            "on_table": self.on_table,
            "net": [bank - self.initial_bank - bought
                    for bank, bought in zip(self.banks, self.seat_bought, strict=True)],
            "rebuy": self.rebuy,
            "rebuys": self.rebuys,
            "bought": self.seat_bought,
            "seed": self.seed,
            "bots": self.bots,
            "stopped_early": self.stopped_early,
            "tables": self.tables,
            "decisions": self.decisions,
            "average_pot": self.average_pot,
            "ended": dict(self.ended.most_common()),
            "combinations_shown": dict(self.shown.most_common()),
            "combinations_winning": dict(self.winning.most_common()),
        }


def _record_deal(report: SimulationReport, events: list[AnyEvent]) -> None:
    ending = "unfinished"
    pot = 0
    for event in events:
        match event:
            case BettingEnded() if event.result != "called":
                ending = f"{event.step}: {event.result.replace('_', ' ')}"
            case BestHand():
                ending = "showdown"
            case Redealt():
                ending = f"{event.step}: redeal"
            case HandShown() if event.combination:
                report.shown[event.combination] += 1
            case CombinationHeld():
                report.winning[event.combination or "-"] += 1
            case Took():
                pot += event.amount
    report.ended[ending] += 1
    if pot:
        report.pot_total += pot
        report.pot_deals += 1


#: Deals are played in blocks of this many; each block is independent work.
DEALS_PER_BLOCK = 1000


def table_seed(seed: int, block: int, table: int) -> int:
    """The seed of the ``table``-th table of a block: ``seed`` itself for the
    first table of the first block, otherwise 48 bits of a SHA-256 of
    ``"seed:block:table"``.

    >>> table_seed(7, 0, 0), table_seed(7, 0, 1) == table_seed(7, 0, 1) != table_seed(7, 1, 0)
    (7, True)
    """
    if block == 0 and table == 0:
        return seed
    digest = hashlib.sha256(f"{seed}:{block}:{table}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass(frozen=True)
class Settings:
    """What every block of a simulation shares."""

    rules: Ruleset
    players: int
    seed: int
    bots: str
    initial_bank: int
    limit: int | None
    rebuy: bool = False


def simulate(
    variant: Version,
    *,
    hands: int = 1000,
    players: int = 4,
    seed: int = 0,
    bots: str = "random",
    initial_bank: int = 200,
    limit: int | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    rebuy: bool = False,
) -> SimulationReport:
    """Play ``hands`` deals between bots and report what happened.

    ``variant`` is a built-in id, a path to a rule file or a ruleset.
    The deals are played in blocks of :data:`DEALS_PER_BLOCK`. Each block
    sits a fresh table down (every bank ``initial_bank``), and when a table
    breaks up (too few players can pay the antes) a fresh one takes its
    place; the tables of block ``b`` are seeded with :func:`table_seed`
    ``(seed, b, t)`` for ``t = 0, 1, …`` and each seat's bot with
    ``table seed × 1000 + seat``. So a block's play depends only on the seed and
    its number, and ``jobs`` processes give the same report as one.

    ``jobs`` is clamped to :func:`available_cores` (and to the number of
    blocks): since the report is the same for any number, more processes
    than cores would only cost memory (``jobs=400`` would start 400 of them),
    so they are never started, and asking for them is not an error.

    With ``rebuy`` a player who cannot pay the antes buys the initial bank
    back in between deals (more if he is in debt, but never so much that his
    bank passes :data:`~ambigu_rules.limits.MAX_COUNTERS`, which buying may
    not) — by the version's ``buy_back`` rule, or, where the
    version has none, by the table's agreement — so the table plays on
    instead of breaking up; ``rebuys`` counts the times a player bought back
    in and ``bought`` the counters each seat bought. A version that forbids
    buying back cannot be simulated so
    (:class:`~ambigu_rules.errors.GameSetupError`).

    ``banks`` are not banks any player held: each is the initial bank plus
    the seat's net over all tables (and what it bought), so over many tables
    it may be far above ``initial_bank`` or below zero; a bank at one table
    may pass the counter limit too, with counters won from the other players
    (only buying is bounded). ``on_table`` is what the tables left on the
    table. Only the figures of each
    deal are kept, never its events, so memory stays flat however many deals
    are played.
    """
    # A bad file fails here, before any work is shared out; the hand table is
    # compiled once, before the worker processes are forked.
    rules = ruleset_of(variant)
    evaluator_for(rules)
    if rebuy:  # refused here, before any work is shared out
        Game(rules, players=players, banks=initial_bank, limit=limit, buy_back_agreed=True)
    settings = Settings(rules, players, seed, bots, initial_bank, limit, rebuy)
    blocks = [(block, min(DEALS_PER_BLOCK, hands - block * DEALS_PER_BLOCK))
              for block in range(-(-hands // DEALS_PER_BLOCK))]
    named = rules.id if isinstance(variant, Ruleset) else os.fspath(variant)
    total = SimulationReport(named, hands, 0, players, initial_bank, [initial_bank] * players,
                             0, seed, bots, rebuy=rebuy, bought=[0] * players)
    # Closed explicitly, not left to the garbage collector: a Ctrl-C that lands
    # in this loop (between two blocks) must stop the worker processes before
    # the command exits, or they would play on holding its output open.
    with closing(_reports(settings, blocks, jobs)) as reports:
        for report in reports:
            _merge(total, report)
            if progress:
                progress(total.hands)
            if report.stopped_early:
                break
    return total


def available_cores() -> int:
    """The cores this process may run on: its CPU affinity where the system keeps
    one (a container or ``taskset`` may allow fewer than the machine has), else
    :func:`os.cpu_count`; at least 1."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:
            pass
    return os.cpu_count() or 1


def _reports(settings: Settings, blocks: list[tuple[int, int]],
             jobs: int) -> Generator[SimulationReport, None, None]:
    """The report of each block, in block order, from at most ``jobs`` processes,
    never more than the cores (:func:`available_cores`) or the blocks.

    The settings (the ruleset among them) reach each worker once, when it
    starts; a task is only a block's number and size, so that stopping the
    pool never waits on a large task half written to a worker.
    """
    workers = min(jobs, available_cores(), len(blocks))
    if workers <= 1:
        yield from (play_block(settings, *block) for block in blocks)
        return
    context = multiprocessing.get_context("fork" if "fork" in
                                          multiprocessing.get_all_start_methods() else None)
    pool = None
    try:
        # A Ctrl-C while the pool is being made would leave it half made, its
        # thread restarting the workers that the exit stops; it waits until
        # the pool is whole (and can be stopped) instead.
        with _interrupts_held():
            pool = context.Pool(workers, initializer=_start_worker, initargs=(settings,))
        yield from pool.imap(_play_block_of, blocks)
    finally:
        if pool is not None:  # also on Ctrl-C or an error: no worker outlives the call
            pool.terminate()
            pool.join()


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C (``SIGINT``) back for the time of the block, where the system
    allows it; it is raised as soon as the block ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


#: The settings of the simulation a worker process serves (set as it starts).
_WORKER_SETTINGS: list[Settings] = []


def _start_worker(settings: Settings) -> None:
    """Workers keep the simulation's settings and leave Ctrl-C to the parent,
    which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_SETTINGS[:] = [settings]


def _play_block_of(block: tuple[int, int]) -> SimulationReport:
    return play_block(_WORKER_SETTINGS[0], *block)


def play_block(settings: Settings, block: int, deals: int) -> SimulationReport:
    """Play ``deals`` deals of block number ``block``, table after table."""
    rules = settings.rules
    report = SimulationReport(rules.id, deals, 0, settings.players, settings.initial_bank,
                              [settings.initial_bank] * settings.players, 0, settings.seed,
                              settings.bots, rebuy=settings.rebuy,
                              bought=[0] * settings.players)
    table = 0
    while report.hands < deals:
        seed = table_seed(settings.seed, block, table)
        game = Game(rules, players=settings.players, seed=seed, banks=settings.initial_bank,
                    limit=settings.limit, buy_back_agreed=settings.rebuy)
        if not game.can_start_deal():
            report.stopped_early = "too few players can pay the antes at a fresh table"
            break
        table += 1
        seats: list[Bot] = [BOTS[settings.bots](seed * 1000 + s) for s in range(settings.players)]
        _play_table(game, seats, deals, report)
        report.banks = [bank + now - settings.initial_bank
                        for bank, now in zip(report.banks, game.table.banks, strict=True)]
        report.on_table += game.table.on_table
    report.tables = table
    return report


def _play_table(game: Game, seats: list[Bot], deals: int, report: SimulationReport) -> None:
    """Play at one table until the block has its deals or the table breaks up."""
    while report.hands < deals:
        if report.rebuy:
            _buy_back_in(game, report)
        if not game.can_start_deal():
            break
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            game.apply(seats[seat].choose(game.view(seat)))
            report.decisions += 1
        _record_deal(report, game.log)
        game.log.clear()  # a statistics run keeps its figures, not its transcript
        report.hands += 1


def _buy_back_in(game: Game, report: SimulationReport) -> None:
    """Each player short of the antes buys the initial bank back in (more if in debt),
    but never past :data:`~ambigu_rules.limits.MAX_COUNTERS`.

    A debt beyond the limit is bought off in several purchases, each of at most
    the limit (what one :meth:`~ambigu_rules.engine.game.Game.buy_back` takes);
    a bank already at the limit buys nothing, and the table breaks up if it
    still cannot pay the antes.
    """
    for seat in range(game.players):
        if game.short_of_antes(seat):
            bank = game.table.banks[seat]
            amount = min(max(report.initial_bank, report.initial_bank - bank),
                         MAX_COUNTERS - bank)
            if amount < 1:
                continue
            for part in range(0, amount, MAX_COUNTERS):
                game.buy_back(seat, min(MAX_COUNTERS, amount - part))
            report.rebuys += 1
            report.bought[seat] += amount


def _merge(total: SimulationReport, part: SimulationReport) -> None:
    """Add the figures of one block to the running total."""
    total.variant = part.variant
    total.hands += part.hands
    total.tables += part.tables
    total.banks = [bank + now - total.initial_bank
                   for bank, now in zip(total.banks, part.banks, strict=True)]
    total.on_table += part.on_table
    total.decisions += part.decisions
    total.rebuys += part.rebuys
    total.bought = [a + b for a, b in zip(total.bought, part.bought, strict=True)]
    total.pot_total += part.pot_total
    total.pot_deals += part.pot_deals
    total.ended.update(part.ended)
    total.shown.update(part.shown)
    total.winning.update(part.winning)
    total.stopped_early = total.stopped_early or part.stopped_early
