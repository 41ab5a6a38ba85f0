"""Mutations of a file's bytes: what no YAML tree can hold.

Truncation, flipped bits, control characters and invalid UTF-8, tags put
before a value, whole lines put in, duplicated, dropped or swapped, changed
indentation, numbers written in other scripts or huge, a chunk repeated up
to the package's size limit, an anchor and its alias.
"""

from __future__ import annotations

import re
from random import Random

from .findings import short
from .settings import MAX_BYTES

#: Bytes put into a file (control characters, invalid UTF-8, BOM, odd line ends).
RAW_BYTES: list[bytes] = [
    b"\x00", b"\x07", b"\x1b[31m", b"\x7f", b"\xff", b"\xfe", b"\xc3", b"\xc3\x28",
    b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xef\xbb\xbf", b"\t", b"\r", b"\r\n", b"\x85",
    "\u2028".encode(), b"\x0c", b"\x1a", b"\xe2\x80", b"\x80",
]
#: Text put at a value's place in a file.
RAW_TAGS: list[bytes] = [
    b"!foo ", b"!!python/name:os.system ", b"!!python/object:os.system ", b"!!set ",
    b"!!binary ", b"!!int ", b"!!float ", b"!!str ", b"!!map ", b"!!seq ", b"!!null ",
    b"!!timestamp ", b"!<tag:yaml.org,2002:str> ", b"!local ", b"&a ", b"*a ", b"&a *a ",
]
#: Whole lines put into a file.
RAW_LINES: list[bytes] = [
    b"<<: 5", b"<<: *a", b"<<: [1, 2]", b"<<: {format: 2}", b"---", b"...", b"%YAML 1.1",
    b"%TAG ! tag:example.com,2000:", b"%YAML 9.9", b"? [a, b]", b": x", b"&a a: 1", b"*a",
    b"- x", b"format: 1", b"extends: foster", b"extends: ./case.yaml", b"id: foster",
    b"\t- tab", b"key: 'unterminated", b'key: "unterminated', b"key: [unclosed",
    b"key: {unclosed", b"|", b">", b"key: |\n  block\n text", b"@reserved", b"`reserved",
]


def mutate_bytes(rng: Random, text: bytes) -> tuple[bytes, str]:
    """One change of a file's bytes; returns the new bytes and the change's description."""
    op = rng.randrange(14)
    if not text:
        return rng.choice([*RAW_BYTES, b"a: 1", b"- 1"]), "empty file given bytes"
    pos = rng.randrange(len(text) + 1)
    if op == 0:
        return text[:pos], f"truncate at byte {pos}"
    if op == 1:
        data = bytearray(text)
        flips = rng.randint(1, 8)
        for _ in range(flips):
            at = rng.randrange(len(data))
            data[at] ^= 1 << rng.randrange(8)
        return bytes(data), f"flip {flips} bits"
    if op == 2:
        raw = rng.choice(RAW_BYTES)
        return text[:pos] + raw + text[pos:], f"insert {raw!r} at byte {pos}"
    if op in (3, 4):
        spots = [m.end() for m in re.finditer(rb": ", text)]
        at = rng.choice(spots) if spots else pos
        tag = rng.choice(RAW_TAGS)
        return text[:at] + tag + text[at:], f"insert {tag!r} at byte {at}"
    lines = text.split(b"\n")
    line = rng.randrange(len(lines))  # drawn for every operation from here on
    if op <= 9:
        return _mutate_line(rng, lines, line, op)
    if op == 10:
        numbers = list(re.finditer(rb"\b\d+\b", text))
        if not numbers:
            return text + b"\n", "no number"
        match = rng.choice(numbers)
        new = rng.choice(["١٢", "３", "²", "9" * 5000, "9" * 101, "10" * 10, "-1", "1.5",
                          "0x10", "1e400", ".nan", "1:2:3:4:5:6:7:8:9"]).encode()
        return text[:match.start()] + new + text[match.end():], \
            f"number at byte {match.start()} becomes {short(new.decode(), 30)!r}"
    if op == 11:
        words = re.findall(rb"[a-z_]{3,}", text)
        if not words:
            return text, "no word"
        old, new = rng.choice(words), rng.choice(words)
        return text.replace(old, new, 1), f"replace {old!r} by {new!r} once"
    if op == 12:
        start = rng.randrange(len(text))
        chunk = text[start:start + rng.randint(1, 200)]
        times = rng.choice([2, 10, 1000, 100_000])
        grown = text[:start] + chunk * times + text[start:]
        return grown[: MAX_BYTES + rng.choice([1, -1, 0, 4096])] if len(grown) > MAX_BYTES \
            else grown, f"repeat {len(chunk)} bytes {times} times"
    anchor = rng.choice([b"&a ", b"&b "])
    spots = [m.end() for m in re.finditer(rb": ", text)]
    if len(spots) < 2:
        return text, "no place for an anchor"
    first, second = sorted(rng.sample(spots, 2))
    alias = b"*" + anchor[1:2]
    return (text[:first] + anchor + text[first:second] + alias + b" " + text[second:],
            f"anchor {anchor!r} at byte {first}, alias at {second}")


def _mutate_line(rng: Random, lines: list[bytes], line: int, op: int) -> tuple[bytes, str]:
    """Operations 5 to 9 of :func:`mutate_bytes` on ``lines[line]``: a line put in before
    it, the line duplicated, deleted, swapped or indented otherwise."""
    text_line = lines[line]
    indent = text_line[:len(text_line) - len(text_line.lstrip(b" -"))].replace(b"-", b" ")
    if op == 5:
        raw = rng.choice(RAW_LINES)
        lines.insert(line, indent + raw)
        return b"\n".join(lines), f"insert line {raw!r} at line {line + 1}"
    if op == 6:
        lines.insert(line, lines[line])
        return b"\n".join(lines), f"duplicate line {line + 1}"
    if op == 7:
        del lines[line]
        return b"\n".join(lines), f"delete line {line + 1}"
    if op == 8:
        other = rng.randrange(len(lines))
        lines[line], lines[other] = lines[other], lines[line]
        return b"\n".join(lines), f"swap lines {line + 1} and {other + 1}"
    changed = rng.choice([b" " + lines[line], lines[line][1:], b"\t" + lines[line].lstrip(),
                          lines[line].replace(b" ", b"\t", 1)])
    lines[line] = changed
    return b"\n".join(lines), f"change the indentation of line {line + 1}"
