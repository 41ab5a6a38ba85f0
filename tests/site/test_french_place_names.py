"""French reading 4, H8: the places we named ourselves in a source (``§Showdown``,
``§The ante``, "opening paragraphs", "Lead"…) have their French names as data
(``fr: {label: …}`` in ``rulesets/sources.yaml``), and the French edition shows
those names wherever a locator is shown: the footnotes of the generated pages, the
sources page (which also gives the locator the rule files write, as code), the
French forms of the rule files' notes and the hand-written French pages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from site_helpers import ROOT

from ambigu_rules.load.catalog import load_bibliography

DOCS = ROOT / "docs"
FRENCH_PAGES = sorted(path for path in DOCS.rglob("*.fr.md")
                      if "api" not in path.relative_to(DOCS).parts)
_FR_BLOCK = re.compile(r"^( *)fr:\n((?:\1  .*\n|[ ]*\n)*)", re.M)
_CODE = re.compile(r"<code>.*?</code>|`[^`]*`", re.S)


def _named_places() -> list[tuple[str, str, str]]:
    """(source id, label, French label) of every place with a French name of its own."""
    return [(source.id, place.label, place.text_in("label", "fr"))
            for source in load_bibliography().sources for place in source.places
            if place.text_in("label", "fr") != place.label]


def test_our_names_of_places_have_their_french_form() -> None:
    named = {(source_id, label) for source_id, label, _ in _named_places()}
    assert {("ajo", "§Showdown"), ("ajo", "§The ante"), ("ajo", "§The deal"),
            ("ajo", "§Players and cards"), ("ajo", "§Combinations"),
            ("ajo", "opening paragraphs"), ("ajo", "References"), ("wikipedia", "Lead"),
            ("ru-enc", "opening paragraph")} <= named


def _english_places_in(text: str) -> list[str]:
    text = _CODE.sub(" ", text)
    found = []
    for source_id, label, _ in _named_places():
        bare = label.lstrip("§")
        named = (
            # a locator of ours as such: §Showdown
            (label.startswith("§") and re.search(re.escape(label) + r"(?!\w)", text))
            # a footnote or a citation: the source's link, then its places
            or re.search(rf"\]\([./]*sources\.md#{re.escape(source_id)}\)[^;\n]*?"
                         rf"(?<![\w-]){re.escape(label)}(?![\w-])", text)
            # a hand-written page names the place in italics: (*Showdown*)
            or re.search(rf"\*{re.escape(bare)}\*", text))
        if named:
            found.append(label)
    return found


@pytest.mark.parametrize("page", FRENCH_PAGES, ids=lambda path: str(path.relative_to(DOCS)))
def test_a_french_page_names_our_places_in_french(page: Path) -> None:
    assert _english_places_in(page.read_text(encoding="utf-8")) == []


def test_the_french_notes_of_the_rule_files_name_our_places_in_french() -> None:
    found = []
    for path in sorted([*(ROOT / "rulesets").glob("*.yaml"),
                        *(ROOT / "rulesets" / "site").glob("*.yaml"),
                        ROOT / "ambigu_rules" / "languages" / "fr" / "messages.yaml"]):
        text = path.read_text(encoding="utf-8")
        if path.parent.name != "fr":  # only the French forms: the blocks under `fr:`
            text = "\n".join(block for _, block in _FR_BLOCK.findall(text))
        labels = [label for _, label, _ in _named_places() if label.startswith("§")]
        found += [f"{path.name}: {label}" for label in labels
                  if re.search(re.escape(label) + r"(?!\w)", text)]
    assert found == []
