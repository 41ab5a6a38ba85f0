"""Each value of the format's vocabulary has one row: its meaning and its words.

The three drifts found when the words lived apart from the rows, each held here:
the version pages' exact-tie sentence did not read ``final_tie``; the rule-format
guide listed two of the three ``payers``; the narration said the gathered discards
were shuffled where the version says they are not.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Literal, get_args, get_origin

from ambigu_rules.engine.events import StockExhausted
from ambigu_rules.load.catalog import standard_deck
from ambigu_rules.play.narration import Narrator
from ambigu_rules.rules.vocabulary import VOCABULARY, WRITTEN_IN, said
from ambigu_rules.site.facts import Version
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.pages.version_page import version_page
from ambigu_rules.site.reference import render_page

ROOT = Path(__file__).resolve().parents[2]


def values_of(annotation: object) -> set[str]:
    """The values a field of the model may hold, as the vocabulary keys them."""
    if annotation is bool:
        return {"true", "false"}
    assert get_origin(annotation) is Literal, annotation
    return {str(value) for value in get_args(annotation)}


def test_every_value_written_in_a_rule_file_has_a_row_with_its_words() -> None:
    assert set(WRITTEN_IN) == set(VOCABULARY)
    for concept, places in WRITTEN_IN.items():
        for model, field in places:
            annotation = model.model_fields[field].annotation
            assert values_of(annotation) == set(VOCABULARY[concept]), (concept, model, field)
        for value, term in VOCABULARY[concept].items():
            assert term.meaning.strip() and "full" in term.words["en"], (concept, value)


def test_the_reference_gives_every_value_its_meaning_from_the_row() -> None:
    page = render_page()
    for concept, terms in VOCABULARY.items():
        for value, term in terms.items():
            meaning = term.meaning[:1].lower() + term.meaning[1:]
            assert f"`{value}`: {meaning}" in page, (concept, value)


def test_the_exact_tie_sentence_of_a_version_page_reads_final_tie() -> None:
    # docs/variants/split-ties.yaml: Foster with final_tie: split. Its page said, as
    # every version page did, that an exact tie goes to the player nearest the
    # dealer's right, beside a ranking whose ties are shared.
    site = load_site(["foster"])
    page = version_page(site, Version.load(str(ROOT / "docs" / "variants" / "split-ties.yaml")))
    start = page.index("Between two hands holding the same combination")
    sentence = page[start:page.index("\n", start)]
    assert html.escape(said("final_tie", "split", form="rule")) in sentence
    assert "nearest the dealer" not in sentence
    foster = version_page(site, site.versions[0])
    assert html.escape(said("final_tie", "nearest_dealer_right", form="rule")) in foster


def test_the_rule_format_guide_lists_all_of_a_concepts_values_or_none() -> None:
    # The guide listed each_other_player_dealt_in and each_other_player_at_table,
    # not each_other_player_still_in: now it links the reference instead.
    guide = (ROOT / "docs" / "rule-format.md").read_text(encoding="utf-8")
    written = set(re.findall(r"`([a-z_]+)`", guide))
    # Values spelt like words the guide uses for something else: `pool` is also
    # where antes go, `each_player` also who pays an ante.
    homonyms = {"none", "true", "false", "each_player", "pool"}
    for concept, terms in VOCABULARY.items():
        named = set(terms) & written - homonyms
        everything = set(terms) - homonyms
        assert not named or named == everything, (concept, sorted(everything - named))


def test_the_narration_says_shuffled_only_where_the_version_shuffles() -> None:
    narrator = Narrator(["Anna", "Ben"], standard_deck())
    unshuffled = narrator.line(StockExhausted(count=6, shuffled=False))
    shuffled = narrator.line(StockExhausted(count=6, shuffled=True))
    assert "shuffled" in shuffled and "unshuffled" in unshuffled
    assert ", shuffled" not in unshuffled
