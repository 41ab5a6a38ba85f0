"""The session around the deals: who deals first, how long play lasts, who may leave.

These are the version's ``table.first_dealer`` and ``table.duration`` rules
and its ``bank.equal_banks``. The game keeps one :class:`Session`; the
functions here read and change it, and record what happens.

- **First dealer.** ``highest_card``: each player draws a card from the
  shuffled pack (or the cards a script gives); the highest rank deals, and
  players tied for it draw again. ``by_lot``: a seat drawn at random.
  ``as_agreed``: the seat the table names.
- **Duration.** With ``agreed_deals`` the table names a number of deals,
  and no deal starts after the last. With ``agreed_time`` the table says
  when the time is up (:func:`time_is_up`): the deal in progress is played to
  its end when ``finish_current_deal`` is true, and otherwise given up —
  each bet goes back to its player, the pool and batterie stay on the table —
  and no deal starts after it.
- **Leaving.** Between deals, ``only_broke_player`` lets only a player
  with no counters leave; ``loser_may_leave_under_time_limit`` lets a player
  who has lost (his bank below what he brought and bought) leave once the
  session is played for an agreed time, and a broke player at any time;
  ``not_stated`` leaves it to the table. A player who left is dealt no more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ..errors import IllegalActionError
from ..rules.ruleset import Ruleset
from .chance import below, shuffle
from .events import (
    AnyEvent,
    BetReturned,
    DealGivenUp,
    DrewForDeal,
    FirstDealerChosen,
    Left,
    SessionEnded,
    TimeUp,
)
from .setup import GameSetupError, is_whole

if TYPE_CHECKING:
    from .game import Game

#: A table rule's word for each way a session can end.
ENDS = ("agreed_deals", "agreed_time")


@dataclass
class Session:
    """What holds across the deals: counters brought, agreed length, who left."""

    brought: list[int]
    agreed_deals: int | None = None
    time_is_up: bool = False
    left: set[int] = field(default_factory=set)
    ended: bool = False
    unwon_deals: int = 0  # deals in a row that ended with the pool left on the table


def check_banks(ruleset: Ruleset, banks: Sequence[int]) -> None:
    """``bank.equal_banks``: every player starts with the same number of counters.

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> check_banks(load_ruleset("1730"), [50, 40, 50])
    Traceback (most recent call last):
    ...
    ambigu_rules.engine.setup.GameSetupError: under '1730' every player starts with the same \
