"""The cards a seat knows it cannot be dealt: its own discards and the hands shown.

What the seat's view (:class:`~ambigu_rules.engine.view.SeatView`) lets it
know, and no more: the advice's ``seen`` for a player at the table.

>>> from ambigu_rules import Game
>>> game = Game("foster", players=2, seed=1)
>>> _ = game.start_deal()
>>> out_of_reach(game.view(0))  # nothing discarded or shown yet
()
"""

from __future__ import annotations

from ..engine.events import Exchanged, HandExposed, HandShown, Redealt
from ..engine.view import SeatView


def out_of_reach(view: SeatView, since_redeal: bool = True) -> tuple[int, ...]:
    """The cards the seat has discarded and the cards other seats have shown, in
    card order, less the cards it holds (a discard can come back to it).

    A redeal (``Redealt``: the cards gathered and dealt afresh within the deal)
    brings every card back within reach, so only what came after the last one
    counts; ``since_redeal=False`` counts the whole deal, as the expert bot
    has always done (its figures were measured so).
    """
    hand = set(view.hand)
    out: set[int] = set()
    events = view.events
    if since_redeal:
        last = max((place for place, event in enumerate(events) if isinstance(event, Redealt)),
                   default=-1)
        events = events[last + 1:]
    for event in events:
        if isinstance(event, Exchanged):
            if event.seat == view.seat:
                out.update(event.cards)
        elif isinstance(event, HandShown | HandExposed) and event.seat != view.seat:
            out.update(event.cards)
    return tuple(sorted(out - hand))
