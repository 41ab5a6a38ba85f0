"""Issue 25, then the Russian edition: the reference of every key a rule file may hold
says each key's meaning in every language the package speaks.

The English meaning of a key is its field's description in the model, and a class's
description its docstring (:mod:`ambigu_rules.words.format_keys`); every other language
gives its forms in its ``messages.yaml``, under ``ambigu_rules.words.format_keys``,
catalogs ``FIELDS`` (keyed ``Class.field`` by the class that declares the field) and
``CLASSES``. Every field and every described class has its form in every language, no
form is left naming a field or class the model no longer has, a form keeps the code the
English writes, and each language's page says its own forms: one a language lacks is
said in English, never in another language (the Russian page once fell back to the
French). The tests that take one form away, or add one for no field, show that the
check fails then.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest
from pydantic import BaseModel

from ambigu_rules.languages import CODES, EN, LANGS, lang_of, messages
from ambigu_rules.rules import sources
from ambigu_rules.site import reference
from ambigu_rules.words import format_keys
from ambigu_rules.words.format_keys import CLASSES, FIELDS

HOME = "ambigu_rules.words.format_keys"
OTHERS = CODES[1:]  # every language but English, the source
_CODE = re.compile(r"`[^`]*`")


def _classes() -> list[type[BaseModel]]:
    # The page's classes, and the places of a source it lists last.
    return [*reference.model_classes(), sources.Place]


def written(code: str, catalog: str) -> Mapping[str, str]:
    """The forms language ``code`` writes in its messages for one catalog."""
    return messages(code).get(HOME, {}).get(catalog, {})


def form_problems(fields: Mapping[str, str], classes: Mapping[str, str],
                  code: str) -> list[str]:
    """Fields and described classes without a form in language ``code``, forms naming
    no field or class, and meanings that leave out code the English one writes (a key
    or a value, which every language writes as it is)."""
    found = []
    keys: set[str] = set()
    for cls in _classes():
        for name, info in cls.model_fields.items():
            key = reference.field_key(cls, name)
            keys.add(key)
            if not fields.get(key, "").strip():
                found.append(f"{key}: no meaning in {code}")
                continue
            lost = set(_CODE.findall(info.description or "")) - set(_CODE.findall(fields[key]))
            if lost:
                found.append(f"{key}: the meaning in {code} leaves out {sorted(lost)}")
    described = {cls.__name__ for cls in _classes() if reference.class_description(cls)}
    found += [f"{name}: no description in {code}" for name in sorted(described - set(classes))]
    found += [f"{key}: a meaning in {code} for no field" for key in sorted(set(fields) - keys)]
    found += [f"{name}: a description in {code} for no class"
              for name in sorted(set(classes) - described)]
    return found


def test_the_catalogs_hold_the_models_english_for_every_key_and_class() -> None:
    english = {reference.field_key(cls, name): info.description or ""
               for cls in _classes() for name, info in cls.model_fields.items()}
    assert len(english) > 200  # about 205 fields when this was written
    assert {key: forms["en"] for key, forms in FIELDS} == english
    assert {name: forms["en"] for name, forms in CLASSES} == {
        cls.__name__: reference.class_description(cls)
        for cls in _classes() if reference.class_description(cls)}


@pytest.mark.parametrize("code", OTHERS)
def test_every_key_and_class_has_its_form_in_each_language_and_each_form_its_key(
        code: str) -> None:
    assert form_problems(written(code, "FIELDS"), written(code, "CLASSES"), code) == []


@pytest.mark.parametrize("code", OTHERS)
def test_the_catalogs_give_each_languages_forms_from_its_messages(code: str) -> None:
    lang = lang_of(code)
    assert {key: FIELDS.forms(key, lang) for key, _ in FIELDS} == dict(written(code, "FIELDS"))
    assert {name: CLASSES.forms(name, lang) for name, _ in CLASSES} == dict(
        written(code, "CLASSES"))


@pytest.mark.parametrize("code", OTHERS)
def test_a_missing_meaning_is_found(code: str) -> None:
    fields = dict(written(code, "FIELDS"))
    del fields["Comparison.gt"]
    assert form_problems(fields, written(code, "CLASSES"), code) == [
        f"Comparison.gt: no meaning in {code}"]


def test_a_meaning_for_no_field_is_found() -> None:
    fields = {**written("fr", "FIELDS"), "Comparison.between": "Le trait est entre deux nombres."}
    assert form_problems(fields, written("fr", "CLASSES"), "fr") == [
        "Comparison.between: a meaning in fr for no field"]


def test_a_missing_or_stray_class_description_is_found() -> None:
    classes = {key: text for key, text in written("ru", "CLASSES").items() if key != "Ranking"}
    classes["Hand"] = "Карты игрока."
    assert form_problems(written("ru", "FIELDS"), classes, "ru") == [
        "Ranking: no description in ru", "Hand: a description in ru for no class"]


def test_a_meaning_that_drops_a_value_is_found() -> None:
    fields = {**written("ru", "FIELDS"), "Combination.payment": "`own`: платится стоимость."}
    assert form_problems(fields, written("ru", "CLASSES"), "ru") == [
        "Combination.payment: the meaning in ru leaves out ['`adds`', '`parts`', '`value`']"]


def _says(page: str, text: str) -> bool:
    """Whether the page says ``text``: in a table cell, or paragraph by paragraph."""
    return reference.cell(text) in page or all(
        paragraph in page for paragraph in text.split("\n\n"))


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {lang.code: reference.render_page(lang) for lang in LANGS}


@pytest.mark.parametrize("code", OTHERS)
def test_each_page_says_its_own_forms_and_no_other_languages(
        code: str, pages: dict[str, str]) -> None:
    page = pages[code]
    for catalog in (FIELDS, CLASSES):
        for key, forms in catalog:
            assert _says(page, forms[code]), (code, key)
            for other, text in forms.items():
                if other != code and text != forms[code]:
                    assert not _says(page, text), (code, key, other)


def test_the_russian_page_holds_no_french_meaning(pages: dict[str, str]) -> None:
    page = pages["ru"]
    french = [*written("fr", "FIELDS").values(), *written("fr", "CLASSES").values()]
    assert len(french) > 200
    assert [text for text in french if _says(page, text)] == []
    # The row the Russian page once showed in French, now in Russian.
    assert "Ce qu'est l'endroit, avec nos mots." not in page
    assert "| `note` | текст | нет | Что это за место, нашими словами." in page


def test_a_form_a_language_lacks_is_said_in_english_not_in_another_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    russian = lang_of("ru")
    forms = FIELDS.phrases["Place.note"]
    monkeypatch.setitem(FIELDS.phrases, "Place.note",
                        {code: text for code, text in forms.items() if code != "ru"})
    page = reference.render_page(russian)
    assert f"| `note` | текст | нет | {forms['en']}" in page
    assert forms["fr"] not in page


def test_the_english_page_says_the_models_own_words(pages: dict[str, str]) -> None:
    assert pages[EN.code] == reference.render_page()
    assert _says(pages[EN.code], format_keys.described(sources.Place))
    assert _says(pages[EN.code], sources.Place.model_fields["note"].description or "")
