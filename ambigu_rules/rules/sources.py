"""The bibliography: every source a rule point may cite."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import Identifier, Strict


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
