"""The classes of hostile input of issue 20, for ``tools/fuzz.py``: generators and checks.

``tools/fuzz.py`` makes a share (:data:`SHARE`) of its ``rulesets`` and
``replays`` cases here (:func:`make_case`, a function of the seed, the target
and the case number, like every case), runs them as its other cases (the
same commands, the same contract: no traceback, one line per problem, exit
0, 1 or 2, and no raw control character printed -- :func:`output_problems`,
checked on every command of every case), then asks the class's oracle
(:func:`check`, with :func:`probe` for what the Python API says).

== ============= =========================================== ==========================
#  tag           what the case holds                         finding
== ============= =========================================== ==========================
1  ids           an id with ``/``, ``\\``, ``..``, NUL, long  accepted, and the id is no
                                                             safe file name
2  values        values, ``value_if`` values, ``adds`` sums  the value printed or
                 between 32,768 and 10**9                    evaluated differs
3  dag           20 to 64 combinations, each of the ones     a hang, or a command past
                 before it                                   :data:`SLOW_SECONDS`
4  scripts       thousands of cards in ``cards``/``stock``/  slow; ``replay`` exits 0
                 ``redeals``; cards never served, a stock    (or 1) on an inconsistent
                 repeating dealt cards                       script
5  escapes       ``"\\e"``, ``"\\a"``, ``"\\0"``, ``"\\x1b"``,   a raw control printed;
                 ``"\\u202e"``, ``"\\N"``, ``"\\L"``, ``!!binary`` accepted with one in a
                 in ids, titles, names, calls, seat names    text; a traceback
6  surrogates    ``"\\ud800"`` in any text                    a traceback or a lone
                                                             surrogate printed
7  paths         ``extends:``/``variant:`` with NUL, lone     exit status other than 2
                 surrogates, names over 255 bytes, paths
                 over 4096 bytes
8  impersonation ``id: foster``, ``Foster``, ``foster\\u200b``, ``validate`` exits 0
                 ``\\u202efoster``... on a changed file
9  merges        ``<<: *a`` then an overriding key,           "duplicate key", or the
                 ``<<: [*a, *b]`` sharing keys               file read otherwise than
                                                             without merges
10 line-breaks   U+0085/U+2028/U+2029 before an unknown key  a line number that is not
                                                             the editor's
== ============= =========================================== ==========================

The classes of issue 42 (11 to 14: a worker that dies, signals, tampered
reports, rule files that validate but do not play) are targets of their own,
not a share of these: :mod:`.round_four` (:data:`ROUND_FOUR`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from . import replay_files, rule_files
from .cases import HostileCase, RunOptions
from .oracles import (
    SLOW_SECONDS,
    Problem,
    RunLike,
    accepted_id_problems,
    check,
    output_problems,
    probe,
)
from .round_four import ROUND_FOUR, ProcessOutcome, RoundFourClass, round_four_class

__all__ = [
    "CLASSES",
    "ROUND_FOUR",
    "SHARE",
    "SLOW_SECONDS",
    "HostileCase",
    "HostileClass",
    "Problem",
    "ProcessOutcome",
    "RoundFourClass",
    "RunLike",
    "RunOptions",
    "accepted_id_problems",
    "check",
    "class_of",
    "make_case",
    "output_problems",
    "probe",
    "round_four_class",
]

#: The share of the ``rulesets`` and ``replays`` cases made here.
SHARE = 0.35


@dataclass(frozen=True)
class HostileClass:
    number: int
    tag: str
    title: str
    makers: dict[str, Callable[[Random], HostileCase]]  # by target

    @property
    def label(self) -> str:
        return f"class {self.number} ({self.tag})"


CLASSES: tuple[HostileClass, ...] = (
    HostileClass(1, "ids", "ids used as file names", {"rulesets": rule_files.make_ids}),
    HostileClass(2, "values", "combination values past 16 bits",
                 {"rulesets": rule_files.make_values}),
    HostileClass(3, "dag", "parts shaped as a DAG", {"rulesets": rule_files.make_dag}),
    HostileClass(4, "scripts", "long and inconsistent replay scripts",
                 {"replays": replay_files.make_scripts}),
    HostileClass(5, "escapes", "escaped control characters",
                 {"rulesets": rule_files.make_escapes, "replays": replay_files.make_escapes}),
    HostileClass(6, "surrogates", "lone surrogates",
                 {"rulesets": rule_files.make_surrogates,
                  "replays": replay_files.make_surrogates}),
    HostileClass(7, "paths", "hostile path names",
                 {"rulesets": rule_files.make_paths, "replays": replay_files.make_paths}),
    HostileClass(8, "impersonation", "a house file passing as a built-in version",
                 {"rulesets": rule_files.make_impersonation}),
    HostileClass(9, "merges", "YAML merge keys that override",
                 {"rulesets": rule_files.make_merges, "replays": replay_files.make_merges}),
    HostileClass(10, "line-breaks", "line breaks editors do not show, before an error",
                 {"rulesets": rule_files.make_line_breaks,
                  "replays": replay_files.make_line_breaks}),
)
_BY_TAG = {hostile.tag: hostile for hostile in CLASSES}


def class_of(tag: str) -> HostileClass:
    return _BY_TAG[tag]


def make_case(target: str, seed: int, index: int, share: float = SHARE,
              only: str | None = None) -> HostileCase | None:
    """Case ``index`` of ``target`` as a hostile-class case, or None (an ordinary case).

    The choice has its own random stream, so the ordinary cases are those the
    fuzzer made before these classes existed; ``only`` (a tag) makes every case
    one of that class where the class has cases of ``target``.
    """
    rng = Random(f"{seed}:{target}:{index}:hostile")
    pool = [hostile for hostile in CLASSES if target in hostile.makers
            and (only is None or hostile.tag == only)]
    if not pool or (only is None and rng.random() >= share):
        return None
    hostile = pool[rng.randrange(len(pool))]
    case = hostile.makers[target](rng)
    case.expect = {"class": hostile.tag, **case.expect}
    return case
