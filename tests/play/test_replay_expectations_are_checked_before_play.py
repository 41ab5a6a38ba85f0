"""A replay's ``expect:`` is checked as it is read, before play (issue 20, item 13).

An expected hand with a card that is none, or an expected debt of ``.nan``,
used to be found only at the end, as "expectation not met" (exit status 1),
as if the deal had gone otherwise. They are mistakes in the file: refused at
the card or the value, with exit status 2, before any deal is played. An
expected debt names a debtor and a creditor among the seats and a whole
number of counters from 0 to 1,000,000,000.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.errors import SourceError
from ambigu_rules.play.replay_run import play_replay

from conftest import ROOT, run_cli

HOSTILE = ROOT / "tests" / "hostile" / "replays"
UNFINISHED = """\
variant: foster
seats: [Anna, Ben]
bank: 50
dealer: Ben
deals:
  - actions: []
expect:
{expect}"""


def refusal(path: Path) -> str:
    with pytest.raises(SourceError) as refused:
        play_replay(path)
    return str(refused.value)


def test_a_bad_card_in_an_expected_hand_is_refused_at_the_card() -> None:
    # "  hands: {Anna: " is 16 characters: 11H, the third card, at 17 + 2 x 3.
    path = HOSTILE / "expect-hand-bad-card.yaml"
    assert refusal(path).startswith(f"{path}:7:23: expect.hands.Anna: '11H' is not a card")


def test_a_nan_debt_is_refused_at_the_amount() -> None:
    # "    - {debtor: Anna, creditor: Ben, amount: " is 44 characters.
    path = HOSTILE / "expect-debt-nan.yaml"
    assert refusal(path) == (f"{path}:8:45: expect.debts[0].amount: expected a whole number "
                             "from 0 to 1,000,000,000, got nan")


@pytest.mark.parametrize(("expect", "where", "problem"), [
    ("  hands: {Ben: 2S 3S 3S 9S}\n", "8:22", "expect.hands.Ben: '3S' appears twice in the "
                                              "expected hand"),
    ("  hands: {Carla: 2S 3S 4S 9S}\n", "8:18",
     "expect.hands.Carla: no seat 'Carla' (seats: Anna, Ben)"),
    ("  debts: [{debtor: Ben, creditor: Anna, amount: 2.5}]\n", "8:49",
     "expect.debts[0].amount: expected a whole number from 0 to 1,000,000,000, got 2.5"),
    ("  debts: [{debtor: Ben, creditor: Anna, amount: -1}]\n", "8:49",
     "expect.debts[0].amount: expected a whole number from 0 to 1,000,000,000, got -1"),
    ("  debts: [{debtor: Ben, creditor: Anna, amount: 1000000001}]\n", "8:49",
     "expect.debts[0].amount: expected a whole number from 0 to 1,000,000,000, got "
     "1000000001"),
    ("  debts: [{debtor: Dan, creditor: Anna, amount: 2}]\n", "8:20",
     "expect.debts[0].debtor: no seat 'Dan' (seats: Anna, Ben)"),
    ("  debts: [{debtor: Ben, amount: 2}]\n", "8:11",
     "expect.debts[0]: missing required key 'creditor'"),
], ids=["card-twice", "no-such-seat", "float", "negative", "over-the-limit", "debtor",
        "no-creditor"])
def test_a_mistake_in_the_expectations_is_found_before_play(
        tmp_path: Path, expect: str, where: str, problem: str) -> None:
    # The deal has no actions and could not be finished: the expectation,
    # read before play, is what is reported (line 8, below "expect:"). The
    # place is the card's or the value's ("  hands: {Ben: " is 15 characters,
    # "  debts: [{debtor: Ben, creditor: Anna, amount: " 48), or the debt's
    # own mapping ("{" at column 11) for a key it lacks.
    path = tmp_path / "deal.yaml"
    path.write_text(UNFINISHED.format(expect=expect), encoding="utf-8")
    assert refusal(path) == f"{path}:{where}: {problem}"


@pytest.mark.parametrize("name", ["expect-hand-bad-card", "expect-debt-nan"])
def test_the_command_line_exits_2_for_a_bad_expectation_not_1(name: str) -> None:
    result = run_cli("replay", str(HOSTILE / f"{name}.yaml"))
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "expectation not met" not in result.stdout and "Traceback" not in result.stderr


def test_a_well_written_hand_that_is_not_held_is_still_an_expectation_not_met(
        tmp_path: Path) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text("""\
variant: foster
seats: [Anna, Ben]
bank: 50
dealer: Ben
cards: {Anna: 2S 3S 4S 9S, Ben: 5H 6H 7H 8H}
actions:
  - Anna: discard none
  - Ben: discard none
  - Anna: open 1
  - Ben: fold
expect:
  hands: {Anna: 2S 3S 4S 10S}
  debts: [{debtor: Ben, creditor: Anna, amount: 2}]
""", encoding="utf-8")
    # Anna stood on her scripted cards; Ben paid the 2 he owed (no debt).
    assert play_replay(path).mismatches == [
        "hand of Anna: expected 2♠ 3♠ 4♠ 10♠, got 2♠ 3♠ 4♠ 9♠",
        "debts: expected [{'debtor': 'Ben', 'creditor': 'Anna', 'amount': 2}], got []"]
