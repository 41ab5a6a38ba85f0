"""The expert bot: discards and bets by its chance of winning against what it can win.

It reads only its seat's view (:class:`~ambigu_rules.engine.view.SeatView`):
its cards, its own discards, the public record of the deal and the version's
rules and hand table.

* **Its chance of holding the best hand.** A hand's *strength* ``s`` is the
  share of all the version's hands it beats (from the hand table). Against
  one opponent dealt at random it wins with chance ``s``; each opponent still
  in counts as ``1 + 2 × (bets and raises) + (calls)`` such hands, since who
  puts counters in holds better than chance: the *pressure* ``e`` is their
  sum, and the chance of winning is taken as ``s ** e``. Where the hand is not
  final (cards still to come, or an exchange still ahead), ``s ** e`` is
  averaged exactly over every way the unseen cards can come, with the best
  discard (:mod:`ambigu_rules.advice.completion_sums`).
* **Exchanges** take the discard whose final hand brings most: the chance of
  winning times what the pool holds, plus the chance-weighted value of the
  combination times the players who pay it.
* **Betting** compares what a call costs with what it brings (the chance of
  winning times the pool, the bets and the combination's payments); it opens
  or raises when it is the favourite, by more the stronger it is.

>>> from ambigu_rules import Game
>>> game = Game("foster", players=4, seed=5)
>>> _ = game.start_deal()
>>> bots = [ExpertBot(seat) for seat in range(4)]
>>> while not game.deal_over:
...     seat = game.to_act
...     _ = game.apply(bots[seat].choose(game.view(seat)))
>>> game.deal_over
True
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..advice.completion_sums import CompletionSums
from ..advice.exchanges import exchanges_of
from ..engine.actions import Action, LegalActions
from ..engine.events import (
    Called,
    Exchanged,
    Forced,
    HandExposed,
    HandShown,
    Opened,
    Raised,
    Redealt,
    SeenEvent,
)
from ..engine.view import SeatView
from ..hands.evaluator import Evaluator
from ..limits import MAX_CACHED_RULESETS
from ..rules.deck import HAND_SIZE
from ..rules.procedure import Choice
from ..rules.ruleset import Ruleset

#: The largest pressure counted (more opponents, or more bets, count as this many).
MAX_PRESSURE = 8
#: How many hand tables' sums are kept at once (each holds a row of sums for every
#: set of up to four cards of the pack: about 15 MB for forty cards).
KNOWLEDGE_KEPT = 4
#: The chance of winning above which it opens, and above which it raises.
OPEN_CHANCE = 0.5
RAISE_CHANCE = 0.65
#: It raises at most this many times in one betting step.
MAX_OWN_RAISES = 2


class Outlook(NamedTuple):
    """The chance of winning, and the value of the combination when it wins."""

    chance: float
    value: float


class Knowledge:
    """What the expert precomputes once per hand table: each hand's strength and
    the sums, over the completions of any kept cards, of ``s ** e`` and
    ``s ** e × value`` for every pressure ``e``."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = evaluator
        keys = evaluator.rank_keys
        ordered = sorted(keys)
        size = len(ordered)
        strength = [bisect.bisect_left(ordered, key) / size for key in keys]
        values = [float(value) for value in evaluator.table.values]
        columns: list[list[float]] = [[1.0] * size, values]
        for pressure in range(1, MAX_PRESSURE + 1):
            powers = [s ** pressure for s in strength]
            columns.append(powers)
            columns.append([p * v for p, v in zip(powers, values, strict=True)])
        self.sums = CompletionSums(evaluator, columns)

    def outcomes(self, parts: Sequence[Sequence[int]],
                 excluded: Sequence[int]) -> list[list[float]]:
        """For the hands each kept part can become
        (:meth:`~ambigu_rules.advice.completion_sums.CompletionSums.over_each`), the
        means of the value (at 1), and of ``s ** e`` and ``s ** e × value`` for each
        pressure ``e`` (at ``2e`` and ``2e + 1``)."""
        found = []
        for count, *sums in self.sums.over_each(parts, excluded):
            found.append([0.0, *(total / count for total in sums)] if count > 0
                         else [0.0] * (len(sums) + 1))
        return found


