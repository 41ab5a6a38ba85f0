"""A replay's scripted cards are read in one pass and must hold together (issue 20, item 4).

Reading a ``cards:`` value used to look for each card's place in the file by
scanning the whole value again: 20,004 cards took 35 s, a 600 KB replay about
an hour. Now each value is read once, and a place is worked out only for the
card a message names. These tests count that work (places worked out, cards
read) instead of timing it; the wall-clock guard only stops a hang.

A script that cannot be what happens is refused at its place: a hand
scripted more cards than its player can receive, a stock card that a
scripted first hand holds, and, once the deal is over, a card, a redeal or a
refill that the deal never used.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import ambigu_rules.play.replay_scripts as replay_scripts
from ambigu_rules.errors import SourceError
from ambigu_rules.load.yaml_source import Mark
from ambigu_rules.play.replay_run import play_replay
from ambigu_rules.rules.deck import Deck

from conftest import ROOT

HOSTILE = ROOT / "tests" / "hostile" / "replays"
HANG_GUARD_SECONDS = 20
TABLE = """\
variant: foster
seats: [Anna, Ben]
bank: 50
dealer: Ben
deals:
  - cards:
      Anna:{cards}
    actions:
      - Anna: discard none
"""


class Work:
    """What reading a replay costs: places worked out in a value, cards read."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.places = self.cards = 0
        position_in, parse_card = replay_scripts.position_in, Deck.parse_card

        def counted_position(mark: Mark, word: str, occurrence: int = 1) -> Mark:
            self.places += 1
            return position_in(mark, word, occurrence)

        def counted_card(deck: Deck, text: str) -> int:
            self.cards += 1
            return parse_card(deck, text)

        monkeypatch.setattr(replay_scripts, "position_in", counted_position)
        monkeypatch.setattr(Deck, "parse_card", counted_card)


def refusal(path: Path) -> str:
    started = time.monotonic()
    with pytest.raises(SourceError) as refused:
        play_replay(path)
    assert time.monotonic() - started < HANG_GUARD_SECONDS
    return str(refused.value)


