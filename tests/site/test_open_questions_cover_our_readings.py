"""Every part of a rule that is our reading appears among the open questions.

A rule point, or a clause of one, marked ``inferred`` or ``editorial`` (and
not merely inherited) is a place where a source could decide the rule and
none we have does. The rule point it belongs to
must be shown, in some version, under a comparison row that an open
question lists, so that a reader finds the readings and what they change.
"""

from __future__ import annotations

from ambigu_rules.site.comparison.rows import ROW_KEYS
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.pages.compare_page import row_cells


def test_every_point_with_a_clause_of_ours_is_under_an_open_question() -> None:
    site = load_site()
    asked = {key for question in site.questions.questions for key in question.rows}
    covered: set[int] = set()
    for key in asked:
        for cell in row_cells(site, ROW_KEYS[key], "versions/"):
            covered.update(id(point) for point in cell.points)
    ours = [(version.id, path, point) for version in site.versions
            for path, point in _points(version.ruleset)
            if not point.inherited_from and not path.startswith("history")
            and any(part.evidence in ("inferred", "editorial")
                    for part in (point.clauses or [point]))]
    assert ours, "no reading of ours: the test would check nothing"
    missing = [f"{version}: {path}" for version, path, point in ours
               if id(point) not in covered]
    assert missing == []


def _points(ruleset):  # type: ignore[no-untyped-def]
    from ambigu_rules.site.facts import rule_points

    return [(str(path), point) for path, point in rule_points(ruleset)]
