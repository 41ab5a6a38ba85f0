"""``ambigu play`` takes only the options it honours: ``--json`` is refused, the others
change the game.

An interactive game prints no data to give as JSON, so ``play --json`` is an
error (status 2, one line), while every other command keeps ``--json``.
"""

from __future__ import annotations

import argparse

from ambigu_rules.cli import build_parser

from conftest import run_cli


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(action for action in parser._actions  # argparse keeps them nowhere else
                  if isinstance(action, argparse._SubParsersAction))
    return dict(action.choices)


def options(parser: argparse.ArgumentParser) -> set[str]:
    return {name for action in parser._actions for name in action.option_strings}


def test_play_refuses_json_in_one_line_with_status_2() -> None:
    result = run_cli("play", "foster", "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "ambigu: error: unrecognized arguments: --json (see 'ambigu --help')"]


def test_every_other_command_still_takes_json() -> None:
    commands = subcommands()
    assert "--json" not in options(commands.pop("play"))
    assert commands
    assert all("--json" in options(parser) for parser in commands.values())


def test_the_players_and_bank_options_set_the_table() -> None:
    result = run_cli("play", "foster", "--players", "2", "--bank", "30")  # no input: Ctrl-D
    assert result.returncode == 0, result.stderr
    rows = result.stdout.split("Standings (", 1)[1].splitlines()[3:5]
    assert [row.split()[:2] for row in rows] == [["Player", "1"], ["Bot", "2"]]
    assert all(row.split()[-3] == "30" for row in rows)


def test_the_seed_option_changes_the_cards() -> None:
    hands = {run_cli("play", "1730", "--seed", seed).stdout.split("Your hand: ", 1)[1]
             .splitlines()[0] for seed in ("0", "1", "2")}
    assert len(hands) > 1


def test_the_play_help_says_how_to_get_help_and_quit() -> None:
    text = " ".join(run_cli("play", "--help").stdout.split())
    assert "'help' for what each action allowed now means" in text
    assert "'quit' (Ctrl-D and Ctrl-C too) to end the game" in text
    assert "--json" not in text


def test_a_limit_the_version_cannot_apply_is_refused_by_simulate_and_play() -> None:
    # 1730: no limit but the counters each player has (table.betting_limit:
    # purse_only), so --limit would change nothing: one line, status 2.
    for command in ("simulate", "play"):
        result = run_cli(command, "1730", "--limit", "2")
        assert result.returncode == 2, command
        assert result.stdout == ""
        assert result.stderr.strip().splitlines() == [
            "ambigu: error: under '1730' there is no limit but the counters each player "
            "has (table.betting_limit): a betting limit of 2 cannot apply"]


def test_the_limit_changes_a_simulation_where_the_table_agrees_one() -> None:
    # Foster: the table agrees a limit (Method of Playing); 2 or 50 must play differently.
    low = run_cli("simulate", "foster", "--hands", "30", "--limit", "2", "--json")
    high = run_cli("simulate", "foster", "--hands", "30", "--limit", "50", "--json")
    assert low.returncode == high.returncode == 0
    assert low.stdout != high.stdout
