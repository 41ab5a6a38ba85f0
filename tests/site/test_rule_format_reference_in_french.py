"""Issue 25: the reference of every key a rule file may hold, in French.

The French page says each key's meaning in French (its form in the French messages:
:mod:`ambigu_rules.words.format_keys`), keeps the English page's anchors and has a row
for each of its rows. That every key has its form in every language is
``test_rule_format_reference_in_every_language.py``'s.
"""

from __future__ import annotations

import re

import pytest

from ambigu_rules.languages import FR
from ambigu_rules.rules import combinations, procedure
from ambigu_rules.site import reference
from ambigu_rules.site.generate import edition_pages, load_site


def test_an_inherited_field_is_keyed_by_the_class_that_declares_it() -> None:
    # Every step has the `id` of StepBase: one French form serves them all.
    assert reference.field_key(procedure.DealStep, "id") == "StepBase.id"
    assert reference.field_key(procedure.BettingStep, "id") == "StepBase.id"
    assert reference.field_key(combinations.Predicate, "not_") == "Predicate.not_"


@pytest.fixture(scope="module")
def page() -> str:
    return edition_pages(load_site(), FR)["rule-format-reference.fr.md"]


def test_the_french_page_says_each_meaning_in_french(page: str) -> None:
    # A row of the Comparison table, as a reader finds it: the key, its type and
    # its default, its meaning from the French messages (format_keys, FIELDS).
    assert ("| `gt` | nombre entier de 0 à 1\u202f000\u202f000\u202f000 | aucune | "
            "Le trait est plus grand que ce nombre. |") in page
    # A value's meaning comes from the vocabulary's French row.
    assert "`split`\u00a0: les joueurs à égalité" in page
    # The editors' choice where a file is silent, from the rule point's own fr.note.
    assert "La table désigne le premier donneur\u202f; à défaut, la première place." in page


def test_the_french_page_keeps_the_english_anchors(page: str) -> None:
    # Links from either edition's pages (#ranking, #place) find their section.
    english = reference.render_page()
    for anchor in re.findall(r"^## (\w+)$", english, re.M):
        assert f"{{ #{anchor.lower()} }}" in page, anchor
    assert "{ #where-a-file-is-silent }" in page
    assert re.findall(r"\]\(#[a-z]+\)", english)  # the English page links its sections
    assert set(re.findall(r"\]\((#[a-z]+)\)", page)) == set(
        re.findall(r"\]\((#[a-z]+)\)", english))


def test_the_french_page_has_a_row_for_each_row_of_the_english(page: str) -> None:
    english = reference.render_page()
    rows = english.count("\n| `")
    assert rows > reference.keys_documented()  # the key rows and the editors' rows
    assert page.count("\n| `") == rows
