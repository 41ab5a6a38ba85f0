"""A ``year`` is a whole number wherever it is written: at the top of a version, in a
file's own ``sources:`` and in ``rulesets/sources.yaml``. Its text form (``"1730"``, as a
quoted year reads) is the same number in all three; a range or an approximate date is
no year, and goes under ``period``, in words, where the mapping has one."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from ambigu_rules.errors import RulesetError
from ambigu_rules.load.catalog import load_bibliography, rulesets_dir
from ambigu_rules.load.resolver import resolve_path
from ambigu_rules.load.schema import EXTENDS_NAME
from ambigu_rules.rules.sources import Source

HOUSE = """\
format: 1
id: house
title: A house version
short_title: House
summary: The 1730 rules, citing the club's book.
extends: "1730"
year: {year}
sources:
  - id: club-book
    title: Rules of the Thursday card club
    year: {source_year}
"""

PERIOD_HINT = " (a range or an approximate date goes under 'period', in words)"


def house(tmp_path: Path, year: str, source_year: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE.format(year=year, source_year=source_year), encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    with pytest.raises(RulesetError) as caught:
        resolve_path(path)
    return caught.value.problems


@pytest.mark.parametrize(("year", "source_year"), [("1999", "2026"), ('"1999"', '"2026"'),
                                                   ("1999", '"2026"'), ('"1999"', "2026")])
def test_a_year_as_a_number_or_as_its_text_is_the_same_number_in_both_places(
        tmp_path: Path, year: str, source_year: str) -> None:
    ruleset = resolve_path(house(tmp_path, year, source_year)).ruleset
    assert (ruleset.year, ruleset.sources[0].year) == (1999, 2026)


def test_an_approximate_date_is_refused_in_both_places_pointing_to_period(
        tmp_path: Path) -> None:
    path = house(tmp_path, '"c. 1750"', "about 1900")
    assert problems_of(path) == [
        f"{path}:7:7: year: expected a year, a whole number from 1 to 9999 such as 1730, "
        f"got 'c. 1750'{PERIOD_HINT}",
        f"{path}:11:11: sources.club-book.year: expected a year, a whole number from 1 to 9999 "
        f"such as 1730, got 'about 1900'{PERIOD_HINT}",
    ]


def test_the_period_holds_the_approximate_date_in_both_places(tmp_path: Path) -> None:
    path = house(tmp_path, "1999\nperiod: the late 1990s",
                 "2026\n    period: written over the winter of 2025-2026")
    ruleset = resolve_path(path).ruleset
    assert ruleset.period == "the late 1990s"
    assert ruleset.sources[0].period == "written over the winter of 2025-2026"


@pytest.mark.parametrize("written", ["true", "0", "10000", "1730.5", '" 1730"', "[1730]"])
def test_what_is_no_year_is_refused(tmp_path: Path, written: str) -> None:
    (problem,) = problems_of(house(tmp_path, "1999", written))
    assert ": sources.club-book.year: expected a year, a whole number from 1 to 9999" in problem


def test_the_bibliography_s_years_are_numbers() -> None:
    years = {source.id: source.year for source in load_bibliography().sources}
    assert years["foster-1897"] == 1897
    assert all(year is None or isinstance(year, int) for year in years.values())


def test_a_bibliography_year_reads_as_a_version_s_does() -> None:
    fields = {"id": "x", "short": "X", "kind": "modern", "title": "X", "language": "en",
              "read": "not_read", "description": "X"}
    assert Source.model_validate({**fields, "year": "1665"}).year == 1665
    assert Source.model_validate({**fields, "year": 1665}).year == 1665
    with pytest.raises(ValueError, match="expected a year"):
        Source.model_validate({**fields, "year": "c. 1665"})


def test_the_published_schema_takes_a_year_as_the_loader_does() -> None:
    schema = json.loads((rulesets_dir() / EXTENDS_NAME).read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    base = {"format": 1, "id": "house", "title": "H", "short_title": "H", "summary": "H",
            "extends": "1730"}

    def accepted(year: object) -> bool:
        own = {"id": "club", "title": "Club", "year": year}
        return (not list(validator.iter_errors({**base, "year": year}))
                and not list(validator.iter_errors({**base, "sources": [own]})))

    assert accepted(1730) and accepted("1730")
    assert not accepted("c. 1750") and not accepted(0) and not accepted(10000)
