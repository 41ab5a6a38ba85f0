"""The common ground of the rule model: rule points and their provenance.

A ruleset is a tree of *rule points*. Each rule point states one rule of a
version together with its provenance: ``source`` (an id from the
bibliography, optionally followed by a locator such as a section or page),
``evidence`` (how sure we are) and an optional ``note`` in our own words.

The model is strict: unknown keys, wrong types and out-of-range numbers are
errors. Cross-references (a tie-break naming a combination that does not
exist, an unknown source id) are checked afterwards by
:mod:`ambigu_rules.load.checks`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Any, ClassVar, Literal, get_args

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    model_validator,
)
from pydantic.fields import FieldInfo
from pydantic_core import PydanticCustomError

from ..limits import MAX_COUNTERS, MAX_ID_LENGTH, MAX_ITEMS, MAX_PLAYERS


def _whole_number(minimum: int, maximum: int = MAX_COUNTERS) -> Any:
    def check(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PydanticCustomError(
                "whole_number",
                "expected a whole number ≥ {minimum}, got {got}",
                {"minimum": minimum, "got": _shown(value)},
            )
        if not minimum <= value <= maximum:
            raise PydanticCustomError(
                "whole_number",
                "expected a whole number from {minimum} to {maximum}, got {got}",
                {"minimum": minimum, "maximum": f"{maximum:,}", "got": _shown(value)},
            )
        return value

    return BeforeValidator(check, json_schema_input_type=int)


def _shown(value: Any) -> str:
    """A short ``repr`` for a message (a number of a million digits stays short)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**15:
        return f"a number of {len(str(abs(value)))} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


#: What an identifier may be: ASCII letters, digits, ``_`` and ``-``, starting with a
#: letter or digit, at most :data:`~ambigu_rules.limits.MAX_ID_LENGTH` characters. Ids
#: name files and pages of the site and anchors of its links, so no id can hold a
#: ``/``, a ``.``, a space or a character that looks like another.
IDENTIFIER_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def _identifier(value: Any) -> Any:
    """An id as text (a number is read as text); anything else is refused.

    >>> _identifier(1730), _identifier("tricon_prime")
    ('1730', 'tricon_prime')
    >>> [IDENTIFIER_PATTERN.fullmatch(text) is None for text in ("../x", "foster\u200b", "a b")]
    [True, True, True]
    """
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if (not isinstance(value, str) or len(value) > MAX_ID_LENGTH
            or not IDENTIFIER_PATTERN.fullmatch(value)):
        raise PydanticCustomError(
            "identifier",
            "expected an identifier (ASCII letters, digits, '_' and '-', starting with a letter "
            "or digit, at most {longest} characters), got {got}",
            {"got": _shown(value), "longest": MAX_ID_LENGTH},
        )
    return value


