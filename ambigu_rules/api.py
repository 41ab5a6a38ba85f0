"""The package as a program uses it: every entry point takes a version as an id,
a path or a ruleset.

These names are also those of the package itself (``from ambigu_rules import
Game``). A version is a built-in id (``"1730"``, see ``ambigu variants``), a
path to a rule file (a ``str`` or a :class:`~pathlib.Path`), or a
:class:`~ambigu_rules.rules.ruleset.Ruleset` already loaded.

>>> from ambigu_rules import Game, evaluator_for, settle_showdown
>>> evaluator_for("1730").evaluate("2S 3S 4S 9S").value
8
>>> game = Game("1730", players=4, seed=3)
>>> game.ruleset.id, game.players
('1730', 4)
>>> settle_showdown("1730", ["2S 3S 4S 9S", "5H 5D 5C 8H"]).winner
0
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Unpack

from .engine.events import AnyEvent
from .engine.game import Game as EngineGame
from .engine.game import TableOptions
from .hands.evaluator import Evaluator
from .load.given import Version, ruleset_of
from .load.versions import evaluator_for_variant, settle_showdown
from .play.replay_run import ReplayResult
from .play.replay_run import play_replay as play_replay_file
from .rules.ruleset import Ruleset

__all__ = ["Game", "evaluator_for", "load_ruleset", "play_replay", "settle_showdown"]


def load_ruleset(version: Version) -> Ruleset:
    """The validated ruleset of a version (an id, a path or a ruleset).

    >>> load_ruleset("foster").title
    "Ambigu after Foster's Complete Hoyle (1897)"
    """
    return ruleset_of(version)


def evaluator_for(version: Version) -> Evaluator:
    """The hand evaluator of a version: the table of every hand, compiled once.

    A table is kept on disk (by its rules, not its file), so a second program
    reads it instead of compiling it again.
    """
    return evaluator_for_variant(version)


def play_replay(path: str | os.PathLike[str],
                watch: Callable[[EngineGame, AnyEvent], None] | None = None) -> ReplayResult:
    """Play a replay file to its end and check its expectations
    (:func:`ambigu_rules.play.replay_run.play_replay`)."""
    return play_replay_file(Path(path), watch)


class Game(EngineGame):
    """A table of Ambigu, seated from a version given as an id, a path or a ruleset.

    The same :class:`ambigu_rules.engine.game.Game` in every other way: the
    keyword options are those of the engine's (players, names, banks, seed,
    limit and the rest).
    """

    def __init__(self, version: Version, **options: Unpack[TableOptions]) -> None:
        super().__init__(ruleset_of(version), **options)
