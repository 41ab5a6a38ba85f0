"""The expert bot (issue 26, item 2): it plays every version and a house file to
the end with legal actions, decides from its seat's view alone, and takes the
decisions that follow from plain arithmetic."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ambigu_rules import Game, simulate
from ambigu_rules.engine.exchange import discard_choices
from ambigu_rules.engine.view import SeatView
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.play.bots import HeuristicBot
from ambigu_rules.play.expert import ExpertBot

from conftest import ROOT

HOUSE_FILES = sorted((ROOT / "docs" / "variants").glob("*.yaml"))
HOUSE_FILES = [path for path in HOUSE_FILES if not path.name.endswith(".replay.yaml")]


@pytest.mark.parametrize("version", [*builtin_ids(), *map(str, HOUSE_FILES)],
                         ids=lambda v: Path(v).stem)
def test_the_expert_plays_whole_deals_legally(version: str) -> None:
    # An illegal action would be refused by the engine (IllegalActionError) and
    # fail the run; the counters on the table and in the banks add up.
    report = simulate(version, hands=40, players=4, seed=3,
                      bots="expert,heuristic,random,expert", rebuy=True)
    assert report.hands == 40
    assert sum(report.banks) + report.on_table == 4 * report.initial_bank + sum(report.bought)


def views_at(version: str, step: str, seed: int, kind: str) -> Iterator[tuple[Game, SeatView]]:
    """The view of the seat to act whenever ``kind`` is allowed in ``step``, in deals
    played by heuristic bots."""
    game = Game(version, players=4, seed=seed)
    bots = [HeuristicBot(seat) for seat in range(4)]
    for _ in range(60):
        if not game.can_start_deal():
            return
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if view.step_id == step and kind in view.legal.kinds():
                yield game, view
            game.apply(bots[seat].choose(view))


def test_the_expert_decides_from_its_view_alone() -> None:
    # A fresh expert given the same view makes the same choice: nothing but the
    # view (no game, no other seat, nothing kept from another table) decides.
    checked = 0
    for _, view in views_at("russian", "second_exchange", seed=2, kind="discard"):
        assert ExpertBot(1).choose(view) == ExpertBot(2).choose(view)
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_the_expert_keeps_a_made_fredon() -> None:
    # Four fives at Foster's second draw: a fredon, the highest combination, is
    # final if kept; any discard could only lose it.
    _, view = next(views_at("foster", "second_draw", seed=1, kind="discard"))
    fives = view.deck.parse_cards("5S 5H 5D 5C")
    view = view._replace(hand=fives, legal=discard_choices(list(fives), 0, 4), events=())
    assert ExpertBot(0).choose(view).cards == ()


def test_the_expert_folds_the_lowest_hand_against_a_bet() -> None:
    # A♠ 2♠ A♥ 2♦ in Foster: a point of two cards and 3 pips (an ace and a two),
    # the fewest a point can have, and every hand holds at least a point; it
    # beats no hand, so at the last betting round, with no draw to come, a
    # call can only lose what it costs.
    _, view = next(views_at("foster", "final_betting", seed=1, kind="fold"))
    weakest = view.deck.parse_cards("AS 2S AH 2D")
    assert ExpertBot(0).choose(view._replace(hand=weakest)).kind == "fold"
