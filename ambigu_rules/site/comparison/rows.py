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
GROUPS = Catalog(__name__, {
    "table": ("Players, cards and seats", "Joueurs, cartes et places"),
    "deal": ("The deal", "Le coup"),
    "pay": ("Paying the winner", "Le paiement du gagnant"),
    "combos": ("Combinations", "Combinaisons"),
    "session": ("Stakes and the session", "Les enjeux et la partie"),
    "penalties": ("Penalties", "Pénalités"),
})
#: Each row's label, by its key (the rows of a combination and of an offence are
#: made from a template).
LABELS = Catalog(__name__, {
    "players": ("Players", "Joueurs"),
    "deck": ("Deck", "Jeu de cartes"),
    "direction": ("Direction of play", "Sens du jeu"),
    "first_dealer": ("First dealer", "Premier donneur"),
    "dealer_rotation": ("Next dealer", "Donneur suivant"),
    "antes": ("Ante(s)", "Ante(s)"),
    "deals": ("Dealing", "La donne"),
    "first_exchange": ("First exchange (two cards)", "Premier échange (deux cartes)"),
    "later_exchanges": ("Later exchanges", "Échanges suivants"),
    "betting_intervals": ("Betting steps", "Tours d'enchères"),
    "opening": ("Opening bet", "Mise d'ouverture"),
    "raising": ("Raises", "Relances"),
    "passing": ("Passing before an opening", "Passer avant une ouverture"),
    "all_pass": ("When all pass", "Quand tous passent"),
    "uncalled_open": ("Uncalled opening bet", "Ouverture que personne ne tient"),
    "uncalled_raise": ("Uncalled raise", "Relance que personne ne tient"),
    "showdown": ("Showdown", "Abattage"),
    "payers": ("Who pays the combination", "Qui paie la combinaison"),
    "uncontested": ("Winner nobody called", "Gagnant que personne n'a tenu"),
    "shortfall": ("A player who cannot pay", "Un joueur qui ne peut pas payer"),
    "definition": ("{name}: definition", "{name} : définition"),
    "value": ("{name}: value", "{name} : valeur"),
    "ties": ("{name}: ties", "{name} : égalités"),
    "ranking": ("Ranking, lowest first", "Ordre, de la plus basse"),
    "final_tie": ("Last resort on a tie", "Dernier recours en cas d'égalité"),
    "betting_limit": ("Betting limit", "Limite des mises"),
    "bank": ("Counters", "Jetons"),
    "buy_back": ("Buying more counters", "Racheter des jetons"),
    "all_in": ("All in", "Va-tout"),
    "stock_exhaustion": ("Stock running out", "Talon épuisé"),
    "duration": ("Length of the game", "Durée de la partie"),
    "penalty": ("Penalty for {offence}", "Pénalité pour {offence}"),
    "dealer_out_of_deal": ("Dealer put out of the deal", "Donneur mis hors du coup"),
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
        name = {code: forms.capitalize() for code, forms in CANONICAL.phrases[canonical].items()}
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
