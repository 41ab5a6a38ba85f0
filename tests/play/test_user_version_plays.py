"""A user's own version, written beside a replay file, plays whole deals.

The user's file extends Foster (by id, or by a path to Foster's file) and
changes two amounts: the blind becomes 2 and the sequence flush doublet is
paid 12. The expected banks are worked out by hand from Foster's procedure
(foster-1897, Blind and Method of Playing) with those two amounts changed;
nothing is captured from the program's output (DESIGN.md, honesty rule 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.errors import ReplayError
from ambigu_rules.play.replay_run import play_replay

from conftest import ROOT, play_house, run_cli

FOSTER_FILE = ROOT / "rulesets" / "foster.yaml"

HOUSE = """\
format: 1
id: house
title: Our house rules
short_title: House
summary: Foster's rules with a blind of 2 and the sequence flush doublet paid 12.
extends: {parent}
inherit:
  downgrade_to: inferred
  note: Everything not stated here is Foster's.
procedure:
  - id: blind
    amount: 2
    source: editors
    evidence: editorial
combinations:
  - id: flush_sequence
    payment: own
    value: 12
    source: editors
    evidence: editorial
"""

# The German page's worked hand (de-rules, Die Kombinationen, Beispiel): Dan deals,
# Anna, Ben and Carla stay to the showdown, Dan drops out, Anna's 2-3-4-9 of spades
# (sequence flush doublet) wins.
GERMAN_EXAMPLE = """\
variant: house.yaml
title: The German example under house rules
note: Foster's procedure with the blind and the doublet value changed by the house file.
seats:
  - {name: Anna, bank: 50}
  - {name: Ben, bank: 50}
  - {name: Carla, bank: 50}
  - {name: Dan, bank: 50}
dealer: Dan
deals:
  - cards:
      Anna: 2S 3S 4S 9S
      Ben: 5H 5D 5C 8S
      Carla: 10H 9D 7C 6S
      Dan: AH 2H 3D 4C
    actions:
      - Anna: discard none
      - Ben: discard none
      - Carla: discard none
      - Dan: discard none
      - Anna: open 1
      - Ben: call
      - Carla: call
      - Dan: fold
      - Anna: discard none
      - Ben: discard none
      - Carla: discard none
      - Anna: open 2
      - Ben: call
      - Carla: call
expect:
  # pool: blind 2 x 4 (house) + ante 2 x 4 (Foster) = 16; bets 1 + 2 from each of three = 9
  # Anna: 50 - 2 - 2 - 1 - 2 + 16 + 9 + 12 x 3 (house value, from Ben, Carla, Dan) = 104
  # Ben: 50 - 2 - 2 - 1 - 2 - 12 = 31; Carla: 31; Dan: 50 - 2 - 2 - 12 = 34
  # check: 104 + 31 + 31 + 34 = 200
  banks: {Anna: 104, Ben: 31, Carla: 31, Dan: 34}
  on_table: 0
"""


@pytest.mark.parametrize("parent", ["foster", "base/foster.yaml"], ids=["by-id", "by-path"])
def test_house_version_plays_the_german_example_with_its_own_amounts(
    parent: str, tmp_path: Path
) -> None:
    # A path names a file in the house file's folder or below it. The copy of Foster's
    # file there is a house file like any other, so it needs an id of its own.
    (tmp_path / "base").mkdir()
    copy = FOSTER_FILE.read_text(encoding="utf-8").replace("\nid: foster\n", "\nid: my-foster\n")
    assert "\nid: my-foster\n" in copy
    (tmp_path / "base" / "foster.yaml").write_text(copy, encoding="utf-8")
    (tmp_path / "house.yaml").write_text(HOUSE.format(parent=parent), encoding="utf-8")
    replay = tmp_path / "deal.yaml"
    replay.write_text(GERMAN_EXAMPLE, encoding="utf-8")
    result = play_replay(replay)
    assert result.mismatches == []


def test_house_version_changed_by_a_second_user_file(tmp_path: Path) -> None:
    # A second file extends the first by a relative path and pays the tricon and
    # prime doublet 9 (Foster: 6). Ben raises, nobody calls, and he is paid 9 by
    # each other player (foster-1897, Method of Playing).
    (tmp_path / "house.yaml").write_text(HOUSE.format(parent="foster"), encoding="utf-8")
    (tmp_path / "house2.yaml").write_text(
        "format: 1\nid: house2\ntitle: Richer tricons\nshort_title: House 2\n"
        "summary: The house rules with the tricon and prime paid 9.\n"
        "extends: ./house.yaml\n"
        "combinations:\n"
        "  - id: tricon_prime\n    payment: own\n    value: 9\n"
        "    source: editors\n    evidence: editorial\n",
        encoding="utf-8",
    )
    replay = tmp_path / "deal.yaml"
    replay.write_text(
        """\
