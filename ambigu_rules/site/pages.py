"""One function per page of the site: context from the rulesets, then a template.

Each function returns the page's Markdown. Every text that comes from a
YAML file is escaped with :func:`~.markup.esc`: when it fills a literal
template (``Md("... {} ...").format``, ``Md(", ").join``), or when a page
template prints it (the environment escapes whatever is not already
:class:`~.markup.Md`, see :mod:`.generate`). See :mod:`.markup`.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import quote

from jinja2 import Environment

from ..errors import AmbiguError
from ..hands.evaluator import Evaluator, canonical_of
from ..hands.features import all_hands
from ..load.catalog import load_decks
from ..rules.combinations import Combination
from ..rules.common import CANONICAL_COMBINATIONS, EVIDENCE_LEVELS, Provenance, RulePoint
from ..rules.deck import Deck
from ..rules.procedure import DealStep
from ..rules.ruleset import Ruleset
from ..rules.sources import Bibliography, Place
from .citations import Footnotes, source_link
from .data import LANGUAGES, Glossary, OpenQuestions
from .describe import CANONICAL_LABEL, Describer
from .facts import (
    ROW_KEYS,
    ROWS,
    Cell,
    Row,
    Version,
    combination_aspect,
    deal_outline,
    differing,
    phases,
    rule_points,
    short_antes,
    table_rules_at,
)
from .markup import (
    EVIDENCE_HELP,
    Md,
    abbreviation,
    anchor,
    attr,
    badge,
    cards_html,
    esc,
    number,
    percent,
    plain,
    tooltip,
)

# Example hands for each canonical combination, in the forty-card notation.
# They are only illustrations: what each one is worth under each version is
# computed by the evaluator, so a hand that is not the combination in some
# version says so on the page.
EXAMPLES: dict[str, list[str]] = {
    "point": ["8S 7S 4H 2D", "2C 5C 10C 9H"],
    "prime": ["AS 5H 7D 3C"],
    "grand_prime": ["10H 9D 7C 6S"],
    "sequence": ["2S 3S 4S 9H"],
    "tricon": ["7S 7H 7D 2S"],
    "flush": ["2H 5H 8H 10H"],
    "tricon_prime": ["5H 5D 5C 8S", "10H 10D 10C 9S"],
    "flush_sequence": ["2S 3S 4S 5S", "2S 3S 4S 7S"],
    "fredon": ["4S 4H 4D 4C", "9S 9H 9D 9C"],
}


READ = {
    "full": "read in full",
    "partial": "read in part",
    "survey": "known through the research survey",
    "indirect": "known to us only through other sources",
    "not_read": "not read",
}
KIND = {
    "primary": "period rule book",
    "period": "period book",
    "reference": "rule book",
    "modern": "modern text",
    "reconstruction": "modern reconstruction",
    "encyclopedia": "encyclopedia article",
}


@dataclass
class Site:
    """Everything the pages are made from."""

    versions: list[Version]
    bibliography: Bibliography
    glossary: Glossary
    questions: OpenQuestions
    pairs: list[tuple[str, str]]  # the usual comparisons, linked as compare/?v=a,b
    env: Environment
    notice: Md
    snippet_notice: str = ""
    lead: str = ""  # the version whose tab comes first
    by_id: dict[str, Version] = field(init=False)

    def __post_init__(self) -> None:
        self.versions.sort(key=lambda v: v.sort_key)
        self.by_id = {v.id: v for v in self.versions}

    def render(self, template: str, **context: object) -> str:
        return self.env.get_template(template).render(notice=self.notice, **context)

    @property
    def tab_order(self) -> list[Version]:
        """The versions as tabs: the lead version first, then the others in order."""
        return sorted(self.versions, key=lambda v: v.id != self.lead)


@dataclass
class PointView:
    """A rule point as a version page shows it."""

    anchor: Md
    heading: Md
    body: list[Md]
    provenance: Md
    note: Md | None
    inherited: Md | None
    bullets: bool = False
    paragraphs: list[Md] = field(default_factory=list)
    clauses: list[Md] = field(default_factory=list)


@dataclass
class Section:
    title: str
    anchor: str
    intro: Md | None
    points: list[PointView]


# ----------------------------------------------------------------------------
# Shared pieces


def source_names(site: Site, point: Provenance) -> Md:
    """The short titles of a point's sources, without locators."""
    names: list[str] = []
    for ref in point.source:
        try:
            name = site.bibliography.get(ref.id).short
        except KeyError:
            name = ref.id
        if name not in names:
            names.append(name)
    return Md(", ").join(names)


