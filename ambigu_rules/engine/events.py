"""What happened: one record per action and per automatic consequence.

Events are plain data so that a transcript can be compared, printed and
serialised. ``text`` is a one-line description in English.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One thing that happened in a deal."""

    kind: str
    text: str
    seat: int | None = None
    amount: int | None = None
    cards: tuple[int, ...] = ()
    step: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        result = {k: v for k, v in asdict(self).items() if v not in (None, (), {})}
        if "cards" in result:
            result["cards"] = list(result["cards"])
        return result
