"""The quick start of a version's page: what a newcomer needs on the first screen.

The table in one line (players, cards, a hand), the deal in a few lines
(each linking its steps), and the ladder of the combinations from the
highest down, each with an example hand, its value and how often it is
dealt.
"""

from __future__ import annotations

from ...rules.combinations import Combination
from ...rules.procedure import DealStep
from ...rules.ruleset import Ruleset
from ...rules.table import BettingLimit
from ...rules.vocabulary import said
from ...rules.where_silent import PLAYED_WHERE_SILENT
from ...words.markup import Md, anchor, cards_html, esc, number, percent
from ..facts import Version
from ..outline import deal_outline
from .context import Site
from .example_hands import deck_of, evaluator_of, example_hands, odds_by_id


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


def quick_start(site: Site, version: Version, page: str = "") -> dict[str, object]:
    """What a newcomer needs first: the table, a deal in a few lines, the ladder.

    Its links go to the rules on the version's page; ``page`` is that page's
    address from where the quick start is shown (empty on the page itself).
    """
    ruleset = version.ruleset
    deck = deck_of(version)
    hand = sum(step.cards for step in ruleset.procedure if isinstance(step, DealStep))
    table = (f"{ruleset.players.min} to {ruleset.players.max} players · {deck.size} cards, "
             f"{deck.spec.ranks[0].label} low to {deck.spec.ranks[-1].label} high · "
             f"{hand} cards in a hand · counters for stakes")
    outline = [
        {"steps": Md(", ").join(
            Md("[{}]({}#{})").format(step.title, page, anchor(f"step-{step.id}"))
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
            "name": Md("[{}]({}#{})").format(combination.name, page,
                                             anchor(f"combination-{combination.id}")),
            "example": cards_html(deck, examples[0]) if examples else esc("—"),
            "value": esc(version.values.get(combination.id, "—")),
            "odds": esc(how_often(count, total) if count else "never dealt"),
        })
    return {"table": esc(table), "outline": outline, "ladder": ladder, "hands": number(total),
            "stakes": stakes(ruleset, page)}


def stakes(ruleset: Ruleset, page: str = "") -> list[dict[str, Md]]:
    """Who pays the winner his combination, and how much may be bet.

    Each answer is the vocabulary row of the version's value (its payment's
    payers, its betting limit, or the limit played where it says none), so
    it reads as the rule does on the rest of the page.
    """
    limit = ruleset.table.betting_limit
    if limit is None:
        silent = PLAYED_WHERE_SILENT["betting_limit"]
        assert isinstance(silent, BettingLimit)
        limit = silent
    return [
        {"label": esc("Who pays the winner his combination"),
         "text": esc(said("payers", ruleset.payment.payers, form="short")),
         "link": Md("{}#payment").format(page)},
        {"label": esc("How much may be bet"),
         "text": esc(said("betting_limit", limit.kind)),
         "link": Md("{}#table-betting_limit").format(page)},
    ]
