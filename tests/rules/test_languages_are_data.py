"""Issue 43, item 1: a language is data, in its folder under ``ambigu_rules/languages/``.

Each folder's ``language.yaml`` states how the language writes numbers; these
tests hold those statements to the Unicode CLDR as Babel carries it (the sign
between thousands and the decimal mark of the language's locale), hold each
``messages.yaml`` to the catalogs of the code (no message id that no catalog
has: a phrase renamed in the code would otherwise lose its translation
unseen), and show that a language is read from its folder alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from test_every_phrase_has_its_french_form import import_speaking_modules

from ambigu_rules import languages
from ambigu_rules.languages import EN, FR, LANGS, LANGUAGES_DIR, load_language, messages
from ambigu_rules.words import lang

babel_numbers = pytest.importorskip("babel.numbers")


@pytest.mark.parametrize("language", LANGS, ids=lambda language: language.code)
def test_a_languages_number_signs_are_those_of_its_locale(language: languages.Lang) -> None:
    # CLDR: English 91,390 and 0.696; French 91 390 (narrow no-break space) and 0,696.
    assert language.group == babel_numbers.get_group_symbol(language.code)
    assert language.decimal_mark == babel_numbers.get_decimal_symbol(language.code)


def test_english_is_the_source_and_every_language_folder_is_read() -> None:
    folders = sorted(path.name for path in LANGUAGES_DIR.iterdir()
                     if (path / "language.yaml").is_file())
    assert LANGS[0] is EN and sorted(language.code for language in LANGS) == folders
    assert (EN.name, FR.name) == ("English", "Français")
    assert not (LANGUAGES_DIR / "en" / "messages.yaml").exists()  # its phrases are the code's


def test_every_translated_message_belongs_to_a_catalog_of_the_code() -> None:
    import_speaking_modules()
    known = {(catalog.home, catalog.name, key)
             for catalog in lang.CATALOGS for key, _ in catalog}
    for language in LANGS[1:]:
        orphans = [f"{home}.{name}.{key}"
                   for home, catalogs in messages(language.code).items()
                   for name, phrases in catalogs.items() for key in phrases
                   if (home, name, key) not in known]
        assert orphans == [], f"{language.code}: messages no catalog has"


def test_a_language_is_read_from_its_folder(tmp_path: Path) -> None:
    # A made-up language with a thin space between thousands, a decimal comma and
    # a space before "?" only: nothing in the code names it.
    folder = tmp_path / "xx"
    folder.mkdir()
    (folder / "language.yaml").write_text(yaml.safe_dump({
        "code": "xx", "name": "Xx",
        "numbers": {"group": "\u2009", "decimal": ",", "group_counts": True},
        "typography": {"space_before": {"?": "\u00a0"}, "inside_guillemets": ""}}),
        encoding="utf-8")
    made_up = load_language(folder)
    assert made_up.number(1234567) == "1\u2009234\u2009567"
    assert made_up.count(1200) == "1\u2009200" and made_up.decimal("0.5") == "0,5"
    assert made_up.typeset("Quoi ? Oui : « non »") == "Quoi\u00a0? Oui : « non »"


def test_a_folder_whose_code_is_another_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "xx"
    folder.mkdir()
    source = (LANGUAGES_DIR / "fr" / "language.yaml").read_text(encoding="utf-8")
    (folder / "language.yaml").write_text(source, encoding="utf-8")
    with pytest.raises(ValueError, match="code 'fr', not 'xx'"):
        load_language(folder)


@pytest.mark.parametrize("language", [language for language in LANGS if language.months],
                         ids=lambda language: language.code)
def test_a_languages_month_names_are_those_of_its_locale(language: languages.Lang) -> None:
    # CLDR's names of the months, as a date writes them ("4 décembre 2026").
    babel_dates = pytest.importorskip("babel.dates")
    names = babel_dates.get_month_names("wide", context="format", locale=language.code)
    assert language.months == tuple(names[month] for month in range(1, 13))


def test_a_date_is_written_as_its_language_writes_it() -> None:
    # The French edition's dates of last change: « 1er » for the first of a month.
    assert [FR.long_date(day) for day in ("2026-08-01", "2026-12-04")] == [
        "1er août 2026", "4 décembre 2026"]
    assert EN.long_date("2026-12-04") == "2026-12-04"


@pytest.mark.parametrize("language", LANGS, ids=lambda language: language.code)
def test_a_languages_plural_categories_are_those_of_its_locale(language: languages.Lang) -> None:
    # CLDR's cardinal categories, for the whole numbers a page or the game may count
    # (Russian: 1 and 21 "one", 2–4 and 22–24 "few", 5–20 and 25 "many").
    from babel import Locale

    locale = Locale.parse(language.code)
    assert [language.plurals.category(n) for n in range(2001)] == [
        locale.plural_form(n) for n in range(2001)]


@pytest.mark.parametrize("language", LANGS, ids=lambda language: language.code)
def test_a_languages_ordinal_categories_are_those_of_its_locale(language: languages.Lang) -> None:
    # CLDR's ordinal categories: English 1st, 2nd, 3rd, 4th, 11th, 21st; French 1er, 2e.
    from babel import Locale

    locale = Locale.parse(language.code)
    assert [language.ordinal_rules.category(n) for n in range(1, 2001)] == [
        locale.ordinal_form(n) for n in range(1, 2001)]


def test_a_phrase_agrees_with_its_number_in_each_plural_form() -> None:
    # A Russian phrase in three forms, read by the number of its `by` fill: 1 and 21
    # жетон, 3 жетона, 5 and 11 жетонов.
    russian = next(language for language in LANGS if language.code == "ru")
    catalog = languages.Catalog("tests.plural", "T", {"counters": "{n} counters"})
    catalog.plural_forms["counters", "ru"] = ("n", {"one": "{n} жетон", "few": "{n} жетона",
                                                    "many": "{n} жетонов"})
    assert [catalog("counters", russian, n=n) for n in (1, 21, 3, 5, 11)] == [
        "1 жетон", "21 жетон", "3 жетона", "5 жетонов", "11 жетонов"]
    assert catalog("counters", russian, n="1\u00a0201") == "1\u00a0201 жетон"
    assert catalog("counters", EN, n=1) == "1 counters"  # English chooses its own id
    languages.CATALOGS.remove(catalog)
