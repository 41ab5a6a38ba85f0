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
from ...rules.ruleset import HistoryPoint
from ...rules.vocabulary import VOCABULARY, said
from ...words.lang import EN, Catalog, Lang
from ...words.markup import CARDS, EVIDENCE, Md, anchor, badge, cards_html, esc, percent
from ...words.phrases import M as PHRASES
from ...words.phrases import T as WORDS
from ...words.phrases import alternatives
from ..citations import Footnotes
from ..data import LANGUAGES
from ..describe import Describer
from ..facts import TABLE_RULE_HEADINGS, Version, played_table_rules_at
from ..outline import phases
from .compare_page import comparison_link
from .context import Site
from .example_hands import deck_of, evaluator_of, example_hands, odds_by_id
from .provenance import M as PROVENANCE
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


#: The page's own words: its template's labels and the sentences it makes.
T = Catalog(__name__, "T", {
    "quick_start": "Quick start",
    "a_deal": "A deal:",
    "the_rule": "the rule",
    "ladder_intro": ("The combinations, from the highest (value in counters from each paying "
                     "player; how often each is dealt, of"),
    "ladder_hands": "hands):",
    "combination": "Combination",
    "for_example": "For example",
    "value": "Value",
    "dealt": "Dealt",
    "try_hand": "Try a hand of your own",
    "try_hand_after": "in this version and every other.",
    "date": "Date:",
    "evidence": "Evidence:",
    "built_on": "Built on:",
    "compare": "Compare:",
    "play": "Play:",
    "play_this": "Play this version",
    "print": "Print:",
    "the_card": "the rules card",
    "card_after": "(this quick start on one page)",
    "rule_file": "Rule file:",
    "rule_file_after": "(the YAML this page is generated from)",
    "inherited_rules": "Inherited rules",
    "legend_intro": ("Each rule below is followed by its evidence badge, its sources (the "
                     "footnote gives the place in each source) and, where we have one, our "
                     "note. The badges:"),
    "where_parts": "Where each part comes from:",
    "at_the_table": "At the table",
    "players": "Players",
    "the_cards": "The cards",
    "direction": "Direction of play",
    "step_by_step": "A deal, step by step",
    "combinations": "Combinations",
    "ranking": "Ranking",
    "payment": "Paying the combination",
    "session": "Stakes and the session",
    "penalties": "Penalties",
    "about_the_text": "About the text",
    "English": "English",
    "French": "French",
    "German": "German",
    "Russian": "Russian",
    "Italian": "Italian",
    "alt": "another name",
    "smes": "in Смесь",
    "vinegret": "in Винегрет",
})
M = Catalog(__name__, "M", {
    "names": Md("Names in the sources: {}"),
    "name_in": Md("*{}* ({})"),
    "in_cards": Md("In terms of the cards: {}"),
    "value": Md("Value, in counters from each paying player: {}"),
    "ties": Md("Ties: {}"),
    "example": Md("Example: {}"),
    "dealt": Md("Dealt as the best combination of {} of the {} possible hands ({})"),
    "spectrum": Md("From the lowest to the highest ({} shown): {}"),
    "step": Md("{}. {}"),
    "in_short": Md("In short: {}."),
    "order": Md("From the lowest to the highest: {}."),
    "between": (Md("Between two hands holding the same combination, see the ties of each "
                   "combination above; {}.")),
    "combinations_intro": (Md("The combinations from the lowest to the highest. A hand counts "
                              "only its best combination.")),
    "about_intro": (Md("What is known of the text this version comes from (see also the [history "
                       "of the game](../history.md)).")),
    "parent_link": Md("[{}]({}.md)"),
    "card_link": Md("{}/card.md"),
    "inherit": (Md("Each rule point taken unchanged from {} says \"{}\" and links the rule "
                   "there")),
    "downgrade": (Md("; its evidence here is lowered to at most *{}*, since this version's own "
                     "text is not available (the level it has in {} is on that page)")),
    "stop": Md("."),
    "colon": Md(":"),
})