def provenance(site: Site, point: RulePoint, footnotes: Footnotes) -> Md:
    """Badge, source titles and the footnote citing them; a point whose clauses
    are not all equally sure says so beside its (weakest) badge."""
    cite = footnotes.cite(point.source)
    mixed = Md(" (mixed: see each part)") if point.mixed else Md("")
    return Md("{}{} {}{}").format(badge(point.evidence), mixed, source_names(site, point), cite)


def clause_lines(site: Site, point: RulePoint, footnotes: Footnotes) -> list[Md]:
    """Each clause of a point, with its own badge and sources."""
    return [Md("{} — {} {}{}{}").format(
                clause.says, badge(clause.evidence), source_names(site, clause),
                footnotes.cite(clause.source),
                Md(" ({})").format(clause.note) if clause.note else Md(""))
            for clause in point.clauses]


def inherited(site: Site, point: RulePoint, target: str, prefix: str) -> Md | None:
    """"As in …", linking the same rule in the version a point is taken from unchanged.

    How the evidence of taken-over points is lowered is said once, at the top
    of the page, not under each rule.
    """
    if not point.inherited_from:
        return None
    parent = site.by_id.get(point.inherited_from)
    if parent is None:
        return Md("As in {}.").format(point.inherited_from)
    return Md("As in [{}]({}{}.md#{}).").format(parent.short_title, prefix, anchor(parent.id),
                                               anchor(target))


def note(point: RulePoint, shown: Iterable[object] = ()) -> Md | None:
    """Our note on a rule point, unless it only repeats what the page already says.

    A note whose words are nearly all (four in five) in the rule's own lines
    above it adds nothing to them and is left out; it stays in the rule file.
    """
    if not point.note:
        return None
    if repeats(point.note, " ".join(plain(line) for line in shown)):
        return None
    return esc(point.note)


_WORD = re.compile(r"[^\W\d_]{4,}")
_NUMBER = re.compile(r"\d+")


def repeats(text: str, said: str, share: float = 0.8) -> bool:
    """Whether ``text`` says nothing new beside ``said``: each of its numbers is
    there, and nearly all its words of four letters or more.

    >>> repeats("Cut to the left, deal to the right.", "The deal goes to the right; the left cuts.")
    True
    >>> repeats("Foster adds that two packs may be used in turn.", "Forty cards, ace to ten.")
    False
    >>> repeats("The fredon is paid 8.", "The fredon is paid 10.")
    False
    """
    if not set(_NUMBER.findall(text)) <= set(_NUMBER.findall(said)):
        return False
    words = [word.lower() for word in _WORD.findall(text)]
    if not words:
        return True
    known = {word.lower() for word in _WORD.findall(said)}
    stems = {word[:5] for word in known}
    found = sum(word in known or word[:5] in stems for word in words)
    return found >= share * len(words)


def evaluator_of(version: Version) -> Evaluator:
    return version.evaluator


def deck_of(version: Version) -> Deck:
    return version.evaluator.deck


def example_hands(version: Version, combination: Combination) -> list[tuple[int, ...]]:
    """Hands that hold exactly this combination as their best, under this version."""
    evaluator = evaluator_of(version)
    forty = load_decks()["forty"]
    found = []
    for text in EXAMPLES.get(canonical_of(combination) or "", []):
        cards = forty.parse_hand(text)
        if evaluator.evaluate(cards).combination_id == combination.id:
            found.append(cards)
    if found:
        return found[:1]
    for row in all_hands(evaluator.deck.cards()):
        cards = tuple(int(card) for card in row)
        if evaluator.evaluate(cards).combination_id == combination.id:
            return [cards]
    return []


def odds_by_id(version: Version) -> dict[str, tuple[int, float]]:
    odds = version.odds
    return {
        row.combination_id: (row.count, row.probability)
        for row in odds.combinations if row.combination_id
    }


# ----------------------------------------------------------------------------
# Version pages

NAME_QUALIFIERS = {"alt": "another name", "smes": "in Смесь", "vinegret": "in Винегрет"}


