"""Find the words our texts share with the source texts (for ``test_own_words.py``).

The scan reads both sides the same way: a word is a run of letters or digits
(an apostrophe inside a word is dropped, a hyphen splits), case-folded. Our
side is read as a reader sees it: Markdown and YAML markup are taken away
(link targets, HTML tags and comments, attribute lists, the quotes that are
YAML or Markdown syntax), and each word remembers its line and whether it
stands between quotation marks.

>>> words("The dealer’s choice: face-down, «Enough»!")
['the', 'dealers', 'choice', 'face', 'down', 'enough']
>>> [(w.text, w.quote) for w in read_text([(1, 'He says “I play” and bets.')])]
[('he', None), ('says', None), ('i', 0), ('play', 0), ('and', None), ('bets', None)]
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import yaml

#: How many consecutive shared words make a copy.
RUN = 10
#: The longest quotation, in words, that the rule allows ("a few words").
LONGEST_QUOTE = 12

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_APOSTROPHE = re.compile(r"['’]")

#: Opening quotation mark -> the marks that may close it.
_CLOSERS = {"“": "”", "«": "»", "„": "“”", '"': '"'}


def words(text: str) -> list[str]:
    """The words of ``text``, case-folded, without punctuation."""
    return [_APOSTROPHE.sub("", m.group()).casefold() for m in _WORD.finditer(text)]


@dataclass(frozen=True)
class Word:
    text: str
    line: int
    #: Which quotation (numbered in the file) the word stands in; None outside any.
    quote: int | None


@dataclass
class Quotation:
    #: The index of its first word in the file's words (-1 while it has none).
    start: int = -1
    words: list[str] = field(default_factory=list)
    in_code: bool = False


@dataclass
class Reading:
    """What one file says: its words in order, and its quotations."""

    words: list[Word] = field(default_factory=list)
    quotations: list[Quotation] = field(default_factory=list)


class _QuoteState:
    """Pairs quotation marks across the lines of one paragraph."""

    def __init__(self, reading: Reading) -> None:
        self.reading = reading
        self.stack: list[tuple[str, int]] = []  # (closers, quotation number)

    def reset(self) -> None:
        self.stack.clear()

    def read(self, line: int, text: str, in_code: bool = False) -> None:
        pos = 0
        for mark in re.finditer(r'["“”«»„]', text):
            self._words(line, text[pos : mark.start()])
            pos = mark.end()
            char = mark.group()
            if self.stack and char in self.stack[-1][0]:
                self.stack.pop()
            elif char in _CLOSERS:
                self.reading.quotations.append(Quotation(in_code=in_code))
                self.stack.append((_CLOSERS[char], len(self.reading.quotations) - 1))
        self._words(line, text[pos:])

    def _words(self, line: int, text: str) -> None:
        quote = self.stack[0][1] if self.stack else None
        for word in words(text):
            if quote is not None:
                quotation = self.reading.quotations[quote]
                if quotation.start < 0:
                    quotation.start = len(self.reading.words)
                quotation.words.append(word)
            self.reading.words.append(Word(word, line, quote))


def read_text(lines: Iterable[tuple[int, str]]) -> list[Word]:
    """The words of plain lines (no markup), a blank line ending a paragraph."""
    reading = Reading()
    state = _QuoteState(reading)
    for number, text in lines:
        if not text.strip():
            state.reset()
        state.read(number, text)
    return reading.words


# -- Markdown ------------------------------------------------------------------------

_FENCE = re.compile(r"^\s*(```|~~~)")
_COMMENT = re.compile(r"<!--.*?-->")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_TITLED_BLOCK = re.compile(r'^(\s*(?:!!!|\?\?\?\+?|===\+?)\s*[\w-]*(?:\s+[\w-]+)*)\s*"(.*)"\s*$')
_ATTRS = re.compile(r"\{\s*[:.#][^}]*\}")
_LINK = re.compile(r"!?\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+\"[^\"]*\")?\)")
_REF_LINK = re.compile(r"\[([^\]]*)\]\[[^\]]*\]")
_REF_DEF = re.compile(r"^\s*\[[^\]]+\]:\s*\S+.*$")
_CODE_SPAN = re.compile(r"`+([^`]*)`+")
_ATTRIBUTE = re.compile(r'(?<![^\s<])[\w:-]+="([^"]*)"')


def _markdown_prose(text: str) -> str:
    """One line of Markdown as a reader sees it."""
    text = _COMMENT.sub(" ", text)
    titled = _TITLED_BLOCK.match(text)
    if titled:  # an admonition's or a tab's title: its quotes are syntax
        text = f"{titled.group(1)} {titled.group(2)}"
    text = _CODE_SPAN.sub(lambda m: re.sub(r'["“”«»„]', " ", m.group(1)), text)
    if _REF_DEF.match(text):
        return ""
    text = _LINK.sub(r"\1", text)
    text = _REF_LINK.sub(r"\1", text)
    text = _ATTRIBUTE.sub(r" \1 ", text)  # an HTML attribute: its quotes are syntax
    text = _TAG.sub(" ", text)
    return html.unescape(_ATTRS.sub(" ", text))  # the generated pages write &quot;


def read_markdown(path: Path) -> Reading:
    reading = Reading()
    state = _QuoteState(reading)
    in_fence = in_comment = False
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if _FENCE.match(raw):
            in_fence = not in_fence
            state.reset()
            continue
        if in_fence:
            state.read(number, raw, in_code=True)
            continue
        text = raw
        if in_comment:
            if "-->" not in text:
                continue
            text = text.split("-->", 1)[1]
            in_comment = False
        if "<!--" in _COMMENT.sub(" ", text):
            text, in_comment = text.split("<!--", 1)[0], True
        if not text.strip():
            state.reset()
            continue
        state.read(number, _markdown_prose(text))
    return reading


# -- YAML ----------------------------------------------------------------------------


#: Keys whose value is a source's own words by design, shown between quotation marks
#: (``sources.yaml``: a place's first words in the held text). Read as a quotation.
QUOTING_KEYS = frozenset({"starts"})


def _scalars(node: yaml.Node, key: str = "") -> Iterator[tuple[str, yaml.ScalarNode]]:
    """The string values of a YAML document (not its keys), each with its key."""
    if isinstance(node, yaml.ScalarNode):
        if node.tag == "tag:yaml.org,2002:str":
            yield key, node
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _scalars(item, key)
    elif isinstance(node, yaml.MappingNode):
        for name, value in node.value:
            yield from _scalars(value, str(name.value))


def _value_lines(node: yaml.ScalarNode, raw: list[str]) -> list[int]:
    """The file line (1-based) of each word of a scalar's value, as written in the file."""
    start, end = node.start_mark, node.end_mark
    span = [(start.line, raw[start.line][start.column :])]
    span += [(n, raw[n]) for n in range(start.line + 1, end.line + 1)]
    if end.line > start.line:
        span[-1] = (end.line, raw[end.line][: end.column])
    elif span:
        span[0] = (start.line, raw[start.line][start.column : end.column])
    lines: list[int] = []
    for n, text in span:
        if node.style in ("|", ">") and n == start.line:
            continue  # the block indicator line
        lines += [n + 1] * len(words(_markdown_prose(text)))
    return lines


