"""Issue 43: a language is data. Adding one is its catalogs, its pages' twins and one
entry in ``mkdocs.yml``, and this module proves it with a language no one wrote.

``tools/pseudo_language.py`` copies the project and adds there, touching only what a
translator touches, a pseudo-language (``eo``, which Material for MkDocs has a
language file for): every phrase of every catalog, every text of the rule files
and the site's data, every hand-written page, in English with its letters swapped
for accented look-alikes and wrapped in ``⟦ ⟧`` (« ⟦Ţĥé ṕööĺ⟧ »). The copy's site is
then built as ``make site`` builds it (``tools/build_site.py``: the generated pages,
the API reference with Sphinx, ``mkdocs build --strict``): about two minutes, once
per test run, whichever worker asks first (``site_helpers.once_per_run``), so the
tests that read it are marked ``slow``. They fail

1. for a page of the English edition without its pseudo twin in the built site;
2. for an English word in what a reader meets on a pseudo page: the text of its
   ``<article>`` and everything around it (``<title>``, navigation, header,
   footer, the search box's placeholder, the titles and labels of tags), with
   ``<code>``, ``<pre>`` and ``<kbd>`` set aside;
3. for the data the site's scripts read (``assets/tables/index.json``, the served
   ``words.js``) without the pseudo-language's forms, or a script that does not
   choose them on a pseudo page (run in Node, where there is one), and for a
   pseudo edition's search index naming a language the theme's search cannot load.

Also: the tool found an English text for everything it was given, an evidence
badge's letter is not the English initial, and the check of 2. does find English
(an English page read as its pseudo twin).

A word is English when the English edition says it (or ``tests/french_text.py``
lists it) and it is written in plain ASCII letters: every letter of the
pseudo-language but ``q`` bears an accent, so such a word came from no translated
text. Names, the titles of sources and the places in them, and quotations of the
sources are no text of ours to translate: they are what the French and the Russian
editions leave as written, so on each page a word may appear as often as it does on
both twins of that page (the fewer of the two counts), and each word said more
often is a leak, listed as (page, word, where).
"""

from __future__ import annotations

import doctest
import functools
import html
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from french_text import ENGLISH
from site_helpers import load_tool, once_per_run

pseudo_language = load_tool("pseudo_language")
CODE = pseudo_language.DEFAULT_CODE
#: The editions a pseudo page is held to: what both leave in English may stay.
REFERENCES = ("fr", "ru")
#: Folders of the built site that are no edition's pages.
NOT_PAGES = ("api/", "pyodide/", "assets/", "search/", "schemas/", "rulesets/")


class PseudoSite:
    """The copy with the pseudo-language (:attr:`project`), its built site
    (:attr:`path`), the seconds the build took and what the tool could not derive."""

    def __init__(self, folder: Path, said: dict[str, Any]) -> None:
        self.project = folder / "project"
        self.path = self.project / "site"
        self.seconds = float(said["seconds"])
        self.gaps: list[str] = said["gaps"]


def _build(folder: Path) -> dict[str, Any]:
    project = folder / "project"
    made = pseudo_language.make(project, CODE)
    seconds = pseudo_language.build(project)
    return {"seconds": seconds, "gaps": made["gaps"]}


@pytest.fixture(scope="module")
def site() -> PseudoSite:
    folder, said = once_per_run("pseudo-language-site", _build)
    return PseudoSite(folder, said)


def test_the_pseudo_form_keeps_what_a_translator_keeps() -> None:
    """The tool's own examples (its doctests: placeholders, tags, code, link
    targets, file names and front matter kept; a twin's addresses one folder up)."""
    failures, tried = 0, 0
    for module in (pseudo_language, sys.modules["pseudo_text"]):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        failures, tried = failures + result.failed, tried + result.attempted
    assert tried > 5 and failures == 0


# --- reading a page as a reader meets it -------------------------------------------

#: Elements whose text is code, a key or no text at all.
SET_ASIDE = frozenset({"code", "pre", "kbd", "script", "style", "svg", "template"})
#: Attributes whose value a reader meets: a tooltip, a label, a placeholder.
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
#: Elements that end a run of text: the words on either side of them are not one word.
BREAKS = frozenset({"address", "article", "aside", "blockquote", "br", "dd", "details", "div",
                    "dl", "dt", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
                    "h4", "h5", "h6", "header", "hr", "input", "label", "li", "main", "nav",
                    "ol", "option", "p", "section", "select", "summary", "table", "td", "th",
                    "title", "tr", "ul", "button"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})


