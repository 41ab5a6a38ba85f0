"""The one boundary where a caller's values enter the engine, each checked.

Values reach the engine from rule files, the command line, replays and the
browser: anything may come in (``2.0`` players, ``True`` counters, a text
for a seat). The functions here turn them into the engine's own types or
refuse them with :class:`~ambigu_rules.errors.GameSetupError` (or
:class:`~ambigu_rules.errors.IllegalActionError` for a seat), so that
inside, every type is what it says.

>>> is_whole(3), is_whole(True), is_whole(3.0)
(True, False, False)
>>> checked_names(None, 2)
['Player 1', 'Player 2']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeGuard

from ..errors import GameSetupError, IllegalActionError
from ..limits import MAX_COUNTERS
from ..rules.common import Agreed
from ..rules.deck import Deck
from ..rules.ruleset import Ruleset
from ..rules.vocabulary import said

#: Scripted cards: for each seat, the cards it receives, in order.
Script = dict[int, list[int]]


def is_whole(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (``True`` is no number of counters)."""
    return type(value) is int


def whole_in(value: object, low: int, high: int) -> int | None:
    """``value`` if it is a whole number from ``low`` to ``high``, else ``None``.

    >>> whole_in(3, 0, 3), whole_in(4, 0, 3), whole_in(True, 0, 3), whole_in(2.0, 0, 3)
    (3, None, None, None)
    """
    return value if is_whole(value) and low <= value <= high else None


def checked_names(names: object, count: int) -> list[str]:
    """The players' names: given ones must be distinct, non-empty texts."""
    if names is not None and not isinstance(names, list | tuple):
        raise GameSetupError("the players' names are a list of texts")
    if not names:
        return [f"Player {i + 1}" for i in range(count)]
    chosen = [name for name in names if isinstance(name, str) and name.strip()]
    if len(chosen) != len(names):
        raise GameSetupError("each player's name is a non-empty text")
    if len(set(chosen)) != len(chosen):
        raise GameSetupError("two players have the same name: names tell the seats apart")
    return chosen


def checked_player_count(ruleset: Ruleset, players: object, names: object) -> int:
    """How many sit down: one per name when names are given, else ``players``."""
    count = len(names) if isinstance(names, list | tuple) and names else players
    bounds = ruleset.players
    if not is_whole(count) or not bounds.min <= count <= bounds.max:
        raise GameSetupError(f"this version is for {bounds.min} to {bounds.max} players, "
                             f"not {count}")
    return count


def checked_banks(banks: object, count: int) -> list[int]:
    """One bank per player: one whole number for all, or a list of them."""
    given: list[object] = ([banks] * count if is_whole(banks)
                           else list(banks) if isinstance(banks, list | tuple) else [])
    bank_list = [bank for bank in given if is_whole(bank) and 0 <= bank <= MAX_COUNTERS]
    if len(given) != count or len(bank_list) != count:
        raise GameSetupError(f"give one bank per player ({count}), each a whole number "
                             f"of counters from 0 to {MAX_COUNTERS:,}")
    return bank_list


def checked_dealer(dealer: object, count: int) -> int | None:
    """The first dealer's seat, or ``None`` for the rules to choose him."""
    if dealer is None:
        return None
    seat = whole_in(dealer, 0, count - 1)
    if seat is None:
        raise GameSetupError(f"the dealer is a seat from 0 to {count - 1}, not {dealer!r}")
    return seat


#: The betting limit a table plays where the version lets it agree one and it says none.
DEFAULT_LIMIT = 10
#: The kinds of ``table.betting_limit`` under which no agreed limit applies.
NO_AGREED_LIMIT = frozenset({"purse_only", "pool"})


def checked_limit(ruleset: Ruleset, limit: object, kind: str) -> int | None:
    """The agreed betting limit: a whole number of counters, or ``None`` where the
    version's ``kind`` of limit leaves nothing to agree (then asking for one is
    refused, not ignored). No limit given is :data:`DEFAULT_LIMIT` where one applies.
    """
    if limit is None:
        return None if kind in NO_AGREED_LIMIT else DEFAULT_LIMIT
    checked = whole_in(limit, 1, MAX_COUNTERS)
    if checked is None:
        raise GameSetupError(f"the betting limit is a whole number of counters from 1 to "
                             f"{MAX_COUNTERS:,}, not {limit!r}")
    if kind in NO_AGREED_LIMIT:
        raise GameSetupError(f"under {ruleset.id!r} {said('betting_limit', kind)} "
                             f"(table.betting_limit): a betting limit of {checked:,} "
                             "cannot apply")
    return checked


