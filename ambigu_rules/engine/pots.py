"""Side pots when a player is all in.

A player all in can win from each other player only as much as he staked
himself; the rest of the bets goes to the next best hand among those who
staked more. :func:`split_bets` shares out the bets in that way.

>>> # Seat 0 all in for 3 and best; seats 1 and 2 staked 10 each; seat 2 next best.
>>> split_bets([3, 10, 10], contenders={0, 1, 2}, order=[0, 2, 1])
{0: [3, 3, 3], 2: [0, 7, 7]}
"""

from __future__ import annotations

from collections.abc import Sequence


def split_bets(
    bets: Sequence[int], contenders: set[int], order: Sequence[int], *,
    capped: bool = True, rest_to_next_best: bool = True,
) -> dict[int, list[int]]:
    """For each winner, how much he takes from each player's bet.

    ``order`` lists the contenders from the best hand to the worst (ties
    already broken by seat). A contender takes from every bet up to his own
    stake (all of it if not ``capped``); what is left goes down the order
    (``rest_to_next_best``) or back to each player who bet it. Bets that no
    contender can claim (a folded player staked more than anyone still in) go
    to the best.

    >>> split_bets([3, 10, 10], {0, 1, 2}, [0, 2, 1], rest_to_next_best=False)
    {0: [3, 3, 3], 1: [0, 7, 0], 2: [0, 0, 7]}
    >>> split_bets([3, 10, 10], {0, 1, 2}, [0, 2, 1], capped=False)
    {0: [3, 10, 10]}
    """
    ranked = [seat for seat in order if seat in contenders]
    if not capped and ranked:
        return {ranked[0]: list(bets)}
    remaining = list(bets)
    won: dict[int, list[int]] = {}
    if not rest_to_next_best:
        ranked = ranked[:1]
    for winner in ranked:
        cap = remaining[winner]
        if cap <= 0:
            continue
        shares = [min(amount, cap) for amount in remaining]
        remaining = [amount - share for amount, share in zip(remaining, shares, strict=True)]
        won[winner] = shares
    if not rest_to_next_best:
        for seat, amount in enumerate(remaining):
            if amount and seat in contenders:
                won.setdefault(seat, [0] * len(bets))[seat] += amount
                remaining[seat] = 0
    if any(remaining) and ranked:
        best = ranked[0]
        current = won.get(best, [0] * len(bets))
        won[best] = [a + b for a, b in zip(current, remaining, strict=True)]
    return won
