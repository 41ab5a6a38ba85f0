"""Functions that set the slots of a frozen dataclass directly: its ``__init__``, or a maker.

A frozen dataclass sets each field through ``object.__setattr__``, looked up
at every call; the engine records some forty events a deal. The functions
made here (the same keyword-only signature, the same defaults) set each slot
through the slot's own descriptor instead, about twice as fast, and the
instances stay as frozen as before: ``__setattr__`` still refuses.

``makes=False`` gives an ``__init__`` for the class. ``makes=True`` gives a
function that makes the instance itself: calling a class with keywords packs
them into a dict on the way to a Python ``__init__``, which a plain function
call does not, so a maker is about twice as fast again.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Point:
...     x: int
...     y: int = 0
>>> Point.__init__ = slot_function(Point, makes=False)
>>> point = slot_function(Point, makes=True)
>>> Point(x=1), point(x=1) == Point(x=1)
(Point(x=1, y=0), True)
>>> point(y=1)
Traceback (most recent call last):
...
TypeError: Point() missing 1 required keyword-only argument: 'x'
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from types import FunctionType

#: The most instances a sharing maker keeps (:func:`slot_function`); more, and it
#: starts again.
MOST_SHARED = 10_000


def slot_function(cls: type, *, makes: bool, shares: bool = False) -> FunctionType:
    """The ``__init__`` of the frozen, slotted, keyword-only dataclass ``cls``
    (``makes=False``), or a function making its instances (``makes=True``).

    ``shares=True`` (a maker only) gives one instance for all the calls with equal
    fields: it is frozen, so nobody can tell it from a new one but by its ``id``. Its
    fields must be hashable, and a field is given the type it holds (never ``True``
    for a whole number: equal keys, so one instance, would stand for both).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True, kw_only=True)
    ... class Seat:
    ...     number: int
    >>> seat = slot_function(Seat, makes=True, shares=True)
    >>> seat(number=2) is seat(number=2), seat(number=2) == seat(number=3)
    (True, False)
    """
    assert makes or not shares, "only a maker shares its instances"
    names = [f.name for f in fields(cls)]
    scope: dict[str, object] = {f"_set_{name}": getattr(cls, name).__set__ for name in names}
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    scope.update({f"_default_{name}": value for name, value in defaults.items()})
    scope.update(_new=object.__new__, _cls=cls)
    keywords = [f"{name}=_default_{name}" if name in defaults else name for name in names]
    signature = ", ".join(["*", *keywords]) if keywords else ""
    body = "".join(f"    _set_{name}(self, {name})\n" for name in names)
    if shares:
        shared: dict[tuple[object, ...], object] = {}
        scope.update(_shared=shared, _found=shared.get, _most=MOST_SHARED)
        name = cls.__name__
        key = "".join(f"{field}, " for field in names)
        source = (f"def {name}({signature}):\n    _key = ({key})\n    self = _found(_key)\n"
                  "    if self is not None:\n        return self\n"
                  f"    self = _new(_cls)\n{body}"
                  "    if len(_shared) >= _most:\n        _shared.clear()\n"
                  "    _shared[_key] = self\n    return self\n")
    elif makes:
        name = cls.__name__
        source = f"def {name}({signature}):\n    self = _new(_cls)\n{body}    return self\n"
    else:
        name = "__init__"
        self_and = "self, " if signature else "self"
        source = f"def __init__({self_and}{signature}):\n{body or '    pass'}\n"
    exec(source, scope)  # the names are the fields of a class of ours
    made = scope[name]
    assert isinstance(made, FunctionType)
    made.__qualname__ = f"{cls.__qualname__}.__init__" if not makes else cls.__qualname__
    return made
