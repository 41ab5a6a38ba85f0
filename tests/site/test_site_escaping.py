"""Text from a rule file can never become markup: the escapers, and that they are the only way.

Each hostile text is escaped the way the site escapes it, put where the site
puts it (a paragraph, a quoted attribute of raw HTML in a paragraph or in a
``markdown="span"`` table cell, a ``title`` that Material's tooltips show as
HTML, a content tab, a link), rendered with the Markdown extensions of
``mkdocs.yml``, and the HTML read back: the only elements are the ones the
site wrote, and the text (or attribute) is exactly the hostile text.

The last tests check the construction: no module of the site package makes
:class:`~markupsafe.Markup` from anything but a string literal, and the
templates can only print through the escaping.
"""

from __future__ import annotations

import ast
import html
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
import yaml
from site_helpers import ROOT, load_tool

from ambigu_rules.errors import RulesetError
from ambigu_rules.site import data, generate
from ambigu_rules.site.facts import Version
from ambigu_rules.site.pages.combinations_page import values_table
from ambigu_rules.site.pages.compare_page import compare_index
from ambigu_rules.site.pages.context import Site
from ambigu_rules.site.pages.sources_page import web_address
from ambigu_rules.words.markup import Md, abbreviation, anchor, attr, esc, tooltip

SITE_PACKAGE = ROOT / "ambigu_rules" / "site"
#: The packages that make page markup: the site, and the words it is written in.
MARKUP_PACKAGES = (SITE_PACKAGE, ROOT / "ambigu_rules" / "words")

PAYLOADS = [
    "<img src=x onerror=alert(1)>",
    "[y](http://b/onload=alert(1)//)",
    '"><script>alert(1)</script>',
    "'><svg onload=alert(1)>",
    '{: onclick="alert(1)" }',
    'text {: onclick="alert(1)" .x #y }',
    '--8<-- "secret.md"',
    "`<b>code</b>` ``",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "&#60;img src=x onerror=alert(1)&#62;",
    "*[HTML]: <img src=x onerror=alert(1)>",
    "[^1] [x][y] ![i](x.png)",
    "[x]: javascript:alert(1)",
    '!!! danger "<img src=x onerror=alert(1)>"',
    "??? note",
    '=== "tab"',
    "# heading",
    "- item",
    "1. item",
    "> quote",
    ": definition",
    "| a | b |",
    "<javascript:alert(1)>",
    "<https://example.org/><b>x</b>",
    "**bold** _em_ ~~s~~ ^^i^^ ==m==",
    "\\<b>\\",
    "a\n\n<div>b</div>\n\n    code",
]
IDS = [f"p{i}" for i in range(len(PAYLOADS))]


# --- rendering as MkDocs does ------------------------------------------------------


def _markdown(tmp: Path) -> markdown.Markdown:
    """Python-Markdown with the extensions and settings of mkdocs.yml.

    Snippets read from ``tmp`` (which holds ``secret.md``), so that an
    inclusion would show.
    """
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    names: list[str] = []
    configs: dict[str, dict[str, object]] = {}
    for item in config["markdown_extensions"]:
        name, options = (item, {}) if isinstance(item, str) else next(iter(item.items()))
        names.append(name)
        configs[name] = dict(options or {})
    configs["pymdownx.snippets"] = {"base_path": [str(tmp)], "check_paths": False}
    (tmp / "secret.md").write_text("SECRET-INCLUDED\n", encoding="utf-8")
    return markdown.Markdown(extensions=names, extension_configs=configs)


@pytest.fixture
def render(tmp_path: Path):  # type: ignore[no-untyped-def]
    md = _markdown(tmp_path)

    def convert(text: str) -> str:
        md.reset()
        return md.convert(text)

    return convert


class Elements(HTMLParser):
    """The elements of an HTML fragment (tag, attributes) and its text."""

    def __init__(self, fragment: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.parts: list[str] = []
        self.feed(fragment)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {name: value or "" for name, value in attrs}))

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    @property
    def tags(self) -> list[str]:
        return [tag for tag, _ in self.elements]

    @property
    def text(self) -> str:
        return " ".join("".join(self.parts).split())


