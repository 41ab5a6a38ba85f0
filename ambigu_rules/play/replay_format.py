"""The replay file format: a table, scripted deals and the actions taken, in YAML.

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
table agrees to play (all of them: ``time up`` is then refused, and so is a
loser's ``leave`` that only a time limit allows); ``fixed_stake: N`` is the
one stake every opening and raise must be, where the version lets the table
fix it; ``buy_back_agreed: true`` is the table's agreement to let players buy
counters back in (``buy N``) where the version leaves that to the table
(refused where the version forbids it); ``resumed: true`` picks up a session
under way, whose banks need not be equal even where the version starts them
equal.

Seat names are distinct non-empty texts; banks, ``buy`` amounts, ``agreed``
amounts, ``limit`` (at least 1) and ``seed`` are whole numbers from 0 to
1,000,000,000 (``limits.MAX_COUNTERS``); a seat number for ``dealer`` counts
from 0. Every name used (dealer, cards, buy, keep_discards_apart, expected
banks, hands and debts) must be a seat's. A bad card is reported at the card
itself, also in ``expect: hands``; an expected debt names its debtor and
creditor and a whole number of counters.

This module reads a replay file into typed records (:class:`ReplaySpec`) and
checks its shape, its numbers and the names it uses (:func:`load_replay`);
every problem is reported at its place, ``file:line:col``. What the records
mean at the table is worked out elsewhere: the scripted cards are read and
checked before play, and checked as used after each deal, by
:mod:`ambigu_rules.play.replay_scripts` (the first hands come from one pack,
a stock holds no card of a scripted first hand, no hand is scripted more
cards than its player can receive, and a card, redeal or refill scripted but
never dealt is refused at its place); :mod:`ambigu_rules.play.replay_run`
plays the replay, and :mod:`ambigu_rules.play.replay_expectations` compares
its end with ``expect:``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError

from ..errors import RulesetError
from ..limits import MAX_COUNTERS
from ..load.validation import format_path, validate_model
from ..load.yaml_source import MarkedDict, MarkedList, load_file, position_of
from ..rules.common import Strict, VersionName


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
    """A seat's name: a non-empty text of printable characters."""
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
    """One seat at the table: the player's name and the counters he starts with."""

    name: SeatName
    bank: Counters


class SharedBank(Strict):
    """The short form's one ``bank:`` for every seat given by name only."""

    bank: Counters


class DealSpec(Strict):
    """One deal as the file writes it: buying before it, its scripts and its action lines."""

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
    """The ``expect:`` block: what the table must show once the last deal is played."""

    banks: dict[str, Balance] | None = None
    pool: Counters | None = None
    batterie: Counters | None = None
    on_table: Counters | None = None
    dealer: str | None = None
    session_over: bool | None = None
    hands: dict[str, str] | None = None
    debts: list[DebtSpec] | None = None


class ReplaySpec(Strict):
    """A whole replay file, short forms expanded: the version, the table and its deals."""

    variant: VersionName
    seats: list[SeatSpec] = Field(min_length=2)
    dealer: Seat = 0
    draw_for_deal: dict[str, str] | None = None
    deals_agreed: AtLeastOne | None = None
    fixed_stake: AtLeastOne | None = None
    buy_back_agreed: bool = False
    resumed: bool = False
    limit: AtLeastOne | None = None
    agreed: dict[str, Counters] = {}
    seed: Counters = 0
    keep_discards_apart: list[str] = []
    deals: list[DealSpec] = []
    expect: Expectation | None = None
    title: str | None = None
    note: str | None = None


DEAL_KEYS = ("cards", "hands", "stock", "actions", "buy")


def _rename(mapping: MarkedDict, old: str, new: str) -> None:
    """Give key ``old`` of ``mapping`` the name ``new`` (with its mark), unless ``new`` is set."""
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



def _check_names(spec: ReplaySpec, data: Any, file: str) -> list[str]:
    """Seat names are distinct, and every name the file uses is a seat's."""
    problems: list[str] = []

    def where(*path: Any) -> str:
        mark = position_of(data, path)
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
