"""The languages the package speaks, as data: one folder per language.

Each folder here (``en``, ``fr``) holds the language's ``language.yaml``: its
code, its own name, how it writes numbers (the sign between thousands, the
decimal mark, whether a count inside a sentence is grouped) and its
typography (the space it puts before a sign such as ``:`` or ``;``, and
inside guillemets); and, for every language but English, ``messages.yaml``,
its form of every phrase of the package by module, catalog and message id
(English is the source language: its phrases are in the code, in each
module's :class:`Catalog`, which finds the other languages' forms by module,
catalog and message id). :data:`LANGS` lists the languages found, English
first: adding one is a folder, not code.

This part of the package sits on the ground floor, with the errors and the
limits, so that every other part (the vocabulary of the rule format
included) can read a language's words.

>>> FR.number(91390), FR.decimal("0.696 %"), EN.number(91390)
('91\\u202f390', '0,696 %', '91,390')
>>> lang_of("fr_FR.UTF-8").code, lang_of("de").code
('fr', 'en')
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

import yaml

from .plurals import ENGLISH, PluralRules

#: Where each language's folder is: ``<code>/language.yaml`` and ``<code>/messages.yaml``.
LANGUAGES_DIR = Path(__file__).parent
#: The source language: its phrases are written in the code.
SOURCE = "en"
#: The narrow no-break space French puts between thousands, and before ; ! and ?.
THIN_SPACE = "\u202f"
#: The no-break space French puts before a colon and inside guillemets.
NO_BREAK_SPACE = "\u00a0"
#: What stands for a part of a page that spacing leaves alone
#: (:func:`ambigu_rules.words.lang.typeset_markdown`).
MARK = "\x00"
# What may follow a sign that ends a phrase: a space, the end, a closing guillemet,
# bracket or parenthesis, Markdown's emphasis closing (``**Qui paie :**``), or a
# tag or code left alone (:data:`MARK`).
_AFTER_SIGN = r"(?:\s|$|[»)\]*_" + MARK + "])"

S = TypeVar("S", bound=str)
#: A card written with its suit symbol whose rank is a letter (``A♠``, ``K♣``).
_SHOWN_CARD = re.compile(r"(?<![\w])([A-Z])(?=[\u2660\u2665\u2666\u2663])")


@dataclass(frozen=True, slots=True)
class Lang:
    """A language of the site: its code, its name, and its way with numbers and signs
    (read from its ``language.yaml``: :func:`load_language`)."""

    code: str
    #: The language's name in itself: "English", "Français".
    name: str
    #: What stands between thousands: ``,`` in English, a narrow no-break space in French.
    group: str
    #: The decimal mark.
    decimal_mark: str
    #: Whether a number of counters or cards inside a sentence is grouped by thousands.
    group_counts: bool
    #: The space put before each sign that takes one (French: ``;`` ``!`` ``?`` ``:``).
    space_before: tuple[tuple[str, str], ...]
    #: The space put inside guillemets (French: a no-break space), or none.
    inside_guillemets: str
    #: How a date is written: ``{iso}``, or ``{day} {month} {year}`` and the like.
    date_format: str = "{iso}"
    #: The months' names, January first (when the date format names them).
    months: tuple[str, ...] = ()
    #: How the first day of a month is written, where not as a number (French: « 1er »).
    first_day: str = ""
    #: Its plural categories (English's when its file gives none).
    plurals: PluralRules = ENGLISH
    #: Its ordinal categories, and the form of an ordinal number in each (``{n}th``).
    ordinal_rules: PluralRules = ENGLISH
    ordinal_forms: tuple[tuple[str, str], ...] = (("one", "{n}"), ("other", "{n}"))
    #: The letters of the ace and the court cards, ``(the rule files' letter, this
    #: language's)``: ``("J", "V")`` in French.
    rank_letters: tuple[tuple[str, str], ...] = ()
    #: Each suit's letter, ``(the rule files' letter, this language's)``: ``("H", "C")``
    #: (cœur) in French.
    suit_letters: tuple[tuple[str, str], ...] = ()

    def number(self, value: int) -> str:
        """A whole number with its thousands separated.

        >>> EN.number(1234567), FR.number(1234567) == "1\\u202f234\\u202f567"
        ('1,234,567', True)
        """
        return f"{value:,}".replace(",", self.group)

    def count(self, value: int) -> str:
        """A number of counters or cards inside a sentence: ungrouped in English (as
        the pages have always written them), grouped in French.

        >>> EN.count(1200), FR.count(1200) == "1\u202f200"
        ('1200', True)
        """
        return self.number(value) if self.group_counts else str(value)

    def decimal(self, text: str) -> str:
        """A written decimal number with the language's decimal mark.

        >>> FR.decimal("1.05 %"), EN.decimal("1.05 %")
        ('1,05 %', '1.05 %')
        """
        return text.replace(".", self.decimal_mark)

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
        for sign, space in self.space_before:
            text = _before(sign).sub(space, text)
        if self.inside_guillemets:
            inside = self.inside_guillemets
            text = text.replace("« ", "«" + inside).replace(" »", inside + "»")
        return text

    def long_date(self, iso: str) -> str:
        """A ``YYYY-MM-DD`` date as the language writes it in a sentence.

        >>> EN.long_date("2026-12-04"), FR.long_date("2026-12-04"), FR.long_date("2026-08-01")
        ('2026-12-04', '4 décembre 2026', '1er août 2026')
        """
        year, month, day = (int(part) for part in iso.split("-"))
        return self.date_format.format(
            iso=iso, year=year, day=self.first_day if day == 1 and self.first_day else day,
            month=self.months[month - 1] if self.months else month)

    def ordinal(self, number: int) -> str:
        """An ordinal number, as a figure with the language's ending.

        >>> [EN.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21)]
        ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st']
        >>> [FR.ordinal(n) for n in (1, 2, 11)]
        ['1er', '2e', '11e']
        """
        return dict(self.ordinal_forms)[self.ordinal_rules.category(number)].format(n=number)

    def show_cards(self, text: str) -> str:
        """Cards written with their suit symbols (``A♠ 10♥ K♣``) with this language's
        letters for the ace and the court cards; the rest of the text is left alone.

        >>> FR.show_cards("Ben montre A♠ K♣ et 10♥"), EN.show_cards("A♠")
        ('Ben montre A♠ R♣ et 10♥', 'A♠')
        """
        if not self.rank_letters:
            return text
        letters = dict(self.rank_letters)
        return _SHOWN_CARD.sub(lambda match: letters.get(match.group(1), match.group(1)), text)

    def engine_cards(self, text: str) -> str:
        """Cards as a player of this language types them (``7C VP`` in French: seven of
        hearts, jack of spades), with the rule files' letters (``7H JS``); a token
        this language does not read is left for the deck to refuse.

        >>> FR.engine_cards("7C, VP 10t"), EN.engine_cards("7C")
        ('7H JS 10C', '7C')
        """
        if not self.suit_letters:
            return text
        ranks = {own.casefold(): engine for engine, own in self.rank_letters}
        suits = {own.casefold(): engine for engine, own in self.suit_letters}
        tokens = []
        for token in re.split(r"[\s,]+", text.strip()):
            if len(token) >= 2:
                rank, suit = token[:-1], token[-1]
                token = ranks.get(rank.casefold(), rank) + suits.get(suit.casefold(), suit)
            tokens.append(token)
        return " ".join(token for token in tokens if token)

    def typed_card(self, rank: str, suit: str) -> str:
        """A card as a player of this language types it, from the rule files' rank
        label and suit letter.

        >>> FR.typed_card("Q", "H"), EN.typed_card("10", "S")
        ('DC', '10S')
        """
        return dict(self.rank_letters).get(rank, rank) + dict(self.suit_letters).get(suit, suit)

    @property
    def plain(self) -> bool:
        """Whether the language's typography leaves text as it is written (English)."""
        return not self.space_before and not self.inside_guillemets

    def pick(self, forms: Mapping[str, S]) -> S:
        """The form of ``forms`` in this language."""
        return forms[self.code]


