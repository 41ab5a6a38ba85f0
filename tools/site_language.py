"""The editions of the site (English and French), as the MkDocs hooks see them.

``mkdocs build`` builds the English edition at the site's root, then (the
``i18n`` plugin, mkdocs-static-i18n, in its ``on_post_build``) the French one
under ``fr/``, with the same configuration object and the same hooks. The
plugin sets ``theme.language`` to the edition being built, so a hook asks
:func:`edition` which one it is in, does once, in the English build, what both
share (the API reference, rule files, schemas, tables of hands, Pyodide), and
says its words (:func:`words`, from :mod:`ambigu_rules.site.chrome_words`) in
the edition's language. The editions are the languages ``mkdocs.yml`` lists for
the plugin (:data:`EDITIONS`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ambigu_rules.languages import lang_of
from ambigu_rules.site.chrome_words import T

MKDOCS_YML = Path(__file__).resolve().parent.parent / "mkdocs.yml"


def _configured_editions() -> tuple[str, ...]:
    """The languages ``mkdocs.yml`` builds (the i18n plugin's ``languages``), the
    default first: adding an edition is one entry there, its pages' twins and its
    language's folder in ``ambigu_rules/languages/``."""
    class _Loader(yaml.SafeLoader):  # mkdocs.yml may hold tags (!ENV, !!python/name)
        pass

    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    config = yaml.load(MKDOCS_YML.read_text(encoding="utf-8"), Loader=_Loader)
    plugin = next(entry["i18n"] for entry in config["plugins"]
                  if isinstance(entry, dict) and "i18n" in entry)
    languages = sorted(plugin["languages"], key=lambda language: not language.get("default"))
    return tuple(str(language["locale"]) for language in languages)


#: The editions, the default (at the site's root) first.
EDITIONS = _configured_editions()
DEFAULT = EDITIONS[0]


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
    """A hook's sentence in ``language`` (:mod:`ambigu_rules.site.chrome_words`), spaced
    as the language spaces its punctuation, with ``values`` filled in.

    >>> words("last_changed", "fr", date="4 décembre 2026")
    'Dernière modification le 4 décembre 2026.'
    >>> words("found_mistake", "fr") == "Une erreur\u202f?"
    True
    """
    return template(key, language).format(**values)


def template(key: str, language: str) -> str:
    """A hook's sentence in ``language`` with its placeholders left (the footnotes
    extension fills ``{}`` itself)."""
    lang = lang_of(language)
    return lang.typeset(T.forms(key, lang))


def long_date(iso: str, language: str) -> str:
    """A ``YYYY-MM-DD`` date as the edition writes it (its language's ``dates``).

    >>> long_date("2026-12-04", "en"), long_date("2026-12-04", "fr"), long_date("2026-08-01", "fr")
    ('2026-12-04', '4 décembre 2026', '1er août 2026')
    """
    return lang_of(language).long_date(iso)


def suffixed(src_uri: str, language: str) -> str:
    """The twin of a page or include of ``docs/`` in ``language`` (``P.md`` → ``P.fr.md``).

    >>> suffixed("includes/abbreviations.md", "fr"), suffixed("index.md", "en")
    ('includes/abbreviations.fr.md', 'index.md')
    """
    if language == DEFAULT:
        return src_uri
    stem, dot, extension = src_uri.rpartition(".")
    return f"{stem}.{language}.{extension}" if dot else f"{src_uri}.{language}"
