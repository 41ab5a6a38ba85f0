"""`ambigu simulate --deals-out FILE` writes the deals where FILE leads, and nowhere else.

A link is followed (the file it points to is replaced, the link stays); a
read-only file, ``-`` (standard output holds the report), a file the run reads
(the rule file played, one it extends, a built-in rule file) and the file standard
output goes to are refused in one line, status 2, before any deal is played and
with the file left as it was; a command that cannot print its report leaves the
earlier FILE as it was.
"""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ambigu_rules.cli import main
from ambigu_rules.errors import RecordsFileError
from ambigu_rules.play import simulate as simulate_module
from ambigu_rules.play.simulate import simulate

from conftest import ROOT, cli_command, cli_environment

EARLIER = "an earlier run\n"
HOUSE = ROOT / "docs" / "variants" / "split-ties.yaml"
CHILD = """\
format: 1
id: house-child
title: A child of the house file
short_title: Child
summary: Everything of the house file it extends.
extends: house.yaml
inherit:
  downgrade_to: inferred
  note: All of the house file.
"""


def simulate_argv(deals_out: str, variant: str = "foster") -> list[str]:
    return ["simulate", variant, "--hands", "12", "--players", "3", "--jobs", "1",
            "--deals-out", deals_out]


def refuse_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a deal is played."""
    def no_work(*_: object) -> None:
        raise AssertionError("a deal was played")

    monkeypatch.setattr(simulate_module, "_results", no_work)


def deal_lines(path: Path) -> int:
    """The records in a deals file (each line must be a JSON object)."""
    return sum(isinstance(json.loads(line), dict)
               for line in path.read_text(encoding="utf-8").splitlines())


def names_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


# -- 11a: a symbolic link ----------------------------------------------------------


def test_a_link_is_followed_and_the_file_it_points_to_is_replaced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "links").mkdir()
    target = tmp_path / "real" / "deals.jsonl"
    target.write_text(EARLIER, encoding="utf-8")
    link = tmp_path / "links" / "deals.jsonl"
    link.symlink_to(target)
    assert main(simulate_argv(str(link))) == 0
    assert capsys.readouterr().err == ""
    assert link.is_symlink() and link.resolve() == target
    assert deal_lines(target) == 12
    # The temporary file was made beside the target, and is gone.
    assert names_in(tmp_path / "real") == ["deals.jsonl"]
    assert names_in(tmp_path / "links") == ["deals.jsonl"]


def test_a_dangling_link_is_followed_to_make_the_file_it_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = tmp_path / "deals.jsonl"
    link.symlink_to("made.jsonl")
    assert main(simulate_argv(str(link))) == 0
    assert link.is_symlink()
    assert deal_lines(tmp_path / "made.jsonl") == 12


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(EARLIER, encoding="utf-8")
    path.chmod(0o600)
    assert main(simulate_argv(str(path))) == 0
    assert deal_lines(path) == 12
    assert path.stat().st_mode & 0o777 == 0o600


# -- 11b: a read-only file ---------------------------------------------------------


@pytest.mark.parametrize("through_a_link", [False, True])
def test_a_read_only_file_is_refused_in_one_line_and_left_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        through_a_link: bool) -> None:
    refuse_work(monkeypatch)
    path = tmp_path / "deals.jsonl"
    path.write_text(EARLIER, encoding="utf-8")
    path.chmod(0o444)
    given = path
    if through_a_link:
        given = tmp_path / "link.jsonl"
        given.symlink_to(path)
    assert main(simulate_argv(str(given))) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"ambigu: error: cannot write the deals to '{given}': the file is " \
                           "read-only\n"
    assert path.read_text(encoding="utf-8") == EARLIER
    assert path.stat().st_mode & 0o777 == 0o444
    assert names_in(tmp_path) == sorted({path.name, given.name})


# -- 11c: "-" ------------------------------------------------------------------------


def test_a_dash_is_refused_since_standard_output_holds_the_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_work(monkeypatch)
    monkeypatch.chdir(tmp_path)
    assert main(simulate_argv("-")) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "ambigu simulate: error: argument --deals-out: '-' is not standard output here, "
        "which holds the report: name a file (./- for a file named '-') "
        "(see 'ambigu simulate --help')\n")
    assert names_in(tmp_path) == []


def test_the_help_says_that_a_dash_is_no_standard_output(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "refused, and so is '-': standard output holds the report" in help_text


def test_a_file_named_dash_is_written_when_given_as_a_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(simulate_argv("./-")) == 0
    assert deal_lines(tmp_path / "-") == 12


# -- 11d: a file the run reads -------------------------------------------------------


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """A house rule file (extends foster) in a folder of its own, and a child of it."""
    folder = tmp_path / "rules"
    folder.mkdir()
    shutil.copyfile(HOUSE, folder / "house.yaml")
    (folder / "child.yaml").write_text(CHILD, encoding="utf-8")
    return folder / "house.yaml"


def refused_as_read(capsys: pytest.CaptureFixture[str], argv: list[str], given: str,
                    read: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"ambigu: error: cannot write the deals to '{given}': it is "
                            f"'{read}', a file this run reads; name another file\n")


@pytest.mark.parametrize("spelling", ["same", "dotted", "link", "hard link"])
def test_the_rule_file_played_is_refused_however_it_is_named(
        house: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        spelling: str) -> None:
    refuse_work(monkeypatch)
    monkeypatch.chdir(house.parent)
    before = house.read_bytes()
    given = {"same": "house.yaml", "dotted": "../rules/./house.yaml",
             "link": "link.yaml", "hard link": "hard.yaml"}[spelling]
    if spelling == "link":
        (house.parent / "link.yaml").symlink_to("house.yaml")
    if spelling == "hard link":
        os.link(house, house.parent / "hard.yaml")
    refused_as_read(capsys, simulate_argv(given, "house.yaml"), given, "house.yaml")
    assert house.read_bytes() == before
    assert not [name for name in names_in(house.parent) if name.endswith(".part")]


def test_a_rule_file_the_played_one_extends_is_refused(
        house: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_work(monkeypatch)
    monkeypatch.chdir(house.parent)
    before = house.read_bytes()
    refused_as_read(capsys, simulate_argv("house.yaml", "child.yaml"), "house.yaml",
                    "house.yaml")
    assert house.read_bytes() == before


@pytest.mark.parametrize("name", ["foster.yaml", "decks.yaml"])
def test_a_built_in_rule_file_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        name: str) -> None:
    # A copy of the built-in rule files, so that a failure of this test harms no
    # file of the checkout.
    refuse_work(monkeypatch)
    rulesets = tmp_path / "rulesets"
    shutil.copytree(ROOT / "rulesets", rulesets, ignore=shutil.ignore_patterns("site"))
    monkeypatch.setenv("AMBIGU_RULESETS", str(rulesets))
    monkeypatch.chdir(tmp_path)
    before = (rulesets / name).read_bytes()
    given = f"rulesets/{name}"
    refused_as_read(capsys, simulate_argv(given), given, given)
    assert (rulesets / name).read_bytes() == before


def test_simulate_from_python_refuses_to_write_over_its_rule_file(
        house: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_work(monkeypatch)
    before = house.read_bytes()
    with pytest.raises(RecordsFileError, match="a file this run reads"):
        simulate(house, hands=12, players=3, deals_out=house)
    assert house.read_bytes() == before


def test_the_file_standard_output_goes_to_is_refused(tmp_path: Path) -> None:
    # A link of our own to the command's standard output, as /dev/stdout is (a
    # build that replaced the link would then harm no file of the system).
    (tmp_path / "stdout").symlink_to("/proc/self/fd/1")
    report = tmp_path / "report.txt"
    with report.open("w", encoding="utf-8") as out:
        result = subprocess.run([*cli_command(), *simulate_argv("stdout")],
                                stdout=out, stderr=subprocess.PIPE, text=True,
                                cwd=tmp_path, env=cli_environment(), timeout=120)
    assert result.returncode == 2
    assert result.stderr == ("ambigu: error: cannot write the deals to 'stdout': it is "
                             "where standard output goes, which holds the report; name "
                             "another file\n")
    assert report.read_text(encoding="utf-8") == ""
    assert (tmp_path / "stdout").is_symlink()
    assert names_in(tmp_path) == ["report.txt", "stdout"]


# -- 11e: a report that cannot be written --------------------------------------------


class FullDisk(io.StringIO):
    """A standard output on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class ClosedPipe(io.StringIO):
    """A standard output whose reader went away."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


def test_a_report_that_cannot_be_written_leaves_the_earlier_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(EARLIER, encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", FullDisk())
    assert main(simulate_argv(str(path))) == 2
    assert capsys.readouterr().err == "ambigu: cannot write the output: No space left on device\n"
    assert path.read_text(encoding="utf-8") == EARLIER
    assert names_in(tmp_path) == ["deals.jsonl"]


def test_a_reader_that_stops_reading_ends_well_and_the_deals_are_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Status 0, as for any command whose reader went away (| head): the run is whole.
    path = tmp_path / "deals.jsonl"
    path.write_text(EARLIER, encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(simulate_argv(str(path))) == 0
    assert capsys.readouterr().err == ""
    assert deal_lines(path) == 12
    assert names_in(tmp_path) == ["deals.jsonl"]


@pytest.mark.parametrize("redirect", [">/dev/full", ">&-"])
def test_a_command_whose_standard_output_fails_leaves_the_earlier_file(
        tmp_path: Path, redirect: str) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(EARLIER, encoding="utf-8")
    command = [*cli_command(), *simulate_argv(str(path))]
    result = subprocess.run(["sh", "-c", f'"$@" {redirect}', "sh", *command],
                            stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path, env=cli_environment(), timeout=120)
    assert result.returncode != 0
    if redirect == ">/dev/full":
        assert result.returncode == 2
        assert result.stderr == "ambigu: cannot write the output: No space left on device\n"
    assert path.read_text(encoding="utf-8") == EARLIER
    assert names_in(tmp_path) == ["deals.jsonl"]
