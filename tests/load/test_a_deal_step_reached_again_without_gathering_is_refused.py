"""Whatever validates must be playable (issue 42, found by the fuzzer's playability
class): a ``goto`` back before a deal step deals the players again without gathering
their cards, past a hand of four (rule-format.md: a hand of Ambigu is four cards), until
the pack runs out; validation refuses it at the ``goto``, where a ``redeal`` (which
gathers every card) or ``end_deal`` is what the file needs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from house_files import problems_of

from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.playable import most_cards_dealt
from ambigu_rules.load.resolver import load_ruleset

LOOP = """\
format: 1
id: loop
title: Showdown goes back to the ante
short_title: Loop
summary: The 1730 reconstruction whose showdown goes back to the ante.
extends: "1730"
inherit: {downgrade_to: inferred, note: All else from 1730.}
procedure:
  - id: showdown
    then: [{goto: ante}]
    source: editors
    evidence: editorial
"""


def test_a_showdown_that_goes_back_to_the_ante_is_refused_at_its_goto(tmp_path: Path) -> None:
    (problem,) = problems_of(tmp_path, LOOP, "loop.yaml")
    # 1730 deals two cards (first_deal), then two more (second_deal): back at the
    # ante, both would deal again to players who hold four.
    assert problem == (
        f"{tmp_path / 'loop.yaml'}:10:19: procedure.showdown.then[0].goto: the deal goes "
        "back to step 'ante' with the cards not gathered, so 'first_deal' and "
        "'second_deal' would deal a player past a hand of 4 cards, until the pack runs "
        "out; end the deal instead, or go back by 'redeal', which gathers the cards")


@pytest.mark.parametrize("version", builtin_ids())
def test_no_built_in_version_deals_a_player_past_four_cards(version: str) -> None:
    # Every version deals its four cards in two deal steps of two (1730: "deux cartes
    # à chacun", then two more; Foster and the Russian entry likewise).
    assert list(most_cards_dealt(load_ruleset(version)).values()) == [2, 4]
