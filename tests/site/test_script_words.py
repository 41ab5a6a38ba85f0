"""The words of the site's scripts (``docs/assets/words.js``): one home for every
label's English, and each other language's forms in its ``messages.yaml`` (issue
25: the Play page's labels, states and log in French on French pages; a language
is data, so the Russian edition's scripts speak Russian with no code of its own).

Fails for a key without its form in a language of the package, a form whose
``{placeholders}`` differ from the English's, a plural form that is not the
language's categories or agrees with no placeholder, a key no script uses, a key
a script asks for that ``words.js`` does not hold, and a form the site serves
unspaced by its language's rules (French: a narrow no-break space before « ; »,
« ! », « ? », a no-break one before « : » and inside « », as on the generated
French pages). The served file is also run (Node, where there is one) to show
that a page picks its language's forms, their plural forms and its number signs.

The served file carries each edition's letters for the cards, those of its
``language.yaml`` (the French reading, M15: the tools show R♠, not K♠, on
French pages and read « 7C VP » as the seven of hearts and the jack of
spades), and a page shows and reads the cards with its language's letters.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Mapping

import pytest
from site_helpers import ROOT, built_site, load_tool

from ambigu_rules.languages import LANGS, LANGUAGES_DIR, NO_BREAK_SPACE, THIN_SPACE, Lang
from ambigu_rules.site.script_words import (
    ENTRY,
    SLOT,
    english_of,
    forms_in,
    served,
    written_forms,
)

ASSETS = ROOT / "docs" / "assets"
site_language = load_tool("site_language")
#: The languages other than English (the source, whose forms are words.js's own).
OTHERS = LANGS[1:]
#: A key asked for in a script: ``words("play.deal"``, or a key written out as a
#: string inside a ``words(...)`` call's choice (``"play.at-most"``).
USED = re.compile(r'"([a-z]+\.[a-z0-9-]+)"')
#: Forms that are the English ones in any language: a placeholder, a name, a sign.
SAME_AS_ENGLISH = {"play.doing", "examples.python", "evaluator.percent", "advice.percent",
                   "play.kind-amount"}
#: And the words some language shares with English.
SAME_IN = {"fr": {"play.version", "play.batterie", "evaluator.version", "advice.version"}}


def english() -> dict[str, str]:
    text = (ASSETS / "words.js").read_text(encoding="utf-8")
    found = english_of(text)
    assert len(found) == len(re.findall(r'^\s+"[a-z]+\.[a-z0-9-]+":', text, re.M)), (
        "an entry of words.js is not written on one line as \"key\": \"English\"")
    return found


def texts(form: object) -> list[str]:
    """The texts of a form as ``messages.yaml`` writes it: itself, or each plural form."""
    if isinstance(form, Mapping):
        return [str(text) for category, text in form.items() if category != "by"]
    return [str(form)]


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{(\w+)\}", text))


def lacking(lang: Lang, written: Mapping[str, object], keys: Mapping[str, str]) -> list[str]:
    """What is wrong with a language's forms of the scripts' words: a key without a
    form, a form no key has, an empty form, a form with other placeholders than the
    English, a plural form whose categories are not the language's or whose ``by`` is
    none of the key's placeholders."""
    found = [f"{lang.code}: {key}: no form" for key in keys if key not in written]
    found += [f"{lang.code}: {key}: no such key in words.js" for key in written if key not in keys]
    for key, form in written.items():
        if key not in keys:
            continue
        if isinstance(form, Mapping):
            categories = sorted(category for category in form if category != "by")
            if categories != sorted(lang.plurals.categories):
                found.append(f"{lang.code}: {key}: plural forms {categories}")
            if form.get("by") not in placeholders(keys[key]):
                found.append(f"{lang.code}: {key}: agrees with {form.get('by')!r}, no placeholder")
        for text in texts(form):
            if not text.strip():
                found.append(f"{lang.code}: {key}: empty")
            elif placeholders(text) != placeholders(keys[key]):
                found.append(f"{lang.code}: {key}: fills {placeholders(text)}, "
                             f"English {placeholders(keys[key])}")
    return found


