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
from .actions import NOTHING, LegalActions
from .betting import BettingRound
from .deal import PendingChoice
from .events import Exchanged, ExchangedFaceDown, SeenEvent
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

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats dealt in and not out, in speaking order."""
        return tuple(seat for seat in self.players if seat not in self.out)


def _deal_events(state: State, seat: int) -> tuple[SeenEvent, ...]:
    """The events of the deal as ``seat`` may see them: others' discards face down.

    Each seat's record is kept with the deal, and only the events logged since
    the seat's last view are read (a bot asks for a view at every decision).
    """
    deal = state.deal
    log = state.log
    if deal is None:
        return tuple(log)
    start = deal.log_start
    end = len(log)
    if start > end:  # the log was emptied since (a long simulation does)
        return ()
    kept = deal.seen.get(seat)
    seen: tuple[SeenEvent, ...] = ()
    if kept is None or kept[0] > end:  # a first view, or the log was emptied and refilled
        read = start
    else:
        read, seen = kept
        if read == end:
            return seen
    new: list[SeenEvent] = []
    for event in log[read:]:
        if isinstance(event, Exchanged) and event.seat != seat:
            new.append(ExchangedFaceDown(seat=event.seat, count=len(event.cards),
                                         call=event.call, step=event.step))
        else:
            new.append(event)
    events = seen + tuple(new)
    deal.seen[seat] = (end, events)
    return events


def view_of(state: State, seat: int) -> SeatView:
    """The view of ``seat`` (a seat of the table) now."""
    deal = state.deal
    table = state.table
    round_ = deal.round if deal is not None and state.phase is DECISION else None
    to_act = None if round_ is None else round_.to_act
    players = state.players
    if deal is None:
        hand: tuple[int, ...] = ()
        sizes: tuple[int, ...] = (0,) * players
        dealt: tuple[int, ...] = ()
        out: tuple[int, ...] = ()
    else:
        hands = deal.cards.hands
        hand = tuple(hands.get(seat, ()))
        sizes = tuple([len(hands[s]) if s in hands else 0 for s in state.seat_numbers])
        dealt = deal.seats
        out = tuple(sorted(deal.out)) if deal.out else ()
    if isinstance(round_, BettingRound):
        current_bet = round_.current_bet
        to_call = max(current_bet - round_.stakes.get(seat, 0), 0)
    else:
        current_bet = to_call = 0
    choice = (round_.choice if to_act == seat and isinstance(round_, PendingChoice)
              else None)
    # tuple.__new__: the named tuple's own __new__, without its keyword handling.
    return tuple.__new__(SeatView, (
        seat, state.seat_names, state.phase, hand, sizes, state.dealer, dealt, out,
        to_act, round_.legal() if round_ is not None and to_act == seat else NOTHING,
        tuple(table.banks), tuple(table.bets), table.pool, table.batterie,
        current_bet, to_call, choice, state.plan.limit, None if deal is None else deal.step_id,
        _deal_events(state, seat), state.deck, state.evaluator))
