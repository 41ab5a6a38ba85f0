"""Build hook: the optional compiled build of the engine.

The package's metadata is in ``pyproject.toml``; this file only adds C
extensions, and only when ``AMBIGU_COMPILE=1`` is set. Then the modules a
deal runs through (the engine, the bots, the hand lookup) are compiled with
mypyc from the same type-checked sources, for 2.5 to 3 times the speed; every
other module, and any build without the variable, stays pure Python, so the
ordinary wheel (``py3-none-any``) is what the browser's Pyodide installs.

Compiled in place, for the tests and the benchmarks: ``make compiled`` runs
this inside a copy of the checkout, ``build/compiled`` (run in the checkout
itself, it would put compiled modules beside the sources that ``make test``
tests)::

    AMBIGU_COMPILE=1 python setup.py build_ext --inplace

A compiled wheel (needs a C compiler, ``mypy`` and ``setuptools>=77``)::

    AMBIGU_COMPILE=1 python -m build --wheel --no-isolation
"""

from __future__ import annotations

import os

from setuptools import setup

#: The modules compiled with mypyc: those a deal spends its time in.
COMPILED_MODULES = [
    "ambigu_rules/engine/actions.py",
    "ambigu_rules/engine/betting.py",
    "ambigu_rules/engine/chance.py",
    "ambigu_rules/engine/copies.py",
    "ambigu_rules/engine/deal.py",
    "ambigu_rules/engine/effects.py",
    "ambigu_rules/engine/events.py",
    "ambigu_rules/engine/exchange.py",
    "ambigu_rules/engine/game.py",
    "ambigu_rules/engine/pots.py",
    "ambigu_rules/engine/session.py",
    "ambigu_rules/engine/setup.py",
    "ambigu_rules/engine/stock.py",
    "ambigu_rules/engine/table.py",
    "ambigu_rules/hands/evaluator.py",
    "ambigu_rules/hands/showdown.py",
    "ambigu_rules/play/bots.py",
]


def extensions() -> list[object]:
    """The mypyc extensions when ``AMBIGU_COMPILE=1``, else none."""
    if os.environ.get("AMBIGU_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    return list(mypycify(COMPILED_MODULES, opt_level="3", debug_level="0",
                         strict_dunder_typing=False))


setup(ext_modules=extensions())
