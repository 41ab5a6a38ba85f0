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

import sys
from pathlib import Path

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
templates_path: list[str] = []

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
python_display_short_literal_types = True
# Docstrings use reST roles; napoleon only reads the odd Google-style section.
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# --- HTML ------------------------------------------------------------------------

html_theme = "alabaster"
html_title = f"Ambigu rules {release} — API reference"
html_short_title = "API reference"
html_theme_options = {
    "description": "API reference of the ambigu_rules package",
    "extra_nav_links": {"← Ambigu rules site": "../index.html"},
    "show_powered_by": False,
    "show_relbars": True,
    "sidebar_width": "240px",
    "page_width": "1100px",
    # System fonts only: nothing is loaded from the network.
    "font_family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    "head_font_family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    "code_font_family": "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace",
}
html_sidebars = {"**": ["about.html", "navigation.html", "searchbox.html"]}
html_copy_source = False
html_show_sourcelink = False
html_show_sphinx = False
html_last_updated_fmt: str | None = None
html_static_path: list[str] = []
