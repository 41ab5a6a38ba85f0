"""Hostile input, third round: ids and path names, shapes that cost too much, YAML merges.

The small cases live in ``tests/hostile/rulesets/`` (run through ``ambigu
validate`` by ``test_hostile_files.py``); these are the ones that need a
generated file, a planted copy of the built-in rulesets, or a look at the
values read. The subprocess timeouts guard against hangs; they time nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from ambigu_rules.errors import OutsideFolderError, UnknownVariantError
from ambigu_rules.load.catalog import version_beside
from ambigu_rules.load.yaml_source import loads
from ambigu_rules.site import tables
from ambigu_rules.site.safe_paths import inside

from conftest import ROOT, cli_command, run_cli

HEAD = """\
format: 1
id: {id}
title: Hostile
short_title: Hostile
summary: A hostile file.
extends: foster
"""


def run_with_rulesets(rulesets: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command line reading its built-in versions from ``rulesets``."""
    env = dict(os.environ, AMBIGU_RULESETS=str(rulesets), NO_COLOR="1")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([*cli_command(), *args], capture_output=True, text=True,
                          env=env, cwd=str(rulesets), timeout=120)


def planted_rulesets(tmp_path: Path) -> Path:
    copy = tmp_path / "rulesets"
    shutil.copytree(ROOT / "rulesets", copy)
    return copy


# -- ids name files: a safe alphabet, and a built-in is named after its id -------

def test_a_builtin_id_leading_out_of_the_site_is_refused(tmp_path: Path) -> None:
    rulesets = planted_rulesets(tmp_path)
    path = rulesets / "1659.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('\nid: "1659"\n', "\nid: ../../../tmp/ambigu-x\n"),
                    encoding="utf-8")
    assert "ambigu-x" in path.read_text(encoding="utf-8")
    result = run_with_rulesets(rulesets, "validate", "1659.yaml")
    assert result.returncode == 2, result.stdout
    assert result.stderr.startswith("1659.yaml:7:5: id: "), result.stderr
    assert "'../../../tmp/ambigu-x'" in result.stderr and "Traceback" not in result.stderr


def test_a_builtin_file_is_named_after_its_id(tmp_path: Path) -> None:
    rulesets = planted_rulesets(tmp_path)
    shutil.copy(rulesets / "foster.yaml", rulesets / "hoyle.yaml")
    result = run_with_rulesets(rulesets, "validate", "hoyle.yaml")
    assert result.returncode == 2
    assert "a built-in version's id is the name of its file, 'hoyle', not 'foster'" \
        in result.stderr


def test_the_table_writer_never_writes_outside_its_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Whatever name reaches it, the site's table writer refuses a path out of its folder.
    from ambigu_rules.site.generate import load_site

    versions = load_site().tab_order[:1]
    monkeypatch.setattr(tables, "table_files",
                        lambda _versions: {versions[0].id: "../../escaped.table"})
    target = tmp_path / "site" / "assets" / "tables"
    with pytest.raises(OutsideFolderError):
        tables.write_tables(target, versions)
    assert not (tmp_path / "escaped.table").exists()
    assert not (tmp_path / "site" / "escaped.table").exists()


def test_inside_refuses_absolute_paths_and_links_out(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "out").symlink_to(tmp_path)
    with pytest.raises(OutsideFolderError):
        inside(tmp_path / "site", "/etc/passwd")
    with pytest.raises(OutsideFolderError):
        inside(tmp_path / "site", "out/x.table")
    assert inside(tmp_path / "site", "versions/foster.md") == tmp_path / "site" / "versions" \
        / "foster.md"


# -- path names: one clear refusal, never ValueError or UnicodeEncodeError --------

@pytest.mark.parametrize(("name", "words"), [
    ("foster\0.yaml", "holds a NUL character"),
    ("\ud800.yaml", "lone surrogate"),
    ("a" * 300 + ".yaml", "at most 255"),
    ("abcdefghi/" * 500 + "x.yaml", "at most 4,096"),
])
def test_extends_with_a_name_no_file_can_have_is_refused(
        tmp_path: Path, name: str, words: str) -> None:
    # The loader refuses such text in a file first; this is the check behind it, which
    # the Play page and the Python API reach with any name.
    with pytest.raises(UnknownVariantError, match=words):
        version_beside(name, tmp_path / "house.yaml")


def test_show_names_a_directory_and_a_device_as_validate_does(tmp_path: Path) -> None:
    for target, words in ((".", "is a directory"), ("/dev/zero", "not a regular file")):
        shown = run_cli("show", target, cwd=tmp_path)
        checked = run_cli("validate", target, cwd=tmp_path)
        assert shown.returncode == checked.returncode == 2
        assert words in shown.stderr and words in checked.stderr, (shown.stderr,
                                                                    checked.stderr)


# -- shapes that cost too much -----------------------------------------------------

def dag_of_parts(count: int) -> str:
    """``count`` combinations each made of the two before it: no loop, but about
    1.6 ** count paths through the parts."""
    names = ["prime", "sequence"]
    lines = [HEAD.format(id="dag"), "combinations:"]
    for index in range(count):
        lines += [f"  - id: c{index}", f"    name: C{index}", "    definition: Parts.",
                  f"    parts: [{names[-1]}, {names[-2]}]", "    value: 1",
                  "    source: editors", "    evidence: editorial"]
        names.append(f"c{index}")
    order = ", ".join(["point", "prime", "grand_prime", "sequence", "tricon", "flush",
                       "tricon_prime", "flush_sequence", "fredon", *names[2:]])
    lines += ["ranking:", f"  order: [{order}]", "  source: editors", "  evidence: editorial"]
    return "\n".join(lines) + "\n"