def language_name(code: str, lang: Lang = EN) -> str:
    """``ru-smes`` → ``Russian, in Смесь``; unknown codes are shown as they are.

    >>> language_name("fr"), language_name("ru-vinegret"), language_name("xx")
    ('French', 'Russian, in Винегрет', 'xx')
    """
    base, _, qualifier = code.partition("-")
    if base not in LANGUAGES:
        return code
    name = T(LANGUAGES[base], lang)
    if qualifier:
        name += ", " + (T(qualifier, lang) if qualifier in ("alt", "smes", "vinegret")
                        else qualifier)
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
        note=note(point, [*paragraphs, *body], site.lang),
        inherited=inherited(site, point, target, ""),
        bullets=bullets,
        paragraphs=paragraphs,
    )


def _combination_view(site: Site, version: Version, footnotes: Footnotes, d: Describer,
                      combination: Combination, odds: dict[str, tuple[int, float]]) -> PointView:
    deck = deck_of(version)
    lang = site.lang
    bullets = []
    if combination.names:
        names = Md(", ").join(
            M.forms("name_in", lang).format(name, language_name(code, lang))
            for code, name in combination.names.items()
        )
        bullets.append(M.forms("names", lang).format(names))
    bullets.append(M.forms("in_cards", lang).format(d.definition(combination)))
    bullets.append(M.forms("value", lang).format(
        d.value(combination, alternatives(version.values[combination.id], lang)
                if combination.id in version.values else None)))
    bullets.append(M.forms("ties", lang).format(d.ties(combination)))
    for cards in example_hands(version, combination):
        bullets.append(M.forms("example", lang).format(cards_html(deck, cards, lang)))
    if combination.id in odds:
        count, _ = odds[combination.id]
        total = evaluator_of(version).size
        bullets.append(M.forms("dealt", lang).format(
            lang.number(count), lang.number(total), lang.decimal(percent(count, total))))
    return _point(site, version, footnotes, combination, f"combination-{combination.id}",
                  combination.text_in("name", lang.code), bullets, bullets=True,
                  paragraphs=[esc(combination.text_in("definition", lang.code))])


def version_sections(site: Site, version: Version, footnotes: Footnotes) -> list[Section]:
    """The sections of a version page, each with its rule points in page order."""
    ruleset = version.ruleset
    lang = site.lang
    d = Describer(ruleset, lang=lang)
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
        for name, _, point, silent in played_table_rules_at(table, place):
            body = ([PHRASES.forms("played_as", lang).format(esc(point.text_in("note", lang.code)
                                                                 if point.note else ""))]
                    if silent else d.table_rule(point))
            views.append(add(point, f"table-{name}", TABLE_RULE_HEADINGS(name, lang), body))
        return views

    suit = deck.spec.suits[0]
    spectrum = cards_html(deck, range(0, deck.size, 4), lang)
    suit_name = suit.name if lang is EN else CARDS(suit.symbol, lang)
    at_table = [
        add(ruleset.players, "players", T("players", lang), [d.players(ruleset.players)]),
        add(ruleset.deck, "deck", T("the_cards", lang),
            [d.deck_text(), M.forms("spectrum", lang).format(suit_name, spectrum)]),
        add(ruleset.direction, "direction", T("direction", lang),
            [d.direction(ruleset.direction)]),
    ]
    at_table += table_views("at the table")
    sections.append(Section(T("at_the_table", lang), "at-the-table", None,
                            [p for p in at_table if p is not None]))

    steps = []
    for number_, step in enumerate(ruleset.procedure, start=1):
        view = _point(site, version, footnotes, step, f"step-{step.id}",
                      M.forms("step", lang).format(number_, step.text_in("title", lang.code)),
                      d.step(step), bullets=True)
        steps.append(view)
    sections.append(Section(
        T("step_by_step", lang), "a-deal-step-by-step",
        M.forms("in_short", lang).format(phases(version, lang=lang)), steps))

    odds = odds_by_id(version)
    combos = [_combination_view(site, version, footnotes, d, c, odds)
              for c in ruleset.combinations]
    ranking_view = add(ruleset.ranking, "ranking", T("ranking", lang),
                       [M.forms("order", lang).format(d.ranking(ruleset.ranking)),
                        M.forms("between", lang).format(
                            said("final_tie", ruleset.ranking.final_tie, form="rule",
                                 language=lang.code))])
    payment_view = add(ruleset.payment, "payment", T("payment", lang),
                       d.payment(ruleset.payment), bullets=True)
    sections.append(Section(
        T("combinations", lang), "combinations", M.forms("combinations_intro", lang),
        [*combos, *(p for p in (ranking_view, payment_view) if p is not None)]))

    session = table_views("session")
    if session:
        sections.append(Section(T("session", lang), "stakes-and-the-session", None,
                                [p for p in session if p is not None]))

    penalties = [add(penalty, f"penalty-{penalty.id}", _penalty_heading(penalty.id,
                                                                        penalty.offence, lang),
                     [d.penalty(penalty)]) for penalty in table.penalties]
    penalties += table_views("penalties")
    if any(p is not None for p in penalties):
        sections.append(Section(T("penalties", lang), "penalties", None,
                                [p for p in penalties if p is not None]))
    if ruleset.history:
        sections.append(Section(
            T("about_the_text", lang), str(anchor(WORDS("about_the_text", EN))),
            M.forms("about_intro", lang),
            [p for p in (add(item, f"history-{item.id}", _history_heading(item, lang),
                             [esc(item.text_in("text", lang.code))])
                         for item in ruleset.history) if p is not None]))
    return sections


