"""The combinations page: each combination in every version, values, odds.

For each canonical combination, a tab per version with its definition,
value, ties and what the example hands are worth there; a table of the
values and places of every combination in every version (marking a version
that defines one otherwise); and, per version, how often each combination
is dealt.
"""

from __future__ import annotations

import re
from typing import Any, cast
from urllib.parse import quote

from ...load.catalog import load_decks
from ...rules.common import CANONICAL_COMBINATIONS
from ...rules.ruleset import Ruleset
from ...words.lang import EN, Catalog, Lang
from ...words.markup import Md, anchor, attr, cards_html, esc, percent, tooltip
from ...words.names import CANONICAL
from ...words.phrases import alternatives
from ..citations import Footnotes
from ..comparison.cells import Cell, differing
from ..comparison.combination_cells import combination_aspect
from ..describe import Describer
from ..facts import Version
from .advice_tool import advice_tool
from .context import Site
from .example_hands import EXAMPLES, deck_of, evaluator_of, odds_by_id
from .provenance import inherited_title, provenance

#: The page's own words: its template's labels and the sentences it makes.
T = Catalog(__name__, "T", {
    "title": "Combinations",
    "intro": ("A hand of Ambigu is four cards, and it counts only its best combination. Below, "
              "each combination with example hands, then its definition and value in every "
              "version: pick a version's tab (the choice follows you from page to page). "
              "Whether a hand holds a combination, what it is worth and how often it is dealt "
              "are all computed from the version's rule file by the evaluator, over every one "
              "of the {total} possible four-card hands."),
    "try_hand": "Try a hand",
    "noscript": "The evaluator needs JavaScript; the combinations are described below.",
    "values_heading": "Values in every version",
    "values_intro": ("What each combination is worth in each version (in counters, from each "
                     "paying player), and its place in that version's ranking from the top. A "
                     "cell marked ≠ is a version that defines the combination otherwise than "
                     "most of the others (point at the mark for its definition); each value "
                     "links to the rule in full. Versions that agree on every combination share "
                     "one column."),
    "combination": "Combination",
    "examples": "Example hands:",
    "rule_in_full": "the rule in full",
    "in_cards": "In terms of the cards:",
    "value": "Value:",
    "ties": "Ties:",
    "dealt": "Dealt as the best combination: {count} of {total} hands ({percent})",
    "inherited_from": "inherited from",
    "none_here": "This version has no such combination.",
    "odds": "How often each combination is dealt",
    "odds_intro": ("The number of four-card hands whose best combination is each one, out of "
                   "all the hands that can be dealt, counted exactly by the evaluator (no "
                   "simulation). A hand holding several combinations is counted once, under its "
                   "best. Each bar is as long as the share of hands (a plain, linear scale): "
                   "the rarest combinations hardly show beside the point, which is how rare "
                   "they are."),
    "column_value": "Value",
    "hands": "Hands",
    "one_in": "One in",
    "share": "Share of hands",
    "all_hands": "All hands",
    "never": "never",
    "mean": "On average, a hand dealt at random is worth {mean} counters.",
    # below two: « 1,23 jeton » in French
    "mean_below_two": "On average, a hand dealt at random is worth {mean} counters.",
    "closing": ("Everything on this page is computed from the versions' rule files; each "
                "version's page offers its own for download."),
    "no_combination": "no combination",
})
M = Catalog(__name__, "M", {
    "try_intro": (Md("Pick four cards, or type them (`2S 3S 4S 9S`, `10H`, `AC`), to see what "
                     "the hand is worth in every version at once: its best combination, its "
                     "value, the share of all the hands that can be dealt that it beats (and how "
                     "many it ties with), and how often its combination is dealt. The answers "
                     "come from the same tables of every hand that the interpreter plays with, "
                     "compiled from each version's rule file.")),
    "place": Md('<span class="place">{} of {}</span>'),
    "otherwise": Md(' <a class="defined-otherwise" href="{}" title="{}">≠ defined otherwise</a>'),
    "worth": Md("a {} worth {}"),
    "verdict": Md("{} is {}"),
})


