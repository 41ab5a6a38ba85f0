"""Who a step is for: ``who`` on exchanges and bettings, ``to`` on deals.

``players_in`` is for the players still in the deal; ``each_player`` is for
every player dealt in, so that one who dropped out by passing or folding
takes part again. The built-in versions use ``each_player`` only where
nobody can have dropped out yet; these house files use it later, and the
expected banks are worked out by hand from the parents' procedures.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.errors import ReplayError

from conftest import play_house

# Foster's procedure (foster-1897, Blind and Method of Playing): blind 1, two
# cards, a draw, ante 2, two more cards, the first betting, the second draw,
# the last betting, the showdown; the combination is paid by each other
# player at the table. Dan folds in the first betting.
FOSTER_SECOND_CHANCE = """\
format: 1
id: second-chance
title: Foster with a second chance
short_title: Second chance
summary: Foster's rules, but a player who folded in the first betting comes back at {step}.
extends: foster
procedure:
  - id: {step}
    who: each_player
    source: editors
    evidence: editorial
"""

FOSTER_DEAL = """\
variant: second-chance.yaml
title: Dan folds in the first betting and takes part again
seats:
  - {{name: Anna, bank: 50}}
  - {{name: Ben, bank: 50}}
  - {{name: Carla, bank: 50}}
  - {{name: Dan, bank: 50}}
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
{dan_draws}      - Anna: open 2
      - Ben: call
      - Carla: call
      - Dan: call            # back in the deal: he meets the bet
expect:
  # pool: blind 1 + ante 2 from each of four = 12
  # bets: Anna, Ben, Carla 1 + 2 each, Dan 2 = 11
  # Anna's flush with sequence (a doublet, 8) wins; paid 8 by each other player
  # Anna: 50 - 3 - 3 + 12 + 11 + 24 = 91; Ben: 50 - 3 - 3 - 8 = 36; Carla: 36
  # Dan: 50 - 3 - 2 - 8 = 37; check: 91 + 36 + 36 + 37 = 200
  # (under Foster's own rules Dan stays out: Anna 89, Dan 39)
  banks: {{Anna: 91, Ben: 36, Carla: 36, Dan: 37}}
  on_table: 0
"""


@pytest.mark.parametrize(("step", "dan_draws"), [
    ("second_draw", "      - Dan: discard none\n"),
    ("final_betting", ""),
], ids=["exchange-who", "betting-who"])
def test_each_player_brings_back_a_player_who_folded(tmp_path: Path, step: str,
                                                     dan_draws: str) -> None:
    house = FOSTER_SECOND_CHANCE.format(step=step)
    deal = FOSTER_DEAL.format(dan_draws=dan_draws)
    assert play_house(tmp_path, "second-chance.yaml", house, deal) == []


def test_players_in_keeps_a_player_who_folded_out(tmp_path: Path) -> None:
    # Foster's own second draw (who: players_in): Dan, who folded, is not asked.
    house = FOSTER_SECOND_CHANCE.format(step="second_draw").replace(
        "who: each_player", "who: players_in")
    deal = FOSTER_DEAL.format(dan_draws="      - Dan: discard none\n")
    with pytest.raises(ReplayError, match="it is Anna's turn, not Dan's"):
        play_house(tmp_path, "second-chance.yaml", house, deal)


# ru-enc: ante 1 each; two cards, an exchange, the first interval (passing
# leaves the deal), two more cards to the players still in (Досдача), the
# second exchange and interval, the showdown; the combination is paid by each
# other player. The house deals the two more cards to every player.
RUSSIAN_DEAL_TO_ALL = """\
format: 1
id: deal-to-all
title: The Russian game, the two more cards dealt to all
short_title: Deal to all
summary: The Russian rules, but the second deal goes to every player, who is then back in.
extends: russian
procedure:
  - id: second_deal
    to: each_player
    source: editors
    evidence: editorial
"""

RUSSIAN_DEAL = """\
variant: deal-to-all.yaml
title: Anna passes and Dan folds; the second deal brings them back
seats:
  - {name: Anna, bank: 30}
  - {name: Ben, bank: 30}
  - {name: Carla, bank: 30}
  - {name: Dan, bank: 30}
dealer: Dan
deals:
  - cards:
      Anna: AH 4H 2H 9C 7D
      Ben: 5H 10C 5D 5C 8S
      Carla: 10H 3D 9D 7C 6S
      Dan: AD 4D 2D 3S 4S
    actions:
      - Anna: discard 4H
      - Ben: discard 10C
      - Carla: discard 3D
      - Dan: discard 4D
      - Anna: pass            # out of the deal, for now
      - Ben: open 1
      - Carla: call
      - Dan: fold
      - Anna: discard none    # dealt two more cards, she is in again
      - Ben: discard none
      - Carla: discard none
      - Dan: discard none
      - Anna: open 1
      - Ben: call
      - Carla: call
      - Dan: fold
expect:
  # pool 4 (ante 1 each); bets Ben 1 + 1, Carla 1 + 1, Anna 1 = 5
  # Ben's tricon with prime (6) beats Carla's grand prime and Anna's hand,
  # and is paid 6 by each other player
  # Ben: 30 - 1 - 2 + 4 + 5 + 18 = 54; Anna: 30 - 1 - 1 - 6 = 22
  # Carla: 30 - 1 - 2 - 6 = 21; Dan: 30 - 1 - 6 = 23; check: 54 + 22 + 21 + 23 = 120
  banks: {Anna: 22, Ben: 54, Carla: 21, Dan: 23}
  on_table: 0
"""


def test_deal_to_each_player_brings_back_those_who_dropped_out(tmp_path: Path) -> None:
    assert play_house(tmp_path, "deal-to-all.yaml", RUSSIAN_DEAL_TO_ALL, RUSSIAN_DEAL) == []
