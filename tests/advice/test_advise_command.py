"""``ambigu advise`` (issue 26, item 1): its JSON, and bad input said in one line
with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli

ONE_EXCHANGE = """\
format: 1
id: one-exchange
extends: "1730"
title: The 1730 rules without the exchange of four
short_title: One exchange
summary: The second exchange removed.
remove: [procedure.second_exchange]
"""


def test_json_lists_each_option_with_its_chances() -> None:
    # Foster, 5♠ 5♥ 5♦ 9♣ at the second draw: 9♣ thrown leaves 36 unseen cards,
    # 1 fredon (5♣), 8 doublets (another club), 27 tricons (the rest).
    result = run_cli("advise", "foster", "5S 5H 5D 9C", "--exchange", "second", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["options"]) == 16  # 1 + 4 + 6 + 4 + 1 discards of 0 to 4 cards
    draw = next(o for o in data["options"] if o["discard"] == "9♣")
    assert draw["combinations"] == pytest.approx(
        {"tricon": 27 / 36, "tricon_prime": 8 / 36, "fredon": 1 / 36})
    assert draw["expected_value"] == pytest.approx((27 * 4 + 8 * 6 + 10) / 36)
    stand = next(o for o in data["options"] if o["discard"] == "")
    assert stand["combinations"] == {"tricon_prime": 1.0}  # the fourth card is a club


@pytest.mark.parametrize(("args", "words"), [
    (["nope", "9S 10S"], "unknown variant 'nope'"),
    (["foster", "9S 11S"], "'11S' is not a card"),
    (["foster", "9S 9S"], "appears twice"),
    (["foster", "9S 10S", "--seen", "10S"], "both in the hand and seen"),
    (["foster", "9S 10S 3H"], "made on 2 cards, got 3"),
    (["foster", "9S 10S", "--exchange", "second"], "made on 4 cards, got 2"),
    (["foster", "9S 10S", "--exchange", "third"], "invalid choice"),
])
def test_bad_input_is_one_line_and_status_2(args: list[str], words: str) -> None:
    result = run_cli("advise", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and words in result.stderr, result.stderr


def test_a_version_without_a_second_exchange_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(ONE_EXCHANGE, encoding="utf-8")
    result = run_cli("advise", str(path), "9S 10S", "--exchange", "second")
    assert result.returncode == 2
    assert result.stderr.strip() == ("ambigu: error: one-exchange has only 1 exchange, "
                                     "so no second exchange")
