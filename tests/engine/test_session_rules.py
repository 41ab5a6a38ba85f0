"""The session around the deals: first dealer, equal banks, duration and leaving.

Each test names the passage it checks; expected seats and refusals are read
from the source texts (``../shared/sources/``), not from the program.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.engine.events import DrewForDeal, FirstDealerChosen, SessionEnded
from ambigu_rules.engine.game import Game
from ambigu_rules.errors import GameSetupError, IllegalActionError
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import RandomBot

NAMES = ["Anna", "Ben", "Carla", "Dan"]


def drawn(game: Game, cards: dict[int, str]) -> dict[int, int]:
    return {seat: game.deck.parse_card(card) for seat, card in cards.items()}


def house(tmp_path: Path, table: str) -> str:
    """A house file extending 1730 with the given ``table:`` lines; its path."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "format: 1\nid: house\ntitle: House\nshort_title: House\nsummary: A house rule.\n"
        f"extends: \"1730\"\ntable:\n{table}", encoding="utf-8")
    return str(path)


def play_deal(game: Game, seed: int = 1) -> None:
    """Play the deal in progress to its end with random players."""
    bot = RandomBot(seed)
    while not game.deal_over:
        game.apply(bot.choose(game.view(game.to_act or 0)))


# -- first_dealer ------------------------------------------------------------------


def test_ajo_highest_card_deals_first_ten_high_ace_low() -> None:
    # ajo §The deal: "highest card deals"; the ace is the lowest, the ten the highest.
    rules = load_ruleset("1730")
    probe = Game(rules, names=NAMES)
    game = Game(rules, names=NAMES, dealer=None,
                drawn=drawn(probe, {0: "AS", 1: "9H", 2: "10C", 3: "2D"}))
    assert game.dealer == 2
    assert [e.seat for e in game.log if isinstance(e, DrewForDeal)] == [0, 1, 2, 3]
    assert game.log[-1] == FirstDealerChosen(seat=2, method="highest_card")


def test_ajo_players_tied_for_the_highest_card_draw_again() -> None:
    # ajo §The deal: players tied for the highest card draw another, until one is highest.
    rules = load_ruleset("1730")
    probe = Game(rules, names=NAMES)
    for seed in range(20):
        game = Game(rules, names=NAMES, dealer=None, seed=seed,
                    drawn=drawn(probe, {0: "10S", 1: "4H", 2: "10C", 3: "2D"}))
        redraws = [e.seat for e in game.log if isinstance(e, DrewForDeal)][4:]
        assert redraws[:2] == [0, 2] and set(redraws) <= {0, 2}
        assert game.dealer in (0, 2)