def language_name(code: str) -> str:
    """``ru-smes`` → ``Russian, in Смесь``; unknown codes are shown as they are.

    >>> language_name("fr"), language_name("ru-vinegret"), language_name("xx")
    ('French', 'Russian, in Винегрет', 'xx')
    """
    base, _, qualifier = code.partition("-")
    if base not in LANGUAGES:
        return code
    name = LANGUAGES[base]
    if qualifier:
        name += ", " + NAME_QUALIFIERS.get(qualifier, qualifier)
    return name



def _point(site: Site, version: Version, footnotes: Footnotes, point: RulePoint, target: str,
           heading: str | Md, body: list[Md], bullets: bool = False,
           paragraphs: Iterable[Md] = ()) -> PointView:
    paragraphs = list(paragraphs)
    return PointView(
        anchor=anchor(target),
        heading=esc(heading),
        body=body,
        provenance=provenance(site, point, footnotes),
        clauses=clause_lines(site, point, footnotes),
        note=note(point, [*paragraphs, *body]),
        inherited=inherited(site, point, target, ""),
        bullets=bullets,
        paragraphs=paragraphs,
    )


def _combination_view(site: Site, version: Version, footnotes: Footnotes, d: Describer,
                      combination: Combination, odds: dict[str, tuple[int, float]]) -> PointView:
    deck = deck_of(version)
    bullets = []
    if combination.names:
        names = Md(", ").join(
            Md("*{}* ({})").format(name, language_name(lang))
            for lang, name in combination.names.items()
        )
        bullets.append(Md("Names in the sources: {}").format(names))
    bullets.append(Md("In terms of the cards: {}").format(d.definition(combination)))
    bullets.append(
        Md("Value, in counters from each paying player: {}").format(
            d.value(combination, version.values.get(combination.id))
        )
    )
    bullets.append(Md("Ties: {}").format(d.ties(combination)))
    for cards in example_hands(version, combination):
        bullets.append(Md("Example: {}").format(cards_html(deck, cards)))
    if combination.id in odds:
        count, _ = odds[combination.id]
        total = evaluator_of(version).size
        bullets.append(
            Md("Dealt as the best combination of {} of the {} possible hands ({})").format(
                number(count), number(total), percent(count, total)
            )
        )
    return _point(site, version, footnotes, combination, f"combination-{combination.id}",
                  combination.name, bullets, bullets=True,
                  paragraphs=[esc(combination.definition)])


def version_sections(site: Site, version: Version, footnotes: Footnotes) -> list[Section]:
    ruleset = version.ruleset
    d = Describer(ruleset)
    table = ruleset.table
    deck = deck_of(version)
    sections: list[Section] = []

    def add(point: RulePoint | None, target: str, heading: str, body: list[Md],
            bullets: bool = False) -> PointView | None:
        if point is None:
            return None
        return _point(site, version, footnotes, point, target, heading, body, bullets)

    suit = deck.spec.suits[0]
    spectrum = cards_html(deck, range(0, deck.size, 4))
    at_table = [
        add(ruleset.players, "players", "Players", [d.players(ruleset.players)]),
        add(ruleset.deck, "deck", "The cards",
            [d.deck_text(), Md("From the lowest to the highest ({} shown): {}").format(
                suit.name, spectrum)]),
        add(ruleset.direction, "direction", "Direction of play",
            [d.direction(ruleset.direction)]),
    ]
    at_table += [add(point, f"table-{name}", heading, d.table_rule(point))
                 for name, heading, point in table_rules_at(table, "at the table")]
    sections.append(Section("At the table", "at-the-table", None,
                            [p for p in at_table if p is not None]))

    steps = []
    for number_, step in enumerate(ruleset.procedure, start=1):
        view = _point(site, version, footnotes, step, f"step-{step.id}",
                      Md("{}. {}").format(number_, step.title), d.step(step), bullets=True)
        steps.append(view)
    sections.append(Section(
        "A deal, step by step", "a-deal-step-by-step",
        Md("In short: {}.").format(phases(version)), steps))

    odds = odds_by_id(version)
    combos = [_combination_view(site, version, footnotes, d, c, odds)
              for c in ruleset.combinations]
    ranking_view = add(ruleset.ranking, "ranking", "Ranking",
                       [Md("From the lowest to the highest: {}.").format(
                           d.ranking(ruleset.ranking)),
                        Md("Between two hands holding the same combination, see the "
                           "ties of each combination above; an exact tie goes to the "
                           "player nearest the dealer's right.")])
    payment_view = add(ruleset.payment, "payment", "Paying the combination",
                       d.payment(ruleset.payment), bullets=True)
    sections.append(Section(
        "Combinations", "combinations",
        Md("The combinations from the lowest to the highest. A hand counts only its "
           "best combination."),
        [*combos, *(p for p in (ranking_view, payment_view) if p is not None)]))

    session = [add(point, f"table-{name}", heading, d.table_rule(point))
               for name, heading, point in table_rules_at(table, "session")]
    if session:
        sections.append(Section("Stakes and the session", "stakes-and-the-session", None,
                                [p for p in session if p is not None]))

    penalties = [add(penalty, f"penalty-{penalty.id}", penalty.id.replace("_", " ").capitalize(),
                     [d.penalty(penalty)]) for penalty in table.penalties]
    penalties += [add(point, f"table-{name}", heading, d.table_rule(point))
                  for name, heading, point in table_rules_at(table, "penalties")]
    if any(p is not None for p in penalties):
        sections.append(Section("Penalties", "penalties", None,
                                [p for p in penalties if p is not None]))
    if ruleset.history:
        sections.append(Section(
            "About this text", "about-this-text",
            Md("What is known of the text this version comes from (see also the "
               "[history of the game](../history.md))."),
            [p for p in (add(item, f"history-{item.id}", item.id.replace("_", " ").capitalize(),
                             [esc(item.text)]) for item in ruleset.history) if p is not None]))
    return sections


