"""Counters on the table: banks, pool, batterie, bets and debts.

Every movement of counters goes through :class:`Table`, so that the total is
conserved: ``sum(banks) + pool + batterie + sum(bets)`` equals what the
players brought (their starting banks plus any counters bought back). A
debt is a bank below zero, with a record of whom it is owed to.

>>> table = Table([10, 10, 10])
>>> table.bet(0, 4); table.to_pile(1, 2, "pool")
2
>>> table.on_table, table.conserved()
(6, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Pile = Literal["pool", "batterie"]


@dataclass
class Debt:
    debtor: int
    creditor: int
    amount: int


@dataclass
class Table:
    """The counters of one session."""

    banks: list[int]
    pool: int = 0
    batterie: int = 0
    bets: list[int] = field(default_factory=list)
    debts: list[Debt] = field(default_factory=list)
    bought: int = 0
    brought: int = 0

    def __post_init__(self) -> None:
        if not self.bets:
            self.bets = [0] * len(self.banks)
        self.brought = sum(self.banks) + self.pool + self.batterie + sum(self.bets)

    @property
    def on_table(self) -> int:
        """Counters not in any bank: pool, batterie and bets."""
        return self.pool + self.batterie + sum(self.bets)

    def conserved(self) -> bool:
        return sum(self.banks) + self.on_table == self.brought + self.bought

    def to_pile(self, seat: int, amount: int, pile: Pile) -> int:
        """A player puts ``amount`` counters into the pool or the batterie, as far as
        his bank goes; returns what he put in (never a debt: a pile is nobody's).

        >>> table = Table([3, -2])
        >>> table.to_pile(0, 4, "pool"), table.to_pile(1, 4, "batterie"), table.banks
        (3, 0, [0, -2])
        """
        bank = self.banks[seat]
        # (Compared in place of min and max: every ante and stake comes here.)
        paid = amount if amount <= bank else bank if bank > 0 else 0
        self.banks[seat] = bank - paid
        if pile == "pool":
            self.pool += paid
        else:
            self.batterie += paid
        return paid

    def bet(self, seat: int, amount: int) -> None:
        """A player stakes counters in front of him."""
        self.banks[seat] -= amount
        self.bets[seat] += amount

    def return_bet(self, seat: int, amount: int) -> None:
        if self.bets[seat] < amount:
            amount = self.bets[seat]
        self.bets[seat] -= amount
        self.banks[seat] += amount

    def pay(self, payer: int, payee: int, amount: int, allow_debt: bool) -> int:
        """One player pays another; returns what was actually paid."""
        bank = self.banks[payer]
        # What his bank can pay (compared in place of min and max: a deal pays often).
        payable = amount if amount <= bank else bank
        if payable < 0:
            payable = 0
        paid = amount if allow_debt else payable
        short = amount - payable
        if allow_debt and short > 0:
            self.debts.append(Debt(payer, payee, short))
        self.banks[payer] -= paid
        self.banks[payee] += paid
        return paid

    def take_pool(self, seat: int) -> int:
        amount, self.pool = self.pool, 0
        self.banks[seat] += amount
        return amount

    def take_batterie(self, seat: int) -> int:
        amount, self.batterie = self.batterie, 0
        self.banks[seat] += amount
        return amount

    def share_pile(self, pile: Pile, seats: list[int]) -> list[int]:
        """The pool or batterie shared equally by ``seats``; the first get an odd counter.

        >>> table = Table([0, 0, 0], pool=7)
        >>> table.share_pile("pool", [2, 0]), table.banks, table.pool
        ([4, 3], [3, 0, 4], 0)
        """
        amount = self.pool if pile == "pool" else self.batterie
        base, extra = divmod(amount, len(seats))
        shares = [base + (1 if index < extra else 0) for index in range(len(seats))]
        for seat, share in zip(seats, shares, strict=True):
            self.banks[seat] += share
        if pile == "pool":
            self.pool = 0
        else:
            self.batterie = 0
        return shares

    def take_bets(self, seat: int, amounts: list[int]) -> int:
        """Move the given part of each player's bet to ``seat``."""
        total = 0
        bets = self.bets
        for other, amount in enumerate(amounts):
            if bets[other] < amount:
                amount = bets[other]
            bets[other] -= amount
            total += amount
        self.banks[seat] += total
        return total

    def bets_into_pool(self) -> int:
        """Bets left on the table join the pool for the next deal."""
        moved = sum(self.bets)
        self.pool += moved
        self.bets = [0] * len(self.bets)
        return moved

    def buy(self, seat: int, amount: int) -> None:
        """A player buys counters from the bank between deals."""
        self.banks[seat] += amount
        self.bought += amount
