"""Issue 25: the reference of every key a rule file may hold, in French.

Every field of the model has its French meaning in
:mod:`ambigu_rules.words.format_keys` (keyed ``Class.field`` by the class that
declares it), every class with a description has its French form, and no French
key is left naming a field or class the model no longer has. The tests that take
one form away, or add one for no field, show that the check fails then.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest
from pydantic import BaseModel

from ambigu_rules.rules import combinations, procedure, sources
from ambigu_rules.site import reference
from ambigu_rules.site.generate import french_pages, load_site
from ambigu_rules.words import format_keys

_CODE = re.compile(r"`[^`]*`")


def _classes() -> list[type[BaseModel]]:
    # The page's classes, and the places of a source it lists last.
    return [*reference.model_classes(), sources.Place]


def french_form_problems(fields: Mapping[str, str], classes: Mapping[str, str]) -> list[str]:
    """Fields and described classes without a French form, French forms naming no
    field or class, and French meanings that leave out code the English one writes
    (a key or a value, which the French must write as it is)."""
    found = []
    keys: set[str] = set()
    for cls in _classes():
        for name, info in cls.model_fields.items():
            key = reference.field_key(cls, name)
            keys.add(key)
            if not fields.get(key, "").strip():
                found.append(f"{key}: no French meaning")
                continue
            lost = set(_CODE.findall(info.description or "")) - set(_CODE.findall(fields[key]))
            if lost:
                found.append(f"{key}: the French meaning leaves out {sorted(lost)}")
    described = {cls.__name__ for cls in _classes() if reference.class_description(cls)}
    found += [f"{name}: no French description" for name in sorted(described - set(classes))]
    found += [f"{key}: a French meaning for no field" for key in sorted(set(fields) - keys)]
    found += [f"{name}: a French description for no class"
              for name in sorted(set(classes) - described)]
    return found


def test_every_key_and_class_has_its_french_form_and_each_form_its_key() -> None:
    assert len(format_keys.FIELDS) > 200  # about 205 fields when this was written
    assert french_form_problems(format_keys.FIELDS, format_keys.CLASSES) == []


def test_a_missing_french_meaning_is_found() -> None:
    fields = dict(format_keys.FIELDS)
    del fields["Comparison.gt"]
    assert french_form_problems(fields, format_keys.CLASSES) == [
        "Comparison.gt: no French meaning"]


def test_a_french_meaning_for_no_field_is_found() -> None:
    fields = {**format_keys.FIELDS, "Comparison.between": "Le trait est entre deux nombres."}
    assert french_form_problems(fields, format_keys.CLASSES) == [
        "Comparison.between: a French meaning for no field"]


def test_a_missing_or_stray_class_description_is_found() -> None:
    classes = {key: text for key, text in format_keys.CLASSES.items() if key != "Ranking"}
    classes["Hand"] = "Une main."
    assert french_form_problems(format_keys.FIELDS, classes) == [
        "Ranking: no French description", "Hand: a French description for no class"]


def test_a_french_meaning_that_drops_a_value_is_found() -> None:
    fields = {**format_keys.FIELDS, "Combination.payment": "`own` : la valeur est payée."}
    assert french_form_problems(fields, format_keys.CLASSES) == [
        "Combination.payment: the French meaning leaves out ['`adds`', '`parts`', '`value`']"]


def test_an_inherited_field_is_keyed_by_the_class_that_declares_it() -> None:
    # Every step has the `id` of StepBase: one French form serves them all.
    assert reference.field_key(procedure.DealStep, "id") == "StepBase.id"
    assert reference.field_key(procedure.BettingStep, "id") == "StepBase.id"
    assert reference.field_key(combinations.Predicate, "not_") == "Predicate.not_"


@pytest.fixture(scope="module")
def page() -> str:
    return french_pages(load_site())["rule-format-reference.fr.md"]


def test_the_french_page_says_each_meaning_in_french(page: str) -> None:
    # A row of the Comparison table, as a reader finds it: the key, its type and
    # its default, its meaning from format_keys/combinations.py.
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
