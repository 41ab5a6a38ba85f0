"""Every key of the rule format is played, or plainly descriptive.

The walk visits every field of the rule model, from :class:`Ruleset` down.
A field is either

- **descriptive** by nature — provenance, titles, names, the words players
  say, ids that other keys refer to — listed in :data:`DESCRIPTIVE` with the
  reason, and marked ``x-descriptive`` in the model (so the JSON Schema and
  the reference page say it is not played); or
- **a container** — a required mapping or list whose own keys are walked; or
- **fixed** — its type admits a single value, so no file can change it; or
- **played**: the test changes it, in a built-in version where it is set
  (or where :data:`ADDED` sets it), and plays a fixed set of seeded sessions
  under the changed rules — random players, with buying, leaving, penalties,
  a time limit, unequal banks, agreed amounts and the first dealer drawn for —
  and at least one event, refusal or hand evaluation must come out
  different from the same sessions under the unchanged rules.

A field that is none of these fails the test: a key a file may write but
that changes nothing in play.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import random
import types
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from typing import Any, Literal, Union, get_args, get_origin

import pytest
from pydantic import BaseModel, ValidationError

from ambigu_rules.engine.event_records import record_of
from ambigu_rules.engine.game import Game
from ambigu_rules.errors import AmbiguError
from ambigu_rules.hands.evaluator import Evaluator, evaluator_for
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.checks import check_references
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import RandomBot
from ambigu_rules.rules import combinations, common, procedure, ruleset, sources, table
from ambigu_rules.rules.ruleset import Ruleset

DESCRIPTIVE: dict[str, str] = {
    # provenance: where a rule comes from and how sure we are
    "Provenance.source": "provenance",
    "Provenance.evidence": "provenance",
    "Provenance.note": "provenance",
    "Provenance.inherited_from": "provenance",
    "Provenance.parent_evidence": "provenance",
    "Translated.translations": "title: a part's own texts in other languages (issue 43)",
    "Translated.fr": "title: the older spelling of translations.fr (issue 25)",
    "RulePoint.clauses": "provenance: the parts of a point, each with its own evidence",
    "Clause.says": "provenance: a part of a point, in words",
    "SourceRef.id": "provenance",
    "SourceRef.at": "provenance",
    "InheritPolicy.downgrade_to": "provenance",
    "InheritPolicy.note": "provenance",
    "Ruleset.inherit": "provenance: how inherited points are labelled",
    "Ruleset.sources": "provenance: the works a user's file cites",
    "OwnSource.id": "provenance",
    "OwnSource.title": "provenance",
    "OwnSource.author": "provenance",
    "OwnSource.year": "provenance",
    "OwnSource.period": "provenance",
    "OwnSource.url": "provenance",
    "OwnSource.note": "provenance",
    # the version itself: titles, dates, facts about its text
    "Ruleset.id": "title",
    "Ruleset.title": "title",
    "Ruleset.short_title": "title",
    "Ruleset.year": "title",
    "Ruleset.period": "title",
    "Ruleset.summary": "title",
    "Ruleset.history": "history",
    "HistoryPoint.id": "history",
    "HistoryPoint.text": "history",
    "HistoryPoint.title": "history",
    # names, words and ids that other keys refer to
    "StepBase.id": "name other keys refer to",
    "StepBase.title": "name",
    "Combination.id": "name other keys refer to",
    "Combination.name": "name",
    "Combination.names": "name",
    "Combination.definition": "name",
    "Combination.canonical": "name: the standard combination it corresponds to, for comparisons",
    "Penalty.id": "name other keys refer to",
    "AnteStep.label": "words",
    "ExchangeStep.stand_call": "words players say",
    "ExchangeStep.draw_call": "words players say",
    "BettingStep.pass_call": "words players say",
    "BettingStep.open_call": "words players say",
    "ShuffleCallStep.pass_call": "words players say",
    "ShuffleCallStep.shuffle_call": "words players say",
    # what the sources say about the table, beyond play
    "Players.best": "the numbers of players the sources recommend",
    "RankSpec.aliases": "name: other ways of writing a rank",
    "Bank.banker": "who keeps the bank of counters for money: the engine counts counters only",
    # the file and how it inherits
    "Ruleset.extends": "file structure, played by the loader (tests/load/test_inheritance.py)",
}

PRIME = ("combinations", 1, "when")  # 1730's prime: four suits
# The forty-card pack written out in the file: ace low, 1 to 10 pips.
OWN_DECK = {"ranks": [{"label": label, "pips": pips} for pips, label in enumerate(
    ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"], start=1)],
    "source": [{"id": "editors"}], "evidence": "editorial"}
POINT = ("combinations", 0, "when")
TRICON = ("combinations", 4, "when")
Edit = tuple[tuple[Any, ...], Any]  # (path in the dumped data, new value)

# Keys that no built-in version uses: a starting point that uses them, from
# which the key is then changed (version, edits).
ADDED: dict[str, tuple[str, list[Edit]]] = {
    "Predicate.all": ("1730", [(PRIME, {"all": [{"distinct_suits": {"eq": 4}},
                                                {"pips": {"le": 20}}]})]),
    "Predicate.any": ("1730", [(PRIME, {"any": [{"distinct_suits": {"eq": 4}},
                                                {"max_rank_count": {"eq": 2}}]})]),
    "Predicate.not_": ("1730", [(PRIME, {"distinct_suits": {"eq": 4},
                                         "not": {"pips": {"gt": 24}}})]),
    "Predicate.distinct_ranks": ("1730", [(PRIME, {"distinct_suits": {"eq": 4},
                                                   "distinct_ranks": {"eq": 4}})]),
    "Predicate.longest_run": ("1730", [(PRIME, {"distinct_suits": {"eq": 4},
                                                "longest_run": {"le": 2}})]),
    "Comparison.le": ("1730", [(PRIME, {"distinct_suits": {"eq": 4}, "pips": {"le": 20}})]),
    "Comparison.lt": ("1730", [(POINT, {"max_suit_count": {"in": [2, 3]},
                                        "pips": {"lt": 30}})]),
    "Comparison.ne": ("1730", [(TRICON, {"max_rank_count": {"eq": 3},
                                         "distinct_suits": {"ne": 3}})]),
    "BettingStep.raise_max": ("foster", [(("procedure", 7, "raise_max"), 2)]),
    "DeckRule.removed": ("1730", [(("deck", "removed"), ["10S", "AH"])]),
    "DeckRule.ranks": ("1730", [(("deck",), OWN_DECK)]),
    "RankSpec.label": ("1730", [(("deck",), OWN_DECK)]),
    "RankSpec.pips": ("1730", [(("deck",), OWN_DECK)]),
    "BettingStep.raises_max": ("foster", [(("procedure", 7, "raises_max"), 1)]),
}

# Keys that can only change together with another: the changed rules, whole.
CHANGED: dict[str, tuple[str, list[Edit]]] = {
    "DealStep.cards": ("foster", [(("procedure", 1, "cards"), 1),
                                  (("procedure", 4, "cards"), 3)]),
    "DeckRule.use": ("russian", [(("deck", "use"), "forty-courts")]),
}

VERSIONS = ("1730", "foster", "russian", "encyclopedia", "russian-courts", "1659", "1702")
MODULES = (common, table, combinations, procedure, ruleset, sources)
OFFENCES = ("showing_cards", "showing_discards", "wrong_number_of_cards", "misdeal")


# -- the walk over the model -------------------------------------------------------


def models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    """The model classes a field's type holds (through lists, unions, Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for argument in get_args(annotation):
        yield from models_in(argument)


