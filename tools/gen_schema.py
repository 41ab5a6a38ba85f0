"""Write the JSON Schemas of the rule format into rulesets/.

Usage: python tools/gen_schema.py [--check]
With --check, report out-of-date files and exit 1 instead of writing.
"""

from __future__ import annotations

import sys

from ambigu_rules.load.catalog import rulesets_dir
from ambigu_rules.load.schema import expected_files


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, text in expected_files(rulesets_dir()).items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not check:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if check and stale:
        for path in stale:
            print(f"{path} is out of date: run python tools/gen_schema.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
