"""Checks that a schema cannot express: references between parts of a ruleset."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from math import comb
from typing import Any

from ..errors import CardError, RulesetError
from ..hands.key_space import TIER_SHIFT, packing_space
from ..limits import MAX_COUNTERS, MAX_TABLE_WORK
from ..rules.combinations import BestOf, Combination, table_work
from ..rules.deck import HAND_SIZE, Deck
from ..rules.procedure import (
    BettingStep,
    Choice,
    DealStep,
    Effect,
    ExchangeStep,
    ShowdownStep,
    ShuffleCallStep,
)
from ..rules.ruleset import Ruleset
from .catalog import deck_of, load_bibliography, load_decks
from .inheritance import is_rule_point
from .playable import check_playable
from .procedure_graph import END, Edge, step_edges, where
from .validation import did_you_mean
from .yaml_source import position_of


def _written_here(data: Any, path: tuple[Any, ...]) -> bool:
    """Whether the entry at ``path`` was written in the file being read (the top one of
    an ``extends`` chain), not inherited from a version it extends."""
    top = getattr(data, "mark", None)
    mark = position_of(data, path)
    return top is not None and mark is not None and mark.file == top.file


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
    known = load_bibliography().ids()
    own = data.get("sources") if isinstance(data, dict) else None
    for index, source in enumerate(own if isinstance(own, list) else []):
        source_id = source.get("id") if isinstance(source, dict) else None
        if source_id in known:
            problems.append(f"{where(data, ('sources', index))}: source {source_id!r} is "
                            "already in rulesets/sources.yaml: cite it, or give yours "
                            "another id")
    known = known | {str(s.get("id")) for s in own or [] if isinstance(s, dict)}
    places = {source.id: [place.label for place in source.places]
              for source in load_bibliography().sources if source.places}
    for path, point in _rule_points(data, ()):
        refs = point.get("source")
        items = refs if isinstance(refs, list) else [refs]
        for index, item in enumerate(items):
            if isinstance(item, str):
                source_id, _, at = item.partition(" ")
            else:
                source_id, at = (item or {}).get("id"), (item or {}).get("at") or ""
            sub = (*path, "source", index) if isinstance(refs, list) else (*path, "source")
            if source_id not in known:
                problems.append(
                    f"{where(data, sub)}: unknown source {source_id!r}"
                    f"{did_you_mean(source_id, sorted(known))} "
                    f"(not in rulesets/sources.yaml, nor in this file's own 'sources:')"
                )
            elif at.strip() and source_id in places and at.strip() not in places[source_id]:
                problems.append(
                    f"{where(data, sub)}: {source_id} has no place {at.strip()!r}"
                    f"{did_you_mean(at.strip(), places[source_id])} (its places: "
                    f"{', '.join(places[source_id])}; see rulesets/sources.yaml)"
                )


def _check_combinations(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    ids = [c.id for c in ruleset.combinations]
    for index, combination in enumerate(ruleset.combinations):
        here = ("combinations", index)
        for part_index, part in enumerate(combination.parts):
            names = part.best_of if isinstance(part, BestOf) else [part]
            for name in names:
                if name not in ids:
                    problems.append(
                        f"{where(data, (*here, 'parts', part_index))}: "
                        f"no combination {name!r}{did_you_mean(name, ids)}"
                    )
                elif name == combination.id:
                    problems.append(
                        f"{where(data, (*here, 'parts', part_index))}: "
                        f"a combination cannot be a part of itself"
                    )
        if combination.payment == "adds" and not combination.parts:
            problems.append(
                f"{where(data, (*here, 'payment'))}: payment 'adds' needs 'parts' to add"
            )
    ranked: list[str] = [name for tier in ruleset.ranking.order for name in tier]
    for tier_index, tier in enumerate(ruleset.ranking.order):
        for name in tier:
            if name not in ids:
                problems.append(
                    f"{where(data, ('ranking', 'order', tier_index))}: "
                    f"no combination {name!r}{did_you_mean(name, ids)}"
                )
    by_id = {c.id: c for c in ruleset.combinations}
    for tier_index, tier in enumerate(ruleset.ranking.order):
        ties = {tuple(by_id[name].ties) for name in tier if name in by_id}
        if len(ties) > 1:
            problems.append(
                f"{where(data, ('ranking', 'order', tier_index))}: combinations of one "
                f"rank must share the same 'ties' keys to be compared"
            )
    counts = Counter(ranked)
    for index, name in enumerate(ids):
        if counts[name] == 0:  # said where the combination is written: that is what to fix
            problems.append(
                f"{where(data, ('combinations', index, 'id'))}: combination {name!r} is not "
                "in ranking.order: give the order with it in its place"
            )
        elif counts[name] > 1:
            problems.append(
                f"{where(data, ('ranking', 'order'))}: combination {name!r} appears "
                f"{counts[name]} times in the order (expected once)"
            )


def _part_names(combination: Combination) -> list[str]:
    return [name for part in combination.parts
            for name in (part.best_of if isinstance(part, BestOf) else [part])]


def _check_part_cycles(ruleset: Ruleset, data: Any, problems: list[str]) -> bool:
    """Report parts that lead back to their combination; True if there is none.

    One depth-first walk over the combinations, each visited once (a
    combination whose parts are all checked is never walked again): the work
    grows with the number of parts, however the combinations share them.
    """
    by_id = {c.id: c for c in ruleset.combinations}
    index_of = {c.id: i for i, c in enumerate(ruleset.combinations)}
    finished: set[str] = set()
    found = False
    for root in ruleset.combinations:
        if root.id in finished:
            continue
        trail = [root.id]  # the path from the root, each name once
        on_trail = {root.id}
        pending = [iter(_part_names(root))]
        while pending:
            part = next(pending[-1], None)
            if part is None:
                pending.pop()
                on_trail.discard(trail[-1])
                finished.add(trail.pop())
                continue
            if part not in by_id or part == trail[-1] or part in finished:
                continue  # dangling or self references are reported elsewhere
            if part in on_trail:
                found = True
                loop = trail[trail.index(part):]
                shown = " → ".join([*loop, part])
                problems.append(f"{where(data, ('combinations', index_of[part], 'parts'))}"
                                f": the parts of {part!r} lead back to it ({shown})")
                continue
            trail.append(part)
            on_trail.add(part)
            pending.append(iter(_part_names(by_id[part])))
    # A combination that is its own part is reported by _check_combinations.
    return not found and not any(c.id in _part_names(c) for c in ruleset.combinations)


def _check_values(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    """A combination's value, its parts added, stays within the counter limit."""
    by_id = {c.id: c for c in ruleset.combinations}
    worth: dict[str, int] = {}

    def most(name: str) -> int:
        if name not in worth:
            combination = by_id[name]
            total = max([combination.value, *(rule.value for rule in combination.value_if)])
            if combination.payment == "adds":
                for part in combination.parts:
                    names = part.best_of if isinstance(part, BestOf) else [part]
                    total += max(most(n) for n in names if n in by_id) if any(
                        n in by_id for n in names) else 0
            worth[name] = total
        return worth[name]

    for index, combination in enumerate(ruleset.combinations):
        total = most(combination.id)
        if total > MAX_COUNTERS:
            problems.append(f"{where(data, ('combinations', index, 'value'))}: with its parts "
                            f"added, {combination.id!r} can be worth {total:,}, more than the "
                            f"limit of {MAX_COUNTERS:,} counters")


