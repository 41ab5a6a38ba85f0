"""Write the digests of the source texts that the own-words test looks our texts up in.

Usage: python tools/fingerprint_sources.py [--sources DIR]

The source texts are held beside the repository (``../shared/sources/``), not
in it: their sentences are not ours. ``tests/test_own_words.py`` compares
every text a reader meets with them, ten words at a time; where the texts are
not at hand (a clean clone, the CI), it compares with the digests this script
keeps in ``tests/data/source-fingerprints.json``: one BLAKE2b digest of each
run of ten words, which says whether a run is a source's without holding a
word of it. Run it again when a source text changes (a test says so). A
missing folder of sources is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from own_words import RUN, write_fingerprints  # noqa: E402  (the tests' own scan)

HELD = ROOT / "tests" / "data" / "source-fingerprints.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sources", type=Path, default=ROOT.parent / "shared" / "sources",
                        help="the folder of source texts (default: ../shared/sources)")
    args = parser.parse_args(argv)
    if not any(args.sources.glob("*.txt")):
        print(f"fingerprint_sources: no source text (*.txt) in {args.sources}", file=sys.stderr)
        return 2
    HELD.parent.mkdir(exist_ok=True)
    count = write_fingerprints(args.sources, HELD, RUN)
    print(f"{HELD.relative_to(ROOT)}: {count:,} runs of {RUN} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
