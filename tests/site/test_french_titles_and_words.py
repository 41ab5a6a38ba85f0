"""French reading 4: the titles and the words the French edition still got wrong.

Each test is named after the defect it holds (the reading's numbers, in
``/work/shared/research/french-reading-4.md``), and reads the files the site
is made from, or calls the functions that make a page's title, without
building the site:

- M18: a version's rules card is not in the navigation, so MkDocs names it
  from its file (« Card »), which the browser tab showed before its heading
  (« Card — L'Ambigu d'après… : aide-mémoire »);
- L5: the French home page's tab repeated the site's name (« Accueil — Règles
  de l'Ambigu - Règles de l'Ambigu »);
- M7: the statistics tab was « À la table », the name of a version page's
  section on the players, the cards and the direction of play;
- M6: « le paquet » (the software) reads as the pack of cards;
- M8: the results tables' « Écart » (net gain or loss) reads as the discard;
- M9: « Donnée comme meilleure combinaison » reads as "datum";
- L6: « d'une durée ou un nombre de coups » drops its second « d' »;
- L9: the French 404 page said the page « a peut-être changé »;
- L12: a loss written « -15 » where the other pages write « −15 »;
- L14: the command-line page said that only the error messages stay English.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from types import SimpleNamespace

import pytest
import yaml
from jinja2 import ChoiceLoader, DictLoader, Environment, FileSystemLoader
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page
from site_helpers import ROOT, load_tool

from ambigu_rules.site import page_meta
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.pages.combinations_page import combinations_page
from ambigu_rules.site.pages.how_they_play_page import T as HOW_THEY_PLAY
from ambigu_rules.site.pages.version_page import T as VERSION_PAGE
from ambigu_rules.site.pages.version_page import version_page
from ambigu_rules.words.lang import FR

hooks = load_tool("mkdocs_hooks")
DOCS = ROOT / "docs"
VERSIONS = ["1659", "1702", "1730", "encyclopedia", "foster", "russian", "russian-courts"]


def _mkdocs_yml() -> dict:
    class Loader(yaml.SafeLoader):  # mkdocs.yml may hold tags (!ENV, !!python/name)
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)


CONFIG = _mkdocs_yml()
_I18N = next(entry["i18n"] for entry in CONFIG["plugins"]
             if isinstance(entry, dict) and "i18n" in entry)
FRENCH = next(language for language in _I18N["languages"] if language["locale"] == "fr")
NAV_FR: dict[str, str] = FRENCH["nav_translations"]


def page_of(src_uri: str, *, nav_title: str | None = None, url: str | None = None) -> Page:
    """A page as MkDocs and the i18n plugin make it: ``nav_title`` is the label the
    navigation gives it (none for a page the navigation does not list)."""
    file = File(src_uri, str(DOCS), str(ROOT / "site"), True)
    # what the i18n plugin does to a suffixed page (mkdocs_static_i18n/suffix.py)
    file.name = file.name.removesuffix(".fr")
    file.norm_src_uri = src_uri.replace(".fr.md", ".md")
    if url is not None:
        file.url = url
    page = Page(nav_title, file, {"site_url": None})
    page.markdown = (DOCS / src_uri).read_text(encoding="utf-8")
    return page


def browser_title(page: Page) -> str | None:
    hooks.on_page_markdown(page.markdown, page=page)
    title = page.meta.get("title")
    return None if title is None else html.unescape(title)


# --- M18: the rules cards -----------------------------------------------------------

@pytest.mark.parametrize("src_uri", [f"versions/{version}/card{suffix}.md" for version in VERSIONS
                                     for suffix in ("", ".fr")])
def test_rules_card_titles_are_their_heading_not_card(src_uri: str) -> None:
    page = page_of(src_uri)
    assert page.title == "Card"  # MkDocs' name for a page the navigation does not list
    title = browser_title(page)
    assert title == page_meta.heading(page.markdown)
    assert "Card" not in title
    if src_uri.endswith(".fr.md"):
        assert title.endswith("aide-mémoire")


def test_the_home_page_calls_the_rules_card_an_aide_memoire() -> None:
    """The card's French name is the one its heading and the version pages use."""
    home = (DOCS / "index.fr.md").read_text(encoding="utf-8")
    assert "fiche de règles" not in home
    assert "[aide-mémoire](versions/1730/card.md)" in home
    assert VERSION_PAGE("the_card", FR) == "l'aide-mémoire"


