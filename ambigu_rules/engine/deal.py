"""The state of a deal in progress, and of the dealer's pending choice."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.procedure import Choice
from .actions import Action, LegalActions
from .betting import BettingRound
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

    @property
    def to_act(self) -> int | None:
        return None if self.chosen else self.seat

    def _cost(self, name: str) -> int:
        return sum(e.add.amount for e in self.choice.options[name]
                   if e.add is not None and e.add.who == "dealer")

    def legal(self) -> LegalActions:
        names = [n for n in self.choice.options if self._cost(n) <= self.bank]
        return LegalActions(Action("choose", option=n) for n in names or self.choice.options)


Round = BettingRound | ExchangeRound | ShuffleCallRound | PendingChoice


@dataclass
class Deal:
    """The state of the deal in progress."""

    number: int
    players: list[int]  # seats dealt in, in speaking order from the dealer's right
    hands: dict[int, list[int]]
    stock: list[int]  # the top card is the last
    discards: dict[int, list[int]]
    out: set[int] = field(default_factory=set)  # folded, dropped or sitting out
    sitting_out: set[int] = field(default_factory=set)  # out under a penalty
    put_out: set[int] = field(default_factory=set)  # out by a penalty (abandon or sit out)
    step_index: int = 0
    round: Round | None = None
    step_id: str | None = None
    opener: int | None = None
    winner: int | None = None
    last_player: int | None = None
    last_refuser: int | None = None
    last_round: BettingRound | None = None
    ranking: list[int] = field(default_factory=list)
    # The showdown's order in groups of exactly tied hands (with ``final_tie: split``;
    # otherwise a group of one each), and the winners: the best group.
    standing: list[list[int]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    over: bool = False
    steps_run: int = 0
    decisions: int = 0

    def in_play(self) -> list[int]:
        return [seat for seat in self.players if seat not in self.out]
