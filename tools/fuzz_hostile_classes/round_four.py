"""The classes of hostile input of issue 42 (the fourth round), for ``tools/fuzz.py``.

Unlike the classes of issue 20 (a share of the ``rulesets`` and ``replays``
cases), each of these is a target of its own, chosen with ``--target`` (and
part of ``--target all``, weighed by how long its cases take:
``fuzzing.settings.WEIGHTS``):

== ============== ============================================ ==========================
#  target         what a case does                             finding
== ============== ============================================ ==========================
11 worker-faults  ``simulate --jobs 2 --deals-out OUT`` whose  not over within 30 s, a
                  worker dies: a bot that SIGKILLs its process status other than 2, not
                  or calls ``os._exit``, or a signal sent to   one line naming the dead
                  one worker a moment in                       worker and its end, a
                                                               traceback, OUT changed, a
                                                               ``.part`` left
12 signals        SIGTERM, SIGHUP or SIGINT sent to a running  not over within 20 s, a
                  ``simulate --deals-out OUT`` (the command or traceback, a ``.part``
                  its whole process group) at a random moment  left, OUT neither as it
                                                               was nor complete, a status
                                                               other than 128 + N (or 0
                                                               if it finished first)
13 reports        real ``simulate --json`` reports of parts of a traceback, a refusal in
                  one run, tampered (counts that do not add    more than one line, a
                  up, 10**50, 401 digits, negative numbers,    merged report that breaks
                  NaN, keys written twice, hands 0, wrong      its invariants (stated in
                  types, truncated JSON...), then ``merge``    ``report_invariants``; the
                                                               project's check only a
                                                               cross-check), consistent
                                                               parts refused
14 playability    rule files mutated (the ``rulesets``         a traceback, "no legal
                  target's machinery and value changes a house action", exit 1, a file
                  file might make); each that ``validate``     ``validate`` accepts that
                  accepts is played: ``simulate --hands 20``   ``simulate`` or the engine
                  with random and heuristic bots, and a short  refuses
                  game through ``ambigu_rules.engine``
== ============== ============================================ ==========================

The generators and the oracles are in :mod:`.process_faults`,
:mod:`.tampered_reports` and :mod:`.playability` (pure functions of what was
seen, so a test can feed them a planted outcome); ``tools/fuzzing/`` runs the
cases and turns what the oracles see into findings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .oracles import Problem


@dataclass(frozen=True)
class RoundFourClass:
    """A class of issue 42: its number (after issue 20's ten), its target and title."""

    number: int
    tag: str  # the target's name
    title: str

    @property
    def label(self) -> str:
        return f"class {self.number} ({self.tag})"


ROUND_FOUR: tuple[RoundFourClass, ...] = (
    RoundFourClass(11, "worker-faults", "a simulation worker that dies"),
    RoundFourClass(12, "signals", "SIGTERM, SIGHUP and SIGINT during a simulation"),
    RoundFourClass(13, "reports", "tampered reports given to merge"),
    RoundFourClass(14, "playability", "rule files that validate must play"),
)
_BY_TAG = {kind.tag: kind for kind in ROUND_FOUR}


def round_four_class(tag: str) -> RoundFourClass:
    """The class of the target ``tag``.

    >>> round_four_class("signals").label
    'class 12 (signals)'
    """
    return _BY_TAG[tag]


@dataclass
class ProcessOutcome:
    """What a command run in a process of its own did, as the oracles of classes 11 and 12
    read it.

    ``argv`` is the ``ambigu`` arguments (``["simulate", ...]``); ``status`` its exit
    status (negative: ended by that signal), None if it was still running at the
    bound (then it was killed with its whole session); ``seconds`` the time from the
    fault to its end; ``out_before``/``out_after`` the deals file's bytes (None: no
    such file); ``parts_left`` the temporary files left in its folder;
    ``left_running`` the processes of its session still running once it ended;
    ``landed`` whether the fault reached a running process (a signal sent after the
    command ended did not); ``note`` says what was done and when.
    """

    argv: list[str]
    status: int | None
    stdout: str
    stderr: str
    seconds: float
    out_before: bytes | None
    out_after: bytes | None
    parts_left: list[str] = field(default_factory=list)
    left_running: list[int] = field(default_factory=list)
    landed: bool = True
    note: str = ""


#: What marks a traceback or an exception Python reports on its way out.
TRACEBACK_MARKS = ("Traceback (most recent call last)", "BrokenPipeError",
                   "Exception ignored")


def traceback_problem(outcome: ProcessOutcome, what: str) -> Problem | None:
    """A traceback (or a Python complaint on the way out) on stderr, named by the exception
    and by where it came: in the command line's ``main`` (``main``), while the package was
    imported, before ``main`` could run (``import``), or while Python started, before any
    code of the package (``interpreter``); one cause is one finding.

    >>> text = 'Traceback (most recent call last):\\n  File "x.py", line 1\\nKeyboardInterrupt\\n'
    >>> traceback_problem(ProcessOutcome(["simulate"], -2, "", text, 1.0, None, None),
    ...                   "SIGINT").signature
    'SIGINT:KeyboardInterrupt:interpreter'
    """
    err = outcome.stderr
    mark = next((m for m in TRACEBACK_MARKS if m in err), None)
    if mark is None:
        return None
    names = re.findall(r"^(\w+(?:\.\w+)*(?:Error|Exception|Interrupt|Exit))\b", err, re.M)
    error = names[-1].rsplit(".", 1)[-1] if names else mark.split(" ")[0]
    if re.search(r"ambigu_rules[/\\]cli[/\\]__init__\.py\", line \d+, in main", err):
        where, when = "main", "in the command"
    elif re.search(r"File \"[^\"]*ambigu_rules[/\\]", err):
        where, when = "import", "while the package was imported, before the command line ran"
    else:
        where, when = "interpreter", "while Python started, before any code of the package"
    return Problem("traceback", f"{what}:{error}:{where}",
                   f"a traceback ({error}, {when}) on stderr after {outcome.note or what}: "
                   f"{_tail(err)!r}", tuple(outcome.argv))


def _tail(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else "..." + text[-limit:]


def common_process_problems(outcome: ProcessOutcome, bound: float,
                            what: str) -> list[Problem]:
    """What must hold after any fault: over within ``bound`` seconds, no traceback, no
    temporary file left, no process of the session left running."""
    argv = tuple(outcome.argv)
    found: list[Problem] = []
    if outcome.status is None:
        found.append(Problem("hang", f"{what}:hang",
                             f"still running {bound:g} s after {outcome.note or what}; killed "
                             f"with its session; stderr: {_tail(outcome.stderr)!r}", argv))
    problem = traceback_problem(outcome, what)
    if problem is not None:
        found.append(problem)
    if outcome.parts_left:
        found.append(Problem("part-left", f"{what}:part-left",
                             f"a temporary file left after {outcome.note or what}: "
                             f"{', '.join(outcome.parts_left)}", argv))
    if outcome.left_running:
        found.append(Problem("processes-left", f"{what}:processes-left",
                             f"{len(outcome.left_running)} process(es) of the command still "
                             f"running after it ended ({outcome.note or what})", argv))
    return found
