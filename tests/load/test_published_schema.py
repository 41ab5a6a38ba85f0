"""The JSON Schemas published in rulesets/ are current and accept our files."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from ambigu_rules.load.catalog import builtin_ids, rulesets_dir
from ambigu_rules.load.schema import COMPLETE_NAME, EXTENDS_NAME, expected_files, site_url
from ambigu_rules.load.yaml_source import load_file


def test_published_schemas_are_up_to_date() -> None:
    site = site_url(Path(__file__).resolve().parents[2] / "mkdocs.yml")
    for path, text in expected_files(rulesets_dir(), site).items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is stale: run python tools/gen_schema.py"
        )


@pytest.mark.parametrize("variant", builtin_ids())
def test_each_rule_file_matches_the_published_schema(variant: str) -> None:
    data = load_file(rulesets_dir() / f"{variant}.yaml")
    name = EXTENDS_NAME if "extends" in data else COMPLETE_NAME
    schema = json.loads((rulesets_dir() / name).read_text(encoding="utf-8"))
    plain = json.loads(json.dumps(data))
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(plain))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


def test_schema_refuses_an_unknown_evidence_level() -> None:
    schema = json.loads((rulesets_dir() / COMPLETE_NAME).read_text(encoding="utf-8"))
    data = json.loads(json.dumps(load_file(rulesets_dir() / "foster.yaml")))
    data["players"]["evidence"] = "certain"
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data))
