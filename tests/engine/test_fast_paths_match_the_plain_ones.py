"""The engine's shortcuts give exactly what the plain reading gives.

A seat's record of the deal is made from one public record shared by all
seats (each exchange turned face down once); it must be, at every view, the
deal's log read seat by seat: his own exchanges face up, the others' face
down (Foster, "Method of Playing": discards are not shown), also when a long
run empties the log between views. A deal step with no script serves all its
draws at once; the cards must go exactly where drawing in turn puts them.
"""

from __future__ import annotations

import random

import pytest

from ambigu_rules.engine import Game
from ambigu_rules.engine.cards import CardSource
from ambigu_rules.engine.events import AnyEvent, Exchanged, ExchangedFaceDown, SeenEvent
from ambigu_rules.hands.evaluator import evaluator_for
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import RandomBot
from ambigu_rules.rules.where_silent import PLAYED_WHERE_SILENT


def seen_by(seat: int, events: list[AnyEvent]) -> list[SeenEvent]:
    """``events`` as ``seat`` may see them, read one by one."""
    return [ExchangedFaceDown(seat=event.seat, count=len(event.cards), call=event.call,
                              step=event.step)
            if isinstance(event, Exchanged) and event.seat != seat else event
            for event in events]


@pytest.mark.parametrize("variant", builtin_ids())
def test_every_view_holds_the_deals_log_read_seat_by_seat(variant: str) -> None:
    rng = random.Random(5)
    game = Game(load_ruleset(variant), players=4, seed=11, banks=300)
    bots = [RandomBot(seat) for seat in range(4)]
    for _ in range(25):
        if not game.can_start_deal():
            break
        game.start_deal()
        while not game.deal_over:
            for seat in rng.sample(range(4), rng.randint(1, 4)):  # some seats look
                deal = game.deal
                assert deal is not None
                expected = seen_by(seat, game.log[deal.log_start:])
                assert list(game.view(seat).events) == expected
            if rng.random() < 0.05:  # a long run empties the log in the middle of a deal
                game.log.clear()
                assert all(game.view(seat).events == () for seat in range(4))
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat)))
        game.log.clear()


def source(seed: int) -> CardSource:
    """A shuffled, unscripted source for four seats, speaking from seat 2."""
    deck = evaluator_for(load_ruleset("foster")).deck
    return CardSource.shuffled(deck, random.Random(seed), [2, 3, 0, 1], ["A", "B", "C", "D"],
                               PLAYED_WHERE_SILENT["stock_exhaustion"])


@pytest.mark.parametrize("draws", [
    [(2, 1), (3, 1), (0, 1), (1, 1), (2, 1), (3, 1), (0, 1), (1, 1)],  # one at a time
    [(2, 2), (3, 2), (0, 2), (1, 2)],
    [(0, 0), (1, 3), (2, 4), (3, 1)],
])
def test_a_deal_step_served_at_once_gives_each_card_where_drawing_in_turn_does(
        draws: list[tuple[int, int]]) -> None:
    at_once, in_turn = source(4), source(4)
    assert at_once.serve_at_once(draws)
    for seat, count in draws:
        assert in_turn.draw(seat, count) == []
    assert at_once.hands == in_turn.hands and at_once.stock == in_turn.stock


def test_a_deal_step_is_not_served_at_once_when_the_stock_runs_short() -> None:
    cards = source(4)
    cards.stock[:] = cards.stock[-3:]
    before = (dict(cards.hands), list(cards.stock))
    assert not cards.serve_at_once([(2, 2), (3, 2)])
    assert (dict(cards.hands), list(cards.stock)) == before