def test_a_page_in_the_navigation_keeps_its_label_in_its_title() -> None:
    page = page_of("history.fr.md", nav_title=NAV_FR["History"])
    assert browser_title(page) == page_meta.descriptive_title("Histoire", page.markdown)


# --- L5: the home pages ---------------------------------------------------------------

def test_the_french_home_page_title_does_not_repeat_the_site_name() -> None:
    french = page_of("index.fr.md", nav_title="Accueil", url="fr/")
    assert not french.is_homepage  # MkDocs knows only the English one
    assert hooks.is_edition_home(french)
    assert browser_title(french) is None
    english = page_of("index.md", nav_title="Home")
    assert english.is_homepage and hooks.is_edition_home(english)
    assert browser_title(english) is None
    assert not hooks.is_edition_home(page_of("examples/index.fr.md", url="fr/examples/"))
    assert not hooks.is_edition_home(page_of("compare/index.fr.md", nav_title="Comparer",
                                             url="fr/compare/"))


def _htmltitle(page: object, site_name: str) -> str:
    """The <title> overrides/main.html writes, over a theme whose own names a page
    « its title - the site's name » (as Material's base.html does)."""
    base = ("{% block htmltitle %}<title>{{ page.title }} - {{ config.site_name }}</title>"
            "{% endblock %}")
    environment = Environment(loader=ChoiceLoader([
        DictLoader({"base.html": base}), FileSystemLoader(str(ROOT / "overrides"))]))
    text = environment.get_template("main.html").render(
        page=page, config={"site_name": site_name}, i18n_page_locale="fr")
    return " ".join(text.split())


def test_the_french_home_page_tab_is_the_site_name_alone() -> None:
    home = SimpleNamespace(is_homepage=False, title="Accueil",
                           file=SimpleNamespace(norm_src_uri="index.md"))
    assert _htmltitle(home, "Règles de l'Ambigu") == "<title>Règles de l'Ambigu</title>"
    other = SimpleNamespace(is_homepage=False, title="Histoire",
                            file=SimpleNamespace(norm_src_uri="history.md"))
    assert _htmltitle(other, "Règles de l'Ambigu") == "<title>Histoire - Règles de l'Ambigu</title>"
    assert _htmltitle(None, "Règles de l'Ambigu") == "<title> - Règles de l'Ambigu</title>"


# --- The navigation's labels and the pages' headings ------------------------------------

