"""The words of the site's scripts (``docs/assets/words.js``): one home for every
label, in English and in French (issue 25: the Play page's labels, states and
log in French on French pages).

Fails for a key without its French form, a form whose ``{placeholders}``
differ from the other's, a key no script uses, and a key a script asks for
that ``words.js`` does not hold.
"""

from __future__ import annotations

import json
import re

from site_helpers import ROOT

ASSETS = ROOT / "docs" / "assets"
#: ``"key": ["English", "French"]`` entries (JSON strings), as words.js writes them.
ENTRY = re.compile(r'"([a-z]+\.[a-z0-9-]+)": \[("(?:[^"\\]|\\.)*"),\s*("(?:[^"\\]|\\.)*")\]')
#: A key asked for in a script: ``words("play.deal"``, or a key written out as a
#: string inside a ``words(...)`` call's choice (``"play.at-most"``).
USED = re.compile(r'"([a-z]+\.[a-z0-9-]+)"')
#: Forms that are the same word in both languages.
SAME_IN_BOTH = {"play.version", "play.doing", "play.batterie", "examples.python",
                "evaluator.version", "evaluator.percent", "advice.version", "advice.percent",
                "play.kind-amount"}


def entries() -> dict[str, tuple[str, str]]:
    text = (ASSETS / "words.js").read_text(encoding="utf-8")
    found = {key: (json.loads(en), json.loads(fr)) for key, en, fr in ENTRY.findall(text)}
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
    assert scripts[0] == "assets/words.js", scripts


def test_the_play_page_says_no_english_label_of_its_own() -> None:
    """play.js writes no sentence of its own: every label comes from words.js."""
    text = (ASSETS / "play.js").read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', code)
    sentences = [s for s in strings if re.search(r"[A-Z][a-z]+ [a-z]+", s) or s in {
        "Deal", "Stop", "Players", "Version"}]
    assert sentences == []
