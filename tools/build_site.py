"""Build the whole site: generated pages, the API reference, then MkDocs.

Usage::

    python tools/build_site.py [--site-dir site] [--no-generate] [--fresh] [--api-only]
    python tools/build_site.py --rulesets DIR --site-dir OUT [--work-dir SCRATCH]

Three steps, each printed with its time:

1. ``python tools/gen_site.py`` regenerates the pages made from the rulesets
   (skipped with ``--no-generate``, or while that script does not exist);
2. ``sphinx-build -W --keep-going -b html docs-api docs/api`` builds the API
   reference of ``ambigu_rules`` with warnings as errors into ``docs/api/``
   (ignored by git); ``--fresh`` first removes it and Sphinx's cache, so that
   every page is rebuilt;
3. ``mkdocs build --strict`` builds ``docs/`` — the API reference included —
   into the site folder.

The API reference is built *before* MkDocs, inside ``docs/``, so that MkDocs
copies it to ``site/api/``, checks the links that point into it (the
navigation's "API reference" entry among them) under ``strict: true``, and
``mkdocs serve`` serves it at ``/api/`` like any other file.

With ``--rulesets DIR``, the site is built from the rule files of another
folder (``AMBIGU_RULESETS=DIR``: its ``*.yaml``, ``sources.yaml``,
``decks.yaml`` and ``site/``) without touching ``docs/``: the pages of
``docs/`` are copied into a scratch folder, the generated ones are written
there, and MkDocs builds that copy (:func:`build_from_rulesets`). The API
reference is not built then (its navigation entry gets a placeholder page):
it documents the package, not the rule files. The security tests build a
site from rule files full of hostile text this way.

The site is built into a new folder beside the site folder (on the same file
system) and put in its place only when every step has succeeded
(:func:`built_in_place`): until then the earlier site stays as it was, and a
build that fails or is stopped (Ctrl-C, ``SIGTERM``, ``SIGHUP``) removes the
new folder, ends the step that was running with everything it started, says
``build interrupted; site/ left as it was`` in one line, and exits with 128 +
the signal (130, 143, 129), without a traceback.

``make site`` and ``make serve`` run this script; the site tests and
``tools/bench_site.py`` import :func:`build`. Exits with the status of the
first step that fails.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
API_SOURCE = ROOT / "docs-api"
API_OUT = ROOT / "docs" / "api"
DOCTREES = ROOT / "build" / "doctrees-api"
GENERATOR = ROOT / "tools" / "gen_site.py"


class BuildError(RuntimeError):
    """One step of the build failed; the message holds its output."""


class Interrupted(KeyboardInterrupt):
    """A signal that stops the build as Ctrl-C does (raised by :func:`main`'s handler
    of ``SIGINT``, ``SIGTERM`` and ``SIGHUP``), with its number for the exit status."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number
        #: Whether the new site had already taken the place of the earlier one.
        self.replaced = False


#: The signals that stop a build, each as Ctrl-C does.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _bin(name: str) -> str:
    """A tool of the running interpreter's environment (``.venv/bin/NAME``)."""
    candidate = Path(sys.executable).parent / name
    return str(candidate) if candidate.exists() else name


def _run(step: str, argv: list[str], *, quiet: bool, env: dict[str, str] | None = None) -> float:
    """Run one step from the project folder; raise :class:`BuildError` if it fails.

    The step runs in a session of its own, so that Ctrl-C at the terminal reaches
    this process alone (the step prints no traceback of its own); when this
    process is stopped, the step and whatever it started are ended with it
    (:func:`_end_session`) before the exception goes on.
    """
    if not quiet:
        print(f"+ {' '.join(argv)}", flush=True)
    env = dict(os.environ if env is None else env, NO_MKDOCS_2_WARNING="1")
    start = time.perf_counter()
    output = subprocess.PIPE if quiet else None
    with subprocess.Popen(argv, cwd=ROOT, env=env, text=True, stdout=output, stderr=output,
                          start_new_session=True) as process:
        try:
            stdout, stderr = process.communicate()
        except BaseException:
            _end_session(process)
            raise
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        said = f"{stdout or ''}{stderr or ''}".strip()
        raise BuildError(f"{step} failed (exit {process.returncode})\n{said}".strip())
    return elapsed


