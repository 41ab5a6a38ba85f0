"""Rule points in English sentences, written from the typed model.

:class:`Describer` gathers the words of every rule concept (the modules of
:mod:`.words`) into one object for one ruleset, and says a step of the deal
by its kind. The functions return :class:`~.markup.Md` fragments of inline
Markdown, filled in from literal templates (see :mod:`.markup`).

>>> from ambigu_rules.load.resolver import load_ruleset
>>> d = Describer(load_ruleset("1730"))
>>> str(d.effect(load_ruleset("1730").procedure[4].on_uncalled_open[2]))
'the dealer pays the opener 2 counters (not when the opener is the dealer)'
"""

from __future__ import annotations

from typing import assert_never

from ..rules.procedure import (
    AnteStep,
    BettingStep,
    DealStep,
    ExchangeStep,
    ShowdownStep,
    ShuffleCallStep,
    Step,
)
from ..words.bets import BettingWords
from ..words.dealing import DealingWords
from ..words.definitions import CombinationWords
from ..words.exchanges import ExchangeWords
from ..words.markup import Md
from ..words.ranking import RankingWords
from ..words.table_rules import TableWords


class Describer(DealingWords, ExchangeWords, BettingWords, RankingWords, CombinationWords,
                TableWords):
    """Sentences about the rule points of one ruleset.

    ``link_prefix`` is put before ``#anchor`` in links to the ruleset's own
    steps: empty on the version's page, ``../versions/1730.md`` elsewhere.
    ``canonical_names`` names combinations by their canonical English name
    instead of the version's own (so that two versions compare equal when
    only their names differ).
    """

    def step(self, step: Step) -> list[Md]:
        """The sentences that describe one step of the deal."""
        match step:
            case AnteStep():
                return self.ante(step)
            case DealStep():
                return self.deal(step)
            case ExchangeStep():
                return self.exchange(step)
            case ShuffleCallStep():
                return self.shuffle_call(step)
            case BettingStep():
                return self.betting(step)
            case ShowdownStep():
                return self.showdown(step)
            case _:
                assert_never(step)
