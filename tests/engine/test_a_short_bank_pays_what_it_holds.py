"""A player who owes the pool more than his bank holds pays what he has, and
the record, the account of the deal and the banks all say what he paid.

ru-enc §Сдача: a dealer who misdeals puts four counters into the pool and
takes no part in the deal. The ruleset's penalty ``misdeal`` says so (4 into
the pool, the dealer sits out); a bank that cannot pay four pays what it
holds, as every payment into the pool does (``Table.to_pile``).
"""

from __future__ import annotations

from ambigu_rules.engine.events import AntePaid, Penalized, PutOut
from ambigu_rules.engine.game import Game
from ambigu_rules.engine.table import Table
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.narration import Narrator
from ambigu_rules.words.lang import FR

NAMES = ["Anna", "Ben", "Carla"]


def test_ru_enc_misdealer_short_of_four_counters_pays_what_he_has() -> None:
    # Anna deals with 3 counters; Ben and Carla hold 10 each (a session picked up
    # under way, so the banks may differ).
    game = Game(load_ruleset("russian"), names=NAMES, banks=[3, 10, 10], dealer=0,
                resumed=True)
    game.start_deal()
    # The ante of 1 each (ru-enc §Подготовительные условия): banks 2, 9, 9; pool 3.
    assert [e.amount for e in game.log if isinstance(e, AntePaid)] == [1, 1, 1]
    event = game.penalize(0, "misdeal")
    # The penalty is 4, but Anna holds 2: she puts in 2 and has 0 left.
    # Pool: 3 antes + 2 = 5. Ben and Carla keep 9 each. Total 0 + 9 + 9 + 5 = 23 = 3 + 10 + 10.
    assert event == Penalized(seat=0, amount=2, offence="misdeal", into="pool",
                              step=event.step)
    assert game.table.banks == [0, 9, 9]
    assert game.table.pool == 5
    assert isinstance(game.log[-1], PutOut) and game.log[-1].seat == 0
    assert Narrator(NAMES, game.deck).line(event) == "Anna pays 2 into the pool for misdeal"
    assert (Narrator(NAMES, game.deck, FR).line(event)
            == "Anna met 2 dans la poule pour une maldonne")


def test_a_payment_into_a_pile_moves_at_most_the_bank_and_says_how_much() -> None:
    # 7 owed from a bank of 3 moves 3; from a bank in debt (-2) moves nothing.
    table = Table([3, -2, 10])
    assert table.to_pile(0, 7, "pool") == 3
    assert table.to_pile(1, 7, "batterie") == 0
    assert table.to_pile(2, 4, "batterie") == 4
    assert table.banks == [0, -2, 6]
    assert (table.pool, table.batterie) == (3, 4)
