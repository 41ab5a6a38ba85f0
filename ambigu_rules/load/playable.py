"""Bounds no hand can meet: what validation refuses so that every deal of a valid file
can be played to its end.

At an exchange the engine offers the player to act every discard of ``min`` to
``max`` of his cards, both lowered to what the stock can still serve him (so a
short stock never leaves him without a discard: at worst he keeps his cards);
``max`` is also lowered to the cards he holds. A ``min`` above the cards a
player taking part can hold at that step would leave him no discard at all,
and the deal could not go on. The other decisions always leave a choice open
(a betting turn can pass or fold, the dealer's choice has two options or
more, a shuffle call can pass), whatever the amounts a file gives.

How many cards a player holds at a step depends on the way the deal came
there: the deal steps it passed (a ``goto`` can jump over one; a ``redeal``
gathers every card), and, for a ``deal`` step ``to: players_in``, whether the
player was still in the deal (one who dropped out by passing or folding and
comes back for a step ``each_player`` holds fewer cards). :func:`fewest_cards`
follows every way through the procedure.

>>> from ambigu_rules.load.resolver import load_ruleset
>>> fewest_cards(load_ruleset("foster"))  # first_draw, second_draw
{2: 2, 6: 4}
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..rules import where_silent
from ..rules.deck import HAND_SIZE
from ..rules.procedure import (
    BettingStep,
    Choice,
    DealStep,
    ExchangeStep,
    ShowdownStep,
    ShuffleCallStep,
)
from ..rules.ruleset import Ruleset
from .procedure_graph import END, Edge, outcome_edge, step_edges, where

#: A player on his way through the procedure: the step he reaches, the cards he
#: holds, and whether he is still in the deal.
Place = tuple[int, int, bool]


def _next_places(ruleset: Ruleset, place: Place, most: int) -> Iterator[Place]:
    """Where a player at ``place`` may be at the next step (his cards at most ``most``)."""
    index, held, playing = place
    step = ruleset.procedure[index]
    if isinstance(step, BettingStep | ShowdownStep):
        if isinstance(step, BettingStep) and step.who == "each_player":
            playing = True
        # Betting, a player may drop out by passing or folding; after any outcome.
        stays = (playing, False) if isinstance(step, BettingStep) else (playing,)
        for edge in step_edges(ruleset, index):
            for still in stays:
                yield (edge.target, 0, True) if edge.gathers else (edge.target, held, still)
        return
    (after, _, _), = step_edges(ruleset, index)
    if isinstance(step, DealStep):
        if step.to == "each_player" or playing:
            yield after, min(held + step.cards, most), True
        else:
            yield after, held, False
    elif isinstance(step, ExchangeStep):
        yield after, held, playing or step.who == "each_player"
    else:
        yield after, held, playing


def _places(ruleset: Ruleset) -> set[Place]:
    """Every place a player can reach on some way through the procedure.

    A way that passes a (step, cards, in or out) twice adds nothing the first
    pass did not reach, so the cards are counted up to twice the cards of all
    the deal steps (past a hand of four, which :func:`most_cards_dealt` finds on
    the first detour), and the places to visit are few.
    """
    steps = ruleset.procedure
    most = 2 * sum(step.cards for step in steps if isinstance(step, DealStep))
    seen: set[Place] = set()
    todo: list[Place] = [(0, 0, True)] if steps else []
    while todo:
        place = todo.pop()
        if place in seen:
            continue
        seen.add(place)
        todo += [next_place for next_place in _next_places(ruleset, place, most)
                 if next_place[0] != END]
    return seen


def fewest_cards(ruleset: Ruleset) -> dict[int, int]:
    """The fewest cards a player taking part in each exchange (an ``exchange`` step or
    the exchanges of a ``shuffle_call``) can hold there, by the step's index; an
    exchange no deal can reach is left out.

    The fewest is reached on a way that passes no (step, in or out) twice: a
    detour only adds cards, or gathers them all, which the way on from the
    ``redeal`` also reaches.
    """
    steps = ruleset.procedure
    fewest: dict[int, int] = {}
    for index, held, playing in _places(ruleset):
        step = steps[index]
        taking_part = playing or (isinstance(step, ExchangeStep) and step.who == "each_player")
        if isinstance(step, ExchangeStep | ShuffleCallStep) and taking_part:
            fewest[index] = min(held, fewest.get(index, held))
    return dict(sorted(fewest.items()))


def most_cards_dealt(ruleset: Ruleset) -> dict[int, int]:
    """The most cards a player can hold once each ``deal`` step has dealt to him, by the
    step's index: more than a hand of four where a way through the procedure comes
    back to a deal step without gathering the cards (a ``goto`` back, where a
    ``redeal`` would gather them).

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> most_cards_dealt(load_ruleset("foster"))  # two deal steps of two cards each
    {1: 2, 4: 4}
    """
    steps = ruleset.procedure
    dealt: dict[int, int] = {}
    for index, held, playing in _places(ruleset):
        step = steps[index]
        if isinstance(step, DealStep) and (step.to == "each_player" or playing):
            dealt[index] = max(held + step.cards, dealt.get(index, 0))
    return dict(sorted(dealt.items()))


def check_playable(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    """Add a problem for each exchange whose ``min`` is more cards than a player taking
    part in it can hold there (no discard would be allowed him, and the deal would
    stop), and for each deal step a way comes back to with the cards not gathered (a
    player would be dealt past a hand of four, until the pack runs out)."""
    steps = ruleset.procedure
    overdealt = [index for index, held in most_cards_dealt(ruleset).items() if held > HAND_SIZE]
    # Said at each way back that passes such a deal step again, where the file wrote it.
    for index in range(len(steps)) if overdealt else ():
        for edge in step_edges(ruleset, index):
            passed = [steps[deal].id for deal in overdealt if edge.target <= deal <= index]
            if edge.target != END and not edge.gathers and passed:
                problems.append(
                    f"{where(data, edge.path)}: the deal goes back to step "
                    f"{steps[edge.target].id!r} with the cards not gathered, so "
                    f"{' and '.join(repr(deal) for deal in passed)} would deal a player "
                    f"past a hand of {HAND_SIZE} cards, until the pack runs out; end the deal "
                    "instead, or go back by 'redeal', which gathers the cards")
    _check_rounds_nobody_can_bet(ruleset, data, problems)
    for index, held in fewest_cards(ruleset).items():
        step = steps[index]
        key, bounds = (("discard", step.discard) if isinstance(step, ExchangeStep)
                       else ("exchange", step.exchange) if isinstance(step, ShuffleCallStep)
                       else ("", None))
        if bounds is not None and bounds.min > held:
            problems.append(
                f"{where(data, ('procedure', index, key, 'min'))}: {bounds.min} card(s), but "
                f"a player taking part may hold only {held} at this step: no discard would be "
                f"allowed him and the deal could not go on; give at most {held}")


def _called_edge(ruleset: Ruleset, index: int) -> Edge | None:
    """Where a betting round nobody can bet in goes: it is decided "called" at once
    (every player still in but one is all in), so its ``on_called`` outcome; ``None``
    where that outcome is the dealer's choice, a decision."""
    step = ruleset.procedure[index]
    assert isinstance(step, BettingStep)
    if isinstance(step.on_called, Choice):
        return None
    return outcome_edge(step.on_called, ("procedure", index, "on_called"), index, ruleset)


