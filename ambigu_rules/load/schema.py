"""The published JSON Schemas of the rule format (for editors).

Two schemas are written to ``rulesets/``: one for a complete version, and a
relaxed one for a file with ``extends:``, which may leave out anything its
parent provides.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from ..rules.ruleset import Ruleset

COMPLETE_NAME = "ambigu-ruleset.schema.json"
EXTENDS_NAME = "ambigu-ruleset-extends.schema.json"


def complete_schema() -> dict[str, Any]:
    """JSON Schema of a complete (root) rule file."""
    schema = Ruleset.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Ambigu ruleset"
    schema["description"] = (
        "One version of the rules of Ambigu. Every rule point carries source, "
        "evidence and an optional note."
    )
    return schema


def _drop_required(node: Any) -> None:
    if isinstance(node, dict):
        node.pop("required", None)
        node.pop("minItems", None)
        for value in node.values():
            _drop_required(value)
    elif isinstance(node, list):
        for value in node:
            _drop_required(value)


def extends_schema() -> dict[str, Any]:
    """JSON Schema of a file that ``extends`` another: nothing else is required."""
    schema = copy.deepcopy(complete_schema())
    _drop_required(schema)
    schema["required"] = ["format", "id", "title", "short_title", "summary", "extends"]
    schema["properties"]["remove"] = {
        "type": "array",
        "items": {"type": "string"},
        "description": "Dotted paths of parent entries to delete, list items named by id.",
    }
    for name, definition in schema.get("$defs", {}).items():
        if name in PLACED_ITEMS:
            definition["properties"].update(PLACING_PROPERTIES)
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
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def expected_files(directory: Path) -> dict[Path, str]:
    """The schema files as they should be on disk."""
    return {
        directory / COMPLETE_NAME: render(complete_schema()),
        directory / EXTENDS_NAME: render(extends_schema()),
    }
