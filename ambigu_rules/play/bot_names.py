"""The bots known by name: ``--bots`` on the command line, ``simulate(bots=...)``,
the Play page's choice of opponents.

>>> sorted(BOTS)
['expert', 'heuristic', 'random']
"""

from __future__ import annotations

from collections.abc import Callable

from .bots import Bot, HeuristicBot, RandomBot
from .expert import ExpertBot

#: The bots known by name, each made from its seat's seed.
#:
#: :meta hide-value:
BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot,
                                         "expert": ExpertBot}
