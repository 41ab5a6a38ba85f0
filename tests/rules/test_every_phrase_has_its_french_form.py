"""Issue 25: every word the generator and the narration say has its French form; issue
43: its form in every language the package speaks.

A phrase is said in one home, its English in the code and every other language's form in
that language's messages: a vocabulary row (:mod:`ambigu_rules.rules.vocabulary`) or a
catalog of phrases (:class:`ambigu_rules.languages.Catalog`). These tests fail for a row or a phrase
without its French form, or whose French form does not fill the same blanks as the
English; the second test shows the first fails when one French form is taken away.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

import ambigu_rules
from ambigu_rules.rules import vocabulary
from ambigu_rules.rules.vocabulary import VOCABULARY
from ambigu_rules.words import lang
from ambigu_rules.words.lang import CODES, FR, Catalog

# The packages whose modules say things: every catalog lives in one of them.
SPEAKING = ("words", "site", "play", "rules", "advice")


def import_speaking_modules() -> None:
    """Import every module that may hold a catalog, so that each has registered."""
    for package in SPEAKING:
        module = importlib.import_module(f"ambigu_rules.{package}")
        for info in pkgutil.walk_packages(module.__path__, f"{module.__name__}."):
            importlib.import_module(info.name)


def blanks(template: str) -> list[str]:
    """The placeholders of a template, in order (``{}`` as ``""``)."""
    return sorted(name or "" for _, name, _, _ in string.Formatter().parse(template)
                  if name is not None)


def missing_vocabulary_forms(rows: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Rows of the vocabulary without a form in some language."""
    found = []
    for concept, terms in rows.items():
        for value, term in terms.items():
            english = term.words["en"]
            for code in CODES:
                forms = term.words.get(code, {})
                if not term.meanings.get(code, "").strip():
                    found.append(f"{concept}.{value}: no meaning in {code}")
                if set(forms) != set(english):
                    found.append(f"{concept}.{value}: forms in {code} {sorted(forms)}, "
                                 f"in en {sorted(english)}")
                for form, text in english.items():
                    if text.strip() and not forms.get(form, "").strip():
                        found.append(f"{concept}.{value}: no {form} form in {code}")
    return found


def missing_catalog_forms(catalogs: Iterable[Catalog[Any]]) -> list[str]:
    """Phrases without a form in some language, or whose forms fill different blanks."""
    found = []
    for catalog in catalogs:
        for key, forms in catalog:
            english = forms.get("en", "")
            for code in CODES:
                text = forms.get(code)
                if text is None or (english.strip() and not text.strip()):
                    found.append(f"{catalog.home}.{key}: no form in {code}")
                elif blanks(text) != blanks(english):
                    found.append(f"{catalog.home}.{key}: {code} fills {blanks(text)}, "
                                 f"en fills {blanks(english)}")
    return found


def test_every_vocabulary_row_says_itself_in_every_language() -> None:
    assert missing_vocabulary_forms(VOCABULARY) == []


def test_every_catalog_phrase_has_every_language_with_the_same_blanks() -> None:
    import_speaking_modules()
    homes = {catalog.home for catalog in lang.CATALOGS}
    # The homes this issue gave phrases to are all found (a catalog left
    # unimported would pass unseen).
    assert {"ambigu_rules.words.phrases", "ambigu_rules.words.bets",
            "ambigu_rules.words.table_rules", *GENERATED_PAGES} <= homes, homes
    assert missing_catalog_forms(lang.CATALOGS) == []


def test_a_french_form_taken_away_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    import_speaking_modules()
    catalog = next(c for c in lang.CATALOGS if c.home == "ambigu_rules.words.bets")
    key = "passes"
    assert catalog("passes", FR) == "passe"
    without = {code: text for code, text in catalog.phrases[key].items() if code != "fr"}
    monkeypatch.setitem(catalog.phrases, key, without)
    assert missing_catalog_forms(lang.CATALOGS) == [f"{catalog.home}.{key}: no form in fr"]

    emptied = {code: ("" if code == "fr" else text)
               for code, text in catalog.phrases["opens"].items()}
    monkeypatch.setitem(catalog.phrases, "opens", emptied)
    assert f"{catalog.home}.opens: no form in fr" in missing_catalog_forms(lang.CATALOGS)


# The catalogs of the generated pages' own words (labels, templates' sentences).
GENERATED_PAGES = ("ambigu_rules.site.comparison.rows", "ambigu_rules.site.comparison.cells",
                   "ambigu_rules.site.comparison.step_cells",
                   "ambigu_rules.site.pages.compare_page",
                   "ambigu_rules.site.pages.open_questions_page",
                   "ambigu_rules.site.pages.combinations_page",
                   "ambigu_rules.site.pages.sources_page",
                   "ambigu_rules.words.format_keys.page")