def test_a_hand_of_twenty_thousand_cards_is_read_once_and_refused_at_its_fifth(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "long.yaml"
    path.write_text(TABLE.format(cards=" " + " ".join(["2S", "3S", "4S", "9S"] * 5000)),
                    encoding="utf-8")
    play_replay(HOSTILE / "ok-no-deals.yaml")  # the version and its deck, loaded beforehand
    work = Work(monkeypatch)
    message = refusal(path)
    # Foster deals four cards, and Anna discards none: the fifth card (the
    # second 2S) is one too many. "      Anna: " is 12 characters, and each
    # card with its space 3: the fifth card is at column 13 + 4 x 3 = 25.
    assert message == (f"{path}:7:25: deal 1, cards of Anna: Anna is scripted 20,000 cards, "
                       "but can receive at most 4 in this deal: the 4 the deal steps deal, and "
                       "one for each card Anna discards in the deal's actions (0)")
    assert work.cards == 20_000  # each card read once
    assert work.places == 1  # and one place worked out, for the message


def test_a_bad_card_after_twenty_thousand_good_ones_is_found_at_its_line_and_column(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 2,000 lines of ten cards each, below "Anna:" (line 7): lines 8 to 2007.
    lines = ["        " + " ".join(["2S", "3S", "4S", "9S", "2S"] * 2)] * 2000
    lines[-1] = lines[-1][:-2] + "11S"  # the last card, the 20,000th, is no card
    path = tmp_path / "long.yaml"
    path.write_text(TABLE.format(cards="\n" + "\n".join(lines)), encoding="utf-8")
    play_replay(HOSTILE / "ok-no-deals.yaml")
    work = Work(monkeypatch)
    message = refusal(path)
    # Eight spaces and nine cards of 3 characters before it: column 36.
    assert message.startswith(f"{path}:2007:36: deal 1, cards of Anna: '11S' is not a card")
    assert work.cards == 20_000
    assert work.places == 1


def test_a_stock_of_twenty_thousand_cards_stops_at_its_first_repeated_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "stock.yaml"
    path.write_text(TABLE.replace("  - cards:\n      Anna:{cards}\n", "  - stock: {cards}\n")
                    .format(cards=" ".join(["2S", "3S", "4S", "9S"] * 5000)), encoding="utf-8")
    work = Work(monkeypatch)
    message = refusal(path)
    # "  - stock: " is 11 characters: the fifth card, the second 2S, is at 12 + 12.
    assert message == f"{path}:6:24: deal 1, stock: '2S' appears twice in the stock"
    assert work.places == 1


CANNOT_HOLD = [
    # "  Anna: " is 8 characters: 6H, the sixth card, at column 9 + 5 x 3.
    ("cards-more-than-a-player-can-receive", "7:24",
     "deal 1, cards of Anna: Anna is scripted 6 cards, but can receive at most 5 in this "
     "deal"),
    # "stock: " is 7 characters: 3S, the third card, at column 8 + 2 x 3.
    ("stock-card-scripted-in-a-first-hand", "8:14",
     "deal 1, stock: '3S' is scripted in the first hand of Anna, so it is not in the stock"),
    # The redeal's first hands, like the deal's, come from one pack.
    ("redeal-card-in-two-first-hands", "8:37",
     "deal 1, redeal 1, cards of Ben: '2S' is already in the hand scripted for Anna"),
]
NEVER_USED = [
    # Anna is dealt four cards before the redeal; her fifth, at column 13 + 4 x 3,
    # was meant for a draw that comes only after it, under the redeal's script.
    ("card-scripted-before-a-redeal-never-dealt", "8:25",
     "deal 1, cards of Anna: '5H' (card 5) is never dealt: Anna received 4 card(s) while "
     "this script held"),
    # Ben's fold ends the deal at the first betting: no redeal, no refill.
    ("redeal-script-never-used", "9:9",
     "deal 1, redeal 1: this script is never used: the deal was never redealt"),
    ("refill-never-used", "8:13",
     "deal 1, refill: never used: the stock never ran short in this deal"),
]


@pytest.mark.parametrize(("name", "where", "problem"), CANNOT_HOLD,
                         ids=[name for name, _, _ in CANNOT_HOLD])
def test_a_script_that_cannot_hold_is_refused_at_the_card_before_play(
        name: str, where: str, problem: str) -> None:
    path = HOSTILE / f"{name}.yaml"
    assert refusal(path).startswith(f"{path}:{where}: {problem}")


@pytest.mark.parametrize(("name", "where", "problem"), NEVER_USED,
                         ids=[name for name, _, _ in NEVER_USED])
def test_a_script_the_deal_never_used_is_refused_at_its_place(
        name: str, where: str, problem: str) -> None:
    path = HOSTILE / f"{name}.yaml"
    assert refusal(path).startswith(f"{path}:{where}: {problem}")


def test_cards_scripted_for_a_player_who_sits_the_deal_out_are_never_dealt(
        tmp_path: Path) -> None:
    # Carla has no counter for the blind: she is not dealt in, so her script
    # is never used. Her cards are on line 10, after "  Carla: " (9 characters).
    path = tmp_path / "deal.yaml"
    path.write_text("""\
variant: foster
seats:
  - {name: Anna, bank: 50}
  - {name: Ben, bank: 50}
  - {name: Carla, bank: 0}
dealer: Ben
resumed: true
cards:
  Anna: 2S 3S 4S 9S
  Carla: 5H 6H 7H 8H
actions:
  - Anna: discard none
  - Ben: discard none
  - Anna: open 1
  - Ben: fold
""", encoding="utf-8")
    assert refusal(path) == (
        f"{path}:10:10: deal 1, cards of Carla: '5H' (card 1) and the 3 after it are never "
        "dealt: Carla received no card while this script held; script only the cards a "
        "player receives")


def test_a_scenario_using_every_scripted_card_of_a_redeal_and_a_refill_still_plays() -> None:
    for name in ("redeal-cards-scripted-play-to-showdown",
                 "refilled-stock-served-in-scripted-order"):
        result = play_replay(ROOT / "tests" / "scenarios" / "foster" / f"{name}.yaml")
        assert result.mismatches == []
