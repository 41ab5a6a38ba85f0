"""The bibliography: every source a rule point may cite."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import Field

from .errors import RulesetError
from .model import Identifier, Strict
from .validation import validate_model
from .yaml_source import load_file


class Source(Strict):
    """One work, with what we know of it and how we read it."""

    id: Identifier
    short: str
    kind: Literal["primary", "period", "reference", "modern", "reconstruction", "encyclopedia"]
    author: str | None = None
    title: str
    container: str | None = None
    place: str | None = None
    publisher: str | None = None
    year: str | None = None
    edition: str | None = None
    language: str = Field(pattern=r"^[a-z]{2}$")
    url: str | None = None
    urls: list[str] = []
    read: Literal["full", "partial", "not_read", "indirect"]
    description: str


class Bibliography(Strict):
    sources: list[Source] = Field(min_length=1)

    def ids(self) -> set[str]:
        return {source.id for source in self.sources}

    def get(self, source_id: str) -> Source:
        for source in self.sources:
            if source.id == source_id:
                return source
        raise KeyError(source_id)


@cache
def load_bibliography() -> Bibliography:
    """Read ``rulesets/sources.yaml``."""
    from .registry import rulesets_dir

    name = "rulesets/sources.yaml"
    data: Any = load_file(rulesets_dir() / "sources.yaml", name)
    bibliography = validate_model(Bibliography, data, data)
    seen: set[str] = set()
    for index, source in enumerate(bibliography.sources):
        if source.id in seen:
            mark = data["sources"].marks[index]
            raise RulesetError([f"{mark}: sources[{index}].id: id {source.id!r} is used twice"])
        seen.add(source.id)
    return bibliography
