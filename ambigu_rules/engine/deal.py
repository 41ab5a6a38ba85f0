"""The state of a deal in progress, and of the dealer's pending choice."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import filterfalse

import ambigu_rules.engine.event_makers as new

from ..rules.procedure import Choice
from .actions import Action, LegalActions
from .betting import BettingRound
from .cards import CardSource
from .events import Exchanged, SeenEvent
from .exchange import ExchangeRound, ShuffleCallRound


@dataclass
class PendingChoice:
    """A choice the rules offer one player (the dealer) between named outcomes.

    An option that would have the dealer put in more than his bank is not
    offered (unless no option is affordable).
    """

    seat: int
    choice: Choice
    bank: int
    chosen: str | None = None
    #: The options offered, with the choice and the bank they were worked out for
    #: (a penalty may pass the choice to another player, with his bank).
    _offered: tuple[Choice, int, LegalActions] | None = field(
        default=None, init=False, repr=False, compare=False)

    @property
    def to_act(self) -> int | None:
        return None if self.chosen else self.seat

    def cost(self, name: str) -> int:
        """What option ``name`` has the dealer add."""
        return sum(e.add.amount for e in self.choice.options[name]
                   if e.add is not None and e.add.who == "dealer")

    def refusal(self, action: Action) -> str | None:
        """Why the dealer may not choose so, or ``None`` if he may."""
        if action not in self.legal():
            return f"choose one of: {', '.join(self.choice.options)}"
        return None

    def legal(self) -> LegalActions:
        offered, choice, bank = self._offered, self.choice, self.bank
        if offered is None or offered[0] is not choice or offered[1] != bank:
            names = [n for n in choice.options if self.cost(n) <= bank]
            offered = self._offered = (choice, bank, LegalActions(
                Action("choose", option=n) for n in names or choice.options))
        return offered[2]


#: The decision a deal waits for: a betting round, an exchange, the shuffle
#: calls, or the dealer's choice. Each holds its own typed step.
Round = BettingRound | ExchangeRound | ShuffleCallRound | PendingChoice


class Deal:
    """The state of the deal in progress: who is in, where the procedure is, its cards."""

    __slots__ = (
        "cards",
        "decisions",
        "exchanges",
        "last_player",
        "last_refuser",
        "last_round",
        "log_start",
        "number",
        "opener",
        "out",
        "players",
        "public",
        "put_out",
        "ranking",
        "round",
        "seats",
        "sitting_out",
        "standing",
        "step_id",
        "step_index",
        "steps_run",
        "winner",
        "winners",
    )

    def __init__(self, number: int, players: list[int], cards: CardSource) -> None:
        """Deal ``number`` to ``players`` (in speaking order) from ``cards``."""
        self.number, self.players, self.cards = number, players, cards
        self.out: set[int] = set()  # folded, dropped or sitting out
        self.sitting_out: set[int] = set()  # out under a penalty for the whole deal
        self.put_out: set[int] = set()  # out by a penalty (abandon or sit out)
        self.step_index = 0
        self.round: Round | None = None
        self.step_id: str | None = None
        self.opener: int | None = None
        self.winner: int | None = None
        self.last_player: int | None = None
        self.last_refuser: int | None = None
        self.last_round: BettingRound | None = None
        self.ranking: list[int] = []
        # The showdown's order in groups of exactly tied hands (with ``final_tie: split``;
        # otherwise a group of one each), and the winners: the best group.
        self.standing: list[list[int]] = []
        self.winners: list[int] = []
        self.steps_run = self.decisions = 0
        #: Where the deal's events begin in the game's log.
        self.log_start = 0
        #: The deal's events as every other player sees them (exchanges face down),
        #: kept by the deal as they are recorded, whatever becomes of the game's log
        #: (:meth:`add_exchange` for an exchange); and each seat's own exchanges with
        #: where they lie in that record.
        self.public: list[SeenEvent] = []
        self.exchanges: dict[int, list[tuple[int, Exchanged]]] = {}
        #: ``players`` as a tuple (they never change during a deal).
        self.seats = tuple(players)

    def add_exchange(self, event: Exchanged) -> None:
        """Add an exchange to the deal's public record face down (how many cards, not
        which), kept with where it lies for the player who made it."""
        public = self.public
        self.exchanges.setdefault(event.seat, []).append((len(public), event))
        public.append(new.ExchangedFaceDown(seat=event.seat, count=len(event.cards),
                                            call=event.call, step=event.step))

    @property
    def hands(self) -> dict[int, list[int]]:
        """The cards each seat dealt in holds."""
        return self.cards.hands

    @property
    def stock(self) -> list[int]:
        """The stock, its top card last."""
        return self.cards.stock

    @property
    def discards(self) -> dict[int, list[int]]:
        """The cards each seat has discarded (and not yet seen gathered into the stock)."""
        return self.cards.discards

    def in_play(self) -> list[int]:
        """The seats still in the deal, in speaking order."""
        out = self.out
        if not out:
            return list(self.players)
        return list(filterfalse(out.__contains__, self.players))  # (in C: a deal asks often)