def _version_name(value: Any) -> Any:
    """A version named by ``extends:`` or a replay's ``variant:``: a built-in id or a
    relative path (which :func:`~ambigu_rules.load.catalog.version_beside` checks)."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not value.strip():
        raise PydanticCustomError(
            "version_name", "expected a version id or a relative path to a .yaml file, "
            "got {got}", {"got": _shown(value)})
    return value


#: The latest year a file may give (the earliest is 1).
MAX_YEAR = 9999
_YEAR_TEXT = re.compile(r"[0-9]{1,4}")


def _year(period: bool) -> Any:
    """A year: a whole number from 1 to :data:`MAX_YEAR`, or the same written as text
    (``"1730"``, as YAML reads a quoted year), read as that number. ``period`` says
    whether the mapping has a ``period`` in words for a range or an approximate date.

    >>> check = _year(True).func
    >>> check(1730), check("1730")
    (1730, 1730)
    """
    hint = " (a range or an approximate date goes under 'period', in words)" if period else ""

    def check(value: Any) -> Any:
        if isinstance(value, str) and _YEAR_TEXT.fullmatch(value):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_YEAR:
            raise PydanticCustomError(
                "year", "expected a year, a whole number from 1 to {latest} such as 1730, "
                "got {got}{hint}", {"latest": MAX_YEAR, "got": _shown(value), "hint": hint})
        return value

    schema = (Annotated[int, Field(ge=1, le=MAX_YEAR)]
              | Annotated[str, Field(pattern=r"^[0-9]{1,4}$")])
    return BeforeValidator(check, json_schema_input_type=schema)


DESCRIPTIVE: dict[str, Any] = {"x-descriptive": True}
"""The ``json_schema_extra`` of a key that describes and is never played: provenance,
titles, names, the words players say, ids that other keys refer to. The JSON Schemas
and the reference page say so; every other key changes play
(``tests/rules/test_every_key_played.py``)."""



def is_descriptive(info: FieldInfo) -> bool:
    """Whether a model field is marked :data:`DESCRIPTIVE` (never played)."""
    extra = info.json_schema_extra
    return isinstance(extra, dict) and bool(extra.get("x-descriptive"))


def played_parts(value: Any) -> Any:
    """``value`` (a model, or lists and mappings of them) as plain data, without the
    descriptive keys but with every ``id``: what play depends on.

    >>> played_parts(SourceRef(id="ajo", at="§Players"))
    {'id': 'ajo'}
    """
    if isinstance(value, BaseModel):
        return {name: played_parts(getattr(value, name))
                for name, info in type(value).model_fields.items()
                if name == "id" or not is_descriptive(info)}
    if isinstance(value, list | tuple):
        return [played_parts(item) for item in value]
    if isinstance(value, dict):
        return {str(key): played_parts(item) for key, item in value.items()}
    return value


Count = Annotated[int, _whole_number(0)]
Positive = Annotated[int, _whole_number(1)]
# At least two players: one alone has nobody to play against.
PlayerCount = Annotated[int, _whole_number(2, MAX_PLAYERS)]
#: What an editor checks an identifier against (the JSON Schema's words for
#: :data:`IDENTIFIER_PATTERN` and :data:`~ambigu_rules.limits.MAX_ID_LENGTH`).
_IDENTIFIER_SCHEMA = Annotated[str, Field(pattern=f"^{IDENTIFIER_PATTERN.pattern}$",
                                          max_length=MAX_ID_LENGTH)] | Annotated[int, Field(ge=0)]
Identifier = Annotated[str, BeforeValidator(_identifier,
                                            json_schema_input_type=_IDENTIFIER_SCHEMA)]
VersionName = Annotated[str, BeforeValidator(_version_name, json_schema_input_type=str | int)]
#: A year (see :func:`_year`), in a mapping with a ``period`` for the other dates.
YearOrPeriod = Annotated[int, _year(period=True)]
#: A year (see :func:`_year`), in a mapping without a ``period``.
Year = Annotated[int, _year(period=False)]
Evidence = Literal["attested", "reconstructed", "inferred", "editorial"]
Canonical = Literal[
    "point",
    "prime",
    "grand_prime",
    "sequence",
    "tricon",
    "flush",
    "tricon_prime",
    "flush_sequence",
    "fredon",
]
EVIDENCE_LEVELS: tuple[str, ...] = get_args(Evidence)
CANONICAL_COMBINATIONS: tuple[str, ...] = get_args(Canonical)


class Strict(BaseModel):
    """Base of every model: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class SourceRef(Strict):
    """A citation: a bibliography id and where in that source."""

    id: Identifier = Field(
        description="The id of a source in `rulesets/sources.yaml`.",
        json_schema_extra=DESCRIPTIVE,
    )
    at: str | None = Field(
        default=None,
        description="Where in that source: a section, chapter or page.",
        json_schema_extra=DESCRIPTIVE,
    )

    def __str__(self) -> str:
        return f"{self.id} {self.at}" if self.at else self.id


def _source_refs(value: Any) -> Any:
    """Accept ``"id locator"`` strings, or a list of them, as citations."""
    items = value if isinstance(value, list) else [value]
    refs = []
    for item in items:
        if isinstance(item, str) and item.strip():
            head, _, tail = item.strip().partition(" ")
            refs.append({"id": head, "at": tail.strip() or None})
        elif isinstance(item, dict):
            refs.append(item)
        else:
            raise PydanticCustomError(
                "source",
                "expected a source such as 'foster-1897 Method of Playing', got {got}",
                {"got": repr(item)},
            )
    if not refs:
        raise PydanticCustomError("source", "expected at least one source", {})
    return refs


Sources = Annotated[
    Annotated[list[SourceRef], Field(max_length=MAX_ITEMS)],
    BeforeValidator(_source_refs, json_schema_input_type=str | list[str | SourceRef]),
]


#: The texts of ours a part may give in other languages under ``translations``. The
#: calls players make (``pass_call``…) and the names in the sources' languages
#: (``names``) are said as they are, in every language.
TRANSLATED = ("note", "title", "short_title", "period", "summary", "name", "definition",
              "description", "says", "text", "tooltip", "question", "comment")