def evidence_counts(ruleset: Ruleset) -> Counter[str]:
    return Counter(point.evidence for _, point in rule_points(ruleset))


def evidence_summary(ruleset: Ruleset, short: bool = False) -> Md:
    counts = evidence_counts(ruleset)
    parts = [Md("{} {}").format(counts[level], badge(level, short)) for level in EVIDENCE_LEVELS
             if counts[level]]
    return Md(", ").join(parts)


def _ranked(ruleset: Ruleset) -> list[Combination]:
    """The combinations from the highest to the lowest (tied ones in file order)."""
    by_id = {combination.id: combination for combination in ruleset.combinations}
    order = [name for tier in ruleset.ranking.order for name in tier]
    return [by_id[name] for name in reversed(order) if name in by_id]


def how_often(count: int, total: int) -> str:
    """How often a hand is dealt: a percentage, and "1 in N" when it is rare.

    N is rounded to two significant figures.

    >>> how_often(1, 91390), how_often(996, 91390), how_often(78510, 91390)
    ('1 in 91,000 (0.00109 %)', '1 in 92 (1.09 %)', '85.9 %')
    """
    share = percent(count, total)
    ratio = total / count
    if ratio < 10:
        return share
    rounded = round(ratio, 2 - len(str(int(ratio))))
    return f"1 in {number(int(rounded))} ({share})"


def quick_start(site: Site, version: Version) -> dict[str, object]:
    """What a newcomer needs first: the table, a deal in a few lines, the ladder."""
    ruleset = version.ruleset
    deck = deck_of(version)
    hand = sum(step.cards for step in ruleset.procedure if isinstance(step, DealStep))
    table = (f"{ruleset.players.min} to {ruleset.players.max} players · {deck.size} cards, "
             f"{deck.spec.ranks[0].label} low to {deck.spec.ranks[-1].label} high · "
             f"{hand} cards in a hand · counters for stakes")
    outline = [
        {"steps": Md(", ").join(Md("[{}](#{})").format(step.title, anchor(f"step-{step.id}"))
                                for step in steps),
         "text": esc(text)}
        for steps, text in deal_outline(ruleset.procedure)
    ]
    odds = odds_by_id(version)
    total = evaluator_of(version).size
    ladder = []
    for combination in _ranked(ruleset):
        examples = example_hands(version, combination)
        count = odds.get(combination.id, (0, 0.0))[0]
        ladder.append({
            "name": Md("[{}](#{})").format(combination.name,
                                           anchor(f"combination-{combination.id}")),
            "example": cards_html(deck, examples[0]) if examples else esc("—"),
            "value": esc(version.values.get(combination.id, "—")),
            "odds": esc(how_often(count, total) if count else "never dealt"),
        })
    return {"table": esc(table), "outline": outline, "ladder": ladder, "hands": number(total)}


