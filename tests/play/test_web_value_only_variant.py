"""A house rule file that changes only what a combination is worth plays where
numpy is not (issue "first contact", item 4), as in the browser.

The sources disagree on the fredon's value: 8 in the 1730 reconstruction,
10 in Foster (rulesets/1730.yaml and foster.yaml, combination fredon; the
open questions list it). A file that ``extends: "1730"`` and pays the fredon
10 ranks every hand as 1730 does; only the value of the hands whose best is
a fredon changes. The site ships 1730's table and no other, so the file's
table is 1730's with its values read again from the file; numpy (which the
browser lacks) compiles the same table, hand for hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ambigu_rules.errors import TableMissingError
from ambigu_rules.hands import evaluator as evaluator_module
from ambigu_rules.hands.compiler import compile_table
from ambigu_rules.hands.evaluator import evaluator_for, pack_of
from ambigu_rules.load.resolver import load_ruleset, resolve
from ambigu_rules.play.web import WebTable
from ambigu_rules.play.web_tables import revalue_table, revalued_table, table_needs, value_maps

HEAD = """format: 1
id: {id}
title: A house rule
short_title: House
summary: The 1730 rules with one change.
extends: "1730"
combinations:
"""

FREDON_TEN = HEAD.format(id="fredon-ten") + """  - id: fredon
    value: 10
    source: editors
    evidence: editorial
"""

#: The small prime paid 3: the tricon with a prime adds the tricon's value and
#: the prime's (1730: payment adds), so it changes there too.
PRIME_THREE = HEAD.format(id="prime-three") + """  - id: prime
    value: 3
    source: editors
    evidence: editorial
"""

#: A tricon that needs a card more: another condition, so another table.
NEW_CONDITION = HEAD.format(id="four-tricon") + """  - id: tricon
    when: {max_rank_count: 4}
    source: editors
    evidence: editorial
"""


def written(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def no_numpy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A Python where a table cannot be compiled (the browser): the parents' tables
    are made first, as the site ships them."""
    evaluator_for(load_ruleset("1730"))

    def refuse(ruleset: object, deck: object) -> object:
        raise TableMissingError("no table fits, and numpy is not installed")

    monkeypatch.setattr(evaluator_module, "_compiled", refuse)
    yield


@pytest.mark.parametrize("text", [FREDON_TEN, PRIME_THREE])
def test_the_table_made_from_the_parents_is_the_one_numpy_compiles(
        tmp_path: Path, text: str) -> None:
    ruleset = resolve(written(tmp_path, "house", text)).ruleset
    made = revalued_table(ruleset, load_ruleset("1730"))
    assert made is not None
    assert made == compile_table(ruleset, pack_of(ruleset))


def test_the_page_is_told_which_shipped_table_to_fetch(tmp_path: Path) -> None:
    needs = table_needs(written(tmp_path, "fredon", FREDON_TEN))
    parent = table_needs("1730")
    assert needs["revalue"] == parent["rules"] and needs["rules"] != parent["rules"]
    assert parent["revalue"] is None
    assert table_needs(written(tmp_path, "tricon", NEW_CONDITION))["revalue"] is None


def test_a_value_only_file_plays_without_numpy(tmp_path: Path, no_numpy: None) -> None:
    path = written(tmp_path, "fredon", FREDON_TEN)
    with pytest.raises(TableMissingError):
        WebTable(path, players=3, seed=2)
    assert revalue_table(path)
    table = WebTable(path, players=3, seed=2, people=0)
    evaluator = table.game.evaluator
    assert evaluator.evaluate("5S 5H 5D 5C").value == 10  # 1730 pays 8
    assert evaluator.evaluate("10S 10H 10D 2D").value == 4  # a tricon, as in 1730
    assert table.start()["deal_over"]


def test_a_file_that_needs_a_table_of_its_own_is_still_refused_in_one_sentence(
        tmp_path: Path, no_numpy: None) -> None:
    path = written(tmp_path, "tricon", NEW_CONDITION)
    assert not revalue_table(path)
    with pytest.raises(TableMissingError, match="needs a table of hands of its own, and the "
                       "browser cannot compile one"):
        WebTable(path, players=3)


def test_a_parent_value_that_stands_for_two_the_file_pays_apart_needs_a_new_table() -> None:
    # A parent paying the big and the small prime alike (2) adds either to the
    # tricon's 4 in its tricon with a prime: 6 in both cases. A file paying the
    # big prime 3 pays that hand 7 or 6, and 6 in the parent's table no longer
    # says which.
    base = load_ruleset("1730")

    def paying(grand_prime: int) -> object:
        return base.model_copy(update={"combinations": [
            c.model_copy(update={"value": grand_prime}) if c.id == "grand_prime" else c
            for c in base.combinations]})

    assert value_maps(paying(3), paying(2)) is None  # type: ignore[arg-type]
    assert value_maps(paying(2), paying(2)) is not None  # type: ignore[arg-type]
