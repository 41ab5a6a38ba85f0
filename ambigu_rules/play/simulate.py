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

import copy
import hashlib
import json
import os
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Executor, Future
from contextlib import closing, nullcontext
from dataclasses import dataclass
from typing import cast

from ..engine.game import Game
from ..errors import GameSetupError
from ..hands.evaluator import evaluator_for
from ..limits import MAX_COUNTERS
from ..load.given import Version, ruleset_of
from ..rules.common import played_parts
from ..rules.ruleset import Ruleset
from ..version import __version__
from .bot_names import BOTS as BOTS
from .bots import Bot
from .deal_records import RecordsFile, deal_record, files_read, summarize_deal
from .simulate_arguments import check_bots, check_hands
from .simulate_pool import in_worker_processes
from .simulation_report import SimulationReport as SimulationReport  # re-exported
from .simulation_report import add_report

#: A seat's bot: a name of :data:`BOTS`, a factory called with the seat's seed
#: that makes a fresh bot for every table (a bot class, for one, or
#: ``functools.partial(HeuristicBot, boldness=0.2)`` for a class and its
#: arguments), or a bot itself (any object with ``choose(view) -> Action``), of
#: which every table is given a fresh copy.
BotChoice = str | Callable[[int], Bot] | Bot


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
    """What every block of a simulation shares: plain values that pickle (the
    ruleset, numbers, each seat's bot), so that a block can be played in another
    process or on another machine."""

    rules: Ruleset
    players: int
    seed: int
    bots: tuple[BotChoice, ...]
    initial_bank: int
    limit: int | None
    rebuy: bool = False
    #: Whether each block also returns the JSON Lines record of each deal.
    records: bool = False


@dataclass(frozen=True)
class BlockTask:
    """One block to play: the run's settings, the block's number and its deals."""

    settings: Settings
    block: int
    deals: int


@dataclass(frozen=True)
class BlockResult:
    """What a block came to: its report, and its deals' records if they were asked."""

    report: SimulationReport
    records: tuple[str, ...] = ()


def seat_bots(bots: str | Sequence[BotChoice], players: int) -> tuple[BotChoice, ...]:
    """Each seat's bot: ``bots`` is one choice for every seat, or one per seat, given
    as names separated by commas (``"heuristic,random,random"``) or as a sequence
    of names, bot factories and bots (:data:`BotChoice`).

    >>> seat_bots("heuristic,random", 2)
    ('heuristic', 'random')
    >>> seat_bots("random", 3)
    ('random', 'random', 'random')
    >>> seat_bots("bob", 2)
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.GameSetupError: unknown bot 'bob' (the bots are: expert, heuristic, random)
    """
    choices: tuple[BotChoice, ...] = (tuple(name.strip() for name in bots.split(","))
                                      if isinstance(bots, str) else tuple(bots))
    for choice in choices:
        if isinstance(choice, str) and choice not in BOTS:
            raise GameSetupError(f"unknown bot {choice[:40]!r} (the bots are: "
                                 f"{', '.join(sorted(BOTS))})")
        if not isinstance(choice, str) and not callable(choice) and not hasattr(choice, "choose"):
            raise GameSetupError(f"a bot is a name, a factory or an object with choose(view); "
                                 f"got {type(choice).__name__}")
    if len(choices) == 1:
        choices *= players
    elif len(choices) != players:
        raise GameSetupError(f"bots: {len(choices)} given for {players} players; give one "
                             f"for every seat, or one for each")
    return tuple(_copied(choice, seat) if _is_bot_object(choice) else choice
                 for seat, choice in enumerate(choices))


def _is_bot_object(choice: BotChoice) -> bool:
    """Whether ``choice`` is a bot itself (not a name, nor a factory such as a class)."""
    return not isinstance(choice, str | type) and hasattr(choice, "choose")


