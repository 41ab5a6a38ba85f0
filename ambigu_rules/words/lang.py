"""The languages the site and the narration speak, and the catalogs of their phrases.

A :class:`Lang` is a value passed down to whatever says something: it
writes numbers the way its language does (``91,390`` in English,
``91 390`` with a narrow no-break space in French, ``0,696`` for a
decimal) and picks a phrase's form. Years are written as they are in
both.

A :class:`Catalog` keeps the phrases of one module, each with its English
and its French form side by side: the one home of the phrase in every
language. Where the grammar of the two languages differs (gender, elision,
word order), the catalog holds the whole phrase with named placeholders,
never a word to be glued onto another. Every catalog registers itself in
:data:`CATALOGS`, so that a test can find a phrase without its French form.

>>> T = Catalog("example", {"cards": ("{n} cards", "{n} cartes")})
>>> T("cards", EN, n=3), T("cards", FR, n=3)
('3 cards', '3 cartes')
>>> FR.number(91390), FR.decimal("0.696 %"), EN.number(91390)
('91\\u202f390', '0,696 %', '91,390')

French text is spaced the French way by :meth:`Lang.typeset`, once, on each
generated French page (:func:`typeset_markdown` leaves its code and tags alone).
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

#: The languages every phrase must have, English first (it is the default).
CODES = ("en", "fr")
#: The narrow no-break space French puts between thousands, and before ; ! and ?.
THIN_SPACE = "\u202f"
#: The no-break space French puts before a colon and inside guillemets.
NO_BREAK_SPACE = "\u00a0"
#: What stands for a part of a page that spacing leaves alone (:func:`typeset_markdown`).
MARK = "\x00"
# What may follow a sign that ends a phrase: a space, the end, a closing guillemet,
# bracket or parenthesis, Markdown's emphasis closing (``**Qui paie :**``), or a
# tag or code left alone (:data:`MARK`).
_AFTER_SIGN = r"(?:\s|$|[»)\]*_" + MARK + "])"
# A plain space between a word and the French punctuation that follows it.
_BEFORE_THIN = re.compile(r"(?<=\S) (?=[;!?]" + _AFTER_SIGN + ")")
_BEFORE_COLON = re.compile(r"(?<=\S) (?=:" + _AFTER_SIGN + ")")

S = TypeVar("S", bound=str)


@dataclass(frozen=True, slots=True)
class Lang:
    """A language of the site: its code and its way with numbers."""

    code: str

    def number(self, value: int) -> str:
        """A whole number with its thousands separated.

        >>> EN.number(1234567), FR.number(1234567) == "1\\u202f234\\u202f567"
        ('1,234,567', True)
        """
        text = f"{value:,}"
        return text.replace(",", THIN_SPACE) if self.code == "fr" else text

    def count(self, value: int) -> str:
        """A number of counters or cards inside a sentence: ungrouped in English (as
        the pages have always written them), grouped in French.

        >>> EN.count(1200), FR.count(1200) == "1\u202f200"
        ('1200', True)
        """
        return str(value) if self.code == "en" else self.number(value)

    def decimal(self, text: str) -> str:
        """A written decimal number with the language's decimal mark.

        >>> FR.decimal("1.05 %"), EN.decimal("1.05 %")
        ('1,05 %', '1.05 %')
        """
        return text.replace(".", ",") if self.code == "fr" else text

    def typeset(self, text: str) -> str:
        """Plain text with the spaces of the language's punctuation: in French, a
        narrow no-break space before « ; », « ! » and « ? », a no-break space before
        « : » and inside « » (so that no line begins with one of them); English text
        is left as it is.

        >>> FR.typeset("Preuves : « battez » ; tenir ?") == (
        ...     "Preuves\\u00a0: «\\u00a0battez\\u00a0»\\u202f; tenir\\u202f?")
        True
        >>> EN.typeset("Evidence : x ;") == "Evidence : x ;"
        True
        >>> FR.typeset("**Qui paie :** [ou quatre ?](x.md)") == (
        ...     "**Qui paie\u00a0:** [ou quatre\u202f?](x.md)")
        True
        """
        if self.code != "fr":
            return text
        text = _BEFORE_THIN.sub(THIN_SPACE, text)
        text = _BEFORE_COLON.sub(NO_BREAK_SPACE, text)
        return text.replace("« ", "«" + NO_BREAK_SPACE).replace(" »", NO_BREAK_SPACE + "»")

    def pick(self, forms: Mapping[str, S]) -> S:
        """The form of ``forms`` in this language."""
        return forms[self.code]


EN = Lang("en")
FR = Lang("fr")
LANGS = (EN, FR)


#: What French spacing must not touch in a page: fenced and inline code, tags and
#: comments, link targets, attribute lists.
NOT_PROSE = re.compile(r"(^```.*?^```$|`[^`\n]*`|<!--.*?-->|<[^>]*>|\]\([^)\n]*\)"
                        r"|\{\s*[:#.][^}\n]*\})", re.S | re.M)


def unaccented(text: str) -> str:
    """``text`` without its accents and diacritics (how "Mesle" finds "Meslé", and
    ``ecarter`` is read as ``écarter``).

    >>> unaccented("Meslé, Mêlé, Académie, Écarter")
    'Mesle, Mele, Academie, Ecarter'
    """
    if text.isascii():  # nothing to take off (most words of a page)
        return text
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize(
        "NFC", "".join(sign for sign in decomposed if not unicodedata.combining(sign)))


def typeset_markdown(text: str, lang: Lang) -> str:
    """A Markdown page spaced as ``lang`` spaces its punctuation (:meth:`Lang.typeset`),
    its code, tags, link targets and attribute lists left as they are.

    >>> typeset_markdown("Voir : `a : b` <b title='x : y'>z</b> : c { #x }", FR) == (
    ...     "Voir\\u00a0: `a : b` <b title='x : y'>z</b>\\u00a0: c { #x }")
    True
    """
    if lang.code == "en":
        return text
    # Each part left alone stands as one mark while the prose around it is spaced,
    # so that a space after a tag is still seen to follow a word. No text of a page
    # holds a control character (the rule files may not, and the pages write none).
    assert MARK not in text
    kept = NOT_PROSE.findall(text)
    spaced = lang.typeset(NOT_PROSE.sub(MARK, text)).split(MARK)
    return "".join(part + (kept[index] if index < len(kept) else "")
                   for index, part in enumerate(spaced))


def lang_of(code: str) -> Lang:
    """The language of a code (``fr``, ``fr_FR.UTF-8``, ``en``); English when unknown.

    >>> lang_of("fr_FR.UTF-8").code, lang_of("de").code, lang_of("").code
    ('fr', 'en', 'en')
    """
    return FR if code.lower().startswith("fr") else EN


def lang_from_environment(env: Mapping[str, str] | None = None) -> Lang:
    """The language the environment asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``).

    >>> lang_from_environment({"LANG": "fr_FR.UTF-8"}).code
    'fr'
    >>> lang_from_environment({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}).code
    'en'
    """
    env = os.environ if env is None else env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return lang_of(env[name])
    return EN


class Catalog(Generic[S]):
    """The phrases of one module: ``key → (English, French)``.

    Calling the catalog gives the phrase in a language, its ``{name}``
    placeholders filled (``str.format``). :meth:`forms` gives the phrase
    itself, for a template that is :class:`~.markup.Md`.
    """

    def __init__(self, home: str, phrases: Mapping[str, tuple[S, S]]) -> None:
        self.home = home
        self.phrases = {key: dict(zip(CODES, pair, strict=True))
                        for key, pair in phrases.items()}
        CATALOGS.append(self)

    def forms(self, key: str, lang: Lang) -> S:
        """The phrase ``key`` in ``lang``, as written (placeholders left)."""
        return self.phrases[key][lang.code]

    def __call__(self, key: str, lang: Lang, /, **fill: object) -> str:
        """The phrase ``key`` in ``lang`` with its placeholders filled."""
        return str.format(self.phrases[key][lang.code], **fill)

    def __iter__(self) -> Iterator[tuple[str, Mapping[str, S]]]:
        return iter(self.phrases.items())


#: Every catalog made so far, for the tests that hold each phrase to every language.
CATALOGS: list[Catalog[Any]] = []
