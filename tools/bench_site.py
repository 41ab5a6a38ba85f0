"""Time the full site build: generate, Sphinx, MkDocs (a benchmark, not a test).

Usage::

    python tools/bench_site.py [--repeat 3] [--keep DIR]    # or: make bench-site

Each run is the whole build of ``tools/build_site.py`` from scratch but for
the virtual environment: ``tools/gen_site.py`` (when it exists), the Sphinx
API reference with its cache removed, and ``mkdocs build --strict`` into a
temporary folder (``site/`` is left alone). Prints each run's steps, then the
best and median totals against the 30 s target (both editions, English and
French; ``mkdocs.yml``'s i18n plugin), the number of HTML pages built
(MkDocs pages and API pages), and the number of doctests pytest collects: the
worked examples in ``docs/`` (Sybil) and the docstrings of the package. To run
those doctests rather than count them::

    .venv/bin/python -m pytest docs ambigu_rules

As a reference timed in the same run (the machine's speed varies with what
else runs on it), each run also times ``mkdocs build`` of the English edition
alone (``AMBIGU_ONLY_EDITION=en``, the site as it was before the French
edition) and prints what the French edition adds as a ratio.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_site

ROOT = build_site.ROOT
TARGET_SECONDS = 30.0


def count_doctests() -> dict[str, int]:
    """Doctest items pytest collects, by where they live (``docs/``, the package)."""
    paths = [p for p in ("docs", "ambigu_rules") if (ROOT / p).exists()]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *paths],
        cwd=ROOT,
        text=True,
        capture_output=True,
        check=False,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )
    counts = {"docs/": 0, "ambigu_rules/": 0}
    for line in result.stdout.splitlines():
        for prefix in counts:
            if line.startswith(prefix) and "::" in line:
                counts[prefix] += 1
    if result.returncode not in (0, 5):
        tail = "\n".join(result.stdout.splitlines()[-5:] + result.stderr.splitlines()[-5:])
        print(f"bench_site: pytest --collect-only exited {result.returncode}:\n{tail}")
    return counts


def time_english_alone(out: Path) -> float:
    """Seconds of ``mkdocs build --strict`` of the English edition alone into ``out``
    (``docs/`` as it is, the i18n plugin told to build English only)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    config = build_site._scratch_config(out.parent, ROOT / "docs", only_edition="en")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    argv = [build_site._bin("mkdocs"), "build", "--strict", "--quiet", "--config-file",
            str(config), "--site-dir", str(out)]
    start = time.perf_counter()
    result = subprocess.run(argv, cwd=ROOT, env=env, text=True, capture_output=True, check=False)
    if result.returncode != 0:
        raise build_site.BuildError(f"mkdocs build (English alone) failed\n{result.stderr}")
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="number of full builds (default 3)")
    parser.add_argument("--keep", type=Path, help="build into this folder and keep it")
    args = parser.parse_args(argv)

    out = args.keep or Path(tempfile.mkdtemp(prefix="ambigu-bench-")) / "site"
    totals, ratios = [], []
    try:
        for run in range(1, args.repeat + 1):
            timings = build_site.build(out, generate=True, fresh=True, quiet=True)
            totals.append(timings["total"])
            steps = ", ".join(f"{k} {v:.2f} s" for k, v in timings.items() if k != "total")
            english = time_english_alone(out.parent / "english" / "site")
            ratios.append(timings["mkdocs"] / english)
            print(f"run {run}: {timings['total']:.2f} s ({steps}); mkdocs of the English "
                  f"edition alone {english:.2f} s, both {ratios[-1]:.2f} times that", flush=True)
        pages = sorted(out.rglob("*.html"))
        api = [p for p in pages if p.relative_to(out).parts[0] == "api"]
        other = [p for p in pages if p.relative_to(out).as_posix() == "404.html"]
        mkdocs_pages = [p for p in pages if p not in api and p not in other]
    except build_site.BuildError as error:
        print(f"bench_site: {error}", file=sys.stderr)
        return 1
    finally:
        if args.keep is None:
            shutil.rmtree(out.parent, ignore_errors=True)

    best, median = min(totals), statistics.median(totals)
    verdict = "within" if best <= TARGET_SECONDS else "OVER"
    print(
        f"full build (generate + Sphinx + mkdocs): best {best:.2f} s, median {median:.2f} s "
        f"over {len(totals)} run(s); {verdict} the {TARGET_SECONDS:.0f} s target"
    )
    print(f"mkdocs build of both editions: {statistics.median(ratios):.2f} times the English "
          "edition alone (median of the runs)")
    print(
        f"HTML pages: {len(pages)} ({len(mkdocs_pages)} site pages, {len(api)} API pages"
        f"{', 404.html' if other else ''})"
    )
    counts = count_doctests()
    print(
        f"doctests collected by pytest: {counts['docs/']} in docs/ (Sybil: one per >>> "
        f"example or code block of the pages), {counts['ambigu_rules/']} in the package's "
        f"docstrings (one per docstring)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
