"""The open questions page: what the sources leave undecided, and how each version reads it.

Each question gives the positions the sources take, and, for each row of
the comparison it concerns, every version's reading with its evidence and
our note.
"""

from __future__ import annotations

from ..citations import Footnotes
from ..comparison.rows import ROW_KEYS
from ..markup import Md, esc
from .compare_page import row_cells
from .context import Site, data_file
from .provenance import inherited_title, provenance, source_names_refs


def open_questions_page(site: Site) -> str:
    """The open questions page: each question, its positions, and the readings of it."""
    footnotes = Footnotes(site.bibliography, "sources.md")
    questions = []
    for question in site.questions.questions:
        positions = [
            Md("{} {}{}").format(position.says, source_names_refs(site, position.source),
                                 footnotes.cite(position.source))
            for position in question.positions
        ]
        tables = []
        for key in question.rows:
            row = ROW_KEYS[key]
            lines = []
            cells = row_cells(site, row, "versions/")
            for version, cell in zip(site.versions, cells, strict=True):
                parent = inherited_title(site, cell)
                notes = [esc(p.note) for p in cell.points if p.note]
                if parent:
                    shown = esc(f"as {parent} (inherited)")
                else:
                    shown = Md(" ").join(notes) if notes else esc("—")
                lines.append({
                    "version": version,
                    "text": cell.text,
                    "evidence": Md(" ").join(
                        provenance(site, point, footnotes) for point in cell.points
                    ) or esc("—"),
                    "note": shown,
                })
            tables.append({"row": row, "lines": lines,
                           "differs": len({c.key for c in cells}) > 1})
        questions.append({"q": question, "positions": positions, "tables": tables,
                          "comment": esc(question.comment) if question.comment else None})
    return site.render("open_questions.md.j2", questions=questions,
                       footnotes=footnotes.definitions(),
                       data_file=data_file("site/open-questions.yaml"))
