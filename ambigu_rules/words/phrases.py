"""Numbers, amounts, lists and calls as they read inside a sentence.

The small pieces every other module of :mod:`ambigu_rules.words`
builds its sentences from.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.common import Agreed, Range
from .lang import EN, Catalog, Lang
from .markup import Md, esc

T = Catalog(__name__, "T", {
    "not_stated": "not stated",
    "rules": "rules",
    "about_the_text": "about the text",
    "counter": "{n} counter",
    "counters": "{n} counters",
    "or": " or ",
    "agreed": "{choices} counters (as agreed)",
    "card": "{n} card",
    "cards": "{n} cards",
    "up_to_cards": "up to {n} cards",
    "or_cards": "{low} or {high} cards",
    "to_cards": "{low} to {high} cards",
    "pile_pool": "the pool",
    "pile_bets": "the bets",
    "pile_batterie": "the batterie",
    "into_pool": "into the pool",
    "into_batterie": "into the batterie",
    "to_pool": "to the pool",
    "to_batterie": "to the batterie",
    "words": "no one two three four five six seven eight nine ten",
})
M = Catalog(__name__, "M", {
    "played_as": Md("Not stated in the sources; played as follows: {}"),
    "quoted": Md("“{}”"),
    "and": Md(" and "),
    "counted": Md("{}: {}"),
})

#: The two kinds of points whose evidence a version's counts keep apart: its
#: rules, and its notes about the text it comes from (dates, titles, preface).
OF_THE_RULES = T("rules", EN)
ABOUT_THE_TEXT = T("about_the_text", EN)

WORDS = tuple(T("words", EN).split())


def number_word(value: int, lang: Lang = EN) -> str:
    """Small whole numbers in words (card counts read better so; French ones are feminine,
    as *carte* and *couleur* are).

    >>> from ambigu_rules.words.lang import FR
    >>> number_word(3), number_word(12), number_word(1, FR)
    ('three', '12', 'une')
    """
    words = T("words", lang).split()
    return words[value] if 0 <= value < len(words) else str(value)


def counters(value: int, lang: Lang = EN) -> str:
    """A number of counters.

    >>> from ambigu_rules.words.lang import FR
    >>> counters(1), counters(2), counters(1200, FR) == "1\u202f200 jetons"
    ('1 counter', '2 counters', True)
    """
    return T("counter" if value == 1 else "counters", lang, n=lang.count(value))


def or_list(items: Sequence[object], lang: Lang = EN) -> str:
    """Items joined with commas and a final "or".

    >>> from ambigu_rules.words.lang import FR
    >>> or_list(["1", "2", "3"]), or_list(["1", "2"], FR)
    ('1, 2 or 3', '1 ou 2')
    """
    texts = [str(item) for item in items]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + T("or", lang) + texts[-1]


def and_list(items: Sequence[object], lang: Lang = EN) -> Md:
    """Fragments joined with commas and a final "and" (escaped as needed)."""
    parts = [esc(item) for item in items]
    if len(parts) <= 1:
        return Md("").join(parts)
    return Md(", ").join(parts[:-1]) + M.forms("and", lang) + parts[-1]


def amount(value: int | Agreed, lang: Lang = EN) -> str:
    """An amount of counters, fixed or agreed at the table.

    >>> from ambigu_rules.words.lang import FR
    >>> amount(2), amount(Agreed(default=1, choices=[1, 2]))
    ('2 counters', '1 or 2 counters (as agreed)')
    >>> amount(Agreed(default=1, choices=[1, 2]), FR)
    '1 ou 2 jetons (selon la convention)'
    """
    if isinstance(value, Agreed):
        return T("agreed", lang, choices=or_list(value.choices, lang), last=value.choices[-1])
    return counters(value, lang)


def short_amount(value: int | Agreed, lang: Lang = EN) -> str:
    """An amount without the word "counters": ``2``, ``1 or 2``."""
    if isinstance(value, Agreed):
        return or_list(value.choices, lang)
    return str(value)


def card_range(value: Range, lang: Lang = EN) -> str:
    """How many cards may be discarded.

    >>> from ambigu_rules.words.lang import FR
    >>> card_range(Range(min=0, max=4)), card_range(Range(min=1, max=2))
    ('up to four cards', 'one or two cards')
    >>> card_range(Range(min=0, max=4), FR), card_range(Range(min=1, max=1), FR)
    ("jusqu'à quatre cartes", 'une carte')
    """
    low, high = number_word(value.min, lang), number_word(value.max, lang)
    if value.min == value.max:
        return T("card" if value.max == 1 else "cards", lang, n=low, count=value.max)
    if value.min == 0:
        return T("up_to_cards", lang, n=high, count=value.max)
    if value.max == value.min + 1:
        return T("or_cards", lang, low=low, high=high, count=value.max)
    return T("to_cards", lang, low=low, high=high, count=value.max)


def alternatives(text: str, lang: Lang = EN) -> str:
    """Values joined by the evaluator's " or " (``6 or 7``), said in ``lang``.

    >>> from ambigu_rules.words.lang import FR
    >>> alternatives("6 or 7", FR), alternatives("8", FR)
    ('6 ou 7', '8')
    """
    return text.replace(" or ", T("or", lang))


def pile(name: str, lang: Lang = EN) -> str:
    """A pile of counters: ``the pool``, ``la poule``, ``the bets``, ``the batterie``."""
    return T(f"pile_{name}", lang)


def into(name: str, lang: Lang = EN) -> str:
    """Into a pile: ``into the pool``, ``dans la batterie``."""
    return T(f"into_{name}", lang)


def to_pile(name: str, lang: Lang = EN) -> str:
    """Added to a pile: ``to the pool``, ``à la batterie``."""
    return T(f"to_{name}", lang)


def quoted(call: str, lang: Lang = EN) -> Md:
    """A call as the players say it, in curly quotes (French guillemets in French)."""
    return M.forms("quoted", lang).format(call)


def counted_apart(groups: Sequence[tuple[str, Sequence[Md]]], lang: Lang = EN) -> Md:
    """Counts kept apart by kind, each kind named before its counts.

    A kind with nothing to count is left out.

    >>> str(counted_apart([(OF_THE_RULES, [Md("29 inferred"), Md("1 editorial")]),
    ...                    (ABOUT_THE_TEXT, [Md("3 attested")])]))
    'rules: 29 inferred, 1 editorial · about the text: 3 attested'
    >>> str(counted_apart([(OF_THE_RULES, [Md("19 reconstructed")]), (ABOUT_THE_TEXT, [])]))
    'rules: 19 reconstructed'
    """
    return Md(" · ").join(M.forms("counted", lang).format(label, Md(", ").join(parts))
                          for label, parts in groups if parts)
