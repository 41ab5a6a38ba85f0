"""The cells of the steps of a deal: antes, dealing, exchanges, betting, showdown.

Each function fills a version's cell of one row of the "The deal" group;
a version with several steps of a kind gets a line per step, headed by a
link to the step.
"""

from __future__ import annotations

from collections.abc import Callable

from ...rules.procedure import (
    AnteStep,
    BettingStep,
    DealStep,
    ExchangeStep,
    ShowdownStep,
    ShuffleCallStep,
    Step,
)
from ...rules.vocabulary import said
from ...words.markup import Md, esc
from ...words.phrases import amount, counters
from ..describe import Describer
from ..facts import Version
from ..outline import step_position
from .cells import Cell, lines_cell, missing, titled


def cards_held(version: Version, step: Step) -> int:
    """How many cards each player holds when a step begins."""
    held = 0
    for other in version.ruleset.procedure:
        if other is step:
            break
        if isinstance(other, DealStep):
            held += other.cards
    return held


def antes(version: Version, describer: Describer) -> Cell:
    """Each ante: its name, amount, payer, pile and place in the deal."""
    items = []
    for step in version.steps(AnteStep):
        assert isinstance(step, AnteStep)
        payer = "each player" if step.payer == "each_player" else "the dealer"
        name = step.label or "ante"
        text = Md("{}: {} from {} into the {}, {}").format(
            name, amount(step.amount), payer, step.into, step_position(version, step)
        )
        items.append((text, step))
    return lines_cell(items)


def deals(version: Version, describer: Describer) -> Cell:
    """Each deal of cards: how many, to whom, how, and what is done to the pack first."""
    items = []
    for step in version.steps(DealStep):
        assert isinstance(step, DealStep)
        prep = []
        if step.shuffle_stock:
            prep.append("shuffled")
        if step.cut:
            prep.append("cut")
        text = f"{step.cards} cards" + said("taking_part", step.to, form="receivers")
        text += ", one at a time" if step.one_at_a_time else ", together"
        if prep:
            text += " (" + " and ".join(prep) + " first)"
        items.append((esc(text), step))
    return lines_cell(items)


def _exchange_text(describer: Describer, step: Step) -> Md:
    return Md(" ").join(describer.step(step))


def first_exchange(version: Version, describer: Describer) -> Cell:
    """The first exchange (or round of shuffle calls) of a deal."""
    for step in version.ruleset.procedure:
        if isinstance(step, ExchangeStep | ShuffleCallStep):
            return Cell(titled(describer, step, _exchange_text(describer, step)), (step,))
    return missing()


def later_exchanges(version: Version, describer: Describer) -> Cell:
    """Every exchange after the first, one line each."""
    steps = [s for s in version.ruleset.procedure if isinstance(s, ExchangeStep | ShuffleCallStep)]
    return lines_cell([
        (titled(describer, step, _exchange_text(describer, step)), step) for step in steps[1:]
    ])


def per_betting(say: Callable[[Describer, BettingStep], Md | str | None]
                ) -> Callable[[Version, Describer], Cell]:
    """A cell builder with a line per betting step, said by ``say`` (``None``: no line)."""
    def fill(version: Version, describer: Describer) -> Cell:
        items = []
        for step in version.steps(BettingStep):
            assert isinstance(step, BettingStep)
            text = say(describer, step)
            if text is not None:
                items.append((titled(describer, step, text), step))
        return lines_cell(items)

    return fill


def betting_intervals(version: Version, describer: Describer) -> Cell:
    """When each betting step comes: with how many cards, and whether after an exchange."""
    items = []
    for step in version.steps(BettingStep):
        held = cards_held(version, step)
        exchanged = any(
            isinstance(other, ExchangeStep | ShuffleCallStep)
            for other in version.ruleset.procedure[: version.ruleset.procedure.index(step)]
            if cards_held(version, other) == held
        )
        text = f"with {held} cards" + (", after an exchange" if exchanged else "")
        items.append((titled(describer, step, text), step))
    return lines_cell(items)


def all_pass(describer: Describer, step: BettingStep) -> Md:
    """What happens when every player passes, the dealer's force first if he has one."""
    text = describer.outcome(step.on_all_pass)
    if step.dealer_force is not None:
        force = step.dealer_force
        text = Md("the dealer may first force play with {} ({}); otherwise {}").format(
            counters(force.amount), describer.effects(force.then), text
        )
    return text


def showdown(version: Version, describer: Describer) -> Cell:
    """What the last showdown step does after the hands are shown."""
    steps = version.steps(ShowdownStep)
    if not steps:
        return missing()
    step = steps[-1]
    assert isinstance(step, ShowdownStep)
    return Cell(describer.effects(step.then), (step,))
