"""Fuzz the package with hostile rule files, replays and engine calls for N minutes.

``tools/fuzz.py`` is the command (``make fuzz``); this package is the fuzzer,
one concern per module:

=========================  ===============================================================
``command_line``           the options, their checks, ``main``
``run_loop``               the parent: the schedule, the workers, lost cases
``workers``                the worker processes and their JSON-line protocol
``case_runner``            one case in a worker: made, run under a time limit, reported
``case_context``           what the case under way is doing (for a case cut short)
``settings``               paths, limits, and the options of a run
``findings``               finding records and their dedup signatures
``finding_folders``        the distinct findings of a run, each saved in its own folder
``summary``                the run's counts, its progress line, its summary
``yaml_trees``             YAML loaded, walked, edited by path and dumped (``YamlTree``)
``hostile_values``         hostile numbers, texts, containers, raw YAML and names
``structure_mutations``    changes of a loaded YAML tree
``byte_mutations``         changes of a file's bytes
``file_case``              what a file case is; text mutation; hostile-class cases
``rule_file_cases``        the ``rulesets`` target's cases
``replay_cases``           the ``replays`` target's cases
``commands``               ``ambigu`` run in the worker's process, output captured
``command_checks``         the contract of one command's run
``file_case_runs``         the commands of a file case, and the hostile classes' oracle
``process_runs``           a command in a session of its own, a fault done to it
``process_cases``          the ``worker-faults`` and ``signals`` targets (issue 42)
``report_cases``           the ``reports`` target: reports tampered, then merged
``playability_cases``      the ``playability`` target: what validates must play
``engine_tables``          random tables (``Game(...)`` arguments) for the engine target
``engine_junk``            malformed and illegal engine calls
``engine_oracle``          refused calls change nothing; dedup keys of engine calls
``engine_repro``           engine calls as Python source, and ``repro.py``
``engine_case``            the engine target: a table played by a random policy
=========================  ===============================================================

The hostile classes of issue 20, and the generators and oracles of those of
issue 42, are the sibling package ``tools/fuzz_hostile_classes/`` (imported as
``hostile``). The package under
test, ``ambigu_rules``, is imported where it is used (its types only for the
type checker), never when the fuzzer is: a worker imports it once its own
stdin and stdout are out of the protocol's way.

``--minutes`` defaults to 1 (no time limit when ``--cases`` is given; with
both, whichever comes first), ``--seed`` to 0, ``--target`` to ``all``,
``--jobs`` (worker processes) to 1 and ``--timeout`` (seconds a case may
take before it counts as a hang) to 10 (longer for the targets whose cases
take longer: ``settings.CASE_SECONDS``).

Targets (``all``, or a comma-separated list, takes them in turn, case by case,
each as many times a turn as its weight, ``settings.WEIGHTS``: the slow ones
less often):

``rulesets``
    The built-in rule files (``rulesets/*.yaml`` but ``sources``/``decks``)
    and small user files that ``extends:`` one (by id or by a relative path)
    are mutated: in their YAML structure (hostile values -- huge, negative,
    float, bool and NaN numbers, 10**19, empty, very long and control-character
    strings, lists for mappings --, keys deleted, renamed or of other types,
    list items duplicated or swapped, ``goto``/``parts``/``extends``
    references changed or pointed at their own step, anchors and nested
    aliases, alias bombs, deep nesting, hostile tags) and in their bytes
    (truncation, flipped bytes, NUL, BEL and invalid UTF-8, tags such as
    ``!!python/name:os.system``, ``<<: 5``, lines duplicated, dropped or
    swapped). Each case runs, in a worker process, what a user would:
    ``ambigu validate``, then if the file is valid ``show``, ``evaluate``,
    ``showdown``, ``odds`` and ``simulate --hands 3`` (some with ``--json``,
    some with hostile arguments), through ``ambigu_rules.cli.main``.
``replays``
    The replay files of ``tests/scenarios/`` are mutated the same way and
    in their own fields (seats, names, banks, dealer, limit, agreed amounts,
    card and stock strings, action lines: unknown or duplicated cards, digits
    of other scripts, huge numbers), then ``ambigu replay`` runs on them.
``rulesets`` and ``replays``: the hostile classes
    A share of the cases of both (``fuzz_hostile_classes.SHARE``) is made by
    ``tools/fuzz_hostile_classes/`` to show one class of issue 20 each: ids
    used as file names, combination values past 16 bits, DAG-shaped parts,
    long and inconsistent replay scripts, escaped control characters, lone
    surrogates, hostile path names, house files passing as built-in
    versions, YAML merge keys that override, line breaks editors do not show
    before an error. They run as the other cases, then the class's own check
    looks at them (a value evaluated otherwise than the file says, a script
    played that must be refused, a path not refused with status 2, a merge
    refused as a duplicate, a message on a line the editor does not show, a
    command too slow for a linear reading...). Case numbers that are not of
    a class are made as before. The summary counts the cases of each class.
``engine``
    Random tables (every built-in version, 2 to max players, tiny to huge
    banks, betting limits up to 10**9, and now and then an absurd setup)
    are played by a random policy mixing legal actions with illegal and
    malformed ones (wrong kinds, amounts out of range, floats, bools, None
    and texts as actions or amounts, cards not in the hand, out-of-turn
    penalties and buy-backs with random arguments, deals started twice).
    After every call: an illegal call raised ``IllegalActionError`` and left
    the state (banks, bets, pool, batterie, hands, stock, discards, player
    to act, log) unchanged; a legal one raised nothing; counters are
    conserved; every card of the deck is exactly once in the hands, stock
    and discards; a deal not over has a player to act and legal actions;
    a deal over leaves no bets.
``worker-faults``, ``signals``, ``reports``, ``playability``: the classes of issue 42
    (11 to 14, ``fuzz_hostile_classes.round_four``). ``worker-faults`` runs
    ``ambigu simulate --jobs 2 --deals-out OUT`` in a process of its own whose
    worker dies (a bot that SIGKILLs its process or calls ``os._exit``, the
    mechanism of the project's own tests, or SIGKILL/SIGTERM/SIGSEGV sent to
    one worker a moment in): it must end within 30 s with status 2 and one
    line naming the dead worker and how it ended, no traceback, OUT as it was,
    no ``.part`` left, no process left. ``signals`` sends SIGTERM, SIGHUP or
    SIGINT to such a run (or its process group) at a random moment: over within
    20 s, no traceback, no ``.part``, OUT as it was or complete, status 128 +
    N (or 0 if it finished first) with at most the line ``ambigu:
    interrupted...``. ``reports`` tampers with real ``simulate --json``
    reports of parts of a run and gives them to ``merge``: a refusal is one
    line, status 2; a merged report keeps the invariants the oracle states
    (``fuzz_hostile_classes.report_invariants``: counts bounded by the deals,
    shares adding up, counters conserved, the sum of the parts; the project's
    own check is a cross-check); parts kept consistent are merged.
    ``playability`` mutates rule files and plays each that ``validate``
    accepts (``simulate --hands 20`` with random and heuristic bots, and a
    few deals through the engine): no traceback, no "no legal action", never
    exit 1, never refused. Each case's files (``run.py``, the rule file, OUT
    before, the tampered reports, ``repro.py`` for the engine's game) travel
    with its findings.

A *finding* is any exception other than an ``AmbiguError`` (a traceback),
an exit status other than 0/1/2 (or 1 from anything but ``replay``), a
message on stderr that is not one line per problem (positioned lines for
rule-file problems), output on stderr after a success, ``--json`` output
that is not JSON, a raw control character printed (C0 but the new line,
DEL, C1, a bidi control, U+2028/U+2029, a lone surrogate), a file that
``validate`` accepts but another command rejects as a bad rule file, an
accepted rule file whose id is no safe file name, what a hostile class's
check finds, a broken engine invariant, a case that runs
past ``--timeout`` (a hang: the worker is interrupted where it is, and
killed if it does not answer) or that runs out of memory (workers run under
``RLIMIT_AS`` of 2 GiB, so a memory bomb is a ``MemoryError`` rather than
the machine's end), and a worker that dies.

Each distinct finding -- by target, kind, exception type and last frame --
is saved once under ``--out`` (default ``fuzz-findings/``, ignored by git)
in its own folder: the case's files, ``finding.txt`` (command, message,
traceback, how to reproduce) and, for the engine, ``repro.py`` replaying
every call of the case. ``summary.txt`` and ``summary.json`` describe the
run. Progress goes to stderr every few seconds.

Every case is a function of ``--seed``, its target and its number, so a run
with ``--cases`` is deterministic whatever ``--jobs``; ``--repro INDEX``
runs case INDEX of ``--target`` alone and prints its findings in full.

Exit status: 0 without findings, 1 with findings, 2 for bad arguments.
"""

from __future__ import annotations

import fuzz_hostile_classes as hostile

from .case_context import Context
from .case_runner import make_file_case, run_case
from .command_checks import check_cli
from .command_line import main
from .commands import CliRun
from .file_case import FileCase, hostile_label
from .findings import CaseResult, Finding
from .replay_cases import make_replay_case
from .rule_file_cases import make_ruleset_case

__all__ = ["CaseResult", "CliRun", "Context", "FileCase", "Finding", "check_cli", "hostile",
           "hostile_label", "main", "make_file_case", "make_replay_case", "make_ruleset_case",
           "run_case"]
