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
repository; ``AMBIGU_SOURCES`` names another folder), or where they are not at
hand, as in a clean clone, against their digests in
``tests/data/source-fingerprints.json`` (``tools/fingerprint_sources.py``
writes them; a test here says when they no longer match the texts):

- no run of ten or more consecutive words is shared with a source unless the
  whole run stands inside one quotation;
- no quotation ("…", “…”, «…», „…“) in prose is longer than twelve words.

Words are compared case-folded, without punctuation, on both sides with the
same tokenisation (``own_words.words``); Markdown and YAML markup is taken
away first. A failure names the file, the line, the shared or quoted words
and, for a copy, the source file.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

import pytest
from own_words import (
    LONGEST_QUOTE,
    RUN,
    Fingerprints,
    Reading,
    RunLookup,
    fingerprints_of,
    long_quotations,
    read_markdown,
    read_yaml,
    shared_runs,
    source_ngrams,
    words,
    write_fingerprints,
)

ROOT = Path(__file__).resolve().parent.parent
SOURCES = Path(os.environ.get("AMBIGU_SOURCES", ROOT.parent / "shared" / "sources"))
HELD = ROOT / "tests" / "data" / "source-fingerprints.json"

#: Every file whose words a reader meets: pages and the files they link to (not the API
#: reference), rule files, the site's entries.
TEXTS = sorted(
    [p for p in (ROOT / "docs").rglob("*")
     if p.suffix in (".md", ".yaml") and p.relative_to(ROOT / "docs").parts[0] != "api"]
    + list((ROOT / "rulesets").glob("*.yaml"))
    + list((ROOT / "rulesets" / "site").glob("*.yaml"))
)
IDS = [str(p.relative_to(ROOT)) for p in TEXTS]


def _sources_at_hand() -> bool:
    return SOURCES.is_dir() and any(SOURCES.glob("*.txt"))


@cache
def _grams() -> RunLookup:
    """The runs of the source texts: read from the texts, or from their digests."""
    return source_ngrams(SOURCES, RUN) if _sources_at_hand() else Fingerprints.read(HELD)


@cache
def _reading(path: Path) -> Reading:
    return read_markdown(path) if path.suffix == ".md" else read_yaml(path)


@pytest.fixture(scope="module")
def grams() -> RunLookup:
    return _grams()


def test_the_scan_reads_every_text() -> None:
    """The file list is not empty and holds each kind of text (a guard on the glob)."""
    names = set(IDS)
    assert {"docs/history.md", "rulesets/1730.yaml", "rulesets/site/glossary.yaml",
            "docs/examples/scenarios/uncalled-opening-bet/foster.yaml"} <= names
    assert not any(name.startswith("docs/api/") for name in names)


@pytest.mark.parametrize("path", TEXTS, ids=IDS)
def test_own_words_no_ten_word_run_shared_with_a_source(
    path: Path, grams: RunLookup
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


# A source of our own making for the scan's own tests (they test the scan, not the texts).
_MADE_UP = ("When every player has seen his four cards the one on the dealer's right "
            "speaks first and may bet or pass as he likes before the others answer him")


def _made_up_source(folder: Path) -> Path:
    folder.mkdir()
    (folder / "made-up.en.txt").write_text(_MADE_UP + ".\n", encoding="utf-8")
    return folder


@pytest.fixture(params=["texts", "digests"])
def made_up(request: pytest.FixtureRequest, tmp_path: Path) -> RunLookup:
    """The made-up source, looked up as its text or as its digests (written and read back)."""
    folder = _made_up_source(tmp_path / "sources")
    if request.param == "texts":
        return source_ngrams(folder, RUN)
    held = tmp_path / "held.json"
    write_fingerprints(folder, held, RUN)
    return Fingerprints.read(held)


def test_own_words_scan_finds_a_copied_run(tmp_path: Path, made_up: RunLookup) -> None:
    """A run taken from a source is found, with its line and its source; quoted, it passes."""
    copied = words(_MADE_UP)[3:15]  # twelve words of it
    page = tmp_path / "page.md"
    page.write_text(f"# A page\n\nOur words first, then\n{' '.join(copied)}.\n", encoding="utf-8")
    runs = shared_runs(read_markdown(page), made_up, RUN)
    assert [(run.line, run.source, list(run.words)) for run in runs] == [
        (4, "made-up.en.txt", copied)]

    page.write_text(f"Foster: “{' '.join(copied)}”.\n", encoding="utf-8")
    reading = read_markdown(page)
    assert shared_runs(reading, made_up, RUN) == []
    assert long_quotations(reading, LONGEST_QUOTE) == []


def test_own_words_scan_passes_nine_shared_words(tmp_path: Path, made_up: RunLookup) -> None:
    """Nine words in a row from a source are not a copy (the rule counts ten)."""
    page = tmp_path / "page.md"
    page.write_text(" ".join(words(_MADE_UP)[:9]) + " and then ours.\n", encoding="utf-8")
    assert shared_runs(read_markdown(page), made_up, RUN) == []


def test_own_words_scan_finds_a_long_quotation(tmp_path: Path) -> None:
    """A quotation of more than twelve words is found, in a page and in a YAML note."""
    copied = words(_MADE_UP)[:15]
    page = tmp_path / "page.md"
    page.write_text(f'Foster writes "{" ".join(copied)}" here.\n', encoding="utf-8")
    assert long_quotations(read_markdown(page), LONGEST_QUOTE) == [(1, " ".join(copied))]

    rules = tmp_path / "rules.yaml"
    rules.write_text(
        f"id: x\nnote: >-\n  Foster writes\n  «{' '.join(copied)}».\n", encoding="utf-8"
    )
    assert long_quotations(read_yaml(rules), LONGEST_QUOTE) == [(4, " ".join(copied))]


# -- the digests the repository keeps -------------------------------------------------


def test_the_held_digests_cover_every_source_text() -> None:
    """The digests name the six source texts and hold thousands of runs: the scan has
    something to compare with in a clean clone too."""
    held = Fingerprints.read(HELD)
    assert held.run == RUN
    assert held.sources == [
        "encyclopedia-summary.en.txt", "foster-complete-hoyle.en.txt",
        "foster-value-of-the-hands.en.txt", "french-article-1702-1730.en.txt",
        "german-rules-after-foster.de.txt", "russian-encyclopedia.ru.txt"]
    assert len(held) > 6_000  # the six texts hold some 6,700 words


def test_the_held_digests_hold_no_word_of_a_source() -> None:
    """The file keeps digests only: sixteen hexadecimal digits each, no text."""
    held = json.loads(HELD.read_text(encoding="utf-8"))
    digests = [d for found in held["sources"].values() for d in found]
    assert all(len(d) == 16 and set(d) <= set("0123456789abcdef") for d in digests)


def test_the_held_digests_are_those_of_the_source_texts() -> None:
    """Where the texts are at hand, the digests are theirs (else: run the tool again)."""
    if not _sources_at_hand():
        pytest.skip(f"the source texts are not here ({SOURCES}): the digests are used as held")
    held = json.loads(HELD.read_text(encoding="utf-8"))
    assert held["sources"] == fingerprints_of(SOURCES, RUN), (
        "tests/data/source-fingerprints.json no longer matches the source texts: "
        "run python tools/fingerprint_sources.py")
    for path in sorted(SOURCES.glob("*.txt")):  # and a run of each text is found in them
        assert Fingerprints.read(HELD).get(tuple(words(path.read_text(encoding="utf-8"))[:RUN]))
