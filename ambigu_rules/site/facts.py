"""The rule points of every version, lined up row by row for comparison.

A :class:`Row` is one question a reader may ask of every version ("how
much is the ante?", "what is a fredon worth?"); its cell for a version is
the answer in words (a :class:`Cell`) together with the rule points it
comes from. Two cells are the same reading when their comparison ``key``
is equal: the words, without link targets (a link to the version's own page
is not a difference).

The rows are used by the comparison matrix, the combinations page, the open
questions and the home page's table, so that they all say the same thing.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

import numpy as np

from ..hands.evaluator import Evaluator, Odds, canonical_of
from ..hands.features import hand_arrays
from ..hands.predicates import holds
from ..load.resolver import load_ruleset
from ..rules.combinations import BestOf, Combination
from ..rules.common import CANONICAL_COMBINATIONS, Agreed, RulePoint
from ..rules.procedure import (
    AnteStep,
    BettingStep,
    DealStep,
    ExchangeStep,
    ShowdownStep,
    ShuffleCallStep,
    Step,
)
from ..rules.ruleset import Ruleset
from ..rules.table import TableRule, TableRules
from .describe import (
    CANONICAL_LABEL,
    FINAL_TIE,
    OFFENCES,
    Describer,
    amount,
    card_range,
    counters,
    number_word,
    or_list,
)
from .markup import Md, esc, number, plain

NOT_STATED = "not stated"


@dataclass(frozen=True)
class Cell:
    """One version's answer to one row.

    Two cells are compared on ``compare`` when it is given (the set of hands a
    definition admits, the amounts a combination pays), otherwise on the
    words without link targets.
    """

    text: Md
    points: tuple[RulePoint, ...] = ()
    compare: str | None = None

    @property
    def key(self) -> str:
        """What is compared."""
        if self.compare is not None:
            return self.compare
        return plain(re.sub(r"\]\([^)]*\)", "]", str(self.text)))


def missing() -> Cell:
    return Cell(esc(NOT_STATED))


@dataclass
class Version:
    """A resolved version with what the pages need to say about it."""

    id: str
    ruleset: Ruleset
    name: str = ""
    values: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, name: str) -> Version:
        """A version by built-in id or by the path of a user's rule file."""
        ruleset = load_ruleset(name)
        odds = Evaluator.for_variant(name).odds()
        values = {row.combination_id: row.value for row in odds.combinations if row.combination_id}
        return cls(ruleset.id, ruleset, name, values)

    @cached_property
    def evaluator(self) -> Evaluator:
        return Evaluator.for_variant(self.name or self.id)

    @cached_property
    def odds(self) -> Odds:
        return self.evaluator.odds()

    @property
    def title(self) -> str:
        return self.ruleset.title

    @property
    def short_title(self) -> str:
        return self.ruleset.short_title

    @property
    def date(self) -> str:
        if self.ruleset.year is not None:
            return str(self.ruleset.year)
        return self.ruleset.period or ""

    @cached_property
    def sort_key(self) -> tuple[int, str]:
        """Chronological: the year, or the first year named in the period."""
        found = re.search(r"\d{4}", self.date)
        return (int(found.group()) if found else 9999, self.id)

    @cached_property
    def held(self) -> dict[str, np.ndarray]:
        """For each combination id, which of all the hands hold it (best or not)."""
        arrays = hand_arrays(self.evaluator.deck)
        combinations = {c.id: c for c in self.ruleset.combinations}
        held: dict[str, np.ndarray] = {}

        def visit(combination_id: str) -> np.ndarray:
            if combination_id not in held:
                combination = combinations[combination_id]
                mask = (holds(combination.when, arrays.features) if combination.when is not None
                        else np.ones(len(arrays.hands), dtype=bool))
                for part in combination.parts:
                    names = part.best_of if isinstance(part, BestOf) else [part]
                    mask = mask & np.logical_or.reduce([visit(name) for name in names])
                held[combination_id] = mask
            return held[combination_id]

        for combination_id in combinations:
            visit(combination_id)
        return held

    def combination(self, canonical: str) -> Combination | None:
        for combination in self.ruleset.combinations:
            if canonical_of(combination) == canonical:
                return combination
        return None

    def steps(self, kind: type) -> list[Step]:
        return [step for step in self.ruleset.procedure if isinstance(step, kind)]


