"""Playing a replay: the table it sets, each deal through the engine, and what came of it.

:func:`play_replay` reads the file (:mod:`ambigu_rules.play.replay_format`),
loads the version it names and checks the table against it (the number of
players, the agreed amounts), seats the players with their banks and the
first dealer (named, or drawn for with the cards the file gives), reads every
deal's scripts before the first is played
(:mod:`ambigu_rules.play.replay_scripts`), then plays the deals in turn: the
buying before each, its start with the scripted cards, each action line
(:func:`play_action`), and the check that every script was used. At the end
it compares the table with ``expect:``
(:mod:`ambigu_rules.play.replay_expectations`).

A line the rules refuse stops the replay with a :class:`~ambigu_rules.errors.ReplayError`
at that line's place (``file:line:col``), unless the line says it expects to
be refused. A problem in the rule file of the version itself stays a
:class:`~ambigu_rules.errors.RulesetError`, at its place in that file.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import (
    AmbiguError,
    IllegalActionError,
    ReplayError,
    SourceError,
    whole_number,
)
from ..limits import MAX_COUNTERS
from ..load.yaml_source import Mark, position_of
from ..rules.common import Agreed
from ..rules.ruleset import Ruleset
from ..words.lang import EN, Lang
from .replay_expectations import read_expected_hands, unmet_expectations
from .replay_format import DealSpec, ReplaySpec, load_replay
from .replay_scripts import (
    DealScripts,
    action_parts,
    check_used,
    dealt_per_script,
    read_deal_scripts,
    read_draws,
    seat_of,
)

if TYPE_CHECKING:  # the engine is imported only when a replay is played
    from ..engine.events import AnyEvent
    from ..engine.game import Game


@dataclass
class ReplayResult:
    """The transcript and the final state of a replay."""

    game: Game
    events: list[AnyEvent]
    mismatches: list[str] = field(default_factory=list)

    def transcript(self, lang: Lang = EN) -> list[str]:
        """The deal told in ``lang`` (English unless told), one line per event."""
        from .narration import Narrator

        return Narrator(self.game.names, self.game.deck, lang,
                        self.game.ruleset).lines(self.events)

    def events_json(self, lang: Lang = EN) -> list[dict[str, Any]]:
        """Each event as a flat record with its line of text."""
        from .narration import Narrator

        narrator = Narrator(self.game.names, self.game.deck, lang, self.game.ruleset)
        return [narrator.to_json(event) for event in self.events]

    def final_state(self) -> dict[str, Any]:
        """The table once the replay is played: what ``expect:`` is compared with."""
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


def _mark_at(data: Any, *path: Any) -> Mark | None:
    """The place of the value at ``path`` in the replay's marked data, if it has one."""
    return position_of(data, path)


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
        result.mismatches = unmet_expectations(spec.expect, result.final_state(), game.deck,
                                               hands)
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
            limit=spec.limit,
            agreed=spec.agreed,
            keep_discards_apart=[seat_of(names, n, str(path)) for n in spec.keep_discards_apart],
            deals=spec.deals_agreed,
            fixed_stake=spec.fixed_stake,
            buy_back_agreed=spec.buy_back_agreed,
            resumed=spec.resumed,
        )
    except AmbiguError as error:
        if isinstance(error, SourceError):  # already at its place: the version's, or a seat's
            raise
        raise ReplayError(f"{_mark_at(data)}: {error}") from None


# -- playing a deal ------------------------------------------------------------------


def play_deal(game: Game, deal: DealSpec, scripts: DealScripts, deal_data: Any,
              where: str) -> None:
    """Start one scripted deal (after leaving and buying), play its actions, and
    check that its scripts were used."""
    names, number = game.names, scripts.number
    start = len(game.log)
    try:
        for name, amount in deal.buy.items():
            game.buy_back(seat_of(names, name, where), amount)
        game.start_deal(**scripts.engine_arguments())
    except AmbiguError as error:
        if deal.refused is not None and deal.refused in str(error):
            return
        if scripts.stock is not None and "stock" in str(error):  # say so at the stock's line
            raise ReplayError(f"{deal_data.marks.get('stock')}: deal {number}, stock: "
                              f"{error}") from None
        raise ReplayError(f"{where}: deal {number}: {error}") from None
    if deal.refused is not None:
        raise ReplayError(f"{where}: deal {number}: expected to be refused "
                          f"({deal.refused!r}), but it was dealt")
    for action_index, item in enumerate(deal.actions):
        play_action(game, item, str(deal_data["actions"].marks[action_index]))
    if not game.deal_over:
        who = game.name(game.to_act) if game.to_act is not None else "nobody"
        raise ReplayError(f"{where}: deal {number} is not finished: {who} is to act")
    check_used(scripts, game.log[start:], names)


def play_action(game: Game, item: dict[str, str] | str, line: str) -> None:
    """One line of a deal's actions: a player's action, or something out of turn.

    ``time up`` (no name) says the agreed time is up; ``{Name: action,
    refused: why}`` expects the action to be refused with a message holding
    ``why``, and play goes on as if it had not been tried.
    """
    if isinstance(item, str) and item.strip() == "time up":
        try:
            game.time_up()
        except IllegalActionError as error:
            raise ReplayError(f"{line}: {error}") from None
        return
    parts = action_parts(item)
    if parts is None:
        raise ReplayError(f"{line}: write one action per line, as 'Name: action'")
    who, text, refused = parts
    seat = seat_of(game.names, who, line)
    words = str(text).split()
    try:
        if words and words[0] in ("penalty", "buy", "leave"):
            _outside_turn(game, seat, words, f"{line}: {who}")
        else:
            _in_turn(game, seat, who, str(text), line)
    except ReplayError as error:
        if refused is not None and refused in str(error):
            return
        raise
    if refused is not None:
        raise ReplayError(f"{line}: {who}: {text!r} was expected to be refused "
                          f"({refused!r}), but it was played")


def _in_turn(game: Game, seat: int, who: str, text: str, line: str) -> None:
    """A player's action in his turn."""
    from ..engine.action_text import parse_action

    if game.deal_over:
        raise ReplayError(f"{line}: the deal is over; no more actions are expected")
    if game.to_act != seat:
        raise ReplayError(f"{line}: it is {game.name(game.to_act)}'s turn, not {who}'s"
                          if game.to_act is not None else f"{line}: nobody is to act")
    try:
        game.apply(parse_action(text, game.deck.parse_cards))
    except (IllegalActionError, AmbiguError) as error:
        raise ReplayError(f"{line}: {who}: {error}") from None


def _outside_turn(game: Any, seat: int, words: list[str], where: str) -> None:
    """``penalty OFFENCE``, ``buy N`` or ``leave``: things a player does out of turn."""
    amount = whole_number(words[1], MAX_COUNTERS) if len(words) == 2 else None
    try:
        if words[0] == "penalty" and len(words) == 2:
            game.penalize(seat, words[1])
        elif words[0] == "buy" and amount:
            game.buy_back(seat, amount)
        elif words == ["leave"]:
            game.leave(seat)
        else:
            raise ReplayError(f"{where}: write 'penalty OFFENCE', 'buy N' (N a whole number "
                              f"from 1 to {MAX_COUNTERS:,}) or 'leave'")
    except IllegalActionError as error:
        raise ReplayError(f"{where}: {error}") from None
