"""The typed events: every kind is in the union the narration must cover."""

from __future__ import annotations

import dataclasses
import inspect
import typing

import pytest

from ambigu_rules.engine import events
from ambigu_rules.engine.event_records import KIND, kind_of, record_of
from ambigu_rules.engine.events import (
    AnyEvent,
    BettingEnded,
    Event,
    Folded,
)
from ambigu_rules.load.catalog import standard_deck
from ambigu_rules.play.narration import Narrator


def event_classes() -> set[type[Event]]:
    return {cls for _, cls in inspect.getmembers(events, inspect.isclass)
            if issubclass(cls, Event) and cls is not Event}


def sample(cls: type[Event]) -> Event:
    """An instance of ``cls`` with a plausible value in every field."""
    values = {"seat": 1, "dealer": 0, "to": 0, "number": 1, "amount": 3, "put": 2, "count": 4,
              "pool": 5, "batterie": 2, "cards": (0, 5, 9, 13), "players": (1, 2, 0),
              "banks": (90, 100, 110), "into": "pool", "label": "blind", "call": "va",
              "option": "continue", "result": "all_pass", "pile": "pool",
              "combination": "point", "name": "Point", "value": 1, "offence": "misdeal",
              "share": True, "seats": (0, 2), "card": 7, "method": "highest_card",
              "finish_deal": False, "reason": "agreed_deals", "shuffled": False}
    fields = [name for name in inspect.signature(cls).parameters if name != "step"]
    return cls(**{name: values[name] for name in fields})


def test_every_event_class_is_in_the_union_the_narration_covers() -> None:
    assert event_classes() == set(typing.get_args(AnyEvent))


def test_every_event_is_told_and_recorded() -> None:
    narrator = Narrator(["Anna", "Ben", "Carla"], standard_deck())
    for cls in sorted(event_classes(), key=lambda c: c.__name__):
        event = sample(cls)
        record = narrator.to_json(event)  # type: ignore[arg-type]
        assert record["kind"] == record_of(event)["kind"] and record["text"].strip(), cls


def test_events_are_frozen_and_slotted() -> None:
    # Tested by behaviour: no field can be set, and no attribute added.
    for cls in event_classes():
        event = sample(cls)
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
        assert not hasattr(event, "__dict__"), cls
        with pytest.raises(dataclasses.FrozenInstanceError):
            event.step = "elsewhere"  # type: ignore[misc]


def test_every_event_has_its_kind_in_the_flat_record() -> None:
    # A new kind of event without a ``kind`` fails here, not in the command line.
    kinds = {cls: kind_of(sample(cls)) for cls in event_classes()}
    assert kinds[Folded] == "fold" and kinds[BettingEnded] == "betting_all_pass"
    assert set(KIND) == event_classes() - {BettingEnded}
