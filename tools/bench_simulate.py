"""Benchmark: simulated deals per second, alone and shared among worker processes.

For each version, ``ambigu_rules.play.simulate.simulate`` plays ``--hands``
deals between random bots (four players, banks of 200, seed ``--seed``),
once with ``--jobs 1`` (the reference, measured in the same run) and once
with ``--jobs N`` (default: every core). It prints deals per second of each,
the speed-up, and whether the two reports are identical (they must be: a
block's play depends only on the seed and its number). ``--no-reference``
skips the single-process run, for the long 1,000,000-deal figures.

Timings exclude Python's start-up and compiling the hand table (done once
before both runs) but include starting the workers.

Usage: python tools/bench_simulate.py [--hands N] [--jobs N] [--versions V ...]
       [--no-reference] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from ambigu_rules.hands.evaluator import evaluator_for
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.simulate import simulate

TARGET_SPEEDUP = 1.7


def timed(variant: str, hands: int, jobs: int, seed: int) -> tuple[float, dict[str, Any]]:
    """Seconds taken, and the report, for one simulation."""
    start = time.perf_counter()
    report = simulate(variant, hands=hands, seed=seed, jobs=jobs)
    return time.perf_counter() - start, report.to_json()


def measure(variant: str, options: argparse.Namespace) -> dict[str, Any]:
    evaluator_for(load_ruleset(variant))  # both runs then find the hand table compiled
    shared_time, shared = timed(variant, options.hands, options.jobs, options.seed)
    row: dict[str, Any] = {"version": variant, "hands": shared["hands"], "jobs": options.jobs,
                           "shared_deals_per_s": shared["hands"] / shared_time,
                           "shared_seconds": shared_time}
    if options.reference:
        alone_time, alone = timed(variant, options.hands, 1, options.seed)
        row |= {"alone_deals_per_s": alone["hands"] / alone_time, "alone_seconds": alone_time,
                "speedup": alone_time / shared_time, "identical": alone == shared}
    return row


def show(row: dict[str, Any]) -> str:
    text = (f"{row['version']:<16} {row['hands']:>10,} "
            f"{row['shared_deals_per_s']:>12,.0f} {row['shared_seconds']:>9.1f}")
    if "speedup" in row:
        verdict = "ok" if row["speedup"] >= TARGET_SPEEDUP and row["identical"] else "MISSED"
        text += (f" {row['alone_deals_per_s']:>12,.0f} {row['speedup']:>7.2f}x "
                 f"{'yes' if row['identical'] else 'NO':>9}  {verdict}")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--versions", nargs="+", default=builtin_ids())
    parser.add_argument("--no-reference", dest="reference", action="store_false")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    if not options.json:
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores; random bots, 4 players, "
              f"seed {options.seed}; --jobs {options.jobs} against --jobs 1")
        header = f"{'version':<16} {'deals':>10} {'deals/s':>12} {'seconds':>9}"
        if options.reference:
            header += f" {'jobs=1 /s':>12} {'speedup':>8} {'identical':>9}  target"
        print(header)
        print("-" * len(header))
    rows = []
    for variant in options.versions:
        row = measure(variant, options)
        rows.append(row)
        if not options.json:
            print(show(row), flush=True)
    if options.json:
        print(json.dumps(rows, indent=2))
    elif options.reference:
        met = sum(1 for row in rows if row["speedup"] >= TARGET_SPEEDUP and row["identical"])
        print(f"\ntarget: --jobs {options.jobs} at least {TARGET_SPEEDUP}x faster than --jobs 1 "
              f"with the same report; met by {met} of {len(rows)} versions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
