"""Foster's values, re-read against the held text of his *Value of the Hands*.

Fidelity reading 3, M1: the values were badged ``attested`` from the research
survey. ``foster-value-of-the-hands.en.txt`` now holds the section; where it is
silent, the rule point carries an ``inferred`` clause of its own, so its badge
is ``inferred``. The values played are unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.rules.combinations import Combination

from conftest import ROOT, evaluate


def combination(combination_id: str) -> Combination:
    return next(c for c in load_ruleset("foster").combinations if c.id == combination_id)


def levels(point: Combination) -> list[str]:
    return [clause.evidence for clause in point.clauses]


def test_fosters_four_eights_are_our_reading() -> None:
    # Value of the Hands, "A Fredon": 8 and 2 for the prime "if it is smaller than
    # 8's", 11 for "four 9's, or four 10's"; the eights are left to the reader.
    fredon = combination("fredon")
    assert levels(fredon) == ["attested", "inferred"]
    eights = fredon.clauses[1]
    assert "eights" in eights.says and "our reading" in (eights.note or "").lower()
    assert fredon.evidence == "inferred"
    # The reading played: four eights (32 pips, a grand prime) are paid 11.
    result = evaluate("foster", "8S 8H 8D 8C")
    assert (result.combination, result.value) == ("fredon", 11)


def test_fosters_flush_ties_are_our_reading() -> None:
    # "A Flush is four cards of the same suit, not necessarily in sequence": paid 5,
    # above the tricon, with no tie rule (fidelity reading 3, M1).
    flush = combination("flush")
    assert levels(flush) == ["attested", "inferred"]
    assert flush.evidence == "inferred" and flush.ties == ["pips"]


def test_fosters_tricon_and_prime_ties_are_our_reading() -> None:
    # Doublets: tricon and prime paid 6 and above a flush; no tie rule, and no word
    # on the grand prime (fidelity reading 3, M1 and M2).
    doublet = combination("tricon_prime")
    assert levels(doublet) == ["attested", "inferred", "inferred"]
    assert doublet.evidence == "inferred" and doublet.value == 6


def test_fosters_elder_hand_is_our_reading() -> None:
    # Value of the Hands names the elder hand for ties of points, primes and
    # fredons, but not who he is, nor that he takes every other tie. The German
    # page that follows him gives every full tie to the dealer's right: support
    # cited, though not Foster's word (still inferred).
    ranking = load_ruleset("foster").ranking
    assert [(c.evidence, [ref.at for ref in c.source]) for c in ranking.clauses] == [
        ("attested", ["Value of the Hands"]),
        ("inferred", ["Value of the Hands", "Method of Playing", "§Die Kombinationen"])]
    assert ranking.evidence == "inferred" and ranking.final_tie == "nearest_dealer_right"


def test_fosters_file_no_longer_gives_the_survey_for_his_values() -> None:
    text = (ROOT / "rulesets" / "foster.yaml").read_text(encoding="utf-8")
    assert re.search(r"research\s+survey|as\s+the\s+survey", text) is None
    assert "New York" not in text  # no held text or survey gives the place (L7)


def test_foster_is_not_quoted_for_words_the_held_text_lacks() -> None:
    # The survey put "in sequence" in Foster's doublet; the held text has "A sequence
    # of four cards of the same suit" and "in sequence" only in the sequence and
    # flush entries.
    doublet = combination("flush_sequence")
    quoted = [q for c in doublet.clauses for q in re.findall(r'"([^"]+)"', c.note or "")]
    held = (ROOT.parent / "shared" / "sources" / "foster-value-of-the-hands.en.txt")
    if held.is_file():
        words = " ".join(held.read_text(encoding="utf-8").split())
        assert quoted and all(q in words for q in quoted), quoted
    assert '"in sequence"' not in (doublet.note or "") + "".join(c.note or "" for c in
                                                                    doublet.clauses)


def _texts_citing_foster() -> list[Path]:
    examples = ROOT / "docs" / "examples"
    return sorted([*examples.rglob("*.md"), *examples.rglob("*.yaml"),
                   *(ROOT / "rulesets").glob("*.yaml")])


@pytest.mark.parametrize("path", _texts_citing_foster(), ids=lambda p: p.name)
def test_no_page_gives_the_survey_for_fosters_values(path: Path) -> None:
    # Fidelity reading 3, M1 and L6: Foster's Value of the Hands is a held text
    # (foster-value-of-the-hands.en.txt); the worked examples and their scenario
    # files cited it "as transcribed in the research survey" or "from the survey's
    # web transcription", and quoted "in sequence" for the doublet, words the
    # held text has only for the sequence and the flush ("A sequence of four
    # cards of the same suit" is its doublet).
    text = " ".join(path.read_text(encoding="utf-8").split())
    assert re.search(r"survey's web transcription|transcribed in (?:the|our) research survey"
                     r"|as transcribed in the survey", text) is None
    assert '"in sequence"' not in text and "“in sequence”" not in text
