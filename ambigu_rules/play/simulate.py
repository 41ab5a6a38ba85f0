"""Play many deals with bots and report what happened.

>>> report = simulate("foster", hands=20, players=3, seed=1)
>>> report.players, sum(report.banks) + report.on_table == 3 * report.initial_bank
(3, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.events import (
    AnyEvent,
    BestHand,
    BettingEnded,
    CombinationHeld,
    HandShown,
    Redealt,
    Took,
)
from ..engine.game import Game
from ..load.resolver import load_ruleset
from .bots import Bot, HeuristicBot, RandomBot

BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}


@dataclass
class SimulationReport:
    variant: str
    requested: int
    hands: int
    players: int
    initial_bank: int
    banks: list[int]
    on_table: int
    seed: int
    bots: str
    stopped_early: str | None = None
    ended: Counter[str] = field(default_factory=Counter)
    shown: Counter[str] = field(default_factory=Counter)
    winning: Counter[str] = field(default_factory=Counter)
    pot_total: int = 0  # counters taken by winners, over the deals where any were
    pot_deals: int = 0
    decisions: int = 0

    @property
    def average_pot(self) -> float:
        return self.pot_total / self.pot_deals if self.pot_deals else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "hands": self.hands,
            "requested": self.requested,
            "players": self.players,
            "initial_bank": self.initial_bank,
            "banks": self.banks,
            "on_table": self.on_table,
            "net": [bank - self.initial_bank for bank in self.banks],
            "seed": self.seed,
            "bots": self.bots,
            "stopped_early": self.stopped_early,
            "decisions": self.decisions,
            "average_pot": self.average_pot,
            "ended": dict(self.ended.most_common()),
            "combinations_shown": dict(self.shown.most_common()),
            "combinations_winning": dict(self.winning.most_common()),
        }


def _record_deal(report: SimulationReport, events: list[AnyEvent]) -> None:
    ending = "unfinished"
    pot = 0
    for event in events:
        match event:
            case BettingEnded() if event.result != "called":
                ending = f"{event.step}: {event.result.replace('_', ' ')}"
            case BestHand():
                ending = "showdown"
            case Redealt():
                ending = f"{event.step}: redeal"
            case HandShown() if event.combination:
                report.shown[event.combination] += 1
            case CombinationHeld():
                report.winning[event.combination or "-"] += 1
            case Took():
                pot += event.amount
    report.ended[ending] += 1
    if pot:
        report.pot_total += pot
        report.pot_deals += 1


def simulate(
    variant: str,
    *,
    hands: int = 1000,
    players: int = 4,
    seed: int = 0,
    bots: str = "random",
    initial_bank: int = 200,
    limit: int = 10,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """One session of ``hands`` deals between bots (fewer if the table breaks up).

    Only the figures of each deal are kept, never its events, so memory stays
    flat however many deals are played.
    """
    game = Game(load_ruleset(variant), players=players, seed=seed, banks=initial_bank, limit=limit)
    players_bots: list[Bot] = [BOTS[bots](seed * 1000 + seat) for seat in range(players)]
    report = SimulationReport(game.ruleset.id, hands, 0, players, initial_bank, [], 0, seed,
                              bots)
    for _ in range(hands):
        if not game.can_start_deal():
            report.stopped_early = "too few players can pay the antes"
            break
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            game.apply(players_bots[seat].choose(game, game.legal_actions()))
            report.decisions += 1
        _record_deal(report, game.log)
        game.log.clear()  # a statistics run keeps its figures, not its transcript
        report.hands += 1
        if progress:
            progress(report.hands)
    report.banks = list(game.table.banks)
    report.on_table = game.table.on_table
    return report
