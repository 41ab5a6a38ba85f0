"""The worked examples' table view: the counters after each step of a replayed deal.

The expected figures are the German worked example's, as its page works them
out from Foster's *Complete Hoyle* and the German rules page: a blind of 1
each (pool 4), an ante of 2 each after the first draw (pool 12), Anna bets 2
and Ben and Carla call while Dan drops out, 2 more each in the last betting,
then Anna takes 24 and is paid 8 by each of the three others.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from site_helpers import ROOT

from ambigu_rules.errors import SiteError
from ambigu_rules.site.table_view import fill_table_views, replay_view, table_view_html

EXAMPLES = ROOT / "docs" / "examples"
GERMAN = EXAMPLES / "scenarios" / "german-example.yaml"


def test_german_example_counters_after_each_step() -> None:
    view = replay_view(GERMAN)
    assert view.start == (50, 50, 50, 50)
    by_step = {snap.steps[0]: snap for snap in view.snapshots}
    assert by_step["Blind"].pool == 4 and by_step["Blind"].banks == (49, 49, 49, 49)
    assert by_step["Ante after the draw"].pool == 12
    assert by_step["Ante after the draw"].banks == (47, 47, 47, 47)
    first_betting = by_step['"I play" or "I pass"']
    assert first_betting.bets == (2, 2, 2, 0) and first_betting.out == {3}
    assert by_step["Last betting round"].bets == (4, 4, 4, 0)
    end = view.snapshots[-1]
    assert end.banks == (91, 35, 35, 39) and end.pool == 0 and sum(end.bets) == 0


def test_steps_come_in_the_order_of_the_deal() -> None:
    titles = [snap.steps[0] for snap in replay_view(GERMAN).snapshots]
    assert titles == ["Blind", "Two cards each", "First draw", "Ante after the draw",
                      "Two more cards", '"I play" or "I pass"', "Second draw",
                      "Last betting round", "Showdown and payment"]


def test_a_second_deal_gets_its_own_heading() -> None:
    html = table_view_html(EXAMPLES / "scenarios" / "uncalled-vade.yaml")
    assert '<th colspan="6">Deal 1</th>' in html and '<th colspan="6">Deal 2</th>' in html


def test_the_view_draws_cards_as_chips_and_marks_who_is_out() -> None:
    html = table_view_html(GERMAN)
    assert '<span class="card card-black" title="2 of spades">2♠</span>' in html
    assert '<span class="out">out</span>' in html
    assert "Dan" in html and '<span class="seat-role">deals</span>' in html


def test_an_unclosed_marker_is_a_clear_error(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    text = "<!-- table-view: scenarios/x.yaml -->\nno end\n"
    with pytest.raises(SiteError, match="has no <!-- table-view: end -->"):
        fill_table_views(text, page)


def test_each_single_scenario_example_page_has_its_view() -> None:
    for name in ("german-example", "all-in-side-pot", "all-pass-pool-waits", "uncalled-vade"):
        text = (EXAMPLES / f"{name}.md").read_text(encoding="utf-8")
        assert '<div class="table-view-box">' in text, name


def test_a_french_twin_gets_its_view_in_french() -> None:
    """Issue 25: the view of a ``NAME.fr.md`` page speaks French: the steps by the
    French titles of the rule file, the headings, the tooltips of the cards, and
    no English word of the stop-list anywhere in its text."""
    from french_text import english_words

    page = EXAMPLES / "twin.fr.md"
    marker = "<!-- table-view: scenarios/uncalled-vade.yaml -->\n<!-- table-view: end -->\n"
    html = fill_table_views(marker, page)
    assert "<th>Après</th><th>Poule</th>" in html
    assert '<th colspan="6">Donne 2</th>' in html
    assert '<span class="seat-role">donne</span>' in html and "50 jetons" in html
    assert 'title="2 de pique"' in html or 'title="2 de cœur"' in html
    assert "Deux cartes à chacun" in html  # the 1730 step "Two cards each", as its fr: says
    assert english_words(html) == []
