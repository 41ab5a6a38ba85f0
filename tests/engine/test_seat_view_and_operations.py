"""A seat's view holds only what that seat may know; every operation says why not
before it is refused; what is played where a version is silent is a rule point.

The view follows the sources' table: each player holds his cards hidden and
discards face down (Foster, "Method of Playing": the discards are not shown);
the hands are shown at the showdown.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator

import pytest

from ambigu_rules.engine import Game, Phase, SeatView
from ambigu_rules.engine.actions import Action
from ambigu_rules.engine.cards import CardSource
from ambigu_rules.engine.deal import Deal
from ambigu_rules.engine.events import (
    CombinationHeld,
    DrewForDeal,
    Exchanged,
    ExchangedFaceDown,
    HandExposed,
    HandShown,
)
from ambigu_rules.engine.invariants import state_of
from ambigu_rules.engine.plan import Plan
from ambigu_rules.engine.state import State
from ambigu_rules.engine.table import Table
from ambigu_rules.errors import GameSetupError, IllegalActionError
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import HeuristicBot, RandomBot
from ambigu_rules.rules.table import TableRules
from ambigu_rules.rules.where_silent import PLAYED_WHERE_SILENT
from ambigu_rules.site.reference import render_page

NAMES = ["Anna", "Ben", "Carla", "Dan"]
#: Events whose cards every player sees: drawn for the deal, or shown.
SHOWN = (DrewForDeal, HandShown, HandExposed, CombinationHeld)


def reachable(value: object, depth: int = 0) -> Iterator[object]:
    """Every value reachable from ``value`` through public fields and containers."""
    yield value
    if depth > 6:
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from reachable(getattr(value, field.name), depth + 1)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from reachable(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            yield from reachable(item, depth + 1)


def views_of_random_play(variant: str, seed: int) -> Iterator[tuple[Game, SeatView]]:
    """The view of every seat at every decision of a few random deals."""
    game = Game(load_ruleset(variant), names=NAMES, seed=seed, dealer=3)
    bots = [RandomBot(seed * 10 + seat) for seat in range(4)]
    for _ in range(3):
        if not game.can_start_deal():
            return
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            for other in range(4):
                yield game, game.view(other)
            game.apply(bots[seat].choose(game.view(seat)))
        for other in range(4):
            yield game, game.view(other)


@pytest.mark.parametrize("variant", builtin_ids())
def test_a_view_shows_no_card_of_another_seat_but_those_shown(variant: str) -> None:
    looked = 0
    for game, view in views_of_random_play(variant, seed=5):
        assert list(view.hand) == game.hand(view.seat)
        for event in view.events:
            assert not (isinstance(event, Exchanged) and event.seat != view.seat), event
            cards = getattr(event, "cards", ())
            if cards and not isinstance(event, SHOWN):
                assert getattr(event, "seat", None) == view.seat, event
        looked += 1
    assert looked > 40


def test_another_players_exchange_is_seen_face_down() -> None:
    game = Game(load_ruleset("foster"), names=NAMES, dealer=3, seed=2)
    game.start_deal()
    game.apply(Action("discard", cards=(game.hand(0)[0],)))  # Anna throws one card
    mine = [e for e in game.view(0).events if isinstance(e, Exchanged)]
    theirs = [e for e in game.view(1).events if isinstance(e, ExchangedFaceDown)]
    assert len(mine) == 1 and mine[0].seat == 0
    assert theirs == [ExchangedFaceDown(seat=0, count=1, call=mine[0].call, step=mine[0].step)]


def test_a_view_reaches_nothing_of_the_game_behind_it() -> None:
    # A bot holds a view: no path through its fields leads back to the game's
    # state, its deal, its cards or its ledger, and nothing in it can be changed.
    # (The pack, the hand values and the ruleset are the version's rules, shared
    # by every game.)
    inside = (Game, State, Deal, CardSource, Table, list, dict, set)
    for game, view in views_of_random_play("1730", seed=3):
        assert view.deck is game.deck and view.evaluator is game.evaluator
        assert view.ruleset is game.ruleset
        plain = view._replace(deck=None, evaluator=None, ruleset=None)  # type: ignore[arg-type]
        found = [type(v).__name__ for v in reachable(plain) if isinstance(v, inside)]
        assert found == []
        with pytest.raises(AttributeError):
            view.pool = 0  # type: ignore[misc]


def test_only_the_seat_to_act_is_offered_actions() -> None:
    for game, view in views_of_random_play("foster", seed=9):
        if view.seat == game.to_act:
            assert view.legal == game.legal_actions() and view.my_turn
        else:
            assert len(view.legal) == 0 and not view.my_turn


def test_a_heuristic_bot_plays_whole_deals_from_its_views_alone() -> None:
    game = Game(load_ruleset("russian"), names=NAMES, seed=4, dealer=0)
    bots = [HeuristicBot(seat) for seat in range(4)]
    for _ in range(5):
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat)))
    assert game.deal_count == 5 and game.table.conserved()


# -- one protocol for every operation ---------------------------------------------


Operation = tuple[Callable[[], object], Callable[[], str | None]]


def operations(game: Game, rng: random.Random) -> list[Operation]:
    """Every operation a caller may try now, each with its question."""
    seat = rng.randrange(game.players)
    amount = rng.choice([1, 5, 0, 10**10])
    offence = rng.choice(["showing_cards", "misdeal", "no_such_offence"])
    legal = game.legal_actions()
    action = (legal[rng.randrange(len(legal))] if legal and rng.random() < 0.7
              else rng.choice([Action("pass"), Action("open", amount=3), Action("fold")]))
    return [
        (lambda: game.apply(action), lambda: game.why_not_apply(action)),
        (lambda: game.buy_back(seat, amount), lambda: game.why_not_buy_back(seat, amount)),
        (lambda: game.leave(seat), lambda: game.why_not_leave(seat)),
        (lambda: game.penalize(seat, offence), lambda: game.why_not_penalize(seat, offence)),
        (game.start_deal, game.why_not_start_deal),
        (game.time_up, game.why_not_time_up),
    ]


@pytest.mark.parametrize("variant", ["1730", "foster", "russian"])
def test_every_operation_is_refused_exactly_when_its_question_says_why(variant: str) -> None:
    # Whatever the question answers, the call agrees: None and it is made; a reason
    # and the call raises that very reason, changing nothing.
    rng = random.Random(variant)
    ruleset = load_ruleset(variant)
    plan = Plan.of(ruleset)

    def new_game(seed: int) -> Game:
        return Game(ruleset, names=NAMES, seed=seed, dealer=3,
                    deals=6 if "agreed_deals" in plan.rules.duration.by else None,
                    buy_back_agreed="buy_back" in plan.silent)

    game = new_game(0)
    made = refused = sessions = 0
    for _ in range(600):
        if game.phase is Phase.SESSION_OVER:
            sessions += 1
            game = new_game(sessions)
        apply, buy_back, leave, penalize, start, time_up = operations(game, rng)
        call, why_not = rng.choices([apply, buy_back, leave, penalize, start, time_up],
                                    weights=[50, 10, 10, 10, 15, 1])[0]
        reason = why_not()
        before = state_of(game)
        if reason is None:
            call()
            made += 1
        else:
            with pytest.raises(IllegalActionError) as refusal:
                call()
            assert str(refusal.value) == reason
            assert state_of(game) == before
            refused += 1
    assert made > 20 and refused > 20


# -- what is played where a version is silent ---------------------------------------


def test_every_table_rule_has_a_row_for_where_a_version_is_silent() -> None:
    keys = set(TableRules.model_fields) - {"penalties"}
    assert set(PLAYED_WHERE_SILENT) == keys
    for key, point in PLAYED_WHERE_SILENT.items():
        assert point.evidence == "editorial" and point.note, key
        assert [ref.id for ref in point.source] == ["editors"], key


def test_the_plan_plays_the_row_where_the_file_is_silent_and_the_file_elsewhere() -> None:
    # The Russian files say nothing of buying counters back: the row is played there;
    # 1730 says it (ajo). Of the banks, the Russian file lets each player take as many
    # counters as he likes (ru-enc §Подготовительные условия, "некоторое количество";
    # editorial), 1730 requires them equal (ajo, Preparation): each file is played.
    russian, ajo = Plan.of(load_ruleset("russian")), Plan.of(load_ruleset("1730"))
    assert "buy_back" in russian.silent
    assert russian.rules.buy_back is PLAYED_WHERE_SILENT["buy_back"]
    assert "buy_back" not in ajo.silent
    assert ajo.rules.buy_back is not PLAYED_WHERE_SILENT["buy_back"]
    assert "bank" not in russian.silent and not russian.rules.bank.equal_banks
    assert "bank" not in ajo.silent and ajo.rules.bank.equal_banks
    Game(load_ruleset("russian"), names=NAMES, banks=[50, 40, 30, 20])  # the file allows it
    with pytest.raises(GameSetupError, match="same number of counters"):
        Game(load_ruleset("1730"), names=NAMES, banks=[50, 40, 30, 20])


def test_the_format_reference_lists_what_is_played_where_a_file_is_silent() -> None:
    page = render_page()
    section = page[page.index("## Where a file is silent"):]
    for name, point in PLAYED_WHERE_SILENT.items():
        assert f"| `{name}` | {point.note} |" in section, name
