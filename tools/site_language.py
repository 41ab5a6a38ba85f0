"""The two editions of the site, English and French, as the MkDocs hooks see them.

``mkdocs build`` builds the English edition at the site's root, then (the
``i18n`` plugin, mkdocs-static-i18n, in its ``on_post_build``) the French one
under ``fr/``, with the same configuration object and the same hooks. The
plugin sets ``theme.language`` to the edition being built, so a hook asks
:func:`edition` which one it is in, does once, in the English build, what both
share (the API reference, rule files, schemas, tables of hands, Pyodide), and
says its words (:data:`WORDS`) in the edition's language.
"""

from __future__ import annotations

from typing import Any

#: The editions, the default (at the site's root) first.
EDITIONS = ("en", "fr")
DEFAULT = EDITIONS[0]

#: The words the hooks add to pages, in each edition's language.
WORDS: dict[str, dict[str, str]] = {
    "last_changed": {"en": "Last changed on {date}.", "fr": "Dernière modification le {date}."},
    "found_mistake": {"en": "Found a mistake?", "fr": "Une erreur\u202f?"},
    "report_it": {"en": "Report it on the issue tracker",
                  "fr": "Signalez-la sur le suivi des tickets"},
    # The theme's words that its language files lack (tools/mkdocs_editions.py):
    # the heading anchors' and the footnotes' back links' titles (Python-Markdown's
    # toc and footnotes), and the line at the foot of every page
    # (overrides/partials/copyright.html; Material for MkDocs is a name).
    "permalink": {"en": "Permanent link", "fr": "Lien vers cette section"},
    "footnote_back": {"en": "Jump back to footnote {} in the text",
                      "fr": "Revenir à l'appel de la note {} dans le texte"},
    "made_with": {"en": "Made with", "fr": "Fait avec"},
}

_MONTHS_FR = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
              "septembre", "octobre", "novembre", "décembre")


def edition(config: Any) -> str:
    """The edition being built: the theme's language, which the plugin sets per edition."""
    theme = config.get("theme") or {}
    language = str(theme.get("language") or DEFAULT)
    return language if language in EDITIONS else DEFAULT


def is_default(config: Any) -> bool:
    """Whether this is the English build (the first, at the site's root, which
    holds the others: the plugin is ``building`` only while it builds them).

    The theme's language cannot tell: it stays ``fr`` once the French edition
    is built, when the English build's last hooks run."""
    plugin = (config.get("plugins") or {}).get("i18n")
    if plugin is not None:
        return not plugin.building
    return edition(config) == DEFAULT


def words(key: str, language: str, **values: str) -> str:
    """A hook's sentence in ``language``, with ``values`` filled in.

    >>> words("last_changed", "fr", date="4 décembre 2026")
    'Dernière modification le 4 décembre 2026.'
    """
    return WORDS[key][language].format(**values)


def long_date(iso: str, language: str) -> str:
    """A ``YYYY-MM-DD`` date as the edition writes it: ISO in English (as before),
    the day, the month's name and the year in French (the first of a month is
    « 1er »).

    >>> long_date("2026-12-04", "en"), long_date("2026-12-04", "fr"), long_date("2026-08-01", "fr")
    ('2026-12-04', '4 décembre 2026', '1er août 2026')
    """
    if language != "fr":
        return iso
    year, month, day = (int(part) for part in iso.split("-"))
    return f"{'1er' if day == 1 else day} {_MONTHS_FR[month - 1]} {year}"


def suffixed(src_uri: str, language: str) -> str:
    """The twin of a page or include of ``docs/`` in ``language`` (``P.md`` → ``P.fr.md``).

    >>> suffixed("includes/abbreviations.md", "fr"), suffixed("index.md", "en")
    ('includes/abbreviations.fr.md', 'index.md')
    """
    if language == DEFAULT:
        return src_uri
    stem, dot, extension = src_uri.rpartition(".")
    return f"{stem}.{language}.{extension}" if dot else f"{src_uri}.{language}"
