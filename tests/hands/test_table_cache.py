"""The disk cache of hand tables (ambigu_rules/hands/table_cache.py).

A table compiled once is read back by the next program instead of compiled
again; a file that is missing, damaged or made for other rules is compiled
again and replaced; a folder that cannot be written, or a cache turned off,
leaves compiling in memory as it was. Each test points the cache at a folder
of its own, and builds its :class:`Evaluator` directly (``evaluator_for``
would answer from this process's memory before looking at the disk). Most use
a house file with a six-rank pack, whose 10,626 hands compile quickly.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ambigu_rules.hands import compiler, table_cache
from ambigu_rules.hands.evaluator import Evaluator
from ambigu_rules.hands.table import HandTable, rules_digest
from ambigu_rules.hands.table_cache import (
    build_stamp,
    cache_dir,
    read_table,
    table_path,
    write_table,
)
from ambigu_rules.load.catalog import pack_of_ruleset
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.rules.deck import Deck
from ambigu_rules.rules.ruleset import Ruleset

from conftest import ROOT, cli_command, cli_environment

SMALL = """\
format: 1
id: small-pack
title: Small
short_title: Small
summary: Foster's combinations with a pack of six ranks.
extends: foster
players:
  min: 2
  max: 4
  source: editors
  evidence: editorial
deck:
  ranks: [{label: A, pips: 1}, {label: "2", pips: 2}, {label: "3", pips: 3},
          {label: "4", pips: 4}, {label: "5", pips: 5}, {label: "6", pips: 6}]
  source: editors
  evidence: editorial
"""
HAND = "AS 3S 5S 6S"  # a flush (no three in sequence) in the small pack


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of this test's own (not made yet)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("AMBIGU_CACHE_DIR", str(folder))
    monkeypatch.delenv("AMBIGU_NO_CACHE", raising=False)
    return folder


@pytest.fixture
def small(tmp_path: Path) -> tuple[Ruleset, Deck]:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    return ruleset, pack_of_ruleset(ruleset)


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the rulesets whose table is compiled from now on, in order."""
    done: list[str] = []
    real: Callable[[Ruleset, Deck], HandTable] = compiler.compile_table

    def counting(ruleset: Ruleset, deck: Deck) -> HandTable:
        done.append(ruleset.id)
        return real(ruleset, deck)

    monkeypatch.setattr(compiler, "compile_table", counting)
    return done


def cached_files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir()) if folder.is_dir() else []


# -- a miss, then a hit --------------------------------------------------------------


def test_a_table_not_in_the_cache_is_compiled_and_written(
        cache: Path, small: tuple[Ruleset, Deck], compiled: list[str]) -> None:
    ruleset, deck = small
    evaluator = Evaluator(ruleset, deck)
    assert compiled == ["small-pack"]
    path = table_path(ruleset, deck)
    assert path is not None and cached_files(cache) == [path.name]
    assert read_table(ruleset, deck) == evaluator.table


def test_a_cached_table_is_read_back_without_compiling(
        cache: Path, small: tuple[Ruleset, Deck], compiled: list[str]) -> None:
    ruleset, deck = small
    first = Evaluator(ruleset, deck)
    second = Evaluator(ruleset, deck)
    assert compiled == ["small-pack"]  # the second found the first's file
    assert second.table == first.table
    assert second.evaluate(HAND) == first.evaluate(HAND)
    assert second.evaluate(HAND).combination == "flush"
    assert second.odds() == first.odds()


def test_a_cached_file_is_named_by_rules_digest_build_and_format(
        cache: Path, small: tuple[Ruleset, Deck]) -> None:
    ruleset, deck = small
    path = table_path(ruleset, deck)
    assert path is not None and path.parent == cache
    assert re.fullmatch(r"[0-9a-f]{16}-[0-9a-f]{16}\.v2\.table", path.name)
    assert path.name.startswith(rules_digest(ruleset) + "-" + build_stamp(deck))


