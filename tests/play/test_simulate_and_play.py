"""`ambigu simulate` keeps every counter, and `ambigu play` survives bad input."""

from __future__ import annotations

import hashlib
import io
import json

import pytest

from ambigu_rules.cli import main
from ambigu_rules.engine import Game
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play import simulate as simulate_module
from ambigu_rules.play.simulate import simulate, table_seed
from ambigu_rules.play.terminal import TerminalGame


@pytest.mark.parametrize("variant", builtin_ids())
@pytest.mark.parametrize(("bots", "seed"), [("random", 1), ("heuristic", 2)])
def test_simulate_conserves_counters(variant: str, bots: str, seed: int, capsys) -> None:
    args = ["simulate", variant, "--hands", "40", "--players", "4", "--seed", str(seed),
            "--bots", bots, "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 4
    assert len(data["banks"]) == 4
    assert data["hands"] == 40  # a table that breaks up is replaced by a fresh one
    assert sum(data["banks"]) + data["on_table"] == data["players"] * data["initial_bank"]
    assert sum(data["ended"].values()) == data["hands"]


def test_simulate_same_seed_same_result(capsys) -> None:
    outputs = []
    for _ in range(2):
        main(["simulate", "foster", "--hands", "30", "--seed", "5", "--json"])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


def test_simulate_in_parallel_gives_the_same_report(monkeypatch: pytest.MonkeyPatch) -> None:
    # Small blocks, so that 200 deals are shared among the workers.
    monkeypatch.setattr(simulate_module, "DEALS_PER_BLOCK", 30)
    alone = simulate("russian", hands=200, seed=3, jobs=1)
    shared = simulate("russian", hands=200, seed=3, jobs=2)
    assert alone.to_json() == shared.to_json()
    assert alone.hands == 200 and alone.tables >= 7  # one table at least per block


def test_a_table_that_breaks_up_is_replaced_and_every_counter_is_kept() -> None:
    # With banks of 50, random bets soon leave too few players able to ante.
    report = simulate("encyclopedia", hands=300, seed=0, initial_bank=50)
    assert report.hands == 300 and report.tables > 1 and report.stopped_early is None
    assert sum(report.banks) + report.on_table == 4 * 50
    assert sum(report.ended.values()) == 300


def test_a_fresh_table_that_cannot_pay_the_antes_stops_the_run() -> None:
    # Foster: each player puts up a blind of 1 and then 2 before the deal
    # (Complete Hoyle, "Blind" and "Method of Playing"): a bank of 2 cannot.
    report = simulate("foster", hands=10, initial_bank=2)
    assert report.hands == 0 and report.stopped_early is not None


def test_block_seeds_follow_the_documented_rule() -> None:
    digest = hashlib.sha256(b"5:2:1").digest()
    assert table_seed(5, 2, 1) == int.from_bytes(digest[:6], "big")
    assert table_seed(5, 0, 0) == 5


@pytest.mark.parametrize("argument", [["--hands", "0"], ["--players", "9"], ["--bots", "wise"]])
def test_simulate_bad_arguments_exit_2_with_one_line(argument: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as caught:
        status = main(["simulate", "foster", *argument])
        raise SystemExit(status)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_an_abbreviated_option_is_refused_not_guessed(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    # argparse would read "--deals 0" as "--deals-out 0", play the default
    # 1,000 deals and write them to a file named 0. Options are spelled out.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as caught:
        main(["simulate", "foster", "--deals", "0"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --deals 0" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def play_script(lines: list[str], variant: str = "foster") -> str:
    game = Game(load_ruleset(variant), names=["You", "Bot 2", "Bot 3"], seed=4, dealer=0)
    answers = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    TerminalGame(game, read, out).run(deals=1)
    return out.getvalue()


def test_play_shows_hand_with_suit_symbols_and_allowed_actions() -> None:
    text = play_script(["quit"])
    assert "Your hand:" in text
    assert any(symbol in text for symbol in "♠♥♦♣")
    assert "You may: discard none" in text
    assert "Goodbye." in text


def test_play_prompt_survives_bad_input() -> None:
    text = play_script(["frobnicate", "open 99", "discard 11Z", "quit"])
    assert "Not understood: unknown action 'frobnicate'" in text
    assert "That is not allowed now." in text
    assert "Not understood: '11Z' is not a card" in text
    assert "Goodbye." in text


def test_play_end_of_input_quits_cleanly() -> None:
    assert "Goodbye." in play_script([])


@pytest.mark.parametrize("variant", ["1730", "russian"])
def test_rebuy_keeps_one_table_and_counts_the_purchases(variant: str, capsys) -> None:
    # 1730 lets a player buy back between deals (ajo, Time to buy back in); the
    # Russian entry says nothing of it, and --rebuy is then the table's agreement.
    assert main(["simulate", variant, "--hands", "400", "--players", "3", "--bank", "8",
                 "--rebuy", "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tables"] == 1 and data["hands"] == 400 and data["rebuys"] > 0
    assert sum(data["bought"]) >= 8 * data["rebuys"]
    assert sum(data["banks"]) + data["on_table"] == 3 * 8 + sum(data["bought"])
    assert sum(data["net"]) + data["on_table"] == 0


def test_rebuy_is_refused_where_the_version_forbids_buying_back(tmp_path, capsys) -> None:
    path = tmp_path / "strict.yaml"
    path.write_text("format: 1\nid: strict\ntitle: Strict\nshort_title: Strict\n"
                    "summary: No buying back.\nextends: \"1730\"\ntable:\n  buy_back:\n"
                    "    allowed: false\n    source: editors\n    evidence: editorial\n",
                    encoding="utf-8")
    assert main(["simulate", str(path), "--hands", "10", "--rebuy"]) == 2
    assert "may not buy more counters" in capsys.readouterr().err