def used_keys() -> dict[str, set[str]]:
    used: dict[str, set[str]] = {}
    prefixes = {key.split(".")[0] for key in english()}
    for script in sorted(ASSETS.glob("*.js")):
        if script.name == "words.js":
            continue
        for key in USED.findall(script.read_text(encoding="utf-8")):
            if key.split(".")[0] in prefixes:
                used.setdefault(key, set()).add(script.name)
    return used


def served_languages(text: str) -> dict[str, dict[str, object]]:
    """The languages a served ``words.js`` carries (its ``LANGUAGES``)."""
    found = re.search(r"^  var LANGUAGES = (\{.*?\});$", text, re.M | re.S)
    assert found is not None, "no languages in the served words.js"
    return dict(json.loads(found.group(1)))


@pytest.mark.parametrize("lang", OTHERS, ids=lambda lang: lang.code)
def test_every_label_has_its_form_in_every_language(lang: Lang) -> None:
    assert lacking(lang, written_forms(lang), english()) == []
    untranslated = [key for key, form in written_forms(lang).items()
                    if texts(form) == [english()[key]]
                    and key not in SAME_AS_ENGLISH | SAME_IN.get(lang.code, set())]
    assert untranslated == [], f"{lang.code}: form equal to the English one"


def test_a_russian_form_taken_away_is_found() -> None:
    russian = next(lang for lang in LANGS if lang.code == "ru")
    keys = english()
    written = dict(written_forms(russian))
    assert lacking(russian, written, keys) == []
    del written["play.deal"]
    assert lacking(russian, written, keys) == ["ru: play.deal: no form"]
    written["play.deal"] = "Сдать {n}"
    written["play.save"] = {"by": "n", "one": "Сохранить {n} сдачу", "many": "Сохранить {n} сдач"}
    assert sorted(lacking(russian, written, keys)) == [
        "ru: play.deal: fills ['n'], English []",
        "ru: play.save: plural forms ['many', 'one']"]


def test_every_key_a_script_asks_for_is_there_and_every_key_is_used() -> None:
    defined, used = set(english()), used_keys()
    assert sorted(set(used) - defined) == [], "asked for by a script, not in words.js"
    assert sorted(defined - set(used)) == [], "in words.js, asked for by no script"


def test_words_js_is_loaded_before_the_scripts_that_use_it() -> None:
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    scripts = config["extra_javascript"]
    assert scripts[0] == {"path": "assets/words.js", "defer": True}, scripts
    # Deferred scripts run in the order they are listed; a script run at once
    # (not deferred) would run before words.js.
    assert all(script.get("defer") is True for script in scripts), scripts


def test_words_js_names_no_language() -> None:
    """The languages are data: words.js's code names none (its comments may)."""
    text = (ASSETS / "words.js").read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    code = ENTRY.sub("", code)
    named = sorted({lang.code for lang in LANGS if re.search(f'"{lang.code}"', code)})
    assert named == []
    assert text.count(SLOT) == 1


def test_the_play_page_says_no_english_label_of_its_own() -> None:
    """play.js writes no sentence of its own: every label comes from words.js."""
    text = (ASSETS / "play.js").read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', code)
    sentences = [s for s in strings if re.search(r"[A-Z][a-z]+ [a-z]+", s) or s in {
        "Deal", "Stop", "Players", "Version"}]
    assert sentences == []


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.code)
def test_the_play_page_names_its_buttons_as_the_buttons_say(lang: Lang) -> None:
    """Each button the Play page names in emphasis (*Deal*, *Stop*) is named as the
    table's script labels it, in each edition that has its Play page."""
    page = ROOT / "docs" / ("play.md" if lang.code == site_language.DEFAULT
                            else f"play.{lang.code}.md")
    if not page.is_file():
        pytest.skip(f"no Play page in {lang.code}")
    named = set(re.findall(r"(?<![*\w])\*([^*\n]+)\*(?![*\w])", page.read_text(encoding="utf-8")))
    labels = {text for key, form in ({**english(), **written_forms(lang)}.items())
              if key.startswith("play.") for text in texts(form)}
    assert named and sorted(named - labels) == []


