"""Write the site's generated pages into docs/ from the YAML rulesets.

Usage: python tools/gen_site.py [--check] [--docs-dir DIR]

Writes docs/versions/<id>.md, docs/compare/*.md, docs/combinations.md,
docs/glossary.md, docs/open-questions.md, docs/sources.md,
docs/includes/abbreviations.md, the table of docs/index.md and
docs/rule-format-reference.md (every key of a rule file), touching only
the files whose text changed. With --check, writes nothing, lists the files
that are missing, out of date or left over, and exits 1 if there are any.
A problem in a YAML file is printed as file:line:col and exits 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ambigu_rules.errors import AmbiguError
from ambigu_rules.site.generate import render_site, stale_files, write_site

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="list out-of-date pages and exit 1 instead of writing")
    parser.add_argument("--docs-dir", type=Path, default=ROOT / "docs",
                        help="the MkDocs docs directory (default: docs/)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        expected = render_site(args.docs_dir)
    except AmbiguError as error:
        print(f"gen_site: {error}", file=sys.stderr)
        return 2
    if args.check:
        stale = stale_files(args.docs_dir, expected)
        for relative in stale:
            print(f"{args.docs_dir / relative} is out of date: run python tools/gen_site.py",
                  file=sys.stderr)
        return 1 if stale else 0
    touched = write_site(args.docs_dir, expected)
    for relative in touched:
        print(f"wrote {args.docs_dir / relative}")
    elapsed = time.perf_counter() - started
    print(f"{len(expected)} pages, {len(touched)} changed, in {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
