"""A version given by name: its evaluator, and a showdown under it.

A version is a built-in id, a path to a YAML file (:func:`.catalog.locate`) or
a ruleset already loaded (:data:`.given.Version`).
These are the loader's conveniences over :mod:`ambigu_rules.hands`, which is
given resolved rulesets and reads no file itself.

>>> evaluator_for_variant("foster").evaluate("2S 3S 4S 9S").combination
'flush_sequence'
>>> settle_showdown("foster", ["2S 3S 4S 9S", "5H 5D 5C 8S", "10H 9D 7C 6S"]).winner
0
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hands.evaluator import Evaluator, evaluator_for
from ..hands.showdown import Showdown, settle
from .catalog import pack_of_ruleset
from .given import Version, ruleset_of


def evaluator_for_variant(version: Version, hands: Sequence[str] = ()) -> Evaluator:
    """The evaluator of a version given by id, path or ruleset (cached per file state).

    ``hands`` written as text are read with the version's pack first, so that a
    bad card is reported at once, before a table is compiled (which can take a
    few seconds for a house file's own pack).
    """
    ruleset = ruleset_of(version)
    deck = pack_of_ruleset(ruleset)
    for hand in hands:
        deck.parse_hand(hand)
    return evaluator_for(ruleset)


def settle_showdown(version: Version, hands: Sequence[str | Sequence[int]]) -> Showdown:
    """Compare hands given in seat order from the dealer's right, under ``version``
    (an id, a path or a ruleset); a card written wrong is reported before any
    table is made.

    In Foster a flush (four cards of a suit, no three in sequence) is worth 5 and
    a tricon 4, so the flush wins and is paid 5:

    >>> result = settle_showdown("foster", ["2S 5S 7S 9S", "5H 5D 5C 8H"])
    >>> result.winner, result.value
    (0, 5)
    """
    evaluator = evaluator_for_variant(version, [hand for hand in hands if isinstance(hand, str)])
    return settle(evaluator, hands)
