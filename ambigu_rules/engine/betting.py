"""A speaking and betting interval, as a small state machine.

The round knows whose turn it is, what that player may do, and when the
round is over; what happens then (the outcome named by the ruleset) is left
to :mod:`.game`. Amounts are in counters; a raise is the amount added above
the current bet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import IllegalActionError
from ..rules.procedure import BettingStep
from .actions import NOTHING, Action, AmountRange, LegalActions, simple

Result = Literal["all_pass", "uncalled_open", "uncalled_raise", "called", "forced"]


@dataclass(frozen=True, slots=True)
class BettingTerms:
    """What a betting step allows, read from it once: a round asks at every turn (from
    slots: a rule model's field, or a named tuple's, is read through the generic
    attribute lookup, several times slower).

    The 1730 vade (ajo §Phase 2): an opening of 2 to 4 counters, "never a
    re-raise", each player answers once, and when all before him passed the
    dealer may force play by putting in 2:

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> vade = next(s for s in load_ruleset("1730").procedure if s.id == "vade")
    >>> terms = BettingTerms.of(vade)
    >>> terms.open_max, terms.raises, terms.single_round, terms.force_amount
    (4, False, True, 2)
    """

    step_id: str
    open_call: str | None  # the words of an opening and of a pass, for the events
    pass_call: str | None
    open_max: int | None
    raises: bool
    raise_max: int | None
    raises_max: int | None
    last_raiser_may_reraise: bool
    passers_before_open_may_call: bool
    single_round: bool  # raise_rounds == "single_round"
    force_amount: int | None  # the dealer's force, where the step has one

    @classmethod
    def of(cls, step: BettingStep) -> BettingTerms:
        """The terms of ``step``, read once per step (a deal opens the same steps)."""
        found = _TERMS.get(id(step))
        if found is None or found[0] is not step:
            if len(_TERMS) >= MAX_REMEMBERED_TERMS:
                _TERMS.clear()
            force = step.dealer_force
            found = _TERMS[id(step)] = (step, cls(
                step.id, step.open_call, step.pass_call,
                step.open_max, step.raises, step.raise_max, step.raises_max,
                step.last_raiser_may_reraise, step.passers_before_open_may_call,
                step.raise_rounds == "single_round", None if force is None else force.amount))
        return found[1]


#: The terms of each betting step seen so far, by the step's id; the step is kept
#: beside them, so no other object can take that id meanwhile.
_TERMS: dict[int, tuple[BettingStep, BettingTerms]] = {}
#: More remembered terms than this and the table starts again (the steps of many
#: rule files in a long-running program).
MAX_REMEMBERED_TERMS = 4096


@dataclass(init=False)
class BettingRound:
    """State of one betting step: who is to speak, the stakes, how it ended."""

    step: BettingStep
    order: list[int]  # players taking part, in speaking order from the dealer's right
    dealer: int
    banks: list[int]  # the table's banks, read but never changed here
    limit: int | None  # largest opening or raise; None = only the purse
    open_min: int
    all_in_allowed: bool
    already_all_in: frozenset[int]  # all in at an earlier betting step
    on_table: int | None  # under a pool limit: counters on the table at the start
    fixed: int | None  # a fixed stake: every opening and raise is this much
    terms: BettingTerms  # what the step allows, read from it once
    stakes: dict[int, int]
    folded: list[int]
    passed: set[int]
    all_in: set[int]
    opener: int | None
    raised: bool
    raises_made: int
    last_aggressor: int | None
    current_bet: int
    to_speak: list[int]
    spoken_after_open: set[int]
    result: Result | None
    #: Who is to speak now (``None`` once the round is decided), kept after every move.
    to_act: int | None
    #: Whether a penalty has dropped a player (:meth:`drop`): then one who folded may
    #: be one who was not taking part.
    dropped: bool
    _legal: LegalActions | None

    def __init__(self, step: BettingStep, order: list[int], dealer: int, banks: list[int],
                 limit: int | None, open_min: int, all_in_allowed: bool,
                 already_all_in: frozenset[int] = frozenset(), on_table: int | None = None,
                 fixed: int | None = None) -> None:
        self.step, self.order, self.dealer, self.banks = step, order, dealer, banks
        self.limit, self.open_min, self.all_in_allowed = limit, open_min, all_in_allowed
        self.already_all_in, self.on_table, self.fixed = already_all_in, on_table, fixed
        self.terms = BettingTerms.of(step)
        self.stakes = {seat: 0 for seat in order}
        self.folded = []
        self.passed = set()
        self.opener, self.raised, self.raises_made = None, False, 0
        self.last_aggressor, self.current_bet = None, 0
        self.spoken_after_open = set()
        self.result = None
        self._legal = None
        self.dropped = False
        # A player all in from an earlier step stays in the deal but has
        # nothing left to say; with fewer than two who can bet, nobody bets.
        self.all_in = set(already_all_in)
        self.to_speak = [seat for seat in order if seat not in self.all_in]
        if self.all_in and len(self.to_speak) < 2:
            self.to_speak = []
            self.result = "called"
        self._next_turn()

    def _next_turn(self) -> None:
        """Say who speaks next, after the round has changed."""
        self.to_act = self.to_speak[0] if self.to_speak and self.result is None else None

    # -- queries -------------------------------------------------------------

    @property
    def active(self) -> list[int]:
        """Players still contesting, in speaking order."""
        return [s for s in self.order if s not in self.folded]

    @property
    def last_refuser(self) -> int | None:
        return self.folded[-1] if self.folded else None

    def _max_amount(self, seat: int, to_call: int = 0) -> int:
        """The most ``seat`` may open or raise by, after putting in ``to_call``: his
        bank, the limit, and under a pool limit what lies on the table once he has called
        (the least of them; compared in place of ``min``, asked at every turn)."""
        cap = self.banks[seat] - to_call
        limit = self.limit
        if limit is not None and limit < cap:
            cap = limit
        if self.on_table is not None:
            on_table = self.on_table + sum(self.stakes.values()) + to_call
            if on_table < cap:
                cap = on_table
        return cap

    def legal(self) -> LegalActions:
        """What the player to act may do (computed once per turn)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> LegalActions:
        seat = self.to_act
        if seat is None:
            return NOTHING
        bank = self.banks[seat]
        terms = self.terms
        key: tuple[str, int, int, bool]
        if self.opener is None:
            force = terms.force_amount is not None and self._may_force(seat)
            if self.fixed is not None:
                fixed = self.fixed
                key = ("open", fixed, fixed if fixed <= bank else bank, force)
            else:
                open_max = terms.open_max
                high = open_max if open_max is not None else self._max_amount(seat)
                if self.on_table is not None and high < self.open_min:
                    high = self.open_min
                key = ("open", self.open_min, high if high <= bank else bank, force)
        else:
            to_call = self.current_bet - self.stakes[seat]
            may_call = bank >= to_call or (self.all_in_allowed and bank > 0)
            low, high = 1, 0
            raises_max = terms.raises_max
            if (terms.raises and (seat != self.last_aggressor or terms.last_raiser_may_reraise)
                    and (raises_max is None or self.raises_made < raises_max)):  # may raise
                high = self._max_amount(seat, to_call)
                raise_max = terms.raise_max
                if raise_max is not None and raise_max < high:
                    high = raise_max
                if self.fixed is not None:
                    low, high = self.fixed, (self.fixed if high >= self.fixed else 0)
            key = ("answer", low, high, may_call)
        found = _OPTIONS.get(key)  # (what _options gives, without its call when it has it)
        return _options(key) if found is None else found

    def _may_force(self, seat: int) -> bool:
        """Whether the dealer may force, all before him having passed (the step has a
        force: ``terms.force_amount``)."""
        force_amount = self.terms.force_amount
        return (
            force_amount is not None
            and seat == self.dealer
            and self.banks[seat] >= force_amount
            and all(s in self.passed for s in self.order if s != seat)
        )

    # -- moves ---------------------------------------------------------------

    def refusal(self, action: Action) -> str | None:
        """Why the player to act may not play ``action`` (its form already checked), or
        ``None`` if he may."""
        if self.to_act is None:
            return "the betting round is over"
        legal = self.legal()
        if not legal.allows(action):
            return f"{action.describe()!r} is not allowed now (allowed: {legal.summary()})"
        return None

    def apply(self, action: Action) -> int:
        """Apply the action of the player to act; return the counters he puts in."""
        problem = self.refusal(action)
        if problem is not None:
            raise IllegalActionError(problem)
        return self.play(action)

    def play(self, action: Action) -> int:
        """:meth:`apply` for an action already found allowed (:meth:`refusal`)."""
        seat = self.to_speak.pop(0)
        self._legal = None
        kind, amount, _, _ = action
        put = 0
        if kind == "pass":
            self.passed.add(seat)
            if not self.terms.passers_before_open_may_call:
                self.folded.append(seat)
            self._finish_if_done()
        elif kind == "force":
            self.result = "forced"
        elif kind == "fold":
            self.folded.append(seat)
            self._finish_if_done()
        elif kind == "open":
            put = self._open(seat, amount or 0)
        elif kind == "call":
            put = self._call(seat)
        else:
            put = self._raise(seat, amount or 0)
        to_speak = self.to_speak  # (_next_turn, written out: a round asks at every move)
        self.to_act = to_speak[0] if to_speak and self.result is None else None
        return put

    def drop(self, seat: int) -> None:
        """Take ``seat`` out of the round (a penalty), ending it if it is decided."""
        self.dropped = True
        if seat not in self.folded:
            self.folded.append(seat)
        if seat in self.to_speak:
            self.to_speak.remove(seat)
        self._legal = None
        self._finish_if_done()
        self._next_turn()

    def _put(self, seat: int, amount: int) -> int:
        """Record a stake; the caller moves the counters (``banks`` is read-only here)."""
        self.stakes[seat] += amount
        if self.banks[seat] - amount <= 0:
            self.all_in.add(seat)
        return amount

    def _open(self, seat: int, amount: int) -> int:
        self.opener = self.last_aggressor = seat
        self.current_bet = amount
        put = self._put(seat, amount)
        self.spoken_after_open.add(seat)
        self._others_speak(seat)
        return put

    def _call(self, seat: int) -> int:
        amount = self.current_bet - self.stakes[seat]
        bank = self.banks[seat]
        if bank < amount:  # all in
            amount = bank
        self.spoken_after_open.add(seat)
        put = self._put(seat, amount)
        self._finish_if_done()
        return put

    def _raise(self, seat: int, amount: int) -> int:
        to_call = self.current_bet - self.stakes[seat]
        self.current_bet += amount
        self.raised = True
        self.raises_made += 1
        self.last_aggressor = seat
        self.spoken_after_open.add(seat)
        put = self._put(seat, to_call + amount)
        self._others_speak(seat)
        return put

    def _others_speak(self, seat: int) -> None:
        """After ``seat`` opens or raises, the others answer in turn; where the
        last raiser may raise himself again, he speaks once more after them.

        Who answers: not one who folded or is all in, nor one who passed before
        the opening where passing leaves the deal, nor (where each player
        answers once) one who has spoken since the opening.
        """
        order, terms = self.order, self.terms
        start = order.index(seat)
        folded, all_in, passed = self.folded, self.all_in, self.passed
        passers_answer = terms.passers_before_open_may_call
        spoken = self.spoken_after_open if terms.single_round else ()
        self.to_speak = [s for s in order[start + 1:] + order[:start]
                         if s not in folded and s not in all_in
                         and (passers_answer or s not in passed) and s not in spoken]
        if (self.terms.last_raiser_may_reraise and self.to_speak
                and seat not in self.all_in and self.terms.raises):
            self.to_speak.append(seat)
        self._finish_if_done()

    def _finish_if_done(self) -> None:
        folded = self.folded
        # Each who folded took part and folded once, unless a penalty dropped a player.
        contesting = (len(self.order) if not folded else len(self.active) if self.dropped
                      else len(self.order) - len(folded))
        if self.to_speak and contesting > 1:
            return
        if self.opener is None:
            if contesting == 1 and len(self.order) > 1:
                # Everyone else has passed out of the deal: the one left wins it.
                self.result = "uncalled_open"
                self.to_speak = []
            elif not self.to_speak:
                self.result = "all_pass"
            return
        if contesting <= 1:
            self.result = "uncalled_raise" if self.raised else "uncalled_open"
        else:
            self.result = "called"
        self.to_speak = []


_OPTIONS: dict[tuple[str, int, int, bool], LegalActions] = {}


def _options(key: tuple[str, int, int, bool]) -> LegalActions:
    """The betting actions allowed, shared between turns that allow the same.

    ``("open", low, high, force)``: pass, open ``low`` to ``high``, and the
    dealer's force if allowed; ``("answer", low, high, call)``: fold, call if
    allowed, raise ``low`` to ``high``. Amounts are ranges, never enumerated.
    """
    found = _OPTIONS.get(key)
    if found is None:
        stage, low, high, flag = key
        # tuple.__new__: the named tuple's own __new__, without its keyword handling.
        if stage == "open":
            parts: list[Action | AmountRange] = [
                simple("pass"), tuple.__new__(AmountRange, ("open", low, high))]
            if flag:
                parts.append(simple("force"))
        else:
            parts = [simple("fold"), *([simple("call")] if flag else []),
                     tuple.__new__(AmountRange, ("raise", low, high))]
        found = LegalActions(parts)
        if len(_OPTIONS) > 10_000:
            _OPTIONS.clear()
        _OPTIONS[key] = found
    return found
