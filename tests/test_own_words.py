"""Our own words: the project's texts do not copy the sources.

DESIGN.md, honesty rule 3 ("Our own words"): we paraphrase the source texts
and quote only a few words, with the citation, where the wording itself
matters. The facts of a source carry over into our files; its sentences do
not. These tests hold every text a reader meets to that rule: the site's
Markdown pages (the generated ones too, as they carry the rule files' notes),
the rule files and the bibliography (``rulesets/*.yaml``), the glossary,
open questions and comparison entries (``rulesets/site/*.yaml``), and the
YAML files the pages link to for download: the worked examples' scenarios,
whose notes cite the sources they were worked out from, and the house
variants (``docs/**/*.yaml``).

Two checks, each against the held texts in ``../shared/sources/`` (beside the
repository):

- no run of ten or more consecutive words is shared with a source unless the
  whole run stands inside one quotation;
- no quotation ("…", “…”, «…», „…“) in prose is longer than twelve words.

Words are compared case-folded, without punctuation, on both sides with the
same tokenisation (``own_words.words``); Markdown and YAML markup is taken
away first. A failure names the file, the line, the shared or quoted words
and, for a copy, the source file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from own_words import (
    LONGEST_QUOTE,
    RUN,
    Reading,
    long_quotations,
    read_markdown,
    read_yaml,
    shared_runs,
    source_ngrams,
    words,
)

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT.parent / "shared" / "sources"

#: Every file whose words a reader meets: pages and the files they link to (not the API
#: reference), rule files, the site's entries.
TEXTS = sorted(
    [p for p in (ROOT / "docs").rglob("*")
     if p.suffix in (".md", ".yaml") and p.relative_to(ROOT / "docs").parts[0] != "api"]
    + list((ROOT / "rulesets").glob("*.yaml"))
    + list((ROOT / "rulesets" / "site").glob("*.yaml"))
)
IDS = [str(p.relative_to(ROOT)) for p in TEXTS]


@cache
def _grams() -> dict[tuple[str, ...], str]:
    return source_ngrams(SOURCES, RUN)


@cache
def _reading(path: Path) -> Reading:
    return read_markdown(path) if path.suffix == ".md" else read_yaml(path)


@pytest.fixture(scope="module")
def grams() -> dict[tuple[str, ...], str]:
    if not SOURCES.is_dir() or not any(SOURCES.glob("*.txt")):
        pytest.skip(f"the source texts are not here ({SOURCES}): nothing to compare with")
    return _grams()


def test_the_scan_reads_every_text() -> None:
    """The file list is not empty and holds each kind of text (a guard on the glob)."""
    names = set(IDS)
    assert {"docs/history.md", "rulesets/1730.yaml", "rulesets/site/glossary.yaml",
            "docs/examples/scenarios/uncalled-opening-bet/foster.yaml"} <= names
    assert not any(name.startswith("docs/api/") for name in names)


@pytest.mark.parametrize("path", TEXTS, ids=IDS)
def test_own_words_no_ten_word_run_shared_with_a_source(
    path: Path, grams: dict[tuple[str, ...], str]
) -> None:
    """Honesty rule 3: a sentence of a source is paraphrased, not copied."""
    where = path.relative_to(ROOT)
    runs = shared_runs(_reading(path), grams, RUN)
    assert not runs, (
        f"{len(runs)} passage(s) share {RUN} or more words in a row with a source, "
        "outside quotation marks; say it in our own words:\n"
        + "\n".join(run.describe(str(where)) for run in runs)
    )


@pytest.mark.parametrize("path", TEXTS, ids=IDS)
def test_own_words_quotations_are_a_few_words(path: Path) -> None:
    """Honesty rule 3: quote only a few words where the wording matters."""
    where = path.relative_to(ROOT)
    quotes = long_quotations(_reading(path), LONGEST_QUOTE)
    assert not quotes, (
        f"{len(quotes)} quotation(s) longer than {LONGEST_QUOTE} words; quote a few words "
        "and paraphrase the rest:\n"
        + "\n".join(f"{where}:{line}: {len(text.split())} words: “{text}”" for line, text in quotes)
    )


# -- the scan itself -------------------------------------------------------------------


def _source_words(count: int) -> tuple[str, list[str]]:
    """``count`` consecutive words of a held source text, and that file's name."""
    name = "foster-complete-hoyle.en.txt"
    text = words((SOURCES / name).read_text(encoding="utf-8"))
    return name, text[40 : 40 + count]


def test_own_words_scan_finds_a_copied_run(
    tmp_path: Path, grams: dict[tuple[str, ...], str]
) -> None:
    """A run taken from a source is found, with its line and its source; quoted, it passes."""
    name, copied = _source_words(12)
    page = tmp_path / "page.md"
    page.write_text(f"# A page\n\nOur words first, then\n{' '.join(copied)}.\n", encoding="utf-8")
    runs = shared_runs(read_markdown(page), grams, RUN)
    assert [(run.line, run.source, list(run.words)) for run in runs] == [(4, name, copied)]

    page.write_text(f"Foster: “{' '.join(copied)}”.\n", encoding="utf-8")
    reading = read_markdown(page)
    assert shared_runs(reading, grams, RUN) == []
    assert long_quotations(reading, LONGEST_QUOTE) == []


def test_own_words_scan_finds_a_long_quotation(
    tmp_path: Path, grams: dict[tuple[str, ...], str]
) -> None:
    """A quotation of more than twelve words is found, in a page and in a YAML note."""
    _, copied = _source_words(15)
    page = tmp_path / "page.md"
    page.write_text(f'Foster writes "{" ".join(copied)}" here.\n', encoding="utf-8")
    assert long_quotations(read_markdown(page), LONGEST_QUOTE) == [(1, " ".join(copied))]

    rules = tmp_path / "rules.yaml"
    rules.write_text(
        f"id: x\nnote: >-\n  Foster writes\n  «{' '.join(copied)}».\n", encoding="utf-8"
    )
    assert long_quotations(read_yaml(rules), LONGEST_QUOTE) == [(4, " ".join(copied))]