def checked_seed(seed: object) -> int | None:
    """The seed of the random deals (``None``: from the system)."""
    if seed is not None and not is_whole(seed):
        raise GameSetupError(f"the seed is a whole number, not {seed!r}")
    return seed


def checked_fixed_stake(ruleset: Ruleset, stake: object, limit_kind: str) -> int | None:
    """The one stake every opening and raise must be, where the version lets it be fixed."""
    if stake is None:
        return None
    if limit_kind != "fixed_stakes_allowed":
        raise GameSetupError(f"under {ruleset.id!r} the stakes cannot be fixed "
                             "(table.betting_limit)")
    if not is_whole(stake) or not 1 <= stake <= MAX_COUNTERS:
        raise GameSetupError(f"the fixed stake is a whole number of counters from 1 to "
                             f"{MAX_COUNTERS:,}, not {stake!r}")
    return stake


def checked_agreed(ruleset: Ruleset, agreed: object) -> dict[str, int]:
    """The table's agreed amounts, each one of its step's choices."""
    if agreed is None:
        return {}
    if not isinstance(agreed, dict):
        raise GameSetupError("agreed amounts are a mapping of step id to amount")
    steps = {step.id: step for step in ruleset.procedure}
    checked: dict[str, int] = {}
    for step_id, value in agreed.items():
        step = steps.get(step_id) if isinstance(step_id, str) else None
        amount = None
        for name in ("amount", "stake", "stand_pays"):
            amount = amount if amount is not None else getattr(step, name, None)
        if not (isinstance(amount, Agreed) and isinstance(step_id, str) and is_whole(value)
                and value in amount.choices):
            raise GameSetupError(f"agreed amount for {step_id!r}: no such choice {value}")
        checked[step_id] = value
    return checked


def checked_cards(deck: Deck, cards: object, what: str) -> list[int]:
    """A list of card numbers of ``deck``."""
    if not isinstance(cards, list | tuple):
        raise GameSetupError(f"{what}: expected a list of card numbers")
    if not all(card in deck for card in cards):
        raise GameSetupError(f"{what}: a card that is not in the deck (its cards are "
                             f"numbered {deck.cards()[0]} to {deck.cards()[-1]})")
    return list(cards)


def checked_script(deck: Deck, names: list[str], cards: object) -> Script | None:
    """Scripted cards as ``{seat: [card, ...]}``."""
    if not cards:
        return None
    if not isinstance(cards, dict):
        raise GameSetupError("scripted cards are a mapping of seat to the cards it receives")
    script: Script = {}
    for seat, hand in cards.items():
        if not is_whole(seat) or not 0 <= seat < len(names):
            raise GameSetupError(f"cards are scripted for seat {seat!r}, but the seats are "
                                 f"numbered 0 to {len(names) - 1}")
        script[seat] = checked_cards(deck, hand, f"the cards scripted for {names[seat]}")
    return script


def checked_stock(deck: Deck, stock: object) -> list[int] | None:
    """A scripted stock order, top card first, each card of the deck at most once."""
    if stock is None:
        return None
    order = checked_cards(deck, stock, "the stock order")
    if len(set(order)) != len(order):
        raise GameSetupError("the stock order repeats a card")
    return order


def checked_redeals(deck: Deck, names: list[str], redeals: object) -> list[Script]:
    """The scripts of the deal's redeals, in turn (each as ``cards`` is)."""
    if not isinstance(redeals, list | tuple):
        raise GameSetupError("scripted redeals are a list of scripts such as 'cards'")
    return [checked_script(deck, names, more) or {} for more in redeals]


def checked_draws(deck: Deck, names: list[str], drawn: object) -> dict[int, int]:
    """Cards scripted to be drawn for the first deal, as ``{seat: card}``."""
    if drawn is None:
        return {}
    if not isinstance(drawn, Mapping):
        raise GameSetupError("cards drawn for the deal are a mapping of seat to card")
    checked: dict[int, int] = {}
    for seat, card in drawn.items():
        if not is_whole(seat) or not 0 <= seat < len(names):
            raise GameSetupError(f"a card is drawn for seat {seat!r}, but the seats are "
                                 f"numbered 0 to {len(names) - 1}")
        if not is_whole(card) or card not in deck.cards():
            raise GameSetupError(f"the card drawn for {names[seat]} is not in the deck")
        checked[seat] = card
    return checked


def checked_seat(seat: object, players: int) -> int:
    """A seat number of this table, or :class:`IllegalActionError`."""
    checked = whole_in(seat, 0, players - 1)
    if checked is None:
        raise IllegalActionError(f"no seat {seat!r}: seats are numbered 0 to {players - 1}")
    return checked
