"""Engine cases as Python source: every call written down, and the ``repro.py`` that
replays them.

Each call an engine case makes is written as the source that makes it again
(:func:`src`), so a finding comes with a script that rebuilds the table and
repeats every call, refused ones inside ``attempt(...)``.
"""

from __future__ import annotations

import math
from typing import NamedTuple


class FakeAction(NamedTuple):
    """A tuple shaped as an action that is none (the engine must refuse it)."""

    kind: object
    amount: object
    cards: object
    option: object


class Junk:
    """An object that is no action at all."""

    def __repr__(self) -> str:
        return "Junk()"


def src(value: object) -> str:
    """Python source that rebuilds ``value`` (for repro.py)."""
    from ambigu_rules.engine.actions import Action, LegalActions

    if isinstance(value, Action):
        return (f"Action({value.kind!r}, {src(value.amount)}, {src(value.cards)}, "
                f"{src(value.option)})") if type(value) is Action else repr(value)
    if isinstance(value, FakeAction):
        return f"FakeAction({', '.join(src(v) for v in value)})"
    if isinstance(value, float):
        if math.isnan(value):
            return "float('nan')"
        if math.isinf(value):
            return "float('inf')" if value > 0 else "float('-inf')"
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(src(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(src(v) for v in value) + "]"
    if isinstance(value, frozenset):
        return f"frozenset({src(sorted(value, key=repr))})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{src(k)}: {src(v)}" for k, v in value.items()) + "}"
    if value is Action:
        return "Action"
    if isinstance(value, LegalActions):
        return "game.legal_actions()"
    return repr(value)


def engine_repro(setup: str, trace: list[str], note: str) -> str:
    """The text of ``repro.py``: the table's ``setup`` line, then every call of ``trace``."""
    body = "\n".join(trace)
    return f'''"""Reproducer written by tools/fuzz.py (engine target).

{note}

Run: .venv/bin/python repro.py   (from the repository root, or anywhere with the package)
Every call of the case is replayed; calls the engine refuses print "refused".
"""
from collections import namedtuple

from ambigu_rules.engine import Game
from ambigu_rules.engine.actions import Action
from ambigu_rules.errors import AmbiguError
from ambigu_rules.load.resolver import load_ruleset

FakeAction = namedtuple("FakeAction", "kind amount cards option")


class Junk:
    def __repr__(self):
        return "Junk()"


def attempt(call):
    try:
        return call()
    except AmbiguError as error:
        print("refused:", type(error).__name__, error)


def state(game):
    table, deal = game.table, game.deal
    print("banks", table.banks, "bets", table.bets, "pool", table.pool, "batterie",
          table.batterie, "conserved", table.conserved())
    if deal is not None:
        cards = [c for h in deal.hands.values() for c in h] + deal.stock + [
            c for p in deal.discards.values() for c in p]
        print("cards", len(cards), "distinct", len(set(cards)), "to act", game.to_act,
              "over", game.deal_over)


{setup}
{body}
state(game)
'''