#: How a language is named under ``translations``: its code (``fr``, ``ru``).
_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")


def _other_languages() -> tuple[str, ...]:
    """The codes of the languages the package speaks other than the source (English)."""
    from ..languages import CODES, SOURCE

    return tuple(code for code in CODES if code != SOURCE)


class Translated(Strict):
    """A part of a rule file with texts of ours, each with its forms in other languages
    under ``translations`` (``translations: {fr: {note: …}, ru: {note: …}}``).

    The older spelling ``fr: {note: …}`` is still read, as ``translations: {fr: …}``.
    :attr:`TRANSLATION_OPTIONAL` names texts of the part that may have a form in
    another language but need none (a name written the same in every language, a
    work's own title); :attr:`NOT_TEXTS`, keys of the part that bear the name of a
    text but are none (a source's ``text`` is a file name).
    """

    TRANSLATION_OPTIONAL: ClassVar[tuple[str, ...]] = ()
    NOT_TEXTS: ClassVar[tuple[str, ...]] = ()

    translations: dict[str, dict[str, str]] | None = Field(
        default=None,
        description=(
            "This part's own texts in other languages, by language code and then by key "
            "(`translations: {fr: {note: …}}`): the keys are `note` and, where the part has "
            "them, `title`, `short_title`, `period`, `summary`, `name`, `definition`, "
            "`description`, `says`, `text`; each key a text of the same part that is set, "
            "each form in our own words in that language. A language's pages show these "
            "forms; a quotation inside stays in its own language. A version that overrides a "
            "text it inherits gives its forms again."
        ),
        json_schema_extra={**DESCRIPTIVE, "propertyNames": {"pattern": "^[a-z]{2,3}$"}},
    )
    fr: dict[str, str] | None = Field(
        default=None,
        description=(
            "The older spelling of `translations: {fr: …}`, still read: the French forms of "
            "this part's own texts."
        ),
        json_schema_extra={**DESCRIPTIVE, "deprecated": True},
    )

    @model_validator(mode="before")
    @classmethod
    def _older_french_spelling(cls, data: Any) -> Any:
        """``fr: {…}`` read as ``translations: {fr: {…}}``."""
        if not isinstance(data, dict) or data.get("fr") is None:
            return data
        translations = data.get("translations")
        if isinstance(translations, dict) and "fr" in translations:
            raise PydanticCustomError(
                "translation",
                "fr and translations.fr: the French forms are given twice; keep "
                "translations.fr", {})
        if not isinstance(data["fr"], dict) or not isinstance(translations, dict | None):
            return data  # refused at its place by the field's own type
        moved = {key: value for key, value in data.items() if key != "fr"}
        moved["translations"] = {**(translations or {}), "fr": data["fr"]}
        return moved

    @model_validator(mode="after")
    def _translations_have_their_text(self) -> Translated:
        keys = (*(key for key in TRANSLATED if key not in self.NOT_TEXTS),
                *self.TRANSLATION_OPTIONAL)
        spoken = _other_languages()
        for code, forms in (self.translations or {}).items():
            if not _LANGUAGE_CODE.fullmatch(code) or code not in spoken:
                raise PydanticCustomError(
                    "translation",
                    "translations.{code}: not a language of the package (it speaks {spoken} "
                    "besides English)",
                    {"code": code, "spoken": ", ".join(spoken)})
            for key, text in forms.items():
                if key not in keys or not isinstance(getattr(self, key, None), str):
                    raise PydanticCustomError(
                        "translation",
                        "{code}.{key}: this part has no text {key} to translate; the keys "
                        "of {code} are its texts ({keys})",
                        {"code": code, "key": key, "keys": ", ".join(dict.fromkeys(keys))},
                    )
                if not text.strip():
                    raise PydanticCustomError("translation", "{code}.{key} is empty",
                                              {"code": code, "key": key})
        return self

    def text_in(self, key: str, code: str) -> str:
        """The text ``key`` in the language ``code``: its form under ``translations``
        when the part gives one, else the text as written (English).

        >>> clause = Clause(says="Two cards", source="ajo", evidence="reconstructed",
        ...                 translations={"fr": {"says": "Deux cartes"}})
        >>> clause.text_in("says", "fr"), clause.text_in("says", "en")
        ('Deux cartes', 'Two cards')
        >>> Clause(says="Two cards", source="ajo", evidence="reconstructed",
        ...        fr={"says": "Deux cartes"}).text_in("says", "fr")
        'Deux cartes'
        """
        forms = (self.translations or {}).get(code)
        if forms and key in forms:
            return forms[key]
        return str(getattr(self, key))

    def untranslated(self, code: str) -> list[str]:
        """The texts of this part that are set and have no form in language ``code``."""
        forms = (self.translations or {}).get(code, {})
        return [key for key in TRANSLATED
                if key not in self.TRANSLATION_OPTIONAL and key not in self.NOT_TEXTS
                and isinstance(getattr(self, key, None), str) and getattr(self, key).strip()
                and key not in forms]