def _check_rounds_nobody_can_bet(ruleset: Ruleset, data: Any, problems: list[str]) -> None:
    """Where players may go all in, a betting step whose called outcome comes back to it
    with no decision on the way: once every player still in is all in, nobody can bet,
    each round is called at once, and the deal goes round without end."""
    steps = ruleset.procedure
    if not (ruleset.table.all_in or where_silent.ALL_IN).allowed:
        return
    for start, step in enumerate(steps):
        if not isinstance(step, BettingStep):
            continue
        first = _called_edge(ruleset, start)
        todo, seen = [first] if first is not None else [], set()
        while todo:
            edge = todo.pop()
            node = edge.target
            if node == start:
                problems.append(
                    f"{where(data, first.path if first else ('procedure', start))}: "
                    f"once every player still in is all in, nobody can bet at step "
                    f"{step.id!r}, its round is called at once, and this outcome comes back "
                    "to it without any player's decision, so the deal would never end; "
                    "end the deal, or go on to the showdown")
                break
            if node == END or node in seen:
                continue
            seen.add(node)
            here = steps[node]
            if isinstance(here, BettingStep):
                todo += [e for e in [_called_edge(ruleset, node)] if e is not None]
            elif not isinstance(here, ExchangeStep | ShuffleCallStep):  # not a decision
                todo += step_edges(ruleset, node)

