"""Pages that get to the point: the open questions, the values table, the quick
start's stakes, the rules cards, the links to play, the home page's "Start here",
and the hook that dates each page and makes search forgive missing accents."""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from site_helpers import ROOT, load_tool

from ambigu_rules.rules.vocabulary import said
from ambigu_rules.rules.where_silent import PLAYED_WHERE_SILENT
from ambigu_rules.site.generate import load_site, render_site

page_dates = load_tool("mkdocs_page_dates")


@pytest.fixture(scope="module")
def rendered() -> dict[str, str]:
    return render_site(ROOT / "docs")


def _question(text: str, title: str) -> str:
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def test_open_questions_show_each_shared_reading_once_with_its_versions(
        rendered: dict[str, str]) -> None:
    fredon = _question(rendered["open-questions.md"], "What is a fredon worth?")
    summary = fredon.split("??? note", 1)[0]
    # ajo pays 8 (1730, taken over by 1659 and 1702), ru-enc 10, Foster 10 or 11.
    readings = re.findall(r"^\| ([^|]+) \| ([^|]+) \|$", summary, re.M)[1:]
    assert [r.strip() for r, _ in readings] == ["8", "10", "10 or 11"]
    assert "[1659](versions/1659.md) · [1702](versions/1702.md) · [1730](versions/1730.md)" \
        in readings[0][1]


def test_open_questions_fold_sources_evidence_and_notes(rendered: dict[str, str]) -> None:
    text = rendered["open-questions.md"]
    site = load_site()
    assert text.count('??? note "Sources, evidence and our notes"') == len(
        site.questions.questions)
    sections = text.split("\n## ")[1:]
    assert len(sections) == len(site.questions.questions)
    for section in sections:
        head = section.split("??? note", 1)[0]
        assert "What the sources say" not in head and "evidence-" not in head
    # Inside the fold, 1659 and 1702 share one line (both inherit from 1730).
    assert "| [1659](versions/1659.md) · [1702](versions/1702.md) | " in text


def test_values_table_has_one_column_per_distinct_reading(rendered: dict[str, str]) -> None:
    table = rendered["combinations.md"].split("## Values in every version", 1)[1]
    header = next(line for line in table.splitlines() if line.startswith("| Combination |"))
    heads = [re.findall(r"\[([^]]+)\]\(versions/", cell) for cell in header.split(" | ")[1:]]
    assert heads[0] == ["1659", "1702", "1730"]
    assert ["Foster"] in heads
    rows = [line for line in table.split("\n## ", 1)[0].splitlines()
            if line.startswith("| [")]
    columns = list(zip(*(row.split(" | ")[1:] for row in rows), strict=True))
    assert len(set(columns)) == len(columns) == len(heads)


def test_quick_start_says_who_pays_and_how_much_may_be_bet_in_vocabulary_words(
        rendered: dict[str, str]) -> None:
    for version in load_site().versions:
        page = rendered[f"versions/{version.id}.md"]
        quick = page.split('<div class="quick-start" markdown>', 1)[1].split("</div>", 1)[0]
        payers = said("payers", version.ruleset.payment.payers, form="short")
        limit = version.ruleset.table.betting_limit or PLAYED_WHERE_SILENT["betting_limit"]
        assert f"**Who pays the winner his combination:** {payers}" in quick, version.id
        assert f"**How much may be bet:** {said('betting_limit', limit.kind)}" in quick  # type: ignore[union-attr]


def test_every_version_page_links_its_card_and_play_with_the_version(
        rendered: dict[str, str]) -> None:
    for version in load_site().versions:
        page = html.unescape(rendered[f"versions/{version.id}.md"])
        assert f'<a href="../../play/?v={version.id}">Play this version</a>' in page
        assert f"[the rules card]({version.id}/card.md)" in page
        card = html.unescape(rendered[f"versions/{version.id}/card.md"])
        assert "| Combination | For example | Value | Dealt |" in card
        assert "A deal:" in card and "Who pays the winner his combination" in card
        assert f'<a href="../../../play/?v={version.id}">' in card


def test_rules_cards_are_linked_pages_outside_the_navigation() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert "versions/*/card.md" in config["not_in_nav"].split()
    assert "assets/print.css" in config["extra_css"]
    assert "tools/mkdocs_page_dates.py" in config["hooks"]
    assert (ROOT / "docs" / "assets" / "print.css").is_file()


def test_home_page_says_where_to_start() -> None:
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    start = home.split("## Start here", 1)[1].split("\n## ", 1)[0]
    assert "[1730 version](versions/1730.md)" in start
    # What it claims: 1659 and 1702 extend 1730 in their rule files.
    for version_id in ("1659", "1702"):
        text = (ROOT / "rulesets" / f"{version_id}.yaml").read_text(encoding="utf-8")
        assert re.search(r'^extends: "1730"$', text, re.M)


def test_issue_link_is_the_project_issue_tracker() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    issues = re.search(r'^Issues = "([^"]+)"', pyproject, re.M)
    assert issues and config["extra"]["report_issues"] == issues.group(1)


def test_generated_version_page_is_dated_by_its_rule_files() -> None:
    sources = page_dates.sources_of("versions/1659.md", page_dates.GENERATED_MARK + " -->")
    assert sources == ["docs/versions/1659.md", "rulesets/1659.yaml", "rulesets/1730.yaml"]
    assert page_dates.sources_of("history.md", "# History") == ["docs/history.md"]


def test_page_date_is_left_out_quietly_without_git(monkeypatch: pytest.MonkeyPatch) -> None:
    page_dates._history.cache_clear()
    monkeypatch.setenv("PATH", str(Path("/nonexistent")))
    assert page_dates.last_changed("docs/index.md") is None
    page_dates._history.cache_clear()


@pytest.mark.parametrize("paths", [("docs/history.md",), ("docs/versions/1659.md",
                                   "rulesets/1659.yaml", "rulesets/1730.yaml"), ("rulesets",)])
def test_page_date_is_what_git_log_gives_for_the_same_files(paths: tuple[str, ...]) -> None:
    """The history is read once per build; a page's date must still be the one git
    gives for its files (files and folders alike)."""
    asked = subprocess.run(["git", "log", "-1", "--format=%cs", "--", *paths], cwd=ROOT,
                           capture_output=True, text=True, check=False)
    if asked.returncode != 0 or not asked.stdout.strip():
        pytest.skip("no git history here (an sdist)")
    page_dates._history.cache_clear()
    assert page_dates.last_changed(*paths) == asked.stdout.strip()


def test_search_text_gets_unaccented_spellings_and_loses_footnote_numbers() -> None:
    text = page_dates.searchable("<p>Académie des jeux oubliés<sup>1</sup>, or Meslé.</p>")
    assert "<sup>" not in text
    assert "Academie" in text and "oublies" in text and "Mesle" in text
    assert page_dates.searchable("<p>plain</p>") == "<p>plain</p>"
