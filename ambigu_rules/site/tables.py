"""The hand tables the site ships, for the instant evaluator on the combinations page.

At build time (``tools/mkdocs_hooks.py``, after MkDocs has written the site)
each built-in version's table of every hand is compiled from its rule file
and written to ``assets/tables/<id>.table`` (the bytes of
:meth:`~ambigu_rules.hands.evaluator.Evaluator.to_table`), with an
``index.json`` naming, for each version, its pack (rank labels and suits, in
card-number order) and its combinations. The page's script looks a hand up
in those tables: it knows no rule, only how to read a table. Nothing here is
committed; the build makes it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..advice.exchanges import exchanges_of
from ..hands.evaluator import evaluator_for
from ..hands.table import MAGIC
from ..rules.ruleset import Ruleset
from ..words.lang import LANGS
from ..words.markup import CARDS
from .facts import Version
from .safe_paths import inside


def table_files(versions: list[Version]) -> dict[str, str]:
    """The file of each version's table: versions with one table (1659, 1702 and 1730)
    share the file of the first of them, so a page reads it once.

    >>> from ambigu_rules.site.generate import load_site
    >>> files = table_files(load_site().tab_order)
    >>> files["1730"], files["1702"], files["foster"]
    ('1730.table', '1730.table', 'foster.table')
    """
    first: dict[str, str] = {}
    files = {}
    for version in versions:
        rules = evaluator_for(version.ruleset).table.rules
        files[version.id] = first.setdefault(rules, f"{version.id}.table")
    return files


def table_index(versions: list[Version]) -> dict[str, Any]:
    """What the page's script needs besides the tables: packs, the version's title and
    its combinations' names in each language, exchanges (the cards held at each,
    and how many may be discarded), and
    each table's fingerprint (:func:`~ambigu_rules.hands.table.rules_digest`), by which
    the Play page finds the table a reader's own rule file can use."""
    entries = []
    files = table_files(versions)
    for version in versions:
        evaluator = evaluator_for(version.ruleset)
        spec = evaluator.deck.spec
        entries.append({
            "id": version.id,
            "title": version.short_title,
            # The title and the combinations' names in each language the package
            # speaks, from the rule file's own texts: a page shows its language's.
            "titles": {lang.code: version.ruleset.text_in("short_title", lang.code)
                       for lang in LANGS},
            "table": files[version.id],
            "rules": evaluator.table.rules,
            "ranks": [rank.label for rank in spec.ranks],
            # Each suit's name in each language (as a card's title says it: "9 of
            # spades", « 9 de pique », «9 пик»).
            "suits": [{"id": suit.id, "symbol": suit.symbol, "name": suit.name,
                       "names": {lang.code: CARDS(suit.symbol, lang) for lang in LANGS},
                       "red": suit.color == "red"} for suit in spec.suits],
            "cards": sorted(evaluator.deck.cards()),
            "combinations": {combination.id: {lang.code: combination.text_in("name", lang.code)
                                              for lang in LANGS}
                             for combination in version.ruleset.combinations},
            "page": f"versions/{version.id}/",
            # Whether a player may buy counters back in: "allowed", "never", or
            # "agreement" where the version leaves it to the table (the Play page
            # then offers the table's agreement).
            "buy_back": buy_back_terms(version.ruleset),
            # What "What should I keep?" asks for: the cards held at each exchange.
            "exchanges": [{"hand": rule.hand_size, "low": rule.low, "high": rule.high}
                          for rule in exchanges_of(version.ruleset)],
        })
    return {"format": MAGIC.decode("ascii").strip(), "versions": entries}


def buy_back_terms(ruleset: Ruleset) -> str:
    """Whether a player may buy counters back in under ``ruleset``: ``allowed``,
    ``never``, or ``agreement`` where the version leaves it to the table.

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> buy_back_terms(load_ruleset("1730")), buy_back_terms(load_ruleset("russian"))
    ('allowed', 'agreement')
    """
    rule = ruleset.table.buy_back
    if rule is None:
        return "agreement"
    return "allowed" if rule.allowed else "never"


def write_tables(target: Path, versions: list[Version]) -> list[Path]:
    """Write each table (once, :func:`table_files`) and the index into ``target``;
    return the files."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for version in versions:
        path = inside(target, table_files(versions)[version.id])
        if path not in written:
            path.write_bytes(evaluator_for(version.ruleset).to_table())
            written.append(path)
    index = target / "index.json"
    index.write_text(json.dumps(table_index(versions), ensure_ascii=False, indent=1),
                     encoding="utf-8")
    written.append(index)
    return written
