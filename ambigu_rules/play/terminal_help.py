"""What the player of a terminal game may type now, and what each action means.

``help`` lists one entry per action the player may take at this moment: how
to type it (an example made from his own hand and the amounts allowed) and,
in a plain line, what it does in this version. Only the kinds allowed now
are explained, and the rule they follow is the step's, read from the rule
file: how much an opening may be, what passing means, what the dealer's
force or choice leads to, how many cards may be changed and what a player
says when he does.

The words about a rule are the site's (:mod:`ambigu_rules.words`), so
that a rule is said one way on a version's page and at the table: the same
methods word the opening, the raising, the passing and the effects of an
outcome. They give inline Markdown in which every text is escaped as
character references (:func:`~ambigu_rules.words.markup.esc`); :func:`plain_text`
turns such a fragment back into the text it shows, and a step is named by
its title in quotes rather than by a link. The texts of a rule file (calls,
titles, option names) reach the terminal through
:func:`~ambigu_rules.terminal_text.visible`, as every line the game writes.

When a typed action is refused, :func:`refusal` says why in the terms of what
is allowed: ``open takes 2 to 4 here`` rather than only "not allowed".
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Sequence
from typing import NamedTuple

from ..engine.actions import Action, LegalActions
from ..engine.game import Game
from ..engine.view import SeatView
from ..rules.common import Range
from ..rules.deck import SUITS_PER_DECK
from ..rules.procedure import BettingStep, Choice, Effect, ExchangeStep, ShuffleCallStep, Step
from ..words.bets import BettingWords
from ..words.exchanges import ExchangeWords
from ..words.markup import Md, esc
from ..words.phrases import card_range, counters, or_list

#: What the player may always type besides an action.
COMMANDS = ("help or ? shows this list; quit (or q, exit, Ctrl-D, Ctrl-C) ends the game "
            "and shows the standings")


#: What an action does, for a kind allowed where no step of the rules words it.
ELSEWHERE = {
    "shuffle": "call for the shuffle",
    "force": "force play as the dealer, when every player before you has passed",
}


class Entry(NamedTuple):
    """One action the player may take: how to type it, and what it does."""

    typed: str
    meaning: str


def plain_text(fragment: object) -> str:
    """The text a fragment of the site's inline Markdown shows.

    The site's words escape every character that Markdown or HTML could read
    as markup as a character reference; decoding them gives the text back.

    >>> plain_text(esc("5 < 6 & *bold*"))
    '5 < 6 & *bold*'
    """
    return html.unescape(str(fragment))


def quoted(text: str) -> str:
    """A call or a title as the players say it, in curly quotes (plain text)."""
    return f"“{text}”"


class HelpWords(BettingWords, ExchangeWords):
    """The site's sentences of one ruleset, a step named by its title instead of a link."""

    def step_link(self, step_id: str) -> Md:
        """The step ``step_id`` named by its title in quotes (its id if unknown)."""
        titles = {step.id: step.title for step in self.ruleset.procedure}
        return esc(quoted(titles.get(step_id, step_id)))

    def plain_effects(self, effects: Sequence[Effect]) -> str:
        """What a list of effects does, as plain text."""
        return plain_text(self.effects(effects))


def current_step(game: Game, view: SeatView) -> Step | None:
    """The procedure step the deal is at, for the player's view."""
    index = game.plan.index_of.get(view.step_id) if view.step_id else None
    return None if index is None else game.plan.steps[index]


