"""Ambigu rules: rule specifications, evaluator and interpreter for Ambigu.

The rules of each historical version live in YAML files under ``rulesets/``;
this package knows the vocabulary those files use and nothing of any
particular version.

The names a program needs are here (:mod:`ambigu_rules.api`); every entry
point takes a version as a built-in id, a path to a rule file or a ruleset:

>>> from ambigu_rules import Game, RandomBot
>>> game = Game("foster", players=3, seed=1)
>>> bots = [RandomBot(seed) for seed in range(3)]
>>> _ = game.start_deal()
>>> while not game.deal_over:
...     seat = game.to_act
...     _ = game.apply(bots[seat].choose(game.view(seat)))
>>> sum(game.table.banks) + game.table.pool + game.table.batterie + sum(game.table.bets)
300

They are imported when first used, so that ``import ambigu_rules`` (and the
command line's start) stays quick.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .version import __version__

if TYPE_CHECKING:
    from .advice import Advice, advise
    from .api import Game, evaluator_for, load_ruleset, play_replay, settle_showdown
    from .engine.actions import Action, LegalActions
    from .engine.events import AnyEvent, Event
    from .engine.view import SeatView
    from .errors import AmbiguError, IllegalActionError, RulesetError
    from .hands.evaluator import Evaluator
    from .load.given import Version
    from .play.bots import Bot, HeuristicBot, RandomBot
    from .play.expert import ExpertBot
    from .play.narration import Narrator
    from .play.simulate import SimulationReport, simulate
    from .rules.ruleset import Ruleset

#: Each public name and the module it comes from.
_HOMES = {
    "Advice": "advice", "advise": "advice",
    "Game": "api", "evaluator_for": "api", "load_ruleset": "api", "play_replay": "api",
    "settle_showdown": "api",
    "Action": "engine.actions", "LegalActions": "engine.actions",
    "AnyEvent": "engine.events", "Event": "engine.events",
    "SeatView": "engine.view",
    "AmbiguError": "errors", "IllegalActionError": "errors", "RulesetError": "errors",
    "Evaluator": "hands.evaluator",
    "Version": "load.given",
    "Bot": "play.bots", "HeuristicBot": "play.bots", "RandomBot": "play.bots",
    "ExpertBot": "play.expert",
    "Narrator": "play.narration",
    "SimulationReport": "play.simulate", "simulate": "play.simulate",
    "Ruleset": "rules.ruleset",
}

__all__ = [
    "Action",
    "Advice",
    "AmbiguError",
    "AnyEvent",
    "Bot",
    "Evaluator",
    "Event",
    "ExpertBot",
    "Game",
    "HeuristicBot",
    "IllegalActionError",
    "LegalActions",
    "Narrator",
    "RandomBot",
    "Ruleset",
    "RulesetError",
    "SeatView",
    "SimulationReport",
    "Version",
    "__version__",
    "advise",
    "evaluator_for",
    "load_ruleset",
    "play_replay",
    "settle_showdown",
    "simulate",
]


def __getattr__(name: str) -> Any:
    """Import a public name from its module the first time it is asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ambigu_rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