number of counters (table.bank.equal_banks), not 50, 40, 50; a session already under way is \
picked up with resumed=True
    """
    rule = ruleset.table.bank
    if rule is not None and rule.equal_banks and len(set(banks)) > 1:
        shown = ", ".join(str(bank) for bank in banks)
        raise GameSetupError(f"under {ruleset.id!r} every player starts with the same number "
                             f"of counters (table.bank.equal_banks), not {shown}; a session "
                             "already under way is picked up with resumed=True")


def check_agreed_deals(ruleset: Ruleset, deals: object) -> int | None:
    """The number of deals the table agrees to play, if the version lets it agree one."""
    if deals is None:
        return None
    if not is_whole(deals) or deals < 1:
        raise GameSetupError(f"the agreed number of deals is a whole number from 1, not "
                             f"{deals!r}")
    rule = ruleset.table.duration
    if rule is not None and "agreed_deals" not in rule.by:
        raise GameSetupError(f"under {ruleset.id!r} the session lasts an agreed time, not an "
                             "agreed number of deals (table.duration.by)")
    return deals


def choose_first_dealer(game: Game, drawn: object = None) -> int:
    """Choose the first dealer by the version's ``first_dealer`` rule; record how.

    ``drawn`` scripts the card each seat draws under ``highest_card``; seats
    it leaves out, and seats tied for the highest card, draw from the
    shuffled rest of the pack. Without a ``first_dealer`` rule, or under
    ``as_agreed``, seat 0 deals (the table names another with ``dealer=``).
    """
    rule = game.ruleset.table.first_dealer
    method = "as_agreed" if rule is None else rule.method
    if drawn and method != "highest_card":
        raise GameSetupError(f"under {game.ruleset.id!r} the first dealer is chosen "
                             f"{'by lot' if method == 'by_lot' else 'as the players agree'}, "
                             "not by drawing cards (table.first_dealer.method)")
    if drawn is not None and not isinstance(drawn, Mapping):
        raise GameSetupError("cards drawn for the deal are a mapping of seat to card")
    if method == "highest_card":
        seat = _highest_card(game, _checked_draws(game, drawn or {}))
    elif method == "by_lot":
        seat = below(game.rng, game.players)
    else:
        seat = 0
    game.record(FirstDealerChosen(seat=seat, method=method))
    return seat


def _checked_draws(game: Game, drawn: Mapping[object, object]) -> dict[int, int]:
    """The scripted draws as ``{seat: card}``, each seat and card checked."""
    checked: dict[int, int] = {}
    for seat, card in drawn.items():
        if not is_whole(seat) or not 0 <= seat < game.players:
            raise GameSetupError(f"a card is drawn for seat {seat!r}, but the seats are "
                                 f"numbered 0 to {game.players - 1}")
        if not is_whole(card) or card not in game.deck.cards():
            raise GameSetupError(f"the card drawn for {game.names[seat]} is not in the deck")
        checked[seat] = card
    return checked


def _highest_card(game: Game, drawn: dict[int, int]) -> int:
    """Players draw until one holds the highest card alone."""
    if len(set(drawn.values())) != len(drawn):
        raise GameSetupError("two players are scripted to draw the same card")
    pack = [card for card in game.deck.cards() if card not in drawn.values()]
    shuffle(game.rng, pack)
    drawing = list(range(game.players))
    while True:
        cards = {seat: drawn.pop(seat) if seat in drawn else pack.pop() for seat in drawing}
        for seat in drawing:
            game.record(DrewForDeal(seat=seat, card=cards[seat]))
        best = max(game.deck.rank_of(card) for card in cards.values())
        drawing = [seat for seat in drawing if game.deck.rank_of(cards[seat]) == best]
        if len(drawing) == 1:
            return drawing[0]
        if len(pack) < len(drawing):  # a small pack ran out: the first of those tied deals
            return drawing[0]


def check_can_start(game: Game) -> None:
    """No deal starts once the session is over."""
    session = game.session
    if session.ended:
        why = ("the agreed time is up" if session.time_is_up
               else f"the {session.agreed_deals} agreed deals are played")
        raise IllegalActionError(f"the session is over: {why}")


def after_deal(game: Game) -> list[AnyEvent]:
    """Count the deals the pool stays unwon; end the session when its last agreed
    deal is played or its time is up."""
    session = game.session
    session.unwon_deals = session.unwon_deals + 1 if game.table.pool > 0 else 0
    if session.ended:
        return []
    reason: Literal["agreed_deals", "agreed_time"]
    if session.time_is_up:
        reason = "agreed_time"
    elif session.agreed_deals is not None and game.deal_count >= session.agreed_deals:
        reason = "agreed_deals"
    else:
        return []
    session.ended = True
    return [game.record(SessionEnded(reason=reason, banks=tuple(game.table.banks)))]


def time_is_up(game: Game) -> list[AnyEvent]:
    """The agreed time is up: finish or give up the deal in progress, then end the session."""
    rule = game.ruleset.table.duration
    if rule is not None and "agreed_time" not in rule.by:
        raise IllegalActionError(f"under {game.ruleset.id!r} the session lasts an agreed "
                                 "number of deals, not an agreed time (table.duration.by)")
    session = game.session
    if session.ended or session.time_is_up:
        raise IllegalActionError("the session is already over")
    session.time_is_up = True
    finish = rule is None or rule.finish_current_deal
    start = len(game.log)
    game.record(TimeUp(finish_deal=finish, step=game.step_id))
    deal = game.deal
    if deal is not None and not deal.over and not finish:
        _give_up_deal(game)
    if game.deal_over:
        after_deal(game)
    return game.log[start:]


def _give_up_deal(game: Game) -> None:
    """Stop the deal in progress: every bet goes back, the pool and batterie stay."""
    deal = game.deal
    assert deal is not None
    for seat, bet in enumerate(game.table.bets):
        if bet:
            game.table.return_bet(seat, bet)
            game.record(BetReturned(seat=seat, amount=bet, step=deal.step_id))
    deal.round = None
    game.record(DealGivenUp(number=deal.number, step=deal.step_id))
    game.end_deal()


def leave_table(game: Game, seat: int) -> AnyEvent:
    """``seat`` leaves the table between deals, if the version's ``leaving`` rule lets him."""
    if not game.deal_over:
        raise IllegalActionError("a player leaves between deals, not during one")
    session = game.session
    if seat in session.left:
        raise IllegalActionError(f"{game.names[seat]} has already left")
    rule = game.ruleset.table.duration
    bank = game.table.banks[seat]
    if rule is not None and rule.leaving != "not_stated" and bank > 0:
        if rule.leaving == "only_broke_player":
            raise IllegalActionError(f"{game.names[seat]} still has {bank} counters: only a "
                                     "player who has lost them all may leave "
                                     "(table.duration.leaving)")
        if "agreed_time" not in rule.by:
            raise IllegalActionError(f"{game.names[seat]} may leave early only when the "
                                     "session is played for an agreed time "
                                     "(table.duration.leaving)")
        if bank >= session.brought[seat]:
            raise IllegalActionError(f"{game.names[seat]} is winning ({bank} counters, "
                                     f"{session.brought[seat]} brought): under a time limit "
                                     "a winner must stay (table.duration.leaving)")
    session.left.add(seat)
    return game.record(Left(seat=seat))
