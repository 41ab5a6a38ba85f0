"""What the pages are made from: the versions, the bibliography, the site's data files.

:class:`Site` holds them with the template environment; every page
function takes it. :data:`DATA_FILES` are the data files the pages are
generated from and link for download.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment

from ...rules.sources import Bibliography
from ...words.lang import EN, Catalog, Lang
from ...words.markup import Md
from ..data import Glossary, OpenQuestions
from ..facts import Version


@dataclass
class Site:
    """Everything the pages are made from."""

    versions: list[Version]
    bibliography: Bibliography
    glossary: Glossary
    questions: OpenQuestions
    pairs: list[tuple[str, str]]  # the usual comparisons, linked as compare/?v=a,b
    env: Environment
    notice: Md
    snippet_notice: str = ""
    lead: str = ""  # the version whose tab comes first
    lang: Lang = EN  # the language of the pages made from it
    by_id: dict[str, Version] = field(init=False)

    def __post_init__(self) -> None:
        self.versions.sort(key=lambda v: v.sort_key)
        self.by_id = {v.id: v for v in self.versions}

    def render(self, template: str, **context: object) -> str:
        """The page template ``template`` filled with ``context`` (and the notice)."""
        return self.env.get_template(template).render(notice=self.notice, **context)

    def labels(self, catalog: Catalog[Any]) -> dict[str, Any]:
        """Every phrase of ``catalog`` in the pages' language, for a template's ``t``."""
        return {key: forms[self.lang.code] for key, forms in catalog}

    def short_title(self, version: Version) -> str:
        """A version's short title in the pages' language (``Russe`` for ``Russian``)."""
        return version.ruleset.text_in("short_title", self.lang.code)

    @property
    def up(self) -> str:
        """What a raw HTML address of a file that exists once, at the site's root (a
        rule file, a data file), climbs beyond the English page's: a French twin is
        served one folder deeper (``/fr/…``), and only Markdown links are rewritten
        by the build. An address of a page climbs as the English one does, to the
        page of the same edition."""
        return "" if self.lang is EN else "../"

    @property
    def tab_order(self) -> list[Version]:
        """The versions as tabs: the lead version first, then the others in order."""
        return sorted(self.versions, key=lambda v: v.id != self.lead)


#: The data files (under rulesets/) a page is generated from, copied into the
#: built site's rulesets/ folder for download.
DATA_FILES = ("sources.yaml", "site/glossary.yaml", "site/open-questions.yaml",
              "site/how-the-versions-play.json")


def data_file(name: str, up: str = "") -> dict[str, str]:
    """The download link, from a top-level page, to the data file ``name`` in rulesets/
    (``up``: what a French twin's raw addresses climb more, :attr:`Site.up`)."""
    assert name in DATA_FILES, name
    return {"href": f"{up}../rulesets/{name}", "name": f"rulesets/{name}"}
