"""Every locator names a place that exists in the source it cites.

For the five sources whose text we hold (``../shared/sources/``),
``rulesets/sources.yaml`` lists the places a locator may name: the text's
own headings, or paragraphs we name ourselves, each anchored by the words
it starts with (or marked as known only through the research survey). A
place held in another file of the same work (Foster's *Value of the Hands*)
names that file itself (``text:``). The first test holds every locator of
every file to that list; the others, where the texts are at hand, find each
anchor in the file that holds it and every held file among the sources.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from ambigu_rules.load.catalog import load_bibliography

from conftest import ROOT

CITING_FILES = sorted([*ROOT.glob("rulesets/*.yaml"), *ROOT.glob("rulesets/site/*.yaml"),
                       *ROOT.glob("docs/variants/*.yaml")])
TEXTS = Path(os.environ.get("AMBIGU_SOURCES", ROOT.parent / "shared" / "sources"))


def citations(value: Any) -> Iterator[tuple[str, str]]:
    """Every (source id, locator) cited under a ``source`` key."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "source":
                for ref in item if isinstance(item, list) else [item]:
                    if isinstance(ref, str):
                        source_id, _, at = ref.partition(" ")
                        yield source_id, at.strip()
                    elif isinstance(ref, dict):
                        yield str(ref.get("id")), str(ref.get("at") or "")
            else:
                yield from citations(item)
    elif isinstance(value, list):
        for item in value:
            yield from citations(item)


def held_sources() -> dict[str, Any]:
    return {source.id: source for source in load_bibliography().sources if source.text}


def test_the_five_texts_we_hold_are_named() -> None:
    assert sorted(held_sources()) == ["ajo", "de-rules", "foster-1897", "ru-enc", "wikipedia"]


@pytest.mark.parametrize("path", CITING_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_locator_names_a_listed_place(path: Path) -> None:
    held = held_sources()
    wrong = []
    for source_id, at in citations(yaml.safe_load(path.read_text(encoding="utf-8"))):
        source = held.get(source_id)
        if source is None or not at:
            continue
        labels = [place.label for place in source.places]
        if at not in labels:
            wrong.append(f"{source_id} {at!r} (places: {', '.join(labels)})")
    assert wrong == []


@pytest.mark.skipif(not TEXTS.is_dir(), reason=f"the source texts are not at {TEXTS}")
@pytest.mark.parametrize("source_id", sorted(held_sources()))
def test_every_place_is_found_in_the_text_we_hold(source_id: str) -> None:
    source = held_sources()[source_id]
    missing = []
    for place in source.places:
        held = source.text_of(place)
        if held is None:
            continue
        text = (TEXTS / held).read_text(encoding="utf-8", errors="replace")
        lines = [line.strip() for line in text.splitlines()]
        if not any(line.startswith(place.starts or place.label) for line in lines):
            missing.append(f"{place.label} in {held}")
    assert missing == []


@pytest.mark.skipif(not TEXTS.is_dir(), reason=f"the source texts are not at {TEXTS}")
def test_every_held_text_is_named_by_a_source_or_a_place() -> None:
    named = {source.text_of(place) for source in held_sources().values()
             for place in source.places} | {source.text for source in held_sources().values()}
    assert {path.name for path in TEXTS.glob("*.txt")} <= named


def test_places_known_only_through_the_survey_carry_no_anchor() -> None:
    for source in held_sources().values():
        for place in source.places:
            assert (place.via == "survey") == (place.starts is None), (source.id, place.label)
            assert place.via == "text" or place.text is None, (source.id, place.label)
