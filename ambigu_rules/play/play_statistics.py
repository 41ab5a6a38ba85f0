"""How the deals of a version go, measured over many simulated deals.

Reads the per-deal records of ``ambigu simulate --deals-out`` (one
dictionary per deal, :func:`~ambigu_rules.play.deal_records.deal_record`)
into the figures of the site's page *How the versions play*: how deals end,
the mean pot and combination payment per deal, how often each combination
wins a showdown, what each place at the table gains or loses per deal, and
the spread of one player's result over a session. Every figure comes with
its 95 % interval.

The deals of one block are not independent (a pool carried over, a bank
run down), but the blocks are: each sits fresh tables down from its own
seed. So every interval is a *batch means* interval over the blocks: a
figure is a ratio of sums over all deals, and its standard error is
estimated from how the blocks' own sums scatter around that ratio.

>>> ratio_estimate([(3, 10), (5, 10), (4, 10)]).mean
0.4
>>> round(ratio_estimate([(3, 10), (5, 10), (4, 10)]).low, 3)
0.152
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054

#: Student's t quantile of a two-sided 95 % interval for 1 to 20 degrees of freedom.
_T95 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
        2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860)

#: How a deal can end, in the order the page lists them.
ENDINGS = ("showdown", "uncontested", "all_pass", "forced", "other")

#: The percentiles of a session's result that the page gives.
PERCENTILES = (5, 25, 50, 75, 95)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure and its 95 % interval."""

    mean: float
    low: float
    high: float

    def to_json(self, digits: int = 4) -> dict[str, float]:
        """The figure as JSON, rounded to ``digits`` decimals."""
        return {"mean": round(self.mean, digits), "low": round(self.low, digits),
                "high": round(self.high, digits)}


def t95(freedom: int) -> float:
    """Student's t quantile of a two-sided 95 % interval with ``freedom`` degrees of freedom.

    Exact to four decimals up to 20; beyond, the first three terms of its
    expansion around the normal quantile (off by less than 0.001).

    >>> t95(1), round(t95(30), 3), round(t95(199), 3)
    (12.7062, 2.042, 1.972)
    """
    if freedom <= len(_T95):
        return _T95[freedom - 1]
    z = Z95
    return (z + (z**3 + z) / (4 * freedom)
            + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * freedom**2))


def ratio_estimate(blocks: Sequence[tuple[float, float]]) -> Estimate:
    """Σ numerators / Σ denominators over the blocks, with its batch means interval.

    Each block gives (numerator, denominator): for a mean per deal, the sum
    of the figure over the block's deals and their number. The standard
    error is the linearized one of a ratio estimator,
    ``sqrt(B / (B - 1) · Σ (x_b − R·n_b)²) / Σ n_b``. With fewer than two
    blocks, or none of the denominator, the interval is the whole real line
    (``-inf`` to ``inf``): nothing can be said of the spread.
    """
    total = sum(den for _, den in blocks)
    if total == 0:
        return Estimate(math.nan, -math.inf, math.inf)
    ratio = sum(num for num, _ in blocks) / total
    count = len(blocks)
    if count < 2:
        return Estimate(ratio, -math.inf, math.inf)
    spread = sum((num - ratio * den) ** 2 for num, den in blocks) * count / (count - 1)
    error = math.sqrt(spread) / total
    half = t95(count - 1) * error
    return Estimate(ratio, ratio - half, ratio + half)


def ending_kind(record: Mapping[str, Any]) -> str:
    """How a deal ended, as one of :data:`ENDINGS`.

    >>> ending_kind({"ended": "final_betting: all pass"})
    'all_pass'
    >>> ending_kind({"ended": "showdown", "forced": True})
    'forced'
    """
    if record.get("forced"):
        return "forced"
    ended = str(record["ended"])
    if ended == "showdown":
        return "showdown"
    if ended.endswith(": all pass"):
        return "all_pass"
    if ended.endswith((": uncalled open", ": uncalled raise")):
        return "uncontested"
    return "other"


def quantile_with_interval(values: Sequence[float], percent: float) -> Estimate:
    """The ``percent`` percentile of ``values`` with a distribution-free 95 % interval.

    The interval's ends are the order statistics whose ranks are
    ``N·q ± 1.96·sqrt(N·q·(1 − q))`` (the normal form of the binomial
    count of values below the true percentile), clipped to the sample.

    >>> quantile_with_interval(list(range(101)), 50).mean
    50
    """
    ordered = sorted(values)
    count = len(ordered)
    if count == 0:
        return Estimate(math.nan, -math.inf, math.inf)
    share = percent / 100
    half = Z95 * math.sqrt(count * share * (1 - share))

    def at(rank: float) -> float:
        return ordered[min(count - 1, max(0, math.floor(rank)))]

    return Estimate(at(count * share), at(count * share - half), at(count * share + half))


