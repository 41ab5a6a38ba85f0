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
HOST   ?= 127.0.0.1
PORT   ?= 8000

# Silence Material for MkDocs' end-of-life banner on every build.
export NO_MKDOCS_2_WARNING := 1

.PHONY: help venv serve site test lint bench clean distclean

help:
	@echo "make serve      build the site and serve it at http://$(HOST):$(PORT)"
	@echo "make test       ruff check, then the whole pytest suite"
	@echo "make site       build the static site into site/ (strict)"
	@echo "make lint       ruff check only"
	@echo "make bench      install requirements/bench.txt, run tools/bench_evaluator.py"
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

$(BENCH_STAMP): requirements/bench.txt $(STAMP)
	$(BIN)/python -m pip install --quiet -r requirements/bench.txt
	touch $@

# --- site ----------------------------------------------------------------------

serve: $(STAMP)
	$(BIN)/mkdocs serve -a $(HOST):$(PORT)

site: $(STAMP)
	$(BIN)/mkdocs build --strict --site-dir site

# --- checks --------------------------------------------------------------------

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(BENCH_STAMP)
	$(BIN)/python tools/bench_evaluator.py

# --- housekeeping ----------------------------------------------------------------

clean:
	rm -rf site build .pytest_cache .ruff_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
