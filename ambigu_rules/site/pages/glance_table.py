"""The home page's table: the versions at a glance.

A row per version: its main source (the one its rules cite most), players,
deck, antes, the phases of a deal, what a fredon is worth and how sure its
rules, and apart from them its notes about the text, are.
:mod:`ambigu_rules.site.generate` writes the table between the markers of
``docs/index.md``.
"""

from __future__ import annotations

from collections import Counter

from ...words.lang import Catalog
from ...words.markup import esc
from ...words.phrases import alternatives
from ..citations import source_link
from ..facts import rule_points
from ..outline import phases, short_antes
from .context import Site
from .example_hands import deck_of
from .provenance import about_the_text, evidence_summary

T = Catalog(__name__, "T", {
    "version": "Version",
    "main_source": "Main source",
    "players": "Players",
    "deck": "Deck",
    "antes": "Ante(s)",
    "a_deal": "A deal",
    "fredon": "Fredon",
    "evidence": "Evidence",
    "cards": "{size} cards, {low} to {high}",
})


def glance_table(site: Site) -> str:
    """The versions-at-a-glance table of the home page."""
    lang = site.lang
    sources_page = "sources.md"
    rows = []
    for version in site.versions:
        ruleset = version.ruleset
        counts: Counter[str] = Counter()
        for _, point in rule_points(ruleset):
            if about_the_text(point):
                continue
            for ref in point.source:
                if ref.id != "editors":
                    counts[ref.id] += 1
        main = counts.most_common(1)[0][0] if counts else None
        fredon = version.combination("fredon")
        rows.append({
            "version": version,
            "short_title": version.ruleset.text_in("short_title", lang.code),
            "date": version.date_in(lang.code),
            "source": (source_link(site.bibliography, main, sources_page, site.lang) if main
                       else esc("—")),
            "players": esc(f"{ruleset.players.min}–{ruleset.players.max}"),
            "deck": esc(T("cards", lang, size=deck_of(version).size,
                          low=deck_of(version).spec.ranks[0].label,
                          high=deck_of(version).spec.ranks[-1].label)),
            "antes": esc(short_antes(version, lang)),
            "phases": esc(phases(version, antes=False, lang=lang)),
            "fredon": esc(alternatives(version.values.get(fredon.id, "—"), lang) if fredon
                          else "—"),
            "evidence": evidence_summary(ruleset, short=True, lang=lang),
        })
    return site.render("glance.md.j2", rows=rows, t=site.labels(T))
