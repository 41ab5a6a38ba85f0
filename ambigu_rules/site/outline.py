"""A version's deal in a few words: for the home page's table and the quick start.

:func:`phases` and :func:`short_antes` sum up a deal in a line;
:func:`deal_outline` tells it in a few plain sentences, one per step (or
per ante and the deal after it). The full rules are the steps' own sections
of the version page.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.procedure import (
    AnteStep,
    BettingStep,
    DealStep,
    ExchangeStep,
    ShowdownStep,
    ShuffleCallStep,
    Step,
)
from ..rules.vocabulary import said
from ..words.markup import plain
from ..words.phrases import NOT_STATED, amount, card_range, number_word, short_amount
from .facts import Version


def step_position(version: Version, step: Step) -> str:
    """Where a step stands: before the first deal, or after the previous step."""
    procedure = version.ruleset.procedure
    index = procedure.index(step)
    deals = [i for i, s in enumerate(procedure) if isinstance(s, DealStep)]
    if not deals or index < deals[0]:
        return "before the deal"
    return f"after “{plain(procedure[index - 1].title)}”"


def phases(version: Version, antes: bool = True) -> str:
    """The steps of a deal in a few words: ``2 cards → exchange 0–2 → …``."""
    words = []
    for step in version.ruleset.procedure:
        if isinstance(step, AnteStep):
            if antes:
                words.append(f"{step.label or 'ante'} {short_amount(step.amount)}")
        elif isinstance(step, DealStep):
            words.append(f"{step.cards} cards")
        elif isinstance(step, ExchangeStep):
            words.append(f"exchange {step.discard.min}–{step.discard.max}")
        elif isinstance(step, ShuffleCallStep):
            words.append(f"two-card rounds until “{plain(step.shuffle_call)}”")
        elif isinstance(step, BettingStep):
            words.append("betting" + ("" if step.raises else " (call or fold only)"))
        else:
            words.append("showdown")
    return " → ".join(words)


def short_antes(version: Version) -> str:
    """The antes in a few words: ``blind 1; ante 2 after “First draw”``."""
    parts = []
    for step in version.steps(AnteStep):
        assert isinstance(step, AnteStep)
        text = f"{step.label or 'ante'} {short_amount(step.amount)}"
        where = step_position(version, step)
        if where != "before the deal":
            text += f" {where}"
        if step.payer == "dealer":
            text += " (dealer only)"
        parts.append(text)
    return "; ".join(parts) or NOT_STATED


def step_outline(step: Step) -> str:
    """One step of a deal in one plain sentence, for a version's quick start.

    The full rule, with every option the file sets, is the step's own section
    of the version page; this says only what a newcomer needs to follow a deal.
    """
    match step:
        case AnteStep():
            who = "The dealer" if step.payer == "dealer" else "Each player"
            return f"{who} puts {amount(step.amount)} into the {step.into}."
        case DealStep():
            who = said("taking_part", step.to, form="short")
            return f"The dealer gives {who} {number_word(step.cards)} cards."
        case ShuffleCallStep():
            return (f"Each player in turn says “{step.pass_call}” or “{step.shuffle_call}”; while "
                    f"all pass, each changes {card_range(step.exchange)}; the first "
                    f"“{step.shuffle_call}” pays {amount(step.stake)} into the {step.into} "
                    "and ends these rounds.")
        case ExchangeStep():
            who = said("taking_part", step.who, form="short")
            return f"In turn, {who} may discard {card_range(step.discard)} and draw as many."
        case BettingStep():
            after = "call, raise or fold" if step.raises else "only call or fold"
            return f"Players pass or bet in turn; after a bet the others {after}."
        case ShowdownStep():
            return "The players still in show their hands; the best combination wins."
    return step.title


def deal_outline(steps: Sequence[Step]) -> list[tuple[list[Step], str]]:
    """A deal in a few lines: each step's sentence, a deal joined to the ante before it.

    Returns the steps of each line with the line's text.
    """
    lines: list[tuple[list[Step], str]] = []
    for step in steps:
        text = step_outline(step)
        if isinstance(step, DealStep) and lines and isinstance(lines[-1][0][-1], AnteStep):
            joined, before = lines[-1]
            lines[-1] = ([*joined, step], f"{before[:-1]}; {text[0].lower()}{text[1:]}")
        else:
            lines.append(([step], text))
    return lines
