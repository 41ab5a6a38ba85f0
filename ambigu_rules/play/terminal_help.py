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

Everything is said in the language given (``ActionHelp(game, FR)``): the
site's sentences in that language, and the help's own words from
:mod:`ambigu_rules.words.terminal`, what is typed included (``relancer 1``).
"""

from __future__ import annotations

import html
import re
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
from ..words.lang import EN, Lang
from ..words.markup import Md, esc
from ..words.phrases import card_range, counters, into, or_list
from ..words.phrases import quoted as quoted_call
from ..words.terminal import T, span, typed, typed_keep
from .narration import own_word

#: What an action does, for a kind allowed where no step of the rules words it
#: (a key of :data:`ambigu_rules.words.terminal.T`).
ELSEWHERE = {"shuffle": "call_for_shuffle", "force": "force_elsewhere"}


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


def quoted(text: str, lang: Lang = EN) -> str:
    """A call or a title as the players say it, in the language's quotes (plain text).

    >>> from ambigu_rules.words.lang import FR
    >>> quoted("battez"), quoted("battez", FR)
    ('“battez”', '« battez »')
    """
    return plain_text(quoted_call(text, lang))


class HelpWords(BettingWords, ExchangeWords):
    """The site's sentences of one ruleset, a step named by its title instead of a link."""

    def step_link(self, step_id: str) -> Md:
        """The step ``step_id`` named by its title in quotes (its id if unknown)."""
        titles = {step.id: step.text_in("title", self.lang.code) for step in self.ruleset.procedure}
        return esc(quoted(titles.get(step_id, step_id), self.lang))

    def plain_effects(self, effects: Sequence[Effect]) -> str:
        """What a list of effects does, as plain text."""
        return plain_text(self.effects(effects))


def current_step(game: Game, view: SeatView) -> Step | None:
    """The procedure step the deal is at, for the player's view."""
    index = game.plan.index_of.get(view.step_id) if view.step_id else None
    return None if index is None else game.plan.steps[index]