@dataclass(frozen=True)
class Row:
    """One line of the comparison: a key, a group, a label and how to fill it."""

    key: str
    group: str
    label: str
    fill: Callable[[Version, Describer], Cell]

    def cell(self, version: Version, describer: Describer) -> Cell:
        return self.fill(version, describer)


def differing(keys: list[str]) -> list[bool]:
    """Which cells differ from the most common reading (the first one on a tie).

    >>> differing(["a", "a", "b"]), differing(["a", "b"]), differing(["a", "a"])
    ([False, False, True], [False, True], [False, False])
    """
    if len(set(keys)) <= 1:
        return [False] * len(keys)
    counts = Counter(keys)
    top = max(counts.values())
    common = next(key for key in keys if counts[key] == top)
    return [key != common for key in keys]


# ----------------------------------------------------------------------------
# Cell builders


#: The kind of rule point a cell builder reads.
P = TypeVar("P", bound=RulePoint)


def _simple(getter: Callable[[Ruleset], P | None],
            say: Callable[[Describer, P], Md]) -> Callable[[Version, Describer], Cell]:
    def fill(version: Version, describer: Describer) -> Cell:
        point = getter(version.ruleset)
        if point is None:
            return missing()
        return Cell(say(describer, point), (point,))

    return fill


def _lines(items: Sequence[tuple[Md, RulePoint]]) -> Cell:
    if not items:
        return missing()
    text = Md("<br>").join(text for text, _ in items)
    points: list[RulePoint] = []
    for _, point in items:
        if point not in points:
            points.append(point)
    return Cell(text, tuple(points))


def _titled(describer: Describer, step: Step, text: Md | str) -> Md:
    return Md("{}: {}").format(describer.step_link(step.id), text)


def _position(version: Version, step: Step) -> str:
    """Where a step stands: before the first deal, or after the previous step."""
    procedure = version.ruleset.procedure
    index = procedure.index(step)
    deals = [i for i, s in enumerate(procedure) if isinstance(s, DealStep)]
    if not deals or index < deals[0]:
        return "before the deal"
    return f"after “{plain(procedure[index - 1].title)}”"


def cards_held(version: Version, step: Step) -> int:
    """How many cards each player holds when a step begins."""
    held = 0
    for other in version.ruleset.procedure:
        if other is step:
            break
        if isinstance(other, DealStep):
            held += other.cards
    return held


def antes(version: Version, describer: Describer) -> Cell:
    items = []
    for step in version.steps(AnteStep):
        assert isinstance(step, AnteStep)
        payer = "each player" if step.payer == "each_player" else "the dealer"
        name = step.label or "ante"
        text = Md("{}: {} from {} into the {}, {}").format(
            name, amount(step.amount), payer, step.into, _position(version, step)
        )
        items.append((text, step))
    return _lines(items)


def deals(version: Version, describer: Describer) -> Cell:
    items = []
    for step in version.steps(DealStep):
        assert isinstance(step, DealStep)
        prep = []
        if step.shuffle_stock:
            prep.append("shuffled")
        if step.cut:
            prep.append("cut")
        text = f"{step.cards} cards"
        if step.to == "players_in":
            text += " to the players still in"
        text += ", one at a time" if step.one_at_a_time else ", together"
        if prep:
            text += " (" + " and ".join(prep) + " first)"
        items.append((esc(text), step))
    return _lines(items)


def _exchange_text(describer: Describer, step: Step) -> Md:
    return Md(" ").join(describer.step(step))


def first_exchange(version: Version, describer: Describer) -> Cell:
    for step in version.ruleset.procedure:
        if isinstance(step, ExchangeStep | ShuffleCallStep):
            return Cell(_titled(describer, step, _exchange_text(describer, step)), (step,))
    return missing()


def later_exchanges(version: Version, describer: Describer) -> Cell:
    steps = [s for s in version.ruleset.procedure if isinstance(s, ExchangeStep | ShuffleCallStep)]
    return _lines([
        (_titled(describer, step, _exchange_text(describer, step)), step) for step in steps[1:]
    ])


