"""What the site tells browsers and search about each page: title, description, rank.

The MkDocs hook (``tools/mkdocs_hooks.py``) asks this module, for each page,
for a descriptive title (the one the browser tab, bookmarks and the search
results show, while the navigation keeps its short label), a description of
its own (``<meta name="description">``, from the page's first paragraph) and
how its search entries rank: definitions first, a version's own rules next,
the worked examples after them. A version that only repeats another
version's rules keeps its own summary in the index, not its parent's text
(its version page marks those sections ``data-search-exclude``).
"""

from __future__ import annotations

import html
import re

#: How strongly the search ranks a page's entries, by the page's path in docs/
#: (the first pattern that matches; 1 otherwise).
SEARCH_BOOST: tuple[tuple[str, float], ...] = (
    (r"^glossary\.md$", 3.0),
    (r"^combinations\.md$", 2.0),
    (r"^versions/", 1.5),
    (r"^examples/", 0.5),
    (r"^compare/", 0.5),
    (r"^rule-format-reference\.md$", 0.5),
)

DESCRIPTION_LENGTH = 160

_H1 = re.compile(r"^# (.+?)\s*(\{[^}]*\})?\s*$", re.M)
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"<[^>]*>")
_EMPHASIS = re.compile(r"(\*\*|__|\*|_|`)")


def plain_text(markdown: str) -> str:
    """Markdown and inline HTML reduced to plain text on one line.

    >>> plain_text('A **fredon** ([four](x.md)) <span class="card">9♠</span> &amp; more')
    'A fredon (four) 9♠ & more'
    """
    text = _LINK.sub(r"\1", markdown)
    text = _TAG.sub("", text)
    text = _EMPHASIS.sub("", text)
    return " ".join(html.unescape(text).split())


def heading(markdown: str) -> str | None:
    """The page's first-level heading, as plain text.

    >>> heading("<!-- x -->\\n\\n# Ambigu after Foster&#x27;s Hoyle { #top }\\n\\nText")
    "Ambigu after Foster's Hoyle"
    """
    found = _H1.search(markdown)
    return plain_text(found.group(1)) if found else None


def descriptive_title(label: str, markdown: str) -> str:
    """The navigation label with the page's heading when the heading says more.

    >>> descriptive_title("1702", "# Ambigu in La Maison académique des jeux (1702)")
    '1702 — Ambigu in La Maison académique des jeux (1702)'
    >>> descriptive_title("Glossary", "# Glossary")
    'Glossary'
    >>> descriptive_title("Compare", "# Compare the versions")
    'Compare the versions'
    """
    title = heading(markdown)
    if not title or title == label:
        return label
    if title.lower().startswith(label.lower()):
        return title
    return f"{label} — {title}"


def description(markdown: str) -> str | None:
    """The page's first paragraph of prose as plain text, cut to about 160 characters.

    Headings, comments, lists, tables, admonitions and HTML blocks are skipped.

    >>> page = "# T\\n\\n<!-- c -->\\n\\n- a list\\n\\nThe **rules** of\\nthe game.\\n\\nMore."
    >>> description(page)
    'The rules of the game.'
    """
    for block in re.split(r"\n\s*\n", markdown):
        block = block.strip()
        if not block or block[0] in "#<-|!=*>{:" or block.startswith(("```", "1.", "    ")):
            continue
        text = plain_text(block)
        if len(text) <= DESCRIPTION_LENGTH:
            return text
        cut = text[:DESCRIPTION_LENGTH].rsplit(" ", 1)[0]
        return cut.rstrip(",;:") + "…"
    return None


def search_boost(path: str) -> float:
    """How strongly search ranks the entries of the page at ``path`` (in docs/).

    >>> search_boost("glossary.md"), search_boost("examples/fredon-value.md"), search_boost("x.md")
    (3.0, 0.5, 1.0)
    """
    for pattern, boost in SEARCH_BOOST:
        if re.search(pattern, path):
            return boost
    return 1.0


_TAB_LABELS = re.compile(r"</label><label")


def keep_tab_labels_apart(html_text: str) -> str:
    """A space between two content-tab labels, so that search reads them as words.

    >>> keep_tab_labels_apart('<label for="a">1659</label><label for="b">1702</label>')
    '<label for="a">1659</label> <label for="b">1702</label>'
    """
    return _TAB_LABELS.sub("</label> <label", html_text)
