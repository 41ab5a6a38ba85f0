"""``ambigu play`` says how to quit, quits on every word it names, and ends with the standings.

The standings give each player's bank, what he started with and his gain or
loss since. The expected banks are counted from the rules: under 1730 each
player puts the ante of 1 (1 or 2 as agreed, 1 by default) into the pool
before the deal (ajo §The ante), and the player who says "battez" puts 1 into
the batterie (ajo §The batterie).
"""

from __future__ import annotations

import io
import re

import pytest
from terminal_session import CLI_NAMES, THREE, flat, play, session, table

from ambigu_rules.play.terminal import TerminalGame

RAW_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def standings(output: str) -> list[list[str]]:
    """The rows of the standings table at the end of ``output``, cells split."""
    lines = output.split("Standings (", 1)[1].splitlines()[1:]
    assert lines[0].split() == ["player", "start", "bank", "net"]
    assert set(lines[1]) == {"─"}
    rows = []
    for line in lines[2:]:
        if not line.strip() or line.startswith("Still on the table") or " owes " in line:
            break
        rows.append(re.split(r"\s{2,}", line.strip()))
    return rows


def test_the_game_says_at_the_start_how_to_quit_and_how_to_get_help() -> None:
    start = flat(session("1730", []).split("=== Deal 1 ===", 1)[0])
    assert "'quit' to end the game" in start
    assert "Ctrl-D or Ctrl-C" in start
    assert "'help' for what each one means" in start
    assert "the standings are shown at the end" in start


@pytest.mark.parametrize("word", ["quit", "q", "exit", "QUIT", "  quit  "])
def test_each_quit_word_ends_the_game_at_once(word: str) -> None:
    output = session("1730", [word, "pass", "pass"])
    assert output.count("\n> ") + output.startswith("> ") == 1
    assert "Goodbye." in output
    assert "Standings (" in output


def test_the_end_of_input_ends_the_game_with_the_standings() -> None:
    output = session("foster", [])
    assert output.index("Goodbye.") < output.index("Standings (")


def test_the_standings_give_each_bank_and_the_net_since_the_start() -> None:
    # `ambigu play 1730`: the antes are paid, Bot 2 says "battez", all pass the
    # vade to you, and you quit there.
    output = session("1730", ["quit"], names=CLI_NAMES, banks=100)
    assert 'Bot 2 says "battez" and puts 1 into the batterie' in output
    assert standings(output) == [
        ["Player 1 (you)", "100", "99", "-1"],
        ["Bot 2", "100", "98", "-2"],
        ["Bot 3", "100", "99", "-1"],
        ["Bot 4", "100", "99", "-1"],
    ]
    # The counters that are in no bank are said, so that the nets add up.
    assert "Still on the table, in no bank: pool 4, batterie 1, bets 0." in output
    assert "Deal 1 is left unfinished." in output


def test_the_standings_follow_a_session_of_agreed_deals() -> None:
    # The Russian entry lets the table agree a number of deals (table.duration).
    game = table("russian", deals=1)

    def answer(game) -> str | None:  # type: ignore[no-untyped-def]
        legal = game.view(0).legal
        if not legal:  # the last prompt, which offers to save the game: leave
            return None
        kind = next(kind for kind in ("discard", "pass", "fold", "call") if kind in legal.kinds())
        return legal.of_kind(kind)[0].describe(game.deck.format_hand)

    output = play(game, answer)
    assert "The session is over: the agreed deals are played" in output
    assert output.index("The game is over.") < output.index("Standings (")
    rows = standings(output)
    assert [row[0] for row in rows] == THREE
    assert sum(int(row[3]) for row in rows) + game.table.on_table == 0
    assert all(int(row[2]) - int(row[1]) == int(row[3]) for row in rows)


def test_the_standings_show_when_no_deal_can_start() -> None:
    # Foster: a blind of 1 and an ante of 2 before the deal; a bank of 2 cannot pay both.
    output = session("foster", ["quit"], banks=2)
    assert "No further deal: not enough players can pay the antes" in output
    assert standings(output) == [[name, "2", "2", "+0"] for name in THREE]
    assert "\n> " not in output


def test_ctrl_c_shows_the_standings_and_goes_on_as_an_interrupt() -> None:
    game = table("1730")
    out = io.StringIO()

    def read(prompt: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        TerminalGame(game, read, out).run()
    assert [row[0] for row in standings(out.getvalue())] == THREE


def test_the_standings_show_names_as_their_escapes_and_stay_aligned() -> None:
    names = ["You\x1b[2J", "Bot\u202e2", "A much longer name for the third seat"]
    output = session("foster", [], names=names)
    assert not RAW_HIDDEN.search(output)
    table_lines = output.split("Standings (", 1)[1].splitlines()[1:6]
    assert "You\\x1b[2J" in table_lines[2] and "Bot\\u202e2" in table_lines[3]
    columns = {line.index(" 50 ") for line in table_lines[2:5]}
    assert len(columns) == 1