def _per_betting(say: Callable[[Describer, BettingStep], Md | str | None]
                 ) -> Callable[[Version, Describer], Cell]:
    def fill(version: Version, describer: Describer) -> Cell:
        items = []
        for step in version.steps(BettingStep):
            assert isinstance(step, BettingStep)
            text = say(describer, step)
            if text is not None:
                items.append((_titled(describer, step, text), step))
        return _lines(items)

    return fill


def betting_intervals(version: Version, describer: Describer) -> Cell:
    items = []
    for step in version.steps(BettingStep):
        held = cards_held(version, step)
        exchanged = any(
            isinstance(other, ExchangeStep | ShuffleCallStep)
            for other in version.ruleset.procedure[: version.ruleset.procedure.index(step)]
            if cards_held(version, other) == held
        )
        text = f"with {held} cards" + (", after an exchange" if exchanged else "")
        items.append((_titled(describer, step, text), step))
    return _lines(items)


def _all_pass(describer: Describer, step: BettingStep) -> Md:
    text = describer.outcome(step.on_all_pass)
    if step.dealer_force is not None:
        force = step.dealer_force
        text = Md("the dealer may first force play with {} ({}); otherwise {}").format(
            counters(force.amount), describer.effects(force.then), text
        )
    return text


def showdown(version: Version, describer: Describer) -> Cell:
    steps = version.steps(ShowdownStep)
    if not steps:
        return missing()
    step = steps[-1]
    assert isinstance(step, ShowdownStep)
    return Cell(describer.effects(step.then), (step,))


def _payment(index: int) -> Callable[[Version, Describer], Cell]:
    def fill(version: Version, describer: Describer) -> Cell:
        payment = version.ruleset.payment
        return Cell(describer.payment(payment)[index], (payment,))

    return fill


def combination_aspect(canonical: str, aspect: str) -> Callable[[Version, Describer], Cell]:
    """How a version reads one aspect (definition, value, ties) of a canonical combination.

    A definition is compared on the set of hands it admits, a value on the
    amounts it pays.
    """

    def fill(version: Version, describer: Describer) -> Cell:
        combination = version.combination(canonical)
        if combination is None:
            return Cell(esc("no such combination"))
        if aspect == "definition":
            mask = version.held[combination.id]
            count = int(mask.sum())
            text = Md("{} ({} hands hold it)").format(describer.definition(combination),
                                                      number(count))
            digest = hashlib.sha256(np.packbits(mask).tobytes()).hexdigest()
            return Cell(text, (combination,), compare=digest)
        if aspect == "value":
            values = version.values.get(combination.id)
            text = describer.value(combination, values)
            return Cell(text, (combination,), compare=values or str(combination.value))
        return Cell(describer.ties(combination), (combination,))

    return fill


def ranking(version: Version, describer: Describer) -> Cell:
    rule = version.ruleset.ranking
    return Cell(describer.ranking(rule), (rule,))


def final_tie(version: Version, describer: Describer) -> Cell:
    rule = version.ruleset.ranking
    return Cell(esc(FINAL_TIE[rule.final_tie]), (rule,))


def _penalty(offence: str) -> Callable[[Version, Describer], Cell]:
    def fill(version: Version, describer: Describer) -> Cell:
        items = [
            (describer.penalty(p), p) for p in version.ruleset.table.penalties
            if p.offence == offence
        ]
        if not items:
            return Cell(esc("no penalty stated"))
        return _lines(items)

    return fill


def _table(name: str) -> Callable[[Version, Describer], Cell]:
    """The cell of the rule ``name`` of ``table``, in the words of :meth:`Describer.table_rule`."""
    def fill(version: Version, describer: Describer) -> Cell:
        point = table_rule(version.ruleset.table, name)
        if point is None:
            return missing()
        return Cell(Md(" ").join(describer.table_rule(point)), (point,))

    return fill


#: Each rule of ``table`` but the penalties: the part of a version page it
#: belongs to, and its heading there. A new table rule without a place here
#: fails a test.
TABLE_RULE_PLACES: dict[str, tuple[str, str]] = {
    "first_dealer": ("at the table", "The first dealer"),
    "dealer_rotation": ("at the table", "The next dealer"),
    "betting_limit": ("session", "Betting limit"),
    "bank": ("session", "Counters and the bank"),
    "buy_back": ("session", "Buying more counters"),
    "all_in": ("session", "All in"),
    "stock_exhaustion": ("session", "When the stock runs out"),
    "duration": ("session", "Length of the game"),
    "dealer_out_of_deal": ("penalties", "A dealer put out of the deal"),
}