class ReaderText(HTMLParser):
    """A page's text as a reader meets it, in two parts: ``article`` (the page's
    own text) and ``chrome`` (its ``<title>`` and everything of the body around
    the article: navigation, header, footer, the search box)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: dict[str, list[str]] = {"article": [], "chrome": []}
        #: The texts of tags' attributes, by part (read after the part's text).
        self.attributes: dict[str, list[str]] = {"article": [], "chrome": []}
        self.stack: list[str] = []
        self.aside = 0
        self.article = 0
        self.in_body = False
        self.in_title = False

    def _part(self) -> str | None:
        if self.aside:
            return None
        if self.article:
            return "article"
        if self.in_body or self.in_title:
            return "chrome"
        return None

    def _break(self, tag: str) -> None:
        part = self._part()
        if tag in BREAKS and part is not None:
            self.parts[part].append(" ")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._break(tag)
        if tag == "body":
            self.in_body = True
        elif tag == "title":
            self.in_title = True
        if tag in VOID:
            self._attributes(tag, attrs)
            return
        self.stack.append(tag)
        if tag in SET_ASIDE:
            self.aside += 1
        if tag == "article":
            self.article += 1
        self._attributes(tag, attrs)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attributes(tag, attrs)

    def _attributes(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        part = self._part()
        if part is None or ("hidden", None) in attrs:
            return
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self.attributes[part].append(value)

    def handle_endtag(self, tag: str) -> None:
        self._break(tag)
        if tag == "title":
            self.in_title = False
        if tag not in self.stack:
            return
        while self.stack:
            opened = self.stack.pop()
            if opened in SET_ASIDE:
                self.aside -= 1
            if opened == "article":
                self.article -= 1
            if opened == tag:
                break

    def handle_data(self, data: str) -> None:
        part = self._part()
        if part is not None:
            self.parts[part].append(data)


def reader_text(page: str) -> dict[str, str]:
    """The ``article`` and ``chrome`` text of a built page (one space between runs)."""
    parser = ReaderText()
    parser.feed(page)
    parser.close()
    return {part: " ".join(" ".join(["".join(texts), *parser.attributes[part]]).split())
            for part, texts in parser.parts.items()}


_WORD = re.compile(r"[^\W\d_]+")
#: A file's name or a path, which no language translates: ``all-in-side-pot.yaml``.
_FILE_NAME = re.compile(r"[\w./-]*\w\.(?:ya?ml|json|md|py|js|html?|txt|css|whl)\b")


def words_of(text: str) -> list[re.Match[str]]:
    """The words of ``text`` written in plain ASCII letters, but for those of a file's
    name and those the pseudo-language writes as English does (``Q``, its one letter
    without a look-alike)."""
    text = _FILE_NAME.sub(lambda match: " " * len(match.group()), text)
    return [match for match in _WORD.finditer(text)
            if match.group().isascii() and match.group().strip("qQ")]


def plain_words(text: str) -> Counter[str]:
    """:func:`words_of`, case folded, counted."""
    return Counter(match.group().casefold() for match in words_of(text))


def pages_of(site: Path, edition: str | None) -> dict[str, Path]:
    """The pages of an edition by their address inside it (``versions/1730/index.html``);
    ``None``: the English one, at the root."""
    root = site / edition if edition else site
    others = [f"{code}/" for code in (*REFERENCES, CODE)]
    found = {}
    for path in sorted(root.rglob("*.html")):
        address = path.relative_to(root).as_posix()
        if address.startswith(NOT_PAGES) or (edition is None and address.startswith(
                tuple(others))):
            continue
        found[address] = path
    return found


@functools.cache
def english_lexicon(site: Path) -> frozenset[str]:
    """Every word the English edition writes in plain letters, and the stop-list of
    ``tests/french_text.py``."""
    words = set(ENGLISH)
    for path in pages_of(site, None).values():
        for text in reader_text(path.read_text(encoding="utf-8")).values():
            words |= set(plain_words(text))
    return frozenset(words)


def leaks_of(address: str, texts: dict[str, str], references: list[dict[str, str]],
             lexicon: frozenset[str]) -> list[tuple[str, str, str]]:
    """The English words of one pseudo page said more often than on every reference
    twin, each with where it stands: (page, word, context)."""
    found = []
    for part, text in texts.items():
        counts = plain_words(text)
        allowed = {word: min(plain_words(reference.get(part, "")).get(word, 0)
                             for reference in references) if references else 0
                   for word in counts}
        over = {word for word, count in counts.items()
                if word in lexicon and count > allowed[word]}
        for word in sorted(over):
            shown = 0
            for match in words_of(text):
                if match.group().casefold() != word:
                    continue
                context = text[max(0, match.start() - 50):match.end() + 50]
                found.append((f"{address} ({part})", match.group(), context))
                shown += 1
                if shown == 3:
                    break
    return found


def heading_of(page: str) -> str:
    """The text of a built page's first heading (empty without one)."""
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", heading.group(1))).strip() if heading else ""


