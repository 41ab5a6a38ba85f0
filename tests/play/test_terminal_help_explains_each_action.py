"""``help`` in ``ambigu play``: one entry per action allowed now, in the version's terms.

The facts each entry must state are read from the rule files (and their
sources), never from the program: the 1730 vade is 2 to 4 counters, called
or folded, never raised, and the dealer may force with 2 counters, everybody
keeping his cards, play going on to the last betting round (ajo §Phase 2,
``rulesets/1730.yaml`` step ``vade``); the two-card rounds end at "battez",
whose caller pays 1 or 2 counters (1 unless agreed) into the batterie, and
when all pass each changes one or two cards (ajo §Phase 1, §The batterie);
in Foster, when all pass the dealer chooses between dealing again, each
player adding a counter, and putting up two counters so that everybody
keeps his cards, play going on to the second draw (Complete Hoyle, Method of
Playing); in the Russian entry the player who keeps his two cards says
"баста" and pays 1 or 2 counters (1 unless agreed), and the one who changes
cards says "пас" (ru-enc §Прикупка).
"""

from __future__ import annotations

import pytest
from terminal_session import CLI_NAMES, flat, help_blocks, help_entries, play, session, table

from ambigu_rules.engine.actions import Action
from ambigu_rules.engine.game import Game
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import HeuristicBot
from ambigu_rules.play.terminal import HUMAN

from conftest import ALL_VARIANTS


def first_help(output: str) -> dict[str, str]:
    blocks = help_blocks(output)
    assert blocks, output
    return help_entries(blocks[0])


def test_help_in_the_1730_vade_explains_pass_the_vade_and_the_dealers_force() -> None:
    # `ambigu play 1730` as it starts: all three bots pass the vade to you, the dealer.
    output = session("1730", ["help", "quit"], names=CLI_NAMES, banks=100)
    assert "You may: pass | open 2-4 | force" in output
    entries = first_help(output)
    assert list(entries) == ["pass", "open 2", "force"]
    opening = entries["open 2"]
    assert "open takes 2 to 4 here" in opening
    assert "“vade”" in opening
    assert "an opening of 2 to 4 counters" in opening
    assert "may only call it or fold; nobody raises" in opening
    force = entries["force"]
    assert "as the dealer, with every player before you passed" in force
    assert "2 counters into the pool" in force
    assert "everybody keeps his cards" in force
    assert "“Last betting round”" in force
    passing = entries["pass"]
    assert "who passed before the opening may still come in after it" in passing
    # All pass: "everything stays for the next deal" (ajo §Phase 2).
    assert "the pool, the bets and the batterie stay on the table for the next deal" in passing


def test_help_in_the_1730_two_card_rounds_explains_pass_and_battez() -> None:
    output = session("1730", ["help", "quit"], seed=4)
    assert "You may: pass | shuffle" in output
    entries = first_help(output)
    assert list(entries) == ["pass", "shuffle"]
    assert "“battez”" in entries["shuffle"]
    assert "1 counter into the batterie" in entries["shuffle"]
    assert "the two-card rounds end" in entries["shuffle"]
    assert "do not call for the shuffle" in entries["pass"]
    assert "each player discards one or two cards" in entries["pass"]


def test_help_in_fosters_dealer_choice_explains_each_option() -> None:
    output = session("foster", ["discard none", "pass", "help", "force", "quit"], seed=3)
    assert "You may: choose redeal | choose force" in output
    entries = first_help(output)
    assert list(entries) == ["choose redeal", "choose force"]
    assert "each player adds 1 counter to the pool" in entries["choose redeal"]
    assert "deals again" in entries["choose redeal"]
    assert "the dealer adds 2 counters to the pool" in entries["choose force"]
    assert "“Second draw”" in entries["choose force"]
    # In Foster the force is one of the dealer's two options, typed as such.
    assert "the dealer's choice is typed 'choose force'" in output


def test_help_at_the_russian_exchange_names_both_calls_and_the_stake_of_standing() -> None:
    output = session("russian", ["help", "quit"])
    entries = first_help(output)
    (typed, meaning), = entries.items()
    assert typed.startswith("discard ")
    assert "up to two cards" in meaning
    assert "(you say “пас”)" in meaning
    assert "discard none keeps your cards (you say “баста”)" in meaning
    assert "1 counter into the pool" in meaning


