"""Shared helpers for the test suite.

The expected results in these tests are written from the source texts in
``/work/shared/sources`` (and the research survey); they are never captured
from the program's output (DESIGN.md, honesty rule 2).

Also here, for the whole run: the disk cache of hand tables in a fresh
folder (:func:`pytest_configure`), and the markers ``browser`` and ``slow``
(:func:`pytest_collection_modifyitems`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from cli_in_process import CLI_ENVIRONMENT, run_main

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

# Every built-in version id the project publishes.
ALL_VARIANTS = ["1659", "1702", "1730", "foster", "russian", "russian-courts", "encyclopedia"]
# The French tradition: 1659 and 1702 inherit the 1730 reconstruction unchanged.
FRENCH = ["1659", "1702", "1730"]
# Versions played with the plain forty-card deck (ace to ten).
FORTY_CARD_VARIANTS = ["1659", "1702", "1730", "foster", "russian", "encyclopedia"]


@cache
def evaluator(variant: str):  # type: ignore[no-untyped-def]
    """One evaluator per version for the whole run (building one compiles a table)."""
    from ambigu_rules.load.versions import evaluator_for_variant

    return evaluator_for_variant(variant)


def evaluate(variant: str, hand: str):  # type: ignore[no-untyped-def]
    return evaluator(variant).evaluate(hand)


def key(variant: str, hand: str) -> int:
    return evaluate(variant, hand).key


def beats(variant: str, winner: str, loser: str) -> bool:
    """True when ``winner`` is strictly the better hand under ``variant``."""
    return key(variant, winner) > key(variant, loser)


def cli_command() -> list[str]:
    """The ``ambigu`` command: the console script if installed, else ``python -m``."""
    script = ROOT / ".venv" / "bin" / "ambigu"
    if script.exists():
        return [str(script)]
    found = shutil.which("ambigu")
    if found:
        return [found]
    return [sys.executable, "-m", "ambigu_rules"]


def cli_environment() -> dict[str, str]:
    """The environment of a command-line subprocess: this checkout's package first,
    no colour, 200 columns, the built-in rule files."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    for name, value in CLI_ENVIRONMENT.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``ambigu ARGS`` run from ``cwd`` (the root by default) inside this process
    (``cli_in_process.run_main``): its status, stdout and stderr as a subprocess's."""
    return run_main(*args, cwd=cwd or ROOT)


def run_cli_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``ambigu ARGS`` through the installed command, in a subprocess of its own."""
    return subprocess.run(
        [*cli_command(), *args],
        capture_output=True,
        text=True,
        cwd=str(cwd or ROOT),
        env=cli_environment(),
        timeout=120,
    )


def play_house(tmp_path: Path, name: str, house: str, deal: str) -> list[str]:
    """Write a house rule file and a replay beside it, play it, return its mismatches."""
    from ambigu_rules.play.replay_run import play_replay

    (tmp_path / name).write_text(house, encoding="utf-8")
    replay = tmp_path / "deal.yaml"
    replay.write_text(deal, encoding="utf-8")
    return play_replay(replay).mismatches


# -- the whole run -------------------------------------------------------------------

#: The variables this run sets for itself (and gives back their values at its end).
RUN_VARIABLES = ("AMBIGU_TEST_RUN_DIR", "AMBIGU_CACHE_DIR", "AMBIGU_NO_CACHE",
                 "AMBIGU_WHEEL_CACHE")
_saved: dict[str, str | None] = {}
_run_folder: list[Path] = []


def pytest_configure(config: pytest.Config) -> None:
    """Make the run's own folder, ``$AMBIGU_TEST_RUN_DIR``, shared by all its processes.

    It holds the disk cache of hand tables (``tables/``, as ``$AMBIGU_CACHE_DIR``):
    fresh and empty, so every table a test needs is compiled in this run from
    this code (a table left by an earlier run or in the user's own cache is
    never read), and once for all, as the xdist workers and every subprocess
    inherit the folder from the environment. ``site_helpers`` builds the site
    there, once per run whichever worker asks first. The controller (or a run
    without xdist) makes the folder; a worker finds it in its environment.
    """
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    _saved.update({name: os.environ.get(name) for name in RUN_VARIABLES})
    run = Path(tempfile.mkdtemp(prefix="ambigu-test-run-"))
    _run_folder.append(run)
    os.environ["AMBIGU_TEST_RUN_DIR"] = str(run)
    os.environ["AMBIGU_CACHE_DIR"] = str(run / "tables")
    os.environ.pop("AMBIGU_NO_CACHE", None)
    # The site builds of the run (the real site, the hostile one) build the project's
    # wheel for the Play page once: tools/pyodide_assets.py keeps it there by a
    # digest of the files it is made from.
    os.environ["AMBIGU_WHEEL_CACHE"] = str(run / "wheel")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's folder and give the variables back their values; print the
    line that ends the run, what was skipped and why (:func:`skip_line`)."""
    for line in _ending:
        print(line, flush=True)
    _ending.clear()
    if not _run_folder:
        return
    shutil.rmtree(_run_folder.pop(), ignore_errors=True)
    for name in RUN_VARIABLES:
        value = _saved.pop(name)
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


