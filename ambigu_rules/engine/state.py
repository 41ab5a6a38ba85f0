"""The state of a game: its phase, its seats, the ledger of counters, the deal.

:class:`State` is everything a session holds between two operations, and
nothing else: the plan it plays (read only), the seats and their names, the
:class:`~.table.Table` (the one ledger of counters), the
:class:`Session` around the deals, the deal in progress, the
event log. The steps, the decisions and the operations are functions of a
state; none of them takes the whole :class:`~.game.Game`.

The phase says where the game is, as a value:

>>> [phase.value for phase in Phase]
['no_deal_yet', 'decision', 'stalled', 'between_deals', 'session_over']
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, TypeVar

from ..hands.evaluator import Evaluator
from ..rules.deck import Deck
from .deal import Deal
from .events import AnyEvent, Exchanged
from .plan import Plan
from .table import Table

EventT = TypeVar("EventT", bound=AnyEvent)


class Phase(StrEnum):
    """Where a game is between two operations."""

    #: Seated, no deal dealt yet.
    NO_DEAL_YET = "no_deal_yet"
    #: A deal is in progress and a player is to act.
    DECISION = "decision"
    #: A deal is in progress but cannot go on: a scripted card cannot be served.
    STALLED = "stalled"
    #: The last deal is over and another may start.
    BETWEEN_DEALS = "between_deals"
    #: The session has ended (its agreed deals are played, or its time is up).
    SESSION_OVER = "session_over"


@dataclass
class Session:
    """What holds across the deals: counters brought, agreed length, who left."""

    brought: list[int]
    agreed_deals: int | None = None
    time_is_up: bool = False
    left: set[int] = field(default_factory=set)
    ended: bool = False
    unwon_deals: int = 0  # deals in a row that ended with the pool left on the table


#: The phases in which no deal is in progress.
NO_DEAL_IN_PROGRESS = frozenset({Phase.NO_DEAL_YET, Phase.BETWEEN_DEALS, Phase.SESSION_OVER})

# The two phases of a deal in progress, as names of this module. The engine
# compares with them at every decision: in Python 3.11 a member read from its
# enum class (``Phase.DECISION``) takes about 0.2 microseconds, and hashing one
# (``in`` a set) runs ``Enum.__hash__`` in Python; a module name and ``is`` are
# a tenth of that.
DECISION: Final = Phase.DECISION
STALLED: Final = Phase.STALLED


class State:
    """A session between two operations (see the module's docstring)."""

    __slots__ = ("_orders", "deal", "deal_count", "dealer", "deck", "evaluator",
                 "keep_discards_apart", "log", "names", "phase", "plan", "rng", "seat_names",
                 "seat_numbers", "session", "stall", "table", "watcher")

    def __init__(self, plan: Plan, evaluator: Evaluator, names: list[str], table: Table,
                 session: Session, rng: random.Random,
                 keep_discards_apart: frozenset[int]) -> None:
        self.plan, self.evaluator, self.names = plan, evaluator, names
        self.seat_names = tuple(names)
        self.seat_numbers = range(len(names))
        self.deck: Deck = evaluator.deck
        self.table, self.session, self.rng = table, session, rng
        self.keep_discards_apart = keep_discards_apart
        self.phase = Phase.NO_DEAL_YET
        self.deal: Deal | None = None
        self.deal_count = 0
        self.dealer = 0
        #: Why the deal in progress cannot go on (phase ``STALLED``).
        self.stall: str | None = None
        self.log: list[AnyEvent] = []
        #: Called with each event as it is recorded, after the change it records.
        self.watcher: Callable[[AnyEvent], None] | None = None
        #: The speaking order from each dealer (the direction never changes in a game).
        self._orders: dict[int, tuple[int, ...]] = {}

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def in_deal(self) -> bool:
        """Whether a deal is in progress (a decision awaited, or stalled)."""
        phase = self.phase
        return phase is DECISION or phase is STALLED

    def current_deal(self) -> Deal:
        """The deal in progress (the engine's steps run only during one)."""
        deal = self.deal
        assert deal is not None, "no deal in progress"
        return deal

    @property
    def step_id(self) -> str | None:
        deal = self.deal
        return None if deal is None else deal.step_id

    def record(self, event: EventT) -> EventT:
        """Keep ``event`` in the log (and show it to the watcher) and return it; it
        joins the public record of the deal in progress, or of the last one, as it
        is (an exchange is recorded by :meth:`record_exchange`: face down there)."""
        self.log.append(event)
        deal = self.deal
        if deal is not None:
            deal.public.append(event)
        if self.watcher is not None:
            self.watcher(event)
        return event

    def record_exchange(self, event: Exchanged) -> Exchanged:
        """:meth:`record` for an exchange: it joins the deal's public record face down."""
        self.log.append(event)
        self.current_deal().add_exchange(event)
        if self.watcher is not None:
            self.watcher(event)
        return event

    # -- seats -----------------------------------------------------------------

    def speaking_order(self) -> list[int]:
        """Every seat in the order of speaking, as the version's ``direction`` says.

        Seats are numbered to the right: seat ``dealer + 1`` is on the dealer's
        right. The first to speak sits on the dealer's right or left
        (``first_to_speak``), and the turn goes on to the right
        (``counterclockwise``) or to the left (``clockwise``).
        """
        order = self._orders.get(self.dealer)
        if order is None:
            direction = self.plan.ruleset.direction
            first = 1 if direction.first_to_speak == "dealer_right" else -1
            step = 1 if direction.turn == "counterclockwise" else -1
            players, dealer = self.players, self.dealer
            order = self._orders[dealer] = tuple(
                (dealer + first + step * offset) % players for offset in range(players))
        return list(order)

    def cutter(self) -> int | None:
        """Who cuts the pack: the seat on the dealer's side the version names, if any."""
        side = self.plan.ruleset.direction.cut_by
        if side is None:
            return None
        return (self.dealer + (1 if side == "dealer_right" else -1)) % self.players

    def acting_dealer(self) -> int:
        """Who plays the dealer's part in this deal: his choice, his force.

        The dealer himself, unless a penalty has put him out of the deal while
        others play on (a dealer who passes or folds keeps his part): then
        ``table.dealer_out_of_deal`` names who takes his part.
        """
        deal = self.deal
        if deal is None or self.dealer not in deal.put_out:
            return self.dealer
        in_play = deal.in_play()
        if not in_play:
            return self.dealer
        if self.plan.rules.dealer_out_of_deal.role_passes_to == "last_in_turn":
            return in_play[-1]
        return in_play[0]

    def required_antes(self) -> int:
        """What each player must be able to pay to be dealt in."""
        plan = self.plan
        return plan.antes_due + plan.antes_growth * self.session.unwon_deals

    def able_to_play(self) -> set[int]:
        """The seats that can be dealt in: still at the table, able to pay the antes."""
        need, banks, left = self.required_antes(), self.table.banks, self.session.left
        return {seat for seat in self.seat_numbers if banks[seat] >= need
                and seat not in left}
