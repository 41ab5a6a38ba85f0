"""The cells of the rules of the table, of the session and of the penalties."""

from __future__ import annotations

from collections.abc import Callable

from ...rules.where_silent import PLAYED_WHERE_SILENT
from ...words.lang import Catalog
from ...words.markup import Md, esc
from ...words.phrases import M as PHRASES
from ..describe import Describer
from ..facts import Version, table_rule
from .cells import Cell, lines_cell

T = Catalog(__name__, "T", {"no_penalty": "no penalty stated"})


def table_cell(name: str) -> Callable[[Version, Describer], Cell]:
    """The cell of the rule ``name`` of ``table``, in the words of
    :meth:`~ambigu_rules.words.table_rules.TableWords.table_rule`."""
    def fill(version: Version, describer: Describer) -> Cell:
        point = table_rule(version.ruleset.table, name)
        if point is None:  # what is played there, the editors' row
            played = PLAYED_WHERE_SILENT[name]
            return Cell(PHRASES.forms("played_as", describer.lang).format(
                esc(played.text_in("note", describer.lang.code) if played.note else "")),
                (played,))
        return Cell(Md(" ").join(describer.table_rule(point)), (point,))

    return fill


def penalty_cell(offence: str) -> Callable[[Version, Describer], Cell]:
    """The cell of the penalties for one offence (a line each), or "no penalty stated"."""
    def fill(version: Version, describer: Describer) -> Cell:
        items = [
            (describer.penalty(p), p) for p in version.ruleset.table.penalties
            if p.offence == offence
        ]
        if not items:
            return Cell(esc(T("no_penalty", describer.lang)))
        return lines_cell(items, describer.lang)

    return fill
