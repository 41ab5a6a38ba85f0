"""Writing a replay file of a game played: the table, every card received, every action.

``ambigu play``'s ``save`` and the Play page's download both write here. A
replay (the format of :mod:`ambigu_rules.play.replay_format`) that
``ambigu replay`` plays back to the same banks needs, besides what the
game's log holds, the cards each player received: the log says that Anna
was dealt two cards, or drew two for the two she threw away, not which.
:class:`CardsReceived` watches a game from before its first deal (through
:attr:`~ambigu_rules.engine.game.Game.watcher`, passing each event on to a
watcher set before it) and keeps, deal by deal, the cards each seat receives,
in the order received: those of the deal steps, the draws of each exchange,
and those of each redeal apart.

:func:`replay_text` then reads the game's public record: the seats, their
names and their banks at the start (what they brought, less what they bought
since), the first dealer (or the cards drawn for the deal), the table's
agreements (limit, agreed amounts, the number of deals, the fixed stake,
buying back where the version leaves it to the table, the seats keeping
their discards apart), and the log, event by event: each
decision in turn, and in their places the things done out of turn (buying,
leaving, a penalty, the time called). Every card is scripted, so the replay
needs no shuffle. Only deals that are over are written: a deal in progress
is left out, with what was done since the one before it ended. ``expect:``
holds the banks and the pool (and the batterie where it holds counters) at
the end of the last deal written, read from the game as it stands when no
deal is in progress: the file records what happened, and ``ambigu replay``
plays it through the engine again to the same figures.

Names go through :func:`yaml.safe_dump` only (never a formatted string), so a
name of YAML's special signs is written quoted and read back as it was.

>>> from ambigu_rules.engine.game import Game
>>> from ambigu_rules.load.resolver import load_ruleset
>>> game = Game(load_ruleset("foster"), names=["Anna", "Ben: #1"], banks=50, seed=3)
>>> cards = CardsReceived(game)
>>> _ = game.start_deal()
>>> while not game.deal_over:
...     _ = game.apply(game.legal_actions()[0])
>>> text = replay_text(game, cards)
>>> print(text[:text.index("deals:")])
variant: foster
seats:
- name: Anna
  bank: 50
- name: 'Ben: #1'
  bank: 50
dealer: Anna
limit: 10
<BLANKLINE>
>>> import yaml
>>> replay = yaml.safe_load(text)
>>> sorted(replay["deals"][0]["cards"]), replay["deals"][0]["actions"][0]
(['Anna', 'Ben: #1'], {'Ben: #1': 'discard none'})
>>> replay["expect"] == {"banks": {"Anna": game.table.banks[0], "Ben: #1": game.table.banks[1]},
...                      "pool": game.table.pool}
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import yaml

from ..engine.events import (
    AnyEvent,
    Bought,
    Called,
    CardsDealt,
    DealEnded,
    DealStarted,
    DrewForDeal,
    Exchanged,
    FirstDealerChosen,
    Folded,
    Forced,
    Left,
    Opened,
    OptionChosen,
    Passed,
    Penalized,
    Raised,
    Redealt,
    ShuffleCalled,
    ShufflePassed,
    Stood,
    TimeUp,
)
from ..engine.game import Game
from ..errors import AmbiguError
from ..limits import MAX_FILE_BYTES
from ..load.catalog import builtin_ids
from ..rules.deck import SUITS_PER_DECK, Deck

#: The cards one seat receives under one script: the deal's own, or a redeal's.
Script = dict[int, list[int]]


class CardsReceived:
    """The cards each seat receives, deal by deal, recorded as ``game`` is played.

    Made before the game's first deal, it watches every event from then on
    (the watcher set before it, if any, still sees each one). ``deals[n]``
    is deal ``n``'s scripts: the cards dealt and drawn before any redeal,
    then those of each redeal, each a mapping of seat to cards in the order
    received.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.deals: dict[int, list[Script]] = {}
        self.passed_on: Callable[[AnyEvent], None] | None = game.watcher
        game.watcher = self.watch

    def watch(self, event: AnyEvent) -> None:
        """Keep the cards an event gives a seat (read from his hand, where they are
        now the last ones), then pass the event on."""
        if isinstance(event, DealStarted):
            self.deals[event.number] = [{}]
        elif isinstance(event, CardsDealt | Exchanged):
            count = event.count if isinstance(event, CardsDealt) else len(event.cards)
            scripts = self.deals.get(self.game.deal_count)
            if scripts is not None and count:
                scripts[-1].setdefault(event.seat, []).extend(
                    self.game.hand(event.seat)[-count:])
        elif isinstance(event, Redealt):
            scripts = self.deals.get(self.game.deal_count)
            if scripts is not None:
                scripts.append({})
        if self.passed_on is not None:
            self.passed_on(event)


