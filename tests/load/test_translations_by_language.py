"""Issue 43: a part gives its texts in other languages under ``translations``, by
language code (``translations: {fr: {note: …}}``); the older ``fr: {…}`` is read as
``translations.fr``. A language the package does not speak, French given under both
spellings, and a form of a text the part lacks are each refused where they are
written; a version that changes a point keeps its parent's forms, language by
language, of the texts it does not rewrite."""

from __future__ import annotations

from pathlib import Path

from house_files import HOUSE, problems_of

from ambigu_rules.load.resolver import resolve_path

PLAYERS = HOUSE + """\
players:
  min: 2
  max: 5
  source: editors
  evidence: editorial
  note: Five at most, for a small table.
  translations:
    fr:
      note: Cinq au plus, pour une petite table.
"""


def test_a_note_is_read_in_each_language_it_is_given_in(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(PLAYERS, encoding="utf-8")
    players = resolve_path(tmp_path / "house.yaml").ruleset.players
    assert players.text_in("note", "fr") == "Cinq au plus, pour une petite table."
    assert players.text_in("note", "en") == "Five at most, for a small table."


def test_the_older_french_spelling_reads_as_the_same_translation(tmp_path: Path) -> None:
    older = PLAYERS.replace("  translations:\n    fr:\n      note:", "  fr:\n    note:")
    (tmp_path / "house.yaml").write_text(older, encoding="utf-8")
    players = resolve_path(tmp_path / "house.yaml").ruleset.players
    assert players.translations == {"fr": {"note": "Cinq au plus, pour une petite table."}}


def test_french_given_under_both_spellings_is_refused(tmp_path: Path) -> None:
    text = PLAYERS + "  fr:\n    note: Cinq au plus.\n"
    (problem,) = problems_of(tmp_path, text)
    assert "players" in problem and "the French forms are given twice" in problem


def test_a_language_the_package_does_not_speak_is_refused(tmp_path: Path) -> None:
    # Klingon has no folder in ambigu_rules/languages/: nothing would ever show the text.
    text = PLAYERS + "    tlh:\n      note: wa'\n"
    (problem,) = problems_of(tmp_path, text)
    assert "translations.tlh: not a language of the package" in problem


def test_a_translation_of_a_text_the_part_lacks_is_refused(tmp_path: Path) -> None:
    text = PLAYERS.replace("  note: Five at most, for a small table.\n", "")
    (problem,) = problems_of(tmp_path, text)
    assert "fr.note: this part has no text note" in problem


CHANGED = """\
format: 1
id: child
title: A child
short_title: Child
summary: The house rules again.
extends: house.yaml
players:
  min: 2
  max: 4
  source: editors
  evidence: editorial
"""


def test_a_changed_point_keeps_its_parents_forms_of_the_texts_it_does_not_rewrite(
        tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(PLAYERS, encoding="utf-8")
    (tmp_path / "child.yaml").write_text(CHANGED, encoding="utf-8")
    players = resolve_path(tmp_path / "child.yaml").ruleset.players
    # The note is the provenance the child gives anew: the parent's note and its French
    # form go with it, so the child's point has neither.
    assert players.note is None and not (players.translations or {}).get("fr")
    own_note = CHANGED + "  note: Four at most.\n  translations:\n    fr:\n      note: Quatre.\n"
    (tmp_path / "child.yaml").write_text(own_note, encoding="utf-8")
    players = resolve_path(tmp_path / "child.yaml").ruleset.players
    assert players.text_in("note", "fr") == "Quatre."


def test_a_changed_combination_keeps_the_parents_french_of_its_definition(
        tmp_path: Path) -> None:
    from ambigu_rules.load.resolver import load_ruleset

    fredon = next(item for item in load_ruleset("1730").combinations if item.id == "fredon")
    text = HOUSE + ("combinations:\n  - id: fredon\n    value: 12\n    source: editors\n"
                    "    evidence: editorial\n")
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    changed = next(item for item in resolve_path(tmp_path / "house.yaml").ruleset.combinations
                   if item.id == "fredon")
    # The definition is not rewritten: its French form comes with it; the note is
    # provenance given anew, so the parent's French note does not.
    assert changed.text_in("definition", "fr") == fredon.text_in("definition", "fr")
    assert changed.text_in("definition", "fr") != changed.definition
    assert "note" not in (changed.translations or {}).get("fr", {})