def owner(model: type[BaseModel], name: str) -> str:
    """``Class.field``, naming the class that declares the field."""
    for klass in model.__mro__:
        if name in getattr(klass, "__annotations__", {}):
            return f"{klass.__name__}.{name}"
    raise AssertionError(name)


@cache
def every_field() -> dict[str, tuple[type[BaseModel], str]]:
    """Every field reachable from :class:`Ruleset`: ``Class.field`` -> (a model, name)."""
    found: dict[str, tuple[type[BaseModel], str]] = {}
    seen: set[type[BaseModel]] = set()

    def walk(model: type[BaseModel]) -> None:
        if model in seen:
            return
        seen.add(model)
        for name, info in model.model_fields.items():
            found.setdefault(owner(model, name), (model, name))
            for inner in models_in(info.annotation):
                walk(inner)

    walk(Ruleset)
    return found


def values_of(annotation: Any) -> list[Any] | None:
    """The values a literal type admits (through Optional), or ``None`` if it is not one."""
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    if get_origin(annotation) in (Union, types.UnionType):
        parts = [a for a in get_args(annotation) if a is not type(None)]
        if len(parts) == 1:
            return values_of(parts[0])
    return None


def is_fixed(key: str) -> bool:
    model, name = every_field()[key]
    annotation = model.model_fields[name].annotation
    values = values_of(annotation)
    return values is not None and len(values) == 1 and (
        model.model_fields[name].is_required() or model.model_fields[name].default in values)


