"""The worked examples of the site (``docs/examples/``).

Every scenario file under ``docs/examples/scenarios/`` carries an ``expect:``
block worked out by hand from the sources (the comments beside it show the
sums; DESIGN.md, honesty rule 2), and playing it must meet that block. Every
example page must be reachable from the examples index. The pages' Python
sessions themselves run as doctests through Sybil (see ``conftest.py`` at the
repository root).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ambigu_rules.languages import CODES
from ambigu_rules.play.replay_format import load_replay
from ambigu_rules.play.replay_run import play_replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
SCENARIOS = sorted((EXAMPLES / "scenarios").rglob("*.yaml"))
#: The languages of the editions besides English (issue 43).
OTHERS = CODES[1:]
#: The English pages (``P.md``), and their twins in the other editions (``P.fr.md``,
#: issue 25; ``P.ru.md``, issue 43), which link the English names as the English pages do.
PAGES = sorted(page for page in EXAMPLES.glob("*.md")
               if page.name != "index.md" and page.name.count(".") == 1)
FRENCH_PAGES = sorted(page for code in OTHERS for page in EXAMPLES.glob(f"*.{code}.md")
                      if page.name != f"index.{code}.md")
INDEXES = [EXAMPLES / "index.md",
           *sorted(page for code in OTHERS for page in EXAMPLES.glob(f"index.{code}.md"))]


def _english_name(page: Path) -> str:
    """The name of a page's English twin: ``fredon-value.ru.md`` → ``fredon-value.md``."""
    return page.name.split(".")[0] + ".md"


def _index_of(page: Path) -> str:
    """The examples index of a page's edition: ``index.ru.md`` for a Russian page."""
    parts = page.name.split(".")
    return "index.md" if len(parts) == 2 else f"index.{parts[1]}.md"


def _id(path: Path) -> str:
    return str(path.relative_to(EXAMPLES))


def test_there_are_worked_examples() -> None:
    assert len(SCENARIOS) >= 20
    assert len(PAGES) >= 12


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_scenario_meets_its_expectations(path: Path) -> None:
    spec, _ = load_replay(path)
    assert spec.expect is not None, f"{_id(path)} has no expect: block"
    assert spec.expect.banks, f"{_id(path)}: expect: names no banks"
    assert spec.title and spec.note, f"{_id(path)}: give a title and a note citing the source"
    result = play_replay(path)
    assert result.mismatches == [], f"{_id(path)}: " + "; ".join(result.mismatches)
    assert result.game.table.conserved()


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_expected_banks_add_up(path: Path) -> None:
    """The hand-written figures account for every counter brought to the table."""
    spec, _ = load_replay(path)
    assert spec.expect is not None and spec.expect.banks is not None
    brought = sum(seat.bank for seat in spec.seats)
    bought = sum(sum(deal.buy.values()) for deal in spec.deals)
    bought += sum(int(text.split()[1]) for deal in spec.deals for action in deal.actions
                  for text in action.values() if text.split()[0] == "buy")
    if spec.expect.on_table is not None:
        left = spec.expect.on_table
    else:
        left = (spec.expect.pool or 0) + (spec.expect.batterie or 0)
    assert set(spec.expect.banks) == {seat.name for seat in spec.seats}
    assert sum(spec.expect.banks.values()) + left == brought + bought


def _links(page: Path) -> set[str]:
    return set(re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")))


@pytest.mark.parametrize("page", [*PAGES, *FRENCH_PAGES], ids=_id)
def test_page_is_linked_from_the_index(page: Path) -> None:
    assert _english_name(page) in _links(EXAMPLES / _index_of(page))


@pytest.mark.parametrize("code", OTHERS)
def test_every_example_has_its_twin_in_each_edition(code: str) -> None:
    """Issue 25: each worked example is in French too; issue 43: in every edition. Its
    sessions run as doctests there as well (Sybil collects every ``*.md`` under
    ``docs/``, ``conftest.py``)."""
    assert [_english_name(page) for page in FRENCH_PAGES if page.name.endswith(f".{code}.md")
            ] == [page.name for page in PAGES]


@pytest.mark.parametrize("code", OTHERS)
def test_every_page_is_in_each_editions_index_too(code: str) -> None:
    assert {page.name for page in PAGES} <= _links(EXAMPLES / f"index.{code}.md")


@pytest.mark.parametrize("page", [*INDEXES, *PAGES, *FRENCH_PAGES], ids=_id)
def test_relative_links_resolve(page: Path) -> None:
    for target in _links(page):
        if "://" in target:
            continue
        assert (page.parent / target).exists(), f"{_id(page)}: broken link {target}"


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_scenario_is_used_by_a_page(path: Path) -> None:
    used = "".join(page.read_text(encoding="utf-8") for page in PAGES)
    assert str(path.relative_to(EXAMPLES)) in used


@pytest.mark.parametrize("page", [*PAGES, *FRENCH_PAGES], ids=_id)
def test_page_runs_a_python_session(page: Path) -> None:
    text = page.read_text(encoding="utf-8").replace("    ", "")
    assert "```pycon\n>>> " in text or "```python\n>>> " in text


@pytest.mark.parametrize(("name", "code"), [("every-rulebook.md", "en"),
                                          *((f"every-rulebook.{code}.md", code)
                                            for code in OTHERS)])
def test_every_rulebook_table_is_up_to_date(name: str, code: str) -> None:
    """The demonstration on the "same deal, every rulebook" page (and on its
    French twin, in French) is what the current bots and interpreter produce
    (regenerate it with ``python -m ambigu_rules.play.examples [fr]``). This is
    a freshness check of a demonstration, not a ruling: the rules it shows are
    tested elsewhere."""
    from ambigu_rules.play.examples import EVERY_RULEBOOK_SEED, rulebook_markdown
    from ambigu_rules.words.lang import lang_of

    text = (EXAMPLES / name).read_text(encoding="utf-8")
    block = re.search(r"<!-- every-rulebook:start -->\n(.*?)\n<!-- every-rulebook:end -->",
                      text, re.S)
    assert block is not None
    assert block.group(1).strip() == rulebook_markdown(
        lang_of(code), seed=EVERY_RULEBOOK_SEED).strip()


#: What the French text test sets aside in a worked example's prose, read paragraph
#: by paragraph, besides what :func:`french_text.english_words` sets aside itself:
#: the code blocks (the same sessions as the English page, whose output stays
#: English), and what is in italics: the titles of the sources and of their
#: sections as they name them (*Value of the Hands*, *Combinations*).
_CODE = re.compile(r"^ *```.*?^ *```$", re.M | re.S)
_ITALICS = re.compile(r"(?<![*\w])\*[^*]+\*(?![*\w])")


@pytest.mark.parametrize("page", FRENCH_PAGES, ids=_id)
def test_french_example_prose_has_no_english_word(page: Path) -> None:
    """Issue 25: a worked example's French page says in French what it says, its
    table view included; only code, quotations and the sources' titles keep
    their language."""
    from french_text import english_words

    text = _CODE.sub(" ", page.read_text(encoding="utf-8"))
    paragraphs = [_ITALICS.sub(" ", " ".join(part.split())) for part in text.split("\n\n")]
    found = [(english_words(part), part[:120]) for part in paragraphs if english_words(part)]
    assert found == []
