"""Write the site's generated pages into docs/ from the YAML rulesets.

Usage: python tools/gen_site.py [--check] [--no-stamp] [--docs-dir DIR] [--tables DIR]

Writes docs/versions/<id>.md, docs/compare/*.md, docs/combinations.md,
docs/glossary.md, docs/open-questions.md, docs/sources.md,
docs/includes/abbreviations.md, the table of docs/index.md and
docs/rule-format-reference.md (every key of a rule file), and the French
twin of each (``P.fr.md`` beside ``P.md``), touching only
the files whose text changed. With --check, writes nothing, lists the files
that are missing, out of date or left over, and exits 1 if there are any.
A problem in a YAML file is printed as file:line:col and exits 2.

Beside the pages it writes :data:`STAMP` (``docs/.gen_site-stamp.json``,
ignored by git, left out of the site like every dot-file): a digest of what
the pages were made from (the rule files, the package's files, the other
files of the docs folder, the versions of Python and of the libraries that
render them) and a digest of each page it wrote. The site build's hook
(``tools/mkdocs_hooks.py``) reads it so as not to render every page a second
time right after this script: when both digests still match the files
(:func:`stamp_matches`), the pages are what this script would write now;
when anything differs (a rule file, the package, a page edited by hand, a
missing or damaged stamp), the hook renders and compares the pages as ever.
The stamp is written only when nothing it covers changed while the pages
were being made (:func:`write_stamp`); otherwise a stamp left from before is
removed. With ``--no-stamp`` the stamp is neither written nor removed:
``mkdocs serve`` runs this script so (``tools/mkdocs_hooks.py``), as a file
written into the docs folder it watches would make it build once more.

With ``--tables DIR``, it writes instead each version's table of every hand
into ``DIR`` (the combinations page's evaluator reads them), as the site
build does after its pages.

``mkdocs serve`` runs this script in a process of its own at every rebuild,
so that a change to the package's code or templates shows on the served
site without a restart and without reloading modules inside the server.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections.abc import Collection, Iterable
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

from ambigu_rules.errors import AmbiguError
from ambigu_rules.site.generate import render_site, stale_files, write_site

ROOT = Path(__file__).resolve().parent.parent
#: The generator's record of what the pages of a docs folder were made from.
STAMP = ".gen_site-stamp.json"
STAMP_FORMAT = 1
#: The libraries whose versions can change what the pages say.
LIBRARIES = ("Jinja2", "MarkupSafe", "PyYAML", "pydantic", "pydantic_core", "numpy")


class Inputs(NamedTuple):
    """What the pages of a docs folder are made from, as file digests."""

    #: One digest of the rule files, the package, Python and the libraries.
    outside: str
    #: SHA-256 of each file of the docs folder (not ``api/``, not the stamp).
    docs: dict[str, str]


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_digests(folder: Path, skip: Collection[str] = ()) -> dict[str, str]:
    """SHA-256 of every file under ``folder`` by its path relative to it; no
    ``__pycache__``, nor the entries of ``skip`` at the top of the folder."""
    found: dict[str, str] = {}
    for base, dirs, files in os.walk(folder):
        here = Path(base)
        top = here == folder
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not (top and d in skip))
        for name in sorted(files):
            if not (top and name in skip):
                path = here / name
                found[path.relative_to(folder).as_posix()] = _sha256(path.read_bytes())
    return found


def read_inputs(docs_dir: Path) -> Inputs:
    """The digests of everything the pages of ``docs_dir`` are made from (and of the
    pages themselves, among the files of the docs folder)."""
    import ambigu_rules
    from ambigu_rules.load.catalog import rulesets_dir

    digest = hashlib.sha256(f"{STAMP_FORMAT}\0{sys.version}\0".encode())
    for name in LIBRARIES:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            version = "-"
        digest.update(f"{name}={version}\0".encode())
    package = Path(ambigu_rules.__file__).resolve().parent
    for label, folder in (("rulesets", rulesets_dir().resolve()), ("package", package)):
        for relative, sha in file_digests(folder).items():
            digest.update(f"{label}/{relative}\0{sha}\0".encode())
    return Inputs(digest.hexdigest(), file_digests(docs_dir, skip=("api", STAMP)))


def _others(docs: dict[str, str], pages: Collection[str]) -> dict[str, str]:
    """The files of the docs folder that are not among ``pages``."""
    return {relative: sha for relative, sha in docs.items() if relative not in pages}


def inputs_digest(inputs: Inputs, pages: Collection[str]) -> str:
    """One digest of the inputs of ``pages``: everything but the pages themselves."""
    digest = hashlib.sha256(inputs.outside.encode())
    for relative, sha in sorted(_others(inputs.docs, pages).items()):
        digest.update(f"docs/{relative}\0{sha}\0".encode())
    return digest.hexdigest()


def write_stamp(docs_dir: Path, expected: dict[str, str], before: Inputs | None,
                touched: Iterable[str]) -> bool:
    """Record in ``docs_dir`` that its pages are ``expected``, rendered from the inputs
    read ``before`` rendering; ``touched`` are the files :func:`write_site` wrote or
    deleted. Nothing is recorded (and a stamp left from before is removed) unless the
    inputs are the same now and every page on disk is its ``expected`` text. Returns
    whether the stamp was written."""
    stamp = docs_dir / STAMP
    pages = {relative: _sha256(text.encode("utf-8")) for relative, text in expected.items()}
    outputs = set(expected) | set(touched)
    try:
        after = read_inputs(docs_dir) if before is not None else None
    except OSError:
        after = None
    if (before is None or after is None or before.outside != after.outside
            or _others(before.docs, outputs) != _others(after.docs, outputs)
            or any(after.docs.get(relative) != sha for relative, sha in pages.items())):
        stamp.unlink(missing_ok=True)
        return False
    record = {"format": STAMP_FORMAT, "written_by": "tools/gen_site.py",
              "inputs": inputs_digest(after, pages), "pages": dict(sorted(pages.items()))}
    text = json.dumps(record, indent=1) + "\n"
    if not stamp.is_file() or stamp.read_text(encoding="utf-8") != text:
        partial = docs_dir / f"{STAMP}.{os.getpid()}.partial"
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, stamp)
    return True


def stamp_matches(docs_dir: Path) -> bool:
    """Whether the stamp of ``docs_dir`` says its pages are what rendering them now
    would give: every page it names is on disk as written, and nothing they are made
    from changed since. False without a stamp, or with one that cannot be read."""
    try:
        record = json.loads((docs_dir / STAMP).read_text(encoding="utf-8"))
        pages, recorded = record["pages"], record["inputs"]
        if record["format"] != STAMP_FORMAT or not isinstance(pages, dict) or not pages:
            return False
        now = read_inputs(docs_dir)
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return (all(now.docs.get(relative) == sha for relative, sha in pages.items())
            and inputs_digest(now, pages) == recorded)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="list out-of-date pages and exit 1 instead of writing")
    parser.add_argument("--docs-dir", type=Path, default=ROOT / "docs",
                        help="the MkDocs docs directory (default: docs/)")
    parser.add_argument("--no-stamp", action="store_true",
                        help="write the pages only: leave the stamp file as it is")
    parser.add_argument("--tables", type=Path, metavar="DIR",
                        help="write each version's table of hands into DIR instead of pages")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.tables is not None:
        return _write_tables(args.tables)
    try:
        before = None if args.check else read_inputs(args.docs_dir)
    except OSError:
        before = None  # a file went away under us: no stamp this time
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
    if not args.no_stamp:
        write_stamp(args.docs_dir, expected, before, touched)
    for relative in touched:
        print(f"wrote {args.docs_dir / relative}")
    elapsed = time.perf_counter() - started
    print(f"{len(expected)} pages, {len(touched)} changed, in {elapsed:.1f} s")
    return 0


def _write_tables(target: Path) -> int:
    """Write the hand tables of the built-in versions into ``target``; 2 on a
    problem in a rule file."""
    from ambigu_rules.site.generate import load_site
    from ambigu_rules.site.tables import write_tables

    try:
        write_tables(target, load_site().tab_order)
    except AmbiguError as error:
        print(f"gen_site: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
