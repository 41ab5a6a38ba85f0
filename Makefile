# Ambigu rules — build, serve, test.
#
# Every target runs the tools of the project's own virtual environment
# (.venv/bin/...). The environment is created on first use from the pinned
# requirements/lock.txt, then the package is installed in editable mode
# without touching those pins. It is rebuilt when lock.txt or pyproject.toml
# changes.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.stamp
BENCH_STAMP := $(VENV)/.stamp-bench
BROWSER_STAMP := $(VENV)/.stamp-browser
PYODIDE_STAMP := $(VENV)/.stamp-pyodide
HOST   ?= 127.0.0.1
PORT   ?= 8000

# Hide Material for MkDocs' end-of-life banner (maintained until 2027-05-05) on
# every build; the README ("The docs stack's horizon") says so and what comes next.
export NO_MKDOCS_2_WARNING := 1

.PHONY: analysis test-extras help venv browser-deps pyodide-assets bench-browser serve check-serve site api check-site test lint bench bench-site clean distclean

help:
	@echo "make serve      build the site and serve it at http://$(HOST):$(PORT)"
	@echo "make test       ruff check, mypy --strict, then the whole pytest suite"
	@echo "make site       build the static site into site/ (pages, API reference, strict)"
	@echo "make api        build only the Sphinx API reference into docs/api/"
	@echo "make check-site build site/, check its links, run the site and browser tests"
	@echo "                (needs Debian's chromium: apt-get install chromium); fetches the"
	@echo "                pinned Pyodide runtime and wheels for the in-browser parity test"
	@echo "make check-serve run make serve, fetch four pages, stop it, and check that no"
	@echo "                tracked file changed (as CI does on a clean clone)"
	@echo "make test-extras install the optional extras (requirements/extras.txt) and run"
	@echo "                the tests that need them (a local Dask cluster, PettingZoo's"
	@echo "                api_test and Gymnasium's env checker)"
	@echo "make lint       ruff check and mypy --strict"
	@echo "make bench      install requirements/bench.txt; evaluator, engine and simulation"
	@echo "                benchmarks"
	@echo "make invariants 100,000 random deals per version, checking the invariants"
	@echo "make analysis   simulate every version (200,000 deals each, every core) for the"
	@echo "                figures of the page How the versions play"
	@echo "make fuzz       fuzz rule files, replays and the engine for MINUTES (default 5)"
	@echo "make check-wheel build the wheel and sdist into dist/, install the wheel in a"
	@echo "                fresh venv outside the checkout and run the command line there"
	@echo "make bench-site time the full site build (tools/bench_site.py)"
	@echo "make bench-browser time the in-browser evaluator and Play page, and the site's size"
	@echo "make clean      remove site/ and caches (keeps .venv)"
	@echo "make distclean  clean, and remove .venv"

# --- virtual environment -----------------------------------------------------

$(STAMP): requirements/lock.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements/lock.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

venv: $(STAMP)

# The tests of the optional extras, with their pinned dependencies installed
# into .venv first (the whole suite skips them where the extras are missing).
EXTRAS_STAMP := $(VENV)/.stamp-extras
$(EXTRAS_STAMP): requirements/extras.txt $(STAMP)
	$(BIN)/python -m pip install --quiet -r requirements/extras.txt
	touch $@

test-extras: $(EXTRAS_STAMP)
	$(BIN)/python -c "import distributed, pettingzoo, gymnasium"
	$(BIN)/python -m pytest -q -p no:randomly -rs tests/learning \
		tests/play/test_simulate_bots_and_executors.py::test_a_local_dask_cluster_gives_the_serial_report

$(BENCH_STAMP): requirements/bench.txt $(STAMP)
	$(BIN)/python -m pip install --quiet -r requirements/bench.txt
	touch $@

# Playwright for the browser tests (its wheel bundles its driver). The browser
# itself is Debian's chromium at /usr/bin/chromium: `playwright install` is
# never run.
$(BROWSER_STAMP): requirements/browser.txt $(STAMP)
	$(BIN)/python -m pip install --quiet -r requirements/browser.txt
	touch $@

