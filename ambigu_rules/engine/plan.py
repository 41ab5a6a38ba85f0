"""The plan of a game: a version's rules made ready to play, once per game.

:meth:`Plan.of` reads a ruleset and the table's agreements once: the steps
of a deal indexed by id (every ``goto`` target and the redeal's first deal
step resolved), the amounts the table agreed, the betting limit, and every
table rule as it is played. Where the version's file is silent on a table
rule, the plan holds the row of
:data:`~ambigu_rules.rules.where_silent.PLAYED_WHERE_SILENT` and says so in
:attr:`Plan.silent`: the engine never asks whether a rule is there.

>>> from ambigu_rules.load.resolver import load_ruleset
>>> plan = Plan.of(load_ruleset("foster"))
>>> plan.index_of["showdown"] == len(plan.steps) - 1, plan.rules.dealer_rotation.to
(True, 'right')
>>> sorted(Plan.of(load_ruleset("russian")).silent)
['buy_back', 'dealer_out_of_deal']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from ..errors import GameSetupError
from ..rules import where_silent
from ..rules.common import Agreed
from ..rules.procedure import AnteStep, DealStep, Step
from ..rules.ruleset import Ruleset
from ..rules.table import (
    AllIn,
    Bank,
    BettingLimit,
    BuyBack,
    DealerOutOfDeal,
    DealerRotation,
    Duration,
    FirstDealer,
    StockExhaustion,
    TableRule,
    TableRules,
)
from ..rules.where_silent import PLAYED_WHERE_SILENT
from .input_checks import checked_agreed, checked_fixed_stake, checked_limit
from .table import Pile


@dataclass(frozen=True, slots=True)
class PlayedRules:
    """Every table rule (but the penalties) as it is played: the version's, or the
    editors' row where the version is silent."""

    first_dealer: FirstDealer
    dealer_rotation: DealerRotation
    betting_limit: BettingLimit
    bank: Bank
    buy_back: BuyBack
    all_in: AllIn
    stock_exhaustion: StockExhaustion
    duration: Duration
    dealer_out_of_deal: DealerOutOfDeal


RuleT = TypeVar("RuleT", bound=TableRule)


def _played(given: RuleT | None, silent: RuleT) -> RuleT:
    """The version's rule, or the editors' where the version is silent."""
    return silent if given is None else given


def played_rules(table: TableRules) -> PlayedRules:
    """Every table rule of a version as it is played."""
    return PlayedRules(
        first_dealer=_played(table.first_dealer, where_silent.FIRST_DEALER),
        dealer_rotation=_played(table.dealer_rotation, where_silent.DEALER_ROTATION),
        betting_limit=_played(table.betting_limit, where_silent.BETTING_LIMIT),
        bank=_played(table.bank, where_silent.BANK),
        buy_back=_played(table.buy_back, where_silent.BUY_BACK),
        all_in=_played(table.all_in, where_silent.ALL_IN),
        stock_exhaustion=_played(table.stock_exhaustion, where_silent.STOCK_EXHAUSTION),
        duration=_played(table.duration, where_silent.DURATION),
        dealer_out_of_deal=_played(table.dealer_out_of_deal, where_silent.DEALER_OUT_OF_DEAL),
    )


@dataclass(frozen=True, slots=True)
class AnteTerms:
    """What an ante step asks, read once per game: its stake with the table's agreed
    amount applied, by how much it grows, who pays, into which pile, and its label."""

    step_id: str
    amount: int
    grows_by: int
    each_player: bool
    into: Pile
    label: str

    @classmethod
    def of(cls, step: AnteStep, agreed: dict[str, int]) -> AnteTerms:
        return cls(step.id, agreed_amount(agreed, step.id, step.amount), step.grows_by,
                   step.payer == "each_player", step.into, step.label or step.title.lower())