def _copied(bot: BotChoice, seat: int) -> BotChoice:
    """A copy of a bot given as an object, as it is now: what every table of the run
    starts from, whatever the object does later. One that cannot be copied is refused.

    A bot object that played on from table to table would carry what it did at
    one table to the next, so the report would depend on which tables one process
    plays after which (``jobs``, the executor) and on the runs it played before.
    """
    try:
        copied: BotChoice = copy.deepcopy(bot)
        return copied
    except Exception as error:
        raise GameSetupError(
            f"bots: the {type(bot).__name__[:40]} object of seat {seat + 1} cannot be "
            f"copied for each table ({type(error).__name__}: {str(error)[:80]}); give its "
            f"class, or a factory called with the seat's seed") from None


def bots_name(choices: Sequence[BotChoice]) -> str:
    """How a report names the bots: one name when every seat has the same, else each
    seat's, separated by commas; a bot given as a factory or an object is named by
    its class (or function)."""
    names = [choice if isinstance(choice, str)
             else getattr(choice, "__name__", None) or type(choice).__name__
             for choice in choices]
    return names[0] if len(set(names)) == 1 else ",".join(names)


def _seated(choice: BotChoice, seed: int) -> Bot:
    """The bot that plays a seat at a table, from its choice and the seat's seed: a
    bot given as an object is copied afresh (:func:`seat_bots` took a copy of it)."""
    if isinstance(choice, str):
        return BOTS[choice](seed)
    if _is_bot_object(choice):
        return cast(Bot, copy.deepcopy(choice))
    return cast("Callable[[int], Bot]", choice)(seed)


def rules_fingerprint(rules: Ruleset) -> str:
    """16 hex digits of a SHA-256 of the whole ruleset: runs of other rules do not merge."""
    return hashlib.sha256(rules.model_dump_json().encode()).hexdigest()[:16]


