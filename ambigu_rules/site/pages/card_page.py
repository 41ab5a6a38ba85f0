"""A version's rules card: its quick start on one printed sheet.

The card holds what a table needs at hand while playing: the table in one
line, who pays and what may be bet, the deal in a few lines and the
combinations from the highest with their values. It is the quick start of
the version's page (:mod:`.quick_start`), its links leading to the rules
there, on a page of its own that prints on one A4 sheet.
"""

from __future__ import annotations

from urllib.parse import quote

from ...words.lang import Catalog
from ...words.markup import Md, anchor
from ..facts import Version
from .context import Site
from .quick_start import quick_start
from .version_page import M as VERSION_MARKUP
from .version_page import T as VERSION_WORDS

M = Catalog(__name__, "M", {
    "heading": Md(": rules card"),
})
T = Catalog(__name__, "T", {
    "in_full": "Every rule in full, with its sources:",
})


def card_path(version: Version) -> str:
    """Where the card of ``version`` is written, relative to the docs folder
    (``versions/1730/card.md``), so that it is served at ``versions/1730/card/``."""
    return f"versions/{anchor(version.id)}/card.md"


def card_page(site: Site, version: Version) -> str:
    """The one-page rules card of ``version``."""
    return site.render(
        "card.md.j2",
        t={**site.labels(VERSION_WORDS), **site.labels(T)},
        colon=VERSION_MARKUP.forms("colon", site.lang),
        heading=M.forms("heading", site.lang),
        v=version,
        title=version.ruleset.text_in("title", site.lang.code),
        quick=quick_start(site, version, page=f"../{anchor(version.id)}.md"),
        play_href=f"../../../play/?v={quote(version.id, safe='')}",
    )