def plain(text: str) -> str:
    return " ".join(text.split())


# --- esc: text in Markdown ----------------------------------------------------------


@pytest.mark.parametrize("text", PAYLOADS, ids=IDS)
def test_esc_renders_as_the_text_in_a_paragraph(render, text: str) -> None:  # type: ignore[no-untyped-def]
    out = Elements(render(f"{esc(text)}\n"))
    assert out.tags == ["p"], out.elements
    assert out.elements[0][1] == {}
    assert out.text == plain(text)


@pytest.mark.parametrize("text", PAYLOADS, ids=IDS)
def test_esc_renders_as_the_text_in_a_heading_list_table_and_tab(  # type: ignore[no-untyped-def]
    render, text: str
) -> None:
    page = (
        f"### {esc(text)} {{ #h }}\n\n- {esc(text)}\n\n| a | b |\n|---|---|\n"
        f"| {esc(text)} | x |\n\n=== \"{esc(text)}\"\n\n    {esc(text)}\n"
    )
    out = Elements(render(page))
    assert "SECRET-INCLUDED" not in out.text
    # Only what the page above writes: a heading, a list, a table, a tab set.
    allowed = {"h3", "ul", "li", "table", "thead", "tbody", "tr", "th", "td", "div", "input",
               "label", "p", "a"}
    assert set(out.tags) <= allowed, out.tags
    heading = next(attrs for tag, attrs in out.elements if tag == "h3")
    assert heading == {"id": "h"}
    assert all(not name.startswith("on") for _, attrs in out.elements for name in attrs)
    assert out.text.count(plain(text)) == 5, out.text


# --- attr and tooltip: text in attributes -------------------------------------------


@pytest.mark.parametrize("text", PAYLOADS, ids=IDS)
@pytest.mark.parametrize("place", ["paragraph", "table cell"])
def test_attr_is_safe_inside_an_attribute(render, text: str, place: str) -> None:  # type: ignore[no-untyped-def]
    """Markdown reads raw HTML for links before it sets the tag aside."""
    span = f'x <span class="s" aria-label="{attr(text)}">y</span> z'
    if place == "paragraph":
        page = f"{span}\n"
    else:
        page = (f'<table markdown>\n<tr markdown>\n<td markdown="span">{span}</td>\n'
                "</tr>\n</table>\n")
    out = Elements(render(page))
    spans = [attrs for tag, attrs in out.elements if tag == "span"]
    assert spans == [{"class": "s", "aria-label": plain(text)}], out.elements
    assert set(out.tags) <= {"p", "span", "table", "tr", "td"}, out.tags
    assert out.text == "x y z"


@pytest.mark.parametrize("text", PAYLOADS, ids=IDS)
def test_tooltip_shows_the_text_through_material(render, text: str) -> None:  # type: ignore[no-untyped-def]
    """Material's tooltips put a ``title`` into the page as HTML (innerHTML)."""
    out = Elements(render(f'<span title="{tooltip(text)}">y</span>\n'))
    title = next(attrs["title"] for tag, attrs in out.elements if tag == "span")
    shown = Elements(title)  # what Material's tooltip makes of it
    assert shown.elements == [], shown.elements
    assert shown.text == plain(text)


def test_md_escapes_whatever_fills_it() -> None:
    text = "<b>[y](javascript:x)</b>"
    assert Md("{} and {}").format(text, Md("*kept*")) == esc(text) + Md(" and *kept*")
    assert Md(", ").join([text, text]) == Md("{}, {}").format(text, text)
    assert Md("a ") + text == Md("a {}").format(text)
    assert text + Md(" b") == Md("{} b").format(text)
    assert esc(Md("*kept*")) == "*kept*"
    # Markup escaped for HTML only is not finished Markdown: it is escaped again.
    from markupsafe import Markup

    assert esc(Markup("[y](javascript:x)")) == "&#91;y&#93;(javascript:x)"


