"""A command started with its standard output closed (``ambigu variants >&-``):
Python then leaves ``sys.stdout`` as ``None``, and every command crashed with an
``AttributeError`` traceback and status 1 (found by the fourth hostile round's
``--deals-out`` work). It is one line and status 2, as any output that cannot be
written, and a deals file asked for is not replaced by a run whose report was lost.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from conftest import ROOT, cli_command, cli_environment


def run_closed(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``ambigu ARGS`` in a process of its own whose file descriptor 1 is closed."""
    return subprocess.run([*cli_command(), *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, cwd=str(cwd),
                          env=cli_environment(), timeout=120,
                          preexec_fn=lambda: os.close(1))


def test_a_closed_standard_output_is_one_line_and_status_2() -> None:
    done = run_closed("variants")
    assert done.returncode == 2
    assert done.stderr == "ambigu: cannot write the output: standard output is closed\n"


def test_a_run_whose_report_cannot_be_written_keeps_the_earlier_deals_file(
        tmp_path: Path) -> None:
    deals = tmp_path / "deals.jsonl"
    deals.write_text("an earlier run\n", encoding="utf-8")
    done = run_closed("simulate", "foster", "--hands", "5", "--deals-out", str(deals),
                      cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1] == (
        "ambigu: cannot write the output: standard output is closed")
    assert deals.read_text(encoding="utf-8") == "an earlier run\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["deals.jsonl"]
