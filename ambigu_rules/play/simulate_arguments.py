"""The arguments of :func:`~ambigu_rules.play.simulate.simulate` a caller can get wrong,
checked before anything is played: each mistake is a
:class:`~ambigu_rules.errors.GameSetupError` (a ``ValueError``) that says what is
expected.

>>> try:
...     check_hands(-5)
... except GameSetupError as error:
...     print(error)
hands: expected a whole number of deals from 1 to 1,000,000,000, got -5
>>> class Quiet:
...     def choose(self, view): ...
>>> try:
...     check_bots([Quiet])
... except GameSetupError as error:
...     print(error)  # doctest: +ELLIPSIS
bots: the class Quiet is given where a bot is expected, and it cannot be called with ...
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable

from ..errors import GameSetupError
from ..limits import MAX_COUNTERS
from .bot_names import BOTS


def check_hands(hands: object) -> None:
    """``hands`` is a whole number of deals the command line would take too."""
    if type(hands) is not int or not 1 <= hands <= MAX_COUNTERS:
        raise GameSetupError(f"hands: expected a whole number of deals from 1 to "
                             f"{MAX_COUNTERS:,}, got {_shown(hands)}")


def check_bots(bots: object) -> None:
    """``bots`` is a name (or names separated by commas) or a list of them, each a name,
    a bot object or a factory (a class, say) called with the seat's seed."""
    if isinstance(bots, str):
        return
    if isinstance(bots, type) or hasattr(bots, "choose") or not isinstance(bots, Iterable):
        what = (f"the class {bots.__name__[:40]} alone: put it in a list"
                if isinstance(bots, type) else
                f"a {type(bots).__name__[:40]} object alone: put it in a list"
                if hasattr(bots, "choose") else _shown(bots))
        raise GameSetupError(
            "bots: expected a bot name, names separated by commas, or a list of bots (each a "
            "name, a bot object or a factory called with the seat's seed; one for every seat, "
            f"or one for all); got {what}")
    for choice in bots:
        if callable(choice) and not isinstance(choice, str) and not (
                hasattr(choice, "choose") and not isinstance(choice, type)):
            _check_factory(choice)


def _check_factory(factory: object) -> None:
    """A factory of bots is called with the seat's seed: it must take one argument."""
    try:
        signature = inspect.signature(factory)  # type: ignore[arg-type]
    except (TypeError, ValueError):  # one Python cannot look into: it is tried at play
        return
    try:
        signature.bind(0)
    except TypeError as error:
        name = getattr(factory, "__name__", type(factory).__name__)[:40]
        kind = "the class" if isinstance(factory, type) else "the factory"
        raise GameSetupError(
            f"bots: {kind} {name} is given where a bot is expected, and it cannot be called "
            f"with the seat's seed ({name}(seed): {error}); give a bot object, {name}(), or "
            f"a bot name ({', '.join(sorted(BOTS))}), or a class or factory taking the "
            "seed") from None


def _shown(value: object) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."
