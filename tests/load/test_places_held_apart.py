"""A place held in another file of the same work names that file (``text:``).

Foster's *Value of the Hands* is held as a text of its own
(``foster-value-of-the-hands.en.txt``, beside the procedure in
``foster-complete-hoyle.en.txt``), so its three places name that file and are
anchored in it by their first words, like every other place (fidelity reading
3, M1). The key is checked where the bibliography is read: a place known only
through the survey holds no ``text``, and ``text`` names a bare file other than
the source's own.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from ambigu_rules.errors import RulesetError
from ambigu_rules.load.catalog import load_bibliography, rulesets_dir
from ambigu_rules.rules.sources import Source
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.pages.sources_page import sources_page

VALUES = "foster-value-of-the-hands.en.txt"


def test_every_foster_place_is_anchored_in_a_held_text() -> None:
    foster = load_bibliography().get("foster-1897")
    assert [place.label for place in foster.places if place.via == "survey"] == []
    held = {place.label: foster.text_of(place) for place in foster.places}
    assert {label for label, text in held.items() if text == VALUES} == {
        "Value of the Hands", "Doublets", "Fredon"}
    assert set(held.values()) == {foster.text, VALUES}


def source(**place: str) -> Source:
    return Source.model_validate({
        "id": "x", "short": "X", "kind": "modern", "title": "X", "language": "en",
        "read": "full", "description": "X", "text": "x.txt",
        "places": [{"label": "A", **place}]})


def test_a_place_in_another_file_is_found_there() -> None:
    held = source(starts="A.", text="x-values.txt")
    assert held.text_of(held.places[0]) == "x-values.txt"
    assert source(starts="A.").text_of(source(starts="A.").places[0]) == "x.txt"


@pytest.mark.parametrize(("place", "words"), [
    ({"via": "survey", "text": "x-values.txt"}, "no 'starts' and no 'text'"),
    ({"via": "survey", "starts": "A."}, "no 'starts' and no 'text'"),
    ({"starts": "A.", "text": "x.txt"}, "held apart from the source's own 'text'"),
    ({"starts": "A.", "text": "../x-values.txt"}, "should match pattern"),
    ({"starts": "A.", "text": "values"}, "should match pattern"),
    ({}, "expected 'starts'"),
])
def test_a_place_that_cannot_be_found_is_refused(place: dict[str, str], words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        source(**place)


def test_a_place_in_another_file_needs_the_sources_own_text() -> None:
    with pytest.raises(ValidationError, match="none given"):
        Source.model_validate({
            "id": "x", "short": "X", "kind": "modern", "title": "X", "language": "en",
            "read": "full", "description": "X",
            "places": [{"label": "A", "starts": "A.", "text": "x-values.txt"}]})


def test_the_bibliography_says_where_a_wrong_place_is(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "rulesets"
    shutil.copytree(rulesets_dir(), copy)
    sources = copy / "sources.yaml"
    text = sources.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1)
                if row.strip().startswith("- {label: Fredon,"))
    sources.write_text(text.replace(
        '{label: Fredon, starts: "A Fredon, or four of a kind", text:',
        "{label: Fredon, via: survey, text:"), encoding="utf-8")
    monkeypatch.setenv("AMBIGU_RULESETS", str(copy))
    with pytest.raises(RulesetError) as error:
        load_bibliography.__wrapped__()
    message = str(error.value)
    assert f"sources.yaml:{line}:" in message and "via: survey" in message


def test_the_sources_page_says_which_places_are_held_apart() -> None:
    page = sources_page(load_site())
    foster = page[page.index("{ #foster-1897 }"):page.index("{ #wikipedia }")]
    assert "known through the research survey" not in foster
    assert foster.count(f"in the text held apart, <code>{VALUES}</code>") == 3
    assert "New York" not in foster and "Stokes" not in foster  # fidelity reading 3, L7
