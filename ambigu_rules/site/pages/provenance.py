"""Where a rule comes from, as the pages show it beside the rule.

The evidence badge, the short titles of the sources and the footnote citing
them; the clauses of a point that are not all equally sure; "as in …" for a
rule taken over unchanged from another version; our note on a rule, unless
it only repeats the rule; how many rule points of a version, and apart from
them how many notes about its text, stand on each level of evidence.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterable

from ...rules.common import EVIDENCE_LEVELS, Provenance, RulePoint
from ...rules.ruleset import HistoryPoint, Ruleset
from ...words.lang import EN, Catalog, Lang
from ...words.markup import Md, anchor, badge, esc, plain
from ...words.phrases import ABOUT_THE_TEXT, OF_THE_RULES, counted_apart
from ...words.phrases import T as WORDS
from ..citations import Footnotes
from ..comparison.cells import Cell
from ..facts import rule_points
from .context import Site

M = Catalog(__name__, "M", {
    "mixed": Md(" (mixed: see each part)"),
    "as_in": Md("As in {}."),
    "as_in_link": Md("As in [{}]({}{}.md#{})."),
    # a version named by its year: « Comme en 1730 » in French
    "as_in_year": Md("As in {}."),
    "as_in_year_link": Md("As in [{}]({}{}.md#{})."),
})


def source_names(site: Site, point: Provenance) -> Md:
    """The short titles of a point's sources, without locators."""
    names: list[str] = []
    for ref in point.source:
        try:
            name = site.bibliography.get(ref.id).text_in("short", site.lang.code)
        except KeyError:
            name = ref.id
        if name not in names:
            names.append(name)
    return Md(", ").join(names)


def source_names_refs(site: Site, refs: Iterable[object]) -> Md:
    """The short titles of the sources ``refs`` cite, in parentheses."""
    names: list[str] = []
    for ref in refs:
        source_id = getattr(ref, "id", "")
        try:
            name = site.bibliography.get(source_id).text_in("short", site.lang.code)
        except KeyError:
            name = source_id
        if name not in names:
            names.append(name)
    return Md("({})").format(Md(", ").join(names))


def provenance(site: Site, point: RulePoint, footnotes: Footnotes) -> Md:
    """Badge, source titles and the footnote citing them; a point whose clauses
    are not all equally sure says so beside its (weakest) badge."""
    cite = footnotes.cite(point.source)
    mixed = M.forms("mixed", site.lang) if point.mixed else Md("")
    return Md("{}{} {}{}").format(badge(point.evidence, lang=site.lang), mixed,
                                  source_names(site, point), cite)


def clause_lines(site: Site, point: RulePoint, footnotes: Footnotes) -> list[Md]:
    """Each clause of a point, with its own badge and sources."""
    code = site.lang.code
    return [Md("{} — {} {}{}{}").format(
                clause.text_in("says", code), badge(clause.evidence, lang=site.lang),
                source_names(site, clause), footnotes.cite(clause.source),
                Md(" ({})").format(clause.text_in("note", code)) if clause.note else Md(""))
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
        key = "as_in_year" if point.inherited_from.isdigit() else "as_in"
        return M.forms(key, site.lang).format(point.inherited_from)
    title = parent.ruleset.text_in("short_title", site.lang.code)
    key = "as_in_year_link" if title.isdigit() else "as_in_link"
    return M.forms(key, site.lang).format(title, prefix, anchor(parent.id), anchor(target))


def inherited_title(site: Site, cell: Cell) -> str | None:
    """The short title (in the site's language) of the version every rule point of
    ``cell`` is taken from, if one."""
    parents = {point.inherited_from for point in cell.points}
    if len(parents) == 1:
        parent = next(iter(parents))
        if parent:
            version = site.by_id.get(parent)
            return site.short_title(version) if version else parent
    return None


def note(point: RulePoint, shown: Iterable[object] = (), lang: Lang = EN) -> Md | None:
    """Our note on a rule point, unless it only repeats what the page already says.

    A note whose words are nearly all (four in five) in the rule's own lines
    above it adds nothing to them and is left out; it stays in the rule file.
    """
    if not point.note:
        return None
    text = point.text_in("note", lang.code)
    # The rule's lines are markup: compared as the text they show (a character
    # reference such as ``&#123;`` is no number of the rule).
    if repeats(text, " ".join(html.unescape(plain(line)) for line in shown)):
        return None
    return esc(text)


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


def about_the_text(point: RulePoint) -> bool:
    """Whether a point is a note about a version's text (a history item), not a rule."""
    return isinstance(point, HistoryPoint)


def evidence_counts(ruleset: Ruleset) -> dict[str, Counter[str]]:
    """How many points of a ruleset stand on each level of evidence: its rules
    apart from its notes about the text, which are facts about a book and
    no rule of the game."""
    counts: dict[str, Counter[str]] = {OF_THE_RULES: Counter(), ABOUT_THE_TEXT: Counter()}
    for _, point in rule_points(ruleset):
        counts[ABOUT_THE_TEXT if about_the_text(point) else OF_THE_RULES][point.evidence] += 1
    return counts


def evidence_summary(ruleset: Ruleset, short: bool = False, lang: Lang = EN) -> Md:
    """The counts of :func:`evidence_counts`, each beside its badge, rules first."""
    kinds = {OF_THE_RULES: "rules", ABOUT_THE_TEXT: "about_the_text"}
    return counted_apart([
        (WORDS(kinds[kind], lang), [Md("{} {}").format(counts[level],
                                                       badge(level, short, lang, counts[level]))
                                    for level in EVIDENCE_LEVELS if counts[level]])
        for kind, counts in evidence_counts(ruleset).items()], lang)
