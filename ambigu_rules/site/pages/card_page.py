"""A version's rules card: its quick start on one printed sheet.

The card holds what a table needs at hand while playing: the table in one
line, who pays and what may be bet, the deal in a few lines and the
combinations from the highest with their values. It is the quick start of
the version's page (:mod:`.quick_start`), its links leading to the rules
there, on a page of its own that prints on one A4 sheet.
"""

from __future__ import annotations

from urllib.parse import quote

from ...words.markup import anchor
from ..facts import Version
from .context import Site
from .quick_start import quick_start


def card_path(version: Version) -> str:
    """Where the card of ``version`` is written, relative to the docs folder
    (``versions/1730/card.md``), so that it is served at ``versions/1730/card/``."""
    return f"versions/{anchor(version.id)}/card.md"


def card_page(site: Site, version: Version) -> str:
    """The one-page rules card of ``version``."""
    return site.render(
        "card.md.j2",
        v=version,
        quick=quick_start(site, version, page=f"../{anchor(version.id)}.md"),
        play_href=f"../../../play/?v={quote(version.id, safe='')}",
    )