@dataclass
class _Block:
    deals: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    pot: int = 0
    combination_paid: int = 0
    showdowns: int = 0
    best: Counter[str] = field(default_factory=Counter)
    net_by_place: Counter[int] = field(default_factory=Counter)


@dataclass(frozen=True, slots=True)
class PlayStatistics:
    """The figures of one version's simulated deals (see the module's docstring)."""

    deals: int
    blocks: int
    endings: dict[str, Estimate]
    pot: Estimate
    combination_paid: Estimate
    best_combination: dict[str, Estimate]
    net_by_place: dict[int, Estimate]
    session_deals: int
    sessions: int
    session_net: dict[int, Estimate]

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON (places and percentiles as strings, for JSON's keys)."""
        return {
            "deals": self.deals,
            "blocks": self.blocks,
            "endings": {kind: value.to_json() for kind, value in self.endings.items()},
            "pot": self.pot.to_json(2),
            "combination_paid": self.combination_paid.to_json(2),
            "best_combination": {name: value.to_json()
                                 for name, value in self.best_combination.items()},
            "net_by_place": {str(place): value.to_json(3)
                             for place, value in self.net_by_place.items()},
            "session_deals": self.session_deals,
            "sessions": self.sessions,
            "session_net": {str(percent): value.to_json(1)
                            for percent, value in self.session_net.items()},
        }


def play_statistics(records: Iterable[Mapping[str, Any]], players: int,
                    session_deals: int = 50) -> PlayStatistics:
    """The figures of the deals ``records`` describe, played at ``players`` seats.

    A deal's *place* is its seat counted from the dealer (``0`` the dealer,
    ``1`` the first to his right, who speaks first, and so on). A *session*
    is a run of ``session_deals`` consecutive deals at one table (a table's
    deals are cut into sessions from its first; a last, shorter run is left
    out), and its result that of one seat, the table's sessions taking the
    seats in turn. The percentiles' intervals treat sessions as independent,
    which they nearly are: what one session leaves to the next is the pool
    and the banks, and a bank run down is bought back.
    """
    blocks: dict[int, _Block] = defaultdict(_Block)
    running: dict[tuple[int, int], list[int]] = {}
    session_net: list[float] = []
    for record in records:
        block = blocks[int(record["block"])]
        block.deals += 1
        kind = ending_kind(record)
        block.endings[kind] += 1
        block.pot += int(record["pot"])
        block.combination_paid += int(record.get("combination_paid", 0))
        if kind in ("showdown", "forced") and record.get("best") is not None:
            block.showdowns += 1
            block.best[str(record["best"])] += 1
        dealer = int(record["dealer"])
        for seat, net in enumerate(record["net"]):
            block.net_by_place[(seat - dealer) % players] += int(net)
        table = (int(record["block"]), int(record["table"]))
        played = running.setdefault(table, [0, 0, 0])  # deals, net, sessions done
        played[0] += 1
        played[1] += int(record["net"][played[2] % players])
        if played[0] == session_deals:
            session_net.append(played[1])
            played[0], played[1], played[2] = 0, 0, played[2] + 1
    ordered = [blocks[number] for number in sorted(blocks)]
    names = sorted({name for block in ordered for name in block.best})
    return PlayStatistics(
        deals=sum(block.deals for block in ordered),
        blocks=len(ordered),
        endings={kind: ratio_estimate([(b.endings[kind], b.deals) for b in ordered])
                 for kind in ENDINGS},
        pot=ratio_estimate([(b.pot, b.deals) for b in ordered]),
        combination_paid=ratio_estimate([(b.combination_paid, b.deals) for b in ordered]),
        best_combination={name: ratio_estimate([(b.best[name], b.showdowns) for b in ordered])
                          for name in names},
        net_by_place={place: ratio_estimate([(b.net_by_place[place], b.deals)
                                             for b in ordered])
                      for place in range(players)},
        session_deals=session_deals,
        sessions=len(session_net),
        session_net={percent: quantile_with_interval(session_net, percent)
                     for percent in PERCENTILES},
    )
