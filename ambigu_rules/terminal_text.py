"""Text for the terminal: nothing printed can drive, reorder or hide what is shown.

Every line the command line prints (and ``ambigu play`` says) goes through
:func:`visible`, which writes out as an escape (``\\x1b``, ``\\u202e``) each
character that a terminal would obey instead of showing, or that would make
text display as other text: control characters (C0, DEL, C1), format
characters (the direction overrides, embeddings and isolates, the zero-width
marks, U+FEFF), the line and paragraph separators, and lone surrogates (half
of a pair, which a file name that is not UTF-8 brings in from the command
line, and which could not even be encoded). Everything else — accented
letters, Cyrillic, suit symbols, dashes, no-break spaces — is printed as it
is. :func:`json_text` makes the same characters JSON escapes, so ``--json``
stays valid JSON that reads back to the same values.

The loader already refuses most of these characters in a file's texts; this
is the last line of defence, for the names that come from the command line
and for whatever a file may yet bring in.

Writing goes through :func:`write_line` and :func:`flush`, which turn a
failed write of standard output (a full disk, a closed pipe) into
:class:`OutputError`, so the command line can say so in one line.
"""

from __future__ import annotations

import json
import os
import unicodedata
from typing import Any, TextIO

from .errors import OutputError

#: The Unicode categories shown as escapes: controls, format characters,
#: surrogates, line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def is_hidden(char: str) -> bool:
    """Whether ``char`` is one a terminal would not simply show.

    >>> [is_hidden(c) for c in ("\\x1b", "\\u202e", "\\udcff", "\\u2028", "é", "♥", "\\xa0")]
    [True, True, True, True, False, False, False]
    """
    return not char.isprintable() and unicodedata.category(char) in HIDDEN_CATEGORIES


def escape(char: str) -> str:
    """The escape that shows ``char``: ``\\xHH``, ``\\uHHHH`` or ``\\UHHHHHHHH``.

    >>> print(escape("\\x1b"), escape("\\u202e"), escape("\\udcff"), escape("\\U000e0001"))
    \\x1b \\u202e \\udcff \\U000e0001
    """
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every hidden character (:func:`is_hidden`) shown as its escape.

    With ``lines`` the line feeds are kept as the ends of lines; without, they
    are shown too, so that the result is always one line.

    >>> print(visible("\\x1b[2Jfoster\\x07 \\u202eevil\\x00 \\udcff.yaml"))
    \\x1b[2Jfoster\\x07 \\u202eevil\\x00 \\udcff.yaml
    >>> print(visible("Смесь — 10♥ 9♦ 7♣ 6♠, écarté"))
    Смесь — 10♥ 9♦ 7♣ 6♠, écarté
    >>> print(visible("one\\ntwo\\r"), visible("one\\ntwo", lines=True), sep="|")
    one\\x0atwo\\x0d|one
    two
    >>> visible("zero\\u200bwidth\\ufeff, line\\u2028break\\x85, tab\\t, delete\\x7f")
    'zero\\\\u200bwidth\\\\ufeff, line\\\\u2028break\\\\x85, tab\\\\x09, delete\\\\x7f'
    """
    if lines:
        return "\n".join(visible(line) for line in text.split("\n"))
    if text.isprintable():  # the usual case: nothing to look at character by character
        return text
    return "".join(escape(char) if is_hidden(char) else char for char in text)


def json_text(data: Any) -> str:
    """``data`` as indented JSON, non-ASCII letters as they are, hidden characters escaped.

    ``json.dumps`` with ``ensure_ascii=False`` escapes the C0 controls but
    leaves DEL, C1 controls, format characters and U+2028/U+2029 raw, and
    passes a lone surrogate through (which then cannot be encoded as UTF-8).
    Here they become ``\\uXXXX`` escapes (a pair of them above U+FFFF), which a
    JSON reader turns back into the same text.

    >>> print(json_text({"name": "Смесь\\u202e\\x7f\\udcff\\x1b"}))
    {
      "name": "Смесь\\u202e\\u007f\\udcff\\u001b"
    }
    >>> json.loads(json_text(["\\u2028\\U000e0001"])) == ["\\u2028\\U000e0001"]
    True
    """
    text = json.dumps(data, ensure_ascii=False, indent=2)
    if text.isascii():
        return text
    # Outside strings JSON is ASCII, and inside them json.dumps has escaped the
    # line feed: every raw line feed is a line of the layout, every other hidden
    # character is inside a string.
    return "".join(json.dumps(char)[1:-1] if char != "\n" and is_hidden(char) else char
                   for char in text)


def write_line(stream: TextIO, text: str = "", end: str = "\n") -> None:
    """Write ``text`` (:func:`visible`, line feeds kept) and ``end`` to ``stream``.

    Raises :class:`OutputError` when the stream cannot be written.
    """
    try:
        stream.write(visible(text, lines=True) + end)
    except OSError as error:
        raise OutputError(error) from None


def flush(stream: TextIO) -> None:
    """Flush ``stream``; raises :class:`OutputError` when what it holds cannot be written."""
    try:
        stream.flush()
    except OSError as error:
        raise OutputError(error) from None


def write_error(stream: TextIO, line: str) -> None:
    """Write one message line to ``stream`` (standard error), always as one line.

    A message cannot be written anywhere else, so a failure here is ignored.
    """
    try:
        stream.write(visible(line) + "\n")
        stream.flush()
    except OSError:
        pass


def discard_output(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at the null device after a failed write.

    What the stream still holds is then flushed there when the program ends,
    instead of failing again and printing "Exception ignored" (Python's advice
    for a closed pipe, in the documentation of ``signal``). A stream without a
    file descriptor is left alone.
    """
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)
