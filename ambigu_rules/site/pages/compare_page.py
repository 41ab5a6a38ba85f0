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
from ...words.markup import EVIDENCE_HELP, Md, anchor, badge
from ..comparison.cells import Cell, Row, differing
from ..comparison.rows import ROWS
from ..describe import Describer
from .context import Site
from .provenance import inherited_title


def row_cells(site: Site, row: Row, prefix: str) -> list[Cell]:
    """The cells of ``row`` for every version, linking each version's page under ``prefix``."""
    return [row.cell(v, Describer(v.ruleset, f"{prefix}{anchor(v.id)}.md", canonical_names=True))
            for v in site.versions]


def _cell_badges(cell: Cell) -> Md:
    levels = []
    for point in cell.points:
        if point.evidence not in levels:
            levels.append(point.evidence)
    return Md("").join(badge(level, short=True) for level in levels)


PAIR = Catalog(__name__, {"pair": ("{a} and {b}", "{a} et {b}")})


def comparison_link(site: Site, a: str, b: str, page: str) -> dict[str, str]:
    """A link to the comparison page showing versions ``a`` and ``b``.

    ``page`` is the comparison page's address from where the link is (the
    built page's, since the query string is not a Markdown link MkDocs
    rewrites).
    """
    code = site.lang.code
    return {"href": f"{page}?v={quote(a, safe='')},{quote(b, safe='')}",
            "title": PAIR("pair", site.lang, a=site.by_id[a].ruleset.text_in("short_title", code),
                          b=site.by_id[b].ruleset.text_in("short_title", code))}


def _cell_id(cell: Cell) -> str:
    """A short fingerprint of what a cell says: equal cells, equal ids.

    The comparison page's script tells agreeing cells apart by it when the
    reader picks some of the versions.
    """
    return hashlib.sha1(cell.key.encode("utf-8")).hexdigest()[:12]


def compare_index(site: Site) -> str:
    """The comparison page: the rows group by group, and the usual pairs of versions."""
    groups: list[tuple[str, list[dict[str, object]]]] = []
    differences = 0
    for row in ROWS:
        cells = row_cells(site, row, "../versions/")
        flags = differing([cell.key for cell in cells])
        differences += any(flags)
        entry = {
            "row": row,
            "id": "row-" + anchor(row.key.replace(".", "-")),
            "differs": any(flags),
            "text": cells[0].text,
            "cells": [
                {"version": version, "text": cell.text, "badges": _cell_badges(cell),
                 "differs": flag, "key": _cell_id(cell),
                 "inherited": inherited_title(site, cell)}
                for version, cell, flag in zip(site.versions, cells, flags, strict=True)
            ],
        }
        if not groups or groups[-1][0] != row.group:
            groups.append((row.group, []))
        groups[-1][1].append(entry)
    pairs = [comparison_link(site, a, b, "./") for a, b in site.pairs
             if a in site.by_id and b in site.by_id]
    return site.render("compare_index.md.j2", versions=site.versions, groups=groups,
                       rows=len(ROWS), differences=differences, pairs=pairs,
                       legend=[(level, badge(level, short=True), EVIDENCE_HELP[level].rstrip("."))
                               for level in EVIDENCE_LEVELS])

