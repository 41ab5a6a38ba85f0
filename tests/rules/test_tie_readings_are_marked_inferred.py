"""Where a tie-break's choice of cards or keys is our reading, its badge says so.

Fidelity reading 3, M2, L1 and L3: a source names the tie-break ("the number
of pips", "the best point", "cards in sequence") but not which cards count or
how a longer run stands to a shorter one. Each such rule point carries a
clause of its own at ``inferred``, and so its badge is ``inferred``.
"""

from __future__ import annotations

import numpy as np
import pytest

from ambigu_rules.hands.compiler import compile_table
from ambigu_rules.hands.features import hand_arrays
from ambigu_rules.load.catalog import deck_of
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.rules.combinations import Combination


def combination(version: str, combination_id: str) -> Combination:
    return next(c for c in load_ruleset(version).combinations if c.id == combination_id)


def levels(point: Combination) -> list[tuple[str, str]]:
    return [(clause.source[0].id, clause.evidence) for clause in point.clauses]


@pytest.mark.parametrize("combination_id", ["sequence", "tricon"])
def test_encyclopedia_ties_by_the_pips_of_the_combinations_cards_are_our_reading(
        combination_id: str) -> None:
    # encyclopedia-summary.en.txt, Gameplay: only "Ties are decided by the number
    # of pips", without saying which cards' pips (fidelity reading 3, M2). That the
    # sequence and the tricon are paid 3 and 4 and tie by pips is the summary's.
    point = combination("encyclopedia", combination_id)
    assert levels(point) == [("wikipedia", "attested"), ("wikipedia", "inferred")]
    assert point.evidence == "inferred"


def test_fosters_tricon_ties_are_our_reading() -> None:
    # foster-value-of-the-hands.en.txt, "A Tricon, or three of a kind": paid four,
    # "Pairs have no value"; no tie rule for tricons (fidelity reading 3, M2).
    point = combination("foster", "tricon")
    assert levels(point) == [("foster-1897", "attested"), ("foster-1897", "inferred")]
    assert point.evidence == "inferred"


@pytest.mark.parametrize("version", ["russian", "russian-courts"])
def test_russian_flush_longer_run_is_our_refinement(version: str) -> None:
    # russian-encyclopedia.ru.txt, §Флю: at equal pips the hand "в к-рой имеются
    # карты, идущие подряд" wins, a yes-or-no test; a run of three above a run of
    # two is ours (fidelity reading 3, L1). russian-courts inherits the point.
    point = combination(version, "flush")
    assert levels(point) == [("ru-enc", "attested"), ("ru-enc", "inferred")]
    assert point.evidence == "inferred"


@pytest.mark.parametrize("combination_id", ["prime", "grand_prime"])
def test_1730_prime_ties_by_pips_are_our_reading_of_the_best_point(combination_id: str) -> None:
    # french-article-1702-1730.en.txt, §Showdown: equal hands are "separated by the
    # best point"; comparing primes by their pips is our reading of it, as it is
    # for the sequence, tricon and flux (fidelity reading 3, L3). §Combinations
    # (the reconstruction) gives the primes and their prices.
    point = combination("1730", combination_id)
    assert [(c.source[0].at, c.evidence) for c in point.clauses] == [
        ("§Combinations", "reconstructed"), ("§Showdown", "inferred")]
    assert point.evidence == "inferred"


@pytest.mark.parametrize("version", ["foster", "russian", "russian-courts", "1730",
                                     "encyclopedia"])
def test_a_point_never_holds_a_run_of_three(version: str) -> None:
    # Why the point's `run` tie key stays as the sources give it (fidelity reading
    # 3, L1 and L2, judged otherwise): Foster ("the player having two cards in
    # sequence wins", Value of the Hands, The Point) and the Russian entry (§Пуэн,
    # "карты, идущие подряд") test whether a point holds cards in sequence. Three
    # suited cards in sequence are a sequence, never a point, so on a point the
    # longest run is 1 or 2 and "the longer run" is that same yes-or-no test.
    ruleset = load_ruleset(version)
    deck = deck_of(ruleset.deck, ruleset.id)
    table = compile_table(ruleset, deck)
    on_a_point = np.array(table.best.tolist()) == table.combination_ids.index("point")
    assert on_a_point.any()
    assert int(hand_arrays(deck).features["longest_suit_run"][on_a_point].max()) == 2