def test_help_after_an_opening_explains_fold_call_and_raise() -> None:
    # Foster, seed 4: you stand; Bot 2 plays 1 and Bot 3 meets it before you speak.
    output = session("foster", ["discard none", "help", "quit"], seed=4)
    assert "You may: fold | call | raise 1-10" in output
    entries = first_help(output)
    assert list(entries) == ["fold", "call", "raise 1"]
    assert "leave this deal" in entries["fold"]
    assert "you put in 1 counter" in entries["call"]
    # The table's limit is 10 (Foster: "as many as he likes within the limit").
    assert "raise takes 1 to 10 here" in entries["raise 1"]
    assert "each raise starts a new round, until nobody raises" in entries["raise 1"]


def test_help_with_an_example_of_a_discard_typed_from_your_own_hand() -> None:
    game = table("foster", seed=4)
    output = play(game, ["help", "quit"])
    hand = output.split("Your hand: ", 1)[1].split()[0]  # e.g. 2♦
    (typed, meaning), = first_help(output).items()
    letters = typed.removeprefix("discard ")
    assert game.deck.format_hand(game.deck.parse_cards(letters)) == hand
    assert letters.isascii()
    assert f"typed {letters} or {hand}" in meaning


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_help_has_an_entry_for_each_kind_allowed_and_no_other(variant: str) -> None:
    """Over two deals played by a bot in your seat, ``help`` asked at every prompt."""
    bot = HeuristicBot(seed=11)
    asked: set[int] = set()
    seen: list[tuple[tuple[str, ...], dict[str, str]]] = []
    allowed: list[tuple[str, ...]] = []

    def answer(game) -> str:  # type: ignore[no-untyped-def]
        decision = len(game.log)
        view = game.view(HUMAN)
        if decision not in asked:
            asked.add(decision)
            allowed.append(view.legal.kinds())
            return "help"
        action: Action = bot.choose(view)
        return action.describe(game.deck.format_hand)

    output = play(table(variant, seed=2, banks=40), answer, deals=2)
    for kinds, block in zip(allowed, help_blocks(output), strict=True):
        entries = help_entries(block)
        seen.append((kinds, entries))
        assert [kind for kind in kinds if kind != "choose"] == [
            typed.split()[0] for typed in entries if not typed.startswith("choose")]
        assert all(meaning for meaning in entries.values())
    assert seen


def test_the_help_lines_fit_80_columns() -> None:
    output = session("1730", ["help", "quit"], names=CLI_NAMES, banks=100)
    block = output.split("What you may do now", 1)[1].split("\n> ", 1)[0]
    assert max(len(line) for line in block.splitlines()) <= 80
    assert flat("quit (or q, exit, Ctrl-D, Ctrl-C) ends the game") in flat(block)


def test_help_in_the_russian_betting_says_passing_leaves_the_deal() -> None:
    # ru-enc §Первый ставочный интервал: "пас" in the betting drops the player out.
    game = table("russian", seed=1)
    helped: list[bool] = []

    def answer(game) -> str | None:  # type: ignore[no-untyped-def]
        kinds = game.view(0).legal.kinds()
        if "discard" in kinds:
            return "discard none"
        if "pass" in kinds and not helped:  # not in the first deal: you deal, and speak last
            helped.append(True)
            return "help"
        return "fold" if "fold" in kinds and not helped else None  # None: the end of input

    output = play(game, answer)
    passing = help_entries(help_blocks(output)[0])["pass"]
    assert passing.startswith("bet nothing (you say “пас”)")
    assert "passing means leaving the deal" in passing
    assert "for now" not in passing


def test_a_rule_files_texts_reach_the_help_as_they_are_and_then_as_escapes() -> None:
    ruleset = load_ruleset("1730")
    title = 'Last <round> *of* "bets" & co\x1b[2J'
    steps = [step.model_copy(update={"title": title}) if step.id == "final_betting" else step
             for step in ruleset.procedure]
    game = Game(ruleset.model_copy(update={"procedure": steps}), players=4, names=CLI_NAMES,
                seed=0, banks=100, dealer=0)
    output = play(game, ["help", "quit"])
    force = help_entries(help_blocks(output)[0])["force"]
    # Neither Markdown nor HTML escapes: the title itself, its control character shown.
    assert 'play goes on with “Last <round> *of* "bets" & co\\x1b[2J”' in force
    assert "\x1b" not in output
