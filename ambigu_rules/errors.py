"""Exceptions a user can act on.

Every error the package raises for bad input derives from :class:`AmbiguError`;
the command line prints its message on one line and exits with status 2.
"""

from __future__ import annotations


class AmbiguError(Exception):
    """Base class of every error caused by the user's input."""


class CardError(AmbiguError, ValueError):
    """A card or hand that cannot be read, or breaks the deck's rules.

    >>> raise CardError("'11H' is not a card: unknown rank '11'")
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.CardError: '11H' is not a card: unknown rank '11'
    """


class TableMissingError(AmbiguError):
    """A version needs a table of hands that cannot be made here (no numpy, as in a browser)."""


class SourceError(AmbiguError):
    """Problems found in a file the user wrote, each at its place in the file.

    ``problems`` holds one line per problem, each of the form
    ``file:line:col: path: what is wrong`` (the first :data:`MAX_PROBLEMS`,
    then one line saying how many more there are); the command line prints
    them as they are, one per line, with nothing before them.
    """

    #: The message of an error that lists no problem.
    no_problem_listed = "a file with problems"

    def __init__(self, problems: list[str]) -> None:
        self.problems = _at_most(MAX_PROBLEMS, list(problems))
        super().__init__(self.problems[0] if self.problems else self.no_problem_listed)

    def __str__(self) -> str:
        return "\n".join(self.problems)


class RulesetError(SourceError):
    """One or more problems found in rule files (and the data files beside them).

    A replay file whose YAML, keys, numbers or seat names are wrong raises it
    too, as the rule files' reader and checks find those problems (see
    :func:`ambigu_rules.play.replay_format.load_replay`); a well-formed replay
    that cannot be played raises :class:`ReplayError`.
    """

    no_problem_listed = "invalid ruleset"


#: Problems listed for one file; a broken file of a megabyte could give
#: tens of thousands, and the first ones are what the writer fixes first.
MAX_PROBLEMS = 100


def _at_most(limit: int, problems: list[str]) -> list[str]:
    """The first ``limit`` problems, and one line saying how many more there are.

    >>> for line in _at_most(2, ["a.yaml:1:1: x", "a.yaml:2:1: y", "a.yaml:3:1: z", "a:4:1: w"]):
    ...     print(line)
    a.yaml:1:1: x
    a.yaml:2:1: y
    a.yaml:3:1: and 2 more problems from here on (only the first 2 are listed)
    """
    if len(problems) <= limit:
        return problems
    where = problems[limit].split(": ", 1)[0]
    more = len(problems) - limit
    return [*problems[:limit], f"{where}: and {more:,} more problems from here on (only the "
                               f"first {limit} are listed)"]


class UnknownVariantError(AmbiguError):
    """A variant name that is neither a built-in id nor an existing file."""


class AdviceError(AmbiguError, ValueError):
    """Exchange advice that cannot be given: an exchange the version does not have,
    a hand of the wrong size for it, a card both held and seen."""


class IllegalActionError(AmbiguError, ValueError):
    """An action that the rules do not allow at this point of the deal."""


def whole_number(text: str, maximum: int) -> int | None:
    """The value of ``text`` if it is ASCII digits worth at most ``maximum``, else None.

    ``str.isdigit`` and ``int`` also accept digits of other scripts (``'١٠'``
    is 10 to them) and superscripts; this reads only ``0``-``9``, and never
    converts more digits than ``maximum`` has.

    >>> whole_number("10", 100), whole_number("١٠", 100), whole_number("101", 100)
    (10, None, None)
    >>> whole_number("9" * 5000, 10**9), whole_number("0" * 5000 + "7", 9), whole_number("+1", 5)
    (None, 7, None)
    """
    if not text or not text.isascii() or not text.isdigit():
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(maximum)):
        return None
    value = int(digits)
    return value if value <= maximum else None


class GameSetupError(AmbiguError, ValueError):
    """A game that cannot be set up as asked (players, banks, scripted cards)."""


class ScriptedCardError(GameSetupError):
    """A scripted card, or a scripted refill, that cannot be served where the script
    puts it. The card source checks it before any card moves, so the operation that
    needed it is refused and nothing is changed."""


class ProcedureLoopError(AmbiguError):
    """A deal that runs more steps than any real deal needs: its procedure loops."""


class NoLegalActionError(AmbiguError):
    """A deal that reaches a decision where the player to act may do nothing at all: a
    rule whose bounds no hand can meet (an exchange's ``min`` above the cards held).

    Validation refuses such a rule file (``ambigu_rules.load.playable``), so only a
    ruleset that was never validated can reach one; the deal stops there, saying where.
    """


class ComposerLimitError(Exception):
    """A limit or a rule of the YAML composer broken at ``mark`` (a position in the
    text); the loader turns it into a :class:`RulesetError` naming file, line and column."""

    def __init__(self, mark: object, message: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message


class OutsideFolderError(AmbiguError):
    """A file the site build would write outside the folder it writes into."""


class OutputError(Exception):
    """Standard output (or another stream the program writes to) could not be written."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error

    @property
    def closed_pipe(self) -> bool:
        """Whether the reader went away (``ambigu show foster | head``): not a failure."""
        return isinstance(self.error, BrokenPipeError)


class ReplayError(SourceError):
    """A replay that cannot be played: where it stops and why, on one line.

    The line is ``file:line:col: what is wrong``, at the offending line of the
    replay (an action the rules refuse, a card scripted but never dealt, a
    table the version cannot seat). It is not a :class:`RulesetError`: the
    replay is wrong, not the rule file of the version it plays.

    >>> error = ReplayError("deal.yaml:9:9: it is Anna's turn, not Ben's")
    >>> isinstance(error, SourceError), isinstance(error, RulesetError)
    (True, False)
    >>> error.problems
    ["deal.yaml:9:9: it is Anna's turn, not Ben's"]
    """

    def __init__(self, message: str) -> None:
        super().__init__([message])


class SiteError(AmbiguError):
    """A page cannot be generated (for example, a marker is missing)."""


class ReportError(AmbiguError, ValueError):
    """A simulation report that cannot be read, or reports that cannot be merged."""


class RecordsFileError(AmbiguError):
    """The file of a simulation's deal records cannot be written."""


class WorkerDiedError(AmbiguError):
    """A worker process of a simulation ended before it reported its block: killed by
    the system for want of memory, by a signal, or by a bot that ended its process.
    The run stops at once and writes nothing (no report, no deals file).

    >>> raise WorkerDiedError("a simulation worker died (signal 9, SIGKILL) during block 3: "
    ...                       "no report written")
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.WorkerDiedError: a simulation worker died (signal 9, SIGKILL) during \
block 3: no report written
    """


#: The exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells use.
INTERRUPTED = 130


class Interrupted(KeyboardInterrupt):
    """A signal that ends a command as Ctrl-C does (``SIGTERM``, ``SIGHUP``), raised
    by the command's handler of it: like Ctrl-C's ``KeyboardInterrupt`` it passes
    every ``except Exception``, so that what the command holds (worker processes, a
    temporary file) is given back on its way out.

    >>> import signal
    >>> Interrupted(signal.SIGTERM).signal_name, isinstance(Interrupted(15), KeyboardInterrupt)
    ('SIGTERM', True)
    """

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = int(signal_number)

    @property
    def signal_name(self) -> str:
        """The signal's name (``SIGTERM``), or its number where it has none."""
        import signal

        try:
            return signal.Signals(self.signal_number).name
        except ValueError:
            return f"signal {self.signal_number}"