class Provenance(Translated):
    """Where something comes from and how sure we are: a rule point, or one clause of it."""

    source: Sources = Field(
        description=(
            "Where the rule comes from: a source id, optionally followed by a locator "
            "(`foster-1897 Method of Playing`); a list cites several sources."
        ),
        json_schema_extra=DESCRIPTIVE,
    )
    evidence: Evidence = Field(
        description=(
            "How sure we are: `attested` (a source states it), `reconstructed` (a modern "
            "reconstruction states it), `inferred` (our reading) or `editorial` (our choice where"
            " the sources are silent)."
        ),
        json_schema_extra=DESCRIPTIVE,
    )
    note: str | None = Field(
        default=None,
        description="Our annotation, in our own words.",
        json_schema_extra=DESCRIPTIVE,
    )
    # Set by inheritance when the point comes unchanged from a parent version.
    inherited_from: str | None = Field(
        default=None,
        description=(
            "Set by inheritance, not written by hand: the id of the parent version this point "
            "comes from unchanged."
        ),
        json_schema_extra=DESCRIPTIVE,
    )
    parent_evidence: Evidence | None = Field(
        default=None,
        description=(
            "Set by inheritance, not written by hand: the parent's evidence level, kept when "
            "`inherit.downgrade_to` lowered it."
        ),
        json_schema_extra=DESCRIPTIVE,
    )


def weakest(levels: Iterable[str]) -> str:
    """The weakest of some evidence levels.

    >>> weakest(["attested", "inferred", "reconstructed"])
    'inferred'
    """
    return max(levels, key=EVIDENCE_LEVELS.index)


class Clause(Provenance):
    """One part of a rule point, with its own evidence and source."""

    says: str = Field(
        description="The part of the rule, in our own words.",
        json_schema_extra=DESCRIPTIVE,
    )


class RulePoint(Provenance):
    """Provenance carried by every rule point, and its clauses if its parts differ.

    A rule point whose parts come from different sources, or are not all as
    sure, lists them as ``clauses``; its own ``evidence`` is then the
    weakest of theirs (a badge is as strong as the weakest thing it covers).
    """

    clauses: list[Clause] = Field(
        default=[], max_length=MAX_ITEMS,
        description=(
            "The point's parts, each with its own `says`, `source` and `evidence`, when they "
            "differ; the point's `evidence` must then be the weakest of theirs."
        ),
        json_schema_extra=DESCRIPTIVE,
    )

    @model_validator(mode="after")
    def _headline_is_weakest(self) -> RulePoint:
        if self.clauses:
            level = weakest(clause.evidence for clause in self.clauses)
            if self.evidence != level:
                raise PydanticCustomError(
                    "evidence",
                    "evidence is {given} but the weakest of its clauses is {level}: a point's "
                    "badge is the weakest of its clauses'",
                    {"given": self.evidence, "level": level},
                )
        return self

    @property
    def mixed(self) -> bool:
        """Whether its clauses are not all equally sure."""
        return len({clause.evidence for clause in self.clauses}) > 1


class Range(Strict):
    """An inclusive range of whole numbers."""

    min: Count = Field(description="The smallest number allowed.")
    max: Count = Field(description="The largest number allowed (not less than `min`).")

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.min > self.max:
            raise PydanticCustomError(
                "range", "min ({lo}) is greater than max ({hi})", {"lo": self.min, "hi": self.max}
            )
        return self


class Agreed(Strict):
    """An amount the table agrees on before play: one of ``choices``."""

    default: Count = Field(
        description="The amount played unless the table agrees otherwise; one of `choices`.",
    )
    choices: list[Count] = Field(
        max_length=MAX_ITEMS,
        description="The amounts the table may agree on.",
    )

    @model_validator(mode="after")
    def _default_among_choices(self) -> Agreed:
        if self.default not in self.choices:
            raise PydanticCustomError(
                "agreed", "default {d} is not one of the choices", {"d": self.default}
            )
        return self


Amount = Count | Agreed
