"""MkDocs hooks for the two editions, English at the root and French under ``fr/``.

The i18n plugin (mkdocs-static-i18n, ``mkdocs.yml``) builds the French
edition inside the English build's last step; ``tools/site_language.py`` tells
the hooks which edition they are in. These hooks:

- :func:`on_config`: the words of the theme's chrome that its language files
  lack, in the edition's language (``site_language.words``): the title of the
  heading anchors and of the footnotes' back links (Python-Markdown's ``toc``
  and ``footnotes``), and, for ``overrides/partials/copyright.html``, the line
  at the foot of every page. The palette switch's names are in ``mkdocs.yml``
  (the French edition's ``theme`` there).
- :func:`on_pre_build`: the French build leaves the English ``404.html`` in
  place (a static host serves it for every missing address).
- :func:`on_post_build`: the French build writes its own ``404.html`` under
  ``fr/`` (``overrides/404.html`` says it in the edition's language), for a
  host that serves the nearest 404 page of a missing address.
- :func:`on_files`: in the French build, copy only what goes under ``fr/``.
  Every other file (the API reference, the site's and the theme's assets, the
  variants' files) is the same file at the same place, copied once by the
  English build: the API reference is English and is built and copied once.
  The English build serves the scripts' words (``assets/words.js``) with
  the forms of every edition's language (from its ``messages.yaml``), each
  spaced by that language's rules as the generated pages are, and its signs
  for numbers (:mod:`ambigu_rules.site.script_words`).
- :func:`on_page_markdown`: space the text of a page of the French edition
  the French way (:func:`spaced`, the rule of the generated pages, applied to
  the hand-written ones), and append the glossary's abbreviations of the page's
  edition (``includes/abbreviations.md``, or its French twin
  ``includes/abbreviations.fr.md`` once it is written), as pymdownx.snippets'
  ``auto_append`` would for one file only.
  On a page of the French edition that has no French twin yet (the English
  page, shown under ``fr/``), the addresses written as HTML in the page's
  text (``href``, ``src``, and ``data-`` attributes holding a path, such as
  ``data-assets`` and ``data-tables``; MkDocs rewrites only Markdown links)
  are moved one folder up, to lead where they lead in English.
- :func:`on_page_context`: the language switch and the ``hreflang`` links
  lead from every page to its counterpart, the home pages included (the
  plugin points them at the editions' roots as absolute paths, which break
  when the site is served below a folder).
- :func:`on_env`: the theme's templates are compiled once for both editions
  (each build makes a new Jinja environment; they share one in-memory cache
  of compiled templates).
- :func:`on_post_page`: the ``hreflang`` links of the page's head made
  absolute from the page's canonical address, with an ``x-default`` (English)
  one, as search engines read them; the switch keeps relative links, so
  that it works wherever the site is served.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from mkdocs.plugins import event_priority

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/: site_language
import site_language

#: The glossary's abbreviations (generated), appended to every page.
ABBREVIATIONS = "includes/abbreviations.md"


#: The theme's pages built once, by the English build: a static host serves
#: ``/404.html`` whatever the edition of the missing page.
ENGLISH_ONLY_TEMPLATES = ("404.html",)


@event_priority(-150)  # after the i18n plugin (-100) has set the edition's language
def on_config(config: Any, **_: Any) -> Any:
    """The theme's words that Material's language files lack, in the edition's language."""
    language = site_language.edition(config)
    extensions = config["mdx_configs"]
    extensions.setdefault("toc", {})["permalink_title"] = site_language.words(
        "permalink", language)
    # The footnotes extension writes the note's number where ``{}`` stands.
    extensions.setdefault("footnotes", {})["BACKLINK_TITLE"] = site_language.template(
        "footnote_back", language)
    return config


def on_pre_build(config: Any, **_: Any) -> None:
    """Leave out of the French build the theme's pages only the English one makes."""
    templates = config["theme"].static_templates
    if site_language.is_default(config):
        templates.update(ENGLISH_ONLY_TEMPLATES)
    else:
        templates.difference_update(ENGLISH_ONLY_TEMPLATES)


