"""What the engine target holds the engine to, besides its own invariants.

A refused call leaves everything as it was (:func:`snapshot` before and
after); what ``legal_actions()`` lists is well-formed and allowed
(:func:`well_formed`, :func:`allowed`); the dedup keys of calls the engine
should have refused (:func:`action_shape`, :func:`call_shape`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, TypeGuard

from .findings import short

if TYPE_CHECKING:
    from ambigu_rules.engine import Game
    from ambigu_rules.engine.actions import Action, LegalActions

#: A game's state as :func:`snapshot` reads it, to compare before and after a call.
Snapshot = tuple[object, ...]
_SNAPSHOT_NAMES = [
    "banks", "bets", "pool", "batterie", "bought", "brought", "debts", "dealer", "deal_count",
    "log length", "to_act", "deal number", "deal over", "step index", "step id", "hands",
    "stock", "discards", "out", "legal actions",
]


def well_formed(action: object) -> TypeGuard[Action]:
    """An :class:`Action` whose every field has its exact type (the fuzzer's own oracle)."""
    from ambigu_rules.engine.actions import KINDS, Action

    if type(action) is not Action:
        return False
    kind, amount, cards, option = action
    return (type(kind) is str and kind in KINDS and (amount is None or type(amount) is int)
            and type(cards) is tuple and all(type(c) is int for c in cards)
            and (option is None or type(option) is str))


def allowed(action: object, legal: LegalActions) -> bool:
    """Whether ``legal`` lists ``action`` (a discard's cards in any order, as the rules)."""
    if not well_formed(action):
        return False
    if action in legal:
        return True
    kind, amount, cards, option = action
    return kind == "discard" and type(action)(kind, amount, tuple(sorted(cards)),
                                              option) in legal


def snapshot(game: Game) -> Snapshot:
    """Everything a refused call must leave as it was."""
    table, deal = game.table, game.deal
    state: Snapshot = (
        list(table.banks), list(table.bets), table.pool, table.batterie, table.bought,
        table.brought, [(d.debtor, d.creditor, d.amount) for d in table.debts], game.dealer,
        game.deal_count, len(game.log), game.to_act)
    if deal is not None:
        state += (deal.number, game.deal_over, deal.step_index, deal.step_id,
                  {s: list(h) for s, h in deal.hands.items()}, list(deal.stock),
                  {s: list(p) for s, p in deal.discards.items()}, sorted(deal.out),
                  game.legal_actions().summary())
    return state


def snapshot_diff(before: Snapshot, after: Snapshot) -> str:
    """What changed between two snapshots, field by field."""
    changed = [f"{name}: {short(repr(a), 80)} -> {short(repr(b), 80)}"
               for name, a, b in zip(_SNAPSHOT_NAMES, before, after, strict=False) if a != b]
    if len(before) != len(after):
        changed.append("a deal appeared or vanished")
    return "; ".join(changed) or "?"


def script_cannot_be_served(game: Game, error: Exception) -> bool:
    """Whether ``error`` is the engine finding, while drawing, that a card scripted for
    this deal cannot be served: a legal move then fails because of the script (the
    engine can only know it when the card is drawn, since discards may be reused)."""
    from ambigu_rules.errors import ScriptedCardError

    deal = game.deal
    scripted = deal is not None and deal.cards.scripted
    return scripted and isinstance(error, ScriptedCardError)


def action_shape(action: object) -> str:
    """What is odd about an action, for the dedup of accepted ones: its class, kind
    and the fields it fills (``Action discard +amount:int``)."""
    if not isinstance(action, tuple) or len(action) != 4:
        return type(action).__name__
    kind, amount, cards, option = action
    expected = {"open": "amount", "raise": "amount", "discard": "cards", "choose": "option"}
    filled = [f"+{name}:{type(value).__name__}" for name, value in
              (("amount", amount), ("cards", cards), ("option", option))
              if value not in (None, ()) and expected.get(kind) != name]
    return f"{type(action).__name__} {kind!r} {' '.join(filled)}".strip()


def call_shape(source: str) -> str:
    """A call's source with numbers blanked (a dedup key for accepted-illegal)."""
    shape = re.sub(r"\d+", "0", source)
    shape = re.sub(r"'[^']*'", "'_'", shape)
    return shape[:80]
