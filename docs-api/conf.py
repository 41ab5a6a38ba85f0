"""Sphinx configuration of the API reference of ``ambigu_rules``.

Built with warnings as errors and without network access::

    sphinx-build -W --keep-going -b html -d build/doctrees docs-api docs/api

``make site`` builds it into ``docs/api/`` (ignored by git) before
``mkdocs build``, which copies it to ``site/api/``; that way the site's
navigation can link to ``api/index.html`` under ``strict: true`` and
``mkdocs serve`` serves it too. No intersphinx, no CDN: the pages load only
files of their own.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ambigu_rules import __version__  # noqa: E402

project = "Ambigu rules"
author = "The Ambigu rules contributors"
copyright = "the Ambigu rules contributors"
version = release = __version__
language = "en"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
]

root_doc = "index"
exclude_patterns = ["_build"]


# --- autodoc -------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_class_signature = "separated"
autodoc_preserve_defaults = True
# Pydantic's own machinery is documented by pydantic, not here.
autodoc_default_options = {
    "exclude-members": "model_config, model_fields, model_computed_fields, model_post_init",
}
add_module_names = False
# ambigu_rules.learning needs the optional extra `rl`; the reference is built without it.
autodoc_mock_imports = ["pettingzoo", "gymnasium"]
python_display_short_literal_types = True
# Docstrings use reST roles; napoleon only reads the odd Google-style section.
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# --- HTML ------------------------------------------------------------------------

# The Material theme for Sphinx, so that the reference looks and navigates like
# the rest of the site (MkDocs Material): the same header, colours, light and
# dark schemes and search. No web fonts (``font: False``): nothing is fetched.
extensions.append("sphinx_immaterial")
html_theme = "sphinx_immaterial"
html_title = "Ambigu rules — API reference"
html_short_title = "API reference"
html_theme_options = {
    "font": False,
    "globaltoc_collapse": True,
    "toc_title_is_page_title": True,
    "features": [
        "navigation.top",
        "navigation.sections",
        "search.highlight",
        "toc.follow",
    ],
    "palette": [
        {
            "media": "(prefers-color-scheme: light)",
            "scheme": "default",
            "primary": "indigo",
            "accent": "indigo",
            "toggle": {"icon": "material/brightness-7", "name": "Switch to dark mode"},
        },
        {
            "media": "(prefers-color-scheme: dark)",
            "scheme": "slate",
            "primary": "indigo",
            "accent": "indigo",
            "toggle": {"icon": "material/brightness-4", "name": "Switch to light mode"},
        },
    ],
}
# The contents beside a page (in the menu on a phone) list a module's
# classes, functions and data, not every method, attribute and property of
# each class: those are on the page under their class and found by search.
# Listing them all made a third of a module page's elements, the most of any
# page of the site, and its slowest on a phone (Lighthouse, issue 24).
object_description_options = [
    ("py:(method|attribute|property)", {"include_in_toc": False}),
]
# The module index needs the basic theme's icons, which this theme lacks; the
# navigation lists every module already. Search is the header's.
html_domain_indices = False
html_copy_source = False
html_show_sourcelink = False
html_show_sphinx = False
html_last_updated_fmt: str | None = None
html_static_path = ["_static"]
html_css_files = ["api.css"]
html_js_files = ["api.js"]
# layout.html sets the reader's colour scheme before the header, with the
# site's own partial (overrides/partials/scheme-first.html).
templates_path = ["_templates", "../overrides/partials"]

# The theme's Python domain links a type variable named in a signature to a
# parameter of that name; a TypeVar (``EventT``, ``ModelT``) is none.
suppress_warnings = ["ref.param"]


def _link_logo_to_the_site(app: object, pagename: str, templatename: str,
                           context: dict[str, object], doctree: object) -> None:
    """The logo in the header leads to the site's home page, as on every other page.

    The reference is built into ``api/`` of the site, one folder deep and
    flat, so the home page is ``../index.html`` from each of its pages.
    """
    config = context.get("config")
    if isinstance(config, dict):
        extra = config.setdefault("extra", {})
        if isinstance(extra, dict):
            extra["homepage"] = "../index.html"


def _describe_the_page(app: object, pagename: str, templatename: str,
                       context: dict[str, object], doctree: object) -> None:
    """Each page says what it is (``<meta name="description">``, which search
    engines show) and uses the site's icon, at ``../assets/images/`` from the
    flat ``api/`` folder (without one the browser asks for a missing
    ``/favicon.ico`` and logs an error)."""
    page = context.get("page")
    title = str(context.get("title") or "")
    if isinstance(page, dict):
        meta = page.setdefault("meta", {})
        if isinstance(meta, dict) and not meta.get("description"):
            plain = re.sub(r"<[^>]+>", "", title).strip()
            meta["description"] = (f"Ambigu rules, API reference: {plain}." if plain
                                   else "Ambigu rules, API reference.")
    context["favicon_url"] = "../assets/images/favicon.png"


#: A page's title: the module's dotted name, as Sphinx writes it in the
#: ``<h1>`` (one ``<span class="pre">`` inside a ``<code>``).
_TITLE_NAME = re.compile(r'(<h1\b[^>]*>(?:<span[^>]*></span>)?<code[^>]*><span class="pre">)'
                         r'([\w.]+)(</span>)')


def break_module_names_at_dots(body: str) -> str:
    """Let a module's name in a page's title wrap after its dots, not inside a word.

    On a phone the name is wider than the screen; without a break point the
    browser cut it anywhere (``ambigu_rules.engine.g`` / ``ame``).

    >>> break_module_names_at_dots(
    ...     '<h1 id="m"><code class="x"><span class="pre">a.engine.game</span></code></h1>')
    '<h1 id="m"><code class="x"><span class="pre">a.<wbr>engine.<wbr>game</span></code></h1>'
    """
    return _TITLE_NAME.sub(
        lambda m: m.group(1) + m.group(2).replace(".", ".<wbr>") + m.group(3), body, count=1)


def _wrap_titles_at_dots(app: object, pagename: str, templatename: str,
                         context: dict[str, object], doctree: object) -> None:
    """Apply :func:`break_module_names_at_dots` to the page's body."""
    body = context.get("body")
    if isinstance(body, str):
        context["body"] = break_module_names_at_dots(body)


def _bundle_the_theme_on_every_build(app: object, env: Any) -> list[str]:
    """Count the root page as updated on every build, so that Sphinx runs its
    consistency check, where the theme writes its CSS and JavaScript bundle.

    Sphinx skips that check when no page was read again; a change to an HTML
    option alone (``html_js_files``, a title) then rewrote every page without
    the theme's stylesheet, an unstyled reference until the next full build.
    """
    return [str(env.config.root_doc)]


#: This file's own digest, held as an HTML option: Sphinx writes every page
#: again when an HTML option changes, so a change to a hook above reaches every
#: page of an existing build, not only the pages whose source changed.
ambigu_conf_digest = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


def setup(app: object) -> None:
    app.add_config_value("ambigu_conf_digest", "", "html")  # type: ignore[attr-defined]
    app.connect("env-updated", _bundle_the_theme_on_every_build)  # type: ignore[attr-defined]
    app.connect("html-page-context", _link_logo_to_the_site, priority=900)  # type: ignore[attr-defined]
    app.connect("html-page-context", _describe_the_page, priority=900)  # type: ignore[attr-defined]
    app.connect("html-page-context", _wrap_titles_at_dots, priority=900)  # type: ignore[attr-defined]
