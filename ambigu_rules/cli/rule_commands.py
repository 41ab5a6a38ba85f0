"""The commands about a version's rules: variants, show, evaluate, showdown, odds, validate."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any, TypedDict

import yaml

from ..errors import RulesetError
from .output import USER_ERROR, emit, say, say_error, say_json, table

# The bibliography id of the project's own editorial decisions: not a source to list.
EDITORIAL_SOURCE = "editors"




# -- commands ---------------------------------------------------------------


class _VariantRow(TypedDict):
    """One version in ``ambigu variants --json``."""

    id: str
    title: str
    year: int | None
    period: str | None
    extends: str | None
    sources: list[str]


def cmd_variants(args: argparse.Namespace) -> None:
    from ..load.catalog import builtin_ids, load_bibliography
    from ..load.resolver import load_ruleset, resolve

    bibliography = load_bibliography()
    rows: list[_VariantRow] = []
    for variant_id in builtin_ids():
        ruleset = load_ruleset(variant_id)
        # The sources of its rules: the notes about the text (history) are no rule.
        rules = {key: value for key, value in resolve(variant_id).data.items() if key != "history"}
        cited = Counter(_cited_sources(rules))
        cited.pop(EDITORIAL_SOURCE, None)
        main = [bibliography.get(s).short for s, _ in cited.most_common(3)]
        rows.append({
            "id": ruleset.id,
            "title": ruleset.title,
            "year": ruleset.year,
            "period": ruleset.period,
            "extends": ruleset.extends,
            "sources": main,
        })
    emit(rows, args.json, lambda: table(
        ["id", "date", "title", "main sources of its rules"],
        [[r["id"], r["year"] or r["period"] or "", r["title"], "; ".join(r["sources"])]
         for r in rows],
    ))


def _cited_sources(value: Any) -> list[str]:
    found: list[str] = []
    if isinstance(value, dict):
        if "evidence" in value and "source" in value:
            refs = value["source"] if isinstance(value["source"], list) else [value["source"]]
            found += [r.split()[0] for r in refs if isinstance(r, str)]
        for item in value.values():
            found += _cited_sources(item)
    elif isinstance(value, list):
        for item in value:
            found += _cited_sources(item)
    return found


PROVENANCE_KEYS = ("source", "evidence", "note", "inherited_from", "parent_evidence")


def provenance_last(value: Any) -> Any:
    """Reorder each rule point so that the rule comes before its provenance.

    >>> provenance_last({"evidence": "attested", "source": [], "min": 2})
    {'min': 2, 'source': [], 'evidence': 'attested'}
    """
    if isinstance(value, dict):
        rule = {k: provenance_last(v) for k, v in value.items() if k not in PROVENANCE_KEYS}
        return rule | {k: value[k] for k in PROVENANCE_KEYS if k in value}
    if isinstance(value, list):
        return [provenance_last(item) for item in value]
    return value


def cmd_show(args: argparse.Namespace) -> None:
    from ..load.resolver import load_ruleset

    ruleset = load_ruleset(args.variant)
    data = provenance_last(ruleset.model_dump(mode="json", by_alias=True, exclude_none=True))
    _say_mixed(data)
    emit(data, args.json, lambda: yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=88
    ).rstrip())


def _say_mixed(value: Any) -> None:
    """Beside the evidence of a point with clauses, whether they differ in level
    (its evidence is the weakest of theirs)."""
    if isinstance(value, dict):
        clauses = value.get("clauses")
        if clauses:
            value["evidence_mixed"] = len({c.get("evidence") for c in clauses}) > 1
        for item in value.values():
            _say_mixed(item)
    elif isinstance(value, list):
        for item in value:
            _say_mixed(item)


def cmd_evaluate(args: argparse.Namespace) -> None:
    from ..load.versions import evaluator_for_variant

    evaluator = evaluator_for_variant(args.variant, [args.hand])  # a bad card: before compiling
    hand = evaluator.evaluate(args.hand)
    data = {"variant": evaluator.ruleset.id, **hand.to_json()}
    emit(data, args.json, lambda: (
        f"{hand.text}: {hand.name or 'no combination'}"
        f" ({hand.combination or '-'}), worth {hand.value} from each other player"
    ))


def cmd_showdown(args: argparse.Namespace) -> None:
    from ..load.versions import settle_showdown

    # A version for fewer than 2 players is refused by validation (players.min,
    # players.max: from 2), so "needs 2 to 1 hands" cannot be said.
    result = settle_showdown(args.variant, args.hands)
    data = {"variant": args.variant, **result.to_json()}

    def text() -> str:
        rows = [
            [seat + 1, hand.text, hand.name or "-", hand.value, "wins" if seat == result.winner
             else ("tied, loses on seat" if seat in result.tied else "")]
            for seat, hand in enumerate(result.hands)
        ]
        layout = table(["seat", "hand", "combination", "value", ""], rows)
        return (f"{layout}\nSeat {result.winner + 1} wins; each other player pays "
                f"{result.value}.")

    emit(data, args.json, text)


def cmd_odds(args: argparse.Namespace) -> None:
    from ..load.versions import evaluator_for_variant

    evaluator = evaluator_for_variant(args.variant)
    odds = evaluator.odds()
    data = {
        "variant": evaluator.ruleset.id,
        "total": odds.total,
        "mean_value": odds.mean_value,
        "combinations": [
            {"combination": row.combination, "combination_id": row.combination_id,
             "name": row.name, "count": row.count, "probability": row.probability,
             "value": row.value}
            for row in odds.combinations
        ],
    }
    emit(data, args.json, lambda: table(
        ["combination", "name", "value", "count", "probability"],
        [[r.combination or "-", r.name, r.value, r.count, f"{r.probability:.5f}"]
         for r in odds.combinations],
    ) + f"\n{odds.total} hands; mean value {odds.mean_value:.4f}")


def cmd_validate(args: argparse.Namespace) -> int:
    """Validate each rule file named; print ``FILE: ok (ID)`` for each good one on
    stdout, and each problem of a bad one on stderr as ``file:line:col: path: message``.

    With ``--json``, stdout holds a JSON list of one object per file, in the order given::

        {"file": "house.yaml", "ok": false, "id": null,
         "problems": [{"file": "house.yaml", "line": 13, "column": 13,
                       "path": "combinations.tricon", "message": "unknown key 'colour'"}]}

    ``id`` is the version's id (null for a file that does not validate). A
    problem's ``file`` is the file it is in (a file this one extends, for a
    problem found there), as the text output names it, or the file given when
    the problem names none; ``line`` and ``column`` count from 1 and are null
    for a problem of the file as a whole (missing, too big…); ``path`` is the
    place in the rules (``(top level)`` for the top), null for a problem of
    the YAML text itself. The problems are still printed on stderr.
    Exits 2 if any file has a problem.
    """
    from ..load.resolver import resolve_path
    from .problems import problems_json

    report: list[dict[str, Any]] = []
    for name in args.files:
        path = Path(name)
        try:
            ruleset = resolve_path(path).ruleset
            report.append({"file": name, "ok": True, "id": ruleset.id, "problems": []})
        except RulesetError as error:
            report.append({"file": name, "ok": False, "id": None, "text": error.problems,
                           "problems": problems_json(error.problems, name, _shown_as(path))})
    failed = [item for item in report if not item["ok"]]
    if args.json:
        say_json([{key: value for key, value in item.items() if key != "text"}
                  for item in report])
    else:
        for item in report:
            if item["ok"]:
                say(f"{item['file']}: ok ({item['id']})")
    for item in failed:
        for line in item["text"]:
            say_error(line)
    return USER_ERROR if failed else 0


def _shown_as(path: Path) -> list[str]:
    """How the loader's messages name ``path`` (none if it cannot be resolved)."""
    from ..load.catalog import display_name

    try:
        return [display_name(path)]
    except (OSError, ValueError):
        return []
