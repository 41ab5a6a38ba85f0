"""Procedure rules a source does not state carry an ``inferred`` clause.

Fidelity reading 3, M3, L4 and L5: each of these steps held, under a source's
name and at its level, a part the source does not say. The part is now its
own clause at ``inferred``, and the step's badge follows it.
"""

from __future__ import annotations

import pytest

from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.rules.procedure import Step


def step(version: str, step_id: str) -> Step:
    return next(s for s in load_ruleset(version).procedure if s.id == step_id)


def test_fosters_last_round_uncalled_bet_is_the_german_pages_rule() -> None:
    # foster-complete-hoyle.en.txt, Method of Playing: after the second draw,
    # if all pass each adds a counter, otherwise "the calling and raising
    # proceeds as in Draw Poker"; the uncalled bet that "takes the pool" is said
    # of the first round's last raise. german-rules-after-foster.de.txt, the
    # sentence after step 8 of §Ein Spiel Schritt für Schritt, states it for any
    # bet nobody calls (fidelity reading 3, M3).
    final = step("foster", "final_betting")
    cited = [(clause.evidence, [str(ref) for ref in clause.source]) for clause in final.clauses]
    assert cited[:2] == [
        ("attested", ["foster-1897 Method of Playing"]),
        ("inferred", ["foster-1897 Method of Playing", "de-rules §Ein Spiel Schritt für Schritt"]),
    ]
    assert "Draw Poker" in final.clauses[0].says
    assert "calls" not in final.clauses[0].says  # the uncalled bet is no longer in it
    assert final.evidence == "inferred"


def test_fosters_first_deal_shuffle_is_ours() -> None:
    # foster-complete-hoyle.en.txt, Dealing: the cards "are cut to the left" and
    # dealt two to each, one at a time; no shuffle is named (fidelity reading 3, L4).
    deal = step("foster", "first_deal")
    assert [clause.evidence for clause in deal.clauses] == ["attested", "inferred"]
    assert deal.evidence == "inferred"


@pytest.mark.parametrize("version", ["russian", "russian-courts"])
def test_russian_second_exchange_limit_of_four_is_our_reading(version: str) -> None:
    # russian-encyclopedia.ru.txt, §Досдача names no number of cards; §Второй
    # ставочный интервал says only that all could exchange "свои четыре карты"
    # (fidelity reading 3, L5).
    exchange = step(version, "second_exchange")
    assert [(clause.source[0].at, clause.evidence) for clause in exchange.clauses] == [
        ("§Досдача", "attested"), ("§Досдача", "inferred")]
    assert exchange.evidence == "inferred"