@pytest.mark.slow
def test_every_english_page_has_its_pseudo_twin(site: PseudoSite) -> None:
    """Every page of the English edition has its twin in the pseudo-language: a page
    of its own (``<html lang>``), and one whose heading is the pseudo-language's,
    not the English page shown again under ``eo/``."""
    english = pages_of(site.path, None)
    pseudo = pages_of(site.path, CODE)
    assert "versions/1730/index.html" in english and "index.html" in english
    missing = [address for address in english if address not in pseudo]
    not_twins = []
    for address, path in pseudo.items():
        if address not in english:
            continue
        page = path.read_text(encoding="utf-8")
        if f'lang="{CODE}"' not in page[:300] or (
                heading_of(page) == heading_of(english[address].read_text(encoding="utf-8"))
                and re.search(r"[A-Za-z]", heading_of(page))):
            not_twins.append(address)
    assert missing == [] and not_twins == []


@pytest.mark.slow
def test_the_tool_derived_every_text_it_was_given(site: PseudoSite) -> None:
    """Each ``translations`` form and each section of another language's messages had
    an English text to transform."""
    assert site.gaps == []


@pytest.mark.slow
def test_no_english_word_on_a_pseudo_page(site: PseudoSite) -> None:
    lexicon = english_lexicon(site.path)
    leaks: list[tuple[str, str, str]] = []
    pages = pages_of(site.path, CODE)
    assert len(pages) > 40, sorted(pages)
    for address, path in pages.items():
        texts = reader_text(path.read_text(encoding="utf-8"))
        references = [reader_text(twin.read_text(encoding="utf-8"))
                      for code in REFERENCES
                      if (twin := site.path / code / address).is_file()]
        leaks += leaks_of(f"{CODE}/{address}", texts, references, lexicon)
    assert leaks == [], "\n".join(f"{page}: {word!r} in …{context}…"
                                  for page, word, context in leaks)


@pytest.mark.slow
def test_an_english_page_read_as_a_pseudo_page_is_all_leaks(site: PseudoSite) -> None:
    """The check above finds English: the English page of a version, read as if it
    were its pseudo twin, is full of leaks, and the pseudo twin itself has none."""
    lexicon = english_lexicon(site.path)
    address = "versions/1730/index.html"
    references = [reader_text((site.path / code / address).read_text(encoding="utf-8"))
                  for code in REFERENCES]
    english = reader_text((site.path / address).read_text(encoding="utf-8"))
    pseudo = reader_text((site.path / CODE / address).read_text(encoding="utf-8"))
    found = {word.casefold() for _, word, _ in leaks_of(address, english, references, lexicon)}
    assert {"the", "players", "cards", "deal", "dealer", "pool"} <= found
    assert leaks_of(address, pseudo, references, lexicon) == []


#: An evidence badge's short form: a letter for its level (``A`` for attested).
BADGE = re.compile(r'<span class="evidence evidence-(\w+) evidence-short"[^>]*>([^<]*)</span>')


@pytest.mark.slow
def test_the_evidence_badges_letters_are_the_pseudo_language_s(site: PseudoSite) -> None:
    """A badge's letter is the first of its level's name in the page's language: on
    a pseudo page, no plain letter of an English name (the French initials happen to
    be the English ones, so the comparison with the French twin cannot see them)."""
    found: Counter[str] = Counter()
    for path in pages_of(site.path, CODE).values():
        for level, letter in BADGE.findall(path.read_text(encoding="utf-8")):
            if letter.isascii() and letter.strip():
                found[f"{level}: {letter!r}"] += 1
    assert dict(found) == {}


# --- the data the scripts read ----------------------------------------------------