def _end_session(process: subprocess.Popen[str]) -> None:
    """End a step and every process it started (its session's process group): what
    it was writing is thrown away with the new site folder."""
    with suppress(ProcessLookupError):  # the group is the step's, whose pid is not yet reaped
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _fresh_folder(parent: Path, prefix: str) -> Path:
    """A new, empty folder in ``parent`` named ``prefix`` and random letters, with
    the permissions a plain ``mkdir`` gives (``tempfile.mkdtemp`` would give 0700)."""
    while True:
        folder = parent / f"{prefix}{secrets.token_hex(4)}"
        try:
            folder.mkdir()
        except FileExistsError:
            continue
        return folder


@contextmanager
def built_in_place(destination: Path) -> Iterator[Path]:
    """A new folder beside ``destination`` for a build to fill, put in its place when
    the ``with`` block ends well; removed when it ends with an error or is
    stopped (Ctrl-C, a signal), ``destination`` left as it was.

    The folder is in the same parent (so on the same file system): the earlier
    folder is renamed away, the new one renamed in, and the earlier one deleted
    (:func:`_swap_in`), each rename atomic, so that the site is at any moment
    either the earlier one or the new one, never half of one.
    """
    destination = Path(destination)
    if destination.exists() and not destination.is_dir():
        raise BuildError(f"{destination} is not a folder: the site is built into a folder")
    destination.parent.mkdir(parents=True, exist_ok=True)
    building = _fresh_folder(destination.parent, f".{destination.name}.building-")
    try:
        yield building
        _swap_in(building, destination)
    finally:
        shutil.rmtree(building, ignore_errors=True)  # gone already once swapped in


def _swap_in(new: Path, destination: Path) -> None:
    """Put the folder ``new`` in the place of ``destination`` (which keeps its
    permissions), the signals that stop a build held back meanwhile: one that
    comes then is raised once the earlier site is gone, marked
    :attr:`Interrupted.replaced`."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    replaced = False
    try:
        try:
            kept = stat.S_IMODE(os.stat(destination).st_mode)
        except FileNotFoundError:
            os.rename(new, destination)
            replaced = True
            return
        os.chmod(new, kept)
        earlier = destination.parent / f".{destination.name}.earlier-{secrets.token_hex(4)}"
        os.rename(destination, earlier)
        try:
            os.rename(new, destination)
        except BaseException:
            os.rename(earlier, destination)
            raise
        replaced = True
        shutil.rmtree(earlier, ignore_errors=True)
    finally:
        try:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        except Interrupted as stop:  # a signal held back comes now
            stop.replaced = replaced
            raise


def build_api(*, fresh: bool = False, quiet: bool = False) -> float:
    """Build the Sphinx API reference into ``docs/api``; return the seconds taken."""
    if fresh:
        shutil.rmtree(API_OUT, ignore_errors=True)
        shutil.rmtree(DOCTREES, ignore_errors=True)
    # -q: only warnings (which are errors here) are printed.
    argv = [_bin("sphinx-build"), "-W", "--keep-going", "-q", "-b", "html", "-d", str(DOCTREES)]
    argv += [str(API_SOURCE.relative_to(ROOT)), str(API_OUT.relative_to(ROOT))]
    try:
        elapsed = _run("sphinx-build", argv, quiet=quiet)
    except KeyboardInterrupt:
        # Pages cut off half-written would pass for built: without its cache, the
        # next build writes every page again.
        shutil.rmtree(DOCTREES, ignore_errors=True)
        raise
    except BuildError:
        if fresh:
            raise
        # A cache left by an older theme or layout can trip an incremental
        # build; a fresh one tells a real error from a stale cache.
        return build_api(fresh=True, quiet=quiet)
    if prune_api_pages() and not fresh:
        # Pages of modules that are gone were deleted, but the pages an incremental
        # build left unwritten still list them in their navigation: build afresh.
        return build_api(fresh=True, quiet=quiet)
    return elapsed


#: Pages Sphinx writes that no ``.rst`` source names.
SPHINX_PAGES = {"genindex"}


def prune_api_pages() -> list[str]:
    """Delete pages of ``docs/api`` left by modules that are gone; return their names.

    Sphinx never removes a page whose source was deleted, so a renamed module
    would otherwise stay in the site as a stale page.
    """
    sources = {path.stem for path in API_SOURCE.glob("*.rst")} | SPHINX_PAGES
    stale = sorted(page.name for page in API_OUT.glob("*.html") if page.stem not in sources)
    for name in stale:
        (API_OUT / name).unlink()
    return stale


def build(
    site_dir: Path | str = ROOT / "site",
    *,
    generate: bool = True,
    fresh: bool = False,
    quiet: bool = False,
) -> dict[str, float]:
    """Run the three steps; return the seconds each took (and ``total``).

    MkDocs builds into a new folder beside ``site_dir``, which takes its place
    once the build has succeeded (:func:`built_in_place`).
    """
    timings: dict[str, float] = {}
    with built_in_place(Path(site_dir).resolve()) as out:
        if generate and GENERATOR.exists():
            timings["generate"] = _run(
                "gen_site.py", [sys.executable, str(GENERATOR.relative_to(ROOT))], quiet=quiet
            )
        timings["sphinx"] = build_api(fresh=fresh, quiet=quiet)
        argv = [_bin("mkdocs"), "build", "--strict", "--site-dir", str(out)]
        argv += ["--quiet"] if quiet else []
        timings["mkdocs"] = _run("mkdocs build", argv, quiet=quiet)
    timings["total"] = sum(timings.values())
    return timings


API_PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference</title></head>
<body><p>The API reference is not part of a site built from other rule files.</p></body></html>
"""


