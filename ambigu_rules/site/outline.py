"""A version's deal in a few words: for the home page's table and the quick start.

:func:`phases` and :func:`short_antes` sum up a deal in a line;
:func:`deal_outline` tells it in a few plain sentences, one per step (or
per ante and the deal after it). The full rules are the steps' own sections
of the version page.
"""

from __future__ import annotations

from ..rules.procedure import (
    AnteStep,
    BettingStep,
    Choice,
    DealStep,
    EndDeal,
    ExchangeStep,
    Goto,
    ShowdownStep,
    ShuffleCallStep,
    Step,
)
from ..rules.ruleset import Ruleset
from ..rules.vocabulary import said
from ..words.bets import BettingWords
from ..words.bets import T as BETS
from ..words.lang import EN, Catalog, Lang
from ..words.markup import plain
from ..words.phrases import T as WORDS
from ..words.phrases import amount, card_range, counters, into, number_word, short_amount
from .facts import Version

T = Catalog(__name__, "T", {
    "before_deal": "before the deal",
    "after": "after “{title}”",
    "ante": "ante",
    "cards": "{n} cards",
    "exchange": "exchange {low}–{high}",
    "rounds": "two-card rounds until “{call}”",
    "betting": "betting",
    "betting_closed": "betting (call or fold only)",
    "showdown": "showdown",
    "arrow": " → ",
    "joined": "{before}; {after}",
    "semicolon": "; ",
    "dealer_only": " (dealer only)",
    "the_dealer": "The dealer",
    "each_player": "Each player",
    "ante_line": "{who} puts {amount} {into}.",
    "deal_line": "The dealer gives {who} {n} cards.",
    "rounds_line": ("Each player in turn says “{passes}” or “{call}”; while all pass, each "
                    "changes {cards}; the first “{call}” pays {amount} {into} and ends these "
                    "rounds."),
    "exchange_line": "In turn, {who} may discard {cards} and draw as many{stand}.",
    "after_bet_open": "call, raise or fold",
    "after_bet_closed": "only call or fold",
    "betting_line": "Players pass or bet in turn{opening}; after a bet the others {after}.",
    "opening": " ({opening})",
    "stand_line": "; one who keeps his cards (“{call}”) puts {amount} {into}",
    "force_on": ("If all before the dealer pass, he may put in {amount} and play goes on to "
                 "“{title}”"),
    "force": "If all before the dealer pass, he may put in {amount} to force play on",
    "or_pass_ends": "; or he passes too, and the deal ends.",
    "showdown_line": "The players still in show their hands; the best combination wins.",
})


def step_position(version: Version, step: Step, lang: Lang = EN) -> str:
    """Where a step stands: before the first deal, or after the previous step."""
    procedure = version.ruleset.procedure
    index = procedure.index(step)
    deals = [i for i, s in enumerate(procedure) if isinstance(s, DealStep)]
    if not deals or index < deals[0]:
        return T("before_deal", lang)
    return T("after", lang, title=plain(procedure[index - 1].text_in("title", lang.code)))


def phases(version: Version, antes: bool = True, lang: Lang = EN) -> str:
    """The steps of a deal in a few words: ``2 cards → exchange 0–2 → …``."""
    words = []
    for step in version.ruleset.procedure:
        if isinstance(step, AnteStep):
            if antes:
                label = step.text_in("label", lang.code) if step.label else T("ante", lang)
                words.append(f"{label} {short_amount(step.amount, lang)}")
        elif isinstance(step, DealStep):
            words.append(T("cards", lang, n=step.cards))
        elif isinstance(step, ExchangeStep):
            words.append(T("exchange", lang, low=step.discard.min, high=step.discard.max))
        elif isinstance(step, ShuffleCallStep):
            words.append(T("rounds", lang, call=plain(step.text_in("shuffle_call", lang.code))))
        elif isinstance(step, BettingStep):
            words.append(T("betting" if step.raises else "betting_closed", lang))
        else:
            words.append(T("showdown", lang))
    return T("arrow", lang).join(words)


