"""Nothing the command line prints can drive, reorder or hide the terminal (issue 20, defect 5).

:func:`ambigu_rules.terminal_text.visible` is the one function every printed
line goes through; :func:`~ambigu_rules.terminal_text.json_text` does the same
for ``--json``. The expected escapes are written from the rule: ``\\xHH`` below
U+0100, ``\\uHHHH`` up to U+FFFF, ``\\UHHHHHHHH`` above; JSON's own ``\\uHHHH``
(a surrogate pair above U+FFFF).
"""

from __future__ import annotations

import json

import pytest

from ambigu_rules.terminal_text import json_text, visible

# Every character the brief names as one that must never reach the terminal raw.
C0 = [chr(code) for code in range(0x00, 0x20) if code != 0x0A]
C1 = [chr(code) for code in range(0x80, 0xA0)]
FORMAT = [chr(code) for code in [*range(0x202A, 0x202F), *range(0x2066, 0x206A),
                                 *range(0x200B, 0x2010), 0xFEFF]]
SEPARATORS = ["\u2028", "\u2029", "\x85"]
SURROGATES = ["\ud800", "\udbff", "\udc00", "\udcff", "\udfff"]
HIDDEN = [*C0, "\x7f", *C1, *FORMAT, *SEPARATORS, *SURROGATES]


def expected_escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


@pytest.mark.parametrize("char", HIDDEN, ids=[f"U+{ord(c):04X}" for c in HIDDEN])
def test_every_hidden_character_is_shown_as_its_escape(char: str) -> None:
    assert visible(f"a{char}b") == f"a{expected_escape(char)}b"
    assert visible(f"a{char}b", lines=True) == f"a{expected_escape(char)}b"


def test_escape_bell_nul_override_and_lone_surrogate_in_one_text() -> None:
    text = "\x1b[2J\x07title\x00 \u202eevil \udcff.yaml"
    assert visible(text) == "\\x1b[2J\\x07title\\x00 \\u202eevil \\udcff.yaml"
    # The result can always be written as UTF-8 (a lone surrogate could not).
    visible(text).encode("utf-8")


def test_a_hidden_character_above_the_basic_plane_gets_eight_digits() -> None:
    assert visible("tag\U000e0001") == "tag\\U000e0001"  # LANGUAGE TAG, a format character


@pytest.mark.parametrize("text", [
    "Смесь", "écarté, Reihenfolge, «prime»", "10♥ 9♦ 7♣ 6♠", "grand — petit",
    "no\u00a0break and narrow\u202fno-break", "ǅ ß Ω 漢字 ♤", "a\\x1b literally",
])
def test_ordinary_text_is_left_as_it_is(text: str) -> None:
    assert visible(text) == text
    assert visible(text, lines=True) == text


def test_line_feeds_end_lines_only_when_asked() -> None:
    assert visible("one\ntwo") == "one\\x0atwo"
    assert visible("one\ntwo\n", lines=True) == "one\ntwo\n"
    assert visible("cr\rlf\n", lines=True) == "cr\\x0dlf\n"


def test_json_text_escapes_what_json_dumps_leaves_raw() -> None:
    data = {"name\u202e": ["\x1b[31m", "\x7f\x85", "\u2028\u2029", "\udcff", "Смесь ♥"]}
    text = json_text(data)
    # json.dumps escapes the C0 controls; DEL, C1, U+2028/9, the override and
    # the lone surrogate are escaped here; the Cyrillic and the heart are not.
    assert '"name\\u202e"' in text
    assert '"\\u001b[31m"' in text
    assert '"\\u007f\\u0085"' in text
    assert '"\\u2028\\u2029"' in text
    assert '"\\udcff"' in text
    assert '"Смесь ♥"' in text
    text.encode("utf-8")  # a lone surrogate raw would fail here
    assert json.loads(text) == data


def test_json_text_keeps_the_layout_of_json_dumps() -> None:
    data = [{"a": 1, "b": ["c", None]}]
    assert json_text(data) == json.dumps(data, ensure_ascii=False, indent=2)


def test_json_text_writes_a_hidden_character_above_the_basic_plane_as_a_pair() -> None:
    text = json_text("\U000e0001")
    assert text == '"\\udb40\\udc01"'
    assert json.loads(text) == "\U000e0001"
