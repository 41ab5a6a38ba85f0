"""Markdown-safe text, evidence badges and cards drawn as styled spans.

Every text that comes from a YAML file (a note, a title, a call such as
"battez") goes through :func:`esc` before it reaches a page: HTML is
escaped, so that ``<script>`` shows as text, and the characters that
Markdown or its extensions would read as syntax (emphasis, links, tables,
attribute lists, snippets) are written as character references. What
:func:`esc` returns is a :class:`~markupsafe.Markup`: the pages treat it as
finished Markdown, and anything that is *not* ``Markup`` is escaped when a
template prints it.

>>> str(esc("<script>alert(1)</script>"))
'&lt;script&gt;alert(1)&lt;/script&gt;'
>>> str(esc("*bold* [link](javascript:x)"))
'&#42;bold&#42; &#91;link&#93;(javascript:x)'
>>> str(esc("  two\\n  lines  "))
'two lines'
>>> str(esc("1. not a list"))
'&#49;. not a list'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from markupsafe import Markup

from ..cards import Deck

# Characters that Markdown (or one of the enabled extensions) reads as syntax
# inside a line. `<`, `>` and `&` are handled by html.escape first.
_INLINE = {
    "\\": "&#92;",
    "`": "&#96;",
    "*": "&#42;",
    "_": "&#95;",
    "[": "&#91;",
    "]": "&#93;",
    "|": "&#124;",
    "{": "&#123;",
    "}": "&#125;",
    "~": "&#126;",
    "^": "&#94;",
    "=": "&#61;",
}
_INLINE_RE = re.compile("[" + re.escape("".join(_INLINE)) + "]")
# What would start a block (heading, list, quote, definition) at a line start.
_LINE_START_RE = re.compile(r"#|[+\-:](\s|$)|\d+[.)](\s|$)|-{2,}")

EVIDENCE_HELP = {
    "attested": "A source states this rule.",
    "reconstructed": "A modern reconstruction states this rule.",
    "inferred": "Our reading: no source states it for this version.",
    "editorial": "Our choice where the sources are silent.",
}
EVIDENCE_SHORT = {"attested": "A", "reconstructed": "R", "inferred": "I", "editorial": "E"}


def plain(text: object) -> str:
    """Text with every run of white space (newlines included) made one space."""
    return " ".join(str(text).split())


def esc(text: object) -> Markup:
    """YAML text as inline Markdown that renders exactly as the text."""
    if isinstance(text, Markup):
        return text
    value = html.escape(plain(text), quote=False)
    value = _INLINE_RE.sub(lambda match: _INLINE[match.group()], value)
    if _LINE_START_RE.match(value):
        value = f"&#{ord(value[0])};{value[1:]}"
    return Markup(value)


def anchor(text: object) -> Markup:
    """An id usable in a URL fragment and an ``id`` attribute.

    >>> str(anchor("step-first_deal")), str(anchor("a b<c>"))
    ('step-first_deal', 'a-b-c-')
    """
    return Markup(re.sub(r"[^A-Za-z0-9_.-]", "-", str(text)))


def attr(text: object) -> Markup:
    """Text for an HTML attribute value (inside double quotes)."""
    return Markup(html.escape(plain(text), quote=True))


def join(parts: Iterable[object], sep: str = "") -> Markup:
    """Join fragments, escaping those that are not already Markup."""
    return Markup(sep).join(esc(part) for part in parts)


def sentence(text: object) -> Markup:
    """Capitalise the first letter and end with a full stop.

    >>> str(sentence("the deal ends"))
    'The deal ends.'
    """
    value = str(esc(text))
    if value and value[0].islower():
        value = value[0].upper() + value[1:]
    if value and value[-1] not in ".!?":
        value += "."
    return Markup(value)


def badge(evidence: str, short: bool = False) -> Markup:
    """The evidence badge of a rule point.

    >>> str(badge("attested"))
    '<span class="evidence evidence-attested" title="A source states this rule.">attested</span>'
    """
    label = EVIDENCE_SHORT[evidence] if short else evidence
    extra = " evidence-short" if short else ""
    title = f"{evidence}: {EVIDENCE_HELP[evidence]}" if short else EVIDENCE_HELP[evidence]
    return Markup(
        f'<span class="evidence evidence-{evidence}{extra}" title="{attr(title)}">'
        f"{label}</span>"
    )


def card_span(deck: Deck, card: int) -> Markup:
    """One card as a span with its suit symbol, red for the red suits."""
    suit = deck.spec.suits[deck.suit_of(card)]
    rank = deck.spec.ranks[deck.rank_of(card)]
    colour = "red" if suit.color == "red" else "black"
    title = f"{rank.label} of {suit.name}"
    return Markup(
        f'<span class="card card-{colour}" title="{attr(title)}">'
        f"{esc(rank.label)}{esc(suit.symbol)}</span>"
    )


def cards_html(deck: Deck, cards: Iterable[int]) -> Markup:
    """A hand drawn as a row of card spans."""
    inner = Markup("").join(card_span(deck, card) for card in cards)
    return Markup(f'<span class="cards">{inner}</span>')


def number(value: int) -> str:
    """A whole number with thousands separated by commas.

    >>> number(91390)
    '91,390'
    """
    return f"{value:,}"


def percent(count: int, total: int) -> str:
    """A share as a percentage with enough digits to tell small ones apart.

    >>> percent(10, 91390), percent(78510, 91390)
    ('0.0109 %', '85.91 %')
    """
    share = 100 * count / total
    digits = 2 if share >= 1 else 4 if share >= 0.001 else 6
    return f"{share:.{digits}f} %"
