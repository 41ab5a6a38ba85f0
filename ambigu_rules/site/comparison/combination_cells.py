"""The cells of the combinations: definition, value and ties, ranking, payment.

A definition is compared on the set of hands it admits and a value on the
amounts it pays, so that two versions wording the same rule differently
still agree.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np

from ...rules.vocabulary import said
from ...words.lang import Catalog
from ...words.markup import Md, esc
from ..describe import Describer
from ..facts import Version
from .cells import Cell

T = Catalog(__name__, "T", {"no_such": "no such combination"})
M = Catalog(__name__, "M", {"held": Md("{} ({} hands hold it)")})


def combination_aspect(canonical: str, aspect: str) -> Callable[[Version, Describer], Cell]:
    """How a version reads one aspect (definition, value, ties) of a canonical combination.

    A definition is compared on the set of hands it admits, a value on the
    amounts it pays.
    """

    def fill(version: Version, describer: Describer) -> Cell:
        combination = version.combination(canonical)
        if combination is None:
            return Cell(esc(T("no_such", describer.lang)))
        if aspect == "definition":
            mask = version.held[combination.id]
            count = int(mask.sum())
            text = M.forms("held", describer.lang).format(describer.definition(combination),
                                                          describer.lang.number(count))
            digest = hashlib.sha256(np.packbits(mask).tobytes()).hexdigest()
            return Cell(text, (combination,), compare=digest)
        if aspect == "value":
            values = version.values.get(combination.id)
            text = describer.value(combination, values)
            return Cell(text, (combination,), compare=values or str(combination.value))
        return Cell(describer.ties(combination), (combination,))

    return fill


def ranking(version: Version, describer: Describer) -> Cell:
    """The ranking of the combinations, lowest first."""
    rule = version.ruleset.ranking
    return Cell(describer.ranking(rule), (rule,))


def final_tie(version: Version, describer: Describer) -> Cell:
    """Who wins when two hands are equal in every way."""
    rule = version.ruleset.ranking
    return Cell(esc(said("final_tie", rule.final_tie, language=describer.lang.code)), (rule,))


def payment_cell(index: int) -> Callable[[Version, Describer], Cell]:
    """A cell builder for one sentence (by ``index``) of the payment of the combination."""
    def fill(version: Version, describer: Describer) -> Cell:
        payment = version.ruleset.payment
        return Cell(describer.payment(payment)[index], (payment,))

    return fill
