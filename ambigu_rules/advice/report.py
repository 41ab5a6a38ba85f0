"""The advice as plain data: what ``ambigu advise --json`` prints and the site shows.

Cards are written as the command line writes them (``9♠ 10♠``), the chances
keyed like ``evaluate --json``'s ``combination`` (:data:`.options.NO_COMBINATION`
for a hand with none), with the name the rule file gives each under ``names``.

>>> from ambigu_rules.advice import advise
>>> report = advise_report("foster", "9S 10S")
>>> stand = report["options"][0]
>>> stand["discard"], stand["hands"], stand["counts"]["flush"], report["names"]["flush"]
('', 703, 21, 'Flush')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..hands.evaluator import canonical_of
from ..languages import lang_of
from ..load.given import Version, ruleset_of
from ..load.versions import evaluator_for_variant
from ..rules.ruleset import Ruleset
from . import advise
from .options import Advice


def advice_data(ruleset: Ruleset, advice: Advice, lang: str = "en") -> dict[str, Any]:
    """``advice`` (of ``ruleset``) as plain data, the exchange's ``title`` and the
    combinations' names in the language ``lang`` (``"en"`` or ``"fr"``)."""
    deck = evaluator_for_variant(ruleset).deck
    step = next(step for step in ruleset.procedure if step.id == advice.exchange.step_id)
    return {
        "variant": ruleset.id,
        "step": advice.exchange.step_id,
        "title": step.text_in("title", lang),
        "hand": deck.format_hand(advice.hand),
        "seen": deck.format_hand(advice.seen),
        "unseen": advice.unseen,
        "names": {canonical_of(combination) or combination.id:
                  combination.text_in("name", lang) for combination in ruleset.combinations},
        "options": [
            {"discard": deck.format_hand(option.discard),
             "keep": deck.format_hand(option.keep),
             "hands": option.total,
             "counts": option.counts,
             "combinations": option.probabilities,
             "expected_value": option.expected_value}
            for option in advice.options
        ],
    }


def advise_report(version: Version, hand: str | Sequence[int], seen: str | Sequence[int] = (),
                  exchange: str = "first", lang: str = "en") -> dict[str, Any]:
    """:func:`~ambigu_rules.advice.advise` as plain data, with the exchange asked; its
    texts, and a refusal, in the language ``lang`` (a code, as the site's page gives)."""
    ruleset = ruleset_of(version)
    advice = advise(ruleset, hand, seen, exchange, lang_of(lang))
    return {"exchange": exchange, **advice_data(ruleset, advice, lang)}