def table_rule(table: TableRules, name: str) -> TableRule | None:
    """The rule ``name`` of ``table`` (one of :data:`TABLE_RULE_PLACES`), if given."""
    point: TableRule | None = getattr(table, name)
    return point


def table_rules_at(table: TableRules, place: str) -> Iterator[tuple[str, str, TableRule]]:
    """Name, heading and rule of each rule of ``table`` given for ``place``."""
    for name, (where, heading) in TABLE_RULE_PLACES.items():
        point = table_rule(table, name)
        if where == place and point is not None:
            yield name, heading, point


# ----------------------------------------------------------------------------
# The rows, in the order of the matrix


def _rows() -> list[Row]:
    table = "Players, cards and seats"
    deal = "The deal"
    pay = "Paying the winner"
    combos = "Combinations"
    session = "Stakes and the session"
    penalties = "Penalties"
    rows = [
        Row("players", table, "Players",
            _simple(lambda r: r.players, lambda d, p: d.players(p))),
        Row("deck", table, "Deck",
            _simple(lambda r: r.deck, lambda d, p: esc(d.deck.spec.name if d.deck else p.use))),
        Row("direction", table, "Direction of play",
            _simple(lambda r: r.direction, lambda d, p: d.direction(p))),
        Row("first_dealer", table, "First dealer",
            _table("first_dealer")),
        Row("dealer_rotation", table, "Next dealer",
            _table("dealer_rotation")),
        Row("antes", deal, "Ante(s)", antes),
        Row("deals", deal, "Dealing", deals),
        Row("first_exchange", deal, "First exchange (two cards)", first_exchange),
        Row("later_exchanges", deal, "Later exchanges", later_exchanges),
        Row("betting_intervals", deal, "Betting steps", betting_intervals),
        Row("opening", deal, "Opening bet", _per_betting(lambda d, s: d.opening(s))),
        Row("raising", deal, "Raises", _per_betting(lambda d, s: d.raising(s))),
        Row("passing", deal, "Passing before an opening",
            _per_betting(lambda d, s: d.passing(s))),
        Row("all_pass", deal, "When all pass", _per_betting(_all_pass)),
        Row("uncalled_open", deal, "Uncalled opening bet",
            _per_betting(lambda d, s: d.outcome(s.on_uncalled_open))),
        Row("uncalled_raise", deal, "Uncalled raise",
            _per_betting(lambda d, s: None if s.on_uncalled_raise is None
                         else d.outcome(s.on_uncalled_raise))),
        Row("showdown", deal, "Showdown", showdown),
        Row("payers", pay, "Who pays the combination", _payment(0)),
        Row("uncontested", pay, "Winner nobody called", _payment(1)),
        Row("shortfall", pay, "A player who cannot pay", _payment(2)),
    ]
    for canonical in CANONICAL_COMBINATIONS:
        label = CANONICAL_LABEL[canonical].capitalize()
        for aspect in ("definition", "value", "ties"):
            rows.append(Row(f"combination.{canonical}.{aspect}", combos,
                            f"{label}: {aspect}", combination_aspect(canonical, aspect)))
    rows += [
        Row("ranking", combos, "Ranking, lowest first", ranking),
        Row("final_tie", combos, "Last resort on a tie", final_tie),
        Row("betting_limit", session, "Betting limit",
            _table("betting_limit")),
        Row("bank", session, "Counters", _table("bank")),
        Row("buy_back", session, "Buying more counters",
            _table("buy_back")),
        Row("all_in", session, "All in", _table("all_in")),
        Row("stock_exhaustion", session, "Stock running out",
            _table("stock_exhaustion")),
        Row("duration", session, "Length of the game", _table("duration")),
    ]
    for offence, text in OFFENCES.items():
        rows.append(Row(f"penalty.{offence}", penalties, f"Penalty for {text}", _penalty(offence)))
    rows.append(Row("dealer_out_of_deal", penalties, "Dealer put out of the deal",
                    _table("dealer_out_of_deal")))
    return rows


ROWS: list[Row] = _rows()
ROW_KEYS = {row.key: row for row in ROWS}


