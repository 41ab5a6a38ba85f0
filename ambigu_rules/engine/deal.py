"""The state of a deal in progress, and of the dealer's pending choice."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.procedure import Choice
from .actions import Action, LegalActions
from .betting import BettingRound
from .copies import Reduced, reduced, restore
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


@dataclass(init=False)
class Deal:
    """The state of the deal in progress (``__init__`` written out, so that the
    compiled build compiles it)."""

    number: int
    players: list[int]  # seats dealt in, in speaking order from the dealer's right
    hands: dict[int, list[int]]
    stock: list[int]  # the top card is the last
    discards: dict[int, list[int]]
    out: set[int]  # folded, dropped or sitting out
    sitting_out: set[int]  # out under a penalty
    put_out: set[int]  # out by a penalty (abandon or sit out)
    step_index: int
    round: Round | None
    step_id: str | None
    opener: int | None
    winner: int | None
    last_player: int | None
    last_refuser: int | None
    last_round: BettingRound | None
    ranking: list[int]
    # The showdown's order in groups of exactly tied hands (with ``final_tie: split``;
    # otherwise a group of one each), and the winners: the best group.
    standing: list[list[int]]
    winners: list[int]
    over: bool
    steps_run: int
    decisions: int

    def __init__(self, number: int, players: list[int]) -> None:
        """Deal ``number`` to ``players``: no cards yet, the first step next."""
        self.number, self.players = number, players
        self.hands = {seat: [] for seat in players}
        self.stock = []
        self.discards = {seat: [] for seat in players}
        self.out, self.sitting_out, self.put_out = set(), set(), set()
        self.step_index, self.round, self.step_id = 0, None, None
        self.opener = self.winner = self.last_player = self.last_refuser = None
        self.last_round = None
        self.ranking, self.standing, self.winners = [], [], []
        self.over = False
        self.steps_run = self.decisions = 0

    def __reduce__(self) -> Reduced:
        return reduced(self, (0, []))

    def __setstate__(self, state: dict[str, object]) -> None:
        restore(self, state)

    def in_play(self) -> list[int]:
        return [seat for seat in self.players if seat not in self.out]
