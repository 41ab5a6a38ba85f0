"""The site's generated pages: up to date, complete, escaped, and built by MkDocs.

The pages under docs/ that come from the rulesets are committed; these tests
check that they are exactly what ``tools/gen_site.py`` writes from the YAML
today, that every version has its page and its place in the navigation,
that the comparison marks the differences the sources give (the fredon is
paid 8 in the 1730 reconstruction and 10 or 11 in Foster), and that text
from a rule file is never taken for HTML. The last test builds the site
with ``mkdocs build --strict`` (shared with tests/test_site_build.py).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import markdown
import pytest
import yaml
from site_helpers import ROOT, built_site, load_tool

from ambigu_rules.registry import builtin_ids
from ambigu_rules.site import pages
from ambigu_rules.site.facts import Version
from ambigu_rules.site.generate import (
    GLANCE_START,
    NOTICE,
    SNIPPET_NOTICE,
    load_site,
    render_site,
    stale_files,
)

DOCS = ROOT / "docs"
gen_site = load_tool("gen_site")
hooks = load_tool("mkdocs_hooks")


@pytest.fixture(scope="module")
def rendered() -> dict[str, str]:
    return render_site(DOCS)


def _copy_docs(target: Path) -> Path:
    """The Markdown pages of docs/ (not the built API reference) in a scratch folder."""
    shutil.copytree(DOCS, target, ignore=shutil.ignore_patterns("api", "scenarios"))
    return target


# --- the committed pages ------------------------------------------------------


def test_committed_pages_are_up_to_date(rendered: dict[str, str]) -> None:
    stale = stale_files(DOCS, rendered)
    assert stale == [], f"out of date, run python tools/gen_site.py: {stale}"


def test_generation_is_deterministic(rendered: dict[str, str]) -> None:
    assert render_site(DOCS) == rendered


def test_every_version_has_a_page(rendered: dict[str, str]) -> None:
    for version_id in builtin_ids():
        assert f"versions/{version_id}.md" in rendered
        assert (DOCS / "versions" / f"{version_id}.md").is_file()


def test_generated_pages_say_so_on_their_first_line(rendered: dict[str, str]) -> None:
    for path, text in rendered.items():
        if path == "index.md":
            assert GLANCE_START in text  # the home page is hand-written around its table
        elif path == "includes/abbreviations.md":  # appended to every page: no HTML comment
            assert text.startswith(SNIPPET_NOTICE + "\n")
        else:
            assert text.startswith(NOTICE + "\n"), path


def _nav_paths(node: object) -> set[str]:
    if isinstance(node, str):
        return {node}
    if isinstance(node, dict):
        return set().union(*(_nav_paths(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_nav_paths(item) for item in node))
    return set()


def test_every_generated_page_is_in_the_navigation(rendered: dict[str, str]) -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    nav = _nav_paths(config["nav"])
    pages_ = [p for p in rendered if not p.startswith("includes/")]
    assert [p for p in pages_ if p not in nav] == []
    for fixed in ("examples/index.md", "history.md", "rule-format.md", "api/index.html"):
        assert fixed in nav


def test_check_mode_lists_stale_and_left_over_pages(tmp_path: Path, capsys) -> None:
    docs = _copy_docs(tmp_path / "docs")
    page = docs / "versions" / "1730.md"
    page.write_text(page.read_text(encoding="utf-8").replace("Fredon", "Fredom"), "utf-8")
    (docs / "versions" / "gone.md").write_text(NOTICE + "\n\n# Gone\n", encoding="utf-8")
    assert gen_site.main(["--check", "--docs-dir", str(docs)]) == 1
    err = capsys.readouterr().err
    assert "versions/1730.md is out of date" in err
    assert "versions/gone.md is out of date" in err
    assert gen_site.main(["--docs-dir", str(docs)]) == 0
    assert not (docs / "versions" / "gone.md").exists()
    assert gen_site.main(["--check", "--docs-dir", str(docs)]) == 0


# --- what the pages say ----------------------------------------------------------


def _matrix_row(text: str, key: str) -> tuple[str, list[str]]:
    """The class of a matrix row and the opening tag of each of its cells."""
    found = re.search(rf'<tr id="row-{re.escape(key)}"([^>]*)>(.*?)</tr>', text, re.S)
    assert found, key
    return found.group(1), re.findall(r"<td[^>]*>", found.group(2))


def _matrix_columns(text: str) -> list[str]:
    return re.findall(r'<th markdown="span">\[[^]]*\]\(\.\./versions/([^)]+)\.md\)</th>', text)


def test_matrix_marks_the_fredon_row_between_1730_and_foster(rendered: dict[str, str]) -> None:
    # ajo §Combinations: fredon 8; foster-1897 p. 243 Fredon: 10 or 11.
    text = rendered["compare/index.md"]
    assert '<table class="compare-matrix"' in text
    assert '<input type="checkbox" id="only-differences">' in text
    columns = _matrix_columns(text)
    assert sorted(columns) == sorted(builtin_ids())
    row_class, cells = _matrix_row(text, "combination-fredon-value")
    assert 'class="differs"' in row_class
    flagged = {columns[i]: 'class="differs"' in cell for i, cell in enumerate(cells)}
    assert flagged["1730"] != flagged["foster"]


def test_matrix_compares_definitions_by_the_hands_they_admit(rendered: dict[str, str]) -> None:
    text = rendered["compare/index.md"]
    # Every source: a fredon is four cards of one rank (Foster's adds the prime it holds).
    row_class, _ = _matrix_row(text, "combination-fredon-definition")
    assert "differs" not in row_class
    # ru-enc §Флю-секанс: all four in sequence; ajo §Combinations: three are enough.
    columns = _matrix_columns(text)
    row_class, cells = _matrix_row(text, "combination-flush_sequence-definition")
    assert "differs" in row_class
    flagged = {columns[i]: 'class="differs"' in cell for i, cell in enumerate(cells)}
    assert flagged["russian"] and not flagged["1730"] and not flagged["foster"]


def test_pair_pages_list_differences_with_both_sources(rendered: dict[str, str]) -> None:
    for pair in ("1730-vs-foster", "foster-vs-russian", "1702-vs-1730"):
        assert f"compare/{pair}.md" in rendered
    text = rendered["compare/1730-vs-foster.md"]
    differences = text.split("## Differences", 1)[1].split("## Where they agree", 1)[0]
    section = differences.split("### Fredon: value", 1)[1].split("###", 1)[0]
    assert "- **1730**: 8" in section and "- **Foster**: 10 or 11" in section
    assert "evidence-reconstructed" in section and "evidence-attested" in section


def test_1702_and_1730_are_said_to_agree_only_by_inheritance(rendered: dict[str, str]) -> None:
    text = rendered["compare/1702-vs-1730.md"]
    assert "they differ on none" in text
    assert "takes every rule from 1730" in text
    assert "1702 inherits it from 1730" in text
    assert "their sources agree" not in text


def test_version_pages_show_badge_footnote_note_and_inheritance(rendered: dict[str, str]) -> None:
    page = rendered["versions/1702.md"]
    assert '<span class="evidence evidence-inferred"' in page
    assert "[^1]: [Académie des jeux oubliés](../sources.md#ajo)" in page
    assert "Inherited from [Ambigu after the Académie universelle des jeux (1730)]" in page
    assert "evidence-reconstructed" in page  # the parent's level, shown where it was lowered
    # the 1730 note on the fredon, inherited with it (quotes are written as references)
    assert '&quot;as two tricons&quot;' in page


def test_open_questions_take_each_reading_from_the_ruleset(rendered: dict[str, str]) -> None:
    text = rendered["open-questions.md"]
    fredon = text.split("## What is a fredon worth?", 1)[1].split("\n## ", 1)[0]
    assert "| [Foster](versions/foster.md) | 10 or 11" in fredon
    assert "| [1730](versions/1730.md) | 8 |" in fredon
    assert "| [1702](versions/1702.md) | 8 |" in fredon and "as 1730 (inherited)" in fredon


def test_glossary_and_tooltips(rendered: dict[str, str]) -> None:
    glossary = rendered["glossary.md"]
    for term in ("vade", "batterie", "poule", "renvi", "fredon", "tricon", "flux", "prime",
                 "point", "basta", "battez", "Enough", "I play", "pass", "Смесь", "Винегрет"):
        assert re.search(rf"^### {re.escape(term)} \{{ #term-", glossary, re.M), term
    tooltips = rendered["includes/abbreviations.md"]
    assert "*[vade]: " in tooltips and "*[Смесь]: " in tooltips
    assert "*[point]" not in tooltips and "*[pass]" not in tooltips


# --- escaping ----------------------------------------------------------------------

HOSTILE = """\
format: 1
id: hostile
extends: "1730"
inherit:
  note: "Inherited <script>alert('inherit')</script> rules."
