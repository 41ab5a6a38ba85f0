"""Evaluate a combination's ``when`` condition over all hands at once."""

from __future__ import annotations

import numpy as np

from ..rules.combinations import HAND_FEATURES, Comparison, Predicate


def _compare(values: np.ndarray, test: Comparison) -> np.ndarray:
    result = np.ones(values.shape, dtype=bool)
    if test.eq is not None:
        result &= values == test.eq
    if test.ne is not None:
        result &= values != test.ne
    if test.gt is not None:
        result &= values > test.gt
    if test.ge is not None:
        result &= values >= test.ge
    if test.lt is not None:
        result &= values < test.lt
    if test.le is not None:
        result &= values <= test.le
    if test.in_ is not None:
        result &= np.isin(values, test.in_)
    return result


def holds(predicate: Predicate, features: dict[str, np.ndarray]) -> np.ndarray:
    """Boolean array: which hands satisfy ``predicate``.

    >>> features = {name: np.array([1, 4]) for name in HAND_FEATURES}
    >>> holds(Predicate.model_validate({"distinct_suits": 4}), features).tolist()
    [False, True]
    >>> holds(Predicate.model_validate({"not": {"pips": {"gt": 2}}}), features).tolist()
    [True, False]
    """
    size = len(next(iter(features.values())))
    result = np.ones(size, dtype=bool)
    for name in HAND_FEATURES:
        test = getattr(predicate, name)
        if test is not None:
            result &= _compare(features[name], test)
    if predicate.all is not None:
        for part in predicate.all:
            result &= holds(part, features)
    if predicate.any is not None:
        alternatives = np.zeros(size, dtype=bool)
        for part in predicate.any:
            alternatives |= holds(part, features)
        result &= alternatives
    if predicate.not_ is not None:
        result &= ~holds(predicate.not_, features)
    return result
