"""Properties of the interpreter that hold for every version, over random play.

Hypothesis draws a table (seed, number of players, starting banks, dealer)
and random legal players (:class:`~ambigu_rules.play.bots.RandomBot`) play a few
deals. Whatever the version and the table, after every action:

* the counters are conserved (nothing created, nothing lost);
* the hands, the stock and the discards hold each card of the deck once;
* the player to act has at least one legal action until the deal ends, and
  is a player dealt in who has not left the deal;
* every deal ends within a bound of decisions;
* the same seeds give the same transcript;
* an illegal action raises ``IllegalActionError`` and changes nothing.

Small banks are drawn on purpose: they reach all-in bets, debts and tables
that cannot deal again. The runs are derandomized (the same examples every
time). ``tools/check_invariants.py`` checks the same things over many more
deals.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ambigu_rules.engine import Action, Game
from ambigu_rules.engine.invariants import cards_of_deal, state_of
from ambigu_rules.errors import IllegalActionError
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import RandomBot

VARIANTS = builtin_ids()
MAX_ACTIONS = 2000  # decisions after which a deal counts as not ending
DEALS = 3  # deals per example: enough to carry the pool and debts over

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def tables(draw: st.DrawFn, variant: str) -> dict[str, Any]:
    """A table for ``variant``: seed, players, banks and dealer."""
    seats = load_ruleset(variant).players
    players = draw(st.integers(seats.min, seats.max))
    # Equal banks, rich or poor, or one bank per seat (some empty: sitting out).
    banks = draw(st.one_of(
        st.just(1000),
        st.integers(1, 40),
        st.lists(st.one_of(st.just(0), st.integers(1, 40), st.just(1000)),
                 min_size=players, max_size=players),
    ))
    return {
        "seed": draw(st.integers(0, 2**32 - 1)),
        "players": players,
        "banks": banks,
        "dealer": draw(st.integers(0, players - 1)),
    }


def new_game(table: dict[str, Any], variant: str) -> tuple[Game, list[RandomBot]]:
    game = Game(load_ruleset(variant), players=table["players"], seed=table["seed"],
                banks=table["banks"], dealer=table["dealer"], resumed=True)
    bots = [RandomBot(table["seed"] + 1 + seat) for seat in range(game.players)]
    return game, bots


def play(game: Game, bots: list[RandomBot], deals: int = DEALS,
         check: Callable[[Game], None] | None = None, must_end: bool = False) -> int:
    """Play up to ``deals`` deals (fewer if the table cannot deal); return the deals played.

    ``check`` runs after the deal starts and after every action. A deal still
    going after MAX_ACTIONS decisions fails the test if ``must_end``, else
    play stops there (the termination test reports it).
    """
    played = 0
    while played < deals and game.can_start_deal():
        game.start_deal()
        if check:
            check(game)
        actions = 0
        while not game.deal_over:
            if actions >= MAX_ACTIONS:
                assert not must_end, (
                    f"deal {game.deal_count} not over after {actions} decisions; last "
                    f"events: {game.log[-6:]}")
                return played
            seat = game.to_act
            legal = game.legal_actions()
            assert seat is not None and legal, (
                f"deal {game.deal_count} not over, but to_act={seat} with {len(legal)} actions")
            game.apply(bots[seat].choose(game.view(seat)))
            actions += 1
            if check:
                check(game)
        played += 1
    return played


# -- the properties ----------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_counters_are_conserved_after_every_action(variant: str, data: st.DataObject) -> None:
    game, bots = new_game(data.draw(tables(variant)), variant)

    def conserved(game: Game) -> None:
        table = game.table
        assert table.conserved(), (
            f"banks {table.banks} + on table {table.on_table} != brought {table.brought}")

    play(game, bots, check=conserved)
    if game.deal is not None:
        assert not any(game.table.bets), "bets are left in front of players after the deal"


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_no_card_is_duplicated_or_lost(variant: str, data: st.DataObject) -> None:
    game, bots = new_game(data.draw(tables(variant)), variant)
    deck = list(game.deck.cards())

    def every_card_once(game: Game) -> None:
        cards = cards_of_deal(game)
        doubled = sorted({c for c in cards if cards.count(c) > 1})
        lost = [c for c in deck if c not in cards]
        assert sorted(cards) == deck, f"cards duplicated {doubled}, lost {lost}"

    play(game, bots, check=every_card_once)


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_every_deal_ends_and_offers_actions_until_then(variant: str,
                                                       data: st.DataObject) -> None:
    # ``play`` asserts both: a legal action whenever the deal is not over,
    # and the end of each deal within MAX_ACTIONS decisions.
    game, bots = new_game(data.draw(tables(variant)), variant)
    play(game, bots, must_end=True)
    assert game.deal_over
    assert game.to_act is None and game.legal_actions() == []


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_only_players_in_the_deal_are_asked_to_act(variant: str, data: st.DataObject) -> None:
    game, bots = new_game(data.draw(tables(variant)), variant)

    def in_the_deal(game: Game) -> None:
        deal, seat = game.deal, game.to_act
        assert deal is not None
        assert seat is None or (seat in deal.players and seat not in deal.out), (
            f"seat {seat} is to act but was not dealt in or has left (dealt in "
            f"{deal.players}, out {sorted(deal.out)}); last events: "
            f"{game.log[-4:]}")

    play(game, bots, check=in_the_deal)


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_same_seed_same_transcript(variant: str, data: st.DataObject) -> None:
    table = data.draw(tables(variant))
    transcripts = []
    for _ in range(2):
        game, bots = new_game(table, variant)
        play(game, bots)
        transcripts.append((list(game.log), list(game.table.banks)))
    assert transcripts[0] == transcripts[1]


def illegal_candidates(game: Game) -> list[Action]:
    """Actions that the rules cannot allow now."""
    legal = game.legal_actions()
    kinds = {action.kind for action in legal}
    hand = game.hand(game.to_act or 0)
    stranger = next(card for card in game.deck.cards() if card not in hand)
    candidates = [
        Action("open", amount=-1),
        Action("open", amount=10**9),
        Action("raise", amount=0),
        Action("raise", amount=10**9),
        Action("discard", cards=(stranger,)),
        Action("discard", cards=(*hand, stranger)),
        Action("choose", option="no such option"),
    ]
    for kind in ("pass", "shuffle", "call", "fold", "force"):
        # In an exchange, "pass" is read as standing (discard none).
        if kind not in kinds and not (kind == "pass" and "discard" in kinds):
            candidates.append(Action(kind))  # type: ignore[arg-type]
    return [action for action in candidates if action not in legal]


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data(), steps=st.integers(0, 40))
def test_illegal_action_raises_and_changes_nothing(variant: str, data: st.DataObject,
                                                   steps: int) -> None:
    table = data.draw(tables(variant))
    game, bots = new_game(table, variant)
    with pytest.raises(IllegalActionError):  # no deal started yet
        game.apply(Action("pass"))
    if not game.can_start_deal():
        return
    game.start_deal()
    for _ in range(steps):  # walk into the session to a random decision
        if game.deal_over:
            if not game.can_start_deal():
                return
            game.start_deal()
            continue
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    if game.deal_over:
        return
    action = data.draw(st.sampled_from(illegal_candidates(game)), label="illegal action")
    event(f"{action.describe()} refused while {sorted({a.kind for a in game.legal_actions()})}"
          " allowed")
    before = state_of(game)
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert state_of(game) == before
    # The deal goes on normally after the refusal.
    while not game.deal_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
