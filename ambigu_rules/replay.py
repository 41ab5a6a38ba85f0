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
        actions:
          - Anna: discard none
          - Ben: open 2
    expect:                    # optional: written from the source, checked by `replay`
      banks: {Anna: 60, Ben: 40}
      pool: 0

Short forms are accepted too: ``version:`` for ``variant:``, ``hands:`` for
``cards:``, a single deal written at the top level (``cards``/``stock``/
``actions`` without ``deals``), and seats as plain names with one ``bank:``.

Each action names the player whose turn it is, except two things a player
may do out of turn: ``penalty OFFENCE`` (an irregularity such as
``showing_cards``: the version's penalty is applied) and ``buy N`` (buying
counters back while it is allowed). ``buy: {Anna: 50}`` in a deal buys
before it starts. A replay that breaks a rule stops with the position of the
offending line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import Field

from .errors import AmbiguError, IllegalActionError, RulesetError
from .model import Count, Identifier, Strict
from .validation import validate_model
from .yaml_source import MarkedDict, MarkedList, load_file


class SeatSpec(Strict):
    name: str = Field(min_length=1)
    bank: Count


class DealSpec(Strict):
    buy: dict[str, int] = {}
    cards: dict[str, str] | None = None
    stock: str | None = None
    actions: list[dict[str, str] | str] = []


class Expectation(Strict):
    banks: dict[str, int] | None = None
    pool: int | None = None
    batterie: int | None = None
    on_table: int | None = None
    dealer: str | None = None
    debts: list[dict[str, Any]] | None = None


class ReplaySpec(Strict):
    variant: Identifier
    seats: list[SeatSpec] = Field(min_length=2)
    dealer: str | int = 0
    limit: int | None = None
    agreed: dict[str, int] = {}
    seed: int = 0
    keep_discards_apart: list[str] = []
    deals: list[DealSpec] = []
    expect: Expectation | None = None
    title: str | None = None
    note: str | None = None


class ReplayError(AmbiguError):
    """A replay that cannot be played: where it stops and why."""


@dataclass
class ReplayResult:
    """The transcript and the final state of a replay."""

    game: Any
    events: list[Any]
    mismatches: list[str] = field(default_factory=list)

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
            "debts": [
                {"debtor": game.name(d.debtor), "creditor": game.name(d.creditor),
                 "amount": d.amount}
                for d in table.debts
            ],
        }


def _seat_of(names: list[str], who: str | int, where: str) -> int:
    if isinstance(who, int) and not isinstance(who, bool):
        if 0 <= who < len(names):
            return who
    elif who in names:
        return names.index(who)
    raise ReplayError(f"{where}: no seat {who!r} (seats: {', '.join(names)})")


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
        deals = MarkedList([deal])
        deals.mark = deal.mark
        deals.marks[0] = deal.mark
        data["deals"] = deals
        data.marks["deals"] = deal.mark
    for deal in data.get("deals") or []:
        if isinstance(deal, MarkedDict):
            _rename(deal, "hands", "cards")
    seats = data.get("seats")
    bank = data.pop("bank", None)
    if isinstance(seats, list):
        for index, seat in enumerate(seats):
            if isinstance(seat, str):
                entry = MarkedDict({"name": seat, "bank": bank})
                entry.mark = seats.marks.get(index)
                entry.marks = {"name": entry.mark, "bank": entry.mark}
                seats[index] = entry
    return data


def load_replay(path: Path) -> tuple[ReplaySpec, Any]:
    data = load_file(path)
    if not isinstance(data, dict):
        raise RulesetError([f"{path}:1:1: expected a mapping with variant, seats and deals"])
    if "format" in data and "seats" not in data:
        raise RulesetError([f"{path}:1:1: this is a rule file, not a replay: a replay names "
                            "a variant, its seats and the deals (see 'ambigu replay --help')"])
    data = normalise(data)
    return validate_model(ReplaySpec, data, data), data


def _variant_path(spec: ReplaySpec, path: Path) -> str:
    from .registry import builtin_ids

    if spec.variant in builtin_ids():
        return spec.variant
    return str((path.parent / spec.variant).resolve())


