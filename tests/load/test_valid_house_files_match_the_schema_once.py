"""Issue "hostile input, fourth round", defect 13: the editor schema accepts every
valid rule file, a house file that only renames a step among them.

A step of a file with ``extends:`` need not say its ``kind`` (its parent's step
gives it), so a step that only changes keys several kinds share (its ``title``,
``source`` and ``evidence``; an exchange's or a betting step's ``who``) fitted
several branches of the schema's ``oneOf`` at once, and the YAML language server
marked a good file with "Matches multiple schemas when only one must validate".

Each file is checked against the committed schema its data answers to, with the
validator of the draft that schema declares: no error. The files: every built-in
version, every rule file under ``docs/`` (the house variants and the guides'
whole-file examples), and house files written here that extend a built-in version
and rename one of its steps, for every step of every version. The files written
here and the guides' examples are first loaded by the project's own loader (what
``ambigu validate`` runs), which must accept them; the others are held valid by
their own tests.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from ambigu_rules.load.catalog import builtin_ids, rulesets_dir
from ambigu_rules.load.resolver import load_ruleset, resolve_path
from ambigu_rules.load.schema import EXTENDS_NAME, schema_name_for
from ambigu_rules.load.yaml_source import loads

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

#: The defect's own reproducer: extends 1730 (written as a number) and renames its vade.
RENAME_ONLY = """\
format: 1
id: house-rename
title: 1730 with the vade renamed
short_title: Renamed
summary: The 1730 rules, the vade under another name.
extends: 1730
procedure:
  - id: vade
    title: The fixed stake
    source: editors
    evidence: editorial
"""


def _schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((rulesets_dir() / name).read_text(encoding="utf-8"))
    return schema


def _schema_errors(data: Any) -> list[str]:
    """What the committed schema ``data`` answers to finds wrong in it, with the
    validator of the draft the schema declares."""
    schema = _schema(schema_name_for(data))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    plain = json.loads(json.dumps(data))
    return [f"{'.'.join(map(str, error.absolute_path)) or '(top level)'}: {error.message}"
            for error in validator_class(schema).iter_errors(plain)]


def _published_files() -> dict[str, str]:
    """Each rule file of rulesets/ and docs/, by its place, with its text."""
    files = {f"rulesets/{version}.yaml": (rulesets_dir() / f"{version}.yaml")
             .read_text(encoding="utf-8") for version in builtin_ids()}
    for path in sorted(DOCS.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        if isinstance(data, dict) and "format" in data:  # a rule file, not a replay
            files[str(path.relative_to(ROOT))] = text
    for page in sorted(DOCS.rglob("*.md")):
        blocks = re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
        for number, block in enumerate(blocks, 1):
            if re.search(r"^format: ", block, re.M):  # a whole file, not a fragment
                files[f"{page.relative_to(ROOT)}, example {number}"] = block
    return files


def _renaming_files() -> dict[str, str]:
    """For every step of every built-in version, a house file that extends the
    version and changes only that step's title (with the provenance a changed
    point needs)."""
    files = {"the issue's reproducer: 1730's vade": RENAME_ONLY}
    for version in builtin_ids():
        for step in load_ruleset(version).procedure:
            house = {
                "format": 1, "id": f"house-{version}-{step.id}",
                "title": f"{version} with one step renamed", "short_title": "Renamed",
                "summary": "One step under another name.", "extends": version,
                "procedure": [{"id": step.id, "title": f"{step.title}, renamed",
                               "source": "editors", "evidence": "editorial"}],
            }
            files[f"{version}: rename {step.id} ({step.kind})"] = yaml.safe_dump(
                house, sort_keys=False, allow_unicode=True)
    return files


PUBLISHED = _published_files()
RENAMING = _renaming_files()


def test_the_published_files_include_the_house_variants_and_the_guide_s_example() -> None:
    assert {f"rulesets/{version}.yaml" for version in builtin_ids()} <= set(PUBLISHED)
    assert "docs/variants/third-draw.yaml" in PUBLISHED
    assert any(name.startswith("docs/rule-format.md, example") for name in PUBLISHED)
    assert not [name for name in PUBLISHED if name.endswith(".replay.yaml")]


def test_a_rename_is_written_for_every_kind_of_step() -> None:
    kinds = {name.rsplit("(", 1)[1].rstrip(")") for name in RENAMING if name.endswith(")")}
    assert kinds == {"ante", "deal", "exchange", "shuffle_call", "betting", "showdown"}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_a_published_rule_file_matches_its_schema(name: str, tmp_path: Path) -> None:
    text = PUBLISHED[name]
    if name.startswith("docs/") and not name.endswith(".yaml"):
        # A guide's example, checked as the file a reader would save from it.
        path = tmp_path / "example.yaml"
        path.write_text(text, encoding="utf-8")
        resolve_path(path)
    assert _schema_errors(loads(text, name)) == []


@pytest.mark.parametrize("name", sorted(RENAMING))
def test_a_house_file_renaming_a_step_matches_the_schema_once(name: str,
                                                              tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(RENAMING[name], encoding="utf-8")
    resolve_path(path)  # valid: `ambigu validate` says ok
    data = loads(RENAMING[name], name)
    assert schema_name_for(data) == EXTENDS_NAME
    assert _schema_errors(data) == []


def test_a_house_file_changing_a_key_two_kinds_of_step_share_matches_once(
        tmp_path: Path) -> None:
    # `who` is a key of both the exchange and the betting steps.
    text = RENAME_ONLY.replace("    title: The fixed stake\n", "    who: each_player\n")
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    resolve_path(path)
    assert _schema_errors(loads(text, "house.yaml")) == []


def test_a_step_without_its_kind_is_still_refused_a_key_no_step_has() -> None:
    data = loads(RENAME_ONLY.replace("    title: The fixed stake\n", "    colour: red\n"),
                 "house.yaml")
    assert _schema_errors(data)


def test_a_step_naming_its_kind_is_refused_another_kind_s_key() -> None:
    # `cards` belongs to a deal step, not to a betting step.
    data = loads(RENAME_ONLY.replace("    title: The fixed stake\n",
                                     "    kind: betting\n    cards: 2\n"), "house.yaml")
    assert _schema_errors(data)