def read_yaml(path: Path) -> Reading:
    text = path.read_text(encoding="utf-8")
    raw = [*text.splitlines(), ""]
    reading = Reading()
    state = _QuoteState(reading)
    for document in yaml.compose_all(text, Loader=yaml.CSafeLoader):
        if document is None:
            continue
        for key, node in _scalars(document):
            value = [_markdown_prose(part) for part in node.value.split("\n")]
            if key in QUOTING_KEYS:
                value = [f"“{' '.join(value)}”"]
            count = sum(len(words(part)) for part in value)
            lines = _value_lines(node, raw)
            if len(lines) != count:  # escapes or folding moved the words: use the start
                lines = [node.start_mark.line + 1] * count
            state.reset()
            first = len(reading.words)
            for part in value:
                if not part.strip():
                    state.reset()
                state.read(0, part)
            for i, word in enumerate(reading.words[first:], first):
                reading.words[i] = Word(word.text, lines[i - first], word.quote)
    return reading


# -- the sources ---------------------------------------------------------------------


def source_ngrams(folder: Path, n: int = RUN) -> dict[tuple[str, ...], str]:
    """Every run of ``n`` words of each source text -> the first file holding it."""
    grams: dict[tuple[str, ...], str] = {}
    for path in sorted(folder.glob("*.txt")):
        text = words(path.read_text(encoding="utf-8"))
        for i in range(len(text) - n + 1):
            grams.setdefault(tuple(text[i : i + n]), path.name)
    return grams


