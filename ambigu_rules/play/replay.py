"""Replay files: a table, scripted deals and the actions taken, in YAML.

::

    variant: foster            # a version id, or a path relative to this file
    seats:
      - {name: Anna, bank: 50}
      - {name: Ben, bank: 50}
    dealer: Ben                # a name or a seat number (0 = first seat)
    limit: 10                  # optional: largest bet or raise
    agreed: {ante: 2}          # optional: the table's choice of agreed amounts
    seed: 1                    # optional: shuffles anything not scripted
    deals:
      - cards:                 # the cards each player receives, in order
          Anna: 2S 3S 4S 9S
        redeals:               # optional: the cards of each redeal, in turn
          - {Anna: 5H 6H 7H 8H}
        refill: 9S 2S          # optional: the discards served first when the stock runs short
        actions:
          - Anna: discard none
          - Ben: open 2
    expect:                    # optional: written from the source, checked by `replay`
      banks: {Anna: 60, Ben: 40}
      pool: 0

Short forms are accepted too: ``version:`` for ``variant:``, ``hands:`` for
``cards:``, a single deal written at the top level (``cards``/``stock``/
``actions`` without ``deals``), and seats as plain names with one ``bank:``.

Each action names the player whose turn it is, except three things a player
may do out of turn: ``penalty OFFENCE`` (an irregularity such as
``showing_cards``: the version's penalty is applied), ``buy N`` (buying
counters back while it is allowed) and ``leave`` (leaving the table between
deals, as the version's ``duration.leaving`` allows). ``buy: {Anna: 50}`` in
a deal buys before it starts. The line ``time up`` (no name) says the agreed
time is up. A replay that breaks a rule stops with the position of the
offending line, unless the line expects it: ``{Anna: call, refused: not
allowed}`` expects the action to be refused with a message holding ``not
allowed``, and play goes on as if it had not been tried; ``refused:`` on a
deal expects the deal not to start.

The session: ``draw_for_deal: {Anna: 7S, Ben: 10H}`` (instead of
``dealer``) has the first dealer chosen by the version's ``first_dealer``
rule, with these cards drawn; ``deals_agreed: N`` is the number of deals the
table agrees to play; ``fixed_stake: N`` is the one stake every opening and
raise must be, where the version lets the table fix it; ``resumed: true``
picks up a session under way, whose banks need not be equal even where the
version starts them equal.

Seat names are distinct non-empty texts; banks, ``buy`` amounts, ``agreed``
amounts, ``limit`` (at least 1) and ``seed`` are whole numbers from 0 to
1,000,000,000 (``limits.MAX_COUNTERS``); a seat number for ``dealer`` counts
from 0. Every name used (dealer, cards, buy, keep_discards_apart, expected
banks, hands and debts) must be a seat's. A bad card is reported at the card
itself, also in ``expect: hands``; an expected debt names its debtor and
creditor and a whole number of counters.

Scripted cards are read and checked before play, and checked as used after
each deal (:mod:`ambigu_rules.play.replay_scripts`): the first hands come
from one pack, a stock holds no card of a scripted first hand, no hand is
scripted more cards than its player can receive, and a card, redeal or
refill scripted but never dealt is refused at its place.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError

from ..errors import AmbiguError, ReplayError, RulesetError
from ..limits import MAX_COUNTERS
from ..load.validation import format_path, validate_model
from ..load.yaml_source import Mark, MarkedDict, MarkedList, load_file, position_of
from ..rules.common import Agreed, Strict, VersionName
from ..rules.ruleset import Ruleset
from .replay_scripts import (
    dealt_per_script,
    play_deal,
    read_deal_scripts,
    read_draws,
    read_expected_hands,
    seat_of,
)

if TYPE_CHECKING:  # the engine is imported only when a replay is played
    from ..engine.events import AnyEvent
    from ..engine.game import Game


def _whole(minimum: int) -> Any:
    """A whole number from ``minimum`` to ``MAX_COUNTERS``; never a bool or a float."""
    shown = f"{minimum:,}"

    def check(value: Any) -> Any:
        if type(value) is not int or not minimum <= value <= MAX_COUNTERS:
            got = repr(value) if len(repr(value)) <= 24 else f"a number of {len(str(value))} digits"
            raise PydanticCustomError(
                "bounded_whole_number", "expected a whole number from {minimum} to {maximum}, "
                "got {got}", {"minimum": shown, "maximum": f"{MAX_COUNTERS:,}", "got": got})
        return value

    return BeforeValidator(check, json_schema_input_type=int)


def _name(value: Any) -> Any:
    if not isinstance(value, str) or not value.strip() or not value.isprintable():
        raise PydanticCustomError("seat_name", "expected a name (a non-empty text), got {got}",
                                  {"got": repr(value)[:40]})
    return value


def _seat(value: Any) -> Any:
    """A seat given by name, or by number counting from 0."""
    if isinstance(value, str):
        return _name(value)
    if type(value) is not int or not 0 <= value <= MAX_COUNTERS:
        raise PydanticCustomError("seat", "expected a seat's name or number (0 = first "
                                  "seat), got {got}", {"got": repr(value)[:40]})
    return value


Counters = Annotated[int, _whole(0)]
AtLeastOne = Annotated[int, _whole(1)]
# A bank at the end may be below 0 (a player who owes more than he has).
Balance = Annotated[int, _whole(-MAX_COUNTERS)]
SeatName = Annotated[str, BeforeValidator(_name, json_schema_input_type=str)]
Seat = Annotated[str | int, BeforeValidator(_seat, json_schema_input_type=str | int)]


class SeatSpec(Strict):
    name: SeatName
    bank: Counters


class SharedBank(Strict):
    """The short form's one ``bank:`` for every seat given by name only."""

    bank: Counters