variant: house2.yaml
seats:
  - {name: Anna, bank: 50}
  - {name: Ben, bank: 50}
  - {name: Carla, bank: 50}
  - {name: Dan, bank: 50}
dealer: Dan
deals:
  - cards:
      Anna: 2S 3S 4S 9S
      Ben: 5H 5D 5C 8S
      Carla: 10H 9D 7C 6S
      Dan: AH 2H 3D 4C
    actions:
      - Anna: discard none
      - Ben: discard none
      - Carla: discard none
      - Dan: discard none
      - Anna: open 2
      - Ben: raise 3
      - Carla: fold
      - Dan: fold
      - Anna: fold
expect:
  # pool: blind 2 x 4 (house) + ante 2 x 4 = 16; bets Anna 2, Ben 5
  # Ben: 50 - 2 - 2 - 5 + 16 + 7 + 9 x 3 = 91
  # Anna: 50 - 4 - 2 - 9 = 35; Carla: 50 - 4 - 9 = 37; Dan: 37
  # check: 91 + 35 + 37 + 37 = 200
  banks: {Anna: 35, Ben: 91, Carla: 37, Dan: 37}
  on_table: 0
""",
        encoding="utf-8",
    )
    assert play_replay(replay).mismatches == []


def test_house_version_replay_from_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(HOUSE.format(parent="foster"), encoding="utf-8")
    replay = tmp_path / "deal.yaml"
    replay.write_text(GERMAN_EXAMPLE, encoding="utf-8")
    done = run_cli("replay", str(replay))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Anna 104" in done.stdout


LEFT_HANDED = """\
format: 1
id: left-handed
title: Foster played to the left
short_title: Left
summary: Foster's rules with the deal and the speech going round to the left.
extends: foster
inherit:
  downgrade_to: inferred
  note: Everything not stated here is Foster's.
direction:
  turn: clockwise
  first_to_speak: dealer_left
  cut_by: dealer_right
  source: editors
  evidence: editorial
"""

# Seats are numbered to the right: Dan (seat 3) deals, so Carla (seat 2) sits
# on his left and speaks first, then Ben, Anna and Dan.
LEFT_HANDED_DEAL = """\
variant: left-handed.yaml
title: Speech begins on the dealer's left and goes round to the left
note: >-
  Foster's procedure (foster-1897, Blind and Method of Playing): blind 1,
  two cards, a draw, ante 2, two more cards, then the first betting. A first
  bet nobody meets is taken back and the last player who refused pays the
  bettor 2; the pool stays.
seats:
  - {name: Anna, bank: 50}
  - {name: Ben, bank: 50}
  - {name: Carla, bank: 50}
  - {name: Dan, bank: 50}
dealer: Dan
deals:
  - actions:
      - Carla: discard none
      - Ben: discard none
      - Anna: discard none
      - Dan: discard none
      - Carla: open 3
      - Ben: fold
      - Anna: fold
      - Dan: fold
expect:
  # blinds 4 + antes 8 = 12 in the pool, which stays; Carla takes back her 3
  # Dan, the last to refuse, pays Carla 2
  banks: {Anna: 47, Ben: 47, Carla: 49, Dan: 45}
  pool: 12
"""


def test_direction_to_the_left_changes_who_speaks_first_and_who_refuses_last(
        tmp_path: Path) -> None:
    assert play_house(tmp_path, "left-handed.yaml", LEFT_HANDED, LEFT_HANDED_DEAL) == []


TIE_TO_THE_LEFT = """\
variant: left-handed.yaml
title: An exact tie still goes to the player nearest the dealer's right
note: >-
  The ranking's final_tie, which the house file keeps from Foster's: an exact
  tie goes to the player nearest the dealer's right, even when speech goes
  round to the left. Dan deals; Anna, on his right, and Carla, on his left
  and first to speak, hold the same grand prime in other suits.
