"""The Play page's hint names an action the table offers now (issue "first contact", item 1).

In 1730 the first decisions are made on two cards: each player in turn passes
or calls for the shuffle (``battez``); if every player passes, each discards
one or two cards, and a call means nobody exchanges (rulesets/1730.yaml, step
battez: ajo §Phase 1). There is no discard to make at that moment, so a hint
that says "discard 3♣" names an action the table does not offer: the hint
names the pass or the call instead — the call when keeping both cards is worth
more on average than any discard, the pass when a discard is — with the
advice (every discard, and keeping both) as its reason.
"""

from __future__ import annotations

import pytest

from ambigu_rules.play.web import WebTable


def offered(state: dict[str, object]) -> set[str]:
    actions = state["actions"]
    assert isinstance(actions, list)
    return {action["kind"] for action in actions}


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_at_1730_first_decision_the_hint_names_the_pass_or_the_call(seed: int) -> None:
    table = WebTable("1730", players=3, seed=seed)
    state = table.start()
    assert offered(state) == {"pass", "shuffle"}  # no discard is offered here
    hint = table.hint()
    assert hint["kind"] == "call"
    assert hint["would"]["kind"] in offered(state)
    # The reason: keeping both cards is among the options, and the choice follows it.
    keep = next(option for option in hint["options"] if option["discard"] == "")
    best_discard = max(option["expected_value"] for option in hint["options"]
                       if option["discard"])
    assert keep["keep"] == hint["hand"] and hint["keep_value"] == keep["expected_value"]
    assert hint["would"]["kind"] == (
        "shuffle" if keep["expected_value"] > best_discard else "pass")


def test_the_call_is_named_when_keeping_is_worth_more_and_the_pass_otherwise() -> None:
    # Over fifteen first deals, some two-card hands are worth keeping (a pair
    # of one suit, two cards of a sequence) and most are not: both are named.
    calls = {seed: WebTable("1730", players=3, seed=seed) for seed in range(1, 16)}
    found = {}
    for seed, table in calls.items():
        if "shuffle" in offered(table.start()):  # (a bot before Anna may have called)
            found[seed] = table.hint()["would"]["kind"]
    assert set(found.values()) == {"pass", "shuffle"}, found


def test_every_hint_of_a_deal_names_an_action_on_offer() -> None:
    """Wherever the reader is asked to act, the hint's action (or the advice's
    discards, at an exchange) is among the actions offered."""
    for variant, seed in (("1730", 3), ("foster", 4), ("russian", 2)):
        table = WebTable(variant, players=3, seed=seed)
        state = table.start()
        for _ in range(12):
            if state["deal_over"]:
                break
            hint = table.hint()
            kinds = offered(state)
            if hint["kind"] == "exchange":
                discards = {" ".join(sorted(action["cards"])) for action in state["actions"]
                            if action["kind"] == "discard"}
                assert {" ".join(sorted(option["discard"].split()))
                        for option in hint["options"]} <= discards
            else:
                assert hint["would"]["kind"] in kinds, (variant, hint, kinds)
            state = table.act(0, state["actions"][0].get("low"))