class DealSpec(Strict):
    refused: str | None = None
    buy: dict[str, AtLeastOne] = {}
    cards: dict[str, str] | None = None
    stock: str | None = None
    redeals: list[dict[str, str]] = []
    refill: str | None = None
    actions: list[dict[str, str] | str] = []


class DebtSpec(Strict):
    """An expected debt: who owes whom, and how many counters."""

    debtor: SeatName
    creditor: SeatName
    amount: Counters


class Expectation(Strict):
    banks: dict[str, Balance] | None = None
    pool: Counters | None = None
    batterie: Counters | None = None
    on_table: Counters | None = None
    dealer: str | None = None
    session_over: bool | None = None
    hands: dict[str, str] | None = None
    debts: list[DebtSpec] | None = None


class ReplaySpec(Strict):
    variant: VersionName
    seats: list[SeatSpec] = Field(min_length=2)
    dealer: Seat = 0
    draw_for_deal: dict[str, str] | None = None
    deals_agreed: AtLeastOne | None = None
    fixed_stake: AtLeastOne | None = None
    resumed: bool = False
    limit: AtLeastOne | None = None
    agreed: dict[str, Counters] = {}
    seed: Counters = 0
    keep_discards_apart: list[str] = []
    deals: list[DealSpec] = []
    expect: Expectation | None = None
    title: str | None = None
    note: str | None = None


@dataclass
class ReplayResult:
    """The transcript and the final state of a replay."""

    game: Game
    events: list[AnyEvent]
    mismatches: list[str] = field(default_factory=list)

    def transcript(self) -> list[str]:
        """The deal told in English, one line per event."""
        from .narration import Narrator

        return Narrator(self.game.names, self.game.deck).lines(self.events)

    def events_json(self) -> list[dict[str, Any]]:
        """Each event as a flat record with its line of text."""
        from .narration import Narrator

        narrator = Narrator(self.game.names, self.game.deck)
        return [narrator.to_json(event) for event in self.events]

    def final_state(self) -> dict[str, Any]:
        game = self.game
        table = game.table
        return {
            "banks": {game.name(s): b for s, b in enumerate(table.banks)},
            "pool": table.pool,
            "batterie": table.batterie,
            "bets": sum(table.bets),
            "on_table": table.on_table,
            "dealer": game.name(game.dealer),
            "session_over": game.session_over,
            "hands": {game.name(s): game.deck.format_hand(sorted(game.hand(s)))
                      for s in range(game.players) if game.hand(s)},
            "debts": [
                {"debtor": game.name(d.debtor), "creditor": game.name(d.creditor),
                 "amount": d.amount}
                for d in table.debts
            ],
        }


DEAL_KEYS = ("cards", "hands", "stock", "actions", "buy")


def _rename(mapping: MarkedDict, old: str, new: str) -> None:
    if old in mapping and new not in mapping:
        mapping[new] = mapping.pop(old)
        mapping.marks[new] = mapping.marks.pop(old, mapping.mark)


def normalise(data: MarkedDict) -> MarkedDict:
    """Accept the short forms of a replay file.

    ``version:`` for ``variant:``; ``hands:`` for ``cards:``; a single deal
    written at the top level (``cards``/``stock``/``actions`` without
    ``deals``); seats given as plain names with one ``bank:`` for all.
    """
    _rename(data, "version", "variant")
    if "deals" not in data and any(key in data for key in DEAL_KEYS):
        deal = MarkedDict()
        deal.mark = data.mark
        for key in DEAL_KEYS:
            if key in data:
                deal[key] = data.pop(key)
                deal.marks[key] = data.marks.pop(key, data.mark)
        one_deal = MarkedList([deal])
        one_deal.mark = deal.mark
        one_deal.marks[0] = deal.mark
        data["deals"] = one_deal
        data.marks["deals"] = deal.mark
    deals = data.get("deals")
    for deal in deals if isinstance(deals, list) else []:
        if isinstance(deal, MarkedDict):
            _rename(deal, "hands", "cards")
    seats = data.get("seats")
    bank = data.pop("bank", None)
    if isinstance(seats, MarkedList):  # as every list that load_file reads
        for index, seat in enumerate(seats):
            if isinstance(seat, str):
                entry = MarkedDict({"name": seat, "bank": bank})
                entry.mark = seats.marks.get(index)
                entry.marks = {"name": entry.mark, "bank": entry.mark}
                seats[index] = entry
    return data