def _scratch_config(work: Path, docs: Path, *, only_edition: str | None = None) -> Path:
    """``mkdocs.yml`` rewritten to build ``docs`` (a copy) with the project's hooks
    and theme overrides; with ``only_edition``, that edition alone (the i18n
    plugin's ``build_only_locale``)."""
    config: dict[str, Any] = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    config["docs_dir"] = str(docs)
    config["hooks"] = [str((ROOT / hook).resolve()) for hook in config.get("hooks", [])]
    theme = config.get("theme", {})
    if theme.get("custom_dir"):
        theme["custom_dir"] = str((ROOT / theme["custom_dir"]).resolve())
    for plugin in config.get("plugins", []):
        if only_edition and isinstance(plugin, dict) and "i18n" in plugin:
            plugin["i18n"]["build_only_locale"] = only_edition
    config.pop("watch", None)  # only `mkdocs serve` watches
    for extension in config.get("markdown_extensions", []):
        if isinstance(extension, dict) and "pymdownx.snippets" in extension:
            options = extension["pymdownx.snippets"]
            # Relative to the working directory in mkdocs.yml; here, the copy.
            options["base_path"] = [str(docs)]
    path = work / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def build_from_rulesets(
    rulesets: Path | str,
    site_dir: Path | str,
    *,
    work_dir: Path | str | None = None,
    quiet: bool = False,
) -> dict[str, float]:
    """Build the site of the rule files in ``rulesets`` into ``site_dir``.

    ``docs/`` (without the API reference) is copied into ``work_dir`` (a new
    temporary folder when not given, removed afterwards), the pages made from
    the rule files are generated there with ``AMBIGU_RULESETS`` pointing at
    ``rulesets``, and ``mkdocs build --strict`` builds the copy. Nothing in the
    project is written. Returns the seconds each step took (and ``total``).
    """
    rulesets = Path(rulesets).resolve()
    if not (rulesets / "sources.yaml").is_file():
        raise BuildError(f"{rulesets}: no sources.yaml, not a folder of rule files")
    with tempfile.TemporaryDirectory(prefix="ambigu-build-") as scratch, \
            built_in_place(Path(site_dir).resolve()) as out:
        work = Path(work_dir).resolve() if work_dir is not None else Path(scratch)
        docs = work / "docs"
        shutil.rmtree(docs, ignore_errors=True)
        # Without the stamp of docs/ (tools/gen_site.py writes the copy's own).
        shutil.copytree(ROOT / "docs", docs,
                        ignore=shutil.ignore_patterns("api", ".gen_site-stamp.json*"))
        (docs / "api").mkdir()
        (docs / "api" / "index.html").write_text(API_PLACEHOLDER, encoding="utf-8")
        config = _scratch_config(work, docs)
        env = dict(os.environ, AMBIGU_RULESETS=str(rulesets))
        timings = {
            "generate": _run(
                "gen_site.py",
                [sys.executable, str(GENERATOR), "--docs-dir", str(docs)],
                quiet=quiet,
                env=env,
            )
        }
        argv = [_bin("mkdocs"), "build", "--strict", "--config-file", str(config)]
        argv += ["--site-dir", str(out)]
        argv += ["--quiet"] if quiet else []
        timings["mkdocs"] = _run("mkdocs build", argv, quiet=quiet, env=env)
    timings["total"] = sum(timings.values())
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site-dir", default="site", type=Path, help="output folder")
    parser.add_argument(
        "--no-generate", action="store_true", help="do not run tools/gen_site.py first"
    )
    parser.add_argument(
        "--fresh", action="store_true", help="rebuild the API reference from scratch"
    )
    parser.add_argument(
        "--api-only", action="store_true", help="only build the API reference into docs/api/"
    )
    parser.add_argument(
        "--rulesets", type=Path, help="build from the rule files of this folder instead"
    )
    parser.add_argument(
        "--work-dir", type=Path, help="with --rulesets: where the copy of docs/ goes"
    )
    args = parser.parse_args(argv)
    try:
        with stopped_as_by_ctrl_c():
            return _main(args)
    except KeyboardInterrupt as stop:
        number = getattr(stop, "signal_number", signal.SIGINT)
        if args.api_only:
            said = "docs/api/ is built afresh next time"
        elif getattr(stop, "replaced", False):
            said = f"{args.site_dir}/ had already been replaced by the new build"
        else:
            said = f"{args.site_dir}/ left as it was"
        print(f"build_site: build interrupted; {said}", file=sys.stderr, flush=True)
        return 128 + number


