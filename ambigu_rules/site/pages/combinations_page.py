"""The combinations page: each combination in every version, values, odds.

For each canonical combination, a tab per version with its definition,
value, ties and what the example hands are worth there; a table of the
values and places of every combination in every version (marking a version
that defines one otherwise); and, per version, how often each combination
is dealt.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from ...load.catalog import load_decks
from ...rules.common import CANONICAL_COMBINATIONS
from ...rules.ruleset import Ruleset
from ...words.markup import Md, anchor, attr, cards_html, esc, number, percent, tooltip
from ...words.names import CANONICAL_LABEL
from ..citations import Footnotes
from ..comparison.cells import Cell, differing
from ..comparison.combination_cells import combination_aspect
from ..describe import Describer
from ..facts import Version
from .context import Site
from .example_hands import EXAMPLES, deck_of, evaluator_of, odds_by_id
from .provenance import inherited_title, provenance


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``12th``, ``13th``, ``21st``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _places(ruleset: Ruleset) -> dict[str, int]:
    """Each combination's place from the top of the ranking (tied ones share it)."""
    places: dict[str, int] = {}
    for place, tier in enumerate(reversed(ruleset.ranking.order), start=1):
        for name in tier:
            places[name] = place
    return places


def values_table(site: Site) -> dict[str, object]:
    """One row per combination, one column per version: value, place, and a mark
    where the version defines the combination differently from most others."""
    versions = site.tab_order
    rows = []
    for canonical in reversed(CANONICAL_COMBINATIONS):
        definition = combination_aspect(canonical, "definition")
        keys = [definition(v, Describer(v.ruleset)).key for v in versions]
        flags = differing(keys)
        cells = []
        for version, odd in zip(versions, flags, strict=True):
            combination = version.combination(canonical)
            if combination is None:
                cells.append(esc("—"))
                continue
            places = _places(version.ruleset)
            link = Md("versions/{}.md#{}").format(anchor(version.id),
                                                  anchor(f"combination-{combination.id}"))
            built = f"../versions/{quote(version.id, safe='')}/#combination-" + quote(
                anchor(combination.id), safe="")
            mark = (Md(' <a class="defined-otherwise" href="{}" title="{}">≠ defined '
                       "otherwise</a>").format(attr(built), tooltip(combination.definition))
                    if odd else Md(""))
            cells.append(Md("[**{}**]({}) <span class=\"place\">{} of {}</span>{}").format(
                version.values.get(combination.id, "—"), link,
                ordinal(places.get(combination.id, 0)), len(places), mark))
        rows.append({"label": CANONICAL_LABEL[canonical].capitalize(),
                     "anchor": anchor(canonical), "cells": cells,
                     "keys": [_plain_cell(cell) for cell in cells]})
    return merge_equal_columns(versions, rows)


def _plain_cell(cell: Md) -> str:
    """A cell without its link targets: versions with equal values compare equal."""
    return re.sub(r"\]\([^)]*\)|href=\"[^\"]*\"", "", str(cell))


def merge_equal_columns(versions: list[Version],
                        rows: list[dict[str, Any]]) -> dict[str, object]:
    """One column per distinct reading: versions whose cells are equal in every row
    share a column, headed by all of them in the site's order (``1659 · 1702 · 1730``).

    The column stays where its first version's column was (the lead version's
    first); its cells link the rule in the page of that first version.
    """
    columns: dict[tuple[str, ...], list[int]] = {}
    for index in range(len(versions)):
        columns.setdefault(tuple(row["keys"][index] for row in rows), []).append(index)
    groups = list(columns.values())
    headers = [sorted((versions[i] for i in group), key=lambda v: v.sort_key)
               for group in groups]
    merged = [{"label": row["label"], "anchor": row["anchor"],
               "cells": [row["cells"][group[0]] for group in groups]} for row in rows]
    return {"versions": [group[0] for group in headers], "columns": headers, "rows": merged}


def share_bar(count: int, total: int) -> Md:
    """A bar as long as the share of hands (a linear scale), never quite invisible.

    >>> str(share_bar(45695, 91390))
    '<span class="share-bar" style="width: 50.000%"></span>'
    """
    width = 100 * count / total
    return Md('<span class="share-bar" style="width: {:.3f}%"></span>').format(width)


def combinations_page(site: Site) -> str:
    """The combinations page: a section per combination, the values table, the odds."""
    footnotes = Footnotes(site.bibliography, "sources.md")
    forty = load_decks()["forty"]
    combos = []
    for canonical in CANONICAL_COMBINATIONS:
        examples = [forty.parse_hand(text) for text in EXAMPLES[canonical]]
        tabs: list[dict[str, object]] = []  # template context: a tab with or without one
        for version in site.tab_order:
            combination = version.combination(canonical)
            if combination is None:
                tabs.append({"version": version, "combination": None})
                continue
            d = Describer(version.ruleset, f"versions/{anchor(version.id)}.md")
            deck = deck_of(version)
            evaluator = evaluator_of(version)
            count, _share = odds_by_id(version).get(combination.id, (0, 0.0))
            verdicts = []
            for cards in examples:
                result = evaluator.evaluate(cards)
                what = (Md("a {} worth {}").format(result.name, result.value) if result.name
                        else esc("no combination"))
                verdicts.append(Md("{} is {}").format(cards_html(deck, cards), what))
            tabs.append({
                "version": version,
                "combination": combination,
                "definition": esc(combination.definition),
                "formal": d.definition(combination),
                "value": d.value(combination, version.values.get(combination.id)),
                "ties": d.ties(combination),
                "count": number(count),
                "percent": percent(count, evaluator.size),
                "total": number(evaluator.size),
                "examples": verdicts,
                "provenance": provenance(site, combination, footnotes),
                "link": Md("versions/{}.md#{}").format(
                    anchor(version.id), anchor("combination-" + combination.id)
                ),
                "inherited": inherited_title(site, Cell(Md(""), (combination,))),
            })
        combos.append({
            "canonical": canonical,
            "label": CANONICAL_LABEL[canonical].capitalize(),
            "examples": [cards_html(forty, cards) for cards in examples],
            "tabs": tabs,
        })
    charts = []
    for version in site.tab_order:
        odds = version.odds
        charts.append({
            "version": version,
            "rows": [
                {"name": row.name, "value": row.value, "count": number(row.count),
                 "percent": percent(row.count, odds.total),
                 "one_in": number(round(odds.total / row.count)) if row.count else "never",
                 "bar": share_bar(row.count, odds.total)}
                for row in odds.combinations
            ],
            "total": number(odds.total),
            "mean": f"{odds.mean_value:.2f}",
        })
    return site.render("combinations.md.j2", combos=combos, charts=charts,
                       values=values_table(site), footnotes=footnotes.definitions())