def load_replay(path: Path) -> tuple[ReplaySpec, Any]:
    """Read and check a replay file: its shape, numbers and the seat names it uses."""
    data = load_file(path)
    if not isinstance(data, MarkedDict):  # as every mapping that load_file reads
        raise RulesetError([f"{path}:1:1: expected a mapping with variant, seats and deals"])
    if "format" in data and "seats" not in data:
        raise RulesetError([f"{path}:1:1: this is a rule file, not a replay: a replay names "
                            "a variant, its seats and the deals (see 'ambigu replay --help')"])
    if "bank" in data:  # checked once here, not once per seat
        validate_model(SharedBank, {"bank": data["bank"]}, data)
    data = normalise(data)
    spec = validate_model(ReplaySpec, data, data)
    problems = _check_names(spec, data, str(path))
    if problems:
        raise RulesetError(problems)
    return spec, data


def _mark_at(data: Any, *path: Any) -> Mark | None:
    return position_of(data, path)


def _check_names(spec: ReplaySpec, data: Any, file: str) -> list[str]:
    """Seat names are distinct, and every name the file uses is a seat's."""
    problems: list[str] = []

    def where(*path: Any) -> str:
        mark = _mark_at(data, *path)
        return str(mark) if mark else f"{file}:1:1"

    names: list[str] = []
    for index, seat in enumerate(spec.seats):
        if seat.name in names:
            problems.append(f"{where('seats', index, 'name')}: seats[{index}].name: "
                            f"{seat.name!r} is already the name of seat {names.index(seat.name)}"
                            " (seats count from 0): each seat needs its own name")
        names.append(seat.name)
    listed = ", ".join(dict.fromkeys(names))

    def check(who: str | int, path: tuple[Any, ...]) -> None:
        if (isinstance(who, int) and 0 <= who < len(names)) or who in names:
            return
        problems.append(f"{where(*path)}: {format_path(path)}: no seat {who!r} "
                        f"(seats: {listed})")

    check(spec.dealer, ("dealer",))
    for index, name in enumerate(spec.keep_discards_apart):
        check(name, ("keep_discards_apart", index))
    for name in spec.draw_for_deal or {}:
        check(name, ("draw_for_deal", name))
    for number, deal in enumerate(spec.deals):
        for key in ("cards", "buy"):
            for name in getattr(deal, key) or {}:
                check(name, ("deals", number, key, name))
    if spec.expect is not None:
        for name in spec.expect.banks or {}:
            check(name, ("expect", "banks", name))
        if spec.expect.dealer is not None:
            check(spec.expect.dealer, ("expect", "dealer"))
        for name in spec.expect.hands or {}:
            check(name, ("expect", "hands", name))
        for index, debt in enumerate(spec.expect.debts or []):
            check(debt.debtor, ("expect", "debts", index, "debtor"))
            check(debt.creditor, ("expect", "debts", index, "creditor"))
    return problems


def _variant_path(spec: ReplaySpec, path: Path) -> str:
    """The replay's version: a built-in id, or a file beside the replay or below it.

    The same rule as a rule file's ``extends:`` (see :mod:`ambigu_rules.load.catalog`).
    """
    from ..load.catalog import builtin_ids, version_beside

    if spec.variant in builtin_ids():
        return spec.variant
    return str(version_beside(spec.variant, path))


def _ruleset(spec: ReplaySpec, data: Any, path: Path) -> Ruleset:
    """The replay's version, with its table checked against it (players, agreed)."""
    from ..errors import UnknownVariantError
    from ..load.resolver import load_ruleset

    try:
        ruleset = load_ruleset(_variant_path(spec, path))
    except UnknownVariantError as error:
        raise ReplayError(f"{_mark_at(data, 'variant')}: variant: {error}") from None
    players = ruleset.players
    if not players.min <= len(spec.seats) <= players.max:
        raise ReplayError(f"{_mark_at(data, 'seats')}: seats: {ruleset.id!r} is played by "
                          f"{players.min} to {players.max} players, not {len(spec.seats)}")
    steps = {step.id: step for step in ruleset.procedure}
    for step_id, value in spec.agreed.items():
        amounts = [getattr(steps.get(step_id), key, None)
                   for key in ("amount", "stake", "stand_pays")]
        agreed = next((amount for amount in amounts if amount is not None), None)
        if not isinstance(agreed, Agreed):
            problem = f"{ruleset.id!r} has no step {step_id!r} with an agreed amount"
        elif value not in agreed.choices:
            problem = (f"{value} is not one of the choices of {step_id!r} "
                       f"({', '.join(map(str, agreed.choices))})")
        else:
            continue
        raise ReplayError(f"{_mark_at(data, 'agreed', step_id)}: agreed.{step_id}: {problem}")
    return ruleset