@lru_cache(maxsize=KNOWLEDGE_KEPT)
def knowledge_of(evaluator: Evaluator) -> Knowledge:
    """The expert's tables for ``evaluator``, made once."""
    return Knowledge(evaluator)


_PLACES: dict[int, tuple[Ruleset, dict[str, tuple[int, int, int]]]] = {}


def _exchange_places(ruleset: Ruleset) -> dict[str, tuple[int, int, int]]:
    """For each step id, the (fewest, most, hand size) of the next exchange at or after
    it, if any (kept per ruleset object: a ruleset is not hashable)."""
    kept = _PLACES.get(id(ruleset))
    if kept is not None and kept[0] is ruleset:
        return kept[1]
    if len(_PLACES) >= MAX_CACHED_RULESETS:
        _PLACES.clear()
    rules = {rule.step_id: rule for rule in exchanges_of(ruleset)}
    found: dict[str, tuple[int, int, int]] = {}
    ahead: tuple[int, int, int] | None = None
    for step in reversed(ruleset.procedure):
        rule = rules.get(step.id)
        if rule is not None:
            ahead = (rule.low, rule.high, rule.hand_size)
        if ahead is not None:
            found[step.id] = ahead
    _PLACES[id(ruleset)] = (ruleset, found)
    return found


class Reading:
    """What an expert has read of the record of the deal in progress, for one seat.

    The record only grows during a deal, so each decision reads only the events
    added since the last one: a deal that goes round thousands of times (until the
    engine stops it) costs each decision the same, not more and more.
    """

    __slots__ = ("last", "out", "raises", "read", "weights")

    def __init__(self) -> None:
        #: How many events were read, and the last of them (the same object while the
        #: record is the same one).
        self.read = 0
        self.last: SeenEvent | None = None
        #: For each seat, twice its openings and raises plus its calls and forcings.
        self.weights: dict[int, int] = {}
        #: The cards the seat discarded and the cards other seats showed
        #: (:func:`~ambigu_rules.advice.seen.out_of_reach`, ``since_redeal=False``).
        self.out: set[int] = set()
        #: The seat's own openings and raises, by betting step.
        self.raises: dict[str | None, int] = {}

    def follows(self, events: tuple[SeenEvent, ...]) -> bool:
        """Whether ``events`` is the record read so far with events added."""
        read = self.read
        return read <= len(events) and (read == 0 or events[read - 1] is self.last)

    def add(self, events: tuple[SeenEvent, ...], seat: int) -> bool:
        """Read the events after those read so far; whether a redeal was among them."""
        redealt = False
        weights, out, raises = self.weights, self.out, self.raises
        for index in range(self.read, len(events)):
            event = events[index]
            if isinstance(event, Opened | Raised):
                weights[event.seat] = weights.get(event.seat, 0) + 2
                if event.seat == seat:
                    raises[event.step] = raises.get(event.step, 0) + 1
            elif isinstance(event, Called | Forced):
                weights[event.seat] = weights.get(event.seat, 0) + 1
            elif isinstance(event, Exchanged):
                if event.seat == seat:
                    out.update(event.cards)
            elif isinstance(event, HandShown | HandExposed):
                if event.seat != seat:
                    out.update(event.cards)
            elif isinstance(event, Redealt):
                redealt = True
        self.read = len(events)
        self.last = events[-1] if events else None
        return redealt


