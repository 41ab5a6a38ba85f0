"""Issue 42 (A), as a property: whatever validates can be played.

Hypothesis writes small house files that extend a built-in version and change
a few of its bounds, each within its schema's range: an exchange's discard
``min``/``max``, a shuffle call's exchange, a deal's cards, an ante and its
growth, a betting step's opening, raise and force amounts, the players. Each
file either fails validation (a :class:`RulesetError`) or plays 20 deals
between random bots without any error: the engine never reaches a decision
without a legal action. The runs are derandomized (the same files every time).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ambigu_rules.errors import RulesetError
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset, resolve_path
from ambigu_rules.play.simulate import simulate

#: The bounds a file may change, by step kind: a key, or a key and its sub-key; a
#: range (``discard``, ``exchange``) is given whole, its two ends drawn.
BOUNDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "exchange": (("discard",), ("discard",), ("stand_pays",)),
    "shuffle_call": (("exchange",), ("exchange",), ("stake",)),
    "deal": (("cards",),),
    "ante": (("amount",), ("grows_by",)),
    "betting": (("open_min",), ("open_max",), ("raise_max",), ("raises_max",),
                ("dealer_force", "amount")),
}
#: Values within the schema's ranges (0 to 1,000,000,000), the small ones most often.
VALUES = st.one_of(st.integers(0, 6), st.sampled_from([10, 10**9]))

SETTINGS = settings(max_examples=12, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def house_files(draw: st.DrawFn, version: str) -> dict[str, Any]:
    """A house file extending ``version`` with one to three of its bounds changed."""
    ruleset = load_ruleset(version)
    steps = [step for step in ruleset.procedure if step.kind in BOUNDS]
    changes: dict[str, dict[str, Any]] = {}
    for _ in range(draw(st.integers(1, 3))):
        step = draw(st.sampled_from(steps))
        bound = draw(st.sampled_from([path for path in BOUNDS[step.kind]
                                      if path[0] != "dealer_force"
                                      or getattr(step, "dealer_force", None)]))
        entry = changes.setdefault(step.id, {})
        if bound[0] in ("discard", "exchange"):
            low, high = sorted((draw(VALUES), draw(VALUES)))
            entry[bound[0]] = {"min": low, "max": high}
        elif len(bound) == 2:
            entry.setdefault(bound[0], {})[bound[1]] = draw(VALUES)
        else:
            entry[bound[0]] = draw(VALUES)
    house: dict[str, Any] = {
        "format": 1, "id": "house-bounds", "title": "House bounds", "short_title": "House",
        "summary": "A built-in version with other bounds.", "extends": version,
        "inherit": {"downgrade_to": "inferred", "note": "Everything else is the version's."},
        "procedure": [{"id": step_id, **entry, "source": "editors", "evidence": "editorial"}
                      for step_id, entry in changes.items()]}
    if draw(st.booleans()):
        low = draw(st.integers(2, 12))
        house["players"] = {"min": low, "max": draw(st.integers(low, 12)),
                            "source": "editors", "evidence": "editorial"}
    return house


@pytest.mark.parametrize("version", builtin_ids())
def test_a_house_file_that_validates_plays_twenty_random_deals(version: str) -> None:
    with tempfile.TemporaryDirectory() as folder:

        @SETTINGS
        @given(house=house_files(version), data=st.data())
        def check(house: dict[str, Any], data: st.DataObject) -> None:
            path = Path(folder) / "house.yaml"
            path.write_text(yaml.safe_dump(house, sort_keys=False), encoding="utf-8")
            try:
                rules = resolve_path(path).ruleset
            except RulesetError:
                return
            players = data.draw(st.integers(rules.players.min, min(rules.players.max, 6)))
            report = simulate(rules, hands=20, players=players, seed=data.draw(
                st.integers(0, 1000)), bots="random", initial_bank=200)
            assert report.hands == 20 or report.stopped_early

        check()
