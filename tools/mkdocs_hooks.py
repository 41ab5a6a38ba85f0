"""MkDocs hooks: keep the generated pages in step with the rule files.

Listed under ``hooks:`` in ``mkdocs.yml``. Before every build:

* under ``mkdocs serve``, the pages made from ``rulesets/*.yaml`` are
  regenerated (only the files whose text changed are written), so that an
  edit to a rule file shows on the served site without a restart
  (``mkdocs.yml`` watches ``rulesets/`` and ``ambigu_rules/``; the pages are
  written by ``tools/gen_site.py`` in a process of its own, so that a change
  to the package's code or templates shows too, and only pages whose text
  changed are written: on a clean checkout, none);
* under ``mkdocs build``, nothing in ``docs/`` is rewritten: the build stops
  with the list of out-of-date pages, which ``python tools/gen_site.py``
  (run first by ``make site``) writes. A build never changes committed files
  behind the user's back. Right after ``tools/gen_site.py`` (``make site``,
  ``tools/build_site.py``), the pages are not rendered a second time: the
  stamp it wrote beside them (``docs/.gen_site-stamp.json``) still matches
  what they are made from and what they hold (``gen_site.stamp_matches``).
  Without a stamp, or when anything it covers changed (a rule file, the
  package, a page edited by hand), the pages are rendered and compared.
  ``mkdocs serve`` leaves the stamp alone (writing it would make the server,
  which watches ``docs/``, build once more): a stamp that no longer matches
  is never trusted, and one that matches again vouches for pages it wrote.

A problem in a YAML file stops the build with its ``file:line:col`` message.
After the build, each built-in version's rule file is copied to
``site/rulesets/`` for the download link on its page, and the JSON Schemas of
the rule format to ``site/schemas/``, the addresses their ``$id`` and the rule
files' first lines name (:func:`on_post_build`).

After each page is rendered, its title and the titles of its table of
contents are made plain text with no ``<`` or ``>`` (:func:`on_page_content`):
they come from headings, and so from rule files, and the theme prints them
in places where they would be read as HTML again (``<title>``, through
``striptags``, which decodes character references; the tooltip Material
shows for a title cut short, which it writes as HTML).

Both editions (``tools/site_language.py``): the French build, made inside
the English one's last step, does not check the generated pages again and
makes none of the ``on_post_build`` copies (the French pages link the same
files). ``tools/mkdocs_editions.py`` has the rest of what the two editions
need.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/: site_language
import site_language

_COMMAND = {"name": "build"}
#: The site the pre-build hook loaded (to render the pages), for the hand tables
#: written after the build: the rule files are then read once per build.
_LOADED: dict[str, Any] = {}

def on_startup(command: str, dirty: bool, **_: Any) -> None:
    _COMMAND["name"] = command


def _run_generator(*options: str) -> None:
    """Run ``tools/gen_site.py`` with ``options`` in a process of its own, with this
    interpreter, printing what it wrote; a problem in a rule file stops the build.

    ``mkdocs serve`` does so at every rebuild: a fresh process imports the
    package as it is on disk now, so an edit to its code or templates shows
    without reloading modules inside the server (a list of modules to reload
    has to name every one of them, and one forgotten kept an old class).
    """
    import subprocess

    script = Path(__file__).resolve().parent / "gen_site.py"
    result = subprocess.run([sys.executable, str(script), *options], text=True,
                            capture_output=True, check=False)
    for line in result.stdout.splitlines():
        if line.startswith("wrote "):
            print(f"INFO    -  [gen_site] {line}")
    if result.returncode != 0:
        problem = (result.stderr or result.stdout).strip()
        raise PluginError(f"the rule files have a problem:\n{problem}")


def on_pre_build(config: Any, **_: Any) -> None:
    from ambigu_rules.errors import AmbiguError

    if not site_language.is_default(config):
        return  # docs/ was checked by the English build, a moment ago
    docs_dir = Path(config["docs_dir"])
    serving = _COMMAND["name"] == "serve"
    _LOADED.clear()
    stamp = _tool("gen_site")
    if not serving and stamp.stamp_matches(docs_dir):
        return  # just written by tools/gen_site.py, and nothing changed since
    if serving:
        _run_generator("--no-stamp", "--docs-dir", str(docs_dir))
        return
    from ambigu_rules.site import generate

    try:
        site = generate.load_site()
        _LOADED["site"] = site
        expected = generate.render_site(docs_dir, site)
        stale = generate.stale_files(docs_dir, expected)
    except AmbiguError as error:
        raise PluginError(f"the rule files have a problem:\n{error}") from None
    if stale:
        listed = "\n".join(f"  docs/{relative}" for relative in stale)
        raise PluginError(
            "these generated pages are out of date with rulesets/ "
            f"(run: python tools/gen_site.py):\n{listed}"
        )


def on_post_build(config: Any, **_: Any) -> None:
    """Put each built-in version's rule file (and the glossary, open questions and
    sources) in the site, as the pages generated from them link them (once, in
    the English build: the French pages link the same files).

    A version page offers ``rulesets/<id>.yaml`` for download; the files are
    copied from the rule files the pages were generated from, so the site
    never carries a stale copy and the repository holds none. The JSON Schemas
    go to ``schemas/``, the addresses the rule files' first lines name
    (:func:`_publish_schemas`).
    """
    from ambigu_rules.load.catalog import builtin_ids, rulesets_dir
    from ambigu_rules.site.pages.context import DATA_FILES
    from ambigu_rules.site.safe_paths import inside

    if not site_language.is_default(config):
        return
    target = Path(config["site_dir"]) / "rulesets"
    names = [f"{version_id}.yaml" for version_id in builtin_ids()] + list(DATA_FILES)
    for name in names:
        path = inside(target, name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(inside(rulesets_dir(), name).read_bytes())
    # `mkdocs serve` puts its own address in site_url: the published one is not checked then.
    served = _COMMAND["name"] == "serve"
    _publish_schemas(Path(config["site_dir"]), "" if served else str(config["site_url"] or ""))
    _write_hand_tables(Path(config["site_dir"]) / "assets" / "tables")
    _install_pyodide(Path(config["site_dir"]) / "pyodide")


def _publish_schemas(site_dir: Path, site_url: str) -> None:
    """Copy the committed JSON Schemas (``rulesets/*.schema.json``, the source) to
    ``site/schemas/``; stop the build if one's ``$id`` is not where ``site_url``
    publishes it (the site's address changed since ``python tools/gen_schema.py``
    last ran). An empty ``site_url`` skips the check."""
    import json

    from ambigu_rules.load.catalog import rulesets_dir
    from ambigu_rules.load.schema import COMPLETE_NAME, EXTENDS_NAME, SCHEMA_FOLDER, schema_address

    target = site_dir / SCHEMA_FOLDER
    target.mkdir(parents=True, exist_ok=True)
    for name in (COMPLETE_NAME, EXTENDS_NAME):
        data = (rulesets_dir() / name).read_bytes()
        published = json.loads(data).get("$id")
        if site_url and published != schema_address(name, site_url):
            raise PluginError(f"rulesets/{name} has $id {published!r}, but the site publishes "
                              f"it at {schema_address(name, site_url)!r} "
                              "(run: python tools/gen_schema.py)")
        (target / name).write_bytes(data)


def _tool(name: str) -> Any:
    """``tools/<name>.py`` as a module (the tools are scripts, not a package), loaded once."""
    import importlib.util

    module_name = f"ambigu_tools_{name}"
    if module_name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            module_name, Path(__file__).resolve().parent / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
    return sys.modules[module_name]


def _install_pyodide(target: Path) -> None:
    """The Pyodide runtime and wheels for the Play page, if they were fetched.

    ``make pyodide-assets`` (run by ``make site``) fetches them; without them
    the site builds all the same and the Play page says Python is missing.
    """
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "ambigu_tools_pyodide_assets", Path(__file__).resolve().parent / "pyodide_assets.py")
    assert spec is not None and spec.loader is not None
    assets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(assets)
    try:
        assets.install(target)
    except assets.AssetError as error:
        print(f"INFO    -  [pyodide] not in this build: {error}")

def _write_hand_tables(target: Path) -> None:
    """Each version's table of every hand, for the combinations page's evaluator
    (under ``mkdocs serve``, by ``tools/gen_site.py`` in a process of its own)."""
    if _COMMAND["name"] == "serve":
        _run_generator("--tables", str(target))
        return
    from ambigu_rules.site.generate import load_site
    from ambigu_rules.site.tables import write_tables

    site = _LOADED.pop("site", None) or load_site()  # the one the pages were rendered from
    write_tables(target, site.tab_order)


# What a title shown by the theme may not contain once decoded.
_ANGLES = str.maketrans({"<": "‹", ">": "›"})
_TAG = re.compile(r"<[^>]*>")


def safe_title(title: str | None) -> str | None:
    """A page or heading title (HTML) as escaped text with no angle brackets.

    The theme prints a title as HTML, as text with its character references
    decoded (``striptags`` in ``<title>``), and as HTML made from the text the
    reader sees (the tooltip of a title cut short). Text without ``<`` and
    ``>``, escaped once, is safe in all three and reads the same; a ``<`` or
    ``>`` in a title is shown as ``‹`` or ``›``.

    >>> safe_title("Foster &amp; Hoyle"), safe_title("&lt;img src=x onerror=alert(1)&gt;")
    ('Foster &amp; Hoyle', '‹img src=x onerror=alert(1)›')
    >>> safe_title("&amp;lt;b&amp;gt; <code>x</code>")
    '&amp;lt;b&amp;gt; x'
    """
    if title is None:
        return None
    text = html.unescape(_TAG.sub("", str(title)))
    return html.escape(text.translate(_ANGLES), quote=False)


def _safe_toc(items: Any) -> None:
    for item in items:
        item.title = safe_title(item.title)
        _safe_toc(item.children)


def is_edition_home(page: Any) -> bool:
    """Whether ``page`` is the home page of its edition: ``index.md`` at the site's
    root, or its French twin at ``fr/`` (which MkDocs does not count as the home
    page). Its browser tab shows the edition's site name alone
    (``overrides/main.html``); a descriptive title here would be printed before
    the site name, which the home page's heading already is (« Accueil — Règles de
    l'Ambigu - Règles de l'Ambigu »)."""
    if page.is_homepage:
        return True
    return str(getattr(page.file, "norm_src_uri", page.file.src_uri)) == "index.md"


def nav_label(page: Any) -> str | None:
    """The page's label in the navigation (as the edition translates it), or
    ``None`` for a page the navigation does not list, such as a version's rules
    card: MkDocs then makes its title from the file's name (« Card »), which is
    no label of ours, in no edition's language."""
    title = vars(page).get("title")
    return str(title) if title else None


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """Give the page a descriptive title, a description of its own and its search rank.

    The title is for the browser tab and the search results (the navigation
    keeps its short label); the description goes into ``<meta
    name="description">``. Both may come from a rule file, and the theme
    prints them unescaped, so they are escaped here (and the title has no
    angle brackets, see :func:`safe_title`).
    """
    from ambigu_rules.site import page_meta

    meta = page.meta
    if not is_edition_home(page) and "title" not in meta:
        label = nav_label(page) or page_meta.heading(markdown) or page.title or ""
        title = page_meta.descriptive_title(str(label), markdown)
        meta["title"] = safe_title(html.escape(title, quote=False))
    if "description" not in meta:
        text = page_meta.description(markdown)
        if text:
            meta["description"] = html.escape(text.translate(_ANGLES), quote=True)
    search = meta.get("search")
    search = dict(search) if isinstance(search, dict) else {}
    # The rank of the page whatever its edition: history.fr.md ranks as history.md.
    search.setdefault("boost", page_meta.search_boost(
        getattr(page.file, "norm_src_uri", page.file.src_uri)))
    meta["search"] = search
    return minus_signs(markdown)


_FENCE = re.compile(r"^ *(```|~~~)")
# A cell of a Markdown table that holds a negative whole number, written with "-".
_NEGATIVE_CELL = re.compile(r"(?<=\|)([ \t]*)-(?=\d+[ \t]*\|)")


def minus_signs(markdown: str) -> str:
    """A negative number alone in a table's cell written with the minus sign (−,
    U+2212), as the pages written by hand write a loss; code is left alone.

    The table of *Same deal, every rulebook* (``docs/examples/every-rulebook.md``
    and its French twin) is what ``python -m ambigu_rules.play.examples`` prints,
    which writes ``-15``; a test compares the page with that output, so the sign
    is set here, as the page is read.

    >>> minus_signs("| 1730 | +2 | -2 | -15 | 4 |\\n```\\n| -3 |\\n```\\nx -4 | `-5` | 2-3 |")
    '| 1730 | +2 | −2 | −15 | 4 |\\n```\\n| -3 |\\n```\\nx -4 | `-5` | 2-3 |'
    """
    lines = markdown.split("\n")
    fence: str | None = None
    for number, line in enumerate(lines):
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1) == fence:
                fence = None
            continue
        if opened:
            fence = opened.group(1)
        elif line.startswith("|"):
            lines[number] = _NEGATIVE_CELL.sub("\\1\u2212", line)
    return "\n".join(lines)


def on_page_content(html_text: str, page: Any, config: Any, **_: Any) -> str:
    """Make the page's title and its table of contents safe where the theme shows them;
    keep content-tab labels apart for search; on the worked examples, draw the
    cards written in the text as card chips; let the keyboard reach each table's
    scrolling box (:func:`focusable_table_boxes`) and each glossary term's
    definition (:func:`focusable_terms`)."""
    from ambigu_rules.site.page_meta import keep_tab_labels_apart

    page.title = safe_title(page.title)
    _safe_toc(page.toc)
    html_text = keep_tab_labels_apart(html_text)
    if page.file.src_uri.startswith("examples/"):
        from ambigu_rules.words.lang import lang_of
        from ambigu_rules.words.markup import chip_cards

        html_text = chip_cards(html_text, lang_of(site_language.edition(config)))
    html_text = focusable_table_boxes(html_text)
    return focusable_terms(html_text)


# A table the theme wraps in a box that scrolls sideways (its script wraps
# every table without a class), up to its end; tables are not nested here.
_PLAIN_TABLE = re.compile(r"<table(?:\s(?![^>]*\bclass\s*=)[^>]*)?>.*?</table>", re.S)
_HEAD_CELL = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)


def focusable_table_boxes(html_text: str) -> str:
    """Each table the theme would wrap, already in the theme's box that scrolls
    sideways, which the keyboard can reach and a screen reader names.

    On a phone a wide table scrolls inside that box, which the theme's script
    makes as the page starts; a box that scrolls must take the keyboard's
    focus, so that the arrow keys scroll it (axe-core:
    scrollable-region-focusable). The box is written here, in the theme's own
    classes (``md-typeset__scrollwrap``, ``md-typeset__table``), with
    ``tabindex="0"`` and a name, the table's column headings; its role is
    ``group``, not ``region``: a page such as the rule format's reference has
    thirty tables, which would be thirty landmarks. The theme's script still
    wraps the table in a box of its own, inside this one; site.css makes that
    inner box add nothing, so the page looks the same before and after.

    >>> focusable_table_boxes('<table><thead><tr><th>Seat</th><th><abbr title="x">Bank</abbr>'
    ...                       '</th></tr></thead></table><table class="t"></table>')
    ... # doctest: +NORMALIZE_WHITESPACE
    '<div class="md-typeset__scrollwrap table-box" role="group" tabindex="0" aria-label="Seat,
    Bank"><div class="md-typeset__table"><table><thead><tr><th>Seat</th><th><abbr
    title="x">Bank</abbr></th></tr></thead></table></div></div><table class="t"></table>'
    """

    def wrap(match: re.Match[str]) -> str:
        table = match.group(0)
        head = table.split("</thead>", 1)[0] if "</thead>" in table else ""
        heads = [" ".join(html.unescape(_TAG.sub("", cell)).split())
                 for cell in _HEAD_CELL.findall(head)]
        name = ", ".join(head for head in heads if head)
        label = f' aria-label="{html.escape(name, quote=True)}"' if name else ""
        return (f'<div class="md-typeset__scrollwrap table-box" role="group" tabindex="0"{label}>'
                f'<div class="md-typeset__table">{table}</div></div>')

    return _PLAIN_TABLE.sub(wrap, html_text)


# An abbreviation with its definition (the abbr extension, the glossary's
# terms), and the elements a focusable term may not sit in.
_TERM_OR_CONTROL = re.compile(r"<abbr\b([^>]*)>|<(/?)(a|button|summary|label)\b[^>]*>", re.I)
_TITLE = re.compile(r'\btitle="([^"]*)"')


def focusable_terms(html_text: str) -> str:
    """The first use of each glossary term on a page, reachable by the keyboard.

    A term's definition is its ``<abbr title>``, which a mouse shows by
    pointing; a touch screen and a keyboard cannot, so on-page.js shows it in a
    small box when a term is tapped or focused. Only the first use of each
    definition takes the focus (``tabindex="0"``): the open questions use the
    terms some 270 times, which as many stops would make the page hard to cross
    with the Tab key. A term inside a link, button, label or summary stays as
    it is: a control inside a control cannot be reached as itself.

    >>> focusable_terms('<p><abbr title="a pool">poule</abbr>, <abbr title="a pool">poule</abbr>'
    ...                 ' <a href="#"><abbr title="four">fredon</abbr></a>'
    ...                 ' <abbr title="four">fredons</abbr></p>')
    ... # doctest: +NORMALIZE_WHITESPACE
    '<p><abbr tabindex="0" title="a pool">poule</abbr>, <abbr title="a pool">poule</abbr>
    <a href="#"><abbr title="four">fredon</abbr></a> <abbr tabindex="0"
    title="four">fredons</abbr></p>'
    """
    seen: set[str] = set()
    inside = 0
    out: list[str] = []
    last = 0
    for match in _TERM_OR_CONTROL.finditer(html_text):
        if match.group(3):
            inside = max(0, inside + (-1 if match.group(2) else 1))
            continue
        attributes = match.group(1)
        title = _TITLE.search(attributes)
        if inside or title is None or title.group(1) in seen or "tabindex" in attributes:
            continue
        seen.add(title.group(1))
        out.append(html_text[last:match.start()])
        out.append(f'<abbr tabindex="0"{attributes}>')
        last = match.end()
    out.append(html_text[last:])
    return "".join(out)
