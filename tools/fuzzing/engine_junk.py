"""Hostile engine calls: malformed actions, actions of the wrong kind or out of range,
cards not in the hand, absurd seats, offences and amounts, and scripted deals that make
no sense.

What is generated here is typed ``Any`` where it is handed to the engine: it is
of any type on purpose, and the engine must refuse it whatever it is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING, Any, TypeAlias

from .engine_repro import FakeAction, Junk
from .settings import BIG

if TYPE_CHECKING:
    from ambigu_rules.engine import Game
    from ambigu_rules.engine.actions import Action

#: A value passed to the engine where it expects another type, on purpose.
HostileArg: TypeAlias = Any


def raw_action(kind: object, amount: object = None, cards: object = (),
               option: object = None) -> Action:
    """An :class:`Action` holding whatever it is given (a named tuple checks nothing)."""
    from ambigu_rules.engine.actions import Action

    return Action._make((kind, amount, cards, option))


def seat_arg(rng: Random, count: int) -> tuple[HostileArg, bool]:
    """A seat argument, and whether it is a valid seat."""
    if rng.random() < 0.75:
        return rng.randrange(count), True
    return rng.choice([-1, count, count + 5, 10**19, True, False, None, "0", 1.0,
                       -count]), False


def penalty_offence(rng: Random, offences: list[str]) -> tuple[HostileArg, bool]:
    """An offence to penalize (the version's own now and then), and whether it is one."""
    offence = rng.choice(offences) if offences and rng.random() < 0.7 else \
        rng.choice(["no_such_offence", "", None, 5, "Showing_Cards", "showing_cards ",
                    ["showing_cards"], "misdeal", "foul_hand"])
    return offence, type(offence) is str and offence in offences


def buy_back_amount(rng: Random) -> tuple[HostileArg, bool]:
    """An amount to buy back, and whether it is a count the engine may accept."""
    amount = rng.choice([1, 5, 50, rng.randint(1, 1000)]) if rng.random() < 0.6 else \
        rng.choice([0, -1, -(10**19), BIG, BIG + 1, 10**19, 1.5, 0.5, math.nan, math.inf,
                    True, "5", None, [5]])
    return amount, type(amount) is int and 1 <= amount <= BIG


def junk_action(rng: Random, game: Game, deck: list[int]) -> HostileArg:
    """An action that is malformed, or well-formed but probably not allowed."""
    from ambigu_rules.engine.actions import KINDS, Action

    legal = game.legal_actions()
    hand = game.hand(game.to_act) if game.to_act is not None else []
    size = len(deck)
    outside = [c for c in deck if c not in hand]
    roll = rng.randrange(10)
    if roll == 0:
        return rng.choice(["pass", None, 0, 1, ("pass", None, (), None), ["pass"],
                           {"kind": "pass"}, b"pass", Junk(), Action, legal,
                           FakeAction("pass", None, (), None)])
    if roll == 1:
        return raw_action(rng.choice([k for k in KINDS if k not in legal.kinds()] or ["fold"]))
    if roll in (2, 3):
        kind = rng.choice(["open", "raise", "call", "pass", "fold"])
        span = legal.amount_range(kind) or (1, 10)
        amount = rng.choice([span[0] - 1, span[1] + 1, 0, -1, 10**19, BIG + 1, -(10**19),
                             span[0], span[1], 1.0, True, False, "1", 2.5, math.nan,
                             math.inf, 10**100])
        return raw_action(kind, amount=amount)
    if roll in (4, 5, 6):
        return raw_action("discard", cards=_junk_cards(rng, hand, outside, size))
    if roll == 7:
        return raw_action("choose", option=rng.choice(["nope", "", 3, None, "REDEAL", "redeal",
                                                       "x" * 1000, ("redeal",)]))
    if roll == 8:
        return raw_action(rng.choice(["PASS", "", "dance", 5, None, "pass "]))
    if len(legal):
        base = legal[rng.randrange(len(legal))]
        field_ = rng.randrange(4)
        values: list[object] = list(base)
        values[field_] = rng.choice([None, 0, 5, "x", (), (0,), 1.5, True])
        return raw_action(*values)
    return Action("pass")


def _junk_cards(rng: Random, hand: list[int], outside: list[int], size: int) -> object:
    """The cards of a discard: one not in the hand, one past the deck, a card twice, the
    hand and one more, cards of the wrong type or order, or the whole hand."""
    pick = rng.randrange(7)
    if pick == 0 and outside:
        return (rng.choice(outside),)
    if pick == 1:
        return (rng.choice([-1, size, size + 1, 10**19, -(10**19)]),)
    if pick == 2 and hand:
        card = rng.choice(hand)
        return (card, card)
    if pick == 3 and hand:
        return (*hand, outside[0] if outside else 0)
    if pick == 4 and hand:
        return rng.choice([list(hand[:1]), frozenset(hand[:2]), (float(hand[0]),),
                           (True,), "2S", (str(hand[0]),), tuple(reversed(hand[:2]))])
    if pick == 5 and hand:
        return tuple(sorted(hand[:2], reverse=True))
    return tuple(hand)


def scripted_deal(rng: Random, players: int, deck: list[int]) -> dict[str, HostileArg]:
    """The keyword arguments of a ``start_deal`` with scripted cards or a stock order,
    sensible or not."""
    deck = list(deck)
    rng.shuffle(deck)
    kwargs: dict[str, HostileArg] = {}
    if rng.random() < 0.5:
        seats = rng.sample(range(players), rng.randint(1, players))
        cards: dict[object, Sequence[object]] = {s: deck[i * 4:(i + 1) * 4]
                                                 for i, s in enumerate(seats)}
        if rng.random() < 0.5:
            junk_seat = rng.choice(seats)
            cards[junk_seat] = rng.choice([
                [deck[0], deck[0]], [-1], [len(deck)], [10**19], [1.5], [True], ["2S"],
                cards[seats[0]], [], deck[:30]])
            if rng.random() < 0.3:
                cards[rng.choice([-1, players, "0", None, 1.5])] = deck[-4:]
        kwargs["cards"] = cards
    else:
        stock: Sequence[object] = deck[:rng.choice([0, 4, 20, len(deck)])]
        if rng.random() < 0.5:
            stock = rng.choice([[*stock, stock[0]] if stock else [0, 0], [-1, *stock],
                                [10**19], [1.5], ["2S"], [True, *stock]])
        kwargs["stock"] = stock
    return kwargs