def ordinal(n: int, lang: Lang = EN) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``12th``, ``13th``, ``21st``;
    in French ``1er``, ``2e``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st']
    >>> from ambigu_rules.words.lang import FR
    >>> [ordinal(n, FR) for n in (1, 2, 11)]
    ['1er', '2e', '11e']
    """
    return lang.ordinal(n)


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
    lang, code = site.lang, site.lang.code
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
            mark = (M.forms("otherwise", lang).format(
                attr(built), tooltip(combination.text_in("definition", code)))
                    if odd else Md(""))
            place = M.forms("place", lang).format(ordinal(places.get(combination.id, 0), lang),
                                                  len(places))
            cells.append(Md("[**{}**]({}) {}{}").format(
                alternatives(version.values.get(combination.id, "—"), lang), link, place, mark))
        rows.append({"label": CANONICAL(canonical, lang).capitalize(),
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
    lang, code = site.lang, site.lang.code
    footnotes = Footnotes(site.bibliography, "sources.md", lang)
    forty = load_decks()["forty"]
    combos = []
    for canonical in CANONICAL_COMBINATIONS:
        examples = [forty.parse_hand(text) for text in EXAMPLES[canonical]]
        tabs: list[dict[str, object]] = []  # template context: a tab with or without one
        for version in site.tab_order:
            combination = version.combination(canonical)
            if combination is None:
                tabs.append({"title": site.short_title(version), "combination": None})
                continue
            d = Describer(version.ruleset, f"versions/{anchor(version.id)}.md", lang=lang)
            deck = deck_of(version)
            evaluator = evaluator_of(version)
            count, _share = odds_by_id(version).get(combination.id, (0, 0.0))
            verdicts = []
            for cards in examples:
                result = evaluator.evaluate(cards)
                what = (M.forms("worth", lang).format(d.name(result.combination_id or ""),
                                                      result.value)
                        if result.name else esc(T("no_combination", lang)))
                verdicts.append(M.forms("verdict", lang).format(cards_html(deck, cards, lang),
                                                                what))
            tabs.append({
                "title": site.short_title(version),
                "combination": combination,
                "name": combination.text_in("name", code),
                "definition": esc(combination.text_in("definition", code)),
                "formal": d.definition(combination),
                "value": d.value(combination, version.values.get(combination.id)),
                "ties": d.ties(combination),
                "dealt": T("dealt", lang, count=lang.number(count),
                           total=lang.number(evaluator.size),
                           percent=lang.decimal(percent(count, evaluator.size))),
                "examples": verdicts,
                "provenance": provenance(site, combination, footnotes),
                "link": Md("versions/{}.md#{}").format(
                    anchor(version.id), anchor("combination-" + combination.id)
                ),
                "inherited": inherited_title(site, Cell(Md(""), (combination,))),
            })
        combos.append({
            "canonical": canonical,
            "label": CANONICAL(canonical, lang).capitalize(),
            "examples": [cards_html(forty, cards, lang) for cards in examples],
            "tabs": tabs,
        })
    charts = []
    for version in site.tab_order:
        odds = version.odds
        charts.append({
            "title": site.short_title(version),
            "rows": [
                {"name": name_of(version, row.combination_id, lang, row.name),
                 "value": alternatives(row.value, lang), "count": lang.number(row.count),
                 "percent": lang.decimal(percent(row.count, odds.total)),
                 "one_in": (lang.number(round(odds.total / row.count)) if row.count
                            else T("never", lang)),
                 "bar": share_bar(row.count, odds.total)}
                for row in odds.combinations
            ],
            "total": lang.number(odds.total),
            "mean": T("mean" if round(odds.mean_value, 2) >= 2 else "mean_below_two", lang,
                      mean=lang.decimal(f"{odds.mean_value:.2f}")),
        })
    values = values_table(site)
    values["columns"] = [[{"id": v.id, "title": site.short_title(v)} for v in column]
                         for column in cast(list[list[Version]], values["columns"])]
    return site.render("combinations.md.j2", combos=combos, charts=charts, values=values,
                       t=site.labels(T), m=site.labels(M), up=site.up,
                       advice_tool=advice_tool(site.lang, site.up),
                       intro=T("intro", lang, total=lang.number(forty_hands(site))),
                       footnotes=footnotes.definitions())


def name_of(version: Version, combination_id: str | None, lang: Lang,
            fallback: str | None = None) -> str:
    """A combination's name in ``lang``, found by its id in the version's rule file."""
    for combination in version.ruleset.combinations:
        if combination.id == combination_id:
            return combination.text_in("name", lang.code)
    return fallback or str(combination_id)


def forty_hands(site: Site) -> int:
    """How many four-card hands a version's deck deals (every version deals forty cards)."""
    return evaluator_of(site.tab_order[0]).size
