"""English words left in French text: a stop-list of common English words.

Names, quotations and code are not text of ours to translate: :func:`english_words`
sets aside what sits between « » or “ ” (a call as the players say it, a quotation),
inside backticks or ``<code>``, and the targets and attributes of links and tags.
What is left is looked up, word by word, in :data:`ENGLISH`: function words and
the words of the game that French says otherwise. No word of the list is also a
French word (``on``, ``or`` and ``suit`` are left out for that reason, and ``pass``,
which a version's rule file writes as its call).
"""

from __future__ import annotations

import re

ENGLISH = frozenset([
    "the", "and", "of", "with", "to", "is", "are", "his", "her", "its", "their", "each", "who",
    "which", "from", "for", "not", "by", "at", "when", "if", "then", "than", "this", "that",
    "these", "those", "has", "have", "was", "were", "be", "been", "will", "may", "must", "can",
    "into", "onto", "after", "before", "between", "only", "also", "every", "other", "more",
    "most", "less", "least", "player", "players", "card", "cards", "deal", "deals", "dealt",
    "dealer", "counter", "counters", "pool", "bets", "bet", "wins", "win", "takes", "take",
    "puts", "put", "pays", "paid", "pay", "shows", "show", "hand", "hands", "suits",
    "combination", "combinations", "value", "values", "round", "rounds", "step", "steps",
    "turn", "right", "left", "stock", "discard", "discards", "exchange", "called", "calls",
    "raise", "raises", "fold", "folds", "opener", "winner", "shuffle", "shuffled", "cut",
    "sequence", "flush",
])

_SET_ASIDE = [
    re.compile(r"«[^»]*»"), re.compile(r"“[^”]*”"), re.compile(r"`[^`]*`"),
    re.compile(r"<code>.*?</code>", re.S), re.compile(r"<[^>]*>"),
    re.compile(r"\]\([^)]*\)"), re.compile(r"&[#\w]+;"),
]
_WORD = re.compile(r"[A-Za-zÀ-ÿ]+(?:'[A-Za-zÀ-ÿ]+)?")


def english_words(text: str) -> list[str]:
    """The words of the stop-list found in ``text`` once quotations and code are set aside.

    >>> english_words("Le donneur dit « the end » et <code>the</code> ; the end")
    ['the']
    """
    for pattern in _SET_ASIDE:
        text = pattern.sub(" ", text)
    return [word for word in _WORD.findall(text) if word.lower() in ENGLISH]