@pytest.mark.parametrize("lang", OTHERS, ids=lambda lang: lang.code)
def test_the_forms_are_written_with_plain_spaces(lang: Lang) -> None:
    """As the catalogs of the generated pages: a language's spacing is put in once,
    by the build, never by hand."""
    spaced = [key for key, form in written_forms(lang).items() for text in texts(form)
              if NO_BREAK_SPACE in text or THIN_SPACE in text]
    assert spaced == []


#: A plain space where French puts a no-break one: before « : », « ; », « ! », « ? »
#: and « » », after « « ».
PLAIN_SPACE_IN_FRENCH = re.compile(r" [:;!?»]|« ")


def _check_served(served_text: str) -> None:
    written_text = (ASSETS / "words.js").read_text(encoding="utf-8")
    languages = served_languages(served_text)
    # Around the languages, the file as written (the English forms included).
    assert served_text.replace(
        "var LANGUAGES = " + json.dumps(languages, ensure_ascii=False, indent=1) + ";",
        SLOT) == written_text
    # Each edition's language, the source first, with its signs for numbers and its
    # forms spaced by its rules.
    assert list(languages) == list(site_language.EDITIONS)
    by_code = {lang.code: lang for lang in LANGS}
    for code, served_language in languages.items():
        lang = by_code[code]
        assert (served_language["group"], served_language["decimal"]) == (
            lang.group, lang.decimal_mark)
        assert served_language["words"] == forms_in(lang, english())
        assert served_language["cards"] == yaml_card_letters(code)
    french, russian = languages["fr"]["words"], languages["ru"]["words"]
    assert isinstance(french, dict) and isinstance(russian, dict)
    assert sorted(french) == sorted(russian) == sorted(english())
    # Each French form spaced by the rule of the generated French pages.
    assert french == {key: by_code["fr"].typeset(str(form))
                      for key, form in written_forms(by_code["fr"]).items()}
    assert [form for form in french.values() if PLAIN_SPACE_IN_FRENCH.search(form)] == []
    # Read as French typography asks: U+202F before « ? », U+00A0 before « : » and
    # inside « ».
    assert french["play.why"] == "pourquoi\u202f?"
    assert french["play.refused"] == "Refusé\u00a0: {reason}"
    assert french["play.deal-retries"] == "{sentence} «\u00a0Donner\u00a0» réessaie."
    assert french["examples.busy"].startswith("Une autre session est en cours\u202f; ")
    # The Russian forms, unspaced (Russian puts no space before a sign), and a count
    # in its three forms, with "other" for a number none of them takes.
    assert russian["play.deal"] == "Сдать" and russian["play.why"] == "почему?"
    assert russian["play.refused"] == "Нельзя: {reason}"
    assert russian["play.deal-retries"] == "{sentence} «Сдать» попробует снова."
    assert russian["play.counters"] == {"by": "n", "one": "{n} жетон", "few": "{n} жетона",
                                        "many": "{n} жетонов", "other": "{n} жетонов"}
    assert (languages["fr"]["group"], languages["ru"]["group"]) == ("\u202f", "\u00a0")


def test_the_served_words_carry_each_editions_language() -> None:
    _check_served(served((ASSETS / "words.js").read_text(encoding="utf-8"),
                         site_language.EDITIONS))


def test_an_edition_without_a_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no language"):
        served((ASSETS / "words.js").read_text(encoding="utf-8"), ["en", "xx"])


def test_the_site_serves_each_editions_forms_spaced_by_its_language() -> None:
    served_text = (built_site().path / "assets" / "words.js").read_text(encoding="utf-8")
    assert served_text == served((ASSETS / "words.js").read_text(encoding="utf-8"),
                                 site_language.EDITIONS)
    _check_served(served_text)


