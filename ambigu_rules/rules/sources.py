"""The bibliography: every source a rule point may cite."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import DESCRIPTIVE, Identifier, Strict


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


class OwnSource(Strict):
    """A work a rule file cites that is not in ``rulesets/sources.yaml``: a user's own."""

    id: Identifier = Field(
        description="The id its rule points cite, as `source: my-notes p. 3`.",
        json_schema_extra=DESCRIPTIVE,
    )
    title: str = Field(description="The work's title.", json_schema_extra=DESCRIPTIVE)
    author: str | None = Field(
        default=None, description="Who wrote it.", json_schema_extra=DESCRIPTIVE,
    )
    year: str | None = Field(
        default=None, description="When it was written or published.",
        json_schema_extra=DESCRIPTIVE,
    )
    url: str | None = Field(
        default=None, description="Where it can be read.", json_schema_extra=DESCRIPTIVE,
    )
    note: str | None = Field(
        default=None, description="What it is, in a sentence.", json_schema_extra=DESCRIPTIVE,
    )


class Bibliography(Strict):
    sources: list[Source] = Field(min_length=1)

    def ids(self) -> set[str]:
        return {source.id for source in self.sources}

    def get(self, source_id: str) -> Source:
        for source in self.sources:
            if source.id == source_id:
                return source
        raise KeyError(source_id)