def version_page(site: Site, version: Version) -> str:
    footnotes = Footnotes(site.bibliography, "../sources.md")
    sections = version_sections(site, version, footnotes)
    ruleset = version.ruleset
    parent = site.by_id.get(ruleset.extends) if ruleset.extends else None
    parent_link = (Md("[{}]({}.md)").format(parent.title, anchor(parent.id)) if parent
                   else esc(ruleset.extends or ""))
    pairs = [(a, b) for a, b in site.pairs if version.id in (a, b)
             and a in site.by_id and b in site.by_id]
    return site.render(
        "version.md.j2",
        v=version,
        ruleset=ruleset,
        sections=sections,
        footnotes=footnotes.definitions(),
        parent_link=parent_link,
        evidence=evidence_summary(ruleset),
        pairs=[comparison(site, a, b, '../../compare/') for a, b in pairs],
        quick=quick_start(site, version),
        yaml_href=f"../../rulesets/{quote(version.id, safe='')}.yaml",
        yaml_name=f"{version.id}.yaml",
        parent_short=parent.short_title if parent else (ruleset.extends or ""),
        # A version that takes its rules over from another keeps only its own
        # summary in the search index, not a copy of the other's rules.
        unindexed=ruleset.inherit is not None,
        legend=[(badge(level), EVIDENCE_HELP[level].rstrip(".")) for level in EVIDENCE_LEVELS],
    )


# ----------------------------------------------------------------------------
# Comparison


def row_cells(site: Site, row: Row, prefix: str) -> list[Cell]:
    return [row.cell(v, Describer(v.ruleset, f"{prefix}{anchor(v.id)}.md", canonical_names=True))
            for v in site.versions]


def _cell_badges(cell: Cell) -> Md:
    levels = []
    for point in cell.points:
        if point.evidence not in levels:
            levels.append(point.evidence)
    return Md("").join(badge(level, short=True) for level in levels)


#: The data files (under rulesets/) a page is generated from, copied into the
#: built site's rulesets/ folder for download.
DATA_FILES = ("sources.yaml", "site/glossary.yaml", "site/open-questions.yaml")


def data_file(name: str) -> dict[str, str]:
    """The download link, from a top-level page, to the data file ``name`` in rulesets/."""
    assert name in DATA_FILES, name
    return {"href": f"../rulesets/{name}", "name": f"rulesets/{name}"}


def comparison(site: Site, a: str, b: str, page: str) -> dict[str, str]:
    """A link to the comparison page showing versions ``a`` and ``b``.

    ``page`` is the comparison page's address from where the link is (the
    built page's, since the query string is not a Markdown link MkDocs
    rewrites).
    """
    return {"href": f"{page}?v={quote(a, safe='')},{quote(b, safe='')}",
            "title": f"{site.by_id[a].short_title} and {site.by_id[b].short_title}"}


def _cell_id(cell: Cell) -> str:
    """A short fingerprint of what a cell says: equal cells, equal ids.

    The comparison page's script tells agreeing cells apart by it when the
    reader picks some of the versions.
    """
    return hashlib.sha1(cell.key.encode("utf-8")).hexdigest()[:12]


def compare_index(site: Site) -> str:
    groups: list[tuple[str, list[dict[str, object]]]] = []
    differences = 0
    for row in ROWS:
        cells = row_cells(site, row, "../versions/")
        flags = differing([cell.key for cell in cells])
        differences += any(flags)
        entry = {
            "row": row,
            "id": "row-" + anchor(row.key.replace(".", "-")),
            "differs": any(flags),
            "text": cells[0].text,
            "cells": [
                {"version": version, "text": cell.text, "badges": _cell_badges(cell),
                 "differs": flag, "key": _cell_id(cell),
                 "inherited": _inherited_from(site, cell)}
                for version, cell, flag in zip(site.versions, cells, flags, strict=True)
            ],
        }
        if not groups or groups[-1][0] != row.group:
            groups.append((row.group, []))
        groups[-1][1].append(entry)
    pairs = [comparison(site, a, b, "./") for a, b in site.pairs
             if a in site.by_id and b in site.by_id]
    return site.render("compare_index.md.j2", versions=site.versions, groups=groups,
                       rows=len(ROWS), differences=differences, pairs=pairs,
                       legend=[(level, badge(level, short=True), EVIDENCE_HELP[level].rstrip("."))
                               for level in EVIDENCE_LEVELS])