#: Runs the served words.js on a page of language ``lang`` and prints what it says.
NODE_PAGE = """
const vm = require("vm");
const [source, lang, calls] = [process.argv[1], process.argv[2], JSON.parse(process.argv[3])];
const window = {};
const document = { documentElement: { getAttribute: () => lang } };
vm.runInNewContext(source, { window, document, Intl });
const words = window.ambiguWords;
console.log(JSON.stringify([words.language].concat(calls.map(([how, ...args]) =>
  how === "words" ? words(...args) : words[how](...args)))));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="no Node here to run words.js")
def test_a_page_says_its_languages_words_counts_and_numbers() -> None:
    script = served((ASSETS / "words.js").read_text(encoding="utf-8"), site_language.EDITIONS)
    calls = [["words", "play.deal"], ["number", 91390.5],
             *[["words", "play.save", {"n": n}] for n in (2, 5, 21)],
             *[["count", n, "play.counters-one", "play.counters", {"n": n}] for n in (0, 1, 3, 21)],
             ["words", "play.refused", {"reason": "x"}]]

    def page(lang: str) -> list[str]:
        out = subprocess.run(["node", "-e", NODE_PAGE, script, lang, json.dumps(calls)],
                             capture_output=True, text=True, check=True, timeout=60)
        return list(json.loads(out.stdout))

    assert page("ru") == ["ru", "Сдать", "91\u00a0390,5", "Сохранить 2 сдачи",
                          "Сохранить 5 сдач", "Сохранить 21 сдачу", "0 жетонов", "1 жетон",
                          "3 жетона", "21 жетон", "Нельзя: x"]
    assert page("fr") == ["fr", "Donner", "91\u202f390,5", "Enregistrer les 2 coups",
                          "Enregistrer les 5 coups", "Enregistrer les 21 coups", "0 jeton",
                          "1 jeton", "3 jetons", "21 jetons", "Refusé\u00a0: x"]
    assert page("en") == ["en", "Deal", "91,390.5", "Save the 2 deals", "Save the 5 deals",
                          "Save the 21 deals", "0 counters", "1 counter", "3 counters",
                          "21 counters", "Refused: x"]
    # A language the site does not build speaks English; a missing form is English.
    assert page("de")[:3] == ["en", "Deal", "91,390.5"]
    without = script.replace('"play.deal": "Сдать",', "")
    assert without != script
    out = subprocess.run(["node", "-e", NODE_PAGE, without, "ru",
                          json.dumps([["words", "play.deal"]])],
                         capture_output=True, text=True, check=True, timeout=60)
    assert json.loads(out.stdout) == ["ru", "Deal"]


@pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.code)
def test_each_run_it_yourself_block_is_named_as_examples_js_looks_for(lang: Lang) -> None:
    """examples.js gives a « run » button to each block whose summary is, to the
    letter, the form of ``examples.run-it-yourself`` in the page's language."""
    form = ({**english(), **written_forms(lang)})["examples.run-it-yourself"]
    suffix = "" if lang.code == site_language.DEFAULT else f".{lang.code}"
    pages = [path for path in sorted((ROOT / "docs" / "examples").glob(f"*{suffix}.md"))
             if path.name.count(".") == suffix.count(".") + 1]
    summaries = [summary for path in pages
                 for summary in re.findall(r'^ *\?\?\?\+? example "([^"]*)"',
                                           path.read_text(encoding="utf-8"), re.M)]
    if not summaries:
        pytest.skip(f"no worked example in {lang.code}")
    assert set(summaries) == {form}


def yaml_card_letters(code: str) -> dict[str, dict[str, str]]:
    """The letters for the cards that a language's ``language.yaml`` writes, read
    from the file itself (``{}`` for a kind it does not give)."""
    import yaml

    data = yaml.safe_load((LANGUAGES_DIR / code / "language.yaml").read_text(encoding="utf-8"))
    cards = data.get("cards") or {}
    return {"ranks": {str(k): str(v) for k, v in (cards.get("ranks") or {}).items()},
            "suits": {str(k): str(v) for k, v in (cards.get("suits") or {}).items()}}