def typed_cards(game: Game, cards: Sequence[int]) -> str:
    """Cards as they are typed with letters: ``5S 10H``."""
    spec = game.deck.spec
    return " ".join(spec.ranks[card // SUITS_PER_DECK].label + spec.suits[card % SUITS_PER_DECK].id
                    for card in cards)


def discard_sizes(legal: LegalActions) -> tuple[int, int]:
    """The fewest and the most cards a discard allowed now throws away."""
    sizes = sorted({len(action.cards) for action in legal.of_kind("discard")})
    return sizes[0], sizes[-1]


def _says(call: str | None) -> str:
    return f" (you say {quoted(call)})" if call else ""


class ActionHelp:
    """The entries of ``help`` for the player's view of one game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.words = HelpWords(game.ruleset)

    def entries(self, view: SeatView) -> list[Entry]:
        """One entry for each action allowed now (each option of a choice apart)."""
        legal = view.legal
        step = current_step(self.game, view)
        found: list[Entry] = []
        for kind in legal.kinds():
            if kind == "pass":
                found.append(self._pass(step))
            elif kind == "shuffle" and isinstance(step, ShuffleCallStep):
                found.append(self._shuffle(step))
            elif kind == "discard":
                found.append(self._discard(view, step))
            elif kind == "open":
                found.append(self._open(legal, step))
            elif kind == "call":
                found.append(self._call(view))
            elif kind == "raise":
                found.append(self._raise(view, step))
            elif kind == "fold":
                found.append(Entry("fold", "give up your hand and leave this deal; what you "
                                   "have put in stays on the table"))
            elif kind == "force" and isinstance(step, BettingStep):
                found.append(self._force(step))
            elif kind == "choose":
                found += self._choose(view)
            else:  # a kind this step does not word: what the action is, at least
                found.append(Entry(kind, ELSEWHERE.get(kind, kind)))
        return found

    def lines(self, view: SeatView, width: int = 80) -> list[str]:
        """The help as lines no wider than ``width`` where words allow: the entries
        (each wrapped under its meaning), then what may always be typed."""
        entries = self.entries(view)
        column = max((len(entry.typed) for entry in entries), default=0)
        indent = " " * (column + 4 if column + 4 <= width // 2 else 6)
        lines = ["What you may do now, and what it means:"]
        for entry in entries:
            lines += wrapped(f"  {entry.typed.ljust(column)}  {entry.meaning}", width, indent)
        lines += wrapped(f"Also: {COMMANDS}.", width, "  ")
        return lines

    # -- one entry per kind ------------------------------------------------------

    def _pass(self, step: Step | None) -> Entry:
        if isinstance(step, ShuffleCallStep):
            rounds = self.words.shuffle_call(step)
            return Entry("pass", f"do not call for the shuffle{_says(step.pass_call)}. "
                         + plain_text(rounds[-1]))
        if isinstance(step, BettingStep):
            outcome = step.on_all_pass
            if isinstance(outcome, Choice):
                ends = f"the {outcome.by} chooses {or_list(list(outcome.options))}"
            else:
                ends = self.words.plain_effects(outcome)
            when = " for now" if step.passers_before_open_may_call else ""
            return Entry("pass", f"bet nothing{when}{_says(step.pass_call)}; "
                         f"{self.words.passing(step)}. If everyone passes: {ends}.")
        return Entry("pass", "let your turn go by without betting")

    def _shuffle(self, step: ShuffleCallStep) -> Entry:
        stake = self.game.plan.amount(step.id, step.stake)
        return Entry("shuffle", f"call for the shuffle{_says(step.shuffle_call)}: you put "
                     f"{counters(stake)} into the {step.into} and the two-card rounds end")

    def _discard(self, view: SeatView, step: Step | None) -> Entry:
        fewest, most = discard_sizes(view.legal)
        example = view.hand[:max(fewest, 1)]
        typed = f"discard {typed_cards(self.game, example)}"
        text = (f"throw away the cards you name (here {card_range(Range(min=fewest, max=most))}; "
                f"typed {typed_cards(self.game, example)} or {view.deck.format_hand(example)}) "
                "and be served as many from the stock")
        if isinstance(step, ExchangeStep):
            text += _says(step.draw_call)
        elif isinstance(step, ShuffleCallStep):
            text += ": everyone passed, so each player changes cards before speaking again"
        if fewest == 0:
            text += "; discard none keeps your cards"
            if isinstance(step, ExchangeStep):
                text += _says(step.stand_call)
                if step.stand_pays is not None:
                    paid = self.game.plan.amount(step.id, step.stand_pays)
                    text += f" and you put {counters(paid)} into the pool"
        return Entry(typed, text)

    def _open(self, legal: LegalActions, step: Step | None) -> Entry:
        low, high = legal.amount_range("open") or (1, 1)
        allowed = f"open takes {span(low, high)} here"
        if not isinstance(step, BettingStep):
            return Entry(f"open {low}", f"make the first bet of this round ({allowed})")
        says = f"you say {quoted(step.open_call)}; " if step.open_call else ""
        return Entry(f"open {low}", f"make the first bet of this round ({says}{allowed}): the "
                     f"rules allow {self.words.opening(step)}; {self.words.raising(step)}")

    def _call(self, view: SeatView) -> Entry:
        owed = view.to_call
        put = min(owed, view.banks[view.seat])
        short = ", all you have" if put < owed else ""
        return Entry("call", f"match the bet: you put in {counters(put)}{short} and stay in")

    def _raise(self, view: SeatView, step: Step | None) -> Entry:
        low, high = view.legal.amount_range("raise") or (1, 1)
        owed = view.to_call
        matched = f"match the bet ({counters(owed)}) and " if owed else ""
        text = (f"{matched}put {low} more on top of the bet "
                f"(raise takes {span(low, high)} here)")
        if isinstance(step, BettingStep):
            text += f"; {self.words.raising(step)}"
        return Entry(f"raise {low}", text)

    def _force(self, step: BettingStep) -> Entry:
        force = step.dealer_force
        if force is None:
            return Entry("force", "force play as the dealer")
        return Entry("force", f"as the dealer, with every player before you passed, force play: "
                     f"you put {counters(force.amount)} into the pool, everybody keeps his "
                     f"cards, and {self.words.plain_effects(force.then)}")

    def _choose(self, view: SeatView) -> list[Entry]:
        found = []
        for action in view.legal.of_kind("choose"):
            option = action.option or ""
            effects = view.choice.options.get(option) if view.choice is not None else None
            said = (self.words.plain_effects(effects) if effects is not None
                    else "the option the rules name so")
            found.append(Entry(f"choose {option}", f"the dealer's choice: {said}"))
        return found


def wrapped(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` as lines of at most ``width`` columns, broken at spaces only.

    >>> wrapped("open 2  make the first bet of this round", 20, "        ")
    ['open 2  make the', '        first bet of', '        this round']
    """
    return textwrap.wrap(text, width, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [""]


def span(low: int, high: int) -> str:
    """An amount range in words: ``2 to 4``, or ``exactly 2``."""
    return f"exactly {low}" if low == high else f"{low} to {high}"


def refusal(game: Game, legal: LegalActions, action: Action) -> str:
    """Why ``action``, well formed but not among ``legal``, is refused, in a line.

    An amount out of range names the range (``open takes 2 to 4 here``); a
    kind of action not allowed now says so, and points to the choice that
    has the same name where there is one (``choose force``).
    """
    kind = action.kind
    if kind in legal.kinds():
        span_ = legal.amount_range(kind) if kind in ("open", "raise") else None
        if span_ is not None:
            return f"{kind} takes {span(*span_)} here."
        if kind == "discard":
            fewest, most = discard_sizes(legal)
            if not fewest <= len(action.cards) <= most:
                none = " (discard none keeps your cards)" if fewest == 0 else ""
                return f"discard takes {span(fewest, most)} cards here{none}."
        reason = game.why_not_apply(action)
        if reason:
            return reason[0].upper() + reason[1:] + "."
    option = Action("choose", option=kind)
    if option in legal:
        return f"That is not allowed now; the dealer's choice is typed '{option.describe()}'."
    if kind == "pass" and "fold" in legal.kinds():
        return ("That is not allowed now: after an opening you call, raise or fold "
                "(fold gives up your hand).")
    return "That is not allowed now. Type help for what each action means."
