"""The comparison page: every row of the comparison, with a cell per version.

The page shows all the versions; its script lets the reader pick some of
them (the address ``compare/?v=a,b`` picks two), and marks the cells that
differ among those picked by the fingerprint of what each cell says.
"""

from __future__ import annotations

import hashlib
from urllib.parse import quote

from ...rules.common import EVIDENCE_LEVELS
from ...words.lang import Catalog
from ...words.markup import EVIDENCE, Md, anchor, badge
from ..comparison.cells import Cell, Row, differing
from ..comparison.rows import ROWS
from ..describe import Describer
from .context import Site
from .provenance import inherited_title


def row_cells(site: Site, row: Row, prefix: str) -> list[Cell]:
    """The cells of ``row`` for every version, linking each version's page under ``prefix``."""
    return [row.cell(v, Describer(v.ruleset, f"{prefix}{anchor(v.id)}.md", canonical_names=True,
                                  lang=site.lang))
            for v in site.versions]


def _cell_badges(site: Site, cell: Cell) -> Md:
    levels = []
    for point in cell.points:
        if point.evidence not in levels:
            levels.append(point.evidence)
    return Md("").join(badge(level, short=True, lang=site.lang) for level in levels)


PAIR = Catalog(__name__, "PAIR", {"pair": "{a} and {b}"})
#: The page's own words: its template's labels.
T = Catalog(__name__, "T", {
    "title": "Compare the versions",
    "intro": ("Every rule point of every version, one row per question, in words generated from "
              "each version's rule file (so the table cannot disagree with the version pages). "
              "Of the {rows} rows, {differences} read differently in at least one version; "
              "where all versions agree, the row holds one cell."),
    "how": ("Pick the versions to set side by side and whether to see only the rows where they "
            "differ: the choice is kept in the page's address, so a reload or a shared link "
            "shows the same comparison. Inside a cell that differs, the words that are not in "
            "the other versions' most common reading are marked."),
    "pairs": "Compare two at a time:",
    "evidence": "Evidence:",
    "inherited_mark": "A cell marked ↳ takes the rule unchanged from the version named.",
    "versions": "Versions",
    "only_differences": "Only the rows that differ",
    "rule_point": "Rule point",
    "row_link": "Link to this row",
    "inherited_from": "inherited from {title}",
    "closing": ("The words of every cell come from the versions' rule files; each version's "
                "page offers its own for download."),
})


def comparison_link(site: Site, a: str, b: str, page: str) -> dict[str, str]:
    """A link to the comparison page showing versions ``a`` and ``b``.

    ``page`` is the comparison page's address from where the link is (the
    built page's, since the query string is not a Markdown link MkDocs
    rewrites).
    """
    return {"href": f"{page}?v={quote(a, safe='')},{quote(b, safe='')}",
            "title": PAIR("pair", site.lang, a=site.short_title(site.by_id[a]),
                          b=site.short_title(site.by_id[b]))}


def _cell_id(cell: Cell) -> str:
    """A short fingerprint of what a cell says: equal cells, equal ids.

    The comparison page's script tells agreeing cells apart by it when the
    reader picks some of the versions.
    """
    return hashlib.sha1(cell.key.encode("utf-8")).hexdigest()[:12]


#: Rows per ``<tbody>`` of the matrix: a phone lays out one such block at a time.
BLOCK_ROWS = 3


def blocks(groups: list[tuple[str, list[dict[str, object]]]],
           size: int = BLOCK_ROWS) -> list[dict[str, object]]:
    """The groups' rows cut into blocks of at most ``size``, each group's heading in its first.

    Every block is marked "later" on the page (it shows once the
    theme's script has started; ``docs/assets/on-page.js``).

    >>> [(b["group"], b["entries"]) for b in blocks([("A", [1, 2, 3]), ("B", [4])], size=2)]
    [('A', [1, 2]), ('', [3]), ('B', [4])]
    """
    out: list[dict[str, object]] = []
    for group, entries in groups:
        for start in range(0, len(entries), size):
            out.append({"group": group if start == 0 else "",
                        "entries": entries[start:start + size]})
    return out


def compare_index(site: Site) -> str:
    """The comparison page: the rows group by group, and the usual pairs of versions."""
    lang = site.lang
    groups: list[tuple[str, list[dict[str, object]]]] = []
    differences = 0
    for row in ROWS:
        cells = row_cells(site, row, "../versions/")
        flags = differing([cell.key for cell in cells])
        differences += any(flags)
        inherited = [inherited_title(site, cell) for cell in cells]
        entry = {
            "label": row.label(lang),
            "id": "row-" + anchor(row.key.replace(".", "-")),
            "differs": any(flags),
            "text": cells[0].text,
            "cells": [
                {"version": version, "title": site.short_title(version), "text": cell.text,
                 "badges": _cell_badges(site, cell), "differs": flag, "key": _cell_id(cell),
                 "inherited": parent,
                 "inherited_tip": T("inherited_from", lang, title=parent) if parent else ""}
                for version, cell, flag, parent in zip(site.versions, cells, flags, inherited,
                                                       strict=True)
            ],
        }
        if not groups or groups[-1][0] != row.group(lang):
            groups.append((row.group(lang), []))
        groups[-1][1].append(entry)
    pairs = [comparison_link(site, a, b, "./") for a, b in site.pairs
             if a in site.by_id and b in site.by_id]
    versions = [{"id": v.id, "title": site.short_title(v)} for v in site.versions]
    return site.render("compare_index.md.j2", versions=versions, blocks=blocks(groups),
                       pairs=pairs,
                       t=site.labels(T),
                       intro=T("intro", lang, rows=lang.count(len(ROWS)),
                               differences=lang.count(differences)),
                       legend=[(EVIDENCE(f"label_{level}", lang),
                                badge(level, short=True, lang=lang),
                                EVIDENCE(level, lang).rstrip("."))
                               for level in EVIDENCE_LEVELS])

