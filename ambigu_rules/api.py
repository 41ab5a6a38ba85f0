"""The package as a program uses it: every entry point takes a version as an id,
a path or a ruleset.

These names are also those of the package itself (``from ambigu_rules import
Game``). A version is a built-in id (``"1730"``, see ``ambigu variants``), a
path to a rule file (a ``str`` or a :class:`~pathlib.Path`), or a
:class:`~ambigu_rules.rules.ruleset.Ruleset` already loaded.

>>> from ambigu_rules import Game, evaluator_for
>>> evaluator_for("1730").evaluate("2S 3S 4S 9S").value
8
>>> game = Game("1730", players=4, seed=3)
>>> game.ruleset.id, game.players
('1730', 4)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Unpack

from .engine.events import AnyEvent
from .engine.game import Game as EngineGame
from .engine.game import TableOptions
from .hands.evaluator import Evaluator
from .hands.evaluator import evaluator_for as evaluator_of_ruleset
from .hands.showdown import Showdown, settle
from .load.given import Version, ruleset_of
from .play.replay_run import ReplayResult
from .play.replay_run import play_replay as play_replay_file
from .rules.ruleset import Ruleset


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
    return evaluator_of_ruleset(ruleset_of(version))


def settle_showdown(version: Version, hands: Sequence[str | Sequence[int]]) -> Showdown:
    """Compare hands given in seat order from the dealer's right.

    In Foster a flush (four cards of a suit, no three in sequence) is worth 5 and
    a tricon 4, so the flush wins and is paid 5:

    >>> result = settle_showdown("foster", ["2S 5S 7S 9S", "5H 5D 5C 8H"])
    >>> result.winner, result.value
    (0, 5)
    """
    evaluator = evaluator_for(version)
    for hand in hands:  # a card written wrong is refused before anything is compared
        if isinstance(hand, str):
            evaluator.deck.parse_hand(hand)
    return settle(evaluator, hands)


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