def test_the_served_words_carry_each_languages_letters_for_the_cards() -> None:
    """Each edition's letters for the cards, as its ``language.yaml`` writes them:
    V D R and P C K T in French, Т В Д К and П Ч Б Т in Russian."""
    languages = served_languages(served((ASSETS / "words.js").read_text(encoding="utf-8"),
                                        site_language.EDITIONS))
    for code in languages:
        assert languages[code]["cards"] == yaml_card_letters(code), code
    assert languages["fr"]["cards"] == {"ranks": {"A": "A", "J": "V", "Q": "D", "K": "R"},
                                        "suits": {"S": "P", "H": "C", "D": "K", "C": "T"}}
    assert languages["ru"]["cards"] == {"ranks": {"A": "Т", "J": "В", "Q": "Д", "K": "К"},
                                        "suits": {"S": "П", "H": "Ч", "D": "Б", "C": "Т"}}


#: Cards shown and typed on a page, and the same asked of the package's ``Lang``.
CARD_CALLS = [["engineCards", "7C, VP dk RT 10t 7\u2665 xx"], ["engineCards", "ТП 2п 3П 4П тт"],
              ["engineCards", "AS 2S 3S 4S"],
              ["card", "K", "\u2660"], ["card", "10", "\u2665"], ["rank", "Q"],
              ["shownCards", "Ben montre A\u2660 K\u2663 et 10\u2665 (J\u2666)."],
              ["typedCard", "Q", "H"], ["typedCard", "10", "S"], ["typedCard", "A", "C"]]


@pytest.mark.skipif(shutil.which("node") is None, reason="no Node here to run words.js")
@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang.code in site_language.EDITIONS],
                         ids=lambda lang: lang.code)
def test_a_page_shows_and_reads_the_cards_as_its_language_does(lang: Lang) -> None:
    """words.js shows and reads the cards as the package's ``Lang`` does for the
    terminal: :meth:`~ambigu_rules.languages.Lang.engine_cards`, ``show_cards``,
    ``typed_card``."""
    script = served((ASSETS / "words.js").read_text(encoding="utf-8"), site_language.EDITIONS)
    out = subprocess.run(["node", "-e", NODE_PAGE, script, lang.code, json.dumps(CARD_CALLS)],
                         capture_output=True, text=True, check=True, timeout=60)
    page = list(json.loads(out.stdout))
    letters = dict(lang.rank_letters)
    expected: list[str] = [lang.code]
    for how, *args in CARD_CALLS:
        if how == "engineCards":
            expected.append(lang.engine_cards(args[0]))
        elif how == "card":
            expected.append(lang.show_cards(args[0] + args[1]))
        elif how == "rank":
            expected.append(letters.get(args[0], args[0]))
        elif how == "shownCards":
            expected.append(lang.show_cards(args[0]))
        else:
            expected.append(lang.typed_card(args[0], args[1]))
    assert page == expected
    if lang.code == "fr":
        assert page[1:4] == ["7H JS QD KC 10C 7\u2665 xx",
                             "ТП 2п 3П 4П тт", "AS 2S 3S 4S"]
        assert page[4:] == ["R\u2660", "10\u2665", "D",
                            "Ben montre A\u2660 R\u2663 et 10\u2665 (V\u2666).",
                            "DC", "10P", "AT"]
    if lang.code == "ru":
        assert page[1:4] == ["7C VP dk RT 10t 7\u2665 xx", "AS 2S 3S 4S AC", "AS 2S 3S 4S"]
        assert page[4:] == ["К\u2660", "10\u2665", "Д",
                            "Ben montre Т\u2660 К\u2663 et 10\u2665 (В\u2666).",
                            "ДЧ", "10П", "ТТ"]
