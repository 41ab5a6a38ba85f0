"""The site's own data files: the glossary and the open questions.

Both are YAML, checked as strictly as the rulesets: unknown keys, unknown
source ids and dangling references are errors reported as
``file:line:col: path: what is wrong``. Their texts are ours, paraphrasing
the sources they cite.

The files live in ``rulesets/site/`` rather than beside the rulesets:
every ``rulesets/*.yaml`` that is not a support file is read as a version of
the game (see :func:`ambigu_rules.load.catalog.builtin_ids`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from ..errors import RulesetError
from ..load.validation import validate_model
from ..load.yaml_source import load_file, position_of
from ..rules.common import Identifier, Sources, Strict, Translated
from ..rules.sources import Bibliography
from ..words.markup import ABBREVIATION_FORBIDDEN

LANGUAGES = {"fr": "French", "en": "English", "de": "German", "ru": "Russian", "it": "Italian"}


def data_dir() -> Path:
    """Where the site's data files are (``rulesets/site/``)."""
    from ..load.catalog import rulesets_dir

    return rulesets_dir() / "site"


class Sense(Translated):
    """One meaning of a term, with the sources that use it so (its ``text`` with its
    French form in ``fr``)."""

    text: str
    source: Sources


class Term(Translated):
    """A period term of the game, in one language (its ``tooltip`` with its French
    form in ``fr``).

    ``tooltip`` is the short definition shown when the pointer rests on one
    of the ``tooltip_forms`` anywhere on the site (exact, case-sensitive
    words); common English words are left out of the forms on purpose.
    """

    id: Identifier
    term: str
    language: Literal["fr", "en", "de", "ru", "it"]
    also: list[str] = []
    equivalents: list[Identifier] = []
    senses: list[Sense] = Field(min_length=1)
    tooltip: str | None = None
    tooltip_forms: list[str] = []


class Glossary(Strict):
    terms: list[Term] = Field(min_length=1)


class Position(Translated):
    """What one source (or several agreeing sources) says on a question (``says`` with
    its French form in ``fr``)."""

    says: str
    source: Sources


class Question(Translated):
    """A point on which the sources disagree or are silent (its ``title``,
    ``question`` and ``comment`` with their French forms in ``fr``).

    ``rows`` name rows of the comparison (see :mod:`.comparison.rows`): the page shows,
    for each, the reading every version takes, drawn from its ruleset.
    """

    id: Identifier
    title: str
    question: str
    positions: list[Position] = Field(min_length=1)
    rows: list[str] = []
    comment: str | None = None


class OpenQuestions(Strict):
    questions: list[Question] = Field(min_length=1)


def _check_sources(items: Any, data: Any, path: tuple[Any, ...],
                   bibliography: Bibliography, problems: list[str]) -> None:
    known = bibliography.ids()
    for index, item in enumerate(items):
        for ref in item.source:
            if ref.id not in known:
                mark = position_of(data, (*path, index, "source"))
                problems.append(
                    f"{mark}: {'.'.join(map(str, path))}[{index}].source: unknown source "
                    f"{ref.id!r} (expected an id of rulesets/sources.yaml)"
                )


def _unique(items: list[Any], data: Any, key: str, problems: list[str]) -> None:
    seen: set[str] = set()
    for index, item in enumerate(items):
        if item.id in seen:
            mark = position_of(data, (key, index, "id"))
            problems.append(f"{mark}: {key}[{index}].id: id {item.id!r} is used twice")
        seen.add(item.id)


