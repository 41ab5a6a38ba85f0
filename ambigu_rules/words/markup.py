"""The one way text from a rule file reaches a page: escaping, and :class:`Md`.

A rule file is something people download and share, and every page of the
site is made from rule files; so no text from one may ever be read as
Markdown, HTML or script. This module is the only place where page markup
is made from text:

* :func:`esc` writes any text as inline Markdown that renders exactly as the
  text. HTML is escaped (``<``, ``>``, ``&``, ``"`` and ``'``), and every
  character that Markdown or one of the enabled extensions reads as syntax
  inside a line (emphasis, code, links, footnotes, abbreviations, tables,
  attribute lists) is written as a character reference, as is what would
  start a block at the beginning of a line (heading, list, quote,
  definition, admonition, snippet). What is left cannot form any syntax,
  so the same text is also safe *inside a quoted attribute* of raw HTML,
  where Markdown still looks for links before it sets the tag aside, and
  where the browser decodes the references back: :func:`attr` is
  :func:`esc`. :func:`tooltip` is for ``title`` attributes, which the
  theme's tooltips show as HTML: one more level of escaping.
* :class:`Md` is the type of finished page markup (a
  :class:`~markupsafe.Markup` whose escaping is :func:`esc`). Pages are
  assembled from trusted literal templates with ``Md("... {} ...").format``,
  ``Md(", ").join(...)`` and ``+``, which escape with :func:`esc` whatever
  is not already :class:`Md`; the Jinja environment (:mod:`ambigu_rules.site.generate`)
  escapes with :func:`esc` every value a template prints that is not
  :class:`Md`. Nothing else makes :class:`Md` from text:
  ``tests/site/test_site_escaping.py`` fails on any ``Markup(...)`` or
  ``Md(...)`` of something other than a string literal in the site and words packages.

>>> str(esc("<script>alert(1)</script>"))
'&lt;script&gt;alert(1)&lt;/script&gt;'
>>> str(esc("*bold* [link](javascript:x)"))
'&#42;bold&#42; &#91;link&#93;(javascript:x)'
>>> str(esc("  two\\n  lines  "))
'two lines'
>>> str(esc("1. not a list"))
'&#49;. not a list'
>>> str(Md("{} says {}").format("Foster", "<b>"))
'Foster says &lt;b&gt;'
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable
from typing import Any

from markupsafe import Markup

from ..rules.deck import Deck
from .lang import EN, Catalog, Lang


class Md(Markup):
    """Finished inline Markdown: a trusted template filled with escaped text.

    Everything :class:`~markupsafe.Markup` escapes on its way in
    (``format`` arguments, ``join`` items, the other side of ``+``) is
    escaped with :func:`esc` here, so that it is safe in Markdown and in
    attributes alike. Make one only from a string literal.
    """

    __slots__ = ()

    @classmethod
    def escape(cls, s: Any) -> Md:
        """``s`` itself if it is already :class:`Md`, else ``esc(s)``."""
        return esc(s)


# Characters that Markdown (or one of the enabled extensions) reads as syntax
# inside a line. `<`, `>`, `&`, `"` and `'` are handled by html.escape first.
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
# What would start a block (heading, list, quote, definition, admonition,
# details, snippet) at a line start.
_LINE_START_RE = re.compile(r"#|[+\-:](\s|$)|\d+[.)](\s|$)|-{2,}|!{3}|\?{3}")

#: What each evidence badge means ("this", not "this rule": the badge marks notes
#: about the text too), and its label.
EVIDENCE = Catalog(__name__, "EVIDENCE", {
    "attested": "A source states this.",
    "reconstructed": "A modern reconstruction states this.",
    "inferred": "Our reading: no source states it for this version.",
    "editorial": "Our choice where the sources are silent.",
    "label_attested": "attested",
    "label_reconstructed": "reconstructed",
    "label_inferred": "inferred",
    "label_editorial": "editorial",
    # the label after a count above one: « 19 reconstituées » in French
    "labels_attested": "attested",
    "labels_reconstructed": "reconstructed",
    "labels_inferred": "inferred",
    "labels_editorial": "editorial",
    "short_title": "{label}: {meaning}",
    # the letter of a short badge (the comparison's cells): the label's initial
    "letter_attested": "A",
    "letter_reconstructed": "R",
    "letter_inferred": "I",
    "letter_editorial": "E",
})
#: A card's title: its rank and suit in words.
CARDS = Catalog(__name__, "CARDS", {
    "card_title": "{rank} of {suit}",
    "♠": "spades",
    "♥": "hearts",
    "♦": "diamonds",
    "♣": "clubs",
})
EVIDENCE_HELP = {level: EVIDENCE(level, EN)
                 for level in ("attested", "reconstructed", "inferred", "editorial")}


def evidence_help(level: str, lang: Lang = EN) -> str:
    """What the badge ``level`` means, in ``lang``."""
    return EVIDENCE(level, lang)


def plain(text: object) -> str:
    """Text with every run of white space (newlines included) made one space."""
    return " ".join(str(text).split())


def _escape_inline(text: str) -> str:
    """HTML escaped, and every inline Markdown syntax character a reference."""
    value = html.escape(text, quote=True)
    return _INLINE_RE.sub(lambda match: _INLINE[match.group()], value)


def esc(text: object) -> Md:
    """Any text as inline Markdown that renders exactly as the text.

    :class:`Md` is returned as it is: it is finished markup. Anything else
    (a :class:`~markupsafe.Markup` from elsewhere included, whose escaping
    was for HTML only) is escaped. The result is also safe inside a quoted
    HTML attribute (see the module's documentation).

    >>> str(esc('"><img src=x onerror=alert(1)>'))
    '&quot;&gt;&lt;img src&#61;x onerror&#61;alert(1)&gt;'
    >>> str(esc("{: onclick='x' }"))
    '&#123;: onclick&#61;&#x27;x&#x27; &#125;'
    """
    if isinstance(text, Md):
        return text
    value = _escape_inline(plain(text))
    if _LINE_START_RE.match(value):
        value = f"&#{ord(value[0])};{value[1:]}"
    return Markup.__new__(Md, value)


def attr(text: object) -> Md:
    """Text for an HTML attribute value: :func:`esc`, safe inside the quotes too.

    Raw HTML inside Markdown is read by Markdown's inline patterns before it
    is set aside, so an attribute must hold no Markdown syntax either; the
    character references of :func:`esc` are decoded back by the browser.

    >>> str(attr("[y](http://b/onload=alert(1)//)"))
    '&#91;y&#93;(http://b/onload&#61;alert(1)//)'
    """
    return esc(text)


def tooltip(text: object) -> Md:
    """Text for a ``title`` attribute, which the theme shows as HTML.

    Material's ``content.tooltips`` puts the value of a ``title`` (once the
    browser has decoded it) into the page as HTML; so the value must itself
    be escaped HTML: :func:`attr` of the escaped text. :class:`Md` is already
    HTML that shows as its text, so only :func:`attr` is applied to it.

    >>> str(tooltip("A of spades")), str(tooltip("<b>"))
    ('A of spades', '&amp;lt;b&amp;gt;')
    """
    markup = str(text) if isinstance(text, Md) else html.escape(plain(text), quote=False)
    return attr(markup)


def anchor(text: object) -> Md:
    """An id usable in a URL, a URL fragment and an ``id`` attribute.

    >>> str(anchor("step-first_deal")), str(anchor("a b<c>")), str(anchor("../x"))
    ('step-first_deal', 'a-b-c-', '..-x')
    """
    return Markup.__new__(Md, re.sub(r"[^A-Za-z0-9_.-]", "-", str(text)))


def join(parts: Iterable[object], sep: str = "") -> Md:
    """Join fragments with a text separator (its spaces kept), escaping all that is not Md.

    >>> str(join(["a", "<b>"], " · "))
    'a · &lt;b&gt;'
    """
    return Markup.__new__(Md, _escape_inline(sep)).join(esc(part) for part in parts)


def sentence(text: object) -> Md:
    """Capitalise the first letter and end with a full stop.

    >>> str(sentence("the deal ends"))
    'The deal ends.'
    """
    value = str(esc(text))
    if value and value[0].islower():
        value = value[0].upper() + value[1:]
    if value and value[-1] not in ".!?":
        value += "."
    return Markup.__new__(Md, value)


def lower_first(text: object) -> Md:
    """:func:`esc`, with the first letter made lower case.

    >>> str(lower_first("Fredon: value")), str(lower_first("<b>"))
    ('fredon: value', '&lt;b&gt;')
    """
    value = str(esc(text))
    return Markup.__new__(Md, value[:1].lower() + value[1:])


# What a tooltip form may not hold: the abbr extension's definition syntax
# (``*[form]: title``) has no way to write these, and a line it does not read
# as a definition would be a paragraph of every page.
ABBREVIATION_FORBIDDEN = "[]\\\n\r"


def abbreviation(form: str, title: str) -> str:
    """A definition line of the ``abbr`` extension: ``*[form]: title``.

    The extension puts ``title`` in the ``title`` attribute of every
    ``<abbr>`` it makes, and Material's tooltips show that attribute as
    HTML: so the line holds the text HTML-escaped twice (the extension's
    writer keeps character references as they are; the browser decodes one
    level, the tooltip shows the other as text). Raises ``ValueError`` for a
    form the syntax cannot carry.

    >>> abbreviation("vade", "The <first> bet & more")
    '*[vade]: The &amp;lt;first&amp;gt; bet &amp;amp; more'
    """
    if not form.strip() or any(char in form for char in ABBREVIATION_FORBIDDEN):
        raise ValueError(f"tooltip form {form!r} cannot be defined (no [, ] or backslash)")
    once = html.escape(plain(title), quote=False)
    return f"*[{plain(form)}]: {html.escape(once, quote=False)}"


def badge(evidence: str, short: bool = False, lang: Lang = EN, count: int = 1) -> Md:
    """The evidence badge of a rule point, or of ``count`` of them (its label
    agrees with the count: « 19 reconstituées »).

    >>> str(badge("attested"))
    '<span class="evidence evidence-attested" title="A source states this.">attested</span>'
    >>> from ambigu_rules.words.lang import FR
    >>> [str(badge("inferred", lang=FR, count=n)).rsplit(">", 2)[-2] for n in (1, 10)]
    ['inférée</span', 'inférées</span']
    """
    label = (EVIDENCE(f"letter_{evidence}", lang) if short
             else EVIDENCE(f"label{'s' if count > 1 else ''}_{evidence}", lang))
    extra = Md(" evidence-short") if short else Md("")
    meaning = EVIDENCE(evidence, lang)
    title = (EVIDENCE("short_title", lang, label=EVIDENCE(f"label_{evidence}", lang),
                      meaning=meaning) if short else meaning)
    return Md('<span class="evidence evidence-{}{}" title="{}">{}</span>').format(
        anchor(evidence), extra, tooltip(title), label
    )


def card_span(deck: Deck, card: int, lang: Lang = EN) -> Md:
    """One card as a span with its suit symbol, red for the red suits."""
    suit = deck.spec.suits[deck.suit_of(card)]
    rank = deck.spec.ranks[deck.rank_of(card)]
    colour = Md("red") if suit.color == "red" else Md("black")
    # The deck's own suit name in English; the French name by the suit's symbol.
    name = (CARDS(suit.symbol, lang) if lang is not EN and suit.symbol in SUIT_COLOURS
            else suit.name)
    title = CARDS("card_title", lang, rank=rank.label, suit=name)
    return Md('<span class="card card-{}" title="{}">{}{}</span>').format(
        colour, tooltip(title), rank.label, suit.symbol
    )


def cards_html(deck: Deck, cards: Iterable[int], lang: Lang = EN) -> Md:
    """A hand drawn as a row of card spans."""
    inner = Md("").join(card_span(deck, card, lang) for card in cards)
    return Md('<span class="cards">{}</span>').format(inner)


def number(value: int) -> str:
    """A whole number with thousands separated by commas.

    >>> number(91390)
    '91,390'
    """
    return f"{value:,}"


def percent(count: int, total: int) -> str:
    """A share as a percentage to three significant figures.

    >>> percent(10, 91390), percent(636, 91390), percent(962, 91390), percent(78510, 91390)
    ('0.0109 %', '0.696 %', '1.05 %', '85.9 %')
    >>> percent(0, 10), percent(10, 10)
    ('0 %', '100 %')
    """
    share = 100 * count / total
    if share == 0:
        return "0 %"
    if share >= 100:
        return f"{share:.0f} %"
    digits = 2 - math.floor(math.log10(share))
    return f"{share:.{max(digits, 0)}f} %"


#: The colour of each suit symbol a text may write (its names are in :data:`CARDS`).
SUIT_COLOURS = {"♠": "black", "♥": "red", "♦": "red", "♣": "black"}
_CARD_WORD = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AKQJ])([♠♥♦♣])(?![\w♠♥♦♣])")
_TAG_SPLIT = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)")
_RAW = ("pre", "code", "script", "style", "textarea", "title")


def chip_cards(html_text: str, lang: Lang = EN) -> str:
    """Written cards (``9♠``) in the text of an HTML page drawn as card chips, each
    titled in ``lang``.

    Text inside ``pre``, ``code``, ``script``, ``style``, tag attributes and
    existing card chips is left alone.

    >>> chip_cards("<p>Anna holds 9♠ 10♥.</p><pre>9♠</pre>")
    '<p>Anna holds <span class="card card-black" title="9 of spades">9♠</span> \
<span class="card card-red" title="10 of hearts">10♥</span>.</p><pre>9♠</pre>'
    >>> from ambigu_rules.words.lang import FR
    >>> chip_cards("<p>Anna tient 9♠.</p>", FR)
    '<p>Anna tient <span class="card card-black" title="9 de pique">9♠</span>.</p>'
    """
    parts = _TAG_SPLIT.split(html_text)
    raw = 0
    in_card = False
    for index, part in enumerate(parts):
        if part.startswith("<"):
            tag = _TAG_NAME.match(part)
            name = tag.group(1).lower() if tag else ""
            if name in _RAW:
                raw += -1 if part.startswith("</") else 1
            elif name == "span":
                in_card = not part.startswith("</") and 'class="card ' in part
            continue
        if raw <= 0 and not in_card and part:
            parts[index] = _CARD_WORD.sub(lambda match: _chip(match, lang), part)
    return "".join(parts)


def _chip(match: re.Match[str], lang: Lang) -> str:
    rank, suit = match.groups()
    title = CARDS("card_title", lang, rank=rank, suit=CARDS(suit, lang))
    return f'<span class="card card-{SUIT_COLOURS[suit]}" title="{title}">{rank}{suit}</span>'
