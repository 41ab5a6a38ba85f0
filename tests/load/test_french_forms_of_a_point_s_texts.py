"""Issue 25: a rule point gives the French form of its own texts under ``fr`` (the older
spelling of ``translations: {fr: …}``, issue 43, still read here on purpose); the
French pages read them with ``text_in``. A key of ``fr`` is a promise: it must name
a text of ours that the point has, and the form must not be empty."""

from __future__ import annotations

from pathlib import Path

import pytest
from house_files import HOUSE, problems_of

from ambigu_rules.load.resolver import resolve_path

FRENCH_PLAYERS = HOUSE + """\
players:
  min: 2
  max: 5
  source: editors
  evidence: editorial
  note: Five at most, for a small table.
  fr:
    note: Cinq au plus, pour une petite table.
"""


def test_the_french_form_of_a_note_is_read_beside_the_english(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(FRENCH_PLAYERS, encoding="utf-8")
    players = resolve_path(path).ruleset.players
    assert players.text_in("note", "fr") == "Cinq au plus, pour une petite table."
    assert players.text_in("note", "en") == "Five at most, for a small table."


def test_a_french_form_of_a_text_the_point_lacks_is_refused(tmp_path: Path) -> None:
    text = FRENCH_PLAYERS.replace("  note: Five at most, for a small table.\n", "")
    (problem,) = problems_of(tmp_path, text)
    assert "players" in problem and "fr.note: this part has no text note" in problem


def test_a_call_has_no_french_form(tmp_path: Path) -> None:
    # The calls are said as the players say them, in every edition (« battez »).
    text = FRENCH_PLAYERS.replace("    note: Cinq au plus", "    min: Cinq au plus")
    (problem,) = problems_of(tmp_path, text)
    assert "fr.min: this part has no text min" in problem


def test_an_empty_french_form_is_refused(tmp_path: Path) -> None:
    text = FRENCH_PLAYERS.replace("    note: Cinq au plus, pour une petite table.",
                                  '    note: " "')
    (problem,) = problems_of(tmp_path, text)
    assert "fr.note is empty" in problem


def test_a_version_s_french_title_is_its_own_and_never_inherited(tmp_path: Path) -> None:
    parent = HOUSE.replace("extends: \"1730\"\n", "extends: \"1730\"\nfr:\n"
                           "  title: Une version de la maison\n  summary: Les règles de 1730.\n")
    (tmp_path / "house.yaml").write_text(parent, encoding="utf-8")
    house = resolve_path(tmp_path / "house.yaml").ruleset
    assert house.text_in("title", "fr") == "Une version de la maison"
    child = ("format: 1\nid: child\ntitle: A child\nshort_title: Child\n"
             "summary: The house rules again.\nextends: house.yaml\n")
    (tmp_path / "child.yaml").write_text(child, encoding="utf-8")
    ruleset = resolve_path(tmp_path / "child.yaml").ruleset
    assert ruleset.translations is None
    assert ruleset.untranslated("fr") == ["title", "short_title", "summary"]


FRENCH_NOT_A_MAPPING = HOUSE + """\
combinations:
  - id: fredon
    value: 12
    fr: {french}
    source: editors
    evidence: editorial
"""


@pytest.mark.parametrize("french", ["'x'", "5", "[note, texte]"])
def test_a_changed_points_french_that_is_not_a_mapping_is_refused_at_its_place(
        tmp_path: Path, french: str) -> None:
    # Found by the fuzzer's playability class (issue 42): inheritance merged the
    # parent's French forms into it and crashed (ValueError, TypeError).
    (problem,) = problems_of(tmp_path, FRENCH_NOT_A_MAPPING.format(french=french))
    assert problem.startswith(f"{tmp_path / 'house.yaml'}:10:9: combinations.fredon.fr: "
                              "expected a mapping of keys, got ")