def letters(deck: Deck, cards: Sequence[int]) -> str:
    """Cards as a replay writes them, rank and suit letter: ``10H 2S``.

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> deck = Game(load_ruleset("foster"), players=2).deck
    >>> letters(deck, deck.parse_cards("10♥ 2♠"))
    '10H 2S'
    """
    spec = deck.spec
    return " ".join(spec.ranks[card // SUITS_PER_DECK].label
                    + spec.suits[card % SUITS_PER_DECK].id for card in cards)


def action_line(event: AnyEvent, deck: Deck) -> str | None:
    """What the player to act typed, as a replay's action line says it, if ``event``
    records a decision (``open 2``, ``discard 5H``, ``choose redeal``), else None."""
    if isinstance(event, Exchanged):
        return f"discard {letters(deck, event.cards)}"
    if isinstance(event, Stood):
        return "discard none"
    if isinstance(event, Opened | Raised):
        return f"{'open' if isinstance(event, Opened) else 'raise'} {event.amount}"
    if isinstance(event, OptionChosen):
        return f"choose {event.option}"
    simple = {Passed: "pass", ShufflePassed: "pass", ShuffleCalled: "shuffle", Called: "call",
              Folded: "fold", Forced: "force"}
    return simple.get(type(event))


def _outside_turn(event: AnyEvent) -> tuple[int, str] | None:
    """The seat and line of a thing done out of turn (buying, leaving, a penalty)."""
    if isinstance(event, Bought):
        return event.seat, f"buy {event.amount}"
    if isinstance(event, Left):
        return event.seat, "leave"
    if isinstance(event, Penalized):  # the payer: the offender, or the dealer who pays for him
        return event.seat, f"penalty {event.offence}"
    return None


def _checked_names(names: Sequence[str]) -> None:
    """A replay names each seat with printable characters (:mod:`.replay_format`)."""
    for name in names:
        if not name.isprintable():
            raise AmbiguError(f"the seat name {name!r} holds a character a replay file cannot "
                              "name a seat with (a line break, a control or format character)")


def _variant(game: Game, variant: str | None) -> str:
    """The ``variant:`` line: as given, or the built-in version's id."""
    if variant is not None:
        return variant
    if game.ruleset.id not in builtin_ids():
        raise AmbiguError(f"{game.ruleset.id!r} is not a built-in version: say where its rule "
                          "file lies (replay_text(..., variant=PATH), a path from the replay's "
                          "folder)")
    return game.ruleset.id


def _session(game: Game, log: Sequence[AnyEvent]) -> dict[str, Any]:
    """The table as the session began: seats and banks, the first dealer, the agreements."""
    names = game.names
    bought = Counter[int]()
    for event in log:
        if isinstance(event, Bought):
            bought[event.seat] += event.amount
    banks = [brought - bought[seat] for seat, brought in enumerate(game.session.brought)]
    found: dict[str, Any] = {"seats": [{"name": name, "bank": bank}
                                       for name, bank in zip(names, banks, strict=True)]}
    drawn = [event for event in log if isinstance(event, DrewForDeal)]
    chosen = next((event.seat for event in log if isinstance(event, FirstDealerChosen)), None)
    first = next((event.dealer for event in log if isinstance(event, DealStarted)), game.dealer)
    if drawn and len({event.seat for event in drawn}) == len(drawn) == game.players:
        found["draw_for_deal"] = {names[event.seat]: letters(game.deck, [event.card])
                                  for event in drawn}
    else:  # named, or chosen by lot, or drawn for again after a tie: the seat chosen
        found["dealer"] = names[first if chosen is None else chosen]
    plan = game.plan
    optional = {"limit": plan.limit, "agreed": dict(plan.agreed) or None,
                "deals_agreed": game.session.agreed_deals, "fixed_stake": plan.fixed_stake,
                # Stated only where the version leaves buying back to the table.
                "buy_back_agreed": (True if plan.buy_back_allowed and "buy_back" in plan.silent
                                    else None),
                "resumed": True if len(set(banks)) > 1 else None,
                "keep_discards_apart": [names[seat] for seat in
                                        sorted(game.state.keep_discards_apart)] or None}
    found.update((key, value) for key, value in optional.items() if value is not None)
    return found


def _deals_over(log: Sequence[AnyEvent]) -> list[int]:
    """The numbers of the deals that are over, in order."""
    return [event.number for event in log if isinstance(event, DealEnded)]


def _written_log(game: Game, deals: int | None) -> tuple[list[AnyEvent], int]:
    """The part of the log the replay holds, and the number of deals in it: up to the
    start of the first deal left out (in progress, or past ``deals``)."""
    log = game.log
    over = _deals_over(log)
    count = len(over) if deals is None else min(deals, len(over))
    if deals is not None and deals < 1:
        raise AmbiguError(f"a replay holds at least one deal, not {deals}")
    if count == 0:
        raise AmbiguError("no deal is over yet: a replay holds the deals played to their end")
    end = next((index for index, event in enumerate(log)
                if isinstance(event, DealStarted) and event.number > count), len(log))
    return list(log[:end]), count


def _expected(game: Game, log: Sequence[AnyEvent]) -> dict[str, Any]:
    """The banks and the pool (and the batterie if it holds counters) once ``log`` is
    played: the game's own when it is all of the log and no deal is in progress,
    else the last deal's end and what was bought after it."""
    names = game.names
    if len(log) == len(game.log) and game.deal_over:
        table = game.table
        banks, pool, batterie = list(table.banks), table.pool, table.batterie
    else:
        last = max(index for index, event in enumerate(log) if isinstance(event, DealEnded))
        ended = log[last]
        assert isinstance(ended, DealEnded)
        banks, pool, batterie = list(ended.banks), ended.pool, ended.batterie
        for event in log[last:]:
            if isinstance(event, Bought):
                banks[event.seat] += event.amount
    found: dict[str, Any] = {"banks": dict(zip(names, banks, strict=True)), "pool": pool}
    if batterie:
        found["batterie"] = batterie
    return found


def _deals(game: Game, cards: CardsReceived, log: Sequence[AnyEvent]) -> list[dict[str, Any]]:
    """Each deal as the file writes it: its scripted cards and its action lines, in order."""
    names, deck = game.names, game.deck
    deals: list[dict[str, Any]] = []
    bought_first = Counter[int]()  # bought before the first deal: that deal's ``buy:``
    current: dict[str, Any] | None = None
    for event in log:
        if isinstance(event, DealStarted):
            scripts = cards.deals.get(event.number)
            if scripts is None:
                raise ValueError(f"the cards of deal {event.number} were not recorded: make "
                                 "CardsReceived(game) before the game's first deal")
            current = {}
            if not deals and bought_first:
                current["buy"] = {names[seat]: amount for seat, amount in bought_first.items()}
            current["cards"] = {names[seat]: letters(deck, received)
                                for seat, received in scripts[0].items()}
            if len(scripts) > 1:
                current["redeals"] = [{names[seat]: letters(deck, received)
                                       for seat, received in script.items()}
                                      for script in scripts[1:]]
            current["actions"] = []
            deals.append(current)
            continue
        line = action_line(event, deck)
        seat = getattr(event, "seat", None) if line is not None else None
        outside = _outside_turn(event)
        if outside is not None:
            seat, line = outside
        if isinstance(event, TimeUp):
            if current is None:
                raise AmbiguError("the time was called before the first deal: a replay "
                                  "cannot say so")
            current["actions"].append("time up")
        elif line is not None and seat is not None:
            if current is not None:
                current["actions"].append({names[seat]: line})
            elif isinstance(event, Bought):
                bought_first[seat] += event.amount
            else:
                raise AmbiguError(f"{names[seat]} did {line!r} before the first deal: a replay "
                                  "cannot say so")
    return deals


class _Dumper(yaml.SafeDumper):
    """YAML's safe dumper, never writing an alias (a replay is read without them)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def replay_text(game: Game, cards: CardsReceived, *, variant: str | None = None,
                deals: int | None = None, title: str | None = None) -> str:
    """A replay file (YAML) of ``game``'s deals that are over, or of its first ``deals``.

    ``cards`` is the :class:`CardsReceived` made for ``game`` before its first
    deal. ``variant`` is what the file names as its version: by default the
    built-in version's id; for a rule file of one's own, its path from the
    folder the replay is saved in (the file must lie in that folder or below
    it), since a replay names its version so. ``title`` is written as the
    file's title. A game no replay can tell (no deal over yet, a seat name
    with a line break, something done before the first deal, a file over
    ``limits.MAX_FILE_BYTES``) is refused with
    :class:`~ambigu_rules.errors.AmbiguError`.
    """
    if cards.game is not game:
        raise ValueError("these cards were recorded from another game")
    _checked_names(game.names)
    log, count = _written_log(game, deals)
    data: dict[str, Any] = {} if title is None else {"title": title}
    data["variant"] = _variant(game, variant)
    data.update(_session(game, log))
    written = _deals(game, cards, log)
    data["deals"] = written[:count]
    data["expect"] = _expected(game, log)
    text = yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False,
                     default_flow_style=False, width=88)
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise AmbiguError(f"the replay of these {count:,} deals is over {MAX_FILE_BYTES:,} "
                          "bytes, the most a replay file may hold: save fewer deals")
    return text