def typed_cards(game: Game, cards: Sequence[int], lang: Lang = EN) -> str:
    """Cards as a player of ``lang`` types them with letters: ``5S 10H`` (``5P 10C`` in
    French)."""
    spec = game.deck.spec
    return " ".join(lang.typed_card(spec.ranks[card // SUITS_PER_DECK].label,
                                    spec.suits[card % SUITS_PER_DECK].id) for card in cards)


def discard_sizes(legal: LegalActions) -> tuple[int, int]:
    """The fewest and the most cards a discard allowed now throws away."""
    sizes = sorted({len(action.cards) for action in legal.of_kind("discard")})
    return sizes[0], sizes[-1]


class ActionHelp:
    """The entries of ``help`` for the player's view of one game, in ``lang``."""

    def __init__(self, game: Game, lang: Lang = EN) -> None:
        self.game = game
        self.lang = lang
        self.words = HelpWords(game.ruleset, lang=lang)

    def _typed(self, kind: str, rest: object = "") -> str:
        """What the player types for ``kind``, with ``rest`` after it (an amount, cards)."""
        return f"{typed(kind, self.lang)} {rest}".rstrip()

    def _says(self, step: Step, call: str | None) -> str:
        """`` (you say "Enough")``: the call in the rule file's form for the language."""
        if not call:
            return ""
        return T("you_say", self.lang, call=quoted(own_word(step, call, self.lang), self.lang))

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
                found.append(Entry(self._typed("fold"), T("fold", self.lang)))
            elif kind == "force" and isinstance(step, BettingStep):
                found.append(self._force(step))
            elif kind == "choose":
                found += self._choose(view)
            else:  # a kind this step does not word: what the action is, at least
                found.append(Entry(self._typed(kind), T(ELSEWHERE[kind], self.lang)
                                   if kind in ELSEWHERE else self._typed(kind)))
        return found

    def lines(self, view: SeatView, width: int = 80) -> list[str]:
        """The help as lines no wider than ``width`` where words allow: the entries
        (each wrapped under its meaning), then what may always be typed."""
        entries = self.entries(view)
        column = max((len(entry.typed) for entry in entries), default=0)
        indent = " " * (column + 4 if column + 4 <= width // 2 else 6)
        lines = [T("help_title", self.lang)]
        for entry in entries:
            lines += wrapped(f"  {entry.typed.ljust(column)}  {entry.meaning}", width, indent)
        lines += wrapped(T("also", self.lang, **{word: T(f"{word}_word", self.lang) for word
                                                 in ("help", "hint", "save", "file", "quit")}),
                         width, "  ")
        return lines

    # -- one entry per kind ------------------------------------------------------

    def _pass(self, step: Step | None) -> Entry:
        lang = self.lang
        if isinstance(step, ShuffleCallStep):
            rounds = self.words.shuffle_call(step)
            return Entry(self._typed("pass"), T("no_shuffle", lang,
                                                says=self._says(step, step.pass_call),
                                                rounds=plain_text(rounds[-1])))
        if isinstance(step, BettingStep):
            outcome = step.on_all_pass
            if isinstance(outcome, Choice):
                ends = T(f"chooses_{outcome.by}", lang,
                         options=or_list(list(outcome.options), lang))
            else:
                ends = self.words.plain_effects(outcome)
            when = T("for_now", lang) if step.passers_before_open_may_call else ""
            return Entry(self._typed("pass"), T("pass", lang, when=when,
                                                says=self._says(step, step.pass_call),
                                                passing=self.words.passing(step), ends=ends))
        return Entry(self._typed("pass"), T("pass_plain", lang))

    def _shuffle(self, step: ShuffleCallStep) -> Entry:
        stake = self.game.plan.amount(step.id, step.stake)
        lang = self.lang
        return Entry(self._typed("shuffle"), T("shuffle", lang,
                                               says=self._says(step, step.shuffle_call),
                                               stake=counters(stake, lang),
                                               into=into(step.into, lang)))

    def _discard(self, view: SeatView, step: Step | None) -> Entry:
        lang = self.lang
        fewest, most = discard_sizes(view.legal)
        example = view.hand[:max(fewest, 1)]
        typed_line = self._typed("discard", typed_cards(self.game, example, self.lang))
        text = T("discard", lang, cards=card_range(Range(min=fewest, max=most), lang),
                 typed=typed_cards(self.game, example, self.lang),
                 shown=view.deck.format_hand(example))
        if isinstance(step, ExchangeStep):
            text += self._says(step, step.draw_call)
        elif isinstance(step, ShuffleCallStep):
            text += T("all_passed", lang)
        if fewest == 0:
            text += T("keeps", lang, typed=typed_keep(lang))
            if isinstance(step, ExchangeStep):
                text += self._says(step, step.stand_call)
                if step.stand_pays is not None:
                    paid = self.game.plan.amount(step.id, step.stand_pays)
                    text += T("stand_pays", lang, amount=counters(paid, lang))
        return Entry(typed_line, text)

    def _open(self, legal: LegalActions, step: Step | None) -> Entry:
        lang = self.lang
        low, high = legal.amount_range("open") or (1, 1)
        allowed = T("allowed", lang, kind=self._typed("open"), span=span(low, high, lang))
        if not isinstance(step, BettingStep):
            return Entry(self._typed("open", low), T("open_plain", lang, allowed=allowed))
        says = (T("open_says", lang, call=quoted(step.open_call, lang)) if step.open_call
                else "")
        return Entry(self._typed("open", low), T("open", lang, says=says, allowed=allowed,
                                      opening=self.words.opening(step),
                                      raising=self.words.raising(step)))

    def _call(self, view: SeatView) -> Entry:
        owed = view.to_call
        put = min(owed, view.banks[view.seat])
        short = T("all_you_have", self.lang) if put < owed else ""
        return Entry(self._typed("call"), T("call", self.lang, put=counters(put, self.lang),
                                            short=short))

    def _raise(self, view: SeatView, step: Step | None) -> Entry:
        lang = self.lang
        low, high = view.legal.amount_range("raise") or (1, 1)
        owed = view.to_call
        match = T("match", lang, owed=counters(owed, lang)) if owed else ""
        text = T("raise", lang, match=match, low=low,
                 allowed=T("allowed", lang, kind=self._typed("raise"),
                           span=span(low, high, lang)))
        if isinstance(step, BettingStep):
            text += T("more", lang, more=self.words.raising(step))
        return Entry(self._typed("raise", low), text)

    def _force(self, step: BettingStep) -> Entry:
        force = step.dealer_force
        if force is None:
            return Entry(self._typed("force"), T("force_plain", self.lang))
        return Entry(self._typed("force"), T("force", self.lang,
                                             amount=counters(force.amount, self.lang),
                                             then=self.words.plain_effects(force.then)))

    def _choose(self, view: SeatView) -> list[Entry]:
        found = []
        for action in view.legal.of_kind("choose"):
            option = action.option or ""
            effects = view.choice.options.get(option) if view.choice is not None else None
            said = (self.words.plain_effects(effects) if effects is not None
                    else T("option_named", self.lang))
            found.append(Entry(self._typed("choose", option), T("choice", self.lang, said=said)))
        return found


#: The spaces a line is not broken at: French puts one before ; : ! ? and » and
#: after «, and a line must not begin with the sign.
_UNBREAKABLE = re.compile(r" (?=[;:!?»])|(?<=«) ")
#: What stands for such a space while the text is wrapped (a text holding it is
#: wrapped as it is).
_KEPT = "\ue000"


def wrapped(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` as lines of at most ``width`` columns, broken at spaces only, and
    never before the French ``;``, ``:``, ``!``, ``?`` and ``»`` or after ``«``.

    >>> wrapped("open 2  make the first bet of this round", 20, "        ")
    ['open 2  make the', '        first bet of', '        this round']
    >>> wrapped("tenir ou quitter ; personne ne relance", 16)
    ['tenir ou', 'quitter ;', 'personne ne', 'relance']
    """
    kept = text if _KEPT in text else _UNBREAKABLE.sub(_KEPT, text)
    lines = textwrap.wrap(kept, width, subsequent_indent=indent, break_long_words=False,
                          break_on_hyphens=False)
    return [line.replace(_KEPT, " ") for line in lines] or [""]


def refusal(game: Game, legal: LegalActions, action: Action, lang: Lang = EN) -> str:
    """Why ``action``, well formed but not among ``legal``, is refused, in a line.

    An amount out of range names the range (``open takes 2 to 4 here``); a
    kind of action not allowed now says so, and points to the choice that
    has the same name where there is one (``choose force``).
    """
    kind = action.kind
    if kind in legal.kinds():
        span_ = legal.amount_range(kind) if kind in ("open", "raise") else None
        if span_ is not None:
            return T("refused_amount", lang, kind=typed(kind, lang), span=span(*span_, lang))
        if kind == "discard":
            fewest, most = discard_sizes(legal)
            if not fewest <= len(action.cards) <= most:
                none = T("keeps_aside", lang, typed=typed_keep(lang)) if fewest == 0 else ""
                return T("refused_cards", lang, kind=typed(kind, lang),
                         span=span(fewest, most, lang), none=none)
        reason = game.why_not_apply(action)
        if reason:
            return T("engine_refusal", lang, reason=reason[0].upper() + reason[1:])
    option = Action("choose", option=kind)
    if option in legal:
        return T("refused_choice", lang, typed=f"{typed('choose', lang)} {kind}")
    if kind == "pass" and "fold" in legal.kinds():
        return T("refused_pass", lang, **{word: typed(word, lang)
                                          for word in ("call", "raise", "fold")})
    return T("refused", lang, help=T("help_word", lang))
