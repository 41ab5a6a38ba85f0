"""Issue 42, defect 14 (a): ``ambigu simulate --blocks -1:2`` was read by argparse as
``--blocks`` followed by an unknown option ``-1:2``, and said only "argument --blocks:
expected one argument". It now says, in one line and with exit status 2, that blocks
count from 0 and that a value beginning with ``-`` is written ``--blocks=VALUE``;
``--blocks=-1:2`` reaches the check of the value, which refuses it in one line."""

from __future__ import annotations

import pytest

from conftest import run_cli

RUN = ("simulate", "foster", "--hands", "10", "--block-size", "5", "--jobs", "1")
HELP = "(see 'ambigu simulate --help')"
NO_VALUE = ("ambigu simulate: error: argument --blocks: expected START:END after it, blocks "
            "counted from 0 (a value beginning with '-' is taken for an option: write it "
            f"--blocks=VALUE) {HELP}")
BAD_VALUE = ("ambigu simulate: error: argument --blocks: expected START:END, whole numbers "
             "from 0 to 1,000,000,000 with START below END, got {!r} " + HELP)


@pytest.mark.parametrize("argv", [
    (*RUN, "--blocks", "-1:2"),
    (*RUN, "--blocks", "-1:2", "--json"),
    (*RUN, "--blocks", "--json"),
    (*RUN, "--blocks"),
])
def test_blocks_without_a_value_say_how_to_write_one(argv: tuple[str, ...]) -> None:
    result = run_cli(*argv)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [NO_VALUE]


@pytest.mark.parametrize("blocks", ["-1:2", "0:-2", "-1"])
def test_a_negative_block_joined_with_an_equals_sign_is_refused_in_one_line(
        blocks: str) -> None:
    result = run_cli(*RUN, f"--blocks={blocks}")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [BAD_VALUE.format(blocks)]


def test_blocks_given_either_way_still_play() -> None:
    for argv in ((*RUN, "--blocks", "0:1", "--json"), (*RUN, "--blocks=1:2", "--json")):
        result = run_cli(*argv)
        assert result.returncode == 0, result.stderr
        assert '"hands": 5' in result.stdout
