"""The hand tables the site ships for the combinations page's evaluator."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

import pytest

from ambigu_rules.hands.table import HandTable
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.pages.context import Site
from ambigu_rules.site.tables import write_tables

ROOT = Path(__file__).resolve().parents[2]


class Shipped(NamedTuple):
    """The tables the site build writes: the site they come from, the folder, the files."""

    site: Site
    folder: Path
    written: list[Path]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Shipped:
    """Every version's table and the index, written once for the tests of this module
    (each table is the whole of its version's hands)."""
    folder = tmp_path_factory.mktemp("tables")
    site = load_site()
    return Shipped(site, folder, write_tables(folder, site.tab_order))


def test_each_version_ships_its_table_and_the_index_names_its_pack(shipped: Shipped) -> None:
    site, tmp_path, written = shipped
    index = json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))
    assert [entry["id"] for entry in index["versions"]] == [v.id for v in site.tab_order]
    assert index["versions"][0]["id"] == "1730"  # the lead version first
    courts = next(e for e in index["versions"] if e["id"] == "russian-courts")
    # ru-enc: the pack with court cards has no eight, nine or ten.
    assert "J" in courts["ranks"] and "9" not in courts["ranks"]
    for entry in index["versions"]:
        assert entry["cards"] == sorted(entry["cards"]) and len(entry["cards"]) == 40
        table = HandTable.from_bytes((tmp_path / entry["table"]).read_bytes())
        assert table.size == 91390
        assert set(table.combination_ids) == set(entry["combinations"])
        assert entry["rules"] == table.rules  # the fingerprint the Play page looks for
    files = [entry["table"] for entry in index["versions"]]
    assert len(written) == len(set(files)) + 1 == len(site.versions) - 1  # 1659, 1702: 1730's
    assert files[:3] == ["1730.table"] * 3


def test_the_three_french_texts_share_a_fingerprint_and_the_others_differ(
        shipped: Shipped) -> None:
    """The rule files of 1659, 1702 and 1730 give the same pack, combinations and
    ranking order, so one table serves all three; every other version has its own."""
    index = json.loads((shipped.folder / "index.json").read_text(encoding="utf-8"))
    rules = {entry["id"]: entry["rules"] for entry in index["versions"]}
    assert rules["1659"] == rules["1702"] == rules["1730"]
    others = [rules[v] for v in ("1730", "foster", "russian", "russian-courts", "encyclopedia")]
    assert len(set(others)) == len(others)


def test_the_play_page_offers_house_variants_that_exist() -> None:
    page = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    names = re.search(r'data-examples="([^"]+)"', page)
    assert names is not None
    for name in names.group(1).split(","):
        assert (ROOT / "docs" / "variants" / f"{name}.yaml").is_file(), name


def test_the_index_names_versions_and_combinations_in_every_language(
        shipped: Shipped) -> None:
    """The Play page, the evaluator and "What should I keep?" show a version's title
    and its combinations' names in the page's language (the French reading: "Russian",
    "Small prime" on /fr/): the index gives each language's form, from the rule
    file's own (its ``fr`` texts)."""
    from ambigu_rules.words.lang import CODES

    index = json.loads((shipped.folder / "index.json").read_text(encoding="utf-8"))
    by_id = {entry["id"]: entry for entry in index["versions"]}
    for version in shipped.site.tab_order:
        entry = by_id[version.id]
        assert entry["titles"] == {code: version.ruleset.text_in("short_title", code)
                                   for code in CODES}
        assert entry["combinations"] == {
            combination.id: {code: combination.text_in("name", code) for code in CODES}
            for combination in version.ruleset.combinations}
    assert by_id["russian"]["titles"]["fr"] == "Russe"
    assert by_id["encyclopedia"]["titles"]["fr"] != by_id["encyclopedia"]["titles"]["en"]
    assert by_id["foster"]["combinations"]["flush"]["fr"] == "Flux"