BROWSER_TESTS = TESTS / "browser"
#: Tests that take more than about 5 seconds here (``pytest --durations=40``),
#: by node id or its start: marked ``slow``, so ``-m "not slow"`` runs without them.
#: A whole module where its module fixture is what takes the time (a built site,
#: every command run once), and every browser test (each needs the built site).
SLOW_TESTS = (
    "tests/browser/",
    "tests/site/test_site_build.py",
    "tests/site/test_site_hostile.py",
    "tests/site/test_site_generation.py::test_mkdocs_build_strict_publishes_the_generated_pages",
    "tests/site/test_site_generation.py::test_check_mode_lists_stale_and_left_over_pages",
    "tests/site/test_site_generation.py::test_hook_rewrites_pages_under_serve_and_refuses_stale",
    "tests/site/test_site_generation.py::test_serving_a_clean_checkout_twice_changes_no_file",
    "tests/test_cli_hostile_output.py",
    "tests/test_pyodide_bytecode.py::test_every_module_the_site_ships_has_the_bytecode_of_its_source",
    "tests/test_fuzz_tool.py::test_an_engine_that_crashes_on_a_bad_action_is_a_finding",
    "tests/test_fuzz_tool.py::test_an_engine_that_accepts_absurd_arguments_is_a_finding",
    "tests/test_fuzz_tool.py::test_an_engine_that_changes_state_when_refusing_is_a_finding",
    "tests/test_fuzz_tool.py::test_an_engine_case_is_a_function_of_seed_and_number",
    "tests/test_fuzz_tool.py::test_an_engine_finding_comes_with_a_reproducer_that_runs",
    "tests/test_fuzz_tool.py::test_short_run_of_each_target_exits_0_or_1_and_writes_its_summary"
    "[rulesets-",
    "tests/load/test_hostile_files.py::test_one_mib_of_list_items_stops_at_the_value_limit",
    "tests/hands/test_table_without_numpy.py::test_every_version_plays_the_same_from_a_table",
    "tests/engine/test_hostile_engine.py::test_simulation_memory_does_not_grow",
    "tests/engine/test_hostile_engine.py::test_a_long_lived_process_keeps_a_bounded_number",
    "tests/engine/test_hostile_engine.py::test_simulate_on_a_deal_that_cannot_end_says_so",
)
#: Tests that must run in one worker, in their order, under ``--dist loadgroup`` (as
#: ``make test`` runs), by node id or its start (the longest that fits counts): a
#: group's name, or :data:`BY_FILE` for one group per file. A page's examples share
#: one namespace, top to bottom; a module fixture (a browser, every command run once)
#: would run once per worker; each site built once per run (``site_helpers``) is
#: built by the worker that runs the site's own tests, first of all (:data:`FIRST`),
#: while the others run the rest; a browser test that comes to it before the build
#: is done waits for the build's lock. :func:`pytest_xdist_make_scheduler` applies
#: them.
BY_FILE = "file"
GROUPS = {
    "docs/": BY_FILE,
    "tests/test_cli.py": BY_FILE,
    "tests/test_cli_hostile_output.py": BY_FILE,
    "tests/load/test_hostile_files.py": BY_FILE,
    "tests/site/test_site_generation.py": BY_FILE,
    "tests/site/test_site_tables.py": BY_FILE,  # one module fixture: every table, once
    "tests/site/test_site_generation.py::test_mkdocs_build_strict": "site",
    "tests/site/test_site_build.py": "site",
    "tests/test_pyodide_bytecode.py::test_every_module_the_site_ships": "site",
    "tests/site/test_site_hostile.py": "hostile-site",
    "tests/browser/": BY_FILE,
}
#: The groups handed out before any other (the site builds, the longest first).
FIRST = ("hostile-site", "site")