def play_replay(path: Path) -> ReplayResult:
    """Play a replay file to its end and check its expectations."""
    from .engine.actions import parse_action
    from .engine.game import Game

    spec, data = load_replay(path)
    names = [seat.name for seat in spec.seats]
    game = Game(
        _variant_path(spec, path),
        names=names,
        banks=[seat.bank for seat in spec.seats],
        dealer=_seat_of(names, spec.dealer, f"{data.marks['dealer']}" if "dealer" in data.marks
                        else str(path)),
        seed=spec.seed,
        limit=spec.limit if spec.limit is not None else 10,
        agreed=spec.agreed,
        keep_discards_apart=[_seat_of(names, n, str(path)) for n in spec.keep_discards_apart],
    )
    for deal_index, deal in enumerate(spec.deals):
        deal_data = data["deals"][deal_index]
        where = f"{data['deals'].marks[deal_index]}"
        cards = None
        if deal.cards:
            cards = {}
            for name, text in deal.cards.items():
                seat = _seat_of(names, name, where)
                # A card may come back to a player after the discards are reused.
                cards[seat] = [game.deck.parse_card(token) for token in str(text).split()]
        stock = list(game.deck.parse_cards(deal.stock)) if deal.stock else None
        try:
            for name, amount in deal.buy.items():
                game.buy_back(_seat_of(names, name, where), amount)
            game.start_deal(cards=cards, stock=stock)
        except AmbiguError as error:
            raise ReplayError(f"{where}: deal {deal_index + 1}: {error}") from None
        for action_index, item in enumerate(deal.actions):
            line = deal_data["actions"].marks[action_index]
            if isinstance(item, str):
                who, _, text = item.strip().partition(" ")
            elif len(item) == 1:
                ((who, text),) = item.items()
            else:
                raise ReplayError(f"{line}: write one action per line, as 'Name: action'")
            seat = _seat_of(names, who, str(line))
            words = str(text).split()
            if words and words[0] in ("penalty", "buy"):
                _outside_turn(game, seat, words, f"{line}: {who}")
                continue
            if game.deal_over:
                raise ReplayError(f"{line}: the deal is over; no more actions are expected")
            if game.to_act != seat:
                raise ReplayError(
                    f"{line}: it is {game.name(game.to_act)}'s turn, not {who}'s"
                    if game.to_act is not None else f"{line}: nobody is to act")
            try:
                action = parse_action(str(text), game.deck.parse_cards)
                game.apply(action)
            except (IllegalActionError, AmbiguError) as error:
                raise ReplayError(f"{line}: {who}: {error}") from None
        if not game.deal_over:
            who = game.name(game.to_act) if game.to_act is not None else "nobody"
            raise ReplayError(f"{where}: deal {deal_index + 1} is not finished: "
                              f"{who} is to act")
    result = ReplayResult(game, list(game.log))
    if spec.expect is not None:
        result.mismatches = _check(spec.expect, result.final_state())
    return result


def _outside_turn(game: Any, seat: int, words: list[str], where: str) -> None:
    """``penalty OFFENCE`` or ``buy N``: things a player does out of turn."""
    try:
        if words[0] == "penalty" and len(words) == 2:
            game.penalize(seat, words[1])
        elif words[0] == "buy" and len(words) == 2 and words[1].isdigit():
            game.buy_back(seat, int(words[1]))
        else:
            raise ReplayError(f"{where}: write 'penalty OFFENCE' or 'buy N'")
    except IllegalActionError as error:
        raise ReplayError(f"{where}: {error}") from None


def _check(expect: Expectation, state: dict[str, Any]) -> list[str]:
    problems = []
    for key, wanted in expect.model_dump(exclude_none=True).items():
        got = state[key]
        if key == "banks":
            for name, amount in wanted.items():
                if got.get(name) != amount:
                    problems.append(f"bank of {name}: expected {amount}, got {got.get(name)}")
        elif got != wanted:
            problems.append(f"{key}: expected {wanted}, got {got}")
    return problems
