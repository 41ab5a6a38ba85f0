"""The advice as the site gets it: ``advise_report`` (what ``ambigu advise --json``
prints, and the combinations page's "What should I keep?" shows) and the exchanges
the site's table index lists for the tool's form."""

from __future__ import annotations

from math import comb

from ambigu_rules.advice.report import advise_report
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.tables import table_index


def test_the_report_names_the_exchange_in_the_language_asked() -> None:
    # rulesets/foster.yaml, step first_draw: "First draw", in French "Premier échange".
    assert advise_report("foster", "9S 10S")["title"] == "First draw"
    assert advise_report("foster", "9S 10S", lang="fr")["title"] == "Premier échange"


def test_the_report_gives_each_combination_the_name_its_rule_file_gives_it() -> None:
    report = advise_report("1730", "9S 10S", lang="fr")
    # rulesets/1730.yaml: the flush is called "Flux" (its fr form too).
    assert report["names"]["flush"] == "Flux"
    assert all(set(option["counts"]) <= set(report["names"]) | {"none"}
               for option in report["options"])


def test_the_report_counts_every_final_hand_of_each_discard() -> None:
    report = advise_report("foster", "9S 10S 2H 3C", seen="AS", exchange="second")
    # 40 cards less the four held and the one seen: 35 unseen; discarding all four
    # draws 4 of them, C(35, 4) = 52,360 final hands; discarding 2H 3C draws 2,
    # C(35, 2) = 595.
    hands = {option["discard"]: option["hands"] for option in report["options"]}
    assert report["unseen"] == 35
    assert max(hands.values()) == comb(35, 4)
    assert hands["2♥ 3♣"] == comb(35, 2)


def test_the_table_index_lists_each_versions_exchanges_for_the_tool() -> None:
    index = {entry["id"]: entry for entry in table_index(load_site().tab_order)["versions"]}
    # foster-1897 Method of Playing: at the first draw each discards none, one or both
    # of his two cards; at the second, those who called discard one to four or stand.
    assert index["foster"]["exchanges"] == [{"hand": 2, "low": 0, "high": 2},
                                            {"hand": 4, "low": 0, "high": 4}]
