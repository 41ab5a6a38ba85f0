"""The JSON Schemas are published at stable addresses, which their ``$id`` names.

The address is ``site_url`` (mkdocs.yml, its one home) + ``schemas/`` + the
file's name; the site build copies the committed ``rulesets/*.schema.json``
there (tools/mkdocs_hooks.py), and ``tools/gen_schema.py --check`` fails when
a committed schema is stale, its ``$id`` included.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from mkdocs.exceptions import PluginError

from ambigu_rules.load.catalog import rulesets_dir
from ambigu_rules.load.schema import (
    COMPLETE_NAME,
    EXTENDS_NAME,
    expected_files,
    schema_address,
    site_url,
)

ROOT = Path(__file__).resolve().parents[2]
SITE_URL = site_url(ROOT / "mkdocs.yml")
NAMES = (COMPLETE_NAME, EXTENDS_NAME)


def _hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ambigu_test_hooks",
                                                  ROOT / "tools" / "mkdocs_hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_address_is_made_from_the_site_url_of_mkdocs_yml() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["site_url"] == SITE_URL
    assert schema_address(COMPLETE_NAME, SITE_URL) == (
        f"{config['site_url'].rstrip('/')}/schemas/ambigu-ruleset.schema.json")


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_has_its_address_as_id(name: str) -> None:
    schema = json.loads((rulesets_dir() / name).read_text(encoding="utf-8"))
    assert schema["$id"] == schema_address(name, SITE_URL)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_site_url_reads_a_config_with_tags_and_adds_the_slash(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_url: https://example.org/ambigu\nmarkdown_extensions:\n"
                      "  - pymdownx.emoji:\n"
                      "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n",
                      encoding="utf-8")
    assert site_url(config) == "https://example.org/ambigu/"
    texts = expected_files(tmp_path, site_url(config))
    assert json.loads(texts[tmp_path / EXTENDS_NAME])["$id"] == (
        "https://example.org/ambigu/schemas/ambigu-ruleset-extends.schema.json")


def test_a_config_without_site_url_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\n", encoding="utf-8")
    with pytest.raises(ValueError, match="site_url"):
        site_url(config)


def _gen_schema_check(rulesets: Path) -> subprocess.CompletedProcess[str]:
    env = {"AMBIGU_RULESETS": str(rulesets), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, str(ROOT / "tools" / "gen_schema.py"), "--check"],
                          capture_output=True, text=True, env=env, timeout=120, check=False)


def test_gen_schema_check_passes_on_the_committed_schemas(tmp_path: Path) -> None:
    for name in NAMES:
        shutil.copy(rulesets_dir() / name, tmp_path / name)
    result = _gen_schema_check(tmp_path)
    assert result.returncode == 0, result.stderr


def test_gen_schema_check_fails_on_a_stale_id(tmp_path: Path) -> None:
    for name in NAMES:
        shutil.copy(rulesets_dir() / name, tmp_path / name)
    path = tmp_path / EXTENDS_NAME
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["$id"] = "https://old.example.org/schemas/" + EXTENDS_NAME
    path.write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = _gen_schema_check(tmp_path)
    assert result.returncode == 1
    assert f"{EXTENDS_NAME} is out of date" in result.stderr
    assert COMPLETE_NAME not in result.stderr


def test_the_site_build_publishes_both_schemas(tmp_path: Path) -> None:
    _hooks()._publish_schemas(tmp_path, SITE_URL)
    for name in NAMES:
        published = tmp_path / "schemas" / name
        assert published.read_bytes() == (rulesets_dir() / name).read_bytes()


def test_the_site_build_stops_when_the_address_moved(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match="gen_schema"):
        _hooks()._publish_schemas(tmp_path, "https://elsewhere.example.org/")
