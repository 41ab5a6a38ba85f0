"""The words of the site's scripts (``docs/assets/words.js``) as the site serves them.

``words.js`` holds every label the scripts show once, in English, the source
language: ``"key": "English"``, one entry a line. Every other language's form is
data, in its ``messages.yaml`` under :data:`HOME` → :data:`NAME` → key, as the
package's other phrases are (:data:`T`, a :class:`~ambigu_rules.languages.Catalog`,
so that the tests that hold every catalog to every language hold these too); a
form whose noun agrees with a number is a mapping of the language's plural
categories, with ``by`` naming the placeholder that holds the number.

:func:`served` gives the file as the site serves it (``tools/mkdocs_editions.py``):
with, for each edition the site builds, its language's forms, spaced by the
language's own rules (:meth:`~ambigu_rules.languages.Lang.typeset`: a French
form, written with a plain space before « : », « ; », « ! », « ? » and inside
« », is served with the no-break ones of the generated French pages), the
signs it writes numbers with and the letters it shows and types the cards with
(both from its ``language.yaml``: R♠ and 7C, the seven of hearts, in French).
No language is named here: the editions come from the site's configuration,
the forms, the signs and the letters from each language's folder.

>>> script = 'var WORDS = {\\n    "play.why": "why?",\\n  };\\n  var LANGUAGES = {};\\n'
>>> english_of(script)
{'play.why': 'why?'}
>>> "pourquoi\\u202f?" in served(script, ["en", "fr"])
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypeAlias

from ..languages import LANGS, SOURCE, Catalog, Lang, messages

#: Where the scripts' words are, in the sources of the site; the module of their
#: forms in each language's ``messages.yaml``.
HOME = "docs/assets/words.js"
#: Their catalog there.
NAME = "WORDS"
#: ``words.js`` in this checkout (absent where the package is installed alone).
WORDS_JS = Path(__file__).resolve().parents[2] / HOME
#: One entry of ``words.js``: its key and its English form (a JSON string), on a line.
ENTRY = re.compile(r'^ +"([a-z]+\.[a-z0-9-]+)": ("(?:[^"\\]|\\.)*"),?$', re.M)
#: Where the build puts each language's forms and signs for numbers.
SLOT = "var LANGUAGES = {};"

#: A language's form of a key: a text, or its plural forms (``by`` and one text per
#: plural category).
Form: TypeAlias = str | dict[str, str]


def english_of(script: str) -> dict[str, str]:
    """Each key of ``words.js`` with its English form.

    >>> english_of('  "a.b": "Pool {n}",\\n  "a.c": "x"\\n')
    {'a.b': 'Pool {n}', 'a.c': 'x'}
    """
    return {key: json.loads(english) for key, english in ENTRY.findall(script)}


#: The scripts' words as a catalog of the package: their English from ``words.js``
#: (none where the package is installed without the site's sources), every other
#: language's forms from its ``messages.yaml``.
T: Catalog[str] = Catalog(HOME, NAME, english_of(WORDS_JS.read_text(encoding="utf-8"))
                          if WORDS_JS.is_file() else {})


def written_forms(lang: Lang) -> Mapping[str, object]:
    """The forms of the scripts' words that ``lang``'s ``messages.yaml`` holds, as written."""
    return messages(lang.code).get(HOME, {}).get(NAME, {})


def forms_in(lang: Lang, keys: Iterable[str]) -> dict[str, Form]:
    """The forms ``lang`` has of ``keys``, spaced by its rules. A form in plural forms
    is ``{"by": ..., category: ..., "other": ...}``: every category the language's
    ``messages.yaml`` gives, and ``other`` for a number no category of the
    language's own takes (its last category's form, where it has no ``other``).

    >>> from ambigu_rules.languages import EN
    >>> forms_in(EN, ["play.why"])
    {}
    """
    written = written_forms(lang)
    found: dict[str, Form] = {}
    for key in keys:
        text = written.get(key)
        if isinstance(text, Mapping):
            plural = {category: lang.typeset(str(text[category]))
                      for category in lang.plurals.categories if category in text}
            if plural:
                last = plural.get(lang.plurals.last, list(plural.values())[-1])
                found[key] = {"by": str(text.get("by", "")), **plural,
                              "other": plural.get("other", last)}
        elif text is not None:
            found[key] = lang.typeset(str(text))
    return found


def card_letters(lang: Lang) -> dict[str, dict[str, str]]:
    """``lang``'s letters for the cards, each by the rule files' letter, as its
    ``language.yaml`` gives them (:attr:`~ambigu_rules.languages.Lang.rank_letters`,
    :attr:`~ambigu_rules.languages.Lang.suit_letters`): what the site's scripts
    show a card with and read a typed card by.

    >>> from ambigu_rules.languages import FR
    >>> card_letters(FR)["ranks"]["K"], card_letters(FR)["suits"]["H"]
    ('R', 'C')
    """
    return {"ranks": dict(lang.rank_letters), "suits": dict(lang.suit_letters)}


def served(script: str, editions: Sequence[str]) -> str:
    """``words.js`` as the site serves it: with, at :data:`SLOT`, the forms of the
    language of each edition in ``editions`` (codes, as the site's configuration
    lists them), its signs for numbers and its letters for the cards
    (:func:`card_letters`), the source language first.

    Raises ``ValueError`` for an edition whose language has no folder in
    ``ambigu_rules/languages/`` and for a script without :data:`SLOT`.
    """
    by_code = {lang.code: lang for lang in LANGS}
    unknown = [code for code in editions if code not in by_code]
    if unknown:
        raise ValueError(f"editions with no language in ambigu_rules/languages/: {unknown}")
    if script.count(SLOT) != 1:
        raise ValueError(f"words.js: no single {SLOT!r} for the languages' forms")
    keys = list(english_of(script))
    codes = [SOURCE, *(code for code in dict.fromkeys(editions) if code != SOURCE)]
    languages = {code: {"group": by_code[code].group, "decimal": by_code[code].decimal_mark,
                        "cards": card_letters(by_code[code]),
                        "words": forms_in(by_code[code], keys)}
                 for code in codes}
    return script.replace(SLOT, "var LANGUAGES = "
                          + json.dumps(languages, ensure_ascii=False, indent=1) + ";")
