"""Every rule of ``table`` has a place on the version pages and words to say it.

The words are reached by matching on the rule's type (``Describer.table_rule``,
checked complete by the type checker); this test ties the model's fields to
that type and to the page.
"""

from __future__ import annotations

import typing

from ambigu_rules.rules.table import TableRule, TableRules
from ambigu_rules.site.facts import TABLE_RULE_PLACES


def field_type(name: str) -> type:
    """The rule class of a field of ``TableRules`` (its annotation without ``None``)."""
    annotation = TableRules.model_fields[name].annotation
    (rule,) = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
    return rule


def test_every_table_rule_has_a_place_on_the_page() -> None:
    assert set(TABLE_RULE_PLACES) == set(TableRules.model_fields) - {"penalties"}


def test_every_table_rule_has_a_type_the_words_match_on() -> None:
    assert {field_type(name) for name in TABLE_RULE_PLACES} == set(typing.get_args(TableRule))
