"""Benchmark: whole random deals per second for each version, against PokerKit.

Each version plays ``--deals`` complete deals, four players, every player a
:class:`~ambigu_rules.play.bots.RandomBot` (uniform over the kinds of action
allowed, then uniform over the amounts or discards of that kind). A deal is
everything from the antes to the settlement. When a session cannot deal any
more (too few players can pay the antes), a new session starts with a new
seed, so every version plays exactly the number of deals asked.

The reference, timed in the same run on the same machine, is PokerKit 0.7.7
``FixedLimitBadugi`` with four players (a four-card draw game with betting,
the closest PokerKit analogue), played by the same policy: uniform over the
kinds allowed (fold only when there is something to call, check/call,
bet/raise), and for a draw a uniform choice among all subsets of the hand,
as RandomBot picks uniformly among all legal discards.

Protocol (engine-anchors.md section 8.3): pinned seeds, a warm-up, each
measurement repeated ``--repeat`` times on the same seeded work, in rounds
that time the reference and every version in turn; the process's CPU time;
the median reported, and each ratio the median of the rounds' ratios.
Hands/s is the headline; decisions/s is the fairer cross-game
figure, since the two games ask a different number of decisions per hand.
The engine has a single (checked, logged) mode: that is what is compared.
Every event of a deal is recorded; as in ``ambigu simulate``, the log is
emptied after each deal (PokerKit, too, starts each hand with a new state),
so a long session does not keep every event it ever recorded.

It measures the ``ambigu_rules`` it imports (the header names where from):
the package is pure Python.

Target: at least 8 times PokerKit's hands/s. A missed target is reported,
not an error (exit 0); exit 2 if PokerKit is not installed.

Usage: python tools/bench_engine.py [--deals N] [--repeat R] [--seed S] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any

from ambigu_rules.engine import Game
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import RandomBot

PLAYERS = 4
BANKS = 1000
TARGET_RATIO = 8.0
WARMUP_DEALS = 20
REFERENCE = "PokerKit FixedLimitBadugi"


# -- our engine -----------------------------------------------------------------


def play_deals(variant: str, deals: int, seed: int) -> int:
    """Play ``deals`` random deals of ``variant``; return the number of decisions.

    Sessions are seeded from ``seed``; each seat has its own RandomBot.
    """
    seeds = random.Random(seed)
    decisions = 0
    played = 0
    game: Game | None = None
    bots: list[RandomBot] = []
    while played < deals:
        if game is None or not game.can_start_deal():
            session_seed = seeds.getrandbits(32)
            game = Game(load_ruleset(variant), players=PLAYERS, seed=session_seed, banks=BANKS)
            bots = [RandomBot(session_seed + 1 + seat) for seat in range(PLAYERS)]
            if not game.can_start_deal():  # pragma: no cover - a version nobody can play
                raise RuntimeError(f"{variant}: a new session cannot deal")
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat)))
            decisions += 1
        game.log.clear()  # as `ambigu simulate` does: each deal's events, then the next
        played += 1
    return decisions


# -- PokerKit -------------------------------------------------------------------


def pokerkit_player() -> Callable[[random.Random], int] | None:
    """A function playing one random FixedLimitBadugi hand (None without PokerKit)."""
    try:
        from pokerkit import Automation, FixedLimitBadugi
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
        Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    # As in the research snippet: no ante, blinds 1 and 2, small bet 2,
    # big bet 4, 200 chips each.
    game = FixedLimitBadugi(automations, True, 0, (1, 2), 2, 4)

    def play_one(rng: random.Random) -> int:
        state = game(200, PLAYERS)
        decisions = 0
        while state.status:
            if state.can_stand_pat_or_discard():
                hole = state.hole_cards[state.stand_patter_or_discarder_index]
                mask = rng.getrandbits(len(hole)) if hole else 0
                state.stand_pat_or_discard([c for i, c in enumerate(hole) if mask >> i & 1])
            else:
                kinds = []
                if state.can_fold() and state.checking_or_calling_amount:
                    kinds.append("fold")
                if state.can_check_or_call():
                    kinds.append("call")
                if state.can_complete_bet_or_raise_to():
                    kinds.append("raise")
                kind = rng.choice(kinds)
                if kind == "fold":
                    state.fold()
                elif kind == "call":
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to()
            decisions += 1
        return decisions

    return play_one


def play_pokerkit(play_one: Callable[[random.Random], int], hands: int, seed: int) -> int:
    rng = random.Random(seed)
    return sum(play_one(rng) for _ in range(hands))


# -- measurement ----------------------------------------------------------------


def measure(runs: dict[str, Callable[[], int]], repeat: int
            ) -> tuple[dict[str, list[float]], dict[str, int]]:
    """CPU seconds of each run in each of ``repeat`` rounds, and the decisions it made.

    Each round times every run once, in turn, the reference first: the
    reference and the versions are timed side by side, so a machine that
    speeds up or slows down during the benchmark moves them alike. The
    process's CPU time, not the wall clock: both games run in this one
    thread, so another job on a shared machine counts against neither side
    (wall-clock runs here varied by a quarter from one run to the next).
    """
    times: dict[str, list[float]] = {name: [] for name in runs}
    decisions: dict[str, int] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            start = time.process_time()
            decisions[name] = run()
            times[name].append(time.process_time() - start)
    return times, decisions


def row(name: str, hands: int, times: list[float], decisions: int,
        reference: dict[str, Any] | None = None,
        reference_times: list[float] | None = None) -> dict[str, Any]:
    """One line of the table: the median of the rounds; against the reference,
    the median of the round-by-round ratios (each round's two timings side by side)."""
    seconds = statistics.median(times)
    result: dict[str, Any] = {
        "name": name,
        "hands": hands,
        "seconds": seconds,
        "hands_per_s": hands / seconds,
        "decisions_per_s": decisions / seconds,
        "decisions_per_hand": decisions / hands,
    }
    if reference is not None and reference_times is not None:
        ratio = statistics.median([ref / mine for ref, mine
                                   in zip(reference_times, times, strict=True)])
        result["ratio_hands"] = ratio
        result["ratio_decisions"] = ratio * (decisions / hands) / reference["decisions_per_hand"]
        result["meets_target"] = ratio >= TARGET_RATIO
    return result


def pokerkit_version() -> str | None:
    try:
        return metadata.version("pokerkit")
    except metadata.PackageNotFoundError:
        return None


def build_kind() -> str:
    """Where the ``ambigu_rules`` this run imported comes from."""
    from ambigu_rules.engine import game

    return f"pure Python ({Path(str(game.__file__)).parent.parent.parent})"


def commit() -> str | None:
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True,
                             text=True, cwd=Path(__file__).resolve().parent, check=False)
    except OSError:
        return None
    return out.stdout.strip() or None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000,
                        help="deals per version, and hands of PokerKit (default 2000)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions, median (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of all the random play")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        parser.error("--deals and --repeat must be at least 1")

    play_one = pokerkit_player()
    if play_one is None:
        print("error: PokerKit is not installed: run `make bench` "
              "(installs requirements/bench.txt)", file=sys.stderr)
        return 2

    # Warm-up: the reference, then every version (this also compiles each
    # version's hand table, which the deals below then only read).
    play_pokerkit(play_one, WARMUP_DEALS, args.seed + 1)
    variants = builtin_ids()
    for variant in variants:
        play_deals(variant, WARMUP_DEALS, args.seed + 1)

    runs: dict[str, Callable[[], int]] = {
        REFERENCE: partial(play_pokerkit, play_one, args.deals, args.seed)}
    runs.update((variant, partial(play_deals, variant, args.deals, args.seed))
                for variant in variants)
    times, decisions = measure(runs, args.repeat)
    reference = row(REFERENCE, args.deals, times[REFERENCE], decisions[REFERENCE])
    rows = [row(variant, args.deals, times[variant], decisions[variant], reference,
                times[REFERENCE]) for variant in variants]

    meta = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "assertions": __debug__,
        "pokerkit": pokerkit_version(),
        "commit": commit(),
        "players": PLAYERS,
        "banks": BANKS,
        "deals": args.deals,
        "repeat": args.repeat,
        "seed": args.seed,
        "target_ratio": TARGET_RATIO,
        "build": build_kind(),
    }
    if args.json:
        print(json.dumps({"meta": meta, "reference": reference, "versions": rows}, indent=2))
        return 0

    print(f"Python {meta['python']} ({'assertions on' if __debug__ else 'python -O'}), "
          f"PokerKit {meta['pokerkit'] or '?'}, commit {meta['commit'] or '?'}; "
          f"{PLAYERS} players, random legal play, {args.deals:,} deals, "
          f"median of {args.repeat} rounds, seed {args.seed}")
    print(f"ambigu_rules build: {meta['build']}")
    print()
    header = (f"{'version':<26}{'hands/s':>10}{'decisions/s':>13}{'dec/hand':>10}"
              f"{'x hands':>9}{'x dec.':>8}  target")
    print(header)
    print("-" * len(header))
    print(f"{reference['name']:<26}{reference['hands_per_s']:>10,.0f}"
          f"{reference['decisions_per_s']:>13,.0f}{reference['decisions_per_hand']:>10.1f}"
          f"{1:>8.2f}x{1:>7.2f}x  (reference)")
    for r in rows:
        print(f"{r['name']:<26}{r['hands_per_s']:>10,.0f}{r['decisions_per_s']:>13,.0f}"
              f"{r['decisions_per_hand']:>10.1f}{r['ratio_hands']:>8.2f}x"
              f"{r['ratio_decisions']:>7.2f}x  {'met' if r['meets_target'] else 'MISSED'}")
    print()
    need = TARGET_RATIO * reference["hands_per_s"]
    met = sum(r["meets_target"] for r in rows)
    print(f"target: >= {TARGET_RATIO:g}x PokerKit hands/s, i.e. >= {need:,.0f} deals/s here; "
          f"met by {met} of {len(rows)} versions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