@functools.cache
def _before(sign: str) -> re.Pattern[str]:
    """A plain space between a word and ``sign`` where ``sign`` ends a phrase."""
    return re.compile(r"(?<=\S) (?=" + re.escape(sign) + _AFTER_SIGN + ")")


def load_language(folder: Path) -> Lang:
    """The language described by ``folder/language.yaml``."""
    with (folder / "language.yaml").open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    numbers, typography, dates = data["numbers"], data["typography"], data.get("dates", {})
    if data["code"] != folder.name:
        raise ValueError(f"{folder}/language.yaml: code {data['code']!r}, not {folder.name!r}")
    return Lang(code=data["code"], name=data["name"], group=numbers["group"],
                decimal_mark=numbers["decimal"], group_counts=bool(numbers["group_counts"]),
                space_before=tuple(sorted(typography.get("space_before", {}).items())),
                inside_guillemets=typography.get("inside_guillemets", ""),
                date_format=dates.get("format", "{iso}"), months=tuple(dates.get("months", ())),
                first_day=str(dates.get("first_day", "")),
                plurals=PluralRules.parse(data["plurals"]) if "plurals" in data else ENGLISH,
                **_ordinals(data.get("ordinals")),
                rank_letters=tuple(sorted((data.get("cards") or {}).get("ranks", {}).items())),
                suit_letters=tuple(sorted((data.get("cards") or {}).get("suits", {}).items())))


def _ordinals(ordinals: Mapping[str, Mapping[str, str]] | None) -> dict[str, Any]:
    """The ordinal rules and forms of a ``language.yaml`` (``ordinals``), as ``Lang``'s
    fields; none given, the figure alone."""
    if not ordinals:
        return {}
    return {"ordinal_rules": PluralRules.parse({name: str(item.get("rule", ""))
                                                for name, item in ordinals.items()}),
            "ordinal_forms": tuple((name, str(item["form"])) for name, item in ordinals.items())}


