"""``ambigu advise``: what each discard allowed at an exchange leads to, exactly."""

from __future__ import annotations

import argparse
from typing import Any

from .output import emit, table

#: How many of an option's likeliest final combinations the text output names.
SHOWN_COMBINATIONS = 3


def cmd_advise(args: argparse.Namespace) -> None:
    from ..advice import advise
    from ..load.given import ruleset_of
    from ..load.versions import evaluator_for_variant

    ruleset = ruleset_of(args.variant)
    advice = advise(ruleset, args.hand, args.seen or "", args.exchange)
    deck = evaluator_for_variant(ruleset).deck
    data: dict[str, Any] = {
        "variant": ruleset.id,
        "exchange": args.exchange,
        "step": advice.exchange.step_id,
        "hand": deck.format_hand(advice.hand),
        "seen": deck.format_hand(advice.seen),
        "unseen": advice.unseen,
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

    def text() -> str:
        rows = [[row["discard"] or "none", row["keep"] or "none",
                 f"{row['expected_value']:.4f}", _likeliest(row["combinations"])]
                for row in data["options"]]
        head = (f"{ruleset.id}, {args.exchange} exchange ({advice.exchange.title}): "
                f"{data['hand']}, {advice.unseen} cards unseen")
        return head + "\n" + table(
            ["discard", "keep", "expected value", "likeliest final combinations"], rows)

    emit(data, args.json, text)


def _likeliest(chances: dict[str, float]) -> str:
    """The few likeliest combinations with their chances, e.g. ``point 0.81, prime 0.12``."""
    ranked = sorted(chances.items(), key=lambda item: -item[1])[:SHOWN_COMBINATIONS]
    return ", ".join(f"{name} {chance:.3f}" for name, chance in ranked)
