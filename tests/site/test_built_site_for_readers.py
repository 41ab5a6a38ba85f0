"""The built site gives each page its date and a way to report a mistake, and its
search index forgives missing accents and carries no footnote numbers."""

from __future__ import annotations

import json
import re

import pytest
from site_helpers import BuiltSite, built_site


@pytest.fixture(scope="module")
def site() -> BuiltSite:
    return built_site()


def test_every_page_ends_with_a_link_to_report_a_mistake(site: BuiltSite) -> None:
    for name in ("index.html", "versions/1730/index.html", "open-questions/index.html",
                 "versions/1730/card/index.html"):
        text = (site.path / name).read_text(encoding="utf-8")
        assert 'href="https://github.com/ambigu-rules/ambigu-rules/issues"' in text, name


def test_pages_carry_the_date_they_last_changed_when_git_knows_it(site: BuiltSite) -> None:
    text = (site.path / "history" / "index.html").read_text(encoding="utf-8")
    dated = re.search(r'Last changed on <time datetime="(\d{4}-\d{2}-\d{2})">', text)
    if dated is None:  # an sdist without git history: the date is left out quietly
        assert "Last changed on" not in text
    else:
        assert dated.group(1) >= "2020-01-01"


def test_search_index_has_unaccented_spellings_and_no_footnote_numbers(
        site: BuiltSite) -> None:
    index = json.loads((site.path / "search" / "search_index.json").read_text("utf-8"))
    texts = [doc["text"] for doc in index["docs"]]
    assert not any(re.search(r"<sup>\d+</sup>", text) for text in texts)
    assert any("Meslé" in text and "Mesle" in text for text in texts)
    assert any("Académie" in text and "Academie" in text for text in texts)
