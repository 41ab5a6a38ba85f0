"""Every rule file we publish names its JSON Schema on its first line, and that schema
accepts it.

The line is the modeline the YAML language server reads (VS Code's YAML
extension and the editors built on it): ``# yaml-language-server:
$schema=<address>``, the address where the site publishes the schema — the
complete one for a file without ``extends:``, the relaxed one for a file with
it. The files: each built-in version (``rulesets/``), each house variant
(``docs/variants/``, not their replays) and the example of the guide
(``docs/rule-format.md``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from ambigu_rules.load.catalog import builtin_ids, rulesets_dir
from ambigu_rules.load.schema import (
    COMPLETE_NAME,
    EXTENDS_NAME,
    MODELINE_PREFIX,
    modeline,
    schema_address,
    schema_name_for,
    site_url,
)
from ambigu_rules.load.yaml_source import loads

ROOT = Path(__file__).resolve().parents[2]
SITE_URL = site_url(ROOT / "mkdocs.yml")
GUIDE = ROOT / "docs" / "rule-format.md"


def rule_files() -> dict[str, str]:
    """Each rule file we publish, by the name a failure shows, with its text."""
    files = {f"rulesets/{version}.yaml": (rulesets_dir() / f"{version}.yaml")
             for version in builtin_ids()}
    files |= {f"docs/variants/{path.name}": path
              for path in sorted((ROOT / "docs" / "variants").glob("*.yaml"))
              if not path.name.endswith(".replay.yaml")}
    texts = {name: path.read_text(encoding="utf-8") for name, path in files.items()}
    guide = GUIDE.read_text(encoding="utf-8")
    for number, block in enumerate(re.findall(r"```yaml\n(.*?)```", guide, re.S), 1):
        if re.search(r"^format: ", block, re.M):  # a whole file, not a fragment
            texts[f"docs/rule-format.md, example {number}"] = block
    return texts


FILES = rule_files()
#: The published address of each schema, and its committed file.
ADDRESSES = {schema_address(name, SITE_URL): rulesets_dir() / name
             for name in (COMPLETE_NAME, EXTENDS_NAME)}


def _schema_at(address: str) -> dict[str, Any]:
    assert address in ADDRESSES, f"{address} is not where the site publishes a schema"
    schema: dict[str, Any] = json.loads(ADDRESSES[address].read_text(encoding="utf-8"))
    return schema


def test_every_published_kind_of_rule_file_is_covered() -> None:
    names = set(FILES)
    assert {f"rulesets/{v}.yaml" for v in ("1659", "1702", "1730", "encyclopedia", "foster",
                                           "russian", "russian-courts")} <= names
    assert "docs/variants/two-pairs.yaml" in names
    assert not [name for name in names if name.endswith(".replay.yaml")]
    assert any(name.startswith("docs/rule-format.md") for name in names)


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_rule_file_names_its_schema_on_its_first_line(name: str) -> None:
    text = FILES[name]
    data = loads(text, name)
    expected = modeline(schema_address(schema_name_for(data), SITE_URL))
    first = text.split("\n", 1)[0]
    assert first == expected, f"{name}: the first line should be\n{expected}\nnot\n{first}"


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_schema_a_rule_file_names_accepts_it(name: str) -> None:
    text = FILES[name]
    address = text.split("\n", 1)[0].removeprefix(MODELINE_PREFIX)
    schema = _schema_at(address)
    assert schema["$id"] == address
    plain = json.loads(json.dumps(loads(text, name)))
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(plain))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


def test_the_replays_name_no_rule_schema() -> None:
    # There is no schema of replays: a replay's first line must not claim one.
    for path in (ROOT / "docs" / "variants").glob("*.replay.yaml"):
        assert not path.read_text(encoding="utf-8").startswith(MODELINE_PREFIX), path


def test_a_file_extending_another_names_the_relaxed_schema() -> None:
    # 1659 extends 1730; foster stands alone.
    assert FILES["rulesets/1659.yaml"].startswith(modeline(
        schema_address(EXTENDS_NAME, SITE_URL)) + "\n")
    assert FILES["rulesets/foster.yaml"].startswith(modeline(
        schema_address(COMPLETE_NAME, SITE_URL)) + "\n")


def test_the_guide_gives_the_published_addresses() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    for address in ADDRESSES:
        assert f"({address})" in guide, f"docs/rule-format.md should link {address}"
