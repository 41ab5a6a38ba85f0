"""English words left in French text: a stop-list of common English words.

Code and names are not text of ours to translate: :func:`english_words` sets aside
what sits inside backticks or ``<code>``, and the targets and attributes of links
and tags. A quotation between « » or “ ” is read like the rest: an English
quotation in a French sentence is English text (the French article is quoted in
its French, or said in our own French), and the calls of a French game are French
words. Only the words of the English-speaking sources, quoted as they wrote them,
are set aside (:data:`ENGLISH_QUOTED`: Foster's calls, the English encyclopedia's
« play » and « pass »), and a quotation the line itself says is English (« le
moteur dit, en anglais : « … » »). What is left is looked up, word by word, in
:data:`ENGLISH`: function words and the words of the game that French says
otherwise. No word of the list is also a French word (``on``, ``or``, ``as`` and
``suit`` are left out for that reason).
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
    # the English translation of the French article, and the project's own names
    # for its paragraphs (issue: French reading 4, H4, H7, H8)
    "pass", "best", "all", "two", "three", "four", "big", "small", "took", "first",
    "containing", "least", "counts", "sum", "shuffling", "without", "them",
    "showdown", "opening", "paragraph", "paragraphs", "references", "lead", "draw",
    "editors", "rules", "ante", "antes", "blind",
])

#: Quotations of the English-speaking sources, in their words: Foster's calls and
#: terms, the English encyclopedia's calls (compared case-blind, spaces folded).
ENGLISH_QUOTED = frozenset([
    # Foster's Complete Hoyle and his Value of the Hands
    "i play", "i pass", "enough", "blind", "ante", "dutch flush", "grand prime", "doublet",
    "value of the hands", "doublets", "fredon", "as in draw poker", "bobtail straight flush",
    "sequence flush", "is one of four cards", "a sequence of four cards",
    "sequence of four cards", "not necessarily in sequence", "to force players to bet",
    "the dealer keeping his also", "last player who refuses", "even if", "flush",
    # the English encyclopedia summary
    "play", "pass", "composed of", "each adversary", "a new deal ensues", "a new deal",
    "the others", "as before", "more than the others call", "according to the number of pips",
])

_SET_ASIDE = [
    re.compile(r"`[^`]*`"),
    re.compile(r"<code>.*?</code>", re.S), re.compile(r"<[^>]*>"),
    re.compile(r"\]\([^)]*\)"), re.compile(r"&[#\w]+;"),
]
# A quotation said to be English where it stands: what the engine refuses, quoted
# in a French line (« le moteur dit, en anglais : « … » »).
_SAID_IN_ENGLISH = re.compile(r"en anglais\s*:\s*[«“][^»”]*[»”]")
_QUOTED = re.compile(r"[«“]\s*([^»”]*?)\s*[»”]")
_WORD = re.compile(r"[A-Za-zÀ-ÿ]+(?:'[A-Za-zÀ-ÿ]+)?")


def english_words(text: str) -> list[str]:
    """The words of the stop-list found in ``text`` once quotations and code are set aside.

    >>> english_words("Le donneur dit « the end » et <code>the</code> ; the end")
    ['the', 'the']
    >>> english_words("Foster fait dire « I pass » ; l'article, « passe »")
    []
    """
    text = _SAID_IN_ENGLISH.sub(" ", text)
    text = _QUOTED.sub(lambda m: " " if _folded(m.group(1)) in ENGLISH_QUOTED else m.group(0),
                       text)
    for pattern in _SET_ASIDE:
        text = pattern.sub(" ", text)
    return [word for word in _WORD.findall(text) if word.lower() in ENGLISH]


def _folded(quotation: str) -> str:
    return " ".join(re.sub(r"&[#\w]+;", " ", quotation).split()).lower().strip(" .,")
