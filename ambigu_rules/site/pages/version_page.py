"""A version's page: every rule point, section by section, with where it comes from.

The page opens with the quick start (:mod:`.quick_start`); then come the
rules at the table, the deal step by step, the combinations with their
ranking and payment, the stakes and the session, the penalties and what is
known of the text. Each rule shows its evidence badge, its sources and, when
it is taken over from another version, a link to the same rule there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import quote

from ...rules.combinations import Combination
from ...rules.common import EVIDENCE_LEVELS, RulePoint
from ...rules.vocabulary import said
from ...words.markup import EVIDENCE_HELP, Md, anchor, badge, cards_html, esc, number, percent
from ...words.phrases import ABOUT_THE_TEXT, PLAYED_AS
from ..citations import Footnotes
from ..data import LANGUAGES
from ..describe import Describer
from ..facts import Version, played_table_rules_at
from ..outline import phases
from .compare_page import comparison_link
from .context import Site
from .example_hands import deck_of, evaluator_of, example_hands, odds_by_id
from .provenance import clause_lines, evidence_summary, inherited, note, provenance
from .quick_start import quick_start


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
    """A section of a version page: a heading, an optional intro, its rule points."""

    title: str
    anchor: str
    intro: Md | None
    points: list[PointView]


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
    """The sections of a version page, each with its rule points in page order."""
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

    def table_views(place: str) -> list[PointView | None]:
        """The table rules of ``place``: the version's, or what is played where it is silent."""
        views: list[PointView | None] = []
        for name, heading, point, silent in played_table_rules_at(table, place):
            body = ([PLAYED_AS.format(esc(point.note or ""))] if silent
                    else d.table_rule(point))
            views.append(add(point, f"table-{name}", heading, body))
        return views

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
    at_table += table_views("at the table")
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
                           "ties of each combination above; {}.").format(
                            said("final_tie", ruleset.ranking.final_tie, form="rule"))])
    payment_view = add(ruleset.payment, "payment", "Paying the combination",
                       d.payment(ruleset.payment), bullets=True)
    sections.append(Section(
        "Combinations", "combinations",
        Md("The combinations from the lowest to the highest. A hand counts only its "
           "best combination."),
        [*combos, *(p for p in (ranking_view, payment_view) if p is not None)]))

    session = table_views("session")
    if session:
        sections.append(Section("Stakes and the session", "stakes-and-the-session", None,
                                [p for p in session if p is not None]))

    penalties = [add(penalty, f"penalty-{penalty.id}", penalty.id.replace("_", " ").capitalize(),
                     [d.penalty(penalty)]) for penalty in table.penalties]
    penalties += table_views("penalties")
    if any(p is not None for p in penalties):
        sections.append(Section("Penalties", "penalties", None,
                                [p for p in penalties if p is not None]))
    if ruleset.history:
        sections.append(Section(
            ABOUT_THE_TEXT.capitalize(), str(anchor(ABOUT_THE_TEXT)),
            Md("What is known of the text this version comes from (see also the "
               "[history of the game](../history.md))."),
            [p for p in (add(item, f"history-{item.id}", item.id.replace("_", " ").capitalize(),
                             [esc(item.text)]) for item in ruleset.history) if p is not None]))
    return sections


def version_page(site: Site, version: Version) -> str:
    """The page of one version: its quick start, then every rule point."""
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
        pairs=[comparison_link(site, a, b, '../../compare/') for a, b in pairs],
        quick=quick_start(site, version),
        yaml_href=f"../../rulesets/{quote(version.id, safe='')}.yaml",
        yaml_name=f"{version.id}.yaml",
        play_href=f"../../play/?v={quote(version.id, safe='')}",
        card_link=Md("{}/card.md").format(anchor(version.id)),
        parent_short=parent.short_title if parent else (ruleset.extends or ""),
        # A version that takes its rules over from another keeps only its own
        # summary in the search index, not a copy of the other's rules.
        unindexed=ruleset.inherit is not None,
        legend=[(badge(level), EVIDENCE_HELP[level].rstrip(".")) for level in EVIDENCE_LEVELS],
    )