def play_replay(path: Path,
                watch: Callable[[Game, AnyEvent], None] | None = None) -> ReplayResult:
    """Play a replay file to its end and check its expectations.

    ``watch``, if given, is called with the game and each event as the event
    is recorded (the worked examples' table view snapshots the table there).
    """
    spec, data = load_replay(path)
    game = _new_game(spec, data, path)
    # Every script is read, and checked, before the first deal is played.
    dealt = dealt_per_script(game.ruleset)
    scripts = [read_deal_scripts(game.deck, deal, data["deals"][index], game.names, index + 1,
                                 f"{data['deals'].marks[index]}", dealt)
               for index, deal in enumerate(spec.deals)]
    hands = {}
    if spec.expect is not None and spec.expect.hands:
        hands = read_expected_hands(game.deck, spec.expect.hands, data["expect"]["hands"],
                                    str(_mark_at(data, "expect", "hands")))
    if watch is not None:
        game.watcher = functools.partial(watch, game)
    for deal_index, deal in enumerate(spec.deals):
        play_deal(game, deal, scripts[deal_index], data["deals"][deal_index],
                  f"{data['deals'].marks[deal_index]}")
    result = ReplayResult(game, list(game.log))
    if spec.expect is not None:
        result.mismatches = _check(spec.expect, result.final_state(), game.deck, hands)
    return result


def _new_game(spec: ReplaySpec, data: Any, path: Path) -> Game:
    """The replay's table, seated under its version; the first dealer named or drawn for."""
    from ..engine.game import Game

    names = [seat.name for seat in spec.seats]
    ruleset = _ruleset(spec, data, path)
    drawn = None
    if spec.draw_for_deal is not None:
        if "dealer" in data:
            raise ReplayError(f"{_mark_at(data, 'draw_for_deal')}: draw_for_deal: give either "
                              "the dealer or the cards drawn for the deal, not both")
        from ..load.catalog import deck_of

        drawn = read_draws(deck_of(ruleset.deck, ruleset.id), spec.draw_for_deal,
                           data["draw_for_deal"], names, str(_mark_at(data, "draw_for_deal")))
    try:
        return Game(
            ruleset,
            names=names,
            banks=[seat.bank for seat in spec.seats],
            dealer=None if drawn is not None else seat_of(names, spec.dealer,
                                                          str(_mark_at(data, "dealer"))),
            drawn=drawn,
            seed=spec.seed,
            limit=spec.limit if spec.limit is not None else 10,
            agreed=spec.agreed,
            keep_discards_apart=[seat_of(names, n, str(path)) for n in spec.keep_discards_apart],
            deals=spec.deals_agreed,
            fixed_stake=spec.fixed_stake,
            resumed=spec.resumed,
        )
    except AmbiguError as error:
        if isinstance(error, RulesetError):
            raise
        raise ReplayError(f"{_mark_at(data)}: {error}") from None


def _hand_problems(wanted: dict[str, frozenset[int]], got: dict[str, str],
                   deck: Any) -> list[str]:
    """The expected hands at the end (the cards, in any order) against the held ones."""
    problems = []
    for name, cards in wanted.items():
        held = got.get(name, "")
        if cards != frozenset(deck.parse_cards(held)):
            problems.append(f"hand of {name}: expected {deck.format_hand(sorted(cards))}, got "
                            f"{held or 'no cards'}")
    return problems


def _check(expect: Expectation, state: dict[str, Any], deck: Any,
           hands: dict[str, frozenset[int]]) -> list[str]:
    """What the final state does not show of the expectations (``hands`` read before play)."""
    problems = []
    for key, wanted in expect.model_dump(exclude_none=True).items():
        got = state[key]
        if key == "banks":
            for name, amount in wanted.items():
                if got.get(name) != amount:
                    problems.append(f"bank of {name}: expected {amount}, got {got.get(name)}")
        elif key == "hands":
            problems += _hand_problems(hands, got, deck)
        elif got != wanted:
            problems.append(f"{key}: expected {wanted}, got {got}")
    return problems
