"""The quick start of a version's page: what a newcomer needs on the first screen.

The table in one line (players, cards, a hand), the deal in a few lines
(each linking its steps), and the ladder of the combinations from the
highest down, each with an example hand, its value and how often it is
dealt.
"""

from __future__ import annotations

from ...rules.combinations import Combination
from ...rules.procedure import BettingStep, DealStep
from ...rules.ruleset import Ruleset
from ...rules.table import BettingLimit
from ...rules.vocabulary import said
from ...rules.where_silent import PLAYED_WHERE_SILENT
from ...words.bets import BettingWords
from ...words.lang import EN, Catalog, Lang
from ...words.markup import Md, anchor, cards_html, esc, percent, plain
from ...words.phrases import alternatives
from ..facts import Version
from ..outline import deal_outline
from .context import Site
from .example_hands import deck_of, evaluator_of, example_hands, odds_by_id

T = Catalog(__name__, "T", {
    "table": ("{low} to {high} players · {size} cards, {lowest} low to {highest} high · {hand} "
              "cards in a hand · counters for stakes"),
    "one_in": "1 in {n} ({share})",
    "never": "never dealt",
    "who_pays": "Who pays the winner his combination",
    "how_much": "How much may be bet",
    "bounded": "{limit}; in “{title}”, {opening}",
})
M = Catalog(__name__, "M", {
    "link": Md("[{}]({}#{})"),
})


def _ranked(ruleset: Ruleset) -> list[Combination]:
    """The combinations from the highest to the lowest (tied ones in file order)."""
    by_id = {combination.id: combination for combination in ruleset.combinations}
    order = [name for tier in ruleset.ranking.order for name in tier]
    return [by_id[name] for name in reversed(order) if name in by_id]


def how_often(count: int, total: int, lang: Lang = EN) -> str:
    """How often a hand is dealt: a percentage, and "1 in N" when it is rare.

    N is rounded to two significant figures.

    >>> how_often(1, 91390), how_often(996, 91390), how_often(78510, 91390)
    ('1 in 91,000 (0.00109 %)', '1 in 92 (1.09 %)', '85.9 %')
    >>> from ambigu_rules.words.lang import FR
    >>> how_often(1, 91390, FR) == "1 sur 91\u202f000 (0,00109 %)"
    True
    """
    share = lang.decimal(percent(count, total))
    ratio = total / count
    if ratio < 10:
        return share
    rounded = round(ratio, 2 - len(str(int(ratio))))
    return T("one_in", lang, n=lang.number(int(rounded)), share=share)


def quick_start(site: Site, version: Version, page: str = "") -> dict[str, object]:
    """What a newcomer needs first: the table, a deal in a few lines, the ladder.

    Its links go to the rules on the version's page; ``page`` is that page's
    address from where the quick start is shown (empty on the page itself).
    """
    ruleset = version.ruleset
    lang = site.lang
    deck = deck_of(version)
    hand = sum(step.cards for step in ruleset.procedure if isinstance(step, DealStep))
    table = T("table", lang, low=ruleset.players.min, high=ruleset.players.max, size=deck.size,
              lowest=deck.spec.ranks[0].label, highest=deck.spec.ranks[-1].label, hand=hand)
    outline = [
        {"steps": Md(", ").join(
            M.forms("link", lang).format(step.text_in("title", lang.code), page,
                                         anchor(f"step-{step.id}"))
            for step in steps),
         "text": esc(text)}
        for steps, text in deal_outline(ruleset, lang)
    ]
    odds = odds_by_id(version)
    total = evaluator_of(version).size
    ladder = []
    for combination in _ranked(ruleset):
        examples = example_hands(version, combination)
        count = odds.get(combination.id, (0, 0.0))[0]
        ladder.append({
            "name": M.forms("link", lang).format(combination.text_in("name", lang.code), page,
                                                 anchor(f"combination-{combination.id}")),
            "example": cards_html(deck, examples[0], lang) if examples else esc("—"),
            "value": esc(alternatives(version.values.get(combination.id, "—"), lang)),
            "odds": esc(how_often(count, total, lang) if count else T("never", lang)),
        })
    return {"table": esc(table), "outline": outline, "ladder": ladder,
            "hands": lang.number(total),
            "stakes": stakes(ruleset, page, lang)}


def stakes(ruleset: Ruleset, page: str = "", lang: Lang = EN) -> list[dict[str, Md]]:
    """Who pays the winner his combination, and how much may be bet.

    Each answer is the vocabulary row of the version's value (its payment's
    payers, its betting limit, or the limit played where it says none), so
    it reads as the rule does on the rest of the page; a betting step whose
    opening has a largest amount of its own adds its bounds to the limit.
    """
    limit = ruleset.table.betting_limit
    if limit is None:
        silent = PLAYED_WHERE_SILENT["betting_limit"]
        assert isinstance(silent, BettingLimit)
        limit = silent
    how_much = said("betting_limit", limit.kind, language=lang.code)
    bets = BettingWords(ruleset, lang=lang)
    for step in ruleset.procedure:
        if isinstance(step, BettingStep) and step.open_max is not None:
            how_much = T("bounded", lang, limit=how_much, opening=bets.opening(step),
                         title=plain(step.text_in("title", lang.code)))
    return [
        {"label": esc(T("who_pays", lang)),
         "text": esc(said("payers", ruleset.payment.payers, form="short", language=lang.code)),
         "link": Md("{}#payment").format(page)},
        {"label": esc(T("how_much", lang)),
         "text": esc(how_much),
         "link": Md("{}#table-betting_limit").format(page)},
    ]