def _nav_pages(items: list, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    for item in items:
        if isinstance(item, dict):
            for label, target in item.items():
                if isinstance(target, list):
                    _nav_pages(target, found)
                elif str(target).endswith(".md"):
                    found.append((label, target))
    return found


def _folded(text: str) -> str:
    return text.replace("\u2019", "'").casefold()


@pytest.mark.parametrize(("label", "target"), _nav_pages(CONFIG["nav"], []))
def test_a_french_tab_title_does_not_say_its_heading_twice(label: str, target: str) -> None:
    """The French label and the French heading are written alike (the same
    apostrophe), so that the title the tab shows does not repeat the heading."""
    twin = DOCS / target.replace(".md", ".fr.md")
    if not twin.is_file():
        pytest.skip("no French page")
    french = NAV_FR.get(label, label)
    title = page_meta.descriptive_title(french, twin.read_text(encoding="utf-8"))
    if " — " in title:
        first, rest = title.split(" — ", 1)
        assert not _folded(rest).startswith(_folded(first)), title


# --- M7: the statistics tab --------------------------------------------------------------

def test_the_statistics_tab_is_not_named_like_a_version_pages_section() -> None:
    tab = NAV_FR["How they play"]
    section = VERSION_PAGE("at_the_table", FR)
    assert section == "À la table"
    assert tab != section
    assert tab == "Statistiques"


# --- M6: the software is no pack of cards ---------------------------------------------------

HAND_WRITTEN = sorted(
    path for pattern in ("*.fr.md", "examples/*.fr.md", "variants/*.fr.md")
    for path in DOCS.glob(pattern)
    if not path.read_text(encoding="utf-8").startswith("<!-- Generated by tools/gen_site.py"))


def test_french_pages_call_the_software_a_module_not_a_paquet() -> None:
    found = {path.name: re.findall(r".{20}paquet.{20}", path.read_text(encoding="utf-8"))
             for path in HAND_WRITTEN}
    assert {name: hits for name, hits in found.items() if hits} == {}
    # The tab is « Python » (« Le module Python » did not fit the tab bar at 1280 px).
    assert NAV_FR["The package"] == "Python"
    note = HOW_THEY_PLAY("bots_note", FR)
    assert "paquet" not in note and "module Python" in note


# --- M8: the net gain or loss ----------------------------------------------------------------

@pytest.mark.parametrize("name", ["german-example.fr.md", "all-in-side-pot.fr.md"])
def test_french_results_tables_call_the_net_solde(name: str) -> None:
    text = (DOCS / "examples" / name).read_text(encoding="utf-8")
    heads = [line for line in text.splitlines()
             if line.startswith("| Joueur |") and "| Fin |" in line]
    assert len(heads) == 1
    assert all(line.endswith("| Solde |") and "Écart" not in line for line in heads)


# --- M9 and L6: sentences of the generated pages ----------------------------------------------

@pytest.fixture(scope="module")
def french_site():  # type: ignore[no-untyped-def]
    return replace(load_site(), lang=FR)


def test_french_frequency_sentence_does_not_read_as_a_datum(french_site) -> None:  # type: ignore[no-untyped-def]
    page = html.unescape(combinations_page(french_site))
    assert "Donnée comme" not in page
    assert "Meilleure combinaison de 78 510 jeux sur 91 390" in page.replace("\u202f", " ")


def test_french_duration_repeats_its_preposition(french_site) -> None:  # type: ignore[no-untyped-def]
    page = html.unescape(version_page(french_site, french_site.by_id["russian"]))
    assert "d'une durée ou d'un nombre de coups" in page
    assert "durée ou un nombre" not in page


# --- L9: the French 404 page ------------------------------------------------------------------

def test_french_404_page_says_the_page_changed_address() -> None:
    from ambigu_rules.languages import FR
    from ambigu_rules.site.chrome_words import T

    french = T("not_found_help", FR, home="/fr/")
    assert "changé d’adresse" in french
    assert not re.search(r"changé&#160;|changé :", french)


# --- L12: the minus sign ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["every-rulebook.fr.md", "every-rulebook.md"])
def test_a_loss_in_a_table_is_written_with_the_minus_sign(name: str) -> None:
    text = (DOCS / "examples" / name).read_text(encoding="utf-8")
    shown = hooks.minus_signs(text)
    rows = [line for line in shown.splitlines() if line.startswith("| ")]
    assert rows and any("\u2212" in row for row in rows)
    assert not [row for row in rows if re.search(r"\|\s*-\d", row)]
    # only the signs change
    assert shown.replace("\u2212", "-") == text


# --- L14: what stays in English -------------------------------------------------------------------

def test_french_command_line_page_says_help_stays_in_english() -> None:
    text = (DOCS / "command-line.fr.md").read_text(encoding="utf-8")
    assert "Les messages d’erreur et l’aide des commandes\n  (`--help`) restent en anglais." in text


@pytest.mark.parametrize(("label", "target"), _nav_pages(CONFIG["nav"], []))
def test_a_french_menu_label_is_its_pages_heading_where_the_english_one_is(
        label: str, target: str) -> None:
    """Where the English menu names a page by its heading (the worked examples), the
    French menu names the French page by its own, so that the tab does not show two
    wordings of one title (« L’exemple allemand, en une donne entière (Foster) —
    L’exemple allemand, joué comme une donne entière (Foster) »)."""
    english = page_meta.heading((DOCS / target).read_text(encoding="utf-8"))
    twin = DOCS / target.replace(".md", ".fr.md")
    if english != label or not twin.is_file():
        pytest.skip("the English menu gives a short label of its own")
    assert NAV_FR.get(label, label) == page_meta.heading(twin.read_text(encoding="utf-8"))