def test_a_pack_with_other_cards_pips_or_compiling_code_has_a_file_of_its_own(
        small: tuple[Ruleset, Deck], monkeypatch: pytest.MonkeyPatch) -> None:
    # The rules digest sees the deck rule, not the deck it names in decks.yaml; and
    # a table made by an older compiler must not be read by a newer one.
    deck = small[1]
    ranks = [rank.model_copy(update={"pips": rank.pips + 1}) for rank in deck.spec.ranks]
    other_pips = Deck(deck.spec.model_copy(update={"ranks": ranks}))
    assert build_stamp(other_pips) != build_stamp(deck)
    assert build_stamp(Deck(deck.spec, frozenset({0}))) != build_stamp(deck)
    assert build_stamp(Deck(deck.spec, wrap=True)) != build_stamp(deck)
    renamed = Deck(deck.spec.model_copy(update={"name": "Another pack", "description": "."}))
    assert build_stamp(renamed) == build_stamp(deck)  # words play no part in a table
    before = build_stamp(deck)
    monkeypatch.setattr(table_cache, "code_stamp", lambda: "an edited compiler")
    assert build_stamp(deck) != before


# -- files that are not to be trusted --------------------------------------------------


def _foreign(ruleset: Ruleset, deck: Deck, good: bytes) -> bytes:
    """A sound table of another version (Foster's own), under this one's name."""
    del ruleset, deck, good
    foster = load_ruleset("foster")
    return compiler.compile_table(foster, pack_of_ruleset(foster)).to_bytes(1)


def _other_digest(ruleset: Ruleset, deck: Deck, good: bytes) -> bytes:
    """This version's rows, labelled with other rules."""
    table = HandTable.from_bytes(good)
    return HandTable(best=table.best, values=table.values, keys=table.keys,
                     combination_ids=table.combination_ids, rules="0" * 16).to_bytes(1)


def _best_out_of_range(ruleset: Ruleset, deck: Deck, good: bytes) -> bytes:
    """The right label on rows that name a combination the version does not have."""
    table = HandTable.from_bytes(good)
    best = list(table.best)
    best[0] = len(ruleset.combinations)
    return HandTable(best=best, values=table.values, keys=table.keys,
                     combination_ids=table.combination_ids, rules=table.rules).to_bytes(1)


