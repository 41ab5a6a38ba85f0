"""The words the site's build adds around every page, in each edition's language.

The MkDocs hooks (``tools/mkdocs_editions.py``, ``tools/mkdocs_page_dates.py``,
through ``tools/site_language.py``) write them: the date a page last changed and
the link to report a mistake, and the theme's words that its own language files
lack (the titles of heading anchors and of footnotes' back links, the footer's
line). Their forms in other languages are in each language's ``messages.yaml``.

>>> from ambigu_rules.languages import FR
>>> T("made_with", FR)
'Fait avec'
"""

from __future__ import annotations

from ..words.lang import Catalog

T = Catalog(__name__, "T", {
    "last_changed": "Last changed on {date}.",
    "found_mistake": "Found a mistake?",
    "report_it": "Report it on the issue tracker",
    # Python-Markdown's toc and footnotes extensions: the title of a heading's anchor,
    # and of a footnote's back link (the extension writes the note's number at {}).
    "permalink": "Permanent link",
    "footnote_back": "Jump back to footnote {} in the text",
    # overrides/partials/copyright.html (Material for MkDocs is a name).
    "made_with": "Made with",
    # overrides/404.html: the page a host serves for an address the site does not have,
    # its heading and what to do ({home}: the edition's home page; HTML).
    "not_found": "404 - Not found",
    "not_found_help": ("No page of this site is at this address. It may have moved: the "
                       '<a href="{home}">home page</a> leads to every other, and the search, '
                       "at the top of the page, finds a word anywhere on the site."),
})