@pytest.mark.slow
def test_the_tables_index_names_everything_in_the_pseudo_language(site: PseudoSite) -> None:
    """``assets/tables/index.json``: each version's title and each combination's name
    in the pseudo-language (the English one transformed), and no text a script shows
    given in one language only (a suit's name titles a card on the combinations page)."""
    index = json.loads((site.path / "assets" / "tables" / "index.json").read_text("utf-8"))
    wrong = []
    for version in index["versions"]:
        titles = version.get("titles", {})
        if titles.get(CODE) != pseudo_language.pseudo(titles.get("en", "")):
            wrong.append(f"{version['id']}: titles.{CODE} = {titles.get(CODE)!r}")
        for combination, names in version.get("combinations", {}).items():
            if names.get(CODE) != pseudo_language.pseudo(names.get("en", "")):
                wrong.append(f"{version['id']}: combinations.{combination}.{CODE} = "
                             f"{names.get(CODE)!r}")
        for suit in version.get("suits", []):
            names = suit.get("names") or {}
            if names.get(CODE) != pseudo_language.pseudo(names.get("en", "")):
                wrong.append(f"{version['id']}: suits.{suit.get('id')}.names.{CODE} = "
                             f"{names.get(CODE)!r}")
    assert wrong == []


def _english_words_js(site: PseudoSite) -> dict[str, str]:
    script = (site.project / "docs" / "assets" / "words.js").read_text(encoding="utf-8")
    english = pseudo_language.script_english(script)
    assert len(english) > 50
    return english


def _served_words(site: PseudoSite) -> list[Path]:
    """The words files a pseudo page loads (its ``<script src>`` naming ``words``)."""
    home = site.path / CODE / "index.html"
    sources = re.findall(r'<script src="([^"]*words[^"]*\.js)"', home.read_text("utf-8"))
    assert sources, "no words script on the pseudo-language's home page"
    return [(home.parent / source).resolve() for source in sources]


@pytest.mark.slow
def test_the_served_script_words_hold_the_pseudo_forms(site: PseudoSite) -> None:
    """The words file the pseudo pages load holds the pseudo form of each label."""
    served = "".join(path.read_text(encoding="utf-8") for path in _served_words(site))
    missing = []
    for key, english in _english_words_js(site).items():
        form = pseudo_language.pseudo(english)
        if form == english:
            continue
        written = {json.dumps(form, ensure_ascii=False)[1:-1], json.dumps(form)[1:-1]}
        if not any(text in served for text in written):
            missing.append(f"{key}: {form!r}")
    assert missing == []


NODE_PAGE = """
const fs = require("fs");
global.window = global;
global.document = {documentElement: {getAttribute: (name) => name === "lang" ? %s : null,
                                     lang: %s}};
for (const file of %s) { eval(fs.readFileSync(file, "utf8")); }
const keys = %s;
const out = {};
for (const key of keys) {
  try { out[key] = window.ambiguWords(key); } catch (error) { out[key] = "ERROR " + error; }
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.slow
def test_a_pseudo_page_s_scripts_say_the_pseudo_forms(site: PseudoSite) -> None:
    """The served words run in Node as on a page whose ``<html lang>`` is the
    pseudo-language's: each label is its pseudo form."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node to run words.js")
    english = _english_words_js(site)
    files = [str(path) for path in _served_words(site)]
    script = NODE_PAGE % (json.dumps(CODE), json.dumps(CODE), json.dumps(files),
                          json.dumps(sorted(english)))
    result = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60,
                            check=False)
    assert result.returncode == 0, result.stderr
    said = json.loads(result.stdout)
    wrong = [f"{key}: {said.get(key)!r}, not {pseudo_language.pseudo(text)!r}"
             for key, text in english.items()
             if said.get(key) != pseudo_language.pseudo(text)]
    assert wrong == []


@pytest.mark.slow
def test_the_pseudo_search_index_names_only_languages_the_search_can_stem(
        site: PseudoSite) -> None:
    """The pseudo edition's search index (``eo/search/search_index.json``,
    ``tools/mkdocs_page_dates.py``) names, in ``config.lang``, only languages the
    theme's search has a stemmer for (``assets/javascripts/lunr/min/lunr.<code>.min.js``,
    English built in): the theme's search worker loads one for each, and one it cannot
    load stops the search of the whole edition."""
    index = json.loads((site.path / CODE / "search" / "search_index.json").read_text("utf-8"))
    stemmers = site.path / "assets" / "javascripts" / "lunr" / "min"
    missing = [code for code in index["config"].get("lang", [])
               if code != "en" and not (stemmers / f"lunr.{code}.min.js").is_file()]
    assert missing == []