def group_of(nodeid: str) -> str | None:
    """The group a test runs in, as :data:`GROUPS` says (``None``: any worker).

    >>> group_of("tests/site/test_site_hostile.py::test_x"), group_of("tests/x.py::y")
    ('hostile-site', None)
    >>> group_of("docs/play.md::line:10,column:1")
    'docs/play.md'
    """
    fits = [start for start in GROUPS if nodeid.startswith(start)]
    if not fits:
        return None
    group = GROUPS[max(fits, key=len)]
    return nodeid.split("::", 1)[0] if group == BY_FILE else group


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of ``tests/browser/`` ``browser``, and the slow ones ``slow``."""
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)
        if item.nodeid.startswith(SLOW_TESTS):
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadgroup``, send each group of :data:`GROUPS` to one worker.

    xdist's own ``loadgroup`` reads ``xdist_group`` marks and groups by a suffix it
    adds to each node id, which pytest 9 no longer lets it change; the scheduler
    here finds a test's group from its node id instead. The groups of :data:`FIRST`
    are handed out first, then the others, most tests first, then every other test
    one by one as workers free up.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class GroupScheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid) or super()._split_scope(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            for scope in FIRST:
                if scope in self.workqueue:
                    self.workqueue.move_to_end(scope, last=False)
                    break
            super()._assign_work_unit(node)

    return GroupScheduling(config, log)


# -- the line that ends the run: what was skipped, and why -----------------------------

#: What a skipped test lacked, by words its reason holds (the first that fits),
#: and what to run to have it.
SKIP_CAUSES = (
    (("chromium", "playwright", "browser"), "need Chromium (run make check-site)"),
    (("audit",), "are the site audit (run make check-site, or AMBIGU_AUDIT=1)"),
    (("source texts",), "need the source texts beside the repository (../shared/sources)"),
    (("pettingzoo", "gymnasium", "dask", "distributed", "extra"),
     "need the optional extras (run make test-extras)"),
    (("yaml-language-server",), "need the YAML language server (npm i -E yaml-language-server)"),
    (("node",), "need Node"),
    (("pyodide",), "need the Pyodide assets (make pyodide-assets)"),
)
_skips: list[str] = []


def skip_cause(reason: str) -> str:
    """The cause a skip's reason names, as :data:`SKIP_CAUSES` words it (the reason
    itself when none fits).

    >>> skip_cause("Skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)")
    'need Chromium (run make check-site)'
    >>> skip_cause("Skipped: no FIFOs here")
    'no FIFOs here'
    """
    text = reason.removeprefix("Skipped: ")
    lowered = text.lower()
    return next((cause for words, cause in SKIP_CAUSES if any(w in lowered for w in words)), text)


def skip_line(reasons: list[str]) -> str:
    """One line: how many tests were skipped, by cause, the most first.

    >>> skip_line([])
    'skipped: none'
    >>> skip_line(["no Chromium at x", "Skipped: no FIFOs here", "Playwright is not installed"])
    'skipped: 3 (2 need Chromium (run make check-site); 1 no FIFOs here)'
    """
    if not reasons:
        return "skipped: none"
    counts: dict[str, int] = {}
    for reason in reasons:
        cause = skip_cause(reason)
        counts[cause] = counts.get(cause, 0) + 1
    causes = "; ".join(f"{count} {cause}" for cause, count in
                       sorted(counts.items(), key=lambda item: (-item[1], item[0])))
    return f"skipped: {len(reasons)} ({causes})"


def _skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Note each skipped test's reason (in the controller, which hears every worker)."""
    if (report.skipped and not hasattr(report, "wasxfail")
            and not os.environ.get("PYTEST_XDIST_WORKER")):
        _skips.append(_skip_reason(report))


def pytest_collectreport(report: pytest.CollectReport) -> None:
    """A module skipped whole counts as one skip, with its reason."""
    if report.skipped and not os.environ.get("PYTEST_XDIST_WORKER"):
        _skips.append(_skip_reason(report))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Keep the skip line for the very end of the run (:func:`_print_skip_line`)."""
    if not os.environ.get("PYTEST_XDIST_WORKER") and not session.config.option.collectonly:
        _ending.append(skip_line(_skips))


_ending: list[str] = []