class ExpertBot:
    """Exchanges by the exact advice and bets on its chance of winning (see the module)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        #: What keeping some cards brings (:meth:`Knowledge.outcomes`), by the cards
        #: kept and out of reach, for the deal in progress (a betting step and the
        #: exchange after it ask the same).
        self._outcomes: dict[tuple[tuple[int, ...], tuple[int, ...]], list[float]] = {}
        self._deal: tuple[int, int] | None = None
        #: What it has read of the deal's record, for each seat it plays (:class:`Reading`).
        self._readings: dict[int, Reading] = {}

    # -- what it knows ---------------------------------------------------------

    def _reading(self, view: SeatView) -> Reading:
        """The deal's record as read for ``view``'s seat, brought up to date."""
        reading = self._readings.get(view.seat)
        if reading is None or not reading.follows(view.events):
            reading = self._readings[view.seat] = Reading()
        if reading.add(view.events, view.seat):
            # The cards were gathered and dealt again: what was worked out for the
            # hands before is of no more use (and a deal that redeals without end
            # would otherwise keep it all).
            self._outcomes.clear()
        return reading

    def _excluded(self, view: SeatView) -> tuple[int, ...]:
        """Cards it knows it cannot be dealt: its own discards and hands shown, less
        those it holds (:func:`~ambigu_rules.advice.seen.out_of_reach` over the
        whole deal)."""
        return tuple(sorted(self._reading(view).out.difference(view.hand)))

    def _pressure(self, view: SeatView) -> int:
        """How many random hands the opponents still in are worth (see the module)."""
        weights = self._reading(view).weights
        pressure = sum(1 + weights.get(seat, 0) for seat in view.in_play if seat != view.seat)
        return max(1, min(MAX_PRESSURE, pressure))

    def _pot(self, view: SeatView) -> int:
        return view.pool + sum(view.bets) + view.batterie

    def _payers(self, view: SeatView) -> int:
        """How many players pay the winner his combination."""
        payers = view.ruleset.payment.payers
        if payers == "each_other_player_at_table":
            return len(view.names) - 1
        if payers == "each_other_player_dealt_in":
            return len(view.players) - 1
        return len(view.in_play) - 1

    def _keeps(self, hand: Sequence[int], low: int, high: int) -> list[tuple[int, ...]]:
        """Every part of ``hand`` kept by a discard of ``low`` to ``high`` cards."""
        keeps = []
        for size in range(low, min(high, len(hand)) + 1):
            for discard in combinations(hand, size):
                keeps.append(tuple(card for card in hand if card not in discard))
        return keeps

    def _worths(self, view: SeatView, keeps: Sequence[tuple[int, ...]],
                pressure: int) -> list[tuple[float, Outlook]]:
        """What keeping each of ``keeps`` brings: the chance-weighted pool and
        payments, and the outlook it gives."""
        excluded = tuple(sorted({*self._excluded(view), *view.hand}))
        known = self._outcomes
        missing = [keep for keep in keeps if (keep, excluded) not in known]
        if missing:
            found = knowledge_of(view.evaluator).outcomes(missing, excluded)
            for keep, means in zip(missing, found, strict=True):
                known[(keep, excluded)] = means
        pot = self._pot(view) + 2 * len(view.players)
        payers = self._payers(view)
        worths = []
        for keep in keeps:
            means = known[(keep, excluded)]
            chance, weighted = means[2 * pressure], means[2 * pressure + 1]
            worths.append((chance * pot + weighted * payers,
                           Outlook(chance, weighted / chance if chance > 0 else 0.0)))
        return worths

    def outlook(self, view: SeatView, pressure: int) -> Outlook:
        """Its chance of winning and the value it would be paid, with the best discard
        at the next exchange if one is ahead."""
        hand = view.hand
        ahead = _exchange_places(view.ruleset).get(view.step_id or "")
        if ahead is not None and ahead[2] == len(hand) and len(hand) == HAND_SIZE:
            keeps = self._keeps(hand, ahead[0], ahead[1])
        else:
            keeps = [tuple(hand)]
        return max(self._worths(view, keeps, pressure), key=lambda found: found[0])[1]

    def reckoning(self, view: SeatView) -> Outlook:
        """Its chance of winning with ``view``'s hand against the players still in,
        and the value it would be paid: what its bets go by (the Play page's hint)."""
        return self.outlook(view, self._pressure(view))

    # -- decisions ---------------------------------------------------------------

    def choose(self, view: SeatView) -> Action:
        deal = (id(view.events[0]) if view.events else 0, view.dealer)
        if deal != self._deal:  # a new deal: what was worked out is of no more use
            self._deal = deal
            self._outcomes.clear()
            self._readings.clear()
        actions = view.legal
        kinds = actions.kinds()
        if "discard" in kinds:
            return self._exchange(view, actions)
        if "shuffle" in kinds:
            return self._shuffle_call(view)
        if "choose" in kinds and view.choice is not None:
            return self._dealer_choice(view, actions, view.choice)
        return self._bet(view, actions)

    def _exchange(self, view: SeatView, actions: LegalActions) -> Action:
        hand = view.hand
        discards = [action for action in actions if action.kind == "discard"]
        keeps = [tuple(card for card in hand if card not in action.cards) for action in discards]
        worths = self._worths(view, keeps, self._pressure(view))
        best = max(range(len(discards)), key=lambda index: worths[index][0])
        return discards[best]

    def _shuffle_call(self, view: SeatView) -> Action:
        """Call for the shuffle when standing on its cards beats its best discard."""
        ahead = _exchange_places(view.ruleset).get(view.step_id or "")
        low, high = (ahead[0], ahead[1]) if ahead is not None else (1, len(view.hand))
        keeps = [tuple(view.hand), *self._keeps(view.hand, max(low, 1), high)]
        stand, *discards = (worth for worth, _ in self._worths(view, keeps, self._pressure(view)))
        return Action("shuffle") if not discards or stand > max(discards) + 1 else Action("pass")

    def _dealer_choice(self, view: SeatView, actions: LegalActions, choice: Choice) -> Action:
        """Play on when it is the favourite, else take the option that redeals."""
        chance = self.outlook(view, self._pressure(view)).chance
        options = list(actions.of_kind("choose"))
        redeals = [a for a in options
                   if any(effect.redeal for effect in choice.options.get(a.option or "", []))]
        plays = [a for a in options if a not in redeals]
        preferred = plays if chance >= OPEN_CHANCE else redeals
        return (preferred or options)[0]

    def _bet(self, view: SeatView, actions: LegalActions) -> Action:
        kinds = actions.kinds()
        pressure = self._pressure(view)
        chance, value = self.outlook(view, pressure)
        gain = self._pot(view) + value * self._payers(view)
        to_call = view.to_call
        if "call" in kinds:
            if chance * (gain + to_call) - to_call <= 0 and "fold" in kinds:
                return actions.of_kind("fold")[0]
            if chance >= RAISE_CHANCE and "raise" in kinds and self._raises(view) < MAX_OWN_RAISES:
                return self._amount(view, actions, "raise", chance)
            return actions.of_kind("call")[0]
        if "open" in kinds:
            if chance >= OPEN_CHANCE:
                return self._amount(view, actions, "open", chance)
            least = actions.of_kind("open")[0]
            stake = least.amount or 0
            if chance * (gain + stake) - stake > 0:  # worth its cost, as a call would be
                return least
        if "force" in kinds:
            cost = actions.of_kind("force")[0].amount or 0
            if chance * gain > cost:
                return actions.of_kind("force")[0]
        for kind in ("pass", "fold", "call"):
            if kind in kinds:
                return actions.of_kind(kind)[0]
        return actions[0]

    def _raises(self, view: SeatView) -> int:
        """How many times it has opened or raised in the betting step in progress."""
        return self._reading(view).raises.get(view.step_id, 0)

    def _amount(self, view: SeatView, actions: LegalActions, kind: str, chance: float) -> Action:
        """An opening or raise, larger the likelier it wins, within about the pool."""
        span = actions.amount_range(kind)
        if span is None:
            return actions.of_kind(kind)[0]
        low, high = span
        high = min(high, max(low, self._pot(view), 2 * low))
        share = min(1.0, max(0.0, (chance - OPEN_CHANCE) / (1 - OPEN_CHANCE)))
        amount = low + round((high - low) * share)
        return Action(actions.of_kind(kind)[0].kind, amount)
