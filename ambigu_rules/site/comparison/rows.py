"""Every row of the comparison, in the order of the matrix.

:data:`ROWS` lists them group by group; :data:`ROW_KEYS` finds one by its
key (the open questions name the rows they concern by key).
"""

from __future__ import annotations

from ...rules.common import CANONICAL_COMBINATIONS
from ...rules.vocabulary import VOCABULARY
from ...words.markup import esc
from ...words.names import CANONICAL_LABEL
from .cells import Row, point_cell
from .combination_cells import combination_aspect, final_tie, payment_cell, ranking
from .step_cells import (
    all_pass,
    antes,
    betting_intervals,
    deals,
    first_exchange,
    later_exchanges,
    per_betting,
    showdown,
)
from .table_cells import penalty_cell, table_cell


def build_rows() -> list[Row]:
    """The rows of the matrix, group by group."""
    table = "Players, cards and seats"
    deal = "The deal"
    pay = "Paying the winner"
    combos = "Combinations"
    session = "Stakes and the session"
    penalties = "Penalties"
    rows = [
        Row("players", table, "Players",
            point_cell(lambda r: r.players, lambda d, p: d.players(p))),
        Row("deck", table, "Deck",
            point_cell(lambda r: r.deck, lambda d, p: esc(d.deck.spec.name if d.deck else p.use))),
        Row("direction", table, "Direction of play",
            point_cell(lambda r: r.direction, lambda d, p: d.direction(p))),
        Row("first_dealer", table, "First dealer",
            table_cell("first_dealer")),
        Row("dealer_rotation", table, "Next dealer",
            table_cell("dealer_rotation")),
        Row("antes", deal, "Ante(s)", antes),
        Row("deals", deal, "Dealing", deals),
        Row("first_exchange", deal, "First exchange (two cards)", first_exchange),
        Row("later_exchanges", deal, "Later exchanges", later_exchanges),
        Row("betting_intervals", deal, "Betting steps", betting_intervals),
        Row("opening", deal, "Opening bet", per_betting(lambda d, s: d.opening(s))),
        Row("raising", deal, "Raises", per_betting(lambda d, s: d.raising(s))),
        Row("passing", deal, "Passing before an opening",
            per_betting(lambda d, s: d.passing(s))),
        Row("all_pass", deal, "When all pass", per_betting(all_pass)),
        Row("uncalled_open", deal, "Uncalled opening bet",
            per_betting(lambda d, s: d.outcome(s.on_uncalled_open))),
        Row("uncalled_raise", deal, "Uncalled raise",
            per_betting(lambda d, s: None if s.on_uncalled_raise is None
                        else d.outcome(s.on_uncalled_raise))),
        Row("showdown", deal, "Showdown", showdown),
        Row("payers", pay, "Who pays the combination", payment_cell(0)),
        Row("uncontested", pay, "Winner nobody called", payment_cell(1)),
        Row("shortfall", pay, "A player who cannot pay", payment_cell(2)),
    ]
    for canonical in CANONICAL_COMBINATIONS:
        label = CANONICAL_LABEL[canonical].capitalize()
        for aspect in ("definition", "value", "ties"):
            rows.append(Row(f"combination.{canonical}.{aspect}", combos,
                            f"{label}: {aspect}", combination_aspect(canonical, aspect)))
    rows += [
        Row("ranking", combos, "Ranking, lowest first", ranking),
        Row("final_tie", combos, "Last resort on a tie", final_tie),
        Row("betting_limit", session, "Betting limit",
            table_cell("betting_limit")),
        Row("bank", session, "Counters", table_cell("bank")),
        Row("buy_back", session, "Buying more counters",
            table_cell("buy_back")),
        Row("all_in", session, "All in", table_cell("all_in")),
        Row("stock_exhaustion", session, "Stock running out",
            table_cell("stock_exhaustion")),
        Row("duration", session, "Length of the game", table_cell("duration")),
    ]
    for offence, term in VOCABULARY["offence"].items():
        rows.append(Row(f"penalty.{offence}", penalties, f"Penalty for {term.say()}",
                        penalty_cell(offence)))
    rows.append(Row("dealer_out_of_deal", penalties, "Dealer put out of the deal",
                    table_cell("dealer_out_of_deal")))
    return rows


ROWS: list[Row] = build_rows()
ROW_KEYS = {row.key: row for row in ROWS}