def _check_tie_space(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    """The tie keys of each combination fit in the packed rank key."""
    deck = _deck(ruleset)
    if deck is None:
        return
    max_pips = max(deck.pips_of(card) for card in deck.cards())
    for index, combination in enumerate(ruleset.combinations):
        if packing_space(combination.ties, max_pips) >= 1 << TIER_SHIFT:
            problems.append(f"{where(data, ('combinations', index, 'ties'))}: too many tie "
                            f"keys ({len(combination.ties)}): together they cannot be "
                            "compared in one rank key; keep the ones that break real ties")


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
            problems.append(f"{where(data, ('procedure', index, 'id'))}: step id "
                            f"{step.id!r} is used twice")
        step_ids.append(step.id)
    for path, effect in _effects(ruleset):
        if effect.goto is not None and effect.goto not in step_ids:
            problems.append(f"{where(data, (*path, 'goto'))}: no step {effect.goto!r}"
                            f"{did_you_mean(effect.goto, step_ids)}")
    if not any(isinstance(step, ShowdownStep) for step in ruleset.procedure):
        problems.append(f"{where(data, ('procedure',))}: the procedure has no showdown step")


def _is_decision(step: Any) -> bool:
    """A step that waits for a player: the deal cannot go round it unaided."""
    return isinstance(step, BettingStep | ExchangeStep | ShuffleCallStep)


def _reaches(edges: dict[int, list[Edge]], start: int, goal: int,
             allowed: Callable[[int], bool]) -> bool:
    seen: set[int] = set()
    todo = [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node in seen or node == END or not allowed(node):
            continue
        seen.add(node)
        todo += [edge.target for edge in edges[node]]
    return False


def _check_termination(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    """A deal must be able to end, and never go round without a player's decision."""
    steps = ruleset.procedure
    edges = {index: step_edges(ruleset, index) for index in range(len(steps))}

    def automatic(node: int) -> bool:
        return node != END and not _is_decision(steps[node])

    for index in range(len(steps)):
        if not automatic(index):
            continue
        for target, path, _ in edges[index]:
            if target != END and target <= index and automatic(target) and _reaches(
                    edges, target, index, automatic):
                problems.append(
                    f"{where(data, path)}: the deal goes back to step "
                    f"{steps[target].id!r} and round again without any player's decision, "
                    "so it would never end")
    if not _reaches(edges, 0, END, lambda node: True):
        problems.append(f"{where(data, ('procedure',))}: no way through the procedure ends "
                        "the deal (every outcome goes back into it): add 'end_deal' or let "
                        "the last step be reached")


def _check_cards_dealt(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    """The deal steps give each player a hand of four cards, and the pack has enough."""
    deal_steps = [step for step in ruleset.procedure if isinstance(step, DealStep)]
    dealt = sum(step.cards for step in deal_steps)
    if dealt != HAND_SIZE:
        shown = ", ".join(f"{step.id} {step.cards}" for step in deal_steps) or "none"
        problems.append(f"{where(data, ('procedure',))}: the deal steps ({shown}) give each "
                        f"player {dealt} card(s) in all; a hand of Ambigu is {HAND_SIZE} cards")
    deck = _deck(ruleset)
    if deck is not None and ruleset.players.max * HAND_SIZE > deck.size:
        # Said where the file being read wrote one of the two, not in a version it extends.
        path: tuple[Any, ...] = ("players", "max")
        if not _written_here(data, path) and _written_here(data, ("deck",)):
            path = ("deck",)
        problems.append(f"{where(data, path)}: a pack of {deck.size} cards "
                        f"deals {HAND_SIZE} cards to at most {deck.size // HAND_SIZE} "
                        f"players, not the {ruleset.players.max} of players.max")


def _check_table_work(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    """The table of every hand can be compiled in bounded time (``MAX_TABLE_WORK``)."""
    deck = _deck(ruleset)
    if deck is None:
        return
    hands = comb(deck.size, HAND_SIZE)
    work = table_work(ruleset.combinations, hands)
    if work > MAX_TABLE_WORK:
        problems.append(
            f"{where(data, ('combinations',))}: the combinations' conditions make "
            f"{work // hands:,} tests of each of the {hands:,} hands of a pack of {deck.size} "
            f"cards, {work:,} in all, more than the limit of {MAX_TABLE_WORK:,} (a condition "
            "reached through an alias counts each time it is used)")


def _deck(ruleset: Ruleset) -> Deck | None:
    """The version's pack, or ``None`` if its deck rule is wrong (reported elsewhere)."""
    try:
        return deck_of(ruleset.deck, ruleset.id)
    except (KeyError, CardError):
        return None


def _check_deck(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    rule = ruleset.deck
    if rule.use is not None and rule.use not in load_decks():
        problems.append(
            f"{where(data, ('deck', 'use'))}: no deck {rule.use!r}"
            f"{did_you_mean(rule.use, load_decks())} in "
            f"rulesets/decks.yaml (decks: {', '.join(load_decks())})"
        )
        return
    whole = deck_of(rule.model_copy(update={"removed": []}), ruleset.id)
    for index, token in enumerate(rule.removed):
        try:
            whole.parse_card(token)
        except CardError as error:
            problems.append(f"{where(data, ('deck', 'removed', index))}: {error}")


def _check_table(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    _check_deck(ruleset, data, problems)
    if ruleset.players.min > ruleset.players.max:
        problems.append(f"{where(data, ('players',))}: min is greater than max")
    seen: set[str] = set()
    for index, penalty in enumerate(ruleset.table.penalties):
        if penalty.id in seen:
            problems.append(f"{where(data, ('table', 'penalties', index))}: penalty id "
                            f"{penalty.id!r} is used twice")
        seen.add(penalty.id)


def check_references(ruleset: Ruleset, data: Any) -> None:
    """Raise :class:`RulesetError` listing every dangling or inconsistent reference."""
    problems: list[str] = []
    _check_sources(data, problems)
    _check_combinations(ruleset, data, problems)
    if _check_part_cycles(ruleset, data, problems):
        _check_values(ruleset, data, problems)
    _check_tie_space(ruleset, data, problems)
    _check_procedure(ruleset, data, problems)
    if not problems:  # the graph needs the step ids and references to be sound
        _check_termination(ruleset, data, problems)
    _check_cards_dealt(ruleset, data, problems)
    check_playable(ruleset, data, problems)
    _check_table(ruleset, data, problems)
    _check_table_work(ruleset, data, problems)
    if problems:
        raise RulesetError(problems)