@contextmanager
def stopped_as_by_ctrl_c() -> Iterator[None]:
    """Within the block, ``SIGINT``, ``SIGTERM`` and ``SIGHUP`` raise
    :class:`Interrupted` (a ``KeyboardInterrupt``); the first one only: those that
    follow, while the build is being put away, are ignored. The handlers before
    are put back at the end."""
    def interrupt(number: int, frame: object) -> None:
        for each in STOP_SIGNALS:
            signal.signal(each, signal.SIG_IGN)
        raise Interrupted(number)

    before = {number: signal.signal(number, interrupt) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def _main(args: argparse.Namespace) -> int:
    """The build the arguments ask for; its exit status."""
    try:
        if args.rulesets is not None:
            timings = build_from_rulesets(args.rulesets, args.site_dir, work_dir=args.work_dir)
            steps = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in timings.items())
            print(f"build_site: built {args.site_dir}/ from {args.rulesets}/ ({steps})")
            return 0
        if args.api_only:
            seconds = build_api(fresh=args.fresh)
            print(f"build_site: built docs/api/ ({seconds:.1f} s)")
            return 0
        timings = build(args.site_dir, generate=not args.no_generate, fresh=args.fresh)
    except BuildError as error:
        print(f"build_site: {error}", file=sys.stderr)
        return 1
    steps = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in timings.items())
    print(f"build_site: built {args.site_dir}/ ({steps})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
