"""The words of the site's scripts (``docs/assets/words.js``) as the site serves them.

``words.js`` holds every label the scripts show, each as ``"key": ["English",
"French"]``. Its French forms are written as the catalogs' phrases are, with a
plain space before « : », « ; », « ! », « ? » and inside « »; the build serves
the file with each French form spaced by :meth:`~ambigu_rules.words.lang.Lang.typeset`,
the rule the generated French pages follow (``tools/mkdocs_editions.py``), so
that what the scripts write in French is spaced as the pages around it are.

>>> served('"play.why": ["why?", "pourquoi ?"],') == '"play.why": ["why?", "pourquoi\\u202f?"],'
True
"""

from __future__ import annotations

import json
import re

from ..words.lang import FR

#: One entry of ``words.js``: its key, its English form and its French form (JSON
#: strings), as the file writes them.
ENTRY = re.compile(r'"([a-z]+\.[a-z0-9-]+)": \[("(?:[^"\\]|\\.)*"),(\s*)("(?:[^"\\]|\\.)*")\]')


def entries_of(script: str) -> dict[str, tuple[str, str]]:
    """Each key of ``words.js`` with its English and French forms.

    >>> entries_of('"a.b": ["Pool {n}", "Poule {n}"],\\n  "a.c": ["x", "y"]')
    {'a.b': ('Pool {n}', 'Poule {n}'), 'a.c': ('x', 'y')}
    """
    return {key: (json.loads(english), json.loads(french))
            for key, english, _, french in ENTRY.findall(script)}


def served(script: str) -> str:
    """``words.js`` with each French form spaced the French way, the rest as written."""
    def spaced(match: re.Match[str]) -> str:
        key, english, space, french = match.groups()
        typeset = json.dumps(FR.typeset(json.loads(french)), ensure_ascii=False)
        return f'"{key}": [{english},{space}{typeset}]'

    return ENTRY.sub(spaced, script)