def _inherited_from(site: Site, cell: Cell) -> str | None:
    parents = {point.inherited_from for point in cell.points}
    if len(parents) == 1:
        parent = next(iter(parents))
        if parent:
            version = site.by_id.get(parent)
            return version.short_title if version else parent
    return None


# ----------------------------------------------------------------------------
# Combinations


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
        definitions = Row(f"combination.{canonical}.definition", "", "",
                          combination_aspect(canonical, "definition"))
        keys = [definitions.cell(v, Describer(v.ruleset)).key for v in versions]
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
                     "anchor": anchor(canonical), "cells": cells})
    return {"versions": versions, "rows": rows}


def share_bar(count: int, total: int) -> Md:
    """A bar as long as the share of hands (a linear scale), never quite invisible.

    >>> str(share_bar(45695, 91390))
    '<span class="share-bar" style="width: 50.000%"></span>'
    """
    width = 100 * count / total
    return Md('<span class="share-bar" style="width: {:.3f}%"></span>').format(width)


def combinations_page(site: Site) -> str:
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
                "inherited": _inherited_from(site, Cell(Md(""), (combination,))),
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


# ----------------------------------------------------------------------------
# Glossary, open questions, sources


def glossary_page(site: Site) -> str:
    footnotes = Footnotes(site.bibliography, "sources.md")
    by_id = {term.id: term for term in site.glossary.terms}
    languages = []
    for code, language in LANGUAGES.items():
        terms = sorted((t for t in site.glossary.terms if t.language == code),
                       key=lambda t: plain(t.term).casefold())
        if not terms:
            continue
        entries = []
        for term in terms:
            senses = [
                Md("{} {}{}").format(sense.text, source_names_refs(site, sense.source),
                                     footnotes.cite(sense.source))
                for sense in term.senses
            ]
            equivalents = [
                Md("[{}](#{}) ({})").format(by_id[other].term, anchor("term-" + other),
                                            LANGUAGES[by_id[other].language])
                for other in term.equivalents
            ]
            entries.append({
                "term": term,
                "senses": senses,
                "also": Md(", ").join(term.also),
                "equivalents": Md(", ").join(equivalents),
            })
        languages.append({"code": code, "name": language, "entries": entries})
    return site.render("glossary.md.j2", languages=languages, footnotes=footnotes.definitions(),
                       data_file=data_file("site/glossary.yaml"))


def source_names_refs(site: Site, refs: Iterable[object]) -> Md:
    names: list[str] = []
    for ref in refs:
        source_id = getattr(ref, "id", "")
        try:
            name = site.bibliography.get(source_id).short
        except KeyError:
            name = source_id
        if name not in names:
            names.append(name)
    return Md("({})").format(Md(", ").join(names))


def abbreviations(site: Site) -> str:
    """``*[term]: tooltip`` lines for the ``abbr`` extension (see
    :func:`~.markup.abbreviation`: a form it cannot define is an error)."""
    lines = [site.snippet_notice or str(site.notice), ""]
    for term in sorted(site.glossary.terms, key=lambda t: t.id):
        for form in term.tooltip_forms:
            try:
                lines.append(abbreviation(form, term.tooltip or ""))
            except ValueError as error:
                raise SiteError(f"rulesets/site/glossary.yaml: term {term.id!r}: {error}") from None
    return "\n".join(lines) + "\n"


def open_questions_page(site: Site) -> str:
    footnotes = Footnotes(site.bibliography, "sources.md")
    questions = []
    for question in site.questions.questions:
        positions = [
            Md("{} {}{}").format(position.says, source_names_refs(site, position.source),
                                 footnotes.cite(position.source))
            for position in question.positions
        ]
        tables = []
        for key in question.rows:
            row = ROW_KEYS[key]
            lines = []
            cells = row_cells(site, row, "versions/")
            for version, cell in zip(site.versions, cells, strict=True):
                parent = _inherited_from(site, cell)
                notes = [esc(p.note) for p in cell.points if p.note]
                if parent:
                    shown = esc(f"as {parent} (inherited)")
                else:
                    shown = Md(" ").join(notes) if notes else esc("—")
                lines.append({
                    "version": version,
                    "text": cell.text,
                    "evidence": Md(" ").join(
                        provenance(site, point, footnotes) for point in cell.points
                    ) or esc("—"),
                    "note": shown,
                })
            tables.append({"row": row, "lines": lines,
                           "differs": len({c.key for c in cells}) > 1})
        questions.append({"q": question, "positions": positions, "tables": tables,
                          "comment": esc(question.comment) if question.comment else None})
    return site.render("open_questions.md.j2", questions=questions,
                       footnotes=footnotes.definitions(),
                       data_file=data_file("site/open-questions.yaml"))


