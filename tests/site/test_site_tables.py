"""The hand tables the site ships for the combinations page's evaluator."""

from __future__ import annotations

import json
from pathlib import Path

from ambigu_rules.hands.table import HandTable
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.tables import write_tables


def test_each_version_ships_its_table_and_the_index_names_its_pack(tmp_path: Path) -> None:
    site = load_site()
    written = write_tables(tmp_path, site.tab_order)
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
    assert len(written) == len(site.versions) + 1