@event_priority(-200)  # after the i18n plugin (-100) has sorted the files of the edition
def on_files(files: Any, config: Any, **_: Any) -> Any:
    """In the French build, copy only what goes under ``fr/``."""
    if site_language.is_default(config):
        return with_spaced_script_words(files, config)
    prefix = f"{site_language.edition(config)}/"
    for file in files:
        if not file.is_documentation_page() and not file.dest_uri.startswith(prefix):
            file.copy_file = _copied_already
    return files


#: The labels of the site's scripts, in English (``docs/assets/``); the other
#: languages' forms are in their ``messages.yaml``.
SCRIPT_WORDS = "assets/words.js"


def with_spaced_script_words(files: Any, config: Any) -> Any:
    """The files of the build, ``assets/words.js`` made from ``docs/`` with the forms of
    the language of every edition (:data:`site_language.EDITIONS`), spaced by its rules
    (a plain space before « : » written in French, a no-break one served), and its
    signs for numbers."""
    from mkdocs.structure.files import File

    from ambigu_rules.site.script_words import served

    written = files.get_file_from_path(SCRIPT_WORDS)
    if written is None or written.abs_src_path is None:
        return files
    script = Path(written.abs_src_path).read_text(encoding="utf-8")
    files.remove(written)
    files.append(File.generated(config, SCRIPT_WORDS,
                                content=served(script, site_language.EDITIONS)))
    return files


def _copied_already(dirty: bool = False) -> None:
    """``File.copy_file`` of a file the English build has copied."""


def abbreviations_for(docs_dir: Path, language: str) -> str:
    """The abbreviations file of an edition: its twin (``abbreviations.fr.md``),
    or the English one while the twin is not written yet.

    >>> abbreviations_for(Path("/nonexistent"), "fr")
    'includes/abbreviations.md'
    """
    twin = site_language.suffixed(ABBREVIATIONS, language)
    return twin if (docs_dir / twin).is_file() else ABBREVIATIONS


#: A relative address in HTML written in a page: an ``href`` or ``src`` that names
#: no scheme, root or anchor, or a ``data-`` attribute holding a path (``../``),
#: as the Play page's ``data-assets`` and the evaluator's ``data-tables``.
_RELATIVE_ATTRIBUTE = re.compile(
    r'(\s(?:href|src)=")(?![A-Za-z][A-Za-z0-9+.-]*:|/|#)|(\sdata-[a-z-]+=")(?=\.\.?/)')


def from_edition_folder(markdown: str) -> str:
    """An English page's text as shown in another edition, one folder down
    (``fr/``): the relative addresses of its HTML attributes one folder up.

    >>> from_edition_folder('<a href="../../rulesets/1730.yaml" download>')
    '<a href="../../../rulesets/1730.yaml" download>'
    >>> from_edition_folder('<a href="#top"> [x](../y.md) <img src="https://x/y.png">')
    '<a href="#top"> [x](../y.md) <img src="https://x/y.png">'
    >>> from_edition_folder('<div data-tables="../assets/tables/" data-examples="a,b">')
    '<div data-tables="../../assets/tables/" data-examples="a,b">'
    """
    return _RELATIVE_ATTRIBUTE.sub(lambda match: (match.group(1) or match.group(2)) + "../",
                                   markdown)


def spaced(markdown: str, language: str) -> str:
    """A page written in ``language``, spaced as the language spaces its punctuation
    (``Lang.typeset``; its code, tags and link targets left alone): the
    hand-written French pages as the generated ones, which are spaced when
    written (spacing them again changes nothing).

    >>> spaced("Voir : « battez » ; `a : b`", "fr") == (
    ...     "Voir\u00a0: «\u00a0battez\u00a0»\u202f; `a : b`")
    True
    """
    from ambigu_rules.words.lang import lang_of, typeset_markdown

    return typeset_markdown(markdown, lang_of(language))