DAMAGES: dict[str, Callable[[Ruleset, Deck, bytes], bytes]] = {
    "empty": lambda ruleset, deck, good: b"",
    "garbage": lambda ruleset, deck, good: b"\x00\xff not a table at all" * 100,
    "header only": lambda ruleset, deck, good: good[:len(b"AMBIGU-TABLE 2\n")],
    "cut short": lambda ruleset, deck, good: good[:len(good) // 2],
    "last byte changed": lambda ruleset, deck, good: good[:-1] + bytes([good[-1] ^ 0xFF]),
    "older format": lambda ruleset, deck, good: good.replace(b"AMBIGU-TABLE 2", b"AMBIGU-TABLE 1"),
    "another version's table": _foreign,
    "other rules digest": _other_digest,
    "combination out of range": _best_out_of_range,
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_or_foreign_file_is_compiled_again_and_replaced(
        cache: Path, small: tuple[Ruleset, Deck], damage: str) -> None:
    ruleset, deck = small
    good = Evaluator(ruleset, deck)
    path = table_path(ruleset, deck)
    assert path is not None
    path.write_bytes(DAMAGES[damage](ruleset, deck, path.read_bytes()))
    assert read_table(ruleset, deck) is None  # not trusted
    done: list[str] = []
    real = compiler.compile_table
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiler, "compile_table",
                      lambda r, d: done.append(r.id) or real(r, d))
        again = Evaluator(ruleset, deck)
    assert done == ["small-pack"]
    assert again.table == good.table and again.evaluate(HAND) == good.evaluate(HAND)
    assert read_table(ruleset, deck) == good.table  # the file was overwritten, whole


def test_a_file_that_unpacks_past_the_limit_is_not_read(
        cache: Path, small: tuple[Ruleset, Deck], monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset, deck = small
    Evaluator(ruleset, deck)
    assert read_table(ruleset, deck) is not None
    monkeypatch.setattr(table_cache, "MAX_UNPACKED_BYTES", 1000)
    assert read_table(ruleset, deck) is None


def test_a_failed_write_leaves_no_file_behind(
        cache: Path, small: tuple[Ruleset, Deck], monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset, deck = small
    table = compiler.compile_table(ruleset, deck)

    def no_rename(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(table_cache.os, "replace", no_rename)
    assert write_table(ruleset, deck, table) is None
    assert cached_files(cache) == []  # neither the table nor a partial file


def test_a_new_table_replaces_the_older_ones_of_the_same_rules(
        cache: Path, small: tuple[Ruleset, Deck], monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset, deck = small
    table = compiler.compile_table(ruleset, deck)
    old = write_table(ruleset, deck, table)
    monkeypatch.setattr(table_cache, "code_stamp", lambda: "an edited compiler")
    new = write_table(ruleset, deck, table)
    assert old is not None and new is not None and old != new
    assert cached_files(cache) == [new.name]


# -- no cache --------------------------------------------------------------------------


@pytest.mark.parametrize("place", ["below a file", "a file"])
def test_an_unwritable_cache_folder_falls_back_to_compiling_in_memory(
        tmp_path: Path, small: tuple[Ruleset, Deck], compiled: list[str],
        monkeypatch: pytest.MonkeyPatch, place: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    folder = blocker / "cache" if place == "below a file" else blocker
    monkeypatch.setenv("AMBIGU_CACHE_DIR", str(folder))
    ruleset, deck = small
    first = Evaluator(ruleset, deck)
    second = Evaluator(ruleset, deck)
    assert compiled == ["small-pack", "small-pack"]
    assert first.evaluate(HAND) == second.evaluate(HAND)
    assert blocker.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize("variables", [{"AMBIGU_CACHE_DIR": ""},
                                       {"AMBIGU_CACHE_DIR": "CACHE", "AMBIGU_NO_CACHE": "1"}],
                         ids=["empty folder name", "AMBIGU_NO_CACHE=1"])
def test_the_cache_can_be_turned_off(
        tmp_path: Path, small: tuple[Ruleset, Deck], compiled: list[str],
        monkeypatch: pytest.MonkeyPatch, variables: dict[str, str]) -> None:
    folder = tmp_path / "cache"
    for name, value in variables.items():
        monkeypatch.setenv(name, value.replace("CACHE", str(folder)))
    assert cache_dir() is None
    ruleset, deck = small
    assert table_path(ruleset, deck) is None
    Evaluator(ruleset, deck)
    Evaluator(ruleset, deck)
    assert compiled == ["small-pack", "small-pack"]
    assert not folder.exists()


def test_the_cache_folder_is_the_variable_else_xdg_else_home(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AMBIGU_NO_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("AMBIGU_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("AMBIGU_CACHE_DIR")
    assert cache_dir() == tmp_path / "xdg" / "ambigu-rules"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # ignored, as XDG says
    assert cache_dir() == tmp_path / "home" / ".cache" / "ambigu-rules"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == tmp_path / "home" / ".cache" / "ambigu-rules"


# -- the command line ------------------------------------------------------------------

SECOND_RUN = """\
import json, sys
from ambigu_rules.cli import main
status = main(sys.argv[1:])
print(json.dumps({"status": status, "numpy": "numpy" in sys.modules}), file=sys.stderr)
"""


def test_a_second_command_line_run_reads_the_table_and_never_compiles(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    env = cli_environment() | {"AMBIGU_CACHE_DIR": str(folder)}
    env.pop("AMBIGU_NO_CACHE", None)
    args = ("odds", "foster", "--json")
    first = subprocess.run([*cli_command(), *args], capture_output=True, text=True, env=env,
                           cwd=ROOT, timeout=120)
    assert first.returncode == 0 and first.stderr == "", first.stderr
    (written,) = folder.iterdir()
    stamp = written.stat().st_mtime_ns
    second = subprocess.run([sys.executable, "-c", SECOND_RUN, *args], capture_output=True,
                            text=True, env=env, cwd=ROOT, timeout=120)
    assert json.loads(second.stderr) == {"status": 0, "numpy": False}  # numpy: to compile
    assert second.stdout == first.stdout
    assert json.loads(second.stdout)["total"] == 91_390
    assert [path.name for path in folder.iterdir()] == [written.name]
    assert written.stat().st_mtime_ns == stamp  # read, not written again


def test_an_unwritable_cache_folder_is_no_error_on_the_command_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    env = cli_environment() | {"AMBIGU_CACHE_DIR": str(blocker / "cache")}
    env.pop("AMBIGU_NO_CACHE", None)
    result = subprocess.run([*cli_command(), "evaluate", "foster", "2S 3S 4S 9S"],
                            capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    assert "flush_sequence" in result.stdout
    assert os.path.isfile(blocker)
