"""Two readings that sat under a stronger badge now have a clause of their own.

Fidelity reading 3, L12 and L19: the engine plays a reading the source does
not state, and the rule point said so only in its note, or not at all. Each
now carries an ``inferred`` clause, so its badge is ``inferred``.
"""

from __future__ import annotations

import pytest

from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.rules.combinations import Combination
from ambigu_rules.rules.procedure import BettingStep


def levels(point: BettingStep | Combination) -> list[tuple[str, str, str]]:
    return [(ref.id, ref.at or "", clause.evidence)
            for clause in point.clauses for ref in clause.source[:1]]


def test_1730_dealers_forcing_counters_go_to_the_pool_by_our_reading() -> None:
    # french-article-1702-1730.en.txt, Phase 2: when all before him pass, the
    # dealer may "put 2 counters into play" without announcing a vade; the
    # engine puts them in the pool, not as a bet the others must call. Foster's
    # version flags the same reading (foster.yaml, first_betting). The vade of
    # 2 to 4, never raised, and the uncalled vade are the reconstruction's.
    step = next(s for s in load_ruleset("1730").procedure if s.id == "vade")
    assert isinstance(step, BettingStep) and step.dealer_force is not None
    assert levels(step) == [("ajo", "§Phase 2", "reconstructed"),
                            ("ajo", "§Phase 2", "inferred"),
                            ("ajo", "§Phase 2", "inferred")]
    force = step.clauses[2]
    assert "pool" in force.says and "dealer" in force.says
    assert step.evidence == "inferred" and step.mixed


@pytest.mark.parametrize("version", ["russian", "russian-courts"])
def test_russian_ace_low_only_in_sequences_is_our_reading(version: str) -> None:
    # russian-encyclopedia.ru.txt, §Описание игры: "Туз в любом случае
    # оценивается в 1 очко" (the ace counts 1 pip in any case); §Секанс: three
    # cards of one suit in order, paid 3, more pips win. That the ace cannot
    # follow the highest card in a sequence is ours, as in the 1730 version.
    # russian-courts takes the point over unchanged.
    point = next(c for c in load_ruleset(version).combinations if c.id == "sequence")
    assert levels(point) == [("ru-enc", "§Секанс", "attested"),
                             ("ru-enc", "§Описание игры", "inferred")]
    assert "ace is low only" in point.clauses[1].says
    assert point.evidence == "inferred"
