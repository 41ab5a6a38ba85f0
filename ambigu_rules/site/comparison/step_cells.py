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
from ...words.lang import Catalog
from ...words.markup import Md, esc
from ...words.phrases import amount, counters, pile
from ..describe import Describer
from ..facts import Version
from ..outline import step_position
from .cells import Cell, lines_cell, missing, titled

#: The words of the cells of a deal's steps.
T = Catalog(__name__, "T", {
    "each_player": "each player",
    "the_dealer": "the dealer",
    "ante": "ante",
    "shuffled": "shuffled",
    "cut": "cut",
    "and": " and ",
    "cards": "{n} cards",
    "one_at_a_time": ", one at a time",
    "together": ", together",
    "first": " ({done} first)",
    "with_cards": "with {n} cards",
    "after_exchange": ", after an exchange",
})
M = Catalog(__name__, "M", {
    "ante": Md("{}: {} from {} into {}, {}"),
    "force": Md("the dealer may first force play with {} ({}); otherwise {}"),
})


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
    lang = describer.lang
    items = []
    for step in version.steps(AnteStep):
        assert isinstance(step, AnteStep)
        payer = T("each_player" if step.payer == "each_player" else "the_dealer", lang)
        name = step.text_in("label", lang.code) if step.label else T("ante", lang)
        text = M.forms("ante", lang).format(
            name, amount(step.amount, lang), payer, pile(step.into, lang),
            step_position(version, step, lang)
        )
        items.append((text, step))
    return lines_cell(items, lang)


def deals(version: Version, describer: Describer) -> Cell:
    """Each deal of cards: how many, to whom, how, and what is done to the pack first."""
    lang = describer.lang
    items = []
    for step in version.steps(DealStep):
        assert isinstance(step, DealStep)
        prep = []
        if step.shuffle_stock:
            prep.append(T("shuffled", lang))
        if step.cut:
            prep.append(T("cut", lang))
        text = T("cards", lang, n=step.cards) + said("taking_part", step.to, form="receivers",
                                                       language=lang.code)
        text += T("one_at_a_time" if step.one_at_a_time else "together", lang)
        if prep:
            text += T("first", lang, done=T("and", lang).join(prep))
        items.append((esc(text), step))
    return lines_cell(items, lang)


def _exchange_text(describer: Describer, step: Step) -> Md:
    return Md(" ").join(describer.step(step))


def first_exchange(version: Version, describer: Describer) -> Cell:
    """The first exchange (or round of shuffle calls) of a deal."""
    for step in version.ruleset.procedure:
        if isinstance(step, ExchangeStep | ShuffleCallStep):
            return Cell(titled(describer, step, _exchange_text(describer, step)), (step,))
    return missing(describer.lang)


def later_exchanges(version: Version, describer: Describer) -> Cell:
    """Every exchange after the first, one line each."""
    steps = [s for s in version.ruleset.procedure if isinstance(s, ExchangeStep | ShuffleCallStep)]
    return lines_cell([
        (titled(describer, step, _exchange_text(describer, step)), step) for step in steps[1:]
    ], describer.lang)


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
        return lines_cell(items, describer.lang)

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
        lang = describer.lang
        text = T("with_cards", lang, n=held) + (T("after_exchange", lang) if exchanged else "")
        items.append((titled(describer, step, text), step))
    return lines_cell(items, describer.lang)


def all_pass(describer: Describer, step: BettingStep) -> Md:
    """What happens when every player passes, the dealer's force first if he has one."""
    text = describer.outcome(step.on_all_pass)
    if step.dealer_force is not None:
        force = step.dealer_force
        text = M.forms("force", describer.lang).format(
            counters(force.amount, describer.lang), describer.effects(force.then), text
        )
    return text


def showdown(version: Version, describer: Describer) -> Cell:
    """What the last showdown step does after the hands are shown."""
    steps = version.steps(ShowdownStep)
    if not steps:
        return missing(describer.lang)
    step = steps[-1]
    assert isinstance(step, ShowdownStep)
    return Cell(describer.effects(step.then), (step,))
