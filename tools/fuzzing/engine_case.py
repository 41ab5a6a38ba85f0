"""The engine target: one random table played by a random policy mixing legal calls
with illegal and malformed ones, every call checked.

After every call: an illegal one raised ``IllegalActionError`` and changed
nothing (:func:`.engine_oracle.snapshot`), a legal one raised nothing, and
the engine's invariants hold (``ambigu_rules.engine.invariants``: counters
conserved, every card once, a player to act while a deal is under way, no
bets left after one). The case stops at its first finding, which comes
with a ``repro.py`` replaying every call.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from random import Random
from typing import TYPE_CHECKING

from .case_context import Context
from .engine_junk import buy_back_amount, junk_action, penalty_offence, scripted_deal, seat_arg
from .engine_oracle import (
    action_shape,
    allowed,
    call_shape,
    script_cannot_be_served,
    snapshot,
    snapshot_diff,
    well_formed,
)
from .engine_repro import src
from .engine_tables import random_table
from .findings import Finding, exception_signature, format_exception, message_shape, short

if TYPE_CHECKING:
    from ambigu_rules.engine import Game


class EngineCase:
    """One random table played by a random policy; stops at the first finding."""

    MAX_CALLS = 3000
    MAX_DECISIONS_PER_DEAL = 2000

    def __init__(self, seed: int, index: int, ctx: Context) -> None:
        self.rng = Random(f"{seed}:engine:{index}")
        self.ctx = ctx
        self.findings: list[Finding] = []
        self.table: Game | None = None  # once set up
        self.deck: list[int] = []
        self.offences: list[str] = []

    @property
    def game(self) -> Game:
        if self.table is None:
            raise RuntimeError("the table is not set up")
        return self.table

    # -- recording ---------------------------------------------------------------

    def finding(self, kind: str, signature: str, message: str, tb: str = "") -> None:
        call = self.ctx.trace[-1] if self.ctx.trace else self.ctx.setup
        self.findings.append(Finding(
            "engine", kind, signature, message, call.strip(), tb,
            self.ctx.repro(f"{kind}: {message}\nat the last call: {call.strip()}")))

    # -- setup ---------------------------------------------------------------------

    def setup(self) -> bool:
        """Seat a random table; False, maybe with a finding, if there is none to play."""
        from ambigu_rules.engine import Game
        from ambigu_rules.errors import AmbiguError
        from ambigu_rules.load.resolver import load_ruleset

        table = random_table(self.rng)
        bad = table.bad
        self.ctx.setup = table.source
        try:
            self.table = Game(load_ruleset(table.version), **table.kwargs)
        except AmbiguError as error:
            if not bad:
                self.finding("refused-valid", f"Game:{message_shape(str(error))}",
                             f"Game(...) refused a sensible setup: {type(error).__name__}: "
                             f"{short(str(error))}", format_exception(error))
            return False
        except Exception as error:
            self.finding("engine-exception", f"Game:{exception_signature(error)}",
                         f"Game(...) raised {type(error).__name__}: {short(str(error))}",
                         format_exception(error))
            return False
        if bad:
            self.finding("accepted-invalid", f"Game:{'+'.join(bad)}",
                         f"Game(...) accepted an absurd {' and '.join(bad)}: {self.ctx.setup}")
            return False
        game = self.game
        self.deck = sorted(game.deck.cards())
        self.offences = [p.offence for p in game.ruleset.table.penalties]
        return True

    # -- checks --------------------------------------------------------------------

    def check_state(self, where: str) -> bool:
        """The engine's invariants after a call (``ambigu_rules.engine.invariants``);
        False, and a finding, if one is broken."""
        from ambigu_rules.engine.invariants import breaches

        for breach in breaches(self.game):
            self.finding(breach.kind, f"{breach.kind}:{where}", f"after {where}: {breach.message}")
            return False
        return True

    def stalled_after_the_move(self) -> bool:
        """Whether the deal is stalled, the engine's invariants holding (a finding else)."""
        from ambigu_rules.engine.state import Phase

        return self.game.phase is Phase.STALLED and self.check_state("a stalled deal")

    def call(self, name: str, source: str, func: Callable[[], object], expect: str,
             shape: str = "") -> bool:
        """Make one API call and check it. ``expect``: "legal", "illegal" or "either".

        Returns False when the case must stop (a finding).
        """
        from ambigu_rules.errors import AmbiguError, IllegalActionError

        self.ctx.trace.append(f"attempt(lambda: {source})" if expect != "legal"
                              else source)
        try:
            before = snapshot(self.game)
        except Exception as error:
            return self.crashed("snapshot", "reading the state (legal_actions)", error)
        try:
            func()
        except AmbiguError as error:
            try:
                after = snapshot(self.game)
            except Exception as error2:
                return self.crashed("snapshot", "reading the state after a refusal", error2)
            if expect == "legal" and script_cannot_be_served(self.game, error) and (
                    before == after or self.stalled_after_the_move()):
                # The script is at fault, not the move, and the engine says so: either
                # before the move, or (Game.start_deal's contract) once the move is
                # made and the deal stalls where a card scripted for later is not there.
                return False
            if expect == "legal":
                changed = "" if before == after else \
                    f"; and it changed {snapshot_diff(before, after)}"
                self.finding("refused-legal", f"{name}:{exception_signature(error)}",
                             f"{source} is a legal action but was refused: "
                             f"{type(error).__name__}: {short(str(error))}{changed}",
                             format_exception(error))
                return False
            if before != after:
                self.finding("state-changed", f"{name}:{exception_signature(error)}",
                             f"{source} was refused ({type(error).__name__}: "
                             f"{short(str(error), 150)}) but changed "
                             f"{snapshot_diff(before, after)}")
                return False
            if not isinstance(error, IllegalActionError) and name != "start_deal(script)":
                self.finding("wrong-error", f"{name}:{type(error).__name__}",
                             f"{source} was refused with {type(error).__name__}, not "
                             f"IllegalActionError: {short(str(error))}")
                return False
            return True
        except Exception as error:
            return self.crashed(name, source, error)
        if expect == "illegal":
            self.finding("accepted-illegal", f"{name}:{shape or call_shape(source)}",
                         f"{source} should have been refused but was played")
            return False
        try:
            return self.check_state(name)
        except Exception as error:
            return self.crashed("check", f"checking the state after {source}", error)

    def crashed(self, name: str, what: str, error: Exception) -> bool:
        kind = "memory" if isinstance(error, MemoryError) else "engine-exception"
        self.finding(kind, exception_signature(error),
                     f"{what} raised {type(error).__name__}: {short(str(error))}",
                     format_exception(error))
        return False

    # -- the policy -----------------------------------------------------------------

    def run(self) -> list[Finding]:
        """Set up, then play 1 to 4 deals (at most :attr:`MAX_CALLS` calls)."""
        if not self.setup():
            return self.findings
        rng, game = self.rng, self.game
        deals = rng.randint(1, 4)
        played = 0
        calls = 0
        decisions = 0
        while calls < self.MAX_CALLS:
            calls += 1
            if game.deal_over:
                if played >= deals:
                    break
                if not self.between_deals():
                    return self.findings
                if not game.can_start_deal():
                    self.call("start_deal", "game.start_deal()", game.start_deal, "illegal")
                    break
                if game.deal_over:
                    scripted = rng.random() < 0.1
                    ok = self.scripted_start() if scripted else self.call(
                        "start_deal", "game.start_deal()", game.start_deal, "legal")
                    if not ok:
                        return self.findings
                    played += 1
                    decisions = 0
                continue
            roll = rng.random()
            if roll < 0.62:
                legal = game.legal_actions()
                action = legal[rng.randrange(len(legal))]
                if not well_formed(action):
                    self.finding("malformed-legal", "legal_actions",
                                 f"legal_actions() holds a malformed action {action!r}")
                    return self.findings
                decisions += 1
                if decisions > self.MAX_DECISIONS_PER_DEAL:
                    self.finding("no-end", "deal", f"a deal did not end after "
                                 f"{self.MAX_DECISIONS_PER_DEAL} legal decisions")
                    return self.findings
                ok = self.call("apply", f"game.apply({src(action)})",
                               partial(game.apply, action), "legal")
            elif roll < 0.88:
                ok = self.junk_apply()
            elif roll < 0.94:
                ok = self.random_penalty()
            elif roll < 0.98:
                ok = self.random_buy()
            else:
                ok = self.call("start_deal", "game.start_deal()", game.start_deal, "illegal")
            if not ok:
                return self.findings
        return self.findings

    def between_deals(self) -> bool:
        rng, game = self.rng, self.game
        if rng.random() < 0.2 and not self.random_buy():
            return False
        if rng.random() < 0.1 and not self.random_penalty():
            return False
        if rng.random() < 0.1:
            action = junk_action(rng, game, self.deck)
            return self.call("apply", f"game.apply({src(action)})",
                             partial(game.apply, action), "illegal")
        return True

    def random_penalty(self) -> bool:
        game = self.game
        seat, seat_ok = seat_arg(self.rng, game.players)
        offence, known = penalty_offence(self.rng, self.offences)
        expect = "either" if seat_ok and known and not game.deal_over else "illegal"
        return self.call("penalize", f"game.penalize({src(seat)}, {src(offence)})",
                         partial(game.penalize, seat, offence), expect)

    def random_buy(self) -> bool:
        game = self.game
        seat, seat_ok = seat_arg(self.rng, game.players)
        amount, amount_ok = buy_back_amount(self.rng)
        expect = "either" if seat_ok and amount_ok else "illegal"
        return self.call("buy_back", f"game.buy_back({src(seat)}, {src(amount)})",
                         partial(game.buy_back, seat, amount), expect)

    def junk_apply(self) -> bool:
        game = self.game
        action = junk_action(self.rng, game, self.deck)
        try:
            expected = "legal" if allowed(action, game.legal_actions()) else "illegal"
        except Exception as error:
            self.finding("engine-exception", f"contains:{exception_signature(error)}",
                         f"'{src(action)} in game.legal_actions()' raised "
                         f"{type(error).__name__}: {short(str(error))}",
                         format_exception(error))
            return False
        return self.call("apply", f"game.apply({src(action)})", partial(game.apply, action),
                         expected, action_shape(action))

    def scripted_start(self) -> bool:
        """``start_deal`` with scripted cards or a stock order, sensible or not."""
        game = self.game
        kwargs = scripted_deal(self.rng, game.players, self.deck)
        source = "game.start_deal(" + ", ".join(f"{k}={src(v)}" for k, v in kwargs.items()) + ")"
        return self.call("start_deal(script)", source, partial(game.start_deal, **kwargs),
                         "either")


def run_engine_case(seed: int, index: int, ctx: Context) -> tuple[list[Finding], str]:
    """Engine case ``index`` and its findings; the outcome."""
    case = EngineCase(seed, index, ctx)
    findings = case.run()
    return findings, "played" if case.table is not None else "not set up"