browser-deps: $(BROWSER_STAMP)

# The Pyodide runtime (npm) and the browser wheels (PyPI), pinned and checked
# in requirements/pyodide.json, downloaded once into .venv/pyodide/ (like the
# packages of .venv). The Pyodide parity test uses them.
$(PYODIDE_STAMP): requirements/pyodide.json $(STAMP)
	$(BIN)/python tools/pyodide_assets.py fetch
	touch $@

pyodide-assets: $(PYODIDE_STAMP)

# --- site ----------------------------------------------------------------------

# tools/build_site.py: tools/gen_site.py (the pages made from the rulesets),
# then Sphinx into docs/api/ (ignored by git), then mkdocs build --strict, which
# copies docs/api/ to site/api/. `serve` builds once the same way, so the API
# reference is served at /api/ beside the pages.

site: $(STAMP) $(PYODIDE_STAMP)
	$(BIN)/python tools/build_site.py --site-dir site

api: $(STAMP)
	$(BIN)/python tools/build_site.py --api-only

serve: site
	$(BIN)/mkdocs serve -a $(HOST):$(PORT)

# The README's first command as a newcomer runs it: `make serve` started, /,
# /fr/, /versions/1730/ and /play/ fetched, the server stopped, and no tracked
# file changed (tools/check_serve.py). CI runs it on its clean clone.
check-serve: $(STAMP)
	$(BIN)/python tools/check_serve.py

# Links and anchors of site/, no network use, search index, then the real
# browser (Playwright driving /usr/bin/chromium) against site/ served on
# 127.0.0.1. AMBIGU_REQUIRE_BROWSER turns a missing browser into a failure.
check-site: $(PYODIDE_STAMP) site $(BROWSER_STAMP)
	$(BIN)/python tools/check_links.py site
	AMBIGU_SITE_DIR=site AMBIGU_REQUIRE_BROWSER=1 \
		$(BIN)/python -m pytest -p no:cacheprovider tests/site/test_site_build.py \
		tests/test_pyodide_bytecode.py tests/browser

# --- checks --------------------------------------------------------------------

# pytest in one process per core (pytest-xdist); --dist loadgroup keeps the
# tests that must share a worker together (tests/conftest.py, GROUPS).
# Python keeps its compiled modules (__pycache__/, ignored by git) during the
# suite even where PYTHONDONTWRITEBYTECODE is set: the suite starts the command
# line hundreds of times, and each start would compile the package afresh
# (about 0.6 s of CPU each; a fresh clone's run took 11 % more CPU without).
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n auto --dist loadgroup

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(BENCH_STAMP)
	$(BIN)/python tools/bench_evaluator.py
	$(BIN)/python tools/bench_engine.py
	$(BIN)/python tools/bench_simulate.py

invariants: $(STAMP)
	$(BIN)/python tools/check_invariants.py --jobs 2

# The figures of the page "How the versions play": 200,000 simulated deals per
# version on every core, written to rulesets/site/how-the-versions-play.json
# with the command and seed that make them again (tools/analysis.py).
analysis: $(STAMP)
	$(BIN)/python tools/analysis.py

# Hostile rule files, replays and engine calls (tools/fuzz.py); findings go to
# fuzz-findings/ (ignored by git). Exit status 1 when anything was found.
MINUTES ?= 5
.PHONY: fuzz
fuzz: $(STAMP)
	$(BIN)/python tools/fuzz.py --minutes $(MINUTES)

# The package as a user gets it: wheel and sdist (requirements/build.txt), the
# wheel installed in a fresh venv outside the checkout, the command line run.
.PHONY: check-wheel
check-wheel:
	bash tools/check_wheel.sh dist

bench-site: $(STAMP)
	$(BIN)/python tools/bench_site.py

# --- housekeeping ----------------------------------------------------------------

clean:
	rm -rf site .site.building-* .site.earlier-* docs/api build dist .pytest_cache .ruff_cache .mypy_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)

bench-browser: site $(BROWSER_STAMP)
	$(BIN)/python tools/bench_browser.py --site-dir site
