"""The published JSON Schemas of the rule format (for editors).

Two schemas are written to ``rulesets/``: one for a complete version, and a
relaxed one for a file with ``extends:``, which may leave out anything its
parent provides. The files in ``rulesets/`` are the source (the wheel ships
them); the site publishes copies of them under :data:`SCHEMA_FOLDER`
(``tools/mkdocs_hooks.py``), and each schema's ``$id`` is that address: the
``site_url`` of ``mkdocs.yml`` (the one home of the site's address), then
``schemas/``, then the file's name.

A rule file names its schema on its first line, in the form the YAML
language server (VS Code's YAML extension, and other editors that run it) reads
(:func:`modeline`).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import yaml

from ..rules.ruleset import Ruleset
from .inheritance import SET_BY_INHERITANCE

COMPLETE_NAME = "ambigu-ruleset.schema.json"
EXTENDS_NAME = "ambigu-ruleset-extends.schema.json"
#: The folder of the site that publishes the schemas.
SCHEMA_FOLDER = "schemas"
#: What starts the first line of a rule file that names its schema.
MODELINE_PREFIX = "# yaml-language-server: $schema="


class _ConfigLoader(yaml.SafeLoader):
    """A YAML loader for ``mkdocs.yml`` that reads any tag (``!ENV``,
    ``!!python/name:``…) as null: only ``site_url`` is wanted."""


_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def site_url(config: Path) -> str:
    """The address the site is published at (``site_url`` of the ``mkdocs.yml``
    at ``config``, a file of the checkout, not of the wheel), ending in ``/``.

    >>> site_url(Path("mkdocs.yml")).startswith("https://")
    True
    """
    data = yaml.load(config.read_text(encoding="utf-8"), Loader=_ConfigLoader)
    url = data.get("site_url") if isinstance(data, dict) else None
    if not isinstance(url, str) or not url.strip():
        raise ValueError(f"{config}: no site_url: the schemas' addresses are made from it")
    url = url.strip()
    return url if url.endswith("/") else url + "/"


def schema_address(name: str, base_url: str) -> str:
    """Where the site publishes the schema file ``name``.

    >>> schema_address(COMPLETE_NAME, "https://example.org/ambigu/")
    'https://example.org/ambigu/schemas/ambigu-ruleset.schema.json'
    """
    return f"{base_url.rstrip('/')}/{SCHEMA_FOLDER}/{name}"


def schema_name_for(data: Any) -> str:
    """The schema a rule file's data answers to: the relaxed one if it extends another.

    >>> schema_name_for({"extends": "foster"}), schema_name_for({"format": 1})
    ('ambigu-ruleset-extends.schema.json', 'ambigu-ruleset.schema.json')
    """
    return EXTENDS_NAME if isinstance(data, dict) and "extends" in data else COMPLETE_NAME


def modeline(address: str) -> str:
    """The first line of a rule file whose schema is at ``address`` (no line break).

    >>> modeline("https://example.org/schemas/ambigu-ruleset.schema.json")
    '# yaml-language-server: $schema=https://example.org/schemas/ambigu-ruleset.schema.json'
    """
    return MODELINE_PREFIX + address


def complete_schema(base_url: str | None = None) -> dict[str, Any]:
    """JSON Schema of a complete (root) rule file; with ``base_url`` (the site's
    address), its ``$id`` is where the site publishes it."""
    schema = Ruleset.model_json_schema(by_alias=True)
    _drop_set_by_inheritance(schema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    if base_url is not None:
        schema["$id"] = schema_address(COMPLETE_NAME, base_url)
    schema["title"] = "Ambigu ruleset"
    schema["description"] = (
        "One version of the rules of Ambigu. Every rule point carries source, "
        "evidence and an optional note."
    )
    return schema


def _drop_set_by_inheritance(node: Any) -> None:
    """Take out the keys a file never writes (the loader refuses them): an editor
    must not offer them."""
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            for key in SET_BY_INHERITANCE:
                properties.pop(key, None)
        for value in node.values():
            _drop_set_by_inheritance(value)
    elif isinstance(node, list):
        for value in node:
            _drop_set_by_inheritance(value)


def _drop_required(node: Any) -> None:
    if isinstance(node, dict):
        node.pop("required", None)
        node.pop("minItems", None)
        for value in node.values():
            _drop_required(value)
    elif isinstance(node, list):
        for value in node:
            _drop_required(value)


def _one_branch_each(node: Any) -> None:
    """Keep each ``oneOf`` chosen by a discriminator (the kind of a step) exclusive
    once nothing is required. A step that leaves out its ``kind`` (its parent's
    step gives it) and changes only keys several kinds share (``title``, ``who``)
    would match several branches, and an editor would mark a good file "Matches
    multiple schemas". So: an item that gives the key is checked against the one
    branch its value (a ``const``) names (``oneOf``, as before); one that leaves it
    out, against every kind (``anyOf``), without a message asking for the key."""
    if isinstance(node, dict):
        for value in node.values():
            _one_branch_each(value)
        discriminator = node.get("discriminator")
        branches = node.get("oneOf")
        if isinstance(discriminator, dict) and isinstance(branches, list):
            del node["discriminator"], node["oneOf"]
            node["if"] = {"required": [discriminator["propertyName"]]}
            node["then"] = {"discriminator": discriminator, "oneOf": branches}
            node["else"] = {"anyOf": copy.deepcopy(branches)}
    elif isinstance(node, list):
        for value in node:
            _one_branch_each(value)


def extends_schema(base_url: str | None = None) -> dict[str, Any]:
    """JSON Schema of a file that ``extends`` another: nothing else is required;
    with ``base_url``, its ``$id`` is where the site publishes it."""
    schema = copy.deepcopy(complete_schema())
    _drop_required(schema)
    _one_branch_each(schema)
    schema["required"] = ["format", "id", "title", "short_title", "summary", "extends"]
    schema["properties"]["remove"] = {
        "type": "array",
        "items": {"type": "string"},
        "description": "Dotted paths of parent entries to delete, list items named by id.",
    }
    for name, definition in schema.get("$defs", {}).items():
        if name in PLACED_ITEMS:
            definition["properties"].update(PLACING_PROPERTIES)
    if base_url is not None:
        schema["$id"] = schema_address(EXTENDS_NAME, base_url)
    schema["title"] = "Ambigu ruleset (extending another)"
    return schema


# The items of lists that merge by id (steps, combinations, penalties, history),
# which an extending file may place or replace.
PLACED_ITEMS = ("AnteStep", "DealStep", "ExchangeStep", "ShuffleCallStep", "BettingStep",
                "ShowdownStep", "Combination", "Penalty", "HistoryPoint")
PLACING_PROPERTIES: dict[str, Any] = {
    "before": {"type": "string", "description": "Put this item just before the item with this id."},
    "after": {"type": "string", "description": "Put this item just after the item with this id."},
    "replace": {"type": "boolean",
                "description": "`true`: this item takes its parent's place whole, not merged."},
}


def render(schema: dict[str, Any]) -> str:
    """A schema as the text of its file."""
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def expected_files(directory: Path, base_url: str) -> dict[Path, str]:
    """The schema files as they should be on disk, their ``$id`` made from
    ``base_url`` (the site's address, :func:`site_url`)."""
    return {
        directory / COMPLETE_NAME: render(complete_schema(base_url)),
        directory / EXTENDS_NAME: render(extends_schema(base_url)),
    }
