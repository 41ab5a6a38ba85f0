"""Make a compiled copy of the checkout, for the tests and the benchmarks.

Copies the working tree (without .git, virtual environments, built sites and
earlier builds) into DEST and compiles there, in place, the modules
``setup.py`` lists (``AMBIGU_COMPILE=1 python setup.py build_ext --inplace``,
mypyc). Inside DEST, ``import ambigu_rules`` then loads the compiled engine;
the checkout itself is never touched, so ``make test`` keeps testing the pure
Python sources.

Usage: python tools/build_compiled.py [DEST]   (default: build/compiled)

Exit 0 with the compiled modules listed; exit 1 with the end of the build log
if compiling fails (a C compiler and the Python headers are needed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Left out at the top of the checkout (``ambigu_rules/site`` is a package: kept).
TOP_SKIPPED = {".git", ".venv", "site", "build", "dist", "fuzz-findings", "node_modules"}
#: Left out everywhere.
SKIPPED = {"__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
LOG_LINES = 40


#: Written into every compiled copy: only a folder holding it is ever replaced.
MARKER = "build-compiled.log"


def copy_tree(dest: Path) -> None:
    """A fresh copy of the checkout at ``dest`` (what the tests and tools need)."""
    if dest.exists():
        shutil.rmtree(dest)

    def ignored(folder: str, names: list[str]) -> set[str]:
        skipped = {name for name in names if name in SKIPPED or name.endswith(".so")
                   or name.endswith(".egg-info")}
        if Path(folder) == ROOT:
            skipped |= TOP_SKIPPED & set(names)
        if Path(folder) == ROOT / "docs":
            skipped.add("api")  # the Sphinx build, made again by `make site`
        return skipped

    shutil.copytree(ROOT, dest, ignore=ignored, symlinks=True)


def compile_in_place(dest: Path) -> list[Path]:
    """Compile the listed modules inside ``dest``; return the extension files."""
    log = dest / MARKER
    env = {**os.environ, "AMBIGU_COMPILE": "1"}
    with log.open("w") as out:
        done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"],
                              cwd=dest, env=env, stdout=out, stderr=subprocess.STDOUT,
                              check=False)
    if done.returncode != 0:
        tail = log.read_text(errors="replace").splitlines()[-LOG_LINES:]
        raise SystemExit("build_compiled: compiling failed (a C compiler and the Python "
                         "headers are needed); the end of the log:\n" + "\n".join(tail))
    return sorted((dest / "ambigu_rules").rglob("*.so"))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", nargs="?", default=str(ROOT / "build" / "compiled"),
                        help="where to put the compiled copy (default build/compiled)")
    args = parser.parse_args(argv)
    dest = Path(args.dest).resolve()
    inside = dest == ROOT or ROOT in dest.parents
    if dest in (ROOT, *ROOT.parents) or (inside and ROOT / "build" not in dest.parents):
        parser.error(f"{dest} would overwrite the checkout: give a folder outside it or "
                     "under build/")
    if dest.exists() and any(dest.iterdir()) and not (dest / MARKER).is_file():
        parser.error(f"{dest} holds files that are not an earlier compiled copy (no {MARKER}): "
                     "give a new or empty folder")
    start = time.perf_counter()
    print(f"build_compiled: copying the checkout to {dest}", flush=True)
    copy_tree(dest)
    print("build_compiled: compiling with mypyc (about half a minute)", flush=True)
    built = compile_in_place(dest)
    names = ", ".join(path.relative_to(dest / "ambigu_rules").with_suffix("").with_suffix("")
                      .as_posix() for path in built)
    print(f"build_compiled: {len(built)} compiled modules in "
          f"{time.perf_counter() - start:.0f} s: {names}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
