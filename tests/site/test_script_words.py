"""The words of the site's scripts (``docs/assets/words.js``): one home for every
label, in English and in French (issue 25: the Play page's labels, states and
log in French on French pages).

Fails for a key without its French form, a form whose ``{placeholders}``
differ from the other's, a key no script uses, and a key a script asks for
that ``words.js`` does not hold; and for a French form the site serves without
French spacing (a narrow no-break space before « ; », « ! », « ? », a no-break
one before « : » and inside « », as on the generated French pages).
"""

from __future__ import annotations

import re

from site_helpers import ROOT, built_site

from ambigu_rules.site.script_words import ENTRY, entries_of
from ambigu_rules.words.lang import FR, NO_BREAK_SPACE, THIN_SPACE

ASSETS = ROOT / "docs" / "assets"
#: A key asked for in a script: ``words("play.deal"``, or a key written out as a
#: string inside a ``words(...)`` call's choice (``"play.at-most"``).
USED = re.compile(r'"([a-z]+\.[a-z0-9-]+)"')
#: Forms that are the same word in both languages.
SAME_IN_BOTH = {"play.version", "play.doing", "play.batterie", "examples.python",
                "evaluator.version", "evaluator.percent", "advice.version", "advice.percent",
                "play.kind-amount"}


def entries() -> dict[str, tuple[str, str]]:
    text = (ASSETS / "words.js").read_text(encoding="utf-8")
    found = entries_of(text)
    assert len(found) == len(re.findall(r'^\s+"[a-z]+\.[a-z0-9-]+": \[', text, re.M)), (
        "an entry of words.js is not written as \"key\": [\"English\", \"French\"]")
    return found


def used_keys() -> dict[str, set[str]]:
    used: dict[str, set[str]] = {}
    prefixes = {key.split(".")[0] for key in entries()}
    for script in sorted(ASSETS.glob("*.js")):
        if script.name == "words.js":
            continue
        for key in USED.findall(script.read_text(encoding="utf-8")):
            if key.split(".")[0] in prefixes:
                used.setdefault(key, set()).add(script.name)
    return used


def test_every_label_has_an_english_and_a_french_form() -> None:
    missing = [key for key, (en, fr) in entries().items() if not en.strip() or not fr.strip()]
    assert missing == []
    untranslated = [key for key, (en, fr) in entries().items()
                    if en == fr and key not in SAME_IN_BOTH]
    assert untranslated == [], "French form equal to the English one"


def test_both_forms_fill_the_same_placeholders() -> None:
    wrong = [key for key, (en, fr) in entries().items()
             if sorted(re.findall(r"\{(\w+)\}", en)) != sorted(re.findall(r"\{(\w+)\}", fr))]
    assert wrong == []


def test_every_key_a_script_asks_for_is_there_and_every_key_is_used() -> None:
    defined, used = set(entries()), used_keys()
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


def test_the_play_page_says_no_english_label_of_its_own() -> None:
    """play.js writes no sentence of its own: every label comes from words.js."""
    text = (ASSETS / "play.js").read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', code)
    sentences = [s for s in strings if re.search(r"[A-Z][a-z]+ [a-z]+", s) or s in {
        "Deal", "Stop", "Players", "Version"}]
    assert sentences == []


#: A plain space where French puts a no-break one: before « : », « ; », « ! », « ? »
#: and « » », after « « ».
PLAIN_SPACE_IN_FRENCH = re.compile(r" [:;!?»]|« ")


def test_the_french_forms_are_written_with_plain_spaces() -> None:
    """As the catalogs of the generated pages: the French spacing is put in once,
    by the build, never by hand."""
    spaced = [key for key, (_, french) in entries().items()
              if NO_BREAK_SPACE in french or THIN_SPACE in french]
    assert spaced == []


def test_the_site_serves_each_french_form_spaced_as_the_french_pages_are() -> None:
    written_text = (ASSETS / "words.js").read_text(encoding="utf-8")
    served_text = (built_site().path / "assets" / "words.js").read_text(encoding="utf-8")
    written, served = entries(), entries_of(served_text)
    assert sorted(served) == sorted(written)
    # The English forms and everything around the entries are served as written.
    assert {key: forms[0] for key, forms in served.items()} == {
        key: forms[0] for key, forms in written.items()}
    assert ENTRY.sub("", served_text) == ENTRY.sub("", written_text)
    # Each French form spaced by the rule of the generated French pages.
    assert {key: forms[1] for key, forms in served.items()} == {
        key: FR.typeset(forms[1]) for key, forms in written.items()}
    assert [french for _, french in served.values() if PLAIN_SPACE_IN_FRENCH.search(french)] == []
    # Read as French typography asks: U+202F before « ? », U+00A0 before « : » and
    # inside « ».
    assert served["play.why"][1] == "pourquoi\u202f?"
    assert served["play.refused"][1] == "Refusé\u00a0: {reason}"
    assert served["play.deal-retries"][1] == "{sentence} «\u00a0Donner\u00a0» réessaie."
    assert served["examples.busy"][1].startswith("Une autre session est en cours\u202f; ")
