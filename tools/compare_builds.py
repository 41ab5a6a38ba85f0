"""Check that the compiled build plays exactly as the pure Python sources do.

For every built-in version, ``ambigu simulate`` is run with the same seed on
the checkout (pure Python) and in the compiled copy (``make compiled``); the
two JSON reports (banks, endings, combinations shown and won, decisions…)
must be identical: the same seeded random play must add up to the same
figures. The random bots explore far more of each version than the scenario
files do.

Usage: python tools/compare_builds.py [--compiled build/compiled] [--hands 3000]
Exit 1 naming each version whose reports differ.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ambigu_rules.load.catalog import builtin_ids  # noqa: E402


def report(tree: Path, variant: str, hands: int, seed: int) -> dict[str, Any]:
    """The JSON report of ``ambigu simulate`` run with the package in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-m", "ambigu_rules", "simulate", variant, "--hands", str(hands),
         "--seed", str(seed), "--jobs", "1", "--json"],
        cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"compare_builds: simulate {variant} failed in {tree}:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def compiled_here(tree: Path) -> bool:
    """Whether ``tree`` holds the compiled engine (its game module is a C extension)."""
    return any((tree / "ambigu_rules" / "engine").glob("game.*.so"))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", default=str(ROOT / "build" / "compiled"),
                        help="the compiled copy (default build/compiled)")
    parser.add_argument("--hands", type=int, default=3000, help="deals per version")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    compiled = Path(args.compiled).resolve()
    if not compiled_here(compiled):
        parser.error(f"no compiled engine in {compiled}: run `make compiled` first")
    differ = []
    for variant in builtin_ids():
        pure = report(ROOT, variant, args.hands, args.seed)
        built = report(compiled, variant, args.hands, args.seed)
        same = pure == built
        print(f"compare_builds: {variant:<16} {args.hands:,} deals, "
              f"{pure['decisions']:,} decisions: {'identical' if same else 'DIFFERENT'}")
        if not same:
            differ.append(variant)
    if differ:
        print(f"compare_builds: the builds play differently in {', '.join(differ)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