def short_antes(version: Version, lang: Lang = EN) -> str:
    """The antes in a few words: ``blind 1; ante 2 after “First draw”``."""
    parts = []
    for step in version.steps(AnteStep):
        assert isinstance(step, AnteStep)
        label = step.text_in("label", lang.code) if step.label else T("ante", lang)
        text = f"{label} {short_amount(step.amount, lang)}"
        where = step_position(version, step, lang)
        if where != T("before_deal", lang):
            text += f" {where}"
        if step.payer == "dealer":
            text += T("dealer_only", lang)
        parts.append(text)
    return T("semicolon", lang).join(parts) or WORDS("not_stated", lang)


def _betting_outline(step: BettingStep, ruleset: Ruleset, lang: Lang) -> str:
    """A betting step in a few sentences: the bounds of an opening where the file
    sets any, what the others may do, what passing means where it puts a player
    out, and the dealer's force when all before him pass."""
    bets = BettingWords(ruleset, lang=lang)
    bounded = step.open_max is not None or step.open_min > 1
    opening = T("opening", lang, opening=bets.opening(step)) if bounded else ""
    after = T("after_bet_open" if step.raises else "after_bet_closed", lang)
    if step.raises and step.raise_rounds == "single_round":
        after += BETS("speak_once", lang)
    text = T("betting_line", lang, opening=opening, after=after)
    if not step.passers_before_open_may_call:
        passing = bets.passing(step)
        text += f" {passing[:1].upper()}{passing[1:]}."
    force = step.dealer_force
    if force is not None:
        titles = {other.id: plain(other.text_in("title", lang.code))
                  for other in ruleset.procedure}
        goto = [effect.kind() for effect in force.then]
        if len(goto) == 1 and isinstance(goto[0], Goto) and goto[0].step in titles:
            text += " " + T("force_on", lang, amount=counters(force.amount, lang),
                            title=titles[goto[0].step])
        else:
            text += " " + T("force", lang, amount=counters(force.amount, lang))
        ends = (not isinstance(step.on_all_pass, Choice)
                and any(isinstance(effect.kind(), EndDeal) for effect in step.on_all_pass))
        text += T("or_pass_ends", lang) if ends else "."
    return text


def step_outline(step: Step, ruleset: Ruleset, lang: Lang = EN) -> str:
    """One step of a deal in one plain sentence, for a version's quick start.

    The full rule, with every option the file sets, is the step's own section
    of the version page; this says only what a newcomer needs to follow a deal:
    the bounds of a bet and what ends the deal early, where the file sets them.
    ``ruleset`` is the version the step belongs to, for the steps a sentence names.
    """
    match step:
        case AnteStep():
            who = T("the_dealer" if step.payer == "dealer" else "each_player", lang)
            return T("ante_line", lang, who=who, amount=amount(step.amount, lang),
                     into=into(step.into, lang))
        case DealStep():
            who = said("taking_part", step.to, form="short", language=lang.code)
            return T("deal_line", lang, who=who, n=number_word(step.cards, lang), count=step.cards)
        case ShuffleCallStep():
            return T("rounds_line", lang, passes=step.text_in("pass_call", lang.code),
                     call=step.text_in("shuffle_call", lang.code),
                     cards=card_range(step.exchange, lang), amount=amount(step.stake, lang),
                     into=into(step.into, lang))
        case ExchangeStep():
            who = said("taking_part", step.who, form="short", language=lang.code)
            stand = ""
            if step.stand_pays is not None and step.stand_call:
                stand = T("stand_line", lang, call=step.text_in("stand_call", lang.code),
                          amount=amount(step.stand_pays, lang), into=into("pool", lang))
            return T("exchange_line", lang, who=who, cards=card_range(step.discard, lang),
                     stand=stand)
        case BettingStep():
            return _betting_outline(step, ruleset, lang)
        case ShowdownStep():
            return T("showdown_line", lang)
    return step.text_in("title", lang.code)


def deal_outline(ruleset: Ruleset, lang: Lang = EN) -> list[tuple[list[Step], str]]:
    """A deal in a few lines: each step's sentence, a deal joined to the ante before it.

    Returns the steps of each line with the line's text.
    """
    lines: list[tuple[list[Step], str]] = []
    for step in ruleset.procedure:
        text = step_outline(step, ruleset, lang)
        if isinstance(step, DealStep) and lines and isinstance(lines[-1][0][-1], AnteStep):
            joined, before = lines[-1]
            lines[-1] = ([*joined, step], T("joined", lang, before=before[:-1],
                                            after=text[0].lower() + text[1:]))
        else:
            lines.append(([step], text))
    return lines
