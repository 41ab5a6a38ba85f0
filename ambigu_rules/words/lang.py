"""The words' view of the languages, and a page spaced as its language spaces it.

The languages themselves, and the :class:`Catalog` of each module's phrases,
are in :mod:`ambigu_rules.languages` (a folder per language, with its number
forms, its typography and its form of every phrase); this module passes on the
names the words and the site say things with (:data:`EN`, :data:`FR`,
:data:`LANGS`, :class:`Lang`, :func:`lang_of`, :class:`Catalog`), and spaces a
whole Markdown page (:func:`typeset_markdown`).

A :class:`Lang` is a value passed down to whatever says something: it
writes numbers the way its language does (``91,390`` in English,
``91 390`` with a narrow no-break space in French, ``0,696`` for a
decimal) and picks a phrase's form. Years are written as they are in
both.

A :class:`Catalog` keeps the phrases of one module under a name, each with
its English form (English is the source language) and a message id, by
which every other language's form is found in that language's
``messages.yaml``. Where the grammar of the languages differs (gender,
elision, word order), a phrase is a whole sentence with named placeholders,
never a word to be glued onto another. Every catalog registers itself in
:data:`CATALOGS`, so that a test can find a phrase without its form in some
language.

>>> from ambigu_rules.words.phrases import T
>>> T("cards", EN, n=3), T("cards", FR, n=3)
('3 cards', '3 cartes')

French text is spaced the French way by :meth:`Lang.typeset`, once, on each
generated French page (:func:`typeset_markdown` leaves its code and tags alone).
"""

from __future__ import annotations

import re
import unicodedata

from ..languages import (
    CATALOGS,
    CODES,
    EN,
    FR,
    LANGS,
    MARK,
    NO_BREAK_SPACE,
    THIN_SPACE,
    Catalog,
    Lang,
    lang_from_environment,
    lang_of,
)

__all__ = ["CATALOGS", "CODES", "EN", "FR", "LANGS", "MARK", "NOT_PROSE", "NO_BREAK_SPACE",
           "THIN_SPACE", "Catalog", "Lang", "lang_from_environment", "lang_of",
           "typeset_markdown", "unaccented"]

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
    if lang.plain:
        return text
    # Each part left alone stands as one mark while the prose around it is spaced,
    # so that a space after a tag is still seen to follow a word. No text of a page
    # holds a control character (the rule files may not, and the pages write none).
    assert MARK not in text
    kept = NOT_PROSE.findall(text)
    spaced = lang.typeset(NOT_PROSE.sub(MARK, text)).split(MARK)
    return "".join(part + (kept[index] if index < len(kept) else "")
                   for index, part in enumerate(spaced))
