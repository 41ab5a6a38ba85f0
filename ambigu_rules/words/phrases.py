"""Numbers, amounts, lists and calls as they read inside a sentence.

The small pieces every other module of :mod:`ambigu_rules.words`
builds its sentences from.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.common import Agreed, Range
from .markup import Md, esc

#: What a page says where a version's rule file says nothing.
NOT_STATED = "not stated"
#: How a rule the sources do not state, played as the editors' row, is introduced.
PLAYED_AS = Md("Not stated in the sources; played as follows: {}")

#: The two kinds of points whose evidence a version's counts keep apart: its
#: rules, and its notes about the text it comes from (dates, titles, preface).
OF_THE_RULES = "rules"
ABOUT_THE_TEXT = "about the text"

WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(value: int) -> str:
    """Small whole numbers in words (card counts read better so).

    >>> number_word(3), number_word(12)
    ('three', '12')
    """
    return WORDS[value] if 0 <= value < len(WORDS) else str(value)


def counters(value: int) -> str:
    """A number of counters.

    >>> counters(1), counters(2)
    ('1 counter', '2 counters')
    """
    return f"{value} counter" if value == 1 else f"{value} counters"


def or_list(items: Sequence[object]) -> str:
    """Items joined with commas and a final "or".

    >>> or_list(["1", "2", "3"])
    '1, 2 or 3'
    """
    texts = [str(item) for item in items]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " or " + texts[-1]


def and_list(items: Sequence[object]) -> Md:
    """Fragments joined with commas and a final "and" (escaped as needed)."""
    parts = [esc(item) for item in items]
    if len(parts) <= 1:
        return Md("").join(parts)
    return Md(", ").join(parts[:-1]) + Md(" and ") + parts[-1]


def amount(value: int | Agreed) -> str:
    """An amount of counters, fixed or agreed at the table.

    >>> amount(2), amount(Agreed(default=1, choices=[1, 2]))
    ('2 counters', '1 or 2 counters (as agreed)')
    """
    if isinstance(value, Agreed):
        return f"{or_list(value.choices)} counters (as agreed)"
    return counters(value)


def short_amount(value: int | Agreed) -> str:
    """An amount without the word "counters": ``2``, ``1 or 2``."""
    if isinstance(value, Agreed):
        return or_list(value.choices)
    return str(value)


def card_range(value: Range) -> str:
    """How many cards may be discarded.

    >>> card_range(Range(min=0, max=4)), card_range(Range(min=1, max=2))
    ('up to four cards', 'one or two cards')
    """
    low, high = number_word(value.min), number_word(value.max)
    if value.min == value.max:
        return f"{low} card" if value.max == 1 else f"{low} cards"
    if value.min == 0:
        return f"up to {high} cards"
    if value.max == value.min + 1:
        return f"{low} or {high} cards"
    return f"{low} to {high} cards"


def quoted(call: str) -> Md:
    """A call as the players say it, in curly quotes."""
    return Md("“{}”").format(call)


def counted_apart(groups: Sequence[tuple[str, Sequence[Md]]]) -> Md:
    """Counts kept apart by kind, each kind named before its counts.

    A kind with nothing to count is left out.

    >>> str(counted_apart([(OF_THE_RULES, [Md("29 inferred"), Md("1 editorial")]),
    ...                    (ABOUT_THE_TEXT, [Md("3 attested")])]))
    'rules: 29 inferred, 1 editorial · about the text: 3 attested'
    >>> str(counted_apart([(OF_THE_RULES, [Md("19 reconstructed")]), (ABOUT_THE_TEXT, [])]))
    'rules: 19 reconstructed'
    """
    return Md(" · ").join(Md("{}: {}").format(label, Md(", ").join(parts))
                          for label, parts in groups if parts)
