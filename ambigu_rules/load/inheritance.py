"""``extends:`` — build a version from a parent version and overrides.

Merging rules (applied recursively):

* mappings merge key by key;
* lists whose items are all mappings with an ``id`` merge item by item on
  that id (new ids are appended in order, or placed with ``before: <id>`` or
  ``after: <id>``; an item with ``replace: true`` takes its parent's place
  whole instead of merging with it);
* any other value in the child replaces the parent's;
* ``remove:`` at the top of the child lists dotted paths to delete, list
  items being named by id, e.g. ``combinations.doublet`` or
  ``table.penalties.showing_cards``.

A rule point (a mapping with ``evidence``) that the child does not touch is
marked ``inherited_from: <parent id>``; if the child declares
``inherit: {downgrade_to: inferred}``, its evidence is lowered to ``inferred``
(never raised) and the parent's level is kept as ``parent_evidence``. A rule point that the child
changes must carry the child's own ``source`` and ``evidence``.
"""

from __future__ import annotations

import copy
from typing import Any

from ..errors import RulesetError
from .merge_keys import PLACING, REMOVE
from .validation import close_names, did_you_mean, suggestion
from .yaml_source import Mark, MarkedDict, MarkedList, marks_of

# Keys a child never inherits: they describe the child itself.
OWN_KEYS = (
    "id", "title", "short_title", "year", "period", "summary", "translations", "fr",
    "extends", "inherit", REMOVE, "history",
)

#: Where a part gives its texts in other languages: ``translations`` (by language), and
#: the older spelling ``fr`` (read as ``translations.fr``).
TRANSLATION_KEYS = ("translations", "fr")

#: The keys this module sets on a point that comes from a parent; a file never
#: writes them (the resolver refuses them, the schemas leave them out).
SET_BY_INHERITANCE = ("inherited_from", "parent_evidence")


def _copy_marks(target: MarkedDict | MarkedList, source: Any) -> None:
    if getattr(source, "mark", None) is not None and target.mark is None:
        target.mark = source.mark


def is_rule_point(value: Any) -> bool:
    """A mapping that carries provenance (``source`` and ``evidence``)."""
    return isinstance(value, dict) and "evidence" in value and "source" in value


def _id_list(value: Any) -> bool:
    """A list of mappings, each with a plain ``id`` (a list that merges by id).

    An id that is not plain text or a number (a list, say) makes the list
    replace its parent's, so that validation reports the bad id where it is.
    """
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(item, dict) and _plain_id(item.get("id")) for item in value)
    )


