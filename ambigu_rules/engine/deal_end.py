"""The end of a deal: bets join the pool, the deal passes on, the session may end."""

from __future__ import annotations

from typing import Literal

import ambigu_rules.engine.event_makers as new

from .events import AnyEvent
from .state import Phase, State


def end_deal(state: State) -> None:
    """End the deal in progress: bets left join the pool, the deal passes on."""
    deal = state.current_deal()
    if not state.in_deal:
        return
    table = state.table
    moved = table.bets_into_pool()
    if moved:
        state.record(new.BetsJoinedPool(amount=moved, step=deal.step_id))
    deal.round = None
    state.stall = None
    state.phase = Phase.BETWEEN_DEALS
    step = 1 if state.plan.rules.dealer_rotation.to == "right" else -1
    state.dealer = (state.dealer + step) % state.players
    state.record(new.DealEnded(number=deal.number, pool=table.pool, batterie=table.batterie,
                               banks=tuple(table.banks), step=deal.step_id))
    after_deal(state)


def after_deal(state: State) -> list[AnyEvent]:
    """Count the deals the pool stays unwon; end the session when its last agreed
    deal is played or its time is up."""
    session = state.session
    session.unwon_deals = session.unwon_deals + 1 if state.table.pool > 0 else 0
    if session.ended:
        return []
    reason: Literal["agreed_deals", "agreed_time"]
    if session.time_is_up:
        reason = "agreed_time"
    elif session.agreed_deals is not None and state.deal_count >= session.agreed_deals:
        reason = "agreed_deals"
    else:
        return []
    session.ended = True
    state.phase = Phase.SESSION_OVER
    return [state.record(new.SessionEnded(reason=reason, banks=tuple(state.table.banks)))]
