"""Write the JSON Schemas of the rule format into rulesets/.

Usage: python tools/gen_schema.py [--check]
With --check, report out-of-date files and exit 1 instead of writing.

Each schema's ``$id`` is the address the site publishes it at, made from
``site_url`` in mkdocs.yml (see ambigu_rules/load/schema.py): a change of the
site's address makes the committed schemas stale too. The site build copies
them to ``site/schemas/`` (tools/mkdocs_hooks.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ambigu_rules.load.catalog import rulesets_dir
from ambigu_rules.load.schema import expected_files, site_url

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, text in expected_files(rulesets_dir(), site_url(ROOT / "mkdocs.yml")).items():
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