def is_container(key: str) -> bool:
    """A field whose value is a mapping, or a list of them, whose keys are walked in turn.

    Not a condition's parts (``all``, ``not``, ``pips``…: which test is made
    is itself a rule) nor an outcome (what happens is the rule).
    """
    model, name = every_field()[key]
    info = model.model_fields[name]
    return (key.split(".")[0] != "Predicate" and bool(list(models_in(info.annotation)))
            and values_of(info.annotation) is None and not _is_outcome(info.annotation))


def _is_outcome(annotation: Any) -> bool:
    return procedure.Effect in set(models_in(annotation))


# -- where each field occurs, and what to change it to ------------------------------------


def instances(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[BaseModel,
                                                                        tuple[Any, ...]]]:
    """Every model object in a ruleset, with its path in the dumped data."""
    if isinstance(value, BaseModel):
        yield value, path
        for name, info in type(value).model_fields.items():
            yield from instances(getattr(value, name), (*path, info.alias or name))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from instances(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from instances(item, (*path, key))


def dumped(rules: Ruleset) -> dict[str, Any]:
    return rules.model_dump(by_alias=True, exclude_none=True)


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def changes(current: Any, annotation: Any) -> list[Any]:
    """Other values to try for a field (in dumped form)."""
    literal = values_of(annotation)
    if literal is not None:
        return [value for value in literal if value != current]
    if isinstance(current, bool):
        return [not current]
    if isinstance(current, str):
        return [current[:2] + "x"]
    if isinstance(current, int):
        return [current + 1, current - 1, current * 2]
    if isinstance(current, list) and current and all(isinstance(v, str) for v in current):
        options = _list_options(annotation)
        return ([[v for v in current if v != drop] for drop in current if len(current) > 1]
                + [[*current, add] for add in options if add not in current]
                + [list(reversed(current))])
    if isinstance(current, list) and current:
        return [list(reversed(current)), current[:-1], current[1:]]
    if isinstance(current, dict) and current and "eq" not in current:
        keys = list(current)
        return [dict(zip(keys, [current[k] for k in reversed(keys)], strict=True))]
    return []


def _list_options(annotation: Any) -> list[str]:
    for argument in get_args(annotation):
        values = values_of(argument) or _list_options(argument)
        if values:
            return [v for v in values if isinstance(v, str)]
    return []


def edited(version: str, edits: list[Edit]) -> dict[str, Any]:
    """A built-in version's data with some values replaced."""
    data = dumped(load_ruleset(version))
    for path, value in edits:
        at(data, path[:-1])[path[-1]] = copy.deepcopy(value)
    return data


def bases(key: str) -> Iterator[tuple[str, Ruleset]]:
    """The rules to change ``key`` in: a start made for it, or every built-in version."""
    if key in ADDED:
        version, edits = ADDED[key]
        rules = valid(edited(version, edits))
        assert rules is not None, f"the start made for {key} is not a valid ruleset"
        yield f"{version}+{key}", rules
        return
    for version in VERSIONS:
        yield version, load_ruleset(version)


Change = tuple[str, dict[str, Any], str, Any, Any]


def mutations(key: str) -> Iterator[Change]:
    """(base, changed data, what was changed, old value, new value) for each change
    to try on ``key``."""
    model, name = every_field()[key]
    declared = key.split(".")[0]
    info = model.model_fields[name]
    alias = info.alias or name
    if key in CHANGED:
        version, edits = CHANGED[key]
        yield version, edited(version, edits), f"{version}: {edits}", None, None
        return
    for version, rules in bases(key):
        for obj, path in instances(rules):
            if declared not in {k.__name__ for k in type(obj).__mro__}:
                continue
            current = getattr(obj, name)
            where = f"{version}: {'.'.join(map(str, (*path, alias)))}"
            if isinstance(obj, procedure.Effect):  # an effect: play without it
                if current is not None:
                    data = dumped(rules)
                    del at(data, path[:-1])[path[-1]]
                    yield version, data, f"{where} removed", None, None
                continue
            if current is None and values_of(info.annotation) is None:
                continue
            plain = at(dumped(rules), path).get(alias)
            tries = changes(plain, info.annotation)
            if not info.is_required() and plain is not None:
                tries.append(None)
            if _is_outcome(info.annotation):
                tries += [[], [{"end_deal": True}]]
            for value in tries:
                data = dumped(rules)
                if value is None:
                    at(data, path).pop(alias, None)
                else:
                    at(data, path)[alias] = value
                yield version, data, f"{where}: {plain!r} -> {value!r}", plain, value


def valid(data: dict[str, Any]) -> Ruleset | None:
    """The changed rules, if they still make a ruleset the loader would accept."""
    try:
        rules = Ruleset.model_validate(data)
        check_references(rules, data)
    except (ValidationError, AmbiguError):
        return None
    return rules


# -- playing the same sessions under two sets of rules ---------------------------------------


def attempt(trace: list[Any], call: Callable[[], Any]) -> bool:
    """Make a call that the rules may refuse; note the refusal. True if it was allowed."""
    try:
        call()
    except AmbiguError as error:
        trace.append(("refused", type(error).__name__, str(error)))
        return False
    return True


def session(rules: Ruleset, seed: int, players: int, banks: Any, length: int,
            **options: Any) -> list[Any]:
    """A seeded session of random play with things done out of turn; its record."""
    trace: list[Any] = []
    holder: list[Game] = []
    if not attempt(trace, lambda: holder.append(Game(rules, players=players, banks=banks,
                                                     seed=seed, **options))):
        return trace
    game = holder[0]
    rng = random.Random(seed)
    bots = [RandomBot(seed * 31 + seat) for seat in range(players)]
    for number in range(length):
        if rng.random() < 0.3:
            attempt(trace, lambda: game.buy_back(rng.randrange(players), 10))
        if rng.random() < 0.1:
            attempt(trace, lambda: game.leave(rng.randrange(players)))
        for seat in range(players) if not game.can_start_deal() else ():
            attempt(trace, lambda seat=seat: game.buy_back(seat, 30))
        if not game.can_start_deal() or not attempt(trace, game.start_deal):
            break
        if rng.random() < 0.15:  # the dealer is put out: who takes his part?
            attempt(trace, lambda: game.penalize(game.dealer, rng.choice(OFFENCES)))
        while not game.deal_over:
            roll = rng.random()
            if roll < 0.02:
                attempt(trace, lambda: game.penalize(rng.randrange(players),
                                                     rng.choice(OFFENCES)))
            elif roll < 0.04:
                attempt(trace, lambda: game.buy_back(rng.randrange(players), 5))
            elif roll < 0.05 and number == length - 1:
                attempt(trace, game.time_up)
            if game.deal_over:
                break
            seat = game.to_act or 0
            attempt(trace, lambda bot=bots[seat], seat=seat:
                    game.apply(bot.choose(game.view(seat))))
    trace.extend(record_of(event) for event in game.log)
    trace.append(("end", tuple(game.table.banks), game.table.pool, game.table.batterie))
    return trace


def hand_table(rules: Ruleset) -> str:
    """The fingerprint of the hand table ``rules`` play: see :func:`_hand_table_of`."""
    return _hand_table_of(evaluator_for(rules))


@lru_cache(maxsize=16)  # an evaluator holds its whole table: a few at a time
def _hand_table_of(evaluator: Evaluator) -> str:
    """The cards of the pack; every hand's rank key, and the combination and value
    of one hand per key; fingerprinted.

    Read once per evaluator: :func:`evaluator_for` gives one evaluator to every
    ruleset with the same hand rules, and an evaluator never changes (a change
    to the hand rules gives another evaluator, whose table is read afresh).
    """
    cards = tuple(evaluator.deck.format_card(card) for card in evaluator.deck.cards())
    keys: list[int] = []
    shown: dict[int, tuple[Any, ...]] = {}
    for hand in itertools.combinations(evaluator.deck.cards(), 4):
        key = evaluator.key_of(hand)
        keys.append(key)
        if key not in shown:
            result = evaluator.evaluate(hand)
            shown[key] = (result.combination, result.name, result.value)
    return digest((cards, tuple(keys), tuple(sorted(shown.items()))))


def agreed_choices(rules: Ruleset) -> list[dict[str, int]]:
    found = []
    for step in rules.procedure:
        for name in ("amount", "stake", "stand_pays"):
            amount = getattr(step, name, None)
            if isinstance(amount, common.Agreed):
                found += [{step.id: choice} for choice in (*amount.choices, 99)]
    return found


def digest(value: Any) -> str:
    """A short fingerprint of a record (outcomes are compared, never shown)."""
    return hashlib.sha256(repr(value).encode()).hexdigest()


def outcome(rules: Ruleset) -> list[str]:
    """What happens under ``rules`` in the fixed sessions and probes, fingerprinted."""
    return list(outcome_parts(rules))


def outcome_parts(rules: Ruleset) -> Iterator[str]:
    """The parts of :func:`outcome`, each played only when asked for: the hand table's
    fingerprint, then each session's."""
    yield hand_table(rules)
    yield from (digest(part) for part in _sessions(rules))


class Outcome:
    """:func:`outcome`, its parts played only as far as a comparison needs them."""

    def __init__(self, parts: Iterable[str]) -> None:
        self._parts = iter(parts)
        self._known: list[str] = []

    def part(self, index: int) -> str | None:
        """Part ``index`` (played now if it was not yet), ``None`` past the last."""
        while len(self._known) <= index:
            part = next(self._parts, None)
            if part is None:
                return None
            self._known.append(part)
        return self._known[index]

    def differs_from(self, other: Outcome) -> bool:
        """``outcome(mine) != outcome(theirs)``, compared part by part up to the first
        that differs."""
        index = 0
        while (mine := self.part(index)) == other.part(index):
            if mine is None:
                return False
            index += 1
        return True


def differs(rules: Ruleset, base: list[str]) -> bool:
    """Whether the outcome under ``rules`` is not ``base`` (the sessions after the
    first that differs are left unplayed)."""
    return Outcome(outcome_parts(rules)).differs_from(Outcome(base))


def _sessions(rules: Ruleset) -> Iterator[Any]:
    most = rules.players.max
    for seed in range(3):
        yield session(rules, seed, 4, 60, 25)
    yield session(rules, 7, most, 300, 30, dealer=None, keep_discards_apart=[0, 1])
    yield session(rules, 8, 3, [40, 2, 9], 25, resumed=True)
    yield session(rules, 9, 4, 40, 12, deals=10)
    yield session(rules, 10, 3, [50, 40, 50], 1)
    yield session(rules, 11, 4, 60, 8, fixed_stake=3)
    for number, agreed in enumerate(agreed_choices(rules)):
        yield session(rules, 20 + number, 4, 60, 3, agreed=agreed)


@cache
def baseline(base: str) -> list[str]:
    """The outcome under a built-in version, or under the start made for a key."""
    version, _, key = base.partition("+")
    if not key:
        return outcome(load_ruleset(version))
    return outcome(next(bases(key))[1])


def choices(key: str) -> set[Any] | None:
    """For a key that takes one of a few words, each of them (and ``None`` if it may
    be left out); ``None`` for any other key."""
    model, name = every_field()[key]
    info = model.model_fields[name]
    values = values_of(info.annotation)
    if values is None or issubclass(model, procedure.Effect):
        return None
    optional = not info.is_required() and info.default is None
    return set(values) | ({None} if optional else set())


def is_played(key: str) -> tuple[bool, list[str]]:
    """Whether changing ``key`` changes the outcome; the changes tried.

    A key that takes one of a few words must show every two of them to
    differ: at some place where the key is written, the two give different
    outcomes.
    """
    wanted = choices(key)
    if wanted is not None:
        return _words_played(key, wanted)
    tried = []
    for version, data, what, _, _ in mutations(key):
        rules = valid(data)
        if rules is None:
            continue
        tried.append(what)
        if differs(rules, baseline(version)):
            return True, tried
        if len(tried) >= 60:
            break
    return False, tried


def _words_played(key: str, wanted: set[Any]) -> tuple[bool, list[str]]:
    """Every two words of ``wanted`` give different outcomes somewhere."""
    alike = {frozenset(pair) for pair in itertools.combinations(wanted, 2)}
    tried: list[str] = []
    places: dict[tuple[str, str], dict[Any, Any]] = {}
    for version, data, what, old, new in mutations(key):
        rules = valid(data)
        if rules is None:
            continue
        tried.append(what)
        seen = places.setdefault((version, what.rsplit(": ", 1)[0]),
                                 {old: Outcome(baseline(version))})
        seen[new] = Outcome(outcome_parts(rules))
        alike = {pair for pair in alike if not (pair <= seen.keys() and _told_apart(seen, pair))}
        if not alike:
            return True, tried
    tried.append(f"never told apart: {sorted(sorted(map(repr, pair)) for pair in alike)}")
    return False, tried


def _told_apart(seen: dict[Any, Outcome], pair: frozenset[Any]) -> bool:
    first, second = pair
    return seen[first].differs_from(seen[second])


# -- the tests ----------------------------------------------------------------------------------

PLAYED = sorted(key for key in every_field()
                if key not in DESCRIPTIVE and not is_container(key) and not is_fixed(key))


def test_descriptive_keys_are_marked_so_in_the_model() -> None:
    marked = set()
    for key, (model, name) in every_field().items():
        extra = model.model_fields[name].json_schema_extra
        if isinstance(extra, dict) and extra.get("x-descriptive"):
            marked.add(key)
    assert marked == set(DESCRIPTIVE)


def test_the_walk_finds_the_whole_model() -> None:
    # The walk reaches every model class the rule modules define.
    defined = {obj for module in MODULES for obj in vars(module).values()
               if isinstance(obj, type) and issubclass(obj, BaseModel)
               and obj.__module__ == module.__name__ and obj.model_fields}
    reached = {model for model, _ in every_field().values()}
    declared = {klass for model in reached for klass in model.__mro__}
    # The bibliography's own models describe rulesets/sources.yaml, not a rule file.
    assert defined - declared - {common.Strict, sources.Source, sources.Bibliography,
                                 sources.Place} == set()


def test_fixed_keys_admit_one_value() -> None:
    fixed = sorted(key for key in every_field() if is_fixed(key))
    assert fixed == ["AnteStep.kind", "BettingStep.kind", "Choice.by", "DealStep.kind",
                     "ExchangeStep.kind", "Penalty.into", "Ruleset.format",
                     "ShowdownStep.kind", "ShuffleCallStep.kind"]


@pytest.mark.parametrize("key", PLAYED)
def test_changing_the_key_changes_play(key: str) -> None:
    played, tried = is_played(key)
    assert played, f"{key}: no change tried made any difference in play: {tried or 'none valid'}"


def test_the_sessions_are_the_same_when_nothing_changes() -> None:
    # The comparison is fair: the same rules give the same record.
    rules = valid(dumped(load_ruleset("foster")))
    assert rules is not None and outcome(rules) == baseline("foster")
    assert set(VERSIONS) == set(builtin_ids())


def test_the_part_by_part_comparison_agrees_with_comparing_whole_outcomes() -> None:
    # differs_from must say what `!=` of the whole lists says, also when one
    # outcome has more parts (a file with more agreed amounts plays more sessions).
    cases = [(["a", "b"], ["a", "b"]), (["a", "b"], ["a", "c"]), (["a"], ["a", "b"]),
             (["x", "b"], ["a", "b"]), ([], [])]
    for mine, theirs in cases:
        assert Outcome(mine).differs_from(Outcome(theirs)) == (mine != theirs)
        assert Outcome(theirs).differs_from(Outcome(mine)) == (mine != theirs)
