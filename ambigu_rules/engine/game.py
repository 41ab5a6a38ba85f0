"""The game: a session of deals played from a version's procedure.

``Game`` holds the session (seats, banks, dealer, what lies on the table,
debts) and the deal in progress. It runs the automatic steps (antes, deals,
showdown) itself and stops at every decision: ``to_act`` is the seat to
play, ``legal_actions()`` what that player may do, and ``apply(action)``
plays it and returns the event. An illegal action raises
:class:`~ambigu_rules.errors.IllegalActionError` and changes nothing.

>>> from ambigu_rules.load.resolver import load_ruleset
>>> game = Game(load_ruleset("foster"), players=3, seed=7)
>>> _ = game.start_deal(cards={1: game.deck.parse_cards("4H 7H")})  # blind 1 each
>>> game.table.pool, len(game.hand(1))
(3, 2)
>>> game.to_act, [a.describe(game.deck.format_hand) for a in game.legal_actions()]
(1, ['discard none', 'discard 4♥', 'discard 7♥', 'discard 4♥ 7♥'])
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from itertools import groupby
from operator import itemgetter
from typing import Any, TypeVar, assert_never

from ..errors import IllegalActionError
from ..hands.evaluator import Evaluator, evaluator_for
from ..limits import MAX_COUNTERS, MAX_DECISIONS_PER_DEAL, MAX_STEPS_PER_DEAL
from ..rules.common import Agreed
from ..rules.deck import HAND_SIZE
from ..rules.procedure import (
    AnteStep,
    BettingStep,
    Choice,
    DealStep,
    Effect,
    ExchangeStep,
    ShowdownStep,
    ShuffleCallStep,
    Step,
)
from ..rules.ruleset import Ruleset
from .actions import NOTHING, Action, LegalActions, check_action
from .betting import BettingRound, BettingTerms
from .deal import Deal, PendingChoice, Round
from .effects import apply_effect
from .events import (
    AntePaid,
    AnyEvent,
    BackIn,
    BestHand,
    BetsJoinedPool,
    BettingEnded,
    Bought,
    Called,
    CardsDealt,
    DealEnded,
    DealStarted,
    Exchanged,
    Folded,
    Forced,
    ForcePaid,
    HandShown,
    NobodyCalledShuffle,
    Opened,
    OptionChosen,
    PackCut,
    Passed,
    Penalized,
    PutOut,
    Raised,
    Redealt,
    ShuffleCalled,
    ShufflePassed,
    StockShuffled,
    Stood,
)
from .exchange import ExchangeRound, ShuffleCallRound
from .pots import split_bets
from .session import (
    Session,
    after_deal,
    check_agreed_deals,
    check_banks,
    check_can_start,
    choose_first_dealer,
    leave_table,
    time_is_up,
)
from .setup import GameSetupError, ProcedureLoopError, checked_names, is_whole, whole_in
from .stock import cards_available, draw, new_stock
from .table import Table

EventT = TypeVar("EventT", bound=AnyEvent)


def _bet_event(action: Action, seat: int, put: int, terms: BettingTerms) -> AnyEvent:
    """The event of a betting action that ``seat`` played, putting ``put`` counters in."""
    kind = action.kind
    step = terms.step_id
    if kind == "open" or kind == "raise":
        assert action.amount is not None  # check_action made sure
        if kind == "raise":
            return Raised(seat=seat, amount=action.amount, put=put, step=step)
        return Opened(seat=seat, amount=action.amount, put=put, call=terms.open_call, step=step)
    if kind == "call":
        return Called(seat=seat, put=put, step=step)
    if kind == "force":
        return Forced(seat=seat, step=step)
    if kind == "fold":
        return Folded(seat=seat, step=step)
    return Passed(seat=seat, call=terms.pass_call, step=step)


class Game:
    """A session of Ambigu under one version's rules."""

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        players: object = 4,
        names: object = None,
        banks: object = 100,
        dealer: object = 0,
        seed: object = 0,
        limit: object = 10,
        agreed: object = None,
        keep_discards_apart: Sequence[int] = (),
        deals: object = None,
        drawn: object = None,
        resumed: object = False,
        fixed_stake: object = None,
        buy_back_agreed: object = False,
    ) -> None:
        """Seat the players; ``dealer=None`` chooses the first dealer by the
        version's ``first_dealer`` rule (``drawn`` scripts the cards drawn for
        it); ``deals`` is the number of deals the table agrees to play;
        ``resumed=True`` picks up a session already under way, whose banks
        need not be equal any more; ``fixed_stake`` is the one stake every
        opening and raise must be, where the version lets the table fix it;
        ``buy_back_agreed`` is the table's agreement to let players buy
        counters between deals where the version says nothing of it.

        ``players``, ``dealer``, ``seed``, ``limit``, ``fixed_stake`` and
        ``deals`` are whole numbers (``int``, not ``bool``), ``names`` a list of
        texts, ``banks`` one whole number or one per player, ``agreed`` a
        mapping of step id to amount, ``drawn`` of seat to card; ``resumed``
        and ``buy_back_agreed`` are read as true or false. They are typed
        ``object`` because they
        are checked here: anything else is refused with :class:`GameSetupError`
        (also in the compiled build, whose typed parameters would otherwise
        turn ``True`` into ``1`` or raise ``TypeError``)."""
        self.ruleset = ruleset
        #: The steps of a deal, in order (read at every step and decision).
        self.procedure: list[Step] = list(ruleset.procedure)
        #: The antes each player pays at every deal: who can pay them may play.
        self.each_players_antes = [step for step in self.procedure if isinstance(step, AnteStep)
                                   and step.payer == "each_player"]
        self.evaluator: Evaluator = evaluator_for(self.ruleset)
        self.deck = self.evaluator.deck
        count = len(names) if isinstance(names, list | tuple) and names else players
        bounds = self.ruleset.players
        if not is_whole(count) or not bounds.min <= count <= bounds.max:
            raise GameSetupError(
                f"this version is for {self.ruleset.players.min} to "
                f"{self.ruleset.players.max} players, not {count}"
            )
        self.names = checked_names(names, count)
        given: list[object] = ([banks] * count if is_whole(banks)
                               else list(banks) if isinstance(banks, list | tuple) else [])
        bank_list = [bank for bank in given if is_whole(bank) and 0 <= bank <= MAX_COUNTERS]
        if len(given) != count or len(bank_list) != count:
            raise GameSetupError(f"give one bank per player ({count}), each a whole number "
                                 f"of counters from 0 to {MAX_COUNTERS:,}")
        if not resumed:
            check_banks(self.ruleset, bank_list)
        first_dealer = None if dealer is None else whole_in(dealer, 0, count - 1)
        if dealer is not None and first_dealer is None:
            raise GameSetupError(f"the dealer is a seat from 0 to {count - 1}, not {dealer!r}")
        betting_limit = whole_in(limit, 1, MAX_COUNTERS)
        if betting_limit is None:
            raise GameSetupError(f"the betting limit is a whole number of counters from 1 to "
                                 f"{MAX_COUNTERS:,}, not {limit!r}")
        if seed is not None and not is_whole(seed):
            raise GameSetupError(f"the seed is a whole number, not {seed!r}")
        self.table = Table(bank_list)
        self.session = Session(
            brought=list(bank_list),
            agreed_deals=check_agreed_deals(self.ruleset, deals))
        self.rng = random.Random(seed if is_whole(seed) else None)
        kind = self._limit_kind()
        self.limit = None if kind in ("purse_only", "pool") else betting_limit
        self.fixed_stake = self._checked_fixed_stake(fixed_stake, kind)
        rule = self.ruleset.table.buy_back
        if buy_back_agreed and rule is not None and not rule.allowed:
            raise GameSetupError(f"under {self.ruleset.id!r} a player may not buy more counters "
                                 "(table.buy_back), whatever the table agrees")
        self.buy_back_agreed = bool(buy_back_agreed)
        if agreed is not None and not isinstance(agreed, dict):
            raise GameSetupError("agreed amounts are a mapping of step id to amount")
        self.agreed: dict[str, int] = self._checked_agreed(agreed or {})
        self.keep_discards_apart = set(keep_discards_apart)
        self.log: list[AnyEvent] = []
        #: Called with each event as it is recorded, after the change it
        #: records (the worked examples' table view snapshots the table there).
        self.watcher: Callable[[AnyEvent], None] | None = None
        self.deal: Deal | None = None
        self.deal_count = 0
        self.script: dict[int, list[int]] | None = None
        self.stock_order: list[int] | None = None
        #: The scripts of the deal's redeals, never changed once given (a saved state
        #: shares them); ``redeals_served`` of them have been dealt.
        self.redeal_scripts: list[dict[int, list[int]]] = []
        self.redeals_served = 0
        self.refill_order: list[int] | None = None
        if dealer is not None and drawn:
            raise GameSetupError("cards are drawn for the deal only when the rules choose the "
                                 "first dealer (dealer=None)")
        self.dealer: int = (choose_first_dealer(self, drawn) if first_dealer is None
                            else first_dealer)

    # -- setup helpers -------------------------------------------------------

    def _limit_kind(self) -> str:
        rule = self.ruleset.table.betting_limit
        return "agreed_limit" if rule is None else rule.kind

    def _checked_fixed_stake(self, stake: object, kind: str) -> int | None:
        if stake is None:
            return None
        if kind != "fixed_stakes_allowed":
            raise GameSetupError(f"under {self.ruleset.id!r} the stakes cannot be fixed "
                                 "(table.betting_limit)")
        if not is_whole(stake) or not 1 <= stake <= MAX_COUNTERS:
            raise GameSetupError(f"the fixed stake is a whole number of counters from 1 to "
                                 f"{MAX_COUNTERS:,}, not {stake!r}")
        return stake

    def _checked_agreed(self, agreed: dict[object, object]) -> dict[str, int]:
        """The table's agreed amounts, each one of its step's choices."""
        steps = {step.id: step for step in self.ruleset.procedure}
        checked: dict[str, int] = {}
        for step_id, value in agreed.items():
            step = steps.get(step_id) if isinstance(step_id, str) else None
            amount = None
            for name in ("amount", "stake", "stand_pays"):
                amount = amount if amount is not None else getattr(step, name, None)
            if not (isinstance(amount, Agreed) and isinstance(step_id, str) and is_whole(value)
                    and value in amount.choices):
                raise GameSetupError(f"agreed amount for {step_id!r}: no such choice {value}")
            checked[step_id] = value
        return checked

    def amount(self, step_id: str, amount: int | Agreed) -> int:
        """An amount of the rules, with the table's agreed choice applied."""
        if isinstance(amount, Agreed):
            return self.agreed.get(step_id, amount.default)
        return amount

    @property
    def players(self) -> int:
        return len(self.names)

    def speaking_order(self) -> list[int]:
        """Every seat in the order of speaking, as the version's ``direction`` says.

        Seats are numbered to the right: seat ``dealer + 1`` is on the
        dealer's right. The first to speak sits on the dealer's right or left
        (``first_to_speak``), and the turn goes on to the right
        (``counterclockwise``) or to the left (``clockwise``).
        """
        direction = self.ruleset.direction
        first = 1 if direction.first_to_speak == "dealer_right" else -1
        step = 1 if direction.turn == "counterclockwise" else -1
        return [(self.dealer + first + step * offset) % self.players
                for offset in range(self.players)]

    def cutter(self) -> int | None:
        """Who cuts the pack: the seat on the dealer's side the version names, if any."""
        side = self.ruleset.direction.cut_by
        if side is None:
            return None
        return (self.dealer + (1 if side == "dealer_right" else -1)) % self.players

    def acting_dealer(self) -> int:
        """Who plays the dealer's part in this deal: his choice, his force.

        The dealer himself, unless a penalty has put him out of the deal
        while others play on (a dealer who passes or folds keeps his part):
        then the ruleset's
        ``table.dealer_out_of_deal`` names who takes his part (by default
        the next player in turn still in the deal).
        """
        deal = self.deal
        if deal is None or self.dealer not in deal.put_out:
            return self.dealer
        in_play = deal.in_play()
        if not in_play:
            return self.dealer
        rule = self.ruleset.table.dealer_out_of_deal
        if rule is not None and rule.role_passes_to == "last_in_turn":
            return in_play[-1]
        return in_play[0]

    def _required_antes(self) -> int:
        return sum(
            self.amount(step.id, step.amount) + step.grows_by * self.session.unwon_deals
            for step in self.each_players_antes
        )

    # -- queries -------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        deal = self.deal
        if deal is None or deal.over or deal.round is None:
            return None
        return deal.round.to_act

    @property
    def deal_over(self) -> bool:
        deal = self.deal
        return deal is None or deal.over

    def legal_actions(self) -> LegalActions:
        """What the player to act may do: a read-only sequence of actions.

        Amounts are held as ranges, so the sequence is cheap however high the
        betting limit; see :class:`~.actions.LegalActions`.
        """
        deal = self.deal
        if deal is None or deal.over or deal.round is None or deal.round.to_act is None:
            return NOTHING
        return deal.round.legal()

    def hand(self, seat: object) -> list[int]:
        """The cards ``seat`` holds now (none before the first deal)."""
        seat = self._checked_seat(seat)
        if self.deal is None:
            return []
        return list(self.deal.hands.get(seat, []))

    def _able_to_play(self) -> set[int]:
        """The seats that can be dealt in: still at the table, able to pay the antes."""
        need = self._required_antes()
        return {seat for seat in range(self.players)
                if self.table.banks[seat] >= need and seat not in self.session.left}

    def short_of_antes(self, seat: object) -> bool:
        """Whether ``seat`` is still at the table but cannot pay the antes of a deal."""
        seat = self._checked_seat(seat)
        return seat not in self.session.left and seat not in self._able_to_play()

    def can_start_deal(self) -> bool:
        return (not self.session.ended
                and len(self._able_to_play()) >= self.ruleset.players.min)

    # -- events --------------------------------------------------------------

    @property
    def step_id(self) -> str | None:
        """The id of the procedure step the deal is at (``None`` between deals)."""
        deal = self.deal
        return None if deal is None else deal.step_id

    def record(self, event: EventT) -> EventT:
        """Keep ``event`` in the log (and show it to the watcher) and return it."""
        self.log.append(event)
        if self.watcher is not None:
            self.watcher(event)
        return event

    def name(self, seat: object) -> str:
        """The name of the player at ``seat``."""
        return self.names[self._checked_seat(seat)]

    # -- starting a deal -----------------------------------------------------

    def start_deal(
        self,
        cards: object = None,
        stock: object = None,
        *,
        redeals: object = (),
        refill: object = None,
    ) -> list[AnyEvent]:
        """Begin the next deal; return the events up to the first decision.

        ``cards`` scripts, for some seats, the cards each will receive in order
        (first deal, second deal, then replacements); ``stock`` fixes the
        order of the whole stock, top card first. ``redeals`` scripts the
        cards of each redeal in turn, as ``cards`` does; ``refill`` the order
        in which discards gathered into a stock that ran short are served
        (the first named first; the cards named must be among them).
        Otherwise the seeded random generator shuffles.

        ``cards`` and each redeal are ``{seat: [card, ...]}``, ``stock`` and
        ``refill`` lists of card numbers: anything else is refused with
        :class:`GameSetupError` (hence the ``object`` types).
        """
        if self.deal is not None and not self.deal.over:
            raise IllegalActionError("the current deal is not over")
        check_can_start(self)
        script = self._checked_script(cards)
        order = self._checked_stock(stock)
        if not isinstance(redeals, list | tuple):
            raise GameSetupError("scripted redeals are a list of scripts such as 'cards'")
        later = [self._checked_script(more) or {} for more in redeals]
        refill_order = None if refill is None else self._checked_cards(refill, "the refill")
        able = self._able_to_play()
        if len(able) < self.ruleset.players.min:
            raise IllegalActionError(
                "not enough players can pay the antes to deal again (buy back counters)"
            )
        # Only a script can fail once dealing has begun; the deal that ended
        # is not changed by a new one, so it is kept as it is, not copied.
        scripted = bool(script or later or refill_order) or order is not None
        saved = self._saved_state(deal_too=False) if scripted else None
        # A player who cannot pay the antes sits the deal out, and does not deal.
        while self.dealer not in able:
            self.dealer = (self.dealer + 1) % self.players
        players = [seat for seat in self.speaking_order() if seat in able]
        self.script, self.stock_order = script, order
        self.redeal_scripts, self.refill_order = later, refill_order
        self.redeals_served = 0
        if saved is None:  # nothing scripted: nothing that could fail to be served
            return self._begin_deal(players)
        with self._undone_on_setup_error(saved):
            return self._begin_deal(players)

    def _begin_deal(self, players: list[int]) -> list[AnyEvent]:
        """Deal to ``players`` and run the procedure up to the first decision."""
        self.deal_count += 1
        self.deal = Deal(self.deal_count, players)
        start = len(self.log)
        self.record(DealStarted(number=self.deal_count, dealer=self.dealer,
                                players=tuple(players)))
        new_stock(self)
        self._advance()
        return self.log[start:]

    def _checked_script(self, cards: object) -> dict[int, list[int]] | None:
        """Scripted cards as ``{seat: [card, ...]}``, or :class:`GameSetupError`."""
        if not cards:
            return None
        if not isinstance(cards, dict):
            raise GameSetupError("scripted cards are a mapping of seat to the cards it receives")
        script: dict[int, list[int]] = {}
        for seat, hand in cards.items():
            if not is_whole(seat) or not 0 <= seat < self.players:
                raise GameSetupError(f"cards are scripted for seat {seat!r}, but the seats are "
                                     f"numbered 0 to {self.players - 1}")
            script[seat] = self._checked_cards(hand, f"the cards scripted for {self.names[seat]}")
        return script

    def _checked_stock(self, stock: object) -> list[int] | None:
        """A scripted stock order, each card of the deck at most once."""
        if stock is None:
            return None
        order = self._checked_cards(stock, "the stock order")
        if len(set(order)) != len(order):
            raise GameSetupError("the stock order repeats a card")
        return order

    def _checked_cards(self, cards: object, what: str) -> list[int]:
        if not isinstance(cards, list | tuple):
            raise GameSetupError(f"{what}: expected a list of card numbers")
        if not all(card in self.deck for card in cards):
            raise GameSetupError(f"{what}: a card that is not in the deck (its cards are "
                                 f"numbered {self.deck.cards()[0]} to {self.deck.cards()[-1]})")
        return list(cards)

    def _scripted(self) -> bool:
        """Whether some card of the deal is scripted (a draw may then fail)."""
        return (self.script is not None or self.stock_order is not None
                or self.redeals_served < len(self.redeal_scripts)
                or self.refill_order is not None)

    def _saved_state(self, deal_too: bool = True) -> tuple[Any, ...]:
        """What a failed scripted step must put back (the log's length stands for it).

        The redeals' scripts are never changed, only counted off, so they are kept
        as they are, not copied: a long list of them costs nothing per action.
        """
        keep_shared = {id(self): self, id(self.ruleset): self.ruleset,
                       id(self.evaluator): self.evaluator, id(self.deck): self.deck}
        if not deal_too:
            keep_shared[id(self.deal)] = self.deal
        return (copy.deepcopy((self.table, self.deal, self.script, self.stock_order,
                               self.refill_order),
                              keep_shared),
                (self.redeal_scripts, self.redeals_served),
                self.dealer, self.deal_count, len(self.log), self.rng.getstate())

    @contextmanager
    def _undone_on_setup_error(self, saved: tuple[Any, ...] | None) -> Iterator[None]:
        """Put the game back as it was if a scripted card cannot be served."""
        try:
            yield
        except GameSetupError:
            if saved is not None:
                (self.table, self.deal, self.script, self.stock_order, self.refill_order), \
                    (self.redeal_scripts, self.redeals_served), self.dealer, \
                    self.deal_count, length, rng_state = saved
                del self.log[length:]
                self.rng.setstate(rng_state)
            raise

    # -- the procedure -------------------------------------------------------

    def _advance(self) -> None:
        """Run automatic steps until a decision is needed or the deal ends."""
        deal = self.deal
        assert deal is not None
        procedure = self.procedure
        while not deal.over and deal.round is None:
            if deal.step_index >= len(procedure):
                self.end_deal()
                return
            step = procedure[deal.step_index]
            deal.step_id = step.id
            deal.steps_run += 1
            if deal.steps_run > MAX_STEPS_PER_DEAL:
                self._stop_endless_deal(
                    f"{MAX_STEPS_PER_DEAL:,} steps without ending (at step {step.id!r}): the "
                    f"procedure of {self.ruleset.id!r} goes round without end")
            match step:
                case AnteStep():
                    self._ante(step)
                    deal.step_index += 1
                case DealStep():
                    self._deal_cards(step)
                    deal.step_index += 1
                case ExchangeStep():
                    self._open_exchange(step)
                case ShuffleCallStep():
                    deal.round = ShuffleCallRound(
                        deal.in_play(), step.exchange, deal.hands, partial(cards_available, self)
                    )
                case BettingStep():
                    self._open_betting(step)
                case ShowdownStep():
                    self._showdown(step)
                case _:
                    assert_never(step)

    def _stop_endless_deal(self, why: str) -> None:
        """End a deal that has run past a limit of :mod:`..limits`, and say so."""
        deal = self.deal
        assert deal is not None
        deal.round = None
        self.end_deal()
        raise ProcedureLoopError(f"deal {deal.number} was stopped after {why}; the bets were "
                                 "left in the pool")

    def _ante(self, step: AnteStep) -> None:
        deal = self.deal
        assert deal is not None
        step_id, into = step.id, step.into
        amount = self.amount(step_id, step.amount) + step.grows_by * self.session.unwon_deals
        payers = deal.in_play() if step.payer == "each_player" else [self.dealer]
        label = step.label or step.title.lower()
        for seat in payers:
            paid = min(amount, max(self.table.banks[seat], 0))
            self.table.to_pile(seat, paid, into)
            self.record(AntePaid(seat=seat, amount=paid, into=into, label=label, step=step_id))

    def _deal_cards(self, step: DealStep) -> None:
        deal = self.deal
        assert deal is not None
        if step.shuffle_stock and any(deal.hands.values()):
            self._shuffle_stock()
        if step.cut:
            self.record(PackCut(seat=self.cutter(), step=step.id))
        receivers = self._taking_part(step.to)
        cards, step_id = step.cards, step.id
        per_turn = 1 if step.one_at_a_time else cards
        for _ in range(cards // per_turn):
            for seat in receivers:
                draw(self, seat, per_turn)
        for seat in receivers:
            self.record(CardsDealt(seat=seat, count=cards, step=step_id))

    def _taking_part(self, who: str) -> list[int]:
        """The players a step is for, in speaking order.

        ``players_in``: those still in the deal. ``each_player``: every player
        dealt in, so one who dropped out by passing or folding takes part
        again (one put out by a penalty stays out).
        """
        deal = self.deal
        assert deal is not None
        if who == "each_player":
            back = tuple(seat for seat in deal.players
                         if seat in deal.out and seat not in deal.put_out)
            if back:
                deal.out.difference_update(back)
                self.record(BackIn(seats=back, step=deal.step_id))
        return deal.in_play()

    def _shuffle_stock(self) -> None:
        # With a seeded random deal the stock is already in random order (the
        # discards gathered back into it are shuffled when they are), so a
        # new shuffle would not change the odds; a scripted stock keeps its order.
        self.record(StockShuffled(step=self.step_id))

    # -- decision steps ------------------------------------------------------

    def _open_exchange(self, step: ExchangeStep) -> None:
        deal = self.deal
        assert deal is not None
        if step.shuffle_stock_first:
            self._shuffle_stock()
        order = self._taking_part(step.who)
        deal.round = ExchangeRound(order, step.discard, deal.hands,
                                   partial(cards_available, self))

    def _open_betting(self, step: BettingStep) -> None:
        deal = self.deal
        assert deal is not None
        all_in = self.ruleset.table.all_in
        open_min = step.open_min
        if step.open_min_from_previous and deal.last_round is not None:
            open_min = max(open_min, deal.last_round.current_bet)
        order = self._taking_part(step.who)
        if len(order) < 2:
            deal.last_player = order[0] if order else None
            self._run_outcome(step.on_uncalled_open, contested=False)
            return
        allowed = bool(all_in and all_in.allowed)
        # Who went all in at an earlier step: no counters left, a stake on the table.
        already = frozenset(seat for seat in order if allowed and self.table.banks[seat] <= 0
                            and self.table.bets[seat] > 0)
        round_ = BettingRound(step, order, self.acting_dealer(), self.table.banks, self.limit,
                              open_min, allowed, already,
                              on_table=self.table.on_table if self._limit_kind() == "pool"
                              else None, fixed=self.fixed_stake)
        deal.round = round_
        if round_.result is not None:  # nobody can bet: the round is decided at once
            self._finish_betting(round_)

    # -- applying actions ----------------------------------------------------

    def apply(self, action: object) -> AnyEvent:
        """Play ``action`` for the player to act; return what happened.

        Anything but a well-formed :class:`Action` allowed now raises
        :class:`~ambigu_rules.errors.IllegalActionError` and changes nothing.
        """
        move = check_action(action)
        deal = self.deal
        round_ = None if deal is None or deal.over else deal.round
        seat = None if round_ is None else round_.to_act
        if deal is None or round_ is None or seat is None:
            raise IllegalActionError("nobody is to act: start a deal first")
        if not self._scripted():
            event = self._apply_to(round_, seat, move)
        else:
            # A scripted card that cannot be served is found only while drawing.
            with self._undone_on_setup_error(self._saved_state()):
                event = self._apply_to(round_, seat, move)
        deal.decisions += 1
        if deal.decisions >= MAX_DECISIONS_PER_DEAL and not deal.over:
            self._stop_endless_deal(f"{MAX_DECISIONS_PER_DEAL:,} decisions (at step "
                                    f"{deal.step_id!r}): no real deal takes so many")
        return event

    def _apply_to(self, round_: Round, seat: int, action: Action) -> AnyEvent:
        """Play ``action`` in the round in progress (each round checks it first)."""
        if isinstance(round_, BettingRound):
            return self._apply_bet(round_, seat, action)
        if isinstance(round_, PendingChoice):
            return self._apply_choice(round_, action)
        return self._apply_exchange(round_, seat, action)

    def _apply_choice(self, pending: PendingChoice, action: Action) -> AnyEvent:
        if action not in pending.legal():
            options = ", ".join(pending.choice.options)
            raise IllegalActionError(f"choose one of: {options}")
        pending.chosen = action.option
        assert self.deal is not None and action.option is not None
        self.deal.round = None
        event = self.record(OptionChosen(seat=pending.seat, option=action.option,
                                         step=self.step_id))
        self._run_effects(pending.choice.options[action.option], contested=False)
        self._advance()
        return event

    def _apply_exchange(self, round_: ExchangeRound | ShuffleCallRound, seat: int,
                        action: Action) -> AnyEvent:
        deal = self.deal
        assert deal is not None
        step = self.procedure[deal.step_index]
        discarded = round_.apply(action)
        if discarded is None:  # a speaking call in the shuffle rounds
            return self._after_shuffle_call(round_, seat, action, step)
        for card in discarded:
            deal.hands[seat].remove(card)
        deal.discards[seat].extend(discarded)
        draw(self, seat, len(discarded))
        event: AnyEvent
        if discarded:
            event = self.record(Exchanged(seat=seat, cards=discarded,
                                          call=getattr(step, "draw_call", None),
                                          step=deal.step_id))
        else:
            event = self.record(Stood(seat=seat, call=getattr(step, "stand_call", None),
                                      step=deal.step_id))
            stake = getattr(step, "stand_pays", None)
            if stake is not None:
                paid = min(self.amount(step.id, stake), max(self.table.banks[seat], 0))
                self.table.to_pile(seat, paid, "pool")
                self.record(AntePaid(seat=seat, amount=paid, into="pool", step=step.id))
        if isinstance(round_, ExchangeRound) and round_.done:
            deal.round = None
            deal.step_index += 1
            self._advance()
        return event

    def _after_shuffle_call(self, round_: ExchangeRound | ShuffleCallRound, seat: int,
                            action: Action, step: Any) -> AnyEvent:
        deal = self.deal
        assert deal is not None and isinstance(round_, ShuffleCallRound)
        if action.kind == "pass":
            passed = self.record(ShufflePassed(seat=seat, call=step.pass_call, step=step.id))
            if round_.exchanging is not None:
                self.record(NobodyCalledShuffle(step=step.id))
                if step.reshuffle_between_rounds:
                    self._shuffle_stock()
            return passed
        stake = self.amount(step.id, step.stake)
        paid = min(stake, max(self.table.banks[seat], 0))
        self.table.to_pile(seat, paid, step.into)
        event = self.record(ShuffleCalled(seat=seat, call=step.shuffle_call, amount=paid,
                                          into=step.into, step=step.id))
        deal.round = None
        deal.step_index += 1
        self._advance()
        return event

    def _apply_bet(self, round_: BettingRound, seat: int, action: Action) -> AnyEvent:
        deal = self.deal
        assert deal is not None
        put = round_.apply(action)
        if put:
            self.table.bet(seat, put)
        event = self.record(_bet_event(action, seat, put, round_.terms))
        if round_.result is not None:
            self._finish_betting(round_)
        return event

    def _finish_betting(self, round_: BettingRound) -> None:
        deal = self.deal
        assert deal is not None
        step = round_.step
        deal.round = None
        deal.last_round = round_
        deal.opener = round_.opener
        deal.last_refuser = round_.last_refuser
        for seat in round_.folded:
            deal.out.add(seat)
        active = round_.active
        deal.last_player = active[0] if len(active) == 1 else None
        result = round_.result
        self.record(BettingEnded(result=result or "called", step=step.id))
        if result == "forced" and step.dealer_force is not None:
            forcer = round_.dealer
            self.table.to_pile(forcer, min(step.dealer_force.amount,
                                           max(self.table.banks[forcer], 0)), "pool")
            self.record(ForcePaid(seat=forcer, amount=step.dealer_force.amount, step=step.id))
            self._run_outcome(step.dealer_force.then, contested=False)
        elif result == "all_pass":
            self._run_outcome(step.on_all_pass, contested=False)
        elif result == "uncalled_open":
            self._run_outcome(step.on_uncalled_open, contested=False)
        elif result == "uncalled_raise":
            self._run_outcome(step.on_uncalled_raise or [], contested=False)
        else:
            self._run_outcome(step.on_called, contested=True)
        self._advance()

    # -- outcomes and effects ------------------------------------------------

    def _run_outcome(self, outcome: list[Effect] | Choice, contested: bool) -> None:
        deal = self.deal
        assert deal is not None
        if isinstance(outcome, Choice):
            seat = self.acting_dealer()
            deal.round = PendingChoice(seat, outcome, self.table.banks[seat])
            return
        self._run_effects(outcome, contested)

    def _run_effects(self, effects: Sequence[Effect], contested: bool) -> None:
        deal = self.deal
        assert deal is not None
        moved = False
        for effect in effects:
            flow = apply_effect(self, effect, contested)
            if flow == "stop":
                self.end_deal()
                return
            moved = moved or flow == "moved"
        if not moved:
            deal.step_index += 1

    def _showdown(self, step: ShowdownStep) -> None:
        deal = self.deal
        assert deal is not None
        contenders = deal.in_play()
        keyed = []
        for seat in contenders:
            hand = deal.hands[seat]
            worth = self.evaluator.worth(hand) if len(hand) == HAND_SIZE else None
            # An exact tie goes to the player nearest the dealer's right
            # (``ranking.final_tie``), whichever way the turn goes.
            keyed.append((-1 if worth is None else worth.key,
                          -((seat - self.dealer - 1) % self.players), seat))
            self.record(HandShown(
                seat=seat, cards=tuple(hand), step=step.id,
                combination=worth.combination if worth else None,
                name=worth.name if worth else None,
                value=worth.value if worth else 0))
        keyed.sort(reverse=True)
        deal.ranking = [seat for _, _, seat in keyed]
        if self.ruleset.ranking.final_tie == "split":
            deal.standing = [[seat for _, _, seat in group]
                             for _, group in groupby(keyed, key=itemgetter(0))]
        else:
            deal.standing = [[seat] for seat in deal.ranking]
        deal.winners = deal.standing[0]
        deal.winner = deal.ranking[0]
        for seat in deal.winners:
            self.record(BestHand(seat=seat, step=step.id))
        self._run_effects(step.then, contested=True)

    def end_deal(self) -> None:
        """End the deal in progress: bets left join the pool, the deal passes on."""
        deal = self.deal
        assert deal is not None
        if deal.over:
            return
        moved = self.table.bets_into_pool()
        if moved:
            self.record(BetsJoinedPool(amount=moved, step=deal.step_id))
        deal.over = True
        rotation = self.ruleset.table.dealer_rotation
        step = 1 if rotation is None or rotation.to == "right" else -1
        self.dealer = (self.dealer + step) % self.players
        self.record(DealEnded(number=deal.number, pool=self.table.pool,
                              batterie=self.table.batterie, banks=tuple(self.table.banks),
                              step=deal.step_id))
        after_deal(self)

    # -- between and outside turns -------------------------------------------

    def buy_back(self, seat: object, amount: object) -> AnyEvent:
        """A player buys counters, when the version allows and it is not too late.

        Buying never brings a bank above ``limits.MAX_COUNTERS``: a purchase
        that would is refused, like every refusal here before anything
        changes. (Counters won from the other players may take a bank past
        it: they are the table's own.)
        """
        seat = self._checked_seat(seat)
        rule = self.ruleset.table.buy_back
        # Where the version says nothing, the table's agreement allows it between deals.
        allowed = self.buy_back_agreed if rule is None else rule.allowed
        deadline = "between_deals" if rule is None else rule.deadline
        if not allowed:
            raise IllegalActionError("this version has no buying back")
        if not is_whole(amount) or not 1 <= amount <= MAX_COUNTERS:
            raise IllegalActionError(
                f"buy a whole number of counters from 1 to {MAX_COUNTERS:,}, not {amount!r}")
        if seat in self.session.left:
            raise IllegalActionError(f"{self.names[seat]} has left the table")
        deal = self.deal
        if deal is not None and not deal.over:
            late = deadline != "before_third_card" or len(deal.hands.get(seat, [])) > 2
            if late:
                when = ("before his third card is dealt" if deadline == "before_third_card"
                        else "between deals")
                raise IllegalActionError(f"{self.names[seat]} may buy counters only {when}")
        bank = self.table.banks[seat]
        if bank + amount > MAX_COUNTERS:
            name = self.names[seat]
            most = (f"at most {MAX_COUNTERS - bank:,} more" if bank < MAX_COUNTERS
                    else "no more")
            raise IllegalActionError(
                f"buying {amount:,} would bring {name}'s bank to {bank + amount:,}, above "
                f"{MAX_COUNTERS:,}, the most counters buying may bring a bank to: {name} "
                f"may buy {most}")
        self.table.buy(seat, amount)
        self.session.brought[seat] += amount
        return self.record(Bought(seat=seat, amount=amount, step=self.step_id))

    def leave(self, seat: object) -> AnyEvent:
        """``seat`` leaves the table between deals, as the version's ``duration.leaving`` allows."""
        return leave_table(self, self._checked_seat(seat))

    def time_up(self) -> list[AnyEvent]:
        """The agreed time is up (``duration``): the session ends after, or with, this deal."""
        return time_is_up(self)

    @property
    def session_over(self) -> bool:
        return self.session.ended

    def penalize(self, seat: object, offence: object) -> AnyEvent:
        """Apply the version's penalty for an irregularity by ``seat``."""
        seat = self._checked_seat(seat)
        penalty = next((p for p in self.ruleset.table.penalties if p.offence == offence), None)
        if penalty is None:
            known = ", ".join(p.offence for p in self.ruleset.table.penalties) or "none"
            raise IllegalActionError(f"this version names no penalty for {offence!r} "
                                     f"(penalties: {known})")
        deal = self.deal
        if deal is None or deal.over:
            raise IllegalActionError("penalties apply during a deal")
        payer = self.dealer if penalty.payer == "dealer" else seat
        self.table.to_pile(payer, min(penalty.amount, max(self.table.banks[payer], 0)),
                           penalty.into)
        event = self.record(Penalized(seat=payer, amount=penalty.amount,
                                      offence=penalty.offence, into=penalty.into,
                                      step=deal.step_id))
        if penalty.consequence != "none" and payer in deal.players:
            deal.out.add(payer)
            deal.put_out.add(payer)
            if penalty.consequence == "sit_out_deal":
                deal.sitting_out.add(payer)
            self._drop_from_round(payer)
            self.record(PutOut(seat=payer, step=deal.step_id))
        return event

    def _checked_seat(self, seat: object) -> int:
        """A seat number of this table, or :class:`IllegalActionError`."""
        checked = whole_in(seat, 0, self.players - 1)
        if checked is None:
            raise IllegalActionError(
                f"no seat {seat!r}: seats are numbered 0 to {self.players - 1}")
        return checked

    def _drop_from_round(self, seat: int) -> None:
        """Take a player out of the round in progress, ending it if it is decided."""
        deal = self.deal
        assert deal is not None
        round_ = deal.round
        if round_ is None:
            return
        if isinstance(round_, PendingChoice):
            if round_.seat == seat:  # the dealer's choice passes with his part
                round_.seat = self.acting_dealer()
                round_.bank = self.table.banks[round_.seat]
            return
        if isinstance(round_, BettingRound):
            round_.dealer = self.acting_dealer()
            round_.drop(seat)
            if round_.result is not None:
                self._finish_betting(round_)
        elif isinstance(round_, ExchangeRound | ShuffleCallRound):
            round_.drop(seat)
            if isinstance(round_, ExchangeRound) and round_.done:
                deal.round = None
                deal.step_index += 1
                self._advance()

    def redeal(self) -> None:
        """Gather the cards and deal again from the first deal step (same dealer)."""
        deal = self.deal
        assert deal is not None
        for seat in deal.players:
            deal.hands[seat] = []
            deal.discards[seat] = []
        deal.out = set(deal.sitting_out)
        deal.put_out = set(deal.sitting_out)
        deal.last_round = None
        if self.redeals_served < len(self.redeal_scripts):
            scripted = self.redeal_scripts[self.redeals_served]
            self.script = {seat: list(cards) for seat, cards in scripted.items()}
            self.redeals_served += 1
        else:
            self.script = None
        self.stock_order = None
        new_stock(self)
        first = next(i for i, s in enumerate(self.ruleset.procedure) if isinstance(s, DealStep))
        deal.step_index = first
        self.record(Redealt(step=deal.step_id))

    def split_winnings(self) -> dict[int, list[int]]:
        """Share the bets among the contenders at a showdown (side pots)."""
        deal = self.deal
        assert deal is not None
        rule = self.ruleset.table.all_in
        return split_bets(self.table.bets, set(deal.in_play()), deal.standing,
                          capped=rule is None or rule.wins_up_to_own_stake,
                          rest_to_next_best=rule is None or rule.remainder_to == "next_best_hand")
