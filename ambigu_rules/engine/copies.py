"""Copying the state of a deal, for classes whose ``__init__`` takes arguments.

The game deep-copies the deal before a scripted step, to put it back if a
scripted card cannot be served. ``copy.deepcopy`` makes the new object with
``cls.__new__(cls)``; in the compiled build that runs the class's own
``__init__``, which needs its arguments. So :class:`.deal.Deal` and
the rounds say how to copy them (``__reduce__``): the class called with
placeholder arguments, then every dataclass field set from the copied state.

>>> import copy
>>> from dataclasses import dataclass
>>> @dataclass(init=False)
... class Pair:
...     left: list[int]
...     right: int
...     def __init__(self, left: list[int], right: int) -> None:
...         self.left, self.right = left, right
...     def __reduce__(self) -> Reduced:
...         return reduced(self, ([], 0))
...     def __setstate__(self, state: dict[str, object]) -> None:
...         restore(self, state)
>>> pair = Pair([1, 2], 3)
>>> twin = copy.deepcopy(pair)
>>> twin == pair and twin.left is not pair.left
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

#: What ``__reduce__`` returns: the class, its placeholder arguments, the state.
Reduced = tuple[Any, tuple[Any, ...], dict[str, object]]


def reduced(instance: Any, placeholders: tuple[Any, ...]) -> Reduced:
    """The ``__reduce__`` value of a dataclass ``instance``: made with
    ``placeholders``, then given the value of each of its fields."""
    state = {field.name: getattr(instance, field.name) for field in fields(instance)}
    return type(instance), placeholders, state


def restore(instance: object, state: dict[str, object]) -> None:
    """Set each field of ``instance`` from ``state`` (its ``__setstate__``)."""
    for name, value in state.items():
        setattr(instance, name, value)