class RunLookup(Protocol):
    """Which source holds a run of words, if one does (the scan asks it of each run)."""

    def get(self, run: tuple[str, ...], /) -> str | None: ...


def fingerprint(run: Sequence[str]) -> str:
    """A one-way digest of a run of words: what the repository keeps of a source.

    >>> fingerprint(["the", "dealer", "deals"]) == fingerprint(("the", "dealer", "deals"))
    True
    >>> len(fingerprint(["a"] * 10))
    16
    """
    return hashlib.blake2b("\x1f".join(run).encode("utf-8"), digest_size=8).hexdigest()


def fingerprints_of(folder: Path, n: int = RUN) -> dict[str, list[str]]:
    """Each source text of ``folder`` -> the digests of its runs of ``n`` words, sorted."""
    digests: dict[str, set[str]] = {}
    for gram, name in source_ngrams(folder, n).items():
        digests.setdefault(name, set()).add(fingerprint(gram))
    return {name: sorted(found) for name, found in sorted(digests.items())}


class Fingerprints:
    """The runs of the source texts, held as digests (``tests/data/source-fingerprints.json``):
    the scan looks a run up by its digest where the texts themselves are not beside the
    repository, as in a clean clone."""

    def __init__(self, by_source: dict[str, list[str]], run: int) -> None:
        self.run = run
        self.sources = sorted(by_source)
        self._source = {digest: name for name, found in sorted(by_source.items())
                        for digest in found}

    @classmethod
    def read(cls, path: Path) -> Fingerprints:
        held = json.loads(path.read_text(encoding="utf-8"))
        return cls(held["sources"], held["run"])

    def __len__(self) -> int:
        return len(self._source)

    def get(self, run: tuple[str, ...], /) -> str | None:
        return self._source.get(fingerprint(run)) if len(run) == self.run else None


def write_fingerprints(folder: Path, path: Path, n: int = RUN) -> int:
    """Write the digests of the source texts of ``folder`` to ``path``; return how many."""
    by_source = fingerprints_of(folder, n)
    held = {"about": "Digests (BLAKE2b, 8 bytes) of every run of "
                     f"{n} words of each source text, made by tools/fingerprint_sources.py; "
                     "tests/test_own_words.py looks our texts up in them.",
            "run": n, "sources": by_source}
    path.write_text(json.dumps(held, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    return sum(len(found) for found in by_source.values())


@dataclass(frozen=True)
class SharedRun:
    line: int
    words: tuple[str, ...]
    source: str

    def describe(self, where: str) -> str:
        shared = " ".join(self.words)
        return f"{where}:{self.line}: {len(self.words)} words shared with {self.source}: {shared}"


def shared_runs(
    reading: Reading, grams: RunLookup, n: int = RUN
) -> list[SharedRun]:
    """The runs of ``n`` or more words shared with a source, other than a whole quotation.

    A window of ``n`` words that lies inside one quotation is a quotation (its
    length is checked apart); any other shared window is a copy. Overlapping
    copied windows are reported as one run.
    """
    found: list[SharedRun] = []
    ws = reading.words
    start = last = -1
    source = ""
    for i in range(len(ws) - n + 1):
        window = ws[i : i + n]
        hit = grams.get(tuple(w.text for w in window))
        quoted = window[0].quote is not None and all(w.quote == window[0].quote for w in window)
        if hit and not quoted:
            if start < 0 or i > last:
                if start >= 0:
                    found.append(_run(ws, start, last, source))
                start, source = i, hit
            last = i + n
    if start >= 0:
        found.append(_run(ws, start, last, source))
    return found


def _run(ws: list[Word], start: int, end: int, source: str) -> SharedRun:
    return SharedRun(ws[start].line, tuple(w.text for w in ws[start:end]), source)


def long_quotations(reading: Reading, longest: int = LONGEST_QUOTE) -> list[tuple[int, str]]:
    """The quotations in prose (not in code) of more than ``longest`` words: (line, words)."""
    return [
        (reading.words[q.start].line, " ".join(q.words))
        for q in reading.quotations
        if not q.in_code and len(q.words) > longest
    ]
