"""The bibliography: every source a rule point may cite."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from .common import DESCRIPTIVE, Identifier, Strict, Translated, Year, YearOrPeriod

#: A held text is named by its bare file name in ``../shared/sources/`` (no folder).
TEXT_FILE = r"^[A-Za-z0-9][A-Za-z0-9_.-]*\.txt$"


class Place(Translated):
    """A place a locator may name in a source of `rulesets/sources.yaml`: a
    heading of the text, or a paragraph we name ourselves, anchored by the
    few words it starts with. A source's `places` are the only locators its
    citations may use. A name of ours has its French form in `fr` (`label`),
    which the French pages show; the locators of the rule files keep writing
    the `label`."""

    TRANSLATION_OPTIONAL = ("label", "note")
    NOT_TEXTS = ("text",)

    label: str = Field(
        min_length=1,
        description="What a locator writes: `foster-1897 Method of Playing` names the place "
        "`Method of Playing`.",
        json_schema_extra=DESCRIPTIVE,
    )
    starts: str | None = Field(
        default=None,
        description="The first words of the place, as they open a line of the held text "
        "that has it; needed unless `via: survey`.",
        json_schema_extra=DESCRIPTIVE,
    )
    via: Literal["text", "survey"] = Field(
        default="text",
        description="`text`: the place is in a text we hold; `survey`: we know it only "
        "through the research survey, and it has no `starts`.",
        json_schema_extra=DESCRIPTIVE,
    )
    text: str | None = Field(
        default=None, pattern=TEXT_FILE,
        description="The held file that has this place, when it is not the source's own "
        "`text` (a part of the work held apart, as Foster's *Value of the Hands*); a bare "
        "file name, other than the source's `text`.",
        json_schema_extra=DESCRIPTIVE,
    )
    note: str | None = Field(
        default=None, description="What the place is, in our words.",
        json_schema_extra=DESCRIPTIVE,
    )

    @model_validator(mode="after")
    def _anchored_where_held(self) -> Place:
        if self.via == "survey" and (self.starts is not None or self.text is not None):
            raise PydanticCustomError(
                "place", "a place known only through the survey ('via: survey') has no "
                "'starts' and no 'text': it is in no text we hold", {})
        if self.via == "text" and self.starts is None:
            raise PydanticCustomError(
                "place", "expected 'starts': the first words of the place in the text we "
                "hold (or 'via: survey')", {})
        return self


class Source(Translated):
    """One work, with what we know of it and how we read it.

    Its ``description`` has its French form in ``fr``; so may its ``short`` name,
    its ``container``, its ``edition`` and (a work of ours) its ``title``, where the
    French differs.

    ``read``: ``full`` or ``partial`` (we hold the text, or part of it),
    ``survey`` (known through the project's research survey only),
    ``indirect`` (known through another source) or ``not_read``. A source
    whose text we hold names the file (``text``) and the ``places`` its
    locators may name (a place held in another file names it itself).
    """

    id: Identifier
    short: str
    kind: Literal["primary", "period", "reference", "modern", "reconstruction", "encyclopedia"]
    author: str | None = None
    title: str
    container: str | None = None
    place: str | None = None
    publisher: str | None = None
    year: Year | None = None
    edition: str | None = None
    language: str = Field(pattern=r"^[a-z]{2}$")
    url: str | None = None
    urls: list[str] = []
    read: Literal["full", "partial", "survey", "not_read", "indirect"]
    description: str
    text: str | None = Field(default=None, pattern=TEXT_FILE)
    places: list[Place] = []

    @model_validator(mode="after")
    def _places_held_apart(self) -> Source:
        for place in self.places:
            if place.text is not None and self.text in (None, place.text):
                raise PydanticCustomError(
                    "place", "place {label!r}: 'text' names a file held apart from the "
                    "source's own 'text' ({own}); leave it out for a place in that file",
                    {"label": place.label, "own": self.text or "none given"})
        return self

    TRANSLATION_OPTIONAL = ("short", "title", "container", "edition")
    NOT_TEXTS = ("text",)

    def text_of(self, place: Place) -> str | None:
        """The held file that has ``place``: its own ``text``, else the source's
        (``None`` for a place known only through the survey).

        >>> source = Source(id="x", short="X", kind="modern", title="X", language="en",
        ...                 read="full", description="X", text="x.txt",
        ...                 places=[Place(label="A", starts="A."),
        ...                         Place(label="B", starts="B.", text="x-b.txt")])
        >>> [source.text_of(place) for place in source.places]
        ['x.txt', 'x-b.txt']
        """
        if place.via == "survey":
            return None
        return place.text or self.text


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
    year: YearOrPeriod | None = Field(
        default=None,
        description="The year it was written or published, a whole number (`2026`; `\"2026\"` "
        "is read as the same number), as a version's `year`.",
        json_schema_extra=DESCRIPTIVE,
    )
    period: str | None = Field(
        default=None,
        description="When it was written or published, in words, for a range or an "
        "approximate date (`about 1900`), as a version's `period`.",
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