def on_page_markdown(markdown: str, page: Any, config: Any, **_: Any) -> str:
    """The page with the glossary's abbreviations of its edition appended (and,
    an English page shown in another edition, its HTML addresses moved; a page
    of the edition's own, spaced as its language spaces punctuation)."""
    language = site_language.edition(config)
    if language != site_language.DEFAULT:
        if getattr(page.file, "locale", language) != language:
            markdown = from_edition_folder(markdown)
        else:
            markdown = spaced(markdown, language)
    include = abbreviations_for(Path(config["docs_dir"]), language)
    return f'{markdown}\n\n--8<-- "{include}"\n'


@event_priority(0)  # after the i18n plugin's (50), which sets the links first
def on_page_context(context: Any, page: Any, config: Any, **_: Any) -> Any:
    """Point the switch's and the head's links of every edition at this page's
    counterparts (the plugin leaves the home pages' as absolute paths)."""
    alternates = getattr(page.file, "alternates", None)
    # The plugin sets the page's links as an attribute of `extra` (which the
    # theme reads first), its defaults as an item.
    extra = config["extra"]
    links = getattr(extra, "alternate", None) or extra.get("alternate")
    if not alternates or not links:
        return context
    for link in links:
        counterpart = alternates.get(link.get("lang"))
        if counterpart is not None:
            link["link"] = counterpart.url or "./"
    return context


_HREFLANG = re.compile(r'<link rel="alternate" href="([^"]*)" hreflang="([^"]*)">')


def absolute_hreflang(output: str, canonical: str) -> str:
    """The page's ``hreflang`` links made absolute from its canonical address,
    followed by an ``x-default`` one to the default edition.

    >>> page = '<link rel="alternate" href="../../history/" hreflang="en">'
    >>> print(absolute_hreflang(page, "https://example.org/fr/history/"))
    <link rel="alternate" href="https://example.org/history/" hreflang="en">
    <link rel="alternate" href="https://example.org/history/" hreflang="x-default">
    """
    def absolute(match: re.Match[str]) -> str:
        address, language = urljoin(canonical, match.group(1)), match.group(2)
        link = f'<link rel="alternate" href="{address}" hreflang="{language}">'
        if language == site_language.DEFAULT:
            link += f'\n<link rel="alternate" href="{address}" hreflang="x-default">'
        return link

    return _HREFLANG.sub(absolute, output)


def on_post_page(output: str, page: Any, **_: Any) -> str:
    canonical = getattr(page, "canonical_url", None)
    return absolute_hreflang(output, canonical) if canonical else output


class _SharedTemplates(BytecodeCache):
    """Compiled templates kept in memory for the builds of one process."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


_TEMPLATES = _SharedTemplates()


def on_env(env: Any, config: Any, files: Any, **_: Any) -> Any:
    """The theme's environment, with the compiled templates both editions share (and,
    for :func:`on_post_build`, the environment and files of the edition)."""
    env.bytecode_cache = _TEMPLATES
    # overrides/partials/copyright.html: the line at the foot of every page.
    language = site_language.edition(config)
    env.globals["made_with"] = site_language.words("made_with", language)
    # overrides/404.html: the page for an address the site does not have.
    home = config["site_url"] + ("" if language == site_language.DEFAULT else f"{language}/")
    env.globals["not_found"] = site_language.words("not_found", language)
    env.globals["not_found_help"] = site_language.words("not_found_help", language, home=home)
    _EDITION.update(env=env, files=files)
    return env


#: What the build of an edition gives the French 404 page: its nav, env and files.
_EDITION: dict[str, Any] = {}


def on_nav(nav: Any, **_: Any) -> Any:
    """Keep the edition's navigation for its 404 page."""
    _EDITION["nav"] = nav
    return nav


def on_post_build(config: Any, **_: Any) -> None:
    """The 404 page of an edition other than the default one, in its folder
    (``fr/404.html``); the default edition's is the theme's own, at the root."""
    if site_language.is_default(config):
        return
    from mkdocs.commands.build import _build_template

    name = ENGLISH_ONLY_TEMPLATES[0]
    output = _build_template(name, _EDITION["env"].get_template(name), _EDITION["files"],
                             config, _EDITION["nav"])
    path = Path(config["site_dir"]) / site_language.edition(config) / name
    path.write_text(output, encoding="utf-8")
