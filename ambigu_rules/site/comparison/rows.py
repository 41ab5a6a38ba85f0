"""Every row of the comparison, in the order of the matrix.

:data:`ROWS` lists them group by group; :data:`ROW_KEYS` finds one by its
key (the open questions name the rows they concern by key). A row's group
and label are said in every language (:data:`GROUPS`, :data:`LABELS`).
"""

from __future__ import annotations

from ...rules.common import CANONICAL_COMBINATIONS
from ...rules.vocabulary import VOCABULARY
from ...words.lang import CODES, LANGS, Catalog
from ...words.markup import esc
from ...words.names import CANONICAL
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

#: The groups of rows, as the matrix heads them.
GROUPS = Catalog(__name__, "GROUPS", {
    "table": "Players, cards and seats",
    "deal": "The deal",
    "pay": "Paying the winner",
    "combos": "Combinations",
    "session": "Stakes and the session",
    "penalties": "Penalties",
})
#: Each row's label, by its key (the rows of a combination and of an offence are
#: made from a template).
LABELS = Catalog(__name__, "LABELS", {
    "players": "Players",
    "deck": "Deck",
    "direction": "Direction of play",
    "first_dealer": "First dealer",
    "dealer_rotation": "Next dealer",
    "antes": "Ante(s)",
    "deals": "Dealing",
    "first_exchange": "First exchange (two cards)",
    "later_exchanges": "Later exchanges",
    "betting_intervals": "Betting steps",
    "opening": "Opening bet",
    "raising": "Raises",
    "passing": "Passing before an opening",
    "all_pass": "When all pass",
    "uncalled_open": "Uncalled opening bet",
    "uncalled_raise": "Uncalled raise",
    "showdown": "Showdown",
    "payers": "Who pays the combination",
    "uncontested": "Winner nobody called",
    "shortfall": "A player who cannot pay",
    "definition": "{name}: definition",
    "value": "{name}: value",
    "ties": "{name}: ties",
    "ranking": "Ranking, lowest first",
    "final_tie": "Last resort on a tie",
    "betting_limit": "Betting limit",
    "bank": "Counters",
    "buy_back": "Buying more counters",
    "all_in": "All in",
    "stock_exhaustion": "Stock running out",
    "duration": "Length of the game",
    "penalty": "Penalty for {offence}",
    "dealer_out_of_deal": "Dealer put out of the deal",
})


def _said(catalog: Catalog[str], key: str, **fill: dict[str, str]) -> dict[str, str]:
    """A phrase in every language, its blanks filled by their forms in that language."""
    return {lang.code: catalog(key, lang, **{name: forms[lang.code]
                                             for name, forms in fill.items()})
            for lang in LANGS}


def build_rows() -> list[Row]:
    """The rows of the matrix, group by group."""
    def row(key: str, group: str, fill: Row.Fill, label: str | None = None,
            **blanks: dict[str, str]) -> Row:
        return Row(key, _said(GROUPS, group), _said(LABELS, label or key, **blanks), fill)

    table, deal, pay, combos, session = "table", "deal", "pay", "combos", "session"
    rows = [
        row("players", table, point_cell(lambda r: r.players, lambda d, p: d.players(p))),
        row("deck", table, point_cell(
            lambda r: r.deck, lambda d, p: esc(d.deck.spec.text_in("name", d.lang.code)
                                               if d.deck else p.use))),
        row("direction", table, point_cell(lambda r: r.direction, lambda d, p: d.direction(p))),
        row("first_dealer", table, table_cell("first_dealer")),
        row("dealer_rotation", table, table_cell("dealer_rotation")),
        row("antes", deal, antes),
        row("deals", deal, deals),
        row("first_exchange", deal, first_exchange),
        row("later_exchanges", deal, later_exchanges),
        row("betting_intervals", deal, betting_intervals),
        row("opening", deal, per_betting(lambda d, s: d.opening(s))),
        row("raising", deal, per_betting(lambda d, s: d.raising(s))),
        row("passing", deal, per_betting(lambda d, s: d.passing(s))),
        row("all_pass", deal, per_betting(all_pass)),
        row("uncalled_open", deal, per_betting(lambda d, s: d.outcome(s.on_uncalled_open))),
        row("uncalled_raise", deal,
            per_betting(lambda d, s: None if s.on_uncalled_raise is None
                        else d.outcome(s.on_uncalled_raise))),
        row("showdown", deal, showdown),
        row("payers", pay, payment_cell(0)),
        row("uncontested", pay, payment_cell(1)),
        row("shortfall", pay, payment_cell(2)),
    ]
    for canonical in CANONICAL_COMBINATIONS:
        name = {lang.code: CANONICAL.forms(canonical, lang).capitalize() for lang in LANGS}
        for aspect in ("definition", "value", "ties"):
            rows.append(row(f"combination.{canonical}.{aspect}", combos,
                            combination_aspect(canonical, aspect), aspect, name=name))
    rows += [
        row("ranking", combos, ranking),
        row("final_tie", combos, final_tie),
        row("betting_limit", session, table_cell("betting_limit")),
        row("bank", session, table_cell("bank")),
        row("buy_back", session, table_cell("buy_back")),
        row("all_in", session, table_cell("all_in")),
        row("stock_exhaustion", session, table_cell("stock_exhaustion")),
        row("duration", session, table_cell("duration")),
    ]
    for offence, term in VOCABULARY["offence"].items():
        rows.append(row(f"penalty.{offence}", "penalties", penalty_cell(offence), "penalty",
                        offence={code: term.say("full", code) for code in CODES}))
    rows.append(row("dealer_out_of_deal", "penalties", table_cell("dealer_out_of_deal")))
    return rows


ROWS: list[Row] = build_rows()
ROW_KEYS = {row.key: row for row in ROWS}
