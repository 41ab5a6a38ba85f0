"""Issue 42 (A): a rule file that validates can be played.

An exchange whose ``min`` is more cards than a player taking part holds there
left the player to act without any legal action: ``simulate`` and ``play``
ended in a traceback, ``advise`` recommended a discard the engine refused.
Validation now refuses it at the ``min`` it names (every command loads a file
through it), following every way the procedure can reach the exchange.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from cli_in_process import run_main

from ambigu_rules.load.playable import fewest_cards
from ambigu_rules.load.resolver import load_ruleset, resolve_path

HEAD = """\
format: 1
id: house-bounds
title: A house version
short_title: House
summary: A built-in version with other bounds.
extends: {parent}
inherit:
  downgrade_to: inferred
  note: Everything else is the version it extends.
"""

# Foster's first draw comes after two cards each: discarding 3 to 9 of them cannot be.
FOSTER_FIRST_DRAW = HEAD.format(parent="foster") + """\
procedure:
  - id: first_draw
    discard:
      min: 3
      max: 9
    source: editors
    evidence: editorial
"""
MIN_LINE = FOSTER_FIRST_DRAW.splitlines().index("      min: 3") + 1
MESSAGE = ("procedure.first_draw.discard.min: 3 card(s), but a player taking part may hold only 2 "
           "at this step: no discard would be allowed him and the deal could not go on; give at "
           "most 2")


def house(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_validate_refuses_a_first_draw_min_above_the_two_cards_held_at_the_min(
        tmp_path: Path) -> None:
    path = house(tmp_path, FOSTER_FIRST_DRAW)
    line = one_line(run_main("validate", path.name, cwd=tmp_path))
    assert line.startswith(f"house.yaml:{MIN_LINE}:")
    assert line.endswith(f": {MESSAGE}")


@pytest.mark.parametrize("command", [
    ["simulate", "--hands", "20", "--jobs", "1"],
    ["simulate", "--hands", "20", "--jobs", "1", "--bots", "expert"],
    ["play", "--seed", "1"],
    ["advise", "9S 10S"],
])
def test_every_command_that_plays_the_file_exits_2_with_the_same_message(
        tmp_path: Path, command: list[str]) -> None:
    path = house(tmp_path, FOSTER_FIRST_DRAW)
    argv = [command[0], path.name, *command[1:]]
    line = one_line(run_main(*argv, cwd=tmp_path))
    assert line.startswith(f"house.yaml:{MIN_LINE}:") and line.endswith(f": {MESSAGE}")


def test_a_shuffle_call_exchange_above_the_two_cards_held_is_refused(tmp_path: Path) -> None:
    path = house(tmp_path, HEAD.format(parent='"1730"') + """\
procedure:
  - id: battez
    exchange: {min: 3, max: 4}
    source: editors
    evidence: editorial
""")
    line = one_line(run_main("validate", str(path), cwd=tmp_path))
    assert ("procedure.battez.exchange.min: 3 card(s), but a player taking part may hold only "
            "2") in line


def test_a_min_the_whole_hand_can_meet_is_accepted(tmp_path: Path) -> None:
    resolve_path(house(tmp_path, HEAD.format(parent="foster") + """\
procedure:
  - id: first_draw
    discard: {min: 2, max: 9}
    source: editors
    evidence: editorial
"""))


# In the Russian version the second deal is for the players still in; a player who
# dropped out in the first betting holds two cards. He takes no part in an exchange
# for the players in, but one for each player brings him back with his two cards.
RUSSIAN_SECOND_EXCHANGE = HEAD.format(parent="russian") + """\
procedure:
  - id: second_exchange
    who: {who}
    discard: {{min: 3, max: 4}}
    source: editors
    evidence: editorial
"""


def test_a_player_back_in_with_fewer_cards_bounds_the_min(tmp_path: Path) -> None:
    resolve_path(house(tmp_path, RUSSIAN_SECOND_EXCHANGE.format(who="players_in")))
    line = one_line(run_main("validate", str(house(
        tmp_path, RUSSIAN_SECOND_EXCHANGE.format(who="each_player"))), cwd=tmp_path))
    assert "procedure.second_exchange.discard.min: 3 card(s), but a player taking part may " \
           "hold only 2" in line


# A betting step put in after Foster's first draw whose all-pass outcome jumps to the
# second draw, past the second deal: on that way a player holds two cards there.
SKIP_THE_SECOND_DEAL = HEAD.format(parent="foster") + """\
procedure:
  - id: early_betting
    kind: betting
    title: A betting step before the second deal
    who: each_player
    raises: false
    on_all_pass: [{{goto: second_draw}}]
    on_uncalled_open: [{{end_deal: true}}]
    after: first_draw
    source: editors
    evidence: editorial
  - id: second_draw
    discard: {{min: {low}, max: 4}}
    source: editors
    evidence: editorial
"""


def test_an_exchange_reached_past_a_deal_step_counts_the_cards_of_that_way(
        tmp_path: Path) -> None:
    resolve_path(house(tmp_path, SKIP_THE_SECOND_DEAL.format(low=2)))
    line = one_line(run_main("validate", str(house(
        tmp_path, SKIP_THE_SECOND_DEAL.format(low=3))), cwd=tmp_path))
    assert "procedure.second_draw.discard.min: 3 card(s), but a player taking part may " \
           "hold only 2" in line


def test_the_built_in_versions_hold_their_whole_hand_at_the_second_exchange() -> None:
    for version in ("1659", "1702", "1730", "encyclopedia", "foster", "russian",
                    "russian-courts"):
        assert sorted(fewest_cards(load_ruleset(version)).values()) == [2, 4], version
