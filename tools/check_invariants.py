"""Play many random deals of every version and check the interpreter's invariants.

Every player is a :class:`~ambigu_rules.play.bots.RandomBot`. After every action
and at the end of every deal the checker verifies:

* ``counters``: the table conserves counters (``game.table.conserved()``);
* ``cards``: the hands, the stock and the discards of the deal hold every
  card of the deck exactly once (none duplicated, none lost);
* ``no-action``: before the deal ends, the player to act has at least one
  legal action; after it ends, nobody is to act;
* ``to-act-out``: the player to act was dealt in and has not left the deal;
* ``termination``: a deal ends within ``--max-actions`` decisions;
* ``bets-left``: at the end of a deal no bet is left in front of a player;
* ``debt``: a bank goes below zero only in a version whose shortfall rule
  is ``debt``;
* ``crash``: no exception while starting a deal or applying a legal action;
* ``replay``: on a sample of sessions (``--replay-every``), playing the
  same seeds again gives the same transcript (every event's JSON).

A session is a ``Game`` with its own seed (banks of ``--banks`` counters).
When it cannot deal any more (too few players can pay the antes), or after
``--session-deals`` deals, a new session starts with a new seed, so each
version plays exactly ``--deals`` deals. Each violation is reported with
what reproduces it: the version, the session's seed, the bots' seeds, the
deal's number in the session and the actions of that deal.

Exit status: 0 if no violation, 1 otherwise.

Usage: python tools/check_invariants.py [--deals N] [--players P] [--seed S]
       [--versions ID ...] [--jobs J]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field

from ambigu_rules.engine import Game
from ambigu_rules.engine.invariants import breaches
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import RandomBot

KEEP_PER_KIND = 3  # violations kept in full per kind and version (all are counted)


@dataclass
class Options:
    deals: int
    players: int
    seed: int
    banks: int
    max_actions: int
    session_deals: int
    replay_every: int


@dataclass
class Violation:
    kind: str
    message: str
    version: str
    players: int
    banks: int
    session_seed: int
    bot_seeds: list[int]
    deal: int  # number of the deal in its session, from 1
    action_index: int | None  # decisions of that deal before the fault
    actions: list[str]  # the deal's decisions so far, "seat: action"

    def repro(self) -> str:
        lines = [
            f"[{self.kind}] {self.version}: {self.message}",
            f"  repro: Game(load_ruleset({self.version!r}), players={self.players}, "
            f"seed={self.session_seed}, "
            f"banks={self.banks}); bots = [RandomBot(s) for s in {self.bot_seeds}] (one per "
            f"seat); play deal {self.deal} of the session"
            + (f", fault at decision {self.action_index}" if self.action_index is not None
               else ""),
        ]
        if self.actions:
            shown = self.actions if len(self.actions) <= 40 else \
                [*self.actions[:20], "...", *self.actions[-20:]]
            lines.append("  actions of that deal: " + "; ".join(shown))
        return "\n".join(lines)


@dataclass
class Summary:
    version: str
    deals: int = 0
    actions: int = 0
    sessions: int = 0
    replays: int = 0
    seconds: float = 0.0
    counts: Counter[str] = field(default_factory=Counter)
    kept: list[Violation] = field(default_factory=list)

    @property
    def violations(self) -> int:
        return sum(self.counts.values())


class SessionBroken(Exception):
    """Stop this session (after a crash or a deal that does not end)."""


class Checker:
    """Plays the sessions of one version and records violations."""

    def __init__(self, version: str, options: Options) -> None:
        self.version = version
        self.o = options
        self.summary = Summary(version)
        self.deal_actions: list[str] = []
        self.session_seed = 0
        self.bot_seeds: list[int] = []
        self.deal_number = 0

    # -- recording ---------------------------------------------------------------

    def violation(self, kind: str, message: str, action_index: int | None = None) -> None:
        self.summary.counts[kind] += 1
        if sum(1 for v in self.summary.kept if v.kind == kind) < KEEP_PER_KIND:
            self.summary.kept.append(Violation(
                kind, message, self.version, self.o.players, self.o.banks, self.session_seed,
                list(self.bot_seeds), self.deal_number, action_index, list(self.deal_actions)))

    # -- the checks ----------------------------------------------------------------

    def check_state(self, game: Game, where: str, index: int | None) -> None:
        """Record every invariant of :mod:`ambigu_rules.engine.invariants` that fails."""
        for breach in breaches(game):
            self.violation(breach.kind, f"{where}: {breach.message}", index)

    def check_end(self, game: Game) -> None:
        self.check_state(game, "end of deal", None)

    # -- playing -------------------------------------------------------------------

    def play_deal(self, game: Game, bots: list[RandomBot]) -> None:
        self.deal_actions = []
        try:
            game.start_deal()
        except Exception as error:  # a crash is a finding, not the end of the run
            self.violation("crash", f"start_deal: {_short(error)}")
            raise SessionBroken from error
        deal = game.deal
        assert deal is not None
        self.check_state(game, "after the deal starts", 0)
        index = 0
        while not game.deal_over:
            seat = game.to_act
            legal = game.legal_actions()
            if seat is None or not legal:
                raise SessionBroken  # check_state has recorded it ("no-action")
            if index >= self.o.max_actions:
                self.violation("termination", f"no end after {index} decisions", index)
                raise SessionBroken
            action = bots[seat].choose(game.view(seat))
            self.deal_actions.append(f"{seat}: {action.describe()}")
            try:
                game.apply(action)
            except Exception as error:
                self.violation("crash", f"apply({action.describe()}) by seat {seat}: "
                               f"{_short(error)}", index)
                raise SessionBroken from error
            index += 1
            self.summary.actions += 1
            if not game.deal_over:
                self.check_state(game, f"after decision {index}", index)
        self.check_end(game)

    def new_session(self, seeds: random.Random) -> tuple[Game, list[RandomBot]]:
        self.session_seed = seeds.getrandbits(32)
        self.bot_seeds = [self.session_seed + 1 + seat for seat in range(self.o.players)]
        self.summary.sessions += 1
        game = Game(load_ruleset(self.version), players=self.o.players, seed=self.session_seed,
                    banks=self.o.banks)
        return game, [RandomBot(s) for s in self.bot_seeds]

    def replay(self, game: Game, deals: int) -> None:
        """Play the session again from its seeds; the transcript must be the same."""
        self.summary.replays += 1
        again = Game(load_ruleset(self.version), players=self.o.players, seed=self.session_seed,
                     banks=self.o.banks)
        bots = [RandomBot(s) for s in self.bot_seeds]
        for _ in range(deals):
            again.start_deal()
            while not again.deal_over:
                seat = again.to_act
                assert seat is not None
                again.apply(bots[seat].choose(again.view(seat)))
        first = list(game.log)
        second = list(again.log)
        if first != second:
            at = next((i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b),
                      min(len(first), len(second)))
            self.deal_number = deals
            self.deal_actions = []
            self.violation("replay", f"same seeds, different transcript over {deals} deals: "
                           f"event {at} is {first[at] if at < len(first) else None} then "
                           f"{second[at] if at < len(second) else None}")

    def run(self) -> Summary:
        start = time.perf_counter()
        seeds = random.Random(f"{self.o.seed}:{self.version}")
        step = max(1, self.o.deals // 10)
        while self.summary.deals < self.o.deals:
            game, bots = self.new_session(seeds)
            if not game.can_start_deal():
                self.violation("crash", "a new session cannot deal at all")
                break
            self.deal_number = 0
            broken = False
            while (self.summary.deals < self.o.deals and self.deal_number < self.o.session_deals
                   and game.can_start_deal()):
                self.deal_number += 1
                try:
                    self.play_deal(game, bots)
                except SessionBroken:
                    broken = True
                self.summary.deals += 1
                if self.summary.deals % step == 0:
                    elapsed = time.perf_counter() - start
                    print(f"{self.version}: {self.summary.deals:,}/{self.o.deals:,} deals "
                          f"({100 * self.summary.deals // self.o.deals}%), "
                          f"{self.summary.violations} violations, {elapsed:.0f} s",
                          file=sys.stderr, flush=True)
                if broken:
                    break
            if not broken and (self.summary.sessions - 1) % self.o.replay_every == 0:
                try:
                    self.replay(game, self.deal_number)
                except Exception as error:
                    self.violation("replay", f"the replay crashed: {_short(error)}")
        self.summary.seconds = time.perf_counter() - start
        return self.summary


def _short(error: BaseException) -> str:
    frame = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    where = f" [{frame.filename.rsplit('/', 2)[-1]}:{frame.lineno}]" if frame else ""
    return f"{type(error).__name__}: {error}{where}"


def check_version(version: str, options: Options) -> Summary:
    return Checker(version, options).run()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals per version")
    parser.add_argument("--players", type=int, default=4, help="players at the table")
    parser.add_argument("--seed", type=int, default=1, help="seed of all the sessions")
    parser.add_argument("--banks", type=int, default=1000, help="each player's starting bank")
    parser.add_argument("--max-actions", type=int, default=2000,
                        help="decisions after which a deal counts as not ending")
    parser.add_argument("--session-deals", type=int, default=500,
                        help="longest session before a new seed (keeps replays short)")
    parser.add_argument("--replay-every", type=int, default=10,
                        help="replay one session in this many (first included)")
    parser.add_argument("--versions", nargs="+", metavar="ID", help="only these versions")
    parser.add_argument("--jobs", type=int, default=1, help="versions checked in parallel")
    parser.add_argument("--json", metavar="FILE", help="also write the results to FILE")
    args = parser.parse_args(argv)
    if min(args.deals, args.players, args.max_actions, args.session_deals,
           args.replay_every, args.jobs) < 1:
        parser.error("the counts must be at least 1")
    versions = args.versions or builtin_ids()
    unknown = [v for v in versions if v not in builtin_ids()]
    if unknown:
        print(f"error: unknown version {unknown[0]!r}: expected one of "
              f"{', '.join(builtin_ids())}", file=sys.stderr)
        return 2
    options = Options(args.deals, args.players, args.seed, args.banks, args.max_actions,
                      args.session_deals, args.replay_every)
    print(f"checking {args.deals:,} random deals per version, {args.players} players, "
          f"banks {args.banks}, seed {args.seed}", file=sys.stderr)
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            summaries = list(pool.map(check_version, versions, [options] * len(versions)))
    else:
        summaries = [check_version(v, options) for v in versions]

    print(f"{'version':<16}{'deals':>10}{'actions':>12}{'sessions':>10}{'replays':>9}"
          f"{'seconds':>9}{'violations':>12}")
    for s in summaries:
        print(f"{s.version:<16}{s.deals:>10,}{s.actions:>12,}{s.sessions:>10,}{s.replays:>9,}"
              f"{s.seconds:>9.1f}{s.violations:>12,}"
              + (f"  ({', '.join(f'{k} {n}' for k, n in sorted(s.counts.items()))})"
                 if s.violations else ""))
    found = [v for s in summaries for v in s.kept]
    if found:
        print()
        print("violations (at most "
              f"{KEEP_PER_KIND} of each kind per version):")
        for violation in found:
            print(violation.repro())
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"options": asdict(options), "versions": [
                {"version": s.version, "deals": s.deals, "actions": s.actions,
                 "sessions": s.sessions, "replays": s.replays, "seconds": s.seconds,
                 "violations": dict(s.counts), "examples": [asdict(v) for v in s.kept]}
                for s in summaries]}, out, indent=2)
    total = sum(s.violations for s in summaries)
    print(f"\n{'no violation' if not total else f'{total:,} violations'} in "
          f"{sum(s.deals for s in summaries):,} deals", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