title: "Hostile <script>alert('title')</script> rules"
short_title: "<b>Hostile</b>"
summary: "A summary with <img src=x onerror=alert(2)> and [a link](javascript:alert(3))."
players:
  min: 2
  max: 6
  source: editors
  evidence: editorial
  note: "<script>alert(1)</script>"
procedure:
  - id: battez
    shuffle_call: "<script>alert(5)</script>"
    source: editors
    evidence: editorial
combinations:
  - id: fredon
    name: "<i onmouseover=alert(6)>Fredon</i>"
    definition: '--8<-- "mkdocs.yml"'
    source: editors
    evidence: editorial
    note: "*[fredon]: <script>alert(7)</script>"
history:
  - id: text
    text: "# Heading {: onclick=alert(8) }"
    source: editors
    evidence: editorial
"""


def _html(text: str) -> str:
    """Markdown rendered with the extensions of mkdocs.yml (snippets off)."""
    return markdown.markdown(text, extensions=[
        "abbr", "admonition", "attr_list", "def_list", "footnotes", "md_in_html", "tables",
        "toc", "pymdownx.details", "pymdownx.superfences", "pymdownx.tabbed",
    ])


def test_html_in_a_user_ruleset_is_shown_as_text(tmp_path: Path) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE, encoding="utf-8")
    site = load_site()
    text = pages.version_page(site, Version.load(str(path)))
    assert "<script" not in text and "<img" not in text and "<i " not in text
    html = _html(text)
    assert "<script" not in html
    assert "<img" not in html and "<i " not in html and "<b>" not in html
    assert 'href="javascript' not in html
    assert "onclick" not in "".join(re.findall(r"<[^>]+>", html))
    assert "mkdocs.yml" in html  # the snippet line is text, not an inclusion
    # The note is on the page, as text.
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


# --- the hook and the build ----------------------------------------------------------


def test_hook_rewrites_pages_under_serve_and_refuses_stale_ones_under_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mkdocs.exceptions import PluginError

    monkeypatch.setattr(hooks, "_SITE_MODULES", ())  # no module reloading inside the test run
    docs = _copy_docs(tmp_path / "docs")
    page = docs / "glossary.md"
    page.write_text("edited by hand\n", encoding="utf-8")
    hooks.on_startup(command="build", dirty=False)
    with pytest.raises(PluginError, match=r"glossary\.md"):
        hooks.on_pre_build({"docs_dir": str(docs)})
    hooks.on_startup(command="serve", dirty=False)
    try:
        hooks.on_pre_build({"docs_dir": str(docs)})
    finally:
        hooks.on_startup(command="build", dirty=False)
    assert page.read_text(encoding="utf-8") == (DOCS / "glossary.md").read_text(encoding="utf-8")


def test_mkdocs_build_strict_publishes_the_generated_pages() -> None:
    site = built_site().path  # mkdocs build --strict (after the Sphinx API reference)
    for version_id in builtin_ids():
        assert (site / "versions" / version_id / "index.html").is_file()
    matrix = (site / "compare" / "index.html").read_text(encoding="utf-8")
    assert '<table class="compare-matrix">' in matrix and '<tr class="differs"' in matrix
    combos = (site / "combinations" / "index.html").read_text(encoding="utf-8")
    assert '<svg class="odds-chart"' in combos and "tabbed-set" in combos
    assert '<abbr title="' in (site / "versions" / "1730" / "index.html").read_text("utf-8")
    assert (site / "assets" / "compare.js").is_file() and (site / "assets" / "site.css").is_file()
    assert not (site / "includes").exists()
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    for term in ("fredon", "vade", "Смесь"):
        found = {doc["location"].split("#")[0] for doc in index["docs"]
                 if term in doc["title"] + doc["text"]}
        assert {"glossary/", "combinations/"} & found, term