def test_russian_first_dealer_by_lot_takes_no_scripted_draw() -> None:
    # ru-enc §Сдача as the ruleset reads it: the dealer is chosen by lot.
    rules = load_ruleset("russian")
    dealers = {Game(rules, names=NAMES, dealer=None, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    with pytest.raises(GameSetupError, match="by lot, not by drawing cards"):
        Game(rules, names=NAMES, dealer=None, drawn={0: 5})


@pytest.mark.parametrize("draws", [{0: "x"}, {0: 2.0}, {"Anna": 3}, {9: 3}, [3], "AS"],
                         ids=repr)
def test_scripted_draws_for_the_first_dealer_are_seats_and_cards_of_the_deck(
        draws: object) -> None:
    # A draw script names seats and card numbers; anything else is refused as a
    # setup mistake, not a TypeError.
    with pytest.raises(GameSetupError):
        Game(load_ruleset("1730"), names=NAMES, dealer=None, drawn=draws)


def test_as_agreed_first_dealer_is_the_seat_the_table_names(tmp_path: Path) -> None:
    rules = load_ruleset(house(tmp_path, "  first_dealer:\n    method: as_agreed\n"
                                         "    source: editors\n    evidence: editorial\n"))
    assert Game(rules, names=NAMES, dealer=None).dealer == 0
    assert Game(rules, names=NAMES, dealer=3).dealer == 3


# -- bank.equal_banks -----------------------------------------------------------------


def test_ajo_every_player_starts_with_the_same_bank() -> None:
    # ajo §The ante: each player takes the same number of counters.
    with pytest.raises(GameSetupError, match="same number of counters"):
        Game(load_ruleset("1730"), names=NAMES, banks=[50, 50, 40, 50])
    # A session under way has unequal banks.
    assert Game(load_ruleset("1730"), names=NAMES, banks=[50, 50, 40, 50],
                resumed=True).table.banks == [50, 50, 40, 50]


def test_unequal_banks_allowed_where_the_house_says_so(tmp_path: Path) -> None:
    rules = load_ruleset(house(tmp_path, "  bank:\n    equal_banks: false\n"
                                         "    source: editors\n    evidence: editorial\n"))
    assert Game(rules, names=NAMES, banks=[50, 50, 40, 50]).table.banks == [50, 50, 40, 50]


# -- duration ---------------------------------------------------------------------------


def test_ajo_length_is_an_agreed_time_not_a_number_of_deals() -> None:
    # ajo §Duration of the game: the time is fixed by agreement before starting.
    with pytest.raises(GameSetupError, match="agreed time, not an agreed number of deals"):
        Game(load_ruleset("1730"), names=NAMES, deals=3)


def test_russian_session_of_agreed_deals_ends_after_the_last() -> None:
    # ru-enc §Подготовительные условия: a number of deals may be agreed beforehand.
    game = Game(load_ruleset("russian"), names=NAMES, banks=30, deals=2)
    for _ in range(2):
        game.start_deal()
        play_deal(game)
    assert game.session_over and isinstance(game.log[-1], SessionEnded)
    assert game.log[-1].reason == "agreed_deals"
    with pytest.raises(IllegalActionError, match="the 2 agreed deals are played"):
        game.start_deal()


def test_foster_leaving_is_left_to_the_table() -> None:
    # foster-1897 and de-rules §Spielende say nothing of leaving early: anyone may.
    game = Game(load_ruleset("foster"), names=NAMES, banks=50)
    game.leave(2)
    game.start_deal()
    assert game.deal is not None and 2 not in game.deal.players
    with pytest.raises(IllegalActionError, match="between deals"):
        game.leave(0)


def test_time_up_without_finishing_the_deal_gives_back_the_bets(tmp_path: Path) -> None:
    # A house that stops at once when the time is up: each takes back his bet,
    # the pool (four antes of 1) and the batterie stay on the table.
    rules = load_ruleset(house(tmp_path, (
        "  duration:\n    by: [agreed_time]\n    leaving: only_broke_player\n"
        "    finish_current_deal: false\n    source: editors\n    evidence: editorial\n")))
    game = Game(rules, names=NAMES, banks=50, dealer=3)
    game.start_deal(cards={0: list(game.deck.parse_cards("2S 3S 4S 9S")),
                           1: list(game.deck.parse_cards("5H 5D 5C 8S"))})
    game.apply(_action("shuffle"))     # Anna: "battez", 1 into the batterie
    game.apply(_action("open", 3))     # Anna makes the vade of 3
    game.time_up()
    assert game.deal_over and game.session_over
    assert game.table.banks == [48, 49, 49, 49]
    assert (game.table.pool, game.table.batterie, sum(game.table.bets)) == (4, 1, 0)


def _action(kind: str, amount: int | None = None):  # type: ignore[no-untyped-def]
    from ambigu_rules.engine.actions import Action

    return Action(kind, amount=amount)


# -- leaving and time under an agreed number of deals ------------------------------------
#
# ru-enc §Подготовительные условия: the table agrees either a time or a number of
# deals; under a time a loser may leave early and a winner must stay, under a
# number of deals "каждый должен доиграть до конца" (each must play to the end).


def _russian_after_anna_wins_alone(deals: int | None) -> Game:
    """The deal of the scenario russian/loser-may-leave-under-time-limit-winner-stays:
    Dan deals, Anna is left alone in the second interval and takes the pool and bets."""
    from ambigu_rules.engine.action_text import parse_action

    game = Game(load_ruleset("russian"), names=NAMES, banks=30, dealer=3, deals=deals)
    cards = game.deck.parse_cards
    game.start_deal(cards={0: list(cards("2S 7D 3S 4S 5S")), 1: list(cards("5H 10C 5D 5C 8S")),
                           2: list(cards("10H 6D 9D 7C 6S")), 3: list(cards("AH 8H 2H"))})
    for text in ["discard 7D", "discard 10C", "discard 6D", "discard 8H",
                 "open 2", "call", "call", "fold",
                 "discard none", "discard none", "discard none",
                 "open 2", "fold", "fold"]:
        game.apply(parse_action(text, cards))
    assert game.deal_over
    # Pool 4 antes; bets Anna 2 + 2, Ben 2, Carla 2 = 8; no combination is paid.
    # Anna 30 - 1 - 4 + 4 + 8 = 37; Ben and Carla 30 - 1 - 2 = 27; Dan 30 - 1 = 29.
    assert game.table.banks == [37, 27, 27, 29]
    return game


def test_ru_enc_under_agreed_deals_a_loser_may_not_leave_early() -> None:
    game = _russian_after_anna_wins_alone(deals=3)
    # Ben has lost (27 of the 30 he brought), but the table agreed 3 deals.
    refusal = game.why_not_leave(1)
    assert refusal is not None and "agreed 3 deals" in refusal
    with pytest.raises(IllegalActionError, match="agreed 3 deals"):
        game.leave(1)
    assert 1 not in game.session.left
    game.start_deal()
    assert game.deal is not None and 1 in game.deal.players


def test_ru_enc_under_agreed_deals_time_cannot_be_called() -> None:
    game = _russian_after_anna_wins_alone(deals=3)
    assert game.why_not_time_up() == "this table agreed 3 deals, not a time"
    with pytest.raises(IllegalActionError, match="this table agreed 3 deals, not a time"):
        game.time_up()
    assert not game.session_over and game.can_start_deal()


def test_ru_enc_under_a_time_a_loser_leaves_a_winner_stays_and_time_ends_it() -> None:
    game = _russian_after_anna_wins_alone(deals=None)
    refusal = game.why_not_leave(0)
    assert refusal is not None and "a winner must stay" in refusal
    game.leave(1)  # Ben has lost: he may go
    assert 1 in game.session.left
    game.time_up()  # between deals: the session ends at once
    assert game.session_over
    assert isinstance(game.log[-1], SessionEnded) and game.log[-1].reason == "agreed_time"
