"""A site built from rule files full of hostile text holds no markup of theirs.

The built-in rule files are copied with every free-text field replaced by
hostile text (``site_helpers.plant_payloads``), the site is built from the
copy with ``mkdocs build --strict`` (``tools/build_site.py --rulesets``),
and every page is read back as HTML: no element the payloads would create,
no inline event handler, no ``javascript:`` URL, and the hostile text on the
pages as text. ``tests/browser/test_hostile_rulesets.py`` opens the same
site in Chromium; this test needs no browser.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from site_helpers import ROOT, HostileSite, hostile_site, load_tool, payload

# Attributes whose value the browser follows as a URL.
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster"}
SCRIPT_URL = re.compile(r"^[\s\x00-\x1f]*(javascript|vbscript|data):", re.IGNORECASE)
MARKER = re.compile(r"ZQ(\d+)Z", re.IGNORECASE)
# Planted fields the site need not show: ids only used in anchors, a rule
# point no page shows, and tooltips (shown only where one of their words
# occurs, and the planted text has replaced most words).
# A fact about a text (history) shows its title, its id only in its anchor; a French
# short title shows on the French home page's table, in docs/index.fr.md once it exists.
_FRENCH_HOME = (ROOT / "docs" / "index.fr.md").is_file()
NOT_SHOWN = re.compile(
    r"open-questions\.yaml: questions\[\d+\]\.id|\.dealer_out_of_deal\.|glossary\.yaml.*tooltip"
    r"|history\[\d+\]\.id" + ("" if _FRENCH_HOME else r"|\.fr\.short_title")
)


class PageReader(HTMLParser):
    """What a page holds: markup a payload would make, its text, its attribute text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.bad: list[str] = []
        self.text: list[str] = []
        self.attribute_text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template", "noscript"):
            self._skip += 1
        for name, value in attrs:
            value = value or ""
            shown = f"<{tag} {name}={value[:80]!r}>"
            if name.startswith("on"):
                self.bad.append(f"inline handler {shown}")
            elif (name == "id" and value.startswith("pwned")) or (
                name == "class" and "pwned" in value.split()
            ):
                self.bad.append(f"planted element {shown}")
            elif name in URL_ATTRIBUTES and SCRIPT_URL.match(value):
                self.bad.append(f"script URL {shown}")
            if name in ("title", "aria-label"):
                self.attribute_text.append(value)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("script", "style", "template", "noscript"):
            self._skip -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template", "noscript"):
            self._skip = max(0, self._skip - 1)

    def handle_data(self, data: str) -> None:
        if self._skip:
            if "ZQ" in data:
                self.bad.append(f"planted text inside a script: {data[:80]!r}")
            return
        self.text.append(data)


def read(path: Path) -> PageReader:
    reader = PageReader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return reader


@pytest.fixture(scope="module")
def site() -> HostileSite:
    return hostile_site()


@pytest.fixture(scope="module")
def pages(site: HostileSite) -> dict[str, PageReader]:
    return {
        path.relative_to(site.path).as_posix(): read(path)
        for path in site.html_pages()
        if path.relative_to(site.path).parts[0] != "api"
    }


def test_no_page_holds_markup_from_a_rule_file(pages: dict[str, PageReader]) -> None:
    assert len(pages) >= 20
    found = {page: sorted(set(reader.bad)) for page, reader in pages.items() if reader.bad}
    report = "\n".join(f"{page}: {bad[:3]}" for page, bad in found.items())
    assert not found, f"markup from hostile rule files on {len(found)} page(s):\n{report}"


def test_planted_text_shows_word_for_word(pages: dict[str, PageReader]) -> None:
    """Every page showing planted text shows a whole payload, as text."""
    for page, reader in pages.items():
        text = " ".join("".join(reader.text).split())
        markers = {int(n) for n in MARKER.findall(text)}
        if markers:
            assert any(" ".join(payload(n).split()) in text for n in markers), (
                f"{page}: planted text, but no payload word for word"
            )


def test_every_planted_field_reaches_the_site(
    site: HostileSite, pages: dict[str, PageReader]
) -> None:
    """So that the test above proves something about every field."""
    seen: set[int] = set()
    for reader in pages.values():
        for chunk in ["".join(reader.text), *reader.attribute_text]:
            seen |= {int(n) for n in MARKER.findall(chunk)}
    missing = sorted(
        f"{n}: {field}" for n, field in site.fields.items()
        if n not in seen and not NOT_SHOWN.search(field)
    )
    assert not missing, f"{len(missing)} planted field(s) shown nowhere: {missing[:10]}"
    for needed in ("short_title", "sources.yaml: sources", "glossary.yaml", "open-questions.yaml",
                   "decks.yaml"):
        assert any(needed in site.fields[n] for n in seen), needed


def test_link_checker_finds_no_script_and_no_broken_link(site: HostileSite) -> None:
    """``tools/check_links.py`` (run by ``make check-site``) agrees, and ids stay anchors."""
    report = load_tool("check_links").check_site(site.path)
    assert report.script == [], report.script[:5]
    assert report.broken == [], report.broken[:5]


def test_link_checker_reports_script_in_markup(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(
        '<a href="java\tscript:alert(1)">x</a> <a href=" JavaScript:alert(1)">y</a>'
        '<img src="ok.png" onerror="alert(1)"><a href="vbscript:x">z</a><a href="#">w</a>',
        encoding="utf-8",
    )
    (tmp_path / "ok.png").write_bytes(b"")
    report = load_tool("check_links").check_site(tmp_path)
    assert len(report.script) == 4, report.script
    assert not report.ok


def test_the_generators_stamp_stays_out_of_the_site(site: HostileSite) -> None:
    """``tools/gen_site.py`` left its stamp beside the pages it wrote (so the build did
    not render them again); the site holds no copy of it."""
    stamp = load_tool("gen_site").STAMP
    assert (site.path.parent / "work" / "docs" / stamp).is_file()
    assert not list(site.path.rglob(f"{stamp}*"))
