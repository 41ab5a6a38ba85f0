"""The bibliography: every source a rule point may cite."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import DESCRIPTIVE, Identifier, Strict


class Place(Strict):
    """A place a locator may name in a source: a heading of the text, or a
    paragraph we name ourselves, anchored by the few words it starts with."""

    label: str = Field(min_length=1)
    starts: str | None = None  # the first words there, in the text we hold
    via: Literal["text", "survey"] = "text"  # in the text we hold, or only in the survey
    note: str | None = None


class Source(Strict):
    """One work, with what we know of it and how we read it.

    ``read``: ``full`` or ``partial`` (we hold the text, or part of it),
    ``survey`` (known through the project's research survey only),
    ``indirect`` (known through another source) or ``not_read``. A source
    whose text we hold names the file (``text``) and the ``places`` its
    locators may name.
    """

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
    read: Literal["full", "partial", "survey", "not_read", "indirect"]
    description: str
    text: str | None = None
    places: list[Place] = []


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
