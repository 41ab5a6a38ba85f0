"""Where passing means leaving the deal, the player left alone wins as if his
opening had not been called.

docs/rule-format.md, *The procedure*: in a ``betting`` step with
``passers_before_open_may_call: false``, when every player but one has
passed, the one left "wins at once, as if his opening had not been called
(``on_uncalled_open``)". So the effects of that outcome that name the opener
name him: Foster's "the last player who refuses" pays the opener 2
(foster-1897, Method of Playing) is paid to the player left alone.
"""

from __future__ import annotations

from pathlib import Path

from ambigu_rules.engine.action_text import parse_action
from ambigu_rules.engine.events import BetReturned, BettingEnded, Paid
from ambigu_rules.engine.game import Game
from ambigu_rules.load.resolver import load_ruleset

NAMES = ["Anna", "Ben", "Carla", "Dan"]  # Dan (seat 3) deals: Anna speaks first

HOUSE = """\
format: 1
id: pass-means-out
title: Foster's rules, passing out of the first betting
short_title: Pass means out
summary: Foster's rules, where a player who passes in the first betting leaves the deal.
extends: foster
procedure:
  - id: first_betting
    passers_before_open_may_call: false
    source: editors
    evidence: editorial
"""


def test_foster_last_refuser_pays_two_to_the_player_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "pass-means-out.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    game = Game(load_ruleset(str(path)), names=NAMES, banks=50, dealer=3)
    game.start_deal()
    for _ in NAMES:  # the first draw: everyone says "Enough"
        game.apply(parse_action("discard none"))
    for _ in range(3):  # the first betting: Anna, Ben and Carla pass, and so leave the deal
        game.apply(parse_action("pass"))
    assert game.deal_over
    ended = [e for e in game.log if isinstance(e, BettingEnded)]
    assert [e.result for e in ended] == ["uncalled_open"]
    # on_uncalled_open: return_bet opener (Dan, who bet nothing, takes back 0),
    # pay 2 from last_refuser (Carla, the last to pass) to opener (Dan), the pool stays.
    assert [(e.seat, e.amount) for e in game.log if isinstance(e, BetReturned)] == [(3, 0)]
    assert [(e.seat, e.amount, e.to) for e in game.log if isinstance(e, Paid)] == [(2, 2, 3)]
    # Blind 1 and ante 2 from each of the four: pool 4 * 3 = 12, which stays.
    # Anna and Ben 50 - 3 = 47; Carla 50 - 3 - 2 = 45; Dan 50 - 3 + 2 = 49.
    # Check: 47 + 47 + 45 + 49 + 12 = 200.
    assert game.table.banks == [47, 47, 45, 49]
    assert game.table.pool == 12