seats:
  - {name: Anna, bank: 50}
  - {name: Ben, bank: 50}
  - {name: Carla, bank: 50}
  - {name: Dan, bank: 50}
dealer: Dan
deals:
  - cards:
      Anna: 10H 9D 7C 6S
      Ben: AH 2H 3D 4C
      Carla: 10D 9C 7S 6H
      Dan: AS 2S 3C 4D
    actions:
      - Carla: discard none
      - Ben: discard none
      - Anna: discard none
      - Dan: discard none
      - Carla: open 1
      - Ben: fold
      - Anna: call
      - Dan: fold
      - Carla: discard none
      - Anna: discard none
      - Carla: pass
      - Anna: open 1
      - Carla: call
expect:
  # pool: blinds 4 + antes 8 = 12; stakes Carla 2, Anna 2; Anna wins the tie
  # Anna's grand prime (32 pips) is paid 3 by each other player at the table
  # Anna: 50 - 3 - 2 + 12 + 4 + 9 = 70; Carla: 50 - 3 - 2 - 3 = 42
  # Ben: 50 - 3 - 3 = 44; Dan: 44
  # check: 70 + 42 + 44 + 44 = 200
  banks: {Anna: 70, Ben: 44, Carla: 42, Dan: 44}
"""


def test_exact_tie_goes_to_the_dealers_right_whatever_the_turn(tmp_path: Path) -> None:
    assert play_house(tmp_path, "left-handed.yaml", LEFT_HANDED, TIE_TO_THE_LEFT) == []


RERAISING = """\
format: 1
id: reraising
title: Foster with the last raiser free to raise again
short_title: Reraising
summary: Foster's rules, but in the last round the last raiser may raise himself again.
extends: foster
procedure:
  - id: final_betting
    last_raiser_may_reraise: true
    source: editors
    evidence: editorial
"""

# Foster's procedure (foster-1897, Blind and Method of Playing) with one change:
# once the others have answered his bet, the last raiser speaks again.
RERAISING_DEAL = """\
variant: reraising.yaml
title: The last raiser raises himself again
note: >-
  Blind 1 and ante 2 each (pool 9). Everyone meets Anna's first bet of 1.
  In the last round Anna bets 2 and both call; she may then raise again, and
  raises 3: Ben folds, Carla calls, and Anna, asked once more, only calls.
  Anna's flush with sequence beats Carla's tricon with prime: she takes the
  pool and the bets and is paid 8 by each other player at the table.
seats:
  - {name: Anna, bank: 50}
  - {name: Ben, bank: 50}
  - {name: Carla, bank: 50}
dealer: Carla
deals:
  - cards:
      Anna: 2S 3S 4S 9S
      Ben: 10H 9D 7C 6S
      Carla: 5H 5D 5C 8S
    actions:
      - Anna: discard none
      - Ben: discard none
      - Carla: discard none
      - Anna: open 1
      - Ben: call
      - Carla: call
      - Anna: discard none
      - Ben: discard none
      - Carla: discard none
      - Anna: open 2
      - Ben: call
      - Carla: call
      - Anna: raise 3        # the last raiser raises himself again
      - Ben: fold
      - Carla: call
      - Anna: call           # nothing more to meet: the betting ends
expect:
  # stakes: Anna 1 + 2 + 3 = 6, Ben 1 + 2 = 3, Carla 6; pool 9
  # Anna: 50 - 3 - 6 + 9 + 15 + 8 x 2 = 81; Ben: 50 - 3 - 3 - 8 = 36
  # Carla: 50 - 3 - 6 - 8 = 33; check: 81 + 36 + 33 = 150
  banks: {Anna: 81, Ben: 36, Carla: 33}
  on_table: 0
"""


def test_last_raiser_may_reraise_gives_him_the_word_again(tmp_path: Path) -> None:
    assert play_house(tmp_path, "reraising.yaml", RERAISING, RERAISING_DEAL) == []
    foster_deal = RERAISING_DEAL.replace("reraising.yaml", "foster")
    with pytest.raises(ReplayError, match="the deal is over"):  # Foster: Carla called, it ends
        play_house(tmp_path, "reraising.yaml", RERAISING, foster_deal)