@pytest.mark.parametrize("home", GENERATED_PAGES)
def test_a_page_label_without_its_french_form_is_found(
        home: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import_speaking_modules()
    catalog = next(c for c in lang.CATALOGS if c.home == home)
    key, forms = next(iter(catalog))
    monkeypatch.setitem(catalog.phrases, key, {"en": forms["en"]})
    assert missing_catalog_forms(lang.CATALOGS) == [f"{home}.{key}: no form in {code}"
                                                    for code in CODES[1:]]


def test_a_french_form_with_other_blanks_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    import_speaking_modules()
    catalog = next(c for c in lang.CATALOGS if c.home == "ambigu_rules.words.bets")
    changed = {**catalog.phrases["first_bet"], "fr": "le premier qui mise ouvre"}
    monkeypatch.setitem(catalog.phrases, "first_bet", changed)
    assert missing_catalog_forms(lang.CATALOGS) == [
        f"{catalog.home}.first_bet: fr fills [], en fills ['opening']"]


def test_a_vocabulary_row_without_its_french_form_is_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    term = VOCABULARY["final_tie"]["split"]
    english_only = vocabulary.Term(term.meanings, {"en": term.words["en"]})
    rows = {concept: dict(terms) for concept, terms in VOCABULARY.items()}
    rows["final_tie"]["split"] = english_only
    found = missing_vocabulary_forms(rows)
    assert "final_tie.split: no full form in fr" in found
    assert "final_tie.split: no rule form in fr" in found


def test_every_module_with_a_catalog_is_walked() -> None:
    # A catalog in a package the tests above do not import would go unchecked.
    root = Path(ambigu_rules.__file__).parent
    homes = {path.relative_to(root).parts[0] for path in root.rglob("*.py")
             if re.search(r"(?<!class )\bCatalog\(", path.read_text(encoding="utf-8"))}
    assert homes and homes <= set(SPEAKING), homes


def test_the_french_sentences_of_every_rule_hold_no_english_word() -> None:
    """Every sentence the words say about every built-in version, in French.

    What comes from the rule files themselves is set aside here (link texts are
    step titles, emphasised words option names, quoted words calls): their French
    forms are data, checked with the pages.
    """
    from french_text import english_words

    from ambigu_rules.load.catalog import builtin_ids
    from ambigu_rules.load.resolver import load_ruleset
    from ambigu_rules.rules.where_silent import PLAYED_WHERE_SILENT
    from ambigu_rules.site.describe import Describer
    from ambigu_rules.site.facts import played_table_rules_at

    found = []
    for version_id in builtin_ids():
        ruleset = load_ruleset(version_id)
        d = Describer(ruleset, lang=FR)
        lines = [d.players(ruleset.players), d.direction(ruleset.direction),
                 d.ranking(ruleset.ranking), *d.payment(ruleset.payment)]
        lines += [line for step in ruleset.procedure for line in d.step(step)]
        for c in ruleset.combinations:
            lines += [d.definition(c), d.value(c), d.ties(c)]
        for place in ("at the table", "session", "penalties"):
            lines += [line for _, _, rule, silent in played_table_rules_at(ruleset.table, place)
                      if not silent for line in d.table_rule(rule)]
        lines += [line for rule in PLAYED_WHERE_SILENT.values() for line in d.table_rule(rule)]
        lines += [d.penalty(penalty) for penalty in ruleset.table.penalties]
        for line in lines:
            text = re.sub(r"\[[^\]]*\]\([^)]*\)|\*[^*]*\*", " ", str(line))
            found += [f"{version_id}: {word} in {text!r}" for word in english_words(text)]
    assert found == []


def lacking_french(model: object, path: str, code: str = "fr") -> list[str]:
    """Texts of ``model`` and every part inside it that have no form in language ``code``
    (French unless told; a part taken unchanged from a parent version is checked in the
    parent)."""
    from pydantic import BaseModel

    from ambigu_rules.rules.common import Translated

    found: list[str] = []
    if isinstance(model, Translated) and not getattr(model, "inherited_from", None):
        found += [f"{path}.{key}" for key in model.untranslated(code)]
    if isinstance(model, BaseModel):
        for name in type(model).model_fields:
            found += lacking_french(getattr(model, name), f"{path}.{name}", code)
    elif isinstance(model, list | tuple):
        for index, item in enumerate(model):
            found += lacking_french(item, f"{path}[{getattr(item, 'id', index)}]", code)
    elif isinstance(model, dict):
        for key, item in model.items():
            found += lacking_french(item, f"{path}.{key}", code)
    return found


@pytest.mark.parametrize("code", CODES[1:])
def test_every_text_of_the_rule_files_decks_and_site_data_has_its_form_in_each_language(
        code: str) -> None:
    from ambigu_rules.load.catalog import builtin_ids, load_bibliography, load_decks
    from ambigu_rules.load.resolver import load_ruleset
    from ambigu_rules.site.comparison.rows import ROW_KEYS
    from ambigu_rules.site.data import load_glossary, load_open_questions

    found = [text for version_id in builtin_ids()
             for text in lacking_french(load_ruleset(version_id), version_id, code)]
    found += lacking_french([deck.spec for deck in load_decks().values()], "decks", code)
    found += lacking_french(load_glossary(load_bibliography()), "glossary", code)
    found += lacking_french(load_open_questions(load_bibliography(), set(ROW_KEYS)),
                            "open questions", code)
    found += lacking_french(load_bibliography(), "sources", code)
    assert found == []


def test_a_text_without_its_french_form_is_found() -> None:
    from ambigu_rules.load.resolver import load_ruleset

    players = load_ruleset("russian").players
    assert lacking_french(players, "players") == []
    english_only = players.model_copy(update={"translations": None})
    assert lacking_french(english_only, "players") == ["players.note"]


def test_a_source_needs_the_french_form_of_its_description_only() -> None:
    # A source's name, title, container and edition may stay as written (a work's
    # own title is not translated); its `text` is the name of a file, not a text.
    from ambigu_rules.load.catalog import load_bibliography

    foster = load_bibliography().get("foster-1897")
    assert foster.text and "description" in (foster.translations or {}).get("fr", {})
    english_only = foster.model_copy(update={"translations": None})
    assert lacking_french(english_only, "foster") == ["foster.description"]
