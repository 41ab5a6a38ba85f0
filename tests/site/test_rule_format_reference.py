"""The generated reference of every key a rule file may hold (docs/rule-format-reference.md).

The model classes are found here by walking ``model_fields`` from
:class:`~ambigu_rules.rules.ruleset.Ruleset`, independently of the generator, so a
class or key the generator missed shows up as a failure.
"""

from __future__ import annotations

import re
import types
import typing
from typing import Any, Union, get_args, get_origin

import markdown
from pydantic import BaseModel
from site_helpers import ROOT

from ambigu_rules.rules import common, procedure, ruleset
from ambigu_rules.site import reference

PAGE = ROOT / "docs" / "rule-format-reference.md"


def _models_in(annotation: Any) -> set[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return {annotation}
    found: set[type[BaseModel]] = set()
    if get_origin(annotation) in (typing.Annotated, Union, types.UnionType, list, dict):
        for arg in get_args(annotation):
            found |= _models_in(arg)
    return found


def _reachable() -> set[type[BaseModel]]:
    seen: set[type[BaseModel]] = set()
    todo: list[type[BaseModel]] = [ruleset.Ruleset]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        for info in cls.model_fields.values():
            todo.extend(_models_in(info.annotation))
    return seen


def _sections(text: str) -> dict[str, str]:
    sections: dict[str, str] = {}
    for chunk in text.split("\n## ")[1:]:
        heading, _, body = chunk.partition("\n")
        sections[heading.strip()] = body
    return sections


def test_the_walk_finds_the_whole_model() -> None:
    names = {cls.__name__ for cls in _reachable()}
    # A few that sit deep in the tree, to be sure the walk itself goes down.
    assert {"Comparison", "PayEffect", "Agreed", "Range", "SourceRef", "BestOf",
            "ShuffleCallStep", "DealerOutOfDeal", "Predicate", "Choice"} <= names
    assert len(names) >= 35


def test_every_field_of_every_class_is_in_the_page() -> None:
    sections = _sections(reference.render_page())
    provenance = common.RulePoint.model_fields
    missing = []
    for cls in sorted(_reachable() | {common.RulePoint}, key=lambda c: c.__name__):
        body = sections.get(cls.__name__)
        if body is None:
            missing.append(f"section {cls.__name__}")
            continue
        for name, info in cls.model_fields.items():
            row = f"| `{info.alias or name}` |"
            if cls is not common.RulePoint and issubclass(cls, common.RulePoint) and (
                name in provenance
            ):
                # A rule point's provenance keys are in the RulePoint section,
                # which every rule point's section points to.
                assert "(#rulepoint)" in body, cls.__name__
                assert row in sections["RulePoint"]
            elif row not in body:
                missing.append(f"{cls.__name__}.{name}")
    assert missing == []


def test_every_field_has_a_description() -> None:
    empty = [
        f"{cls.__name__}.{name}"
        for cls in _reachable() | {common.RulePoint}
        for name, info in cls.model_fields.items()
        if not (info.description or "").strip()
    ]
    assert empty == []


def test_every_step_kind_is_named() -> None:
    text = reference.render_page()
    for cls in _reachable():
        if issubclass(cls, procedure.StepBase):
            kind = get_args(cls.model_fields["kind"].annotation)[0]
            assert f"`kind: {kind}`" in text


def test_the_page_on_disk_is_the_generated_one() -> None:
    assert PAGE.read_text(encoding="utf-8") == reference.render_page(), (
        "docs/rule-format-reference.md is out of date: run python tools/gen_site.py"
    )


def test_the_page_is_in_the_navigation_after_the_rule_format() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert nav.index("rule-format.md") < nav.index(reference.PAGE)
    assert "rule-format-reference.md" in (ROOT / "docs" / "rule-format.md").read_text(
        encoding="utf-8"
    )


def test_every_table_row_has_four_cells() -> None:
    html = markdown.markdown(reference.render_page(), extensions=["tables"])
    rows = re.findall(r"<tr>(.*?)</tr>", html, flags=re.S)
    assert len(rows) > reference.keys_documented()
    assert {row.count("<td") + row.count("<th") for row in rows} == {4}


def test_a_pipe_in_a_cell_is_escaped() -> None:
    assert reference.cell("a | b `c | d`\nnext <b>") == r"a \| b `c | d` next &lt;b>"
    line = "| " + " | ".join(reference.cell(t) for t in ("`k`", "x | y", "z", "w")) + " |"
    html = markdown.markdown("| 1 | 2 | 3 | 4 |\n|---|---|---|---|\n" + line,
                             extensions=["tables"])
    assert html.count("<td>") == 4
    assert "<td>x | y</td>" in html


def test_types_are_in_the_words_of_a_yaml_writer() -> None:
    sections = _sections(reference.render_page())
    assert "| `value` | whole number 0–1,000,000,000 | `0` |" in sections["Combination"]
    assert "| `min` | whole number 2–52 | required |" in sections["Players"]
    assert "one of `own` / `adds`" in sections["Combination"]
    assert "| `in` | list (at most 64 items) of whole numbers" in sections["Comparison"]
    assert "[Agreed](#agreed)" in sections["AnteStep"]
