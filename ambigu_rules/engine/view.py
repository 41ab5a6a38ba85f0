"""A seat's view: what one player may know at a moment of the game.

His own cards, how many each other player holds, every counter on the table,
whose turn it is and what he may do, and the public record of the deal: what
was said and paid, how many cards each exchanged (not which: discards lie
face down), and the hands shown. Bots, the terminal, the web table and the
worked examples read views; a view is a snapshot of plain values, so holding
one reaches nothing of the game behind it.

>>> from ambigu_rules.engine import Game
>>> from ambigu_rules.load.resolver import load_ruleset
>>> game = Game(load_ruleset("foster"), players=3, seed=7)
>>> _ = game.start_deal()
>>> view = game.view(2)
>>> len(view.hand), view.hand_sizes, view.pool, view.to_act, len(view.legal)
(2, (2, 2, 2), 3, 1, 0)
"""

from __future__ import annotations

from typing import NamedTuple

from ..hands.evaluator import Evaluator
from ..rules.deck import Deck
from ..rules.procedure import Choice
from ..rules.ruleset import Ruleset
from .actions import NOTHING, LegalActions
from .betting import BettingRound
from .deal import PendingChoice
from .events import SeenEvent
from .state import DECISION, Phase, State


class SeatView(NamedTuple):
    """What the player at ``seat`` may know (see the module's docstring).

    A named tuple: made at every decision, read by name, changed by nobody.
    """

    seat: int
    names: tuple[str, ...]
    phase: Phase
    #: His own cards, as dealt and exchanged.
    hand: tuple[int, ...]
    #: How many cards each seat holds (0 for a seat not dealt in).
    hand_sizes: tuple[int, ...]
    dealer: int
    #: The seats dealt into the deal in progress (or the last one), in speaking order,
    #: and those of them out of it (folded, dropped, put out).
    players: tuple[int, ...]
    out: tuple[int, ...]
    to_act: int | None
    #: What he may do now (nothing unless he is to act).
    legal: LegalActions
    banks: tuple[int, ...]
    bets: tuple[int, ...]
    pool: int
    batterie: int
    #: The highest stake of the betting round in progress (0 outside one).
    current_bet: int
    #: What he must put in to match that stake (0 outside a betting round).
    to_call: int
    #: The choice the rules offer him now, with each option's effects (the
    #: dealer's choice when all pass, for one), or ``None``.
    choice: Choice | None
    #: The largest opening or raise (``None`` where only the purse limits).
    limit: int | None
    step_id: str | None
    #: The public record of the deal in progress (or the last one).
    events: tuple[SeenEvent, ...]
    #: The version's pack and hand values: the rules, not the game.
    deck: Deck
    evaluator: Evaluator
    #: The version's rules as the table plays them (its procedure and payments; the
    #: evaluator's ruleset may be another with the same hands).
    ruleset: Ruleset

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats dealt in and not out, in speaking order."""
        return tuple(seat for seat in self.players if seat not in self.out)


def view_of(state: State, seat: int) -> SeatView:
    """The view of ``seat`` (a seat of the table) now."""
    deal = state.deal
    table = state.table
    if deal is None:
        # Before the first deal: nothing dealt, and the log holds what was recorded.
        return tuple.__new__(SeatView, (
            seat, state.seat_names, state.phase, (), (0,) * len(state.seat_names),
            state.dealer, (), (), None, NOTHING, tuple(table.banks), tuple(table.bets),
            table.pool, table.batterie, 0, 0, None, state.plan.limit, None,
            tuple(state.log), state.deck, state.evaluator, state.plan.ruleset))
    phase = state.phase
    round_ = deal.round if phase is DECISION else None
    cards = deal.cards
    hands = cards.hands
    sizes = cards.sizes  # (counted at an earlier view, unless a card has moved since)
    if sizes is None:
        sizes = cards.hand_sizes()
    current_bet = to_call = 0
    choice = None
    legal = NOTHING
    if round_ is None:
        to_act = None
    else:
        to_act = round_.to_act
        if isinstance(round_, BettingRound):
            current_bet = round_.current_bet
            to_call = current_bet - round_.stakes.get(seat, 0)
            if to_call < 0:
                to_call = 0
        if to_act == seat:
            legal = round_.legal()
            if isinstance(round_, PendingChoice):
                choice = round_.choice
    # The events of the deal as he may see them: the deal's public record (every
    # exchange face down, kept as its events are recorded), with his own exchanges as
    # they were.
    public = deal.public
    own = deal.exchanges.get(seat)
    if not own:
        events = tuple(public)
    else:
        seen = public.copy()
        for position, exchanged in own:
            seen[position] = exchanged
        events = tuple(seen)
    # tuple.__new__: the named tuple's own __new__, without its keyword handling.
    return tuple.__new__(SeatView, (
        seat, state.seat_names, phase, tuple(hands.get(seat, ())),
        sizes,
        state.dealer, deal.seats, tuple(sorted(deal.out)) if deal.out else (),
        to_act, legal, tuple(table.banks), tuple(table.bets), table.pool, table.batterie,
        current_bet, to_call, choice, state.plan.limit, deal.step_id,
        events, state.deck, state.evaluator, state.plan.ruleset))
