"""How the expert bot fares: its mean net per deal at four players, with its 95 % interval.

For each built-in version and each set of opponents (three heuristic bots,
then three random bots), ``simulate`` plays DEALS deals with the expert in the
first seat (the dealer moves round, so it sits everywhere in turn); the
expert's net of each deal is read from the deal records, and its mean per
deal gets a batch means interval over the blocks, which are independent
tables (:func:`ambigu_rules.play.play_statistics.ratio_estimate`).

    .venv/bin/python tools/bench_expert.py                  # 50,000 deals a run
    .venv/bin/python tools/bench_expert.py --deals 5000 --versions foster russian

The table is printed as Markdown, and with ``--out FILE`` written as JSON too;
the last full run is in ``tools/bench_expert_results.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ambigu_rules.hands.evaluator import evaluator_for  # noqa: E402
from ambigu_rules.load.catalog import builtin_ids  # noqa: E402
from ambigu_rules.load.resolver import load_ruleset  # noqa: E402
from ambigu_rules.play.expert import knowledge_of  # noqa: E402
from ambigu_rules.play.play_statistics import Estimate, ratio_estimate  # noqa: E402
from ambigu_rules.play.simulate import available_cores, simulate  # noqa: E402

OPPONENTS = ("heuristic", "random")
PLAYERS = 4
EXPERT_SEAT = 0


def run(version: str, opponents: str, deals: int, seed: int, jobs: int) -> tuple[Estimate, float]:
    """The expert's mean net per deal against three ``opponents``, and the seconds taken."""
    ruleset = load_ruleset(version)
    knowledge_of(evaluator_for(ruleset))  # made once, before the worker processes fork
    bots = ",".join(["expert"] + [opponents] * (PLAYERS - 1))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        records = Path(folder) / "deals.jsonl"
        simulate(ruleset, hands=deals, players=PLAYERS, seed=seed, bots=bots, jobs=jobs,
                 rebuy=True, deals_out=records)
        blocks: dict[int, list[float]] = {}
        with records.open(encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                totals = blocks.setdefault(record["block"], [0.0, 0.0])
                totals[0] += record["net"][EXPERT_SEAT]
                totals[1] += 1
    estimate = ratio_estimate([(net, count) for net, count in blocks.values()])
    return estimate, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=available_cores())
    parser.add_argument("--versions", nargs="*", default=None)
    parser.add_argument("--opponents", nargs="*", default=list(OPPONENTS))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    versions = args.versions or list(builtin_ids())
    rows = []
    print("| version | opponents | deals | mean net per deal | 95 % interval | seconds |")
    print("|---|---|---:|---:|---|---:|")
    for opponents in args.opponents:
        for version in versions:
            estimate, seconds = run(version, opponents, args.deals, args.seed, args.jobs)
            rows.append({"version": version, "opponents": opponents, "deals": args.deals,
                         "seed": args.seed, **estimate.to_json(), "seconds": round(seconds)})
            print(f"| {version} | 3 × {opponents} | {args.deals:,} | {estimate.mean:+.3f} | "
                  f"{estimate.low:+.3f} to {estimate.high:+.3f} | {seconds:.0f} |", flush=True)
    if args.out is not None:
        args.out.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
