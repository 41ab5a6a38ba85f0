"""The table of hands of a house rule file in the browser, where numpy is not.

The site ships the tables of the built-in versions (``tables/*.table``), each
found by :func:`~ambigu_rules.hands.table.rules_digest`: a fingerprint of the
pack, the combinations and their ranking, the combinations' values included,
since a table holds each hand's value. A rule file that ``extends`` a built-in
version and changes only what some combinations are worth (the fredon paid 10
rather than 8) has another fingerprint, so no shipped table fits it, and only
numpy could compile one. Yet such a file ranks every hand as its parent does:
each hand's best combination and rank key are the parent's, and only the
values differ. :func:`revalued_table` makes its table from the parent's: the
same combinations and keys, each hand's value read again from the file.

A hand's value in the parent's table says which of its combination's values
it was paid: the combination's ``value`` or one of its ``value_if`` values,
plus, where the combination's ``payment`` is ``adds``, a value of each part
(the highest part held, for a ``best_of``). Every way of adding these up is
counted, as the parent pays it and as the file does; where two ways that the
parent pays alike are paid differently by the file, the parent's value does
not say which a hand was paid, and the file needs a table of its own (it is
refused, as a file that changes the pack, a condition or the ranking is).

>>> from ambigu_rules.load.resolver import load_ruleset
>>> parent = load_ruleset("1730")
>>> fredon = next(c for c in parent.combinations if c.id == "fredon")
>>> child = parent.model_copy(update={"combinations": [
...     c if c is not fredon else c.model_copy(update={"value": 10})
...     for c in parent.combinations]})
>>> value_maps(child, parent)["fredon"]
{8: 10}
>>> value_maps(child, parent)["tricon_prime"]  # the tricon and the big or small prime
{7: 7, 6: 6}
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from itertools import product
from typing import Any

from ..hands.evaluator import evaluator_for, install_table
from ..hands.table import VALUE_TYPECODE, HandTable, rules_digest
from ..load.catalog import builtin_ids
from ..load.resolver import load_ruleset, resolve
from ..rules.combinations import BestOf, Combination
from ..rules.common import played_parts
from ..rules.ruleset import Ruleset

#: For each combination id: each value the parent's table pays it, and the file's value.
ValueMaps = dict[str, dict[int, int]]


def table_needs(variant: str) -> dict[str, Any]:
    """What the page must fetch before seating a table of ``variant``: the fingerprint
    of its table (``rules``), and, for a file whose table is its parent's with other
    values, the fingerprint of that parent's table (``revalue``, else ``None``)."""
    resolved = resolve(variant)
    ruleset = resolved.ruleset
    parent = _parent(resolved.data.get("extends"))
    revalue = None
    if (parent is not None and rules_digest(parent) != rules_digest(ruleset)
            and value_maps(ruleset, parent) is not None):
        revalue = rules_digest(parent)
    return {"rules": rules_digest(ruleset), "revalue": revalue}


def revalue_table(variant: str) -> bool:
    """Make and install the table of ``variant`` from its parent's table (which must be
    installed, or compilable here) with the file's values; ``False`` if its table is
    not its parent's with other values."""
    resolved = resolve(variant)
    ruleset = resolved.ruleset
    parent = _parent(resolved.data.get("extends"))
    if parent is None:
        return False
    table = revalued_table(ruleset, parent)
    if table is None:
        return False
    install_table(ruleset, table.to_bytes(level=1))
    return True


def revalued_table(ruleset: Ruleset, parent: Ruleset) -> HandTable | None:
    """The table of ``ruleset``: ``parent``'s, each hand's value read again from
    ``ruleset`` (``None`` where ``ruleset``'s table is not ``parent``'s with other values)."""
    maps = value_maps(ruleset, parent)
    if maps is None:
        return None
    old = evaluator_for(parent).table
    by_index = [maps[name] for name in old.combination_ids]
    try:
        values = array(VALUE_TYPECODE, (value if best < 0 else by_index[best][value]
                                        for best, value in zip(old.best, old.values,
                                                               strict=True)))
    except KeyError:  # a value the parent's rules cannot pay: a table made otherwise
        return None
    return HandTable(best=old.best, values=values, keys=old.keys,
                     combination_ids=old.combination_ids, rules=rules_digest(ruleset))


def value_maps(ruleset: Ruleset, parent: Ruleset) -> ValueMaps | None:
    """For each combination, the value ``ruleset`` pays for each value ``parent``
    pays; ``None`` where their tables differ in more than the values (pack,
    conditions, parts, cards, ties, ranking), or where a value of the parent's
    could stand for two that the file pays differently."""
    if (played_parts(ruleset.deck) != played_parts(parent.deck)
            or played_parts(ruleset.ranking.order) != played_parts(parent.ranking.order)
            or [_shape(c) for c in ruleset.combinations]
            != [_shape(c) for c in parent.combinations]):
        return None
    new = {c.id: c for c in ruleset.combinations}
    old = {c.id: c for c in parent.combinations}
    maps: ValueMaps = {}
    for name in new:
        found: dict[int, int] = {}
        for was, now in _ways(name, old, new, frozenset()):
            if found.setdefault(was, now) != now:
                return None
        maps[name] = found
    return maps


def _ways(name: str, old: dict[str, Combination], new: dict[str, Combination],
          seen: frozenset[str]) -> Iterator[tuple[int, int]]:
    """Every value a hand whose best is ``name`` can be paid: (the parent's, the file's)."""
    if name in seen:  # the loader refuses parts that loop; never met here
        return
    was, now = old[name], new[name]
    own = [(was.value, now.value)] + [(a.value, b.value)
                                      for a, b in zip(was.value_if, now.value_if, strict=True)]
    if was.payment != "adds":
        yield from own
        return
    parts = [[way for alternative in (part.best_of if isinstance(part, BestOf) else [part])
              for way in _ways(alternative, old, new, seen | {name})] for part in was.parts]
    for base, *taken in product(own, *parts):
        yield base[0] + sum(way[0] for way in taken), base[1] + sum(way[1] for way in taken)


def _shape(combination: Combination) -> Any:
    """What of a combination its hands' best combination and rank keys depend on:
    everything played but its values."""
    shape = played_parts(combination)
    shape["value"] = 0
    shape["value_if"] = [{**rule, "value": 0} for rule in shape["value_if"]]
    return shape


def _parent(extends: object) -> Ruleset | None:
    """The built-in version a file extends, if it names one."""
    if isinstance(extends, str) and extends in builtin_ids():
        return load_ruleset(extends)
    return None