def sources_page(site: Site) -> str:
    cited: dict[str, list[tuple[Version, int]]] = {}
    for version in site.versions:
        counts: Counter[str] = Counter()
        for _, point in rule_points(version.ruleset):
            if point.inherited_from:
                continue
            for source_id in {ref.id for ref in point.source}:
                counts[source_id] += 1
        for source_id, count in counts.items():
            cited.setdefault(source_id, []).append((version, count))
    entries = []
    for source in site.bibliography.sources:
        parts = []
        if source.author:
            parts.append(esc(source.author))
        parts.append(Md("*{}*").format(source.title))
        if source.container:
            parts.append(Md("in {}").format(source.container))
        if source.edition:
            parts.append(esc(source.edition))
        place = ", ".join(x for x in (source.place, source.publisher) if x)
        if place:
            parts.append(esc(place))
        if source.year:
            parts.append(esc(source.year))
        entries.append({
            "source": source,
            "citation": Md(", ").join(parts),
            "kind": KIND[source.kind],
            "read": READ[source.read],
            "language": LANGUAGES.get(source.language, source.language),
            "urls": [_url(u) for u in [source.url, *source.urls] if u],
            "cited": cited.get(source.id, []),
            "places": [_place(place) for place in source.places],
        })
    return site.render("sources.md.j2", entries=entries, data_file=data_file("sources.yaml"))


def _place(place: Place) -> Md:
    """A place a locator may name, and how it is found in the text we hold."""
    if place.via == "survey":
        return Md("{} (known through the research survey)").format(place.label)
    if place.starts and not place.starts.startswith(place.label.lstrip("§")):
        return Md("{} (the paragraph beginning “{}”)").format(place.label, place.starts)
    return esc(place.label)


# A web address that may become a link: http or https from its first
# character, with no white space or control character anywhere.
WEB_ADDRESS = re.compile(r"https?://[^\s\x00-\x1f\x7f]+", re.IGNORECASE)


def _url(url: str) -> Md:
    """A source's web address: a link if it is an http(s) address, else text.

    Anything else (``javascript:``, ``data:``, an address with spaces) is
    shown as text only. A link is a Markdown autolink of the address escaped
    like any text (no ``<``, ``>``, ``[`` or backquote is left to end it or to
    start other syntax); Markdown keeps the character references in the
    ``href`` and the browser decodes them back.

    >>> str(_url("https://example.org/a_b?c=1&d=2"))
    '<https://example.org/a&#95;b?c&#61;1&amp;d&#61;2>'
    >>> str(_url("javascript:alert(1)"))
    'javascript:alert(1)'
    """
    if WEB_ADDRESS.fullmatch(url):
        return Md("<{}>").format(url)
    return esc(url)


# ----------------------------------------------------------------------------
# Home page table


def glance_table(site: Site) -> str:
    rows = []
    for version in site.versions:
        ruleset = version.ruleset
        counts: Counter[str] = Counter()
        for _, point in rule_points(ruleset):
            for ref in point.source:
                if ref.id != "editors":
                    counts[ref.id] += 1
        main = counts.most_common(1)[0][0] if counts else None
        fredon = version.combination("fredon")
        rows.append({
            "version": version,
            "source": source_link(site.bibliography, main, "sources.md") if main else esc("—"),
            "players": esc(f"{ruleset.players.min}–{ruleset.players.max}"),
            "deck": esc(f"{deck_of(version).size} cards, {deck_of(version).spec.ranks[0].label} "
                        f"to {deck_of(version).spec.ranks[-1].label}"),
            "antes": esc(short_antes(version)),
            "phases": esc(phases(version, antes=False)),
            "fredon": esc(version.values.get(fredon.id, "—") if fredon else "—"),
            "evidence": evidence_summary(ruleset, short=True),
        })
    return site.render("glance.md.j2", rows=rows)


class SiteError(AmbiguError):
    """A page cannot be generated (for example, a marker is missing)."""