def _languages() -> tuple[Lang, ...]:
    found = {folder.name: load_language(folder) for folder in sorted(LANGUAGES_DIR.iterdir())
             if (folder / "language.yaml").is_file()}
    return (found.pop(SOURCE), *found.values())


#: Every language the package speaks, English (the source) first.
LANGS = _languages()
#: Their codes, in the same order.
CODES = tuple(lang.code for lang in LANGS)
EN = LANGS[0]
FR = next(lang for lang in LANGS if lang.code == "fr")
_BY_CODE = {lang.code: lang for lang in LANGS}


@functools.cache
def messages(code: str) -> Mapping[str, Mapping[str, Mapping[str, str]]]:
    """The phrases of language ``code``: module → catalog → message id → form (none for
    the source language, whose phrases are in the code)."""
    path = LANGUAGES_DIR / code / "messages.yaml"
    if code == SOURCE or not path.is_file():
        return {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with path.open(encoding="utf-8") as handle:
        return cast("Mapping[str, Mapping[str, Mapping[str, str]]]",
                    yaml.load(handle, Loader=loader) or {})


def lang_of(code: str) -> Lang:
    """The language of a code (``fr``, ``fr_FR.UTF-8``, ``en``); English when unknown.

    >>> lang_of("fr_FR.UTF-8").code, lang_of("de").code, lang_of("").code
    ('fr', 'en', 'en')
    """
    return _BY_CODE.get(re.split(r"[_.@-]", code.lower(), maxsplit=1)[0], EN)


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
    """The phrases of one module under one name: ``message id → English form``; every
    other language's form is found by the module, the name and the message id in
    that language's ``messages.yaml`` (:func:`messages`).

    Calling the catalog gives the phrase in a language, its ``{name}``
    placeholders filled (``str.format``). :meth:`forms` gives the phrase
    itself, for a template that is :class:`~.markup.Md`: a language's form of a
    phrase whose English is ``Md`` is ``Md`` too. A phrase a language lacks is said
    in English (the tests list every one).
    """

    def __init__(self, home: str, name: str, phrases: Mapping[str, S]) -> None:
        self.home = home
        self.name = name
        #: ``message id → {code: form}`` for every language that has the phrase; a
        #: phrase a language says in several plural forms is there in its last one.
        self.phrases: dict[str, dict[str, S]] = {}
        #: ``(message id, code) → (the fill its number is read from, {category: form})``.
        self.plural_forms: dict[tuple[str, str], tuple[str, dict[str, S]]] = {}
        for key, english in phrases.items():
            forms = {SOURCE: english}
            for lang in LANGS[1:]:
                text = messages(lang.code).get(home, {}).get(name, {}).get(key)
                if isinstance(text, dict):
                    by = str(text.get("by", ""))
                    plural = {category: type(english)(text[category])
                              for category in lang.plurals.categories if category in text}
                    self.plural_forms[key, lang.code] = (by, plural)
                    forms[lang.code] = plural[lang.plurals.last]
                elif text is not None:
                    forms[lang.code] = type(english)(text)
            self.phrases[key] = forms
        CATALOGS.append(self)

    def forms(self, key: str, lang: Lang, /, **fill: object) -> S:
        """The phrase ``key`` in ``lang``, as written (placeholders left); where the
        language says it in plural forms, the form of the number in ``fill`` that the
        phrase agrees with (its ``by``).
        """
        plural = self.plural_forms.get((key, lang.code))
        if plural is not None and plural[0] in fill:
            by, forms = plural
            category = lang.plurals.category(_whole(fill[by]))
            if category in forms:
                return forms[category]
        forms_of_key = self.phrases[key]
        return forms_of_key.get(lang.code, forms_of_key[SOURCE])

    def __call__(self, key: str, lang: Lang, /, **fill: object) -> str:
        """The phrase ``key`` in ``lang`` with its placeholders filled."""
        return str.format(self.forms(key, lang, **fill), **fill)

    def __iter__(self) -> Iterator[tuple[str, Mapping[str, S]]]:
        return iter(self.phrases.items())


def _whole(value: object) -> int:
    """The whole number a fill holds: a number, or a number written with its groups
    (``1 200``, ``1,200``).

    >>> _whole(21), _whole("1\u00a0200"), _whole("3 жетона")
    (21, 1200, 3)
    """
    if isinstance(value, int):
        return value
    digits = re.match(r"\d[\d\s,.\u00a0\u202f]*", str(value).strip())
    if digits is None:
        raise ValueError(f"no number to agree with in {value!r}")
    return int(re.sub(r"\D", "", digits.group()))


#: Every catalog made so far, for the tests that hold each phrase to every language.
CATALOGS: list[Catalog[Any]] = []
