"""The procedure as a graph: where each step may send the deal, as the engine runs it.

Two checks of a rule file walk it: that a deal can end and never goes round
without a player's decision (:mod:`.checks`), and that every exchange leaves a
player taking part a discard he can make (:mod:`.playable`). Both read where a
step's outcomes lead here, so the two agree on what ``end_deal``, ``goto`` and
``redeal`` do.

>>> from ambigu_rules.load.resolver import load_ruleset
>>> ruleset = load_ruleset("foster")
>>> [edge.target for edge in step_edges(ruleset, len(ruleset.procedure) - 1)]  # the showdown
[-1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..rules.procedure import BettingStep, Choice, DealStep, Effect, ShowdownStep
from ..rules.ruleset import Ruleset
from .validation import format_path
from .yaml_source import position_of

END = -1  # the end of the deal, as a node of the procedure's graph


class Edge(NamedTuple):
    """Where a step leads: the step's index (or :data:`END`), the path in the file of
    what sends it there, and whether a ``redeal`` on the way gathers every card."""

    target: int
    path: tuple[Any, ...]
    gathers: bool = False


def where(data: Any, path: tuple[Any, ...]) -> str:
    """``file:line:col: path`` of a place in a rule file (the path alone without a mark)."""
    mark = position_of(data, path)
    return f"{mark}: {format_path(path, data)}" if mark else format_path(path, data)


def outcome_edge(effects: Sequence[Effect], base: tuple[Any, ...], index: int,
                 ruleset: Ruleset) -> Edge:
    """Where a list of effects sends the deal, as the engine runs them.

    ``end_deal`` ends it; otherwise the last ``goto`` or ``redeal`` moves it;
    otherwise the next step follows. A ``redeal`` gathers every card wherever
    the deal goes on.
    """
    steps = ruleset.procedure
    target: tuple[int, tuple[Any, ...]] | None = None
    gathers = False
    for i, effect in enumerate(effects):
        if effect.end_deal:
            return Edge(END, (*base, i), gathers)
        if effect.goto is not None:
            found = next((j for j, step in enumerate(steps) if step.id == effect.goto), None)
            if found is not None:  # (an unknown step is reported by the reference checks)
                target = found, (*base, i, "goto")
        elif effect.redeal:
            gathers = True
            first = next((j for j, step in enumerate(steps) if isinstance(step, DealStep)), None)
            if first is not None:
                target = first, (*base, i, "redeal")
    if target is not None:
        return Edge(*target, gathers)
    return Edge(index + 1 if index + 1 < len(steps) else END, base, gathers)


def step_edges(ruleset: Ruleset, index: int) -> list[Edge]:
    """Every step the deal may go to after step ``index``."""
    step = ruleset.procedure[index]
    base: tuple[Any, ...] = ("procedure", index)
    if isinstance(step, ShowdownStep):
        return [outcome_edge(step.then, (*base, "then"), index, ruleset)]
    if isinstance(step, BettingStep):
        edges = []
        for name in ("on_all_pass", "on_uncalled_open", "on_uncalled_raise", "on_called"):
            outcome = getattr(step, name)
            if isinstance(outcome, Choice):
                edges += [outcome_edge(effects, (*base, name, "options", option), index, ruleset)
                          for option, effects in outcome.options.items()]
            elif outcome is not None:
                edges.append(outcome_edge(outcome, (*base, name), index, ruleset))
        if step.dealer_force is not None:
            edges.append(outcome_edge(step.dealer_force.then, (*base, "dealer_force", "then"),
                                      index, ruleset))
        return edges
    return [Edge(index + 1 if index + 1 < len(ruleset.procedure) else END, base)]
