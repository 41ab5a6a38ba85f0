"""The game: a session of deals played from a version's procedure.

``Game`` is the typed front of the engine. It checks what a caller gives it
(at :mod:`.input_checks`), keeps one :class:`~.state.State` and offers the
same protocol for every operation: a question that says why it may not be
made now (``why_not_apply``, ``why_not_buy_back``, ``why_not_leave``,
``why_not_penalize``, ``why_not_time_up``, ``why_not_start_deal``: ``None``
when it may), and a call that makes it and returns its events. A refused
operation raises :class:`~ambigu_rules.errors.IllegalActionError` (or
:class:`~ambigu_rules.errors.ScriptedCardError` for a scripted card) and
changes nothing. ``view(seat)`` is what one seat may know.

>>> from ambigu_rules.load.resolver import load_ruleset
>>> game = Game(load_ruleset("foster"), players=3, seed=7)
>>> _ = game.start_deal(cards={1: game.deck.parse_cards("4H 7H")})  # blind 1 each
>>> game.table.pool, len(game.hand(1)), game.phase.value
(3, 2, 'decision')
>>> game.to_act, [a.describe(game.deck.format_hand) for a in game.legal_actions()]
(1, ['discard none', 'discard 4♥', 'discard 7♥', 'discard 4♥ 7♥'])
>>> game.why_not_apply(Action("open", amount=2))
"'open 2' is not allowed now: discard cards (or 'discard none')"
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypedDict

from ..errors import GameSetupError, IllegalActionError, ScriptedCardError
from ..hands.evaluator import Evaluator, evaluator_for
from ..limits import MAX_DECISIONS_PER_DEAL
from ..rules.deck import Deck
from ..rules.procedure import Step
from ..rules.ruleset import Ruleset
from .actions import NOTHING, Action, LegalActions, check_action
from .deal import Deal
from .decisions import (
    card_refusal,
    decision_refusal,
    no_decision_now,
    play_decision,
    round_to_act,
)
from .events import AnyEvent
from .input_checks import (
    Script,
    checked_banks,
    checked_cards,
    checked_dealer,
    checked_draws,
    checked_names,
    checked_player_count,
    checked_redeals,
    checked_script,
    checked_seat,
    checked_seed,
    checked_stock,
)
from .plan import Plan
from .session import (
    check_agreed_deals,
    check_banks,
    choose_first_dealer,
    leave_refusal,
    leave_table,
    session_over_refusal,
    time_is_up,
    time_up_refusal,
)
from .state import DECISION, STALLED, Phase, Session, State
from .steps import stop_endless_deal
from .table import Table
from .table_operations import (
    apply_penalty,
    buy_back_refusal,
    buy_counters,
    penalty_refusal,
    start_next_deal,
    start_refusal,
)
from .view import SeatView, view_of


class TableOptions(TypedDict, total=False):
    """The keyword options of :class:`Game` (for a front that passes them on).

    ``tests/test_python_api.py`` checks they are exactly ``Game``'s keywords.
    """

    players: int
    names: Sequence[str] | None
    banks: int | Sequence[int]
    dealer: int | None
    seed: int | None
    limit: int | None
    agreed: Mapping[str, int] | None
    keep_discards_apart: Iterable[int]
    deals: int | None
    drawn: Mapping[int, int] | None
    resumed: bool
    fixed_stake: int | None
    buy_back_agreed: bool


class Game:
    """A session of Ambigu under one version's rules."""

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        players: int = 4,
        names: Sequence[str] | None = None,
        banks: int | Sequence[int] = 100,
        dealer: int | None = 0,
        seed: int | None = 0,
        limit: int | None = None,
        agreed: Mapping[str, int] | None = None,
        keep_discards_apart: Iterable[int] = (),
        deals: int | None = None,
        drawn: Mapping[int, int] | None = None,
        resumed: bool = False,
        fixed_stake: int | None = None,
        buy_back_agreed: bool = False,
    ) -> None:
        """Seat the players; ``dealer=None`` chooses the first dealer by the
        version's ``first_dealer`` rule (``drawn`` scripts the cards drawn for
        it); ``deals`` is the number of deals the table agrees to play (then it
        plays them all: no time is called, and a loser does not leave early);
        ``resumed=True`` picks up a session already under way, whose banks
        need not be equal any more; ``fixed_stake`` is the one stake every
        opening and raise must be, where the version lets the table fix it;
        ``buy_back_agreed`` is the table's agreement to let players buy
        counters between deals where the version says nothing of it.
        ``limit`` is the largest opening or raise the table agrees (10 when
        none is given) where the version lets a table agree one; under a
        version whose bets only the purse or the pool limits, asking for one
        is refused rather than ignored.

        Every value is checked (:mod:`.input_checks`): a value of the wrong
        kind (``2.0`` players, ``True`` counters) is refused with
        :class:`~ambigu_rules.errors.GameSetupError`, whoever calls.
        """
        if not isinstance(ruleset, Ruleset):
            raise GameSetupError(
                f"the engine's Game takes a Ruleset, got {type(ruleset).__name__}: "
                "ambigu_rules.Game also takes a version's id or path")
        count = checked_player_count(ruleset, players, names)
        seat_names = checked_names(names, count)
        bank_list = checked_banks(banks, count)
        first_dealer = checked_dealer(dealer, count)
        plan = Plan.of(ruleset, agreed=agreed, limit=limit, fixed_stake=fixed_stake,
                       buy_back_agreed=buy_back_agreed)
        if not resumed:
            check_banks(plan, bank_list)
        session = Session(brought=list(bank_list),
                          agreed_deals=check_agreed_deals(plan, deals))
        rng = random.Random(checked_seed(seed))
        evaluator = evaluator_for(ruleset)
        self.state = State(plan, evaluator, seat_names, Table(bank_list), session, rng,
                           frozenset(keep_discards_apart))
        if dealer is not None and drawn:
            raise GameSetupError("cards are drawn for the deal only when the rules choose the "
                                 "first dealer (dealer=None)")
        self.state.dealer = (
            choose_first_dealer(
                self.state, checked_draws(evaluator.deck, seat_names, drawn))
            if first_dealer is None else first_dealer)

    # -- what the game is ----------------------------------------------------------

    @property
    def plan(self) -> Plan:
        return self.state.plan

    @property
    def ruleset(self) -> Ruleset:
        return self.state.plan.ruleset

    @property
    def procedure(self) -> tuple[Step, ...]:
        return self.state.plan.steps

    @property
    def evaluator(self) -> Evaluator:
        return self.state.evaluator

    @property
    def deck(self) -> Deck:
        return self.state.deck

    @property
    def names(self) -> list[str]:
        return self.state.names

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def limit(self) -> int | None:
        return self.state.plan.limit

    @property
    def phase(self) -> Phase:
        """Where the game is: no deal yet, a decision, stalled, between deals, over."""
        return self.state.phase

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def deal(self) -> Deal | None:
        """The deal in progress, or the last one dealt."""
        return self.state.deal

    @property
    def deal_count(self) -> int:
        return self.state.deal_count

    @property
    def table(self) -> Table:
        """The ledger of counters: banks, bets, pool, batterie, debts."""
        return self.state.table

    @property
    def session(self) -> Session:
        return self.state.session

    @property
    def log(self) -> list[AnyEvent]:
        return self.state.log

    @property
    def watcher(self) -> Callable[[AnyEvent], None] | None:
        """Called with each event as it is recorded, after the change it records."""
        return self.state.watcher

    @watcher.setter
    def watcher(self, watcher: Callable[[AnyEvent], None] | None) -> None:
        self.state.watcher = watcher

    # -- questions -------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        state = self.state
        deal = state.deal
        if state.phase is not DECISION or deal is None:
            return None
        round_ = deal.round
        return None if round_ is None else round_.to_act

    @property
    def deal_over(self) -> bool:
        """Whether no deal is in progress."""
        phase = self.state.phase
        return not (phase is DECISION or phase is STALLED)

    @property
    def session_over(self) -> bool:
        return self.state.phase is Phase.SESSION_OVER

    @property
    def step_id(self) -> str | None:
        """The id of the procedure step the deal is at (``None`` before the first deal)."""
        return self.state.step_id

    def legal_actions(self) -> LegalActions:
        """What the player to act may do: a read-only sequence of actions.

        Amounts are held as ranges, so the sequence is cheap however high the
        betting limit; see :class:`~.actions.LegalActions`.
        """
        round_ = round_to_act(self.state)
        return NOTHING if round_ is None else round_.legal()

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds now (none before the first deal)."""
        checked = checked_seat(seat, self.players)
        deal = self.state.deal
        return [] if deal is None else list(deal.hands.get(checked, []))

    def name(self, seat: int) -> str:
        """The name of the player at ``seat``."""
        return self.names[checked_seat(seat, self.players)]

    def short_of_antes(self, seat: int) -> bool:
        """Whether ``seat`` is still at the table but cannot pay the antes of a deal."""
        checked = checked_seat(seat, self.players)
        state = self.state
        return checked not in state.session.left and checked not in state.able_to_play()

    def speaking_order(self) -> list[int]:
        return self.state.speaking_order()

    def acting_dealer(self) -> int:
        return self.state.acting_dealer()

    def view(self, seat: int) -> SeatView:
        """What the player at ``seat`` may know now (his cards, nobody else's)."""
        state = self.state
        if not (type(seat) is int and seat in state.seat_numbers):
            seat = checked_seat(seat, state.players)  # refuses, or a seat of another type
        return view_of(state, seat)

    # -- starting a deal -------------------------------------------------------------

    def why_not_start_deal(self) -> str | None:
        """Why no deal may start now, or ``None`` if one may."""
        return start_refusal(self.state)

    def can_start_deal(self) -> bool:
        return self.why_not_start_deal() is None

    def start_deal(self, cards: Mapping[int, Sequence[int]] | None = None,
                   stock: Sequence[int] | None = None, *,
                   redeals: Sequence[Mapping[int, Sequence[int]]] = (),
                   refill: Sequence[int] | None = None) -> list[AnyEvent]:
        """Begin the next deal; return the events up to the first decision.

        ``cards`` scripts, for some seats, the cards each will receive in order
        (first deal, second deal, then replacements); ``stock`` fixes the
        order of the whole stock, top card first. ``redeals`` scripts the
        cards of each redeal in turn, as ``cards`` does; ``refill`` the order
        in which discards gathered into a stock that ran short are served
        (the first named first; the cards named must be among them).
        Otherwise the seeded random generator shuffles. Cards a script needs
        later that cannot be served stall the deal there
        (:class:`~ambigu_rules.errors.ScriptedCardError`, phase ``stalled``).
        """
        state = self.state
        if state.in_deal:
            raise IllegalActionError("the current deal is not over")
        over = session_over_refusal(state)
        if over is not None:
            raise IllegalActionError(over)
        script: Script | None = None
        order = refill_order = None
        later: list[Script] = []
        if cards or stock is not None or refill is not None or redeals != ():  # a script
            deck, names = state.deck, state.names
            script = checked_script(deck, names, cards)
            order = checked_stock(deck, stock)
            later = checked_redeals(deck, names, redeals)
            refill_order = None if refill is None else checked_cards(deck, refill, "the refill")
        able = state.able_to_play()
        refused = start_refusal(state, able)
        if refused is not None:
            raise IllegalActionError(refused)
        start = len(state.log)
        start_next_deal(state, able, script, order, later, refill_order)
        self._raise_if_stalled()
        return state.log[start:]

    # -- decisions -------------------------------------------------------------------

    def why_not_apply(self, action: Action) -> str | None:
        """Why ``action`` may not be played now, or ``None`` if it may."""
        try:
            move = check_action(action)
        except IllegalActionError as error:
            return str(error)
        return decision_refusal(self.state, move)

    def can_apply(self, action: Action) -> bool:
        return self.why_not_apply(action) is None

    def apply(self, action: Action) -> AnyEvent:
        """Play ``action`` for the player to act; return what happened.

        Anything but a well-formed :class:`Action` allowed now raises
        :class:`~ambigu_rules.errors.IllegalActionError` (a discard whose
        scripted replacement cannot be served,
        :class:`~ambigu_rules.errors.ScriptedCardError`) and changes nothing.
        """
        state = self.state
        deal = state.deal
        round_ = deal.round if deal is not None and state.phase is DECISION else None
        if (round_ is not None and (seat := round_.to_act) is not None
                and round_.legal().gave(action)):
            move = action  # given by the turn's own legal actions: well formed and allowed
        else:
            move = check_action(action)
            if round_ is None or (seat := round_.to_act) is None:
                raise IllegalActionError(no_decision_now(state))
            problem = round_.refusal(move)
            if problem is not None:
                raise IllegalActionError(problem)
        assert deal is not None  # a round is a deal's
        if move.kind == "discard" and deal.cards.scripted:  # only a script may lack a card
            problem = card_refusal(state, round_, move)
            if problem is not None:
                raise ScriptedCardError(problem)
        event = play_decision(state, round_, seat, move)
        decisions = deal.decisions = deal.decisions + 1
        if decisions >= MAX_DECISIONS_PER_DEAL and state.in_deal:
            stop_endless_deal(state, f"{MAX_DECISIONS_PER_DEAL:,} decisions (at step "
                              f"{deal.step_id!r}): no real deal takes so many")
        if state.phase is STALLED:
            self._raise_if_stalled()
        return event

    def _raise_if_stalled(self) -> None:
        """Say so when the deal has stopped at a card its script cannot serve."""
        state = self.state
        if state.phase is STALLED:
            raise ScriptedCardError(f"{state.stall} (the deal stops there)")

    # -- between and outside turns ---------------------------------------------------

    def why_not_buy_back(self, seat: int, amount: int) -> str | None:
        """Why ``seat`` may not buy ``amount`` counters now, or ``None`` if he may."""
        return buy_back_refusal(self.state, checked_seat(seat, self.players), amount)

    def buy_back(self, seat: int, amount: int) -> AnyEvent:
        """A player buys counters, when the version allows and it is not too late.

        Buying never brings a bank above ``limits.MAX_COUNTERS``: a purchase
        that would is refused, like every refusal here before anything
        changes.
        """
        checked = checked_seat(seat, self.players)
        refused = buy_back_refusal(self.state, checked, amount)
        if refused is not None:
            raise IllegalActionError(refused)
        return buy_counters(self.state, checked, amount)

    def why_not_leave(self, seat: int) -> str | None:
        """Why ``seat`` may not leave now, or ``None`` if he may."""
        return leave_refusal(self.state, checked_seat(seat, self.players))

    def leave(self, seat: int) -> AnyEvent:
        """``seat`` leaves the table between deals, as ``duration.leaving`` allows."""
        checked = checked_seat(seat, self.players)
        refused = leave_refusal(self.state, checked)
        if refused is not None:
            raise IllegalActionError(refused)
        return leave_table(self.state, checked)

    def why_not_time_up(self) -> str | None:
        """Why the table cannot call time now, or ``None`` if it can."""
        return time_up_refusal(self.state)

    def time_up(self) -> list[AnyEvent]:
        """The agreed time is up (``duration``): the session ends after, or with, this deal."""
        refused = time_up_refusal(self.state)
        if refused is not None:
            raise IllegalActionError(refused)
        return time_is_up(self.state)

    def why_not_penalize(self, seat: int, offence: str) -> str | None:
        """Why the penalty for ``offence`` by ``seat`` cannot be applied now, or ``None``."""
        checked_seat(seat, self.players)
        return penalty_refusal(self.state, offence)

    def penalize(self, seat: int, offence: str) -> AnyEvent:
        """Apply the version's penalty for an irregularity by ``seat``."""
        checked = checked_seat(seat, self.players)
        refused = penalty_refusal(self.state, offence)
        if refused is not None:
            raise IllegalActionError(refused)
        event = apply_penalty(self.state, checked, offence)
        self._raise_if_stalled()
        return event