def load_glossary(bibliography: Bibliography, path: Path | None = None) -> Glossary:
    """Read and check ``rulesets/site/glossary.yaml``."""
    path = path or data_dir() / "glossary.yaml"
    data = load_file(path, "rulesets/site/glossary.yaml")
    glossary = validate_model(Glossary, data, data)
    problems: list[str] = []
    _unique(glossary.terms, data, "terms", problems)
    ids = {term.id for term in glossary.terms}
    forms: dict[str, str] = {}
    for index, term in enumerate(glossary.terms):
        _check_sources(term.senses, data, ("terms", index, "senses"), bibliography, problems)
        for other in term.equivalents:
            if other not in ids:
                mark = position_of(data, ("terms", index, "equivalents"))
                problems.append(f"{mark}: terms[{index}].equivalents: no term {other!r}")
        if term.tooltip_forms and not term.tooltip:
            mark = position_of(data, ("terms", index))
            problems.append(f"{mark}: terms[{index}]: tooltip_forms needs a tooltip")
        for form in term.tooltip_forms:
            if not form.strip() or any(ch in form for ch in ABBREVIATION_FORBIDDEN):
                mark = position_of(data, ("terms", index, "tooltip_forms"))
                problems.append(f"{mark}: terms[{index}].tooltip_forms: bad form {form!r}")
            elif form in forms:
                mark = position_of(data, ("terms", index, "tooltip_forms"))
                problems.append(
                    f"{mark}: terms[{index}].tooltip_forms: {form!r} already has a tooltip "
                    f"(term {forms[form]!r})"
                )
            forms[form] = term.id
    if problems:
        raise RulesetError(problems)
    return glossary


def load_open_questions(
    bibliography: Bibliography, row_keys: set[str], path: Path | None = None
) -> OpenQuestions:
    """Read and check ``rulesets/site/open-questions.yaml``."""
    path = path or data_dir() / "open-questions.yaml"
    data = load_file(path, "rulesets/site/open-questions.yaml")
    questions = validate_model(OpenQuestions, data, data)
    problems: list[str] = []
    _unique(questions.questions, data, "questions", problems)
    for index, question in enumerate(questions.questions):
        _check_sources(question.positions, data, ("questions", index, "positions"),
                       bibliography, problems)
        for row_index, row in enumerate(question.rows):
            if row not in row_keys:
                mark = position_of(data, ("questions", index, "rows", row_index))
                problems.append(
                    f"{mark}: questions[{index}].rows[{row_index}]: unknown row {row!r} "
                    "(expected a row key of ambigu_rules.site.comparison.rows.ROWS)"
                )
    if problems:
        raise RulesetError(problems)
    return questions




def load_compare_pairs(path: Path | None = None) -> list[tuple[str, str]]:
    """The pairs of versions that get a page of their own (``compare.yaml``)."""
    from ..load.catalog import builtin_ids

    path = path or data_dir() / "compare.yaml"
    data = load_file(path, "rulesets/site/compare.yaml")
    items = data.get("pairs") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise RulesetError(["rulesets/site/compare.yaml:1:1: expected a list 'pairs'"])
    known = builtin_ids()
    pairs: list[tuple[str, str]] = []
    for index, item in enumerate(items):
        ids = [str(v) for v in item] if isinstance(item, list) else []
        if len(ids) != 2 or any(i not in known for i in ids):
            where = position_of(data, ("pairs", index))
            raise RulesetError([f"{where}: pairs[{index}]: expected two version ids "
                                f"({', '.join(known)})"])
        pairs.append((ids[0], ids[1]))
    return pairs


def load_lead_version(path: Path | None = None) -> str:
    """The version whose tab a page of version tabs shows first (``lead`` in ``compare.yaml``).

    The reader's own choice of tab, once made, is kept from page to page by
    the theme and wins over it.
    """
    from ..load.catalog import builtin_ids

    path = path or data_dir() / "compare.yaml"
    data = load_file(path, "rulesets/site/compare.yaml")
    lead = data.get("lead") if isinstance(data, dict) else None
    known = builtin_ids()
    if str(lead) not in known:
        where = (position_of(data, ("lead",)) if isinstance(data, dict) else None) or (
            "rulesets/site/compare.yaml:1:1")
        raise RulesetError([f"{where}: lead: expected the id of a version ({', '.join(known)})"])
    return str(lead)