# --- the places the hostile tester found ---------------------------------------------


def _ruleset_with(tmp_path: Path, base: str, name: str, **changes: object) -> Path:
    data = yaml.safe_load((ROOT / "rulesets" / f"{base}.yaml").read_text(encoding="utf-8"))
    data.update(changes)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


HOSTILE_TITLE = 'Foster [y](http://b/onload=alert(1)//) <img src="x" onerror="alert(2)">'


def _assert_no_hostile_markup(fragment: str, forbidden: tuple[str, ...] = ("img", "script", "svg")
                              ) -> None:
    """No element, handler or link of the hostile title (nor in what a title shows)."""
    out = Elements(fragment)
    for tag, attrs in out.elements:
        assert tag not in forbidden, (tag, attrs)
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, attrs)
            assert not value.lower().startswith("javascript:"), (tag, attrs)
            if tag == "a" and name == "href":
                assert not value.startswith("http://b/"), (tag, attrs)  # the planted link
        if "title" in attrs:
            _assert_no_hostile_markup(attrs["title"])  # shown as HTML by Material


def test_compare_matrix_escapes_the_inherited_from_title(render, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The matrix's ``title="inherited from …"`` took a Markdown link out of the attribute."""
    parent = _ruleset_with(tmp_path, "1730", "hostile-parent", id="hostile-parent",
                           short_title=HOSTILE_TITLE)
    child = _ruleset_with(tmp_path, "1659", "hostile-child", id="hostile-child",
                          extends=parent.name)
    site = generate.load_site()
    site = Site(
        versions=[*site.versions, Version.load(str(parent)), Version.load(str(child))],
        bibliography=site.bibliography, glossary=site.glossary, questions=site.questions,
        pairs=[], env=site.env, notice=site.notice, snippet_notice=site.snippet_notice,
    )
    text = compare_index(site)
    rendered = render(text)
    titles = [attrs["title"] for _, attrs in Elements(rendered).elements
              if attrs.get("class") == "inherited"]
    assert titles and all(Elements(t).elements == [] for t in titles), titles[:2]
    assert any(Elements(t).text == f"inherited from {plain(HOSTILE_TITLE)}" for t in titles)
    _assert_no_hostile_markup(rendered)


def test_values_table_shows_a_hostile_definition_only_as_text(render, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The "defined otherwise" mark carries a rule file's definition in its title."""
    data = yaml.safe_load((ROOT / "rulesets" / "russian.yaml").read_text(encoding="utf-8"))
    for combination in data["combinations"]:
        if combination["id"] == "flush_sequence":
            combination["definition"] = HOSTILE_TITLE
    path = tmp_path / "hostile.yaml"
    data["id"] = "hostile"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    site = generate.load_site()
    site = Site(
        versions=[*site.versions, Version.load(str(path))],
        bibliography=site.bibliography, glossary=site.glossary, questions=site.questions,
        pairs=[], env=site.env, notice=site.notice, snippet_notice=site.snippet_notice,
        lead="1730",
    )
    table = values_table(site)
    row = next(r for r in table["rows"] if r["label"] == "Flush with sequence")
    rendered = render("| " + " | ".join(str(c) for c in row["cells"]) + " |\n"
                      + "|---" * len(row["cells"]) + "|\n")
    _assert_no_hostile_markup(rendered)
    titles = [attrs["title"] for tag, attrs in Elements(rendered).elements
              if attrs.get("class") == "defined-otherwise"]
    assert plain(HOSTILE_TITLE) in [Elements(title).text for title in titles]


def test_card_titles_are_safe(render) -> None:  # type: ignore[no-untyped-def]
    from ambigu_rules.load.catalog import load_decks
    from ambigu_rules.rules.deck import Deck, DeckSpec
    from ambigu_rules.words.markup import card_span

    spec = load_decks()["forty"].spec.model_dump()
    spec["suits"][0]["name"] = HOSTILE_TITLE
    deck = Deck(DeckSpec.model_validate(spec))
    rendered = render(f"Card: {card_span(deck, 0)}\n")
    _assert_no_hostile_markup(rendered)
    span = next(attrs for tag, attrs in Elements(rendered).elements if tag == "span")
    assert Elements(span["title"]).text == f"A of {HOSTILE_TITLE}"


# --- web addresses and ids -------------------------------------------------------------


@pytest.mark.parametrize("url", [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)",
    "\tjavascript:alert(1)", "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)", "https://x.org/ <img src=x onerror=alert(1)>",
    "//evil.example/x", "java\nscript:alert(1)",
])
def test_only_web_addresses_become_links(render, url: str) -> None:  # type: ignore[no-untyped-def]
    out = Elements(render(f"- Online: {web_address(url)}\n"))
    assert "a" not in out.tags, out.elements
    assert out.text == f"Online: {plain(url)}"


@pytest.mark.parametrize("url", [
    "https://fr.wikipedia.org/wiki/Ambigu_(jeu)",
    "http://www.jocari.be/proddetail.php?prod=t60t_cartes1792Dico_Ambigu&x=*y*",
    'https://example.org/a"><img/src=x/onerror=alert(1)>',
    "https://example.org/[y](javascript:alert(1))`x`",
    "HTTPS://EXAMPLE.ORG/&lt;b&gt;",
])
def test_web_addresses_link_to_exactly_themselves(render, url: str) -> None:  # type: ignore[no-untyped-def]
    out = Elements(render(f"- Online: {web_address(url)}\n"))
    assert out.tags == ["ul", "li", "a"], out.elements
    assert out.elements[2][1] == {"href": url}
    assert out.text == f"Online: {url}"


@pytest.mark.parametrize("value", ['x"><img src=x onerror=alert(1)>', "../../etc", "a b{c}#d"])
def test_anchor_leaves_only_id_characters(value: str) -> None:
    made = str(anchor(value))
    assert set(made) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
    assert "/" not in made


# --- glossary tooltips ------------------------------------------------------------------


@pytest.mark.parametrize("text", PAYLOADS, ids=IDS)
def test_abbreviation_tooltip_shows_the_text_through_material(render, text: str) -> None:  # type: ignore[no-untyped-def]
    page = f"A vade here.\n\n{abbreviation('vade', text)}\n"
    out = Elements(render(page))
    assert out.tags == ["p", "abbr"], out.elements  # the line is a definition, no paragraph
    shown = Elements(out.elements[1][1]["title"])  # what Material's tooltip makes of it
    assert shown.elements == [] and shown.text == plain(text)
    assert out.text == "A vade here."


@pytest.mark.parametrize("form", ["a\\b", "a]b", "[a", "a\nb", ""])
def test_a_tooltip_form_the_syntax_cannot_carry_is_refused(tmp_path: Path, form: str) -> None:
    """A line ``*[form]: tooltip`` not read as a definition is a paragraph of every page."""
    with pytest.raises(ValueError):
        abbreviation(form, "<img src=x onerror=alert(1)>")
    glossary = yaml.safe_load((ROOT / "rulesets/site/glossary.yaml").read_text(encoding="utf-8"))
    term = next(t for t in glossary["terms"] if t.get("tooltip_forms"))
    term["tooltip_forms"] = [*term["tooltip_forms"], form]
    path = tmp_path / "glossary.yaml"
    path.write_text(yaml.safe_dump(glossary, allow_unicode=True), encoding="utf-8")
    from ambigu_rules.load.catalog import load_bibliography

    with pytest.raises(RulesetError, match="tooltip_forms"):
        data.load_glossary(load_bibliography(), path)


# --- page titles (tools/mkdocs_hooks.py) ----------------------------------------------


@pytest.mark.parametrize("title", [
    "&lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;", "&#60;img src=x onerror=alert(1)&#62;",
    "&amp;lt;b&amp;gt;", "Foster &amp; Hoyle",
])
def test_page_titles_stay_text_wherever_the_theme_prints_them(title: str) -> None:
    from markupsafe import Markup

    safe = load_tool("mkdocs_hooks").safe_title(title)
    for shown in (safe, Markup(safe).striptags()):  # as HTML; through striptags in <title>
        assert Elements(shown).elements == [], shown
        assert "</title" not in shown.lower()
    # Material's tooltip of a title cut short: the text the reader sees, as HTML.
    assert Elements(Elements(safe).text).elements == []
    assert Elements(safe).text == html.unescape(title).replace("<", "‹").replace(">", "›")


# --- by construction ------------------------------------------------------------------

# The functions of markup.py that make Md from text they have escaped.
ESCAPERS = {"esc", "anchor", "join", "sentence", "lower_first"}


def _markup_calls(path: Path) -> list[str]:
    """``Markup(...)``/``Md(...)`` calls of something other than a string literal."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = {
        target.id
        for node in tree.body if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        for target in node.targets if isinstance(target, ast.Name)
    }
    found = []
    for function in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))]:
        if path.name == "markup.py" and getattr(function, "name", None) in ESCAPERS:
            continue
        body = function.body if isinstance(function, ast.FunctionDef) else [
            n for n in tree.body if not isinstance(n, ast.FunctionDef | ast.ClassDef)]
        for statement in body:
            for node in ast.walk(statement):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else (
                    func.attr if isinstance(func, ast.Attribute) else "")
                if name == "__new__" and isinstance(func, ast.Attribute):
                    name = getattr(func.value, "id", "")  # Markup.__new__(Md, …)
                if name not in ("Markup", "Md"):
                    continue
                args = node.args[1:] if func_is_new(func) else node.args
                literal = len(args) == 1 and not node.keywords and (
                    (isinstance(args[0], ast.Constant) and isinstance(args[0].value, str))
                    or (isinstance(args[0], ast.Name) and args[0].id in constants)
                )
                if not literal:
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)[:90]}")
    return sorted(set(found))


def func_is_new(func: ast.expr) -> bool:
    return isinstance(func, ast.Attribute) and func.attr == "__new__"


def test_the_site_makes_markup_only_from_literal_templates() -> None:
    """``Markup(f"...{title}...")`` is how the short titles got through."""
    found = [call for package in MARKUP_PACKAGES for path in sorted(package.rglob("*.py"))
             for call in _markup_calls(path)]
    assert found == [], "markup made from computed text:\n" + "\n".join(found)


def test_the_check_above_sees_an_f_string(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_text('from x import Md, Markup\n\ndef f(t):\n    return Markup(f"<b>{t}</b>")\n'
                    'A = Md(t)\nB = Md("ok")\n', encoding="utf-8")
    assert len(_markup_calls(path)) == 2


def test_templates_print_only_through_the_escaping() -> None:
    from jinja2 import nodes

    env = generate.environment()
    assert not set(generate.UNSAFE_FILTERS) & set(env.filters)
    assert env.finalize is esc and not env.autoescape
    assert env.from_string("{{ x }}|{{ x ~ '' }}").render(x="[y](javascript:x)") == (
        "&#91;y&#93;(javascript:x)|&#91;y&#93;(javascript:x)"
    )
    used = set()
    for template in sorted((SITE_PACKAGE / "templates").glob("*.j2")):
        source = template.read_text(encoding="utf-8")
        tree = env.parse(source)
        assert not list(tree.find_all(nodes.ScopedEvalContextModifier)), template.name
        used |= {node.name for node in tree.find_all(nodes.Filter)}
        # Every attribute a template fills is double-quoted.
        assert "='{{" not in source and "={{" not in source, template.name
    assert used <= {"anchor", "attr", "tooltip", "label", "join_markup", "lower_first", "replace",
                    "length"}, used
