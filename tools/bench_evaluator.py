"""Benchmark: hand-table build time and evaluation throughput per version.

The reference is PokerKit's four-card ``BadugiHand`` evaluation, timed in the
same run on the same random hands. Targets (issue "Foundation"): building a
version's table in at most 0.3 s, and at least 1,000,000 evaluations per
second from the table, i.e. at least 30 times PokerKit's Badugi evaluation.

Usage: python tools/bench_evaluator.py [--hands N] [--repeat R] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from ambigu_rules.hands.evaluator import Evaluator
from ambigu_rules.hands.features import all_hands, hand_arrays
from ambigu_rules.load.catalog import builtin_ids, load_decks
from ambigu_rules.load.resolver import load_ruleset

BUILD_TARGET_S = 0.3
RATE_TARGET = 1_000_000
RATIO_TARGET = 30


def median_time(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def time_deck_features(repeat: int) -> float:
    """Cold cost of the per-deck feature arrays (shared by every version)."""

    def build() -> None:
        all_hands.cache_clear()
        hand_arrays.cache_clear()
        hand_arrays(load_decks()["forty"])

    return median_time(build, repeat)


def our_rate(evaluator: Evaluator, hands: list[tuple[int, ...]], repeat: int) -> float:
    key_of = evaluator.key_of

    def run() -> None:
        for hand in hands:
            key_of(hand)

    return len(hands) / median_time(run, repeat)


def pokerkit_rate(hands: list[tuple[int, ...]], repeat: int) -> float | None:
    try:
        from pokerkit import BadugiHand, Card, Deck
    except ImportError:
        return None
    deck = list(Deck.REGULAR)
    # The same random draws, mapped onto PokerKit's 52-card deck.
    games = [[deck[card] for card in hand] for hand in hands]
    assert all(isinstance(card, Card) for card in games[0])

    def run() -> None:
        for cards in games:
            BadugiHand.from_game(cards)

    return len(games) / median_time(run, repeat)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands to evaluate")
    parser.add_argument("--reference-hands", type=int, default=20_000,
                        help="hands for the PokerKit reference (it is slower)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (median)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(range(40), 4)) for _ in range(args.hands)]

    print(f"Python {sys.version.split()[0]}, {args.hands:,} random hands, "
          f"median of {args.repeat}")
    features = time_deck_features(args.repeat)
    print(f"deck features (all 91,390 hands, shared by versions): {features:.3f} s")
    reference = pokerkit_rate(hands[: args.reference_hands], args.repeat)
    if reference is None:
        print("PokerKit is not installed: run `make bench` (installs requirements/bench.txt)",
              file=sys.stderr)
        return 2
    print(f"reference: PokerKit BadugiHand.from_game: {reference:,.0f} hands/s")
    print()
    print(f"{'version':<16}{'build s':>9}{'cold s':>9}{'evals/s':>14}{'x PokerKit':>12}  ok")
    failures = 0
    for variant in builtin_ids():
        ruleset = load_ruleset(variant)
        deck = load_decks()[ruleset.deck.use]
        hand_arrays(deck)
        build = median_time(lambda r=ruleset, d=deck: Evaluator(r, d), args.repeat)
        evaluator = Evaluator(ruleset, deck)
        playable = [h for h in hands if max(h) < deck.size]
        rate = our_rate(evaluator, playable, args.repeat)
        ratio = rate / reference
        ok = build + features <= BUILD_TARGET_S and rate >= RATE_TARGET and ratio >= RATIO_TARGET
        failures += not ok
        print(f"{variant:<16}{build:>9.3f}{build + features:>9.3f}{rate:>14,.0f}"
              f"{ratio:>11.1f}x  {'yes' if ok else 'NO'}")
    print()
    print(f"targets: cold build (features + table) <= {BUILD_TARGET_S} s, "
          f">= {RATE_TARGET:,} evals/s, >= {RATIO_TARGET}x PokerKit")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