@dataclass(frozen=True, slots=True)
class Plan:
    """What a game plays, resolved once: steps, targets, amounts, table rules."""

    ruleset: Ruleset
    steps: tuple[Step, ...]
    #: The index of each step by its id (``goto`` targets).
    index_of: dict[str, int]
    #: Where a redeal starts again: the first deal step.
    first_deal: int
    #: The antes each player pays at every deal: who cannot pay them sits out.
    each_players_antes: tuple[AnteStep, ...]
    #: What those antes add up to (the table's agreed amounts applied), and by how
    #: much they grow for each deal in a row that left the pool unwon.
    antes_due: int
    antes_growth: int
    #: Every ante step's terms, by the step's id.
    antes: dict[str, AnteTerms]
    #: The deal steps a deal opens with, before anything but antes: all served
    #: from a full stock, so a script for them is checked before the deal starts.
    opening_deals: tuple[DealStep, ...]
    rules: PlayedRules
    #: The table rules the version's file leaves out (played as the editors' rows).
    silent: frozenset[str]
    agreed: dict[str, int]
    #: The largest opening or raise; ``None`` where only the purse (or the pool) limits.
    limit: int | None
    fixed_stake: int | None
    #: Whether players may buy counters (the version's rule, or the table's agreement
    #: where the version is silent).
    buy_back_allowed: bool

    @classmethod
    def of(cls, ruleset: Ruleset, *, agreed: object = None, limit: object = None,
           fixed_stake: object = None, buy_back_agreed: bool = False) -> Plan:
        """The plan of ``ruleset`` with the table's agreements, each checked."""
        steps = tuple(ruleset.procedure)
        rules = played_rules(ruleset.table)
        silent = frozenset(key for key in PLAYED_WHERE_SILENT
                           if getattr(ruleset.table, key) is None)
        kind = rules.betting_limit.kind
        betting_limit = checked_limit(ruleset, limit, kind)
        if buy_back_agreed and "buy_back" not in silent and not rules.buy_back.allowed:
            raise GameSetupError(f"under {ruleset.id!r} a player may not buy more counters "
                                 "(table.buy_back), whatever the table agrees")
        agreed_amounts = checked_agreed(ruleset, agreed)
        each_players_antes = tuple(step for step in steps if isinstance(step, AnteStep)
                                   and step.payer == "each_player")
        opening: list[DealStep] = []
        for step in steps:
            if isinstance(step, DealStep):
                opening.append(step)
            elif not isinstance(step, AnteStep):
                break
        return cls(
            ruleset=ruleset,
            steps=steps,
            index_of={step.id: index for index, step in enumerate(steps)},
            first_deal=next((i for i, step in enumerate(steps) if isinstance(step, DealStep)),
                            0),
            each_players_antes=each_players_antes,
            antes_due=sum(agreed_amount(agreed_amounts, step.id, step.amount)
                          for step in each_players_antes),
            antes_growth=sum(step.grows_by for step in each_players_antes),
            antes={step.id: AnteTerms.of(step, agreed_amounts) for step in steps
                   if isinstance(step, AnteStep)},
            opening_deals=tuple(opening),
            rules=rules,
            silent=silent,
            agreed=agreed_amounts,
            limit=betting_limit,
            fixed_stake=checked_fixed_stake(ruleset, fixed_stake, kind),
            buy_back_allowed=(rules.buy_back.allowed or
                              ("buy_back" in silent and bool(buy_back_agreed))),
        )

    def amount(self, step_id: str, amount: int | Agreed) -> int:
        """An amount of the rules, with the table's agreed choice applied."""
        return agreed_amount(self.agreed, step_id, amount)


def agreed_amount(agreed: dict[str, int], step_id: str, amount: int | Agreed) -> int:
    """``amount`` of step ``step_id``, or the table's choice where it is ``agreed``."""
    if type(amount) is int:  # told apart first: an isinstance() of a rule class is slow
        return amount
    if isinstance(amount, Agreed):
        return agreed.get(step_id, amount.default)
    return amount