def play_fingerprint(rules: Ruleset) -> str:
    """16 hex digits of a SHA-256 of what is played (see
    :func:`~ambigu_rules.rules.common.played_parts`),
    without the version's own id): versions equal in it play deal for deal alike
    from the same seed, whatever their names, notes and sources say.

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> play_fingerprint(load_ruleset("1659")) == play_fingerprint(load_ruleset("1730"))
    True
    >>> play_fingerprint(load_ruleset("foster")) == play_fingerprint(load_ruleset("1730"))
    False
    """
    played = played_parts(rules)
    played.pop("id", None)
    dump = json.dumps(played, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(dump.encode("utf-8")).hexdigest()[:16]


def simulate(
    variant: Version,
    *,
    hands: int = 1000,
    players: int = 4,
    seed: int = 0,
    bots: str | Sequence[BotChoice] = "random",
    initial_bank: int = 200,
    limit: int | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    rebuy: bool = False,
    block_size: int | None = None,
    blocks: tuple[int, int] | None = None,
    deals_out: str | os.PathLike[str] | RecordsFile | None = None,
    executor: Executor | None = None,
) -> SimulationReport:
    """Play ``hands`` deals between bots and report what happened.

    ``variant`` is a built-in id, a path to a rule file or a ruleset.
    The deals are played in blocks of ``block_size`` (by default
    :data:`DEALS_PER_BLOCK`). Each block
    sits a fresh table down (every bank ``initial_bank``), and when a table
    breaks up (too few players can pay the antes) a fresh one takes its
    place; the tables of block ``b`` are seeded with :func:`table_seed`
    ``(seed, b, t)`` for ``t = 0, 1, …`` and each seat's bot with
    ``table seed × 1000 + seat``. So a block's play depends only on the seed and
    its number, and ``jobs`` processes give the same report as one.

    ``bots`` gives each seat its bot (:func:`seat_bots`): a name (``"random"``,
    ``"heuristic"``), names separated by commas, one per seat, or a sequence
    of names, factories and bots. A bot is any object with a method
    ``choose(view) -> Action`` that returns one of ``view.legal``; it sees only
    its seat's view. A factory (a bot class, say, or
    ``functools.partial(HeuristicBot, boldness=0.2)``) is called with the seat's
    seed for every table, and must make its bot from that seed alone. A bot given
    itself is copied (:func:`copy.deepcopy`) when the call begins, and every table
    plays a fresh copy of that copy: what it does at one table never reaches
    another, nor the object given, so any ``jobs`` and any executor give the
    report of one process; an object that cannot be copied is refused.

    ``blocks=(start, end)`` plays only blocks ``start`` to ``end - 1`` of the
    run the other arguments define: the reports of the parts of a run merge
    (:func:`~ambigu_rules.play.simulation_report.merge_reports`) into exactly
    the report of the whole run.

    ``deals_out`` names a file that receives one line of JSON per deal
    (:func:`~ambigu_rules.play.deal_records.deal_record`), in the order of the
    blocks; it is written to a temporary file beside it (beside the file a
    symbolic link points to) and renamed when the run ends well
    (:class:`~ambigu_rules.play.deal_records.RecordsFile`). A path that cannot
    be written, a read-only file, and a file the run reads (its rule file, one
    it extends, a built-in one) are refused before any deal is played
    (:class:`~ambigu_rules.errors.RecordsFileError`). ``deals_out`` may be a
    :class:`~ambigu_rules.play.deal_records.RecordsFile` already open (inside
    its ``with`` block): the deals are written to it, and the caller's leaving
    the block puts the file in place.

    ``jobs`` is clamped to :func:`available_cores` (and to the number of
    blocks): since the report is the same for any number, more processes
    than cores would only cost memory (``jobs=400`` would start 400 of them),
    so they are never started, and asking for them is not an error.

    ``executor``, any :class:`concurrent.futures.Executor` (a thread or process
    pool, or the executor of a cluster such as Dask's ``Client.get_executor()``),
    plays the blocks instead of ``jobs`` processes: each is submitted as
    :func:`play_block_task` of a :class:`BlockTask`, at most
    :data:`EXECUTOR_WINDOW` at a time, and the results are added up in block
    order, so the report is the one a single process gives. Bots given as
    factories or objects must then pickle, for an executor in other processes.

    A worker process that dies (killed by the system for want of memory, by a
    signal, or by a bot that ends its process) stops the run at once with
    :class:`~ambigu_rules.errors.WorkerDiedError`, naming the block it was
    playing; the blocks are planned as they are handed out, so a run of a
    billion blocks of one deal takes no more memory than a short one.

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
    check_hands(hands)
    check_bots(bots)
    size = DEALS_PER_BLOCK if block_size is None else block_size
    if size < 1:
        raise GameSetupError(f"block_size: expected at least 1, got {size}")
    choices = seat_bots(bots, players)
    run_blocks = -(-hands // size)
    start, end = (0, run_blocks) if blocks is None else blocks
    if blocks is not None and not 0 <= start < end <= run_blocks:
        raise GameSetupError(f"blocks {start}:{end}: a run of {hands:,} deals in blocks of "
                             f"{size:,} has blocks 0:{run_blocks}")
    owned = (None if deals_out is None or isinstance(deals_out, RecordsFile)
             else RecordsFile(deals_out))
    records = owned or (deals_out if isinstance(deals_out, RecordsFile) else None)
    with owned if owned is not None else nullcontext():
        # A bad file fails here, before any work is shared out; the hand table is
        # compiled once, before the worker processes are forked.
        rules = ruleset_of(variant)
        if records is not None:
            records.refuse_same(files_read(variant), "it is '{}', a file this run reads")
        evaluator_for(rules)
        if rebuy:  # refused here, before any work is shared out
            Game(rules, players=players, banks=initial_bank, limit=limit, buy_back_agreed=True)
        settings = Settings(rules, players, seed, choices, initial_bank, limit, rebuy,
                            records is not None)
        work = ((block, min(size, hands - block * size)) for block in range(start, end))
        named = rules.id if isinstance(variant, Ruleset) else os.fspath(variant)
        total = SimulationReport(named, hands, 0, players, initial_bank,
                                 [initial_bank] * players, 0, seed, bots_name(choices),
                                 rebuy=rebuy, bought=[0] * players, limit=limit,
                                 block_size=size, blocks=(start, end),
                                 rules_digest=rules_fingerprint(rules),
                                 program_version=__version__)
        # Closed explicitly, not left to the garbage collector: a Ctrl-C that lands
        # in this loop (between two blocks) must stop the worker processes before
        # the command exits, or they would play on holding its output open.
        with closing(_results(settings, work, min(jobs, end - start), executor)) as results:
            for result in results:
                add_report(total, result.report)
                if records is not None:
                    records.write(result.records)
                if progress:
                    progress(total.hands)
                if result.report.stopped_early:
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


#: At most this many blocks wait in an executor at a time (so that a run of a
#: million blocks does not hold a million futures).
EXECUTOR_WINDOW = 256


def _results(settings: Settings, blocks: Iterator[tuple[int, int]], jobs: int,
             executor: Executor | None) -> Generator[BlockResult, None, None]:
    """The result of each block, in block order: from ``executor`` when one is
    given, else from at most ``jobs`` processes (already no more than the blocks),
    never more than the cores (:func:`available_cores`)
    (:func:`~ambigu_rules.play.simulate_pool.in_worker_processes`).
    """
    if executor is not None:
        yield from _executed(executor, settings, blocks)
        return
    workers = min(jobs, available_cores())
    if workers <= 1:
        yield from (_play(settings, *block) for block in blocks)
        return
    yield from in_worker_processes(_play, settings, blocks, workers)


def _executed(executor: Executor, settings: Settings,
              blocks: Iterator[tuple[int, int]]) -> Generator[BlockResult, None, None]:
    """The result of each block played by ``executor``, in block order; the blocks
    not yet begun are cancelled when the run stops (an error, Ctrl-C, a table
    that cannot sit down)."""
    pending: deque[Future[BlockResult]] = deque()
    try:
        for block, deals in blocks:
            pending.append(executor.submit(play_block_task, BlockTask(settings, block, deals)))
            if len(pending) >= EXECUTOR_WINDOW:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def play_block_task(task: BlockTask) -> BlockResult:
    """Play one block of a run: what an executor is given to run
    (:func:`simulate`'s ``executor``). A module-level function of plain
    values, so that it pickles to another process or machine."""
    return _play(task.settings, task.block, task.deals)


def play_block(settings: Settings, block: int, deals: int) -> SimulationReport:
    """Play ``deals`` deals of block number ``block``, table after table."""
    return _play(settings, block, deals).report


def _play(settings: Settings, block: int, deals: int) -> BlockResult:
    """Play a block: its report, and the record of each deal if the settings ask."""
    rules = settings.rules
    report = SimulationReport(rules.id, deals, 0, settings.players, settings.initial_bank,
                              [settings.initial_bank] * settings.players, 0, settings.seed,
                              bots_name(settings.bots), rebuy=settings.rebuy,
                              bought=[0] * settings.players, limit=settings.limit,
                              blocks=(block, block + 1))
    records: list[str] | None = [] if settings.records else None
    table = 0
    while report.hands < deals:
        seed = table_seed(settings.seed, block, table)
        game = Game(rules, players=settings.players, seed=seed, banks=settings.initial_bank,
                    limit=settings.limit, buy_back_agreed=settings.rebuy)
        if not game.can_start_deal():
            report.stopped_early = "too few players can pay the antes at a fresh table"
            break
        seats = [_seated(choice, seed * 1000 + s) for s, choice in enumerate(settings.bots)]
        _play_table(game, seats, deals, report, records, (block, table))
        table += 1
        report.banks = [bank + now - settings.initial_bank
                        for bank, now in zip(report.banks, game.table.banks, strict=True)]
        report.on_table += game.table.on_table
    report.tables = table
    return BlockResult(report, tuple(records or ()))


def _play_table(game: Game, seats: list[Bot], deals: int, report: SimulationReport,
                records: list[str] | None, where: tuple[int, int]) -> None:
    """Play at one table until the block has its deals or the table breaks up;
    with ``records``, add each deal's line to them (``where``: block and table)."""
    while report.hands < deals:
        if report.rebuy:
            _buy_back_in(game, report)
        if not game.can_start_deal():
            break
        before = list(game.table.banks) if records is not None else []
        decisions = report.decisions
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            game.apply(seats[seat].choose(game.view(seat)))
            report.decisions += 1
        deal = summarize_deal(game.log)
        report.count_deal(deal)
        if records is not None:
            net = [now - then for now, then in zip(game.table.banks, before, strict=True)]
            records.append(deal_record(deal, block=where[0], table=where[1], net=net,
                                       on_table=game.table.on_table,
                                       decisions=report.decisions - decisions))
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
