"""The command line's commands and options (``ambigu --help``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..version import __version__
from ..words.lang import CODES
from .advice_command import cmd_advise
from .arguments import block_range, bot_names, file_name, jobs, players, positive, seed
from .output import Parser
from .play_commands import cmd_merge, cmd_play, cmd_replay, cmd_simulate
from .rule_commands import (
    cmd_evaluate,
    cmd_odds,
    cmd_show,
    cmd_showdown,
    cmd_validate,
    cmd_variants,
)

LIMIT_HELP = ("the largest opening or raise the table agrees (default 10), where the "
              "version lets a table agree one; refused where only the purse or the pool "
              "limits a bet")


class BlockRange(argparse.Action):
    """``--blocks START:END``, and a message that says what to write when no value follows.

    argparse takes a word beginning with ``-`` for an option, so ``--blocks -1:2``
    reached ``--blocks`` with no value ("expected one argument"); the value is
    optional to argparse (``nargs="?"``) so that this action says instead that blocks
    count from 0 and how such a value is written (``--blocks=-1:2``, which
    :func:`.arguments.block_range` then refuses in words).
    """

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        if values is None:
            raise argparse.ArgumentError(
                self, "expected START:END after it, blocks counted from 0 (a value beginning "
                      f"with '-' is taken for an option: write it {option_string}=VALUE)")
        setattr(namespace, self.dest, values)


LANG_CHOICES = CODES
LANG_HELP = ("the language of the account of the deals: en or fr (default: the one "
             "LC_ALL, LC_MESSAGES or LANG asks for, French if it begins with fr, "
             "else English)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="ambigu",
        # No abbreviated options: "--deals 0" would otherwise be read as
        # "--deals-out 0" and write a file named 0.
        allow_abbrev=False,
        description="Rules, hand evaluation and odds for the versions of Ambigu.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    def add(name: str, handler: Callable[..., Any], help_text: str, *,
            json: bool = True) -> argparse.ArgumentParser:
        """A subcommand; with ``json`` (every command that prints data) it takes ``--json``.

        A command that cannot print JSON does not take the option, so that
        ``--json`` given to it is refused (exit 2) rather than ignored.
        """
        sub = commands.add_parser(name, help=help_text, description=help_text,
                                  allow_abbrev=False)
        if json:
            sub.add_argument("--json", action="store_true", help="print JSON")
        sub.set_defaults(handler=handler)
        return sub

    add("variants", cmd_variants, "list the built-in versions")
    variant_help = "a built-in version id (see 'ambigu variants') or a path to a YAML file"
    show = add("show", cmd_show,
               "print a version's resolved rules with their provenance")
    show.add_argument("variant", help=variant_help)
    evaluate = add("evaluate", cmd_evaluate,
                   "name the best combination of a hand and its value")
    evaluate.add_argument("variant", help=variant_help)
    evaluate.add_argument("hand", help='four cards, e.g. "2S 3S 4S 9S" or "10♥ 9♦ 7♣ 6♠"')
    showdown = add("showdown", cmd_showdown,
                   "settle a showdown; hands in seat order from the dealer's right")
    showdown.add_argument("variant", help=variant_help)
    showdown.add_argument("hands", nargs="+", metavar="HAND", help="four cards per hand")
    odds = add("odds", cmd_odds,
               "exact odds of each combination over all four-card hands")
    odds.add_argument("variant", help=variant_help)
    advise = add("advise", cmd_advise,
                 "exact chances of the final hand for each discard allowed at an exchange")
    advise.add_argument("variant", help=variant_help)
    advise.add_argument("hand", help='the cards held at the exchange, e.g. "9S 10S"')
    advise.add_argument("--seen", default=None, metavar="CARDS",
                        help="cards seen besides the hand, which cannot be drawn "
                             '(e.g. "5H 5D"; a card both held and seen is refused)')
    advise.add_argument("--exchange", choices=("first", "second"), default="first",
                        help="which of the version's exchanges (default first: two cards "
                             "in the built-in versions; second: four)")
    simulate = add("simulate", cmd_simulate,
                   "play many deals between bots and report")
    simulate.add_argument("variant", help=variant_help)
    simulate.add_argument("--hands", type=positive, default=1000, help="deals to play")
    simulate.add_argument("--players", type=players, default=4)
    simulate.add_argument("--seed", type=seed, default=0)
    simulate.add_argument("--bots", type=bot_names, default="random", metavar="BOTS",
                          help="the bots: one name for every seat, or one per seat separated "
                               "by commas (random, heuristic, expert; default random)")
    simulate.add_argument("--bank", type=positive, default=200, help="each player's bank")
    simulate.add_argument("--limit", type=positive, default=None, help=LIMIT_HELP)
    simulate.add_argument("--rebuy", action="store_true",
                          help="a player short of the antes buys his bank back in between deals "
                               "(by the version's rule, or by agreement where it has none), "
                               "so one bust does not break the table up")
    simulate.add_argument("--jobs", type=jobs, default=None,
                          help="worker processes, from 1 to the number of cores of this "
                               "machine (default: that number, every core); the report is "
                               "the same for any number")
    simulate.add_argument("--block-size", type=positive, default=None, metavar="N",
                          help="deals per block (default 1000); blocks are seeded by their "
                               "number, so this is part of what the run is")
    simulate.add_argument("--blocks", type=block_range, default=None, metavar="START:END",
                          nargs="?", action=BlockRange,
                          help="play only blocks START to END-1 of the run; the --json "
                               "reports of the parts add up with 'ambigu merge'")
    simulate.add_argument("--deals-out", type=file_name, default=None, metavar="FILE",
                          help="write one JSON object per deal to FILE (JSON Lines), whole "
                               "or not at all, once the report is printed; a link is "
                               "followed; a read-only FILE or one the run reads is "
                               "refused, and so is '-': standard output holds the report")
    merge = add("merge", cmd_merge,
                "add up the --json reports of parts of one 'ambigu simulate' run")
    merge.add_argument("files", type=file_name, nargs="+", metavar="FILE",
                       help="a report written by 'ambigu simulate --json'")
    # An interactive game prints no data: it takes no --json.
    play = add("play", cmd_play, "play in the terminal against bots", json=False)
    play.epilog = ("At the prompt type an action, 'help' for what each action allowed now "
                   "means, 'hint' for advice on your move, 'save [FILE]' to write the deals "
                   "played so far to a replay file that 'ambigu replay FILE' plays back, or "
                   "'quit' (Ctrl-D and Ctrl-C too) to end the game; each player's bank and "
                   "gain or loss are shown at the end.")
    play.add_argument("variant", help=variant_help)
    play.add_argument("--players", type=players, default=4,
                      help="players at the table, you included (default 4)")
    play.add_argument("--seed", type=seed, default=None,
                      help="seed of the shuffles, to be dealt the same cards again (default: "
                           "a new one each game, said at the start)")
    play.add_argument("--bots", type=bot_names, default="expert", metavar="BOTS",
                      help="the bots: one name for every other seat, or one per seat "
                           "separated by commas (expert, heuristic, random; default expert, "
                           "as on the site's Play page)")
    play.add_argument("--bank", type=positive, default=100,
                      help="each player's bank at the start (default 100)")
    play.add_argument("--limit", type=positive, default=None, help=LIMIT_HELP)
    play.add_argument("--lang", choices=LANG_CHOICES, default=None, help=LANG_HELP)
    replay = add("replay", cmd_replay,
                 "play a replay file and print the transcript")
    replay.add_argument("file", type=file_name, metavar="FILE", help="a replay YAML file")
    replay.add_argument("--lang", choices=LANG_CHOICES, default=None, help=LANG_HELP)
    validate = add("validate", cmd_validate,
                   "check rule files and report every problem")
    validate.add_argument("files", type=file_name, nargs="+", metavar="FILE")
    return parser
