"""Checks that a schema cannot express: references between parts of a ruleset."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .errors import RulesetError
from .inheritance import is_rule_point
from .model import (
    CANONICAL_COMBINATIONS,
    BestOf,
    BettingStep,
    Choice,
    Effect,
    Ruleset,
    ShowdownStep,
)
from .validation import format_path
from .yaml_source import position_of


def _where(data: Any, path: tuple[Any, ...]) -> str:
    mark = position_of(data, path)
    return f"{mark}: {format_path(path)}" if mark else format_path(path)


def _rule_points(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every rule point (mapping with provenance) in the resolved data, with its path."""
    if isinstance(value, dict):
        if is_rule_point(value):
            yield path, value
        for key, item in value.items():
            yield from _rule_points(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _rule_points(item, (*path, index))


def _check_sources(data: Any, problems: list[str]) -> None:
    from .bibliography import load_bibliography

    known = load_bibliography().ids()
    for path, point in _rule_points(data, ()):
        refs = point.get("source")
        items = refs if isinstance(refs, list) else [refs]
        for index, item in enumerate(items):
            source_id = item.split()[0] if isinstance(item, str) else (item or {}).get("id")
            if source_id not in known:
                sub = (*path, "source", index) if isinstance(refs, list) else (*path, "source")
                problems.append(
                    f"{_where(data, sub)}: unknown source {source_id!r} "
                    f"(not in rulesets/sources.yaml)"
                )


def _check_combinations(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    ids = [c.id for c in ruleset.combinations]
    for index, combination in enumerate(ruleset.combinations):
        here = ("combinations", index)
        if combination.canonical is None and combination.id not in CANONICAL_COMBINATIONS:
            problems.append(
                f"{_where(data, here)}: combination {combination.id!r} needs "
                f"'canonical:' (one of {', '.join(CANONICAL_COMBINATIONS)})"
            )
        for part_index, part in enumerate(combination.parts):
            names = part.best_of if isinstance(part, BestOf) else [part]
            for name in names:
                if name not in ids:
                    problems.append(
                        f"{_where(data, (*here, 'parts', part_index))}: "
                        f"no combination {name!r}"
                    )
                elif name == combination.id:
                    problems.append(
                        f"{_where(data, (*here, 'parts', part_index))}: "
                        f"a combination cannot be a part of itself"
                    )
        if combination.payment == "adds" and not combination.parts:
            problems.append(
                f"{_where(data, (*here, 'payment'))}: payment 'adds' needs 'parts' to add"
            )
    ranked: list[str] = [name for tier in ruleset.ranking.order for name in tier]
    for tier_index, tier in enumerate(ruleset.ranking.order):
        for name in tier:
            if name not in ids:
                problems.append(
                    f"{_where(data, ('ranking', 'order', tier_index))}: "
                    f"no combination {name!r}"
                )
    by_id = {c.id: c for c in ruleset.combinations}
    for tier_index, tier in enumerate(ruleset.ranking.order):
        ties = {tuple(by_id[name].ties) for name in tier if name in by_id}
        if len(ties) > 1:
            problems.append(
                f"{_where(data, ('ranking', 'order', tier_index))}: combinations of one "
                f"rank must share the same 'ties' keys to be compared"
            )
    for name in ids:
        count = ranked.count(name)
        if count != 1:
            problems.append(
                f"{_where(data, ('ranking', 'order'))}: combination {name!r} appears "
                f"{count} times in the order (expected once)"
            )


def _effects(ruleset: Ruleset) -> Iterator[tuple[tuple[Any, ...], Effect]]:
    for index, step in enumerate(ruleset.procedure):
        base = ("procedure", index)
        if isinstance(step, BettingStep):
            for name in ("on_all_pass", "on_uncalled_open", "on_uncalled_raise", "on_called"):
                outcome = getattr(step, name)
                if outcome is None:
                    continue
                if isinstance(outcome, Choice):
                    for option, effects in outcome.options.items():
                        for i, effect in enumerate(effects):
                            yield (*base, name, "options", option, i), effect
                else:
                    for i, effect in enumerate(outcome):
                        yield (*base, name, i), effect
            if step.dealer_force:
                for i, effect in enumerate(step.dealer_force.then):
                    yield (*base, "dealer_force", "then", i), effect
        elif isinstance(step, ShowdownStep):
            for i, effect in enumerate(step.then):
                yield (*base, "then", i), effect


def _check_procedure(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    step_ids: list[str] = []
    for index, step in enumerate(ruleset.procedure):
        if step.id in step_ids:
            problems.append(f"{_where(data, ('procedure', index, 'id'))}: step id "
                            f"{step.id!r} is used twice")
        step_ids.append(step.id)
    for path, effect in _effects(ruleset):
        if effect.goto is not None and effect.goto not in step_ids:
            problems.append(f"{_where(data, (*path, 'goto'))}: no step {effect.goto!r}")
    if not any(isinstance(step, ShowdownStep) for step in ruleset.procedure):
        problems.append(f"{_where(data, ('procedure',))}: the procedure has no showdown step")


def _check_table(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    from .cards import load_decks

    if ruleset.deck.use not in load_decks():
        problems.append(
            f"{_where(data, ('deck', 'use'))}: no deck {ruleset.deck.use!r} in "
            f"rulesets/decks.yaml (decks: {', '.join(load_decks())})"
        )
    if ruleset.players.min > ruleset.players.max:
        problems.append(f"{_where(data, ('players',))}: min is greater than max")
    seen: set[str] = set()
    for index, penalty in enumerate(ruleset.table.penalties):
        if penalty.id in seen:
            problems.append(f"{_where(data, ('table', 'penalties', index))}: penalty id "
                            f"{penalty.id!r} is used twice")
        seen.add(penalty.id)


def check_references(ruleset: Ruleset, data: Any) -> None:
    """Raise :class:`RulesetError` listing every dangling or inconsistent reference."""
    problems: list[str] = []
    _check_sources(data, problems)
    _check_combinations(ruleset, data, problems)
    _check_procedure(ruleset, data, problems)
    _check_table(ruleset, data, problems)
    if problems:
        raise RulesetError(problems)