def test_parts_shared_along_a_chain_are_checked_once_each(tmp_path: Path) -> None:
    # 55 combinations: walking every path would take about 10^11 steps, forever here.
    path = tmp_path / "dag.yaml"
    path.write_text(dag_of_parts(55), encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.returncode == 0, result.stderr
    assert "ok (dag)" in result.stdout


def test_a_loop_among_shared_parts_is_still_found(tmp_path: Path) -> None:
    text = dag_of_parts(30).replace("parts: [sequence, prime]", "parts: [c29, prime]")
    path = tmp_path / "loop.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.returncode == 2
    assert "lead back to it" in result.stderr


def test_conditions_multiplied_by_aliases_are_bounded_before_compiling(tmp_path: Path) -> None:
    # 10 x 10 x 10 uses of a two-feature mapping through aliases: 3,473 tests of each of
    # the 487,635 hands of a 60-card pack, over the limit of 250,000,000 tests in all.
    ranks = ", ".join(f"{{label: R{i}, pips: {i + 1}}}" for i in range(15))
    ten = ", ".join
    text = HEAD.format(id="heavy") + f"""\
deck:
  ranks: [{ranks}]
  source: editors
  evidence: editorial
combinations:
  - id: point
    when:
      all:
        - &c0 {{max_suit_count: {{in: [2, 3]}}, pips: {{ge: 1}}}}
        - &c1 {{all: [{ten(['*c0'] * 10)}]}}
        - &c2 {{all: [{ten(['*c1'] * 10)}]}}
        - &c3 {{all: [{ten(['*c2'] * 10)}]}}
    source: editors
    evidence: editorial
"""
    path = tmp_path / "heavy.yaml"
    path.write_text(text, encoding="utf-8")
    for command in (("validate", str(path)), ("evaluate", str(path), "R1H R2H R3H R4S")):
        result = run_cli(*command)
        assert result.returncode == 2, result.stdout
        assert "3,473 tests of each of the 487,635 hands" in result.stderr
        assert "more than the limit of 250,000,000" in result.stderr


def test_a_change_of_pack_is_reported_in_the_file_that_made_it(tmp_path: Path) -> None:
    # A one-rank pack (four cards) cannot deal Foster's six players: the fault is the
    # house file's deck, not the parent's players.max.
    path = tmp_path / "deck.yaml"
    path.write_text(HEAD.format(id="tiny") + "deck:\n  ranks: [{label: X, pips: 1}]\n"
                    "  source: editors\n  evidence: editorial\n", encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith(f"{path.name}:8:3: deck: a pack of 4 cards") or \
        ":8:3: deck: a pack of 4 cards" in result.stderr, result.stderr
    assert "foster.yaml" not in result.stderr


def test_a_combination_left_out_of_the_order_is_reported_where_it_is_written(
        tmp_path: Path) -> None:
    path = tmp_path / "unranked.yaml"
    path.write_text(HEAD.format(id="unranked") + "combinations:\n  - id: pair\n    name: Pair\n"
                    "    definition: Two cards of a rank.\n    when: {max_rank_count: 2}\n"
                    "    value: 1\n    source: editors\n    evidence: editorial\n",
                    encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.returncode == 2
    assert "unranked.yaml:8:9: combinations.pair.id: combination 'pair' is not in ranking.order" \
        in result.stderr, result.stderr


# -- YAML's merge key: later keys override, the first merged mapping wins ---------

def test_a_key_after_a_merge_overrides_the_merged_one() -> None:
    data = loads("base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  x: 3\n", "m.yaml")
    assert data["c"] == {"x": 3, "y": 2}


def test_of_two_merged_mappings_sharing_a_key_the_first_listed_wins() -> None:
    data = loads("a: &a {x: 1}\nb: &b {x: 2, y: 5}\nc:\n  <<: [*a, *b]\n", "m.yaml")
    assert data["c"] == {"x": 1, "y": 5}


def test_a_key_written_twice_beside_a_merge_is_still_a_duplicate() -> None:
    from ambigu_rules.errors import RulesetError

    with pytest.raises(RulesetError, match=r"m.yaml:5:3: duplicate key 'x' \(first written at "
                                           r"line 4\)"):
        loads("base: &b {x: 1}\nc:\n  <<: *b\n  x: 3\n  x: 4\n", "m.yaml")


def test_a_bad_card_is_reported_before_any_table_is_compiled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A house pack's table takes seconds to compile; a mistyped card needs none of it.
    from ambigu_rules.errors import CardError
    from ambigu_rules.hands import compiler
    from ambigu_rules.load.versions import evaluator_for_variant, settle_showdown

    def no_compiling(*_: object) -> None:
        raise AssertionError("a table was compiled before the cards were read")

    monkeypatch.setattr(compiler, "compile_table", no_compiling)
    ranks = ", ".join(f"{{label: R{i}, pips: {i + 1}}}" for i in range(15))
    path = tmp_path / "pack.yaml"
    path.write_text(HEAD.format(id="pack-of-sixty") + f"deck:\n  ranks: [{ranks}]\n"
                    "  source: editors\n  evidence: editorial\n", encoding="utf-8")
    with pytest.raises(CardError, match="R99H"):
        evaluator_for_variant(str(path), ["R1H R2H R3H R99H"])
    with pytest.raises(CardError, match="R99H"):
        settle_showdown(str(path), ["R1H R2H R3H R4H", "R1S R2S R3S R99H"])
