"""Random tables for the engine target: every built-in version, 2 to its most players,
tiny to huge banks, betting limits up to 10**9, and now and then an absurd setup."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from .engine_junk import HostileArg
from .engine_repro import src
from .hostile_values import HOSTILE_NAMES
from .settings import BIG


@dataclass
class TableSetup:
    """The version and the keyword arguments of one ``Game(...)``, and which of them were
    made absurd on purpose (``bad``: the engine must refuse those)."""

    version: str
    kwargs: dict[str, HostileArg]  # some of any type on purpose (see ``bad``)
    bad: list[str]

    @property
    def source(self) -> str:
        """The ``game = Game(...)`` line of ``repro.py``."""
        return f"game = Game(load_ruleset({self.version!r}), " + ", ".join(
            f"{k}={src(v)}" for k, v in self.kwargs.items()) + ")"


def random_table(rng: Random) -> TableSetup:
    """A table drawn with ``rng``: its version, players, names, banks, limit, dealer,
    seed, agreed amounts and the seats whose discards are kept apart."""
    from ambigu_rules.engine.plan import Plan
    from ambigu_rules.load.catalog import builtin_ids
    from ambigu_rules.load.resolver import load_ruleset
    from ambigu_rules.rules.common import Agreed

    version = rng.choice(builtin_ids())
    rules = load_ruleset(version)
    low, high = rules.players.min, rules.players.max
    bad: list[str] = []  # the arguments made absurd on purpose
    kwargs: dict[str, HostileArg] = {}
    count = rng.randint(max(2, low), high)
    players: object = count
    if rng.random() < 0.03:
        players = rng.choice([low - 1, high + 1, 0, -1, True, 2.0, None, "4", 10**19])
        bad.append("players")
    kwargs["players"] = players
    if rng.random() < 0.1 and not bad:  # names decide the count: only with a valid one
        names: list[object] = [rng.choice(HOSTILE_NAMES[2:]) + str(i) for i in range(count)]
        if rng.random() < 0.3:
            names[0] = rng.choice(["", " ", None, 5, names[-1]])
            bad.append("names")
        kwargs["names"] = names
    bank_kind = rng.random()
    banks: object
    if bank_kind < 0.25:
        banks = rng.randint(0, 6)
    elif bank_kind < 0.6:
        banks = rng.randint(7, 500)
    elif bank_kind < 0.8:
        banks = rng.choice([BIG, rng.randint(10**6, BIG)])
    else:
        banks = [rng.choice([0, 1, 3, 50, 1000, BIG]) for _ in range(count)]
        kwargs["resumed"] = True  # unequal banks: a session under way
    if rng.random() < 0.03:
        banks = rng.choice([-1, BIG + 1, 1.5, True, "100", None, [10] * (count + 1), [],
                            [10] * (count - 1) + [-5], [10] * (count - 1) + [2.5]])
        bad.append("banks")
    kwargs["banks"] = banks
    # A limit only where the version lets a table agree one (else none is given:
    # asking for one where only the purse or the pool limits is refused).
    if Plan.of(rules).limit is not None:
        kwargs["limit"] = rng.choice([1, 2, rng.randint(1, 20), BIG, rng.randint(1, BIG)])
    elif rng.random() < 0.03:
        kwargs["limit"] = rng.randint(1, 20)
        bad.append("limit")
    if rng.random() < 0.03:
        kwargs["limit"] = rng.choice([0, -1, BIG + 1, 2.0, True, "10"])
        bad.append("limit")
    kwargs["dealer"] = rng.randrange(count)
    if rng.random() < 0.03:
        kwargs["dealer"] = rng.choice([-1, count, 1.5, True, "0"])
        bad.append("dealer")
    kwargs["seed"] = rng.getrandbits(32)
    if rng.random() < 0.02:
        kwargs["seed"] = rng.choice([1.5, "x", True])
        bad.append("seed")
    agreed_steps = {step.id: amount.choices for step in rules.procedure
                    for name in ("amount", "stake", "stand_pays")
                    if isinstance(amount := getattr(step, name, None), Agreed)}
    if agreed_steps and rng.random() < 0.5:
        step_id = rng.choice(sorted(agreed_steps))
        agreed: dict[object, object] = {step_id: rng.choice(agreed_steps[step_id])}
        if rng.random() < 0.1:
            agreed = rng.choice([{step_id: 10**19}, {step_id: -1}, {step_id: 1.5},
                                 {"no_such_step": 1}, {step_id: True}, {step_id: None}])
            if not all(key in agreed_steps and type(value) is int
                       and value in agreed_steps[key] for key, value in agreed.items()):
                bad.append("agreed")
        kwargs["agreed"] = agreed
    if rng.random() < 0.2:
        kwargs["keep_discards_apart"] = rng.sample(range(count), rng.randint(0, count))
    return TableSetup(version, kwargs, bad)