def _plain_id(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


# Evidence levels from the strongest to the weakest claim.
STRENGTH = ("attested", "reconstructed", "inferred", "editorial")


def weaker(level: str, cap: str | None) -> str:
    """The weaker of two evidence levels: inheritance may lower a level, never raise it.

    >>> weaker("attested", "inferred"), weaker("editorial", "inferred")
    ('inferred', 'editorial')
    """
    if cap is None or level not in STRENGTH or cap not in STRENGTH:
        return level
    return max(level, cap, key=STRENGTH.index)


def _mark_inherited(value: Any, parent_id: str, evidence: str | None) -> Any:
    """A deep copy of a parent's value, each rule point labelled as inherited."""
    if isinstance(value, dict):
        result = MarkedDict()
        _copy_marks(result, value)
        marks = marks_of(value)
        for key, item in value.items():
            result[key] = _mark_inherited(item, parent_id, evidence)
            if key in marks:
                result.marks[key] = marks[key]
        if is_rule_point(value) and "inherited_from" not in value:
            result["inherited_from"] = parent_id
            lowered = weaker(value["evidence"], evidence)
            if lowered != value["evidence"]:
                result["parent_evidence"] = value["evidence"]
                result["evidence"] = lowered
        return result
    if isinstance(value, list):
        result_list = MarkedList(_mark_inherited(item, parent_id, evidence) for item in value)
        _copy_marks(result_list, value)
        result_list.marks.update(marks_of(value))
        return result_list
    return value


def _forms_by_language(part: dict[Any, Any]) -> dict[str, Any] | None:
    """A part's texts in other languages, by language code (``translations``, with
    ``fr`` read as ``translations.fr``); None when they are not mappings or French is
    given twice (validation refuses them where they are)."""
    translations = part.get("translations")
    french = part.get("fr")
    if translations is not None and not isinstance(translations, dict):
        return None
    if french is not None and (not isinstance(french, dict) or "fr" in (translations or {})):
        return None
    forms = dict(translations or {})
    if any(not isinstance(value, dict) for value in forms.values()):
        return None
    if french is not None:
        forms["fr"] = french
    return forms


class _Merger:
    def __init__(self, parent_id: str, evidence: str | None) -> None:
        self.parent_id = parent_id
        self.evidence = evidence
        self.problems: list[str] = []

    def merge(self, parent: Any, child: Any, path: str) -> Any:
        if isinstance(parent, dict) and isinstance(child, MarkedDict):
            return self.merge_dicts(parent, child, path)
        if _id_list(parent) and _id_list(child):
            return self._merge_id_lists(parent, child, path)
        return child

    def merge_dicts(self, parent: dict[Any, Any], child: MarkedDict, path: str) -> MarkedDict:
        if is_rule_point(parent) and not ("source" in child and "evidence" in child):
            where = f"{child.mark}: " if getattr(child, "mark", None) else ""
            self.problems.append(
                f"{where}{path}: a changed rule point needs its own 'source' and 'evidence'"
            )
        result = MarkedDict()
        result.mark = child.mark or getattr(parent, "mark", None)
        parent_marks = marks_of(parent)
        replaced = {other for keys in ALTERNATIVES.get(path, ()) if set(keys) & child.keys()
                    for other in keys}
        point = is_rule_point(parent)
        for key, value in parent.items():
            if key in child or key in replaced:
                continue
            if point and key in ("source", "evidence", "note", "clauses", *TRANSLATION_KEYS):
                continue
            result[key] = _mark_inherited(value, self.parent_id, self.evidence)
            if key in parent_marks:
                result.marks[key] = parent_marks[key]
        for key, value in child.items():
            sub = f"{path}.{key}" if path else str(key)
            if point and key in TRANSLATION_KEYS:
                continue
            result[key] = self.merge(parent[key], value, sub) if key in parent else value
            if key in child.marks:
                result.marks[key] = child.marks[key]
        if point:
            self._merge_translations(parent, child, result)
        return result

    @staticmethod
    def _merge_translations(parent: dict[Any, Any], child: MarkedDict,
                            result: MarkedDict) -> None:
        """A changed point's texts in other languages: for each language, the parent's
        forms of the texts it still takes from the parent, the child's own for the rest
        (a text the child rewrites, or the provenance it must give anew, never keeps the
        parent's forms). The older spelling ``fr`` counts as ``translations.fr``."""
        own = _forms_by_language(child)
        if own is None:
            # Not mappings, or French given twice: left as written, for validation to
            # refuse at its place.
            for key in TRANSLATION_KEYS:
                if key in child:
                    result[key] = child[key]
                    if key in child.marks:
                        result.marks[key] = child.marks[key]
            return
        theirs = _forms_by_language(parent) or {}
        merged = MarkedDict()
        merged.mark = next((getattr(child.get(key), "mark", None) for key in TRANSLATION_KEYS
                            if key in child), None)
        for code in dict.fromkeys((*theirs, *own)):
            their_forms = theirs.get(code) or {}
            kept = {key: text for key, text in their_forms.items()
                    if key in result and key not in child}
            forms = MarkedDict()
            forms.mark = getattr(own.get(code), "mark", None) or getattr(their_forms, "mark",
                                                                          None)
            forms.update(kept)
            forms.marks.update({key: mark for key, mark in marks_of(their_forms).items()
                                if key in kept})
            if code in own:
                forms.update(own[code])
                forms.marks.update(marks_of(own[code]))
            if forms:
                merged[code] = forms
        if merged:
            result["translations"] = merged
            where = next((child.marks[key] for key in TRANSLATION_KEYS if key in child.marks),
                         None)
            if where is not None:
                result.marks["translations"] = where


    def _merge_id_lists(self, parent: list[Any], child: MarkedList, path: str) -> MarkedList:
        entries: list[tuple[Any, Mark | None]] = []
        by_id = {item["id"]: index for index, item in enumerate(child)}
        used: set[int] = set()
        for index, item in enumerate(parent):
            if item["id"] in by_id:
                child_index = by_id[item["id"]]
                used.add(child_index)
                own = child[child_index]
                merged = (_without(own, PLACING) if own.get("replace") is True
                          else self.merge(item, own, f"{path}.{item['id']}"))
                entries.append((merged, child.marks.get(child_index)))
            else:
                entries.append((_mark_inherited(item, self.parent_id, self.evidence),
                                marks_of(parent).get(index)))
        for index, item in enumerate(child):
            if index not in used:
                entries.append((item, child.marks.get(index)))
        for index, item in enumerate(child):
            self._place(entries, item, child.marks.get(index), path)
        result = MarkedList()
        result.mark = child.mark
        for position, (item, mark) in enumerate(entries):
            result.append(_without(item, PLACING))
            result.marks[position] = mark
        return result

    def _place(self, entries: list[tuple[Any, Mark | None]], item: Any, mark: Mark | None,
               path: str) -> None:
        """Move the entry of ``item`` before or after the id its ``before``/``after`` names."""
        keys = [key for key in ("before", "after") if key in item]
        if not keys:
            return
        where = f"{mark}: " if mark else ""
        if len(keys) == 2:
            self.problems.append(f"{where}{path}.{item['id']}: give 'before' or 'after', "
                                 "not both")
            return
        target = item[keys[0]]
        ids = [entry["id"] for entry, _ in entries]
        if target not in ids or target == item["id"]:
            listed = ", ".join(map(str, ids))
            others = [other for other in ids if other != item["id"]]
            self.problems.append(f"{where}{path}.{item['id']}: {keys[0]}: no other item "
                                 f"{target!r}{did_you_mean(target, others)} in "
                                 f"{path or 'the list'} (ids: {listed})")
            return
        entry = entries.pop(ids.index(item["id"]))
        at = [e["id"] for e, _ in entries].index(target) + (1 if keys[0] == "after" else 0)
        entries.insert(at, entry)


# Keys that stand for one another at a path: a child that gives one drops the
# parent's other (a deck of decks.yaml, or the file's own ranks).
ALTERNATIVES: dict[str, tuple[tuple[str, ...], ...]] = {"deck": (("use", "ranks"),)}

def _without(item: Any, keys: tuple[str, ...]) -> Any:
    """``item`` without ``keys`` (a mapping keeps its positions)."""
    if not isinstance(item, MarkedDict) or not any(key in item for key in keys):
        return item
    result = MarkedDict({k: v for k, v in item.items() if k not in keys})
    result.mark = item.mark
    result.marks = {k: m for k, m in item.marks.items() if k not in keys}
    return result


def _remove(data: MarkedDict, dotted: str, mark: Mark | None) -> str | None:
    """Delete the entry named by ``dotted``; return a problem, or None."""
    node: Any = data
    parts = dotted.split(".")
    hint = ""  # the names nearest to the part where the path goes wrong
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        names = ([str(key) for key in node] if isinstance(node, dict) else
                 [str(item.get("id")) for item in node if isinstance(item, dict)]
                 if isinstance(node, list) else [])
        near = close_names(part, names)
        hint = suggestion([".".join([*parts[:depth], name, *parts[depth + 1:]])
                           for name in near])
        if isinstance(node, dict) and part in node:
            if last:
                del node[part]
                return None
            node = node[part]
        elif isinstance(node, list):
            matches = [i for i, item in enumerate(node) if isinstance(item, dict)
                       and str(item.get("id")) == part]
            if not matches:
                break
            if last:
                node.pop(matches[0])
                if isinstance(node, MarkedList):
                    node.marks = {}
                return None
            node = node[matches[0]]
        else:
            break
    where = f"{mark}: " if mark else ""
    return (f"{where}remove: {dotted!r} names nothing in the parent version"
            f"{hint}")


def merge_child(parent: MarkedDict, child: MarkedDict, parent_id: str) -> MarkedDict:
    """The child version resolved against its (already resolved) parent."""
    inherit = child.get("inherit") if isinstance(child.get("inherit"), dict) else {}
    evidence = inherit.get("downgrade_to") if isinstance(inherit, dict) else None
    merger = _Merger(parent_id, evidence)
    parent = copy.deepcopy(parent)
    body_parent = MarkedDict({k: v for k, v in parent.items() if k not in OWN_KEYS})
    body_parent.marks = {k: m for k, m in parent.marks.items() if k not in OWN_KEYS}
    body_parent.mark = parent.mark
    removals = child.get(REMOVE) or []
    body_child = MarkedDict({k: v for k, v in child.items() if k != REMOVE})
    body_child.marks = {k: m for k, m in child.marks.items() if k != REMOVE}
    body_child.mark = child.mark
    trimmed = body_parent
    problems: list[str] = []
    if removals:
        if not isinstance(removals, list) or not all(isinstance(r, str) for r in removals):
            problems.append(f"{child.marks.get(REMOVE)}: {REMOVE}: expected a list of paths")
        else:
            for index, dotted in enumerate(removals):
                problem = _remove(trimmed, dotted, marks_of(removals).get(index))
                if problem:
                    problems.append(problem)
    result = merger.merge_dicts(trimmed, body_child, "")
    problems += merger.problems
    if problems:
        raise RulesetError(problems)
    return result
