"""The page *How the versions play*, made from the figures file that ``make analysis`` writes.

The figures here are written by hand (a small file of two versions), so that
each number on the page can be checked against the one it must print; the
file's strings are hostile where a file could carry hostile text.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ambigu_rules.errors import SiteError
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.pages.how_they_play_page import how_they_play_page
from ambigu_rules.site.play_data import load_play_data
from ambigu_rules.words.lang import FR


def figure(mean: float, low: float, high: float) -> dict[str, float]:
    return {"mean": mean, "low": low, "high": high}


def figures(showdown: float, pot: float) -> dict[str, Any]:
    zero = figure(0, 0, 0)
    return {
        "deals": 4000, "blocks": 4,
        "endings": {"showdown": figure(showdown, showdown - 0.02, showdown + 0.02),
                    "uncontested": figure(1 - showdown, 0.9 - showdown, 1.1 - showdown),
                    "all_pass": zero, "forced": zero, "other": zero},
        "pot": figure(pot, pot - 1, pot + 1),
        "combination_paid": figure(5.33, 5.26, 5.4),
        "best_combination": {"point": figure(0.3, 0.29, 0.31)},
        "net_by_place": {str(p): figure(-0.32, -0.43, -0.22) for p in range(4)},
        "session_deals": 50, "sessions": 80,
        "session_net": {str(p): figure(p - 50, p - 60, p - 40) for p in (5, 25, 50, 75, 95)},
    }


DATA = {
    "command": "python tools/analysis.py <script>alert(1)</script>",
    "deals": 4000, "seed": 7, "players": 4, "bots": "heuristic,<b>mine</b>",
    "block_size": 1000, "session_deals": 50, "rebuy": True, "program_version": "0.1.0",
    "initial_bank": 200, "agreed_limit": 10, "agreed": {},
    "versions": {
        "1730": {"rules_digest": "x", "tables": 4, "figures": figures(0.5634, 22.57)},
        "foster": {"rules_digest": "y", "tables": 4, "figures": figures(0.7912, 46.53)},
    },
}


@pytest.fixture(scope="module")
def site():  # type: ignore[no-untyped-def]
    return load_site(["1730", "foster"])


def written(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "how-the-versions-play.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_each_figure_is_printed_with_its_interval_in_each_language(site, tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = load_play_data(written(tmp_path, DATA))
    assert data is not None
    english = how_they_play_page(site, data)
    french = how_they_play_page(replace(site, lang=FR), data)
    # 0.5634 of deals: 56.3 %, interval 0.5434 to 0.5834: 54.3 and 58.3.
    assert "| 1730 | 56.3 % [54.3, 58.3] |" in english
    assert "| 1730 | 56,3 % [54,3 ; 58,3] |" in french
    # Foster's pot 46.53 against 1730's 22.57: intervals 45.53-47.53 and
    # 21.57-23.57 do not overlap.
    assert "from 22.57 (1730) to 46.53 (Foster); their intervals do not overlap" in english
    # A loss per deal has a true minus sign.
    assert "\u22120.32 [\u22120.43, \u22120.22]" in english
    # The session's median: 50 - 50 = 0, interval -10 to 10.
    assert "0 [\u221210, 10]" in english


def test_text_from_the_figures_file_is_escaped(site, tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = load_play_data(written(tmp_path, DATA))
    assert data is not None
    page = how_they_play_page(site, data)
    # The command shows in a code span (markup in it is text); the bots' names
    # are escaped.
    assert "`python tools/analysis.py <script>alert(1)</script>`" in page
    assert "<b>mine</b>" not in page


@pytest.mark.parametrize(("change", "where"), [
    (lambda d: d["versions"]["1730"]["figures"]["pot"].update(low=30.0),
     "versions.1730.figures.pot"),
    (lambda d: d["versions"]["1730"]["figures"]["endings"].pop("other"), "versions.1730.figures"),
    (lambda d: d.update(colour="red"), "colour"),
])
def test_a_damaged_figures_file_is_one_error_naming_the_place(tmp_path, change, where) -> None:  # type: ignore[no-untyped-def]
    damaged = json.loads(json.dumps(DATA))
    change(damaged)
    with pytest.raises(SiteError) as caught:
        load_play_data(written(tmp_path, damaged))
    assert str(caught.value).startswith(f"{tmp_path / 'how-the-versions-play.json'}: {where}")


def test_no_figures_file_means_no_page(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert load_play_data(tmp_path / "missing.json") is None


def test_versions_with_the_very_same_figures_share_a_row(tmp_path) -> None:  # type: ignore[no-untyped-def]
    same = json.loads(json.dumps(DATA))
    same["versions"]["1659"] = dict(same["versions"]["1730"], rules_digest="z")
    data = load_play_data(written(tmp_path, same))
    assert data is not None
    page = how_they_play_page(load_site(["1659", "1730", "foster"]), data)
    assert "share a row: 1659 and 1730." in page
    assert "| 1659 and 1730 | 56.3 % [54.3, 58.3] |" in page
    assert "| 1730 |" not in page
    assert "simulated once" not in page  # both were simulated: alike by their figures only


def test_a_version_played_as_another_shares_its_row_and_the_page_says_it_was_simulated_once(
        tmp_path) -> None:  # type: ignore[no-untyped-def]
    same = json.loads(json.dumps(DATA))
    same["versions"]["1659"] = dict(same["versions"]["1730"], rules_digest="z",
                                    played_as="1730")
    data = load_play_data(written(tmp_path, same))
    assert data is not None
    page = how_they_play_page(load_site(["1659", "1730", "foster"]), data)
    assert ("Some versions share a row: 1659 and 1730. Their rule files differ only in what "
            "is not played") in page
    assert "give exactly the same figures" not in page
    assert "| 1659 and 1730 | 56.3 % [54.3, 58.3] |" in page


@pytest.mark.parametrize("played_as", ["1702", "1659"])
def test_played_as_must_name_a_version_simulated_in_the_file(tmp_path, played_as) -> None:  # type: ignore[no-untyped-def]
    """1702 is not in the file; 1659 is, but was itself not simulated."""
    wrong = json.loads(json.dumps(DATA))
    wrong["versions"]["1659"] = dict(wrong["versions"]["1730"], played_as="1730")
    wrong["versions"]["1730"]["played_as"] = played_as
    with pytest.raises(SiteError, match="1730: played_as"):
        load_play_data(written(tmp_path, wrong))


def test_figures_of_no_version_of_the_site_are_one_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    other = json.loads(json.dumps(DATA))
    other["versions"] = {"my-house": other["versions"]["1730"]}
    data = load_play_data(written(tmp_path, other))
    assert data is not None
    with pytest.raises(SiteError, match="no figures for any version of the site"):
        how_they_play_page(load_site(["1730", "foster"]), data)


def test_the_pot_is_set_beside_each_rule_files_betting_limit(site, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Foster's rule file agrees a limit before play (table.betting_limit: agreed_limit),
    1730's has none but each player's counters (purse_only); the figures above give
    Foster a pot of 46.53 per deal and 1730 one of 22.57, most pot first."""
    data = load_play_data(written(tmp_path, DATA))
    assert data is not None
    page = how_they_play_page(site, data)
    assert ("By the kind of betting limit each rule file gives: where a betting limit is "
            "agreed before play (Foster), a pot of 46.53 per deal; where there is no limit "
            "but the counters each player has (1730), a pot of 22.57 per deal.") in page
    french = how_they_play_page(replace(site, lang=FR), data)
    assert "(Foster), un pot de 46,53 par coup ; là où il n'y a d'autre limite" in french


def test_no_betting_limit_sentence_where_every_version_shown_has_the_same_limit(
        tmp_path) -> None:  # type: ignore[no-untyped-def]
    same = json.loads(json.dumps(DATA))
    same["versions"]["1659"] = dict(same["versions"]["1730"], rules_digest="z")
    del same["versions"]["foster"]
    data = load_play_data(written(tmp_path, same))
    assert data is not None
    assert "By the betting limit" not in how_they_play_page(load_site(["1659", "1730"]), data)
