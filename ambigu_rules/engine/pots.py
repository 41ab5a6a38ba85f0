"""Sharing the bets at a showdown: side pots when a player is all in, and ties.

The bets are cut into layers at each level a player staked. A layer is won
by the best contenders who staked at least that level: a contender with less
in than others (all in, or not asked to meet a raise made after he spoke)
can win from each other player only as much as he staked himself, and the
rest goes to the next best hand among those who staked more — unless the
version lets the best hand take every bet (``capped=False``). Players tied for a
layer share it, an odd counter going to the first of them in ``order`` (the
nearest the dealer's right). :func:`split_bets` shares out the bets in that
way.

>>> # Seat 0 all in for 3 and best; seats 1 and 2 staked 10 each; seat 2 next best.
>>> split_bets([3, 10, 10], contenders={0, 1, 2}, order=[[0], [2], [1]])
{0: [3, 3, 3], 2: [0, 7, 7]}
>>> # Seats 0 and 2 tie for the best hand: they share the 15 counters, 8 and 7.
>>> split_bets([5, 5, 5], contenders={0, 1, 2}, order=[[0, 2], [1]])
{0: [5, 3, 0], 2: [0, 2, 5]}
"""

from __future__ import annotations

from collections.abc import Sequence


def split_bets(
    bets: Sequence[int], contenders: set[int], order: Sequence[Sequence[int]], *,
    capped: bool = True, rest_to_next_best: bool = True,
) -> dict[int, list[int]]:
    """For each winner, how much he takes from each player's bet.

    ``order`` lists the contenders from the best hand to the worst, in
    groups of players whose hands tie exactly (a group of one when ties are
    broken by seat). A contender takes from every bet up to his own stake
    (all of it if not ``capped``); what is left goes down the order
    (``rest_to_next_best``) or back to each player who bet it. Bets that no
    contender can claim (a folded player staked more than anyone still in) go
    to the best.

    >>> split_bets([3, 10, 10], {0, 1, 2}, [[0], [2], [1]], rest_to_next_best=False)
    {0: [3, 3, 3], 1: [0, 7, 0], 2: [0, 0, 7]}
    >>> split_bets([3, 10, 10], {0, 1, 2}, [[0], [2], [1]], capped=False)
    {0: [3, 10, 10]}
    """
    groups = [[seat for seat in group if seat in contenders] for group in order]
    groups = [group for group in groups if group]
    won: dict[int, list[int]] = {}
    if not groups:
        return won
    if not capped:
        _share(won, groups[0], list(bets))
        return won
    best = groups[0]
    if len(best) == 1 and bets[best[0]] == max(bets) > 0:
        # The usual case: one best hand, which staked as much as anyone. Every
        # layer is his alone, so he takes every bet whole.
        return {best[0]: list(bets)}
    return split_in_layers(bets, contenders, groups, rest_to_next_best=rest_to_next_best)


def split_in_layers(bets: Sequence[int], contenders: set[int], groups: list[list[int]], *,
                    rest_to_next_best: bool = True) -> dict[int, list[int]]:
    """:func:`split_bets` capped, layer by layer: each level of stake is won by
    the best contenders who staked that much (``groups``: the contenders' groups,
    none empty, from the best).

    >>> split_in_layers([3, 10, 10], {0, 1, 2}, [[0], [2], [1]])
    {0: [3, 3, 3], 2: [0, 7, 7]}
    """
    won: dict[int, list[int]] = {}
    previous = 0
    for level in sorted({amount for amount in bets if amount > 0}):
        layer = [max(0, min(amount, level) - previous) for amount in bets]
        previous = level
        able = [[seat for seat in group if bets[seat] >= level] for group in groups]
        winners = next((group for group in able if group), []) if rest_to_next_best else able[0]
        if winners:
            _share(won, winners, layer)
        elif not any(able):  # only players out of the deal staked this much
            _share(won, groups[0], layer)
        else:  # the rest goes back to the contenders who bet it; a folded player's, to the best
            for seat, amount in enumerate(layer):
                if amount:
                    _share(won, [seat] if seat in contenders else groups[0],
                           [amount if other == seat else 0 for other in range(len(bets))])
    return won


def _share(won: dict[int, list[int]], winners: Sequence[int], layer: Sequence[int]) -> None:
    """Give ``layer`` (an amount from each player) to ``winners`` in equal parts.

    The first winners get one counter more while the division leaves some;
    each winner's part is taken from the players' amounts in seat order.
    """
    base, extra = divmod(sum(layer), len(winners))
    left = list(layer)
    payer = 0
    for index, winner in enumerate(winners):
        quota = base + (1 if index < extra else 0)
        if not quota:
            continue
        shares = won.setdefault(winner, [0] * len(layer))
        while quota:
            while not left[payer]:
                payer += 1
            taken = min(quota, left[payer])
            shares[payer] += taken
            left[payer] -= taken
            quota -= taken
