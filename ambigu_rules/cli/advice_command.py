"""``ambigu advise``: what each discard allowed at an exchange leads to, exactly."""

from __future__ import annotations

import argparse

from .output import emit, table

#: How many of an option's likeliest final combinations the text output names.
SHOWN_COMBINATIONS = 3


def cmd_advise(args: argparse.Namespace) -> None:
    from ..advice.report import advise_report

    data = advise_report(args.variant, args.hand, args.seen or "", args.exchange)

    def text() -> str:
        rows = [[row["discard"] or "none", row["keep"] or "none",
                 f"{row['expected_value']:.4f}", _likeliest(row["combinations"])]
                for row in data["options"]]
        head = (f"{data['variant']}, {args.exchange} exchange ({data['title']}): "
                f"{data['hand']}, {data['unseen']} cards unseen")
        return head + "\n" + table(
            ["discard", "keep", "expected value", "likeliest final combinations"], rows)

    emit(data, args.json, text)


def _likeliest(chances: dict[str, float]) -> str:
    """The few likeliest combinations with their chances, e.g. ``point 0.81, prime 0.12``."""
    ranked = sorted(chances.items(), key=lambda item: -item[1])[:SHOWN_COMBINATIONS]
    return ", ".join(f"{name} {chance:.3f}" for name, chance in ranked)