def _penalty_heading(penalty_id: str, offence: str, lang: Lang) -> str:
    """A penalty's heading: its id in words in English, its offence in French."""
    if lang is EN:
        return penalty_id.replace("_", " ").capitalize()
    return VOCABULARY["offence"][offence].meanings[lang.code].rstrip(".")


def _history_heading(item: HistoryPoint, lang: Lang) -> str:
    """A fact's heading: its ``title`` if it has one, else its id in words."""
    if item.title:
        return item.text_in("title", lang.code)
    return item.id.replace("_", " ").capitalize()


def version_page(site: Site, version: Version) -> str:
    """The page of one version: its quick start, then every rule point."""
    lang = site.lang
    footnotes = Footnotes(site.bibliography, "../sources.md", lang)
    sections = version_sections(site, version, footnotes)
    ruleset = version.ruleset
    parent = site.by_id.get(ruleset.extends) if ruleset.extends else None
    parent_link = (M.forms("parent_link", lang).format(parent.ruleset.text_in("title", lang.code),
                                                       anchor(parent.id)) if parent
                   else esc(ruleset.extends or ""))
    parent_short = (parent.ruleset.text_in("short_title", lang.code) if parent
                    else (ruleset.extends or ""))
    inherit_line = inherit_note = Md("")
    if ruleset.inherit:
        inherit_note = esc(ruleset.inherit.text_in("note", lang.code))
        marker = PROVENANCE.forms("as_in_year" if parent_short.isdigit() else "as_in", lang)
        inherit_line = M.forms("inherit", lang).format(parent_link,
                                                       marker.format(parent_short).rstrip("."))
        if ruleset.inherit.downgrade_to:
            level = ruleset.inherit.downgrade_to
            shown = level if lang is EN else EVIDENCE(f"label_{level}", lang)
            inherit_line += M.forms("downgrade", lang).format(shown, parent_short)
        inherit_line += M.forms("stop", lang)
    pairs = [(a, b) for a, b in site.pairs if version.id in (a, b)
             and a in site.by_id and b in site.by_id]
    return site.render(
        "version.md.j2",
        t=site.labels(T),
        colon=M.forms("colon", lang),
        v=version,
        title=ruleset.text_in("title", lang.code),
        date=version.date_in(lang.code),
        summary=ruleset.text_in("summary", lang.code),
        ruleset=ruleset,
        sections=sections,
        footnotes=footnotes.definitions(),
        parent_link=parent_link,
        inherit_line=inherit_line,
        inherit_note=inherit_note,
        evidence=evidence_summary(ruleset, lang=lang),
        # A page's address climbs as the English one does (the French twin sits in
        # /fr/ as the English page at the root); a file of the root only climbs more.
        pairs=[comparison_link(site, a, b, "../../compare/") for a, b in pairs],
        quick=quick_start(site, version),
        yaml_href=f"{site.up}../../rulesets/{quote(version.id, safe='')}.yaml",
        yaml_name=f"{version.id}.yaml",
        play_href=f"../../play/?v={quote(version.id, safe='')}",
        card_link=M.forms("card_link", lang).format(anchor(version.id)),
        # A version that takes its rules over from another keeps only its own
        # summary in the search index, not a copy of the other's rules.
        unindexed=ruleset.inherit is not None,
        legend=[(badge(level, lang=lang), EVIDENCE(level, lang).rstrip("."))
                for level in EVIDENCE_LEVELS],
    )
