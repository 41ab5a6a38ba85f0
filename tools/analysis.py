"""Simulate every built-in version and write the figures of *How the versions play*.

Usage: python tools/analysis.py [--deals N] [--seed S] [--bots BOTS] [--jobs N]
                                [--versions V ...] [--out FILE]

For each version, ``ambigu_rules.play.simulate.simulate`` plays ``--deals``
deals at four seats (``--bots``, one name for every seat or one per seat, as
``ambigu simulate --bots``) in blocks of 1,000, on every core by default,
writing one record per deal (as ``ambigu simulate --deals-out``); the
records are read into the figures of
:func:`ambigu_rules.play.play_statistics.play_statistics`, each with its 95 %
interval. The figures go to ``--out`` (default
``rulesets/site/how-the-versions-play.json``), with what made them: this
command, the seed, the bots, the table's settings (every bank, the limit
played where a version has one agreed, the amounts agreed: none, so each at
its rule file's default), the program's version and each version's rules
digest, so that ``make analysis`` regenerates the same file byte for byte.
A version equal to one already simulated in everything played
(:func:`~ambigu_rules.play.simulate.play_fingerprint`: 1659, 1702 and 1730
are) plays the very same deals from the same seed, so it is not simulated
again: it gets that version's figures and ``played_as`` names it.

Progress goes to standard error, one line per version with its time.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ambigu_rules.engine.input_checks import DEFAULT_LIMIT  # noqa: E402
from ambigu_rules.load.catalog import builtin_ids  # noqa: E402
from ambigu_rules.load.resolver import load_ruleset  # noqa: E402
from ambigu_rules.play.play_statistics import play_statistics  # noqa: E402
from ambigu_rules.play.simulate import (  # noqa: E402
    DEALS_PER_BLOCK,
    available_cores,
    play_fingerprint,
    rules_fingerprint,
    simulate,
)

DEFAULT_OUT = ROOT / "rulesets" / "site" / "how-the-versions-play.json"
PLAYERS = 4
SESSION_DEALS = 50
#: Every player's bank when a table sits down.
INITIAL_BANK = 200


def analyse(version: str, *, deals: int, seed: int, bots: str, jobs: int) -> dict[str, Any]:
    """The figures of one version's simulated deals, with what identifies the run."""
    with tempfile.TemporaryDirectory() as folder:
        records_path = Path(folder) / "deals.jsonl"
        # No limit and no agreed amount given: the engine plays DEFAULT_LIMIT where a
        # version has the table agree a limit, and each agreed amount's default.
        report = simulate(version, hands=deals, players=PLAYERS, seed=seed, bots=bots,
                          jobs=jobs, rebuy=True, block_size=DEALS_PER_BLOCK,
                          initial_bank=INITIAL_BANK, deals_out=records_path)
        with records_path.open(encoding="utf-8") as lines:
            stats = play_statistics((json.loads(line) for line in lines), PLAYERS,
                                    session_deals=SESSION_DEALS)
    return {"rules_digest": report.rules_digest, "tables": report.tables,
            "figures": stats.to_json()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1730)
    parser.add_argument("--bots", default="expert")
    parser.add_argument("--jobs", type=int, default=available_cores())
    parser.add_argument("--versions", nargs="*", default=None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    versions = args.versions or sorted(builtin_ids())
    unknown = sorted(set(versions) - set(builtin_ids()))
    if unknown:
        parser.error(f"unknown versions: {', '.join(unknown)}")
    if args.deals < DEALS_PER_BLOCK * 2:
        parser.error(f"--deals must be at least {DEALS_PER_BLOCK * 2:,} (two blocks, so that "
                     "each figure has an interval)")
    from ambigu_rules.version import __version__

    data: dict[str, Any] = {
        "command": "python tools/analysis.py " + " ".join(
            f"--{key} {value}" for key, value in (("deals", args.deals), ("seed", args.seed),
                                                  ("bots", args.bots))),
        "deals": args.deals, "seed": args.seed, "players": PLAYERS, "bots": args.bots,
        "block_size": DEALS_PER_BLOCK, "session_deals": SESSION_DEALS, "rebuy": True,
        "initial_bank": INITIAL_BANK, "agreed_limit": DEFAULT_LIMIT, "agreed": {},
        "program_version": __version__, "versions": {},
    }
    played: dict[str, str] = {}  # play fingerprint -> the version simulated for it
    for version in versions:
        rules = load_ruleset(version)
        same = played.get(play_fingerprint(rules))
        if same is not None:
            # Equal in every played key: the same seed plays the very same deals.
            run = dict(data["versions"][same], rules_digest=rules_fingerprint(rules),
                       played_as=same)
            data["versions"][version] = run
            print(f"analysis: {version}: plays as {same}, not simulated again", file=sys.stderr)
            continue
        played[play_fingerprint(rules)] = version
        started = time.perf_counter()
        data["versions"][version] = analyse(version, deals=args.deals, seed=args.seed,
                                            bots=args.bots, jobs=args.jobs)
        print(f"analysis: {version}: {args.deals:,} deals in "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
    text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    partial = args.out.with_name(args.out.name + ".part")
    partial.write_text(text, encoding="utf-8")
    partial.replace(args.out)
    print(f"analysis: wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