def rule_points(ruleset: Ruleset) -> Iterator[tuple[str, RulePoint]]:
    """Every rule point of a version with a short label, in page order."""
    yield "players", ruleset.players
    yield "deck", ruleset.deck
    yield "direction", ruleset.direction
    for name, _, point in table_rules_at(ruleset.table, "at the table"):
        yield name, point
    for step in ruleset.procedure:
        yield f"step {step.id}", step
    for combination in ruleset.combinations:
        yield f"combination {combination.id}", combination
    yield "ranking", ruleset.ranking
    yield "payment", ruleset.payment
    for place in ("session", "penalties"):
        for name, _, point in table_rules_at(ruleset.table, place):
            yield name, point
    for penalty in ruleset.table.penalties:
        yield f"penalty {penalty.id}", penalty
    for item in ruleset.history:
        yield f"history {item.id}", item


def phases(version: Version, antes: bool = True) -> str:
    """The steps of a deal in a few words: ``2 cards → exchange 0–2 → …``."""
    words = []
    for step in version.ruleset.procedure:
        if isinstance(step, AnteStep):
            if antes:
                words.append(f"{step.label or 'ante'} {short_amount(step.amount)}")
        elif isinstance(step, DealStep):
            words.append(f"{step.cards} cards")
        elif isinstance(step, ExchangeStep):
            words.append(f"exchange {step.discard.min}–{step.discard.max}")
        elif isinstance(step, ShuffleCallStep):
            words.append(f"two-card rounds until “{plain(step.shuffle_call)}”")
        elif isinstance(step, BettingStep):
            words.append("betting" + ("" if step.raises else " (call or fold only)"))
        else:
            words.append("showdown")
    return " → ".join(words)


def short_amount(value: int | Agreed) -> str:
    """An amount without the word "counters": ``2``, ``1 or 2``."""
    if isinstance(value, Agreed):
        return or_list(value.choices)
    return str(value)


def short_antes(version: Version) -> str:
    """The antes in a few words: ``blind 1; ante 2 after “First draw”``."""
    parts = []
    for step in version.steps(AnteStep):
        assert isinstance(step, AnteStep)
        text = f"{step.label or 'ante'} {short_amount(step.amount)}"
        where = _position(version, step)
        if where != "before the deal":
            text += f" {where}"
        if step.payer == "dealer":
            text += " (dealer only)"
        parts.append(text)
    return "; ".join(parts) or NOT_STATED


def step_outline(step: Step) -> str:
    """One step of a deal in one plain sentence, for a version's quick start.

    The full rule, with every option the file sets, is the step's own section
    of the version page; this says only what a newcomer needs to follow a deal.
    """
    match step:
        case AnteStep():
            who = "The dealer" if step.payer == "dealer" else "Each player"
            return f"{who} puts {amount(step.amount)} into the {step.into}."
        case DealStep():
            who = "each player still in" if step.to == "players_in" else "each player"
            return f"The dealer gives {who} {number_word(step.cards)} cards."
        case ShuffleCallStep():
            return (f"Each player in turn says “{step.pass_call}” or “{step.shuffle_call}”; while "
                    f"all pass, each changes {card_range(step.exchange)}; the first "
                    f"“{step.shuffle_call}” pays {amount(step.stake)} into the {step.into} "
                    "and ends these rounds.")
        case ExchangeStep():
            who = "each player still in" if step.who == "players_in" else "each player"
            return f"In turn, {who} may discard {card_range(step.discard)} and draw as many."
        case BettingStep():
            after = "call, raise or fold" if step.raises else "only call or fold"
            return f"Players pass or bet in turn; after a bet the others {after}."
        case ShowdownStep():
            return "The players still in show their hands; the best combination wins."
    return step.title


def deal_outline(steps: Sequence[Step]) -> list[tuple[list[Step], str]]:
    """A deal in a few lines: each step's sentence, a deal joined to the ante before it.

    Returns the steps of each line with the line's text.
    """
    lines: list[tuple[list[Step], str]] = []
    for step in steps:
        text = step_outline(step)
        if isinstance(step, DealStep) and lines and isinstance(lines[-1][0][-1], AnteStep):
            joined, before = lines[-1]
            lines[-1] = ([*joined, step], f"{before[:-1]}; {text[0].lower()}{text[1:]}")
        else:
            lines.append(([step], text))
    return lines
