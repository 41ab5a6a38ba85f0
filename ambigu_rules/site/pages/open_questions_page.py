"""The open questions page: what the sources leave undecided, and how each version reads it.

Each question is shown in a few lines: its title, what is asked, and a table
of the readings the versions take, each reading once with the versions that
share it (1659 and 1702 inherit most of 1730's rules, so their readings are
1730's). What the sources say, our comment, and each reading's evidence and
note are folded below it, to be opened on demand (and printed open).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...words.lang import Catalog
from ...words.markup import Md, anchor, esc
from ..citations import Footnotes
from ..comparison.cells import Cell
from ..comparison.rows import ROW_KEYS
from ..facts import Version
from .compare_page import row_cells
from .context import Site, data_file
from .provenance import inherited_title, provenance, source_names_refs

#: The page's own words: its template's labels and the sentences it makes.
T = Catalog(__name__, "T", {
    "title": "Open questions",
    "rule": "Rule",
    "reading": "Reading",
    "versions": "Versions",
    "details": "Sources, evidence and our notes",
    "sources_say": "What the sources say",
    "differ": "the versions differ",
    "agree": "all versions read it the same way",
    "see_comparison": "see the comparison",
    "evidence_source": "Evidence and source",
    "our_note": "Our note",
    "inherited": "as {title} (inherited)",
    "generated_from": "This page is generated from",
})
M = Catalog(__name__, "M", {
    "intro": (Md("The points on which the sources disagree, or say too little to settle a rule. "
                 "Under each question, the readings the versions of this site take, each once "
                 "with the versions that share it; they are drawn from the rule files "
                 "themselves, so this page cannot drift from the rules the program plays. Open "
                 "*Sources, evidence and our notes* under a question for what each source says "
                 "and where each reading comes from: a reading marked *editorial* or *inferred* "
                 "is a choice we made, and its note says why.")),
    "semicolon": Md("; "),
    "edit": Md("; edit that file and run `python tools/gen_site.py` to change it."),
})


@dataclass
class Group:
    """Versions that share one line of a table, and what that line shows."""

    versions: list[Version]
    cells: dict[str, Md] = field(default_factory=dict)

    def links(self, site: Site) -> Md:
        """The versions of the group, each linking its page: ``1659 · 1702 · 1730``."""
        return Md(" · ").join(
            Md("[{}](versions/{}.md)").format(site.short_title(version), anchor(version.id))
            for version in self.versions)


def group_by(keys: list[str]) -> list[tuple[str, list[int]]]:
    """Each distinct key in the order it first appears, with the indexes that have it.

    >>> group_by(["8", "8", "10", "8"])
    [('8', [0, 1, 3]), ('10', [2])]
    """
    groups: dict[str, list[int]] = {}
    for index, key in enumerate(keys):
        groups.setdefault(key, []).append(index)
    return list(groups.items())


def _source_of_reading(site: Site, cells: list[Cell], indexes: list[int]) -> int:
    """The member of a group whose words are shown: one not inherited, if any."""
    for index in indexes:
        if not inherited_title(site, cells[index]):
            return index
    return indexes[0]


def _row_tables(site: Site, key: str, footnotes: Footnotes) -> dict[str, object]:
    """One comparison row under a question: its readings, and its details."""
    row = ROW_KEYS[key]
    cells = row_cells(site, row, "versions/")
    readings = []
    for _, indexes in group_by([cell.key for cell in cells]):
        shown = cells[_source_of_reading(site, cells, indexes)]
        group = Group([site.versions[i] for i in indexes], {"text": shown.text})
        group.cells["links"] = group.links(site)
        readings.append(group)
    details: list[Group] = []
    lines: list[tuple[str, dict[str, Md]]] = []
    for cell in cells:
        parent = inherited_title(site, cell)
        notes = [esc(p.text_in("note", site.lang.code)) for p in cell.points if p.note]
        note = (esc(T("inherited", site.lang, title=parent)) if parent
                else Md(" ").join(notes) if notes else esc("—"))
        evidence = Md(" ").join(provenance(site, point, footnotes)
                                for point in cell.points) or esc("—")
        line = {"text": cell.text, "evidence": evidence, "note": note}
        lines.append(("\x00".join((cell.key, str(evidence), str(note))), line))
    for _, indexes in group_by([k for k, _ in lines]):
        group = Group([site.versions[i] for i in indexes], dict(lines[indexes[0]][1]))
        group.cells["links"] = group.links(site)
        details.append(group)
    return {"label": row.label(site.lang), "readings": readings, "details": details,
            "differs": len(readings) > 1,
            "compare": Md("compare/index.md#row-{}").format(anchor(key.replace(".", "-")))}


def open_questions_page(site: Site) -> str:
    """The open questions page: each question, the readings of it, its details folded."""
    code = site.lang.code
    footnotes = Footnotes(site.bibliography, "sources.md", site.lang)
    questions = []
    for question in site.questions.questions:
        positions = [
            Md("{} {}{}").format(position.text_in("says", code),
                                 source_names_refs(site, position.source),
                                 footnotes.cite(position.source))
            for position in question.positions
        ]
        tables = [_row_tables(site, key, footnotes) for key in question.rows]
        questions.append({"id": question.id, "title": question.text_in("title", code),
                          "question": question.text_in("question", code),
                          "positions": positions, "tables": tables,
                          "comment": (esc(question.text_in("comment", code))
                                      if question.comment else None)})
    return site.render("open_questions.md.j2", questions=questions, t=site.labels(T),
                       m=site.labels(M),
                       footnotes=footnotes.definitions(),
                       data_file=data_file("site/open-questions.yaml", site.up))
