"""``ambigu merge`` prints text read from report files: it reaches the terminal escaped.

A report is a file anyone can hand over, so its strings (the version's name,
the ways deals ended) are untrusted, like a rule file's. Merged and printed,
a control character shows as its escape (``\\x1b``), as every other command
prints untrusted text (tests/test_cli_hostile_output.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from cli_in_process import run_main_bytes

RAW_HIDDEN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069"
                        "\ufeff\ud800-\udfff]")
PART = ["simulate", "foster", "--hands", "40", "--block-size", "20", "--seed", "3", "--json"]


def hostile_part(tmp_path: Path, blocks: str, name: str) -> Path:
    status, out, _ = run_main_bytes(*PART, "--blocks", blocks, cwd=tmp_path)
    assert status == 0
    report = json.loads(out)
    report["variant"] = "foster\x1b[2J\u202e"
    report["ended"] = {"\x1b[31m" + way: count for way, count in report["ended"].items()}
    path = tmp_path / name
    path.write_text(json.dumps(report), encoding="utf-8")
    return path


def test_merged_report_text_shows_control_characters_as_escapes(tmp_path: Path) -> None:
    first = hostile_part(tmp_path, "0:1", "part-1.json")
    second = hostile_part(tmp_path, "1:2", "part-2.json")
    status, out, err = run_main_bytes("merge", str(first), str(second), cwd=tmp_path)
    text = out.decode("utf-8")
    assert status == 0, err
    assert RAW_HIDDEN.search(text) is None
    assert "40 deals of foster\\x1b[2J\\u202e" in text
    assert "\\x1b[31m" in text
