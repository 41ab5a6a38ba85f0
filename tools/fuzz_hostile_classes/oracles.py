"""The finding checks of the hostile classes: pure functions of what the commands did.

Each check takes the case's ``expect`` (what was planted), the runs of the
case's commands (anything with ``argv``, ``status``, ``stdout``, ``stderr``
and ``seconds``, as ``tools/fuzz.py``'s ``CliRun``) and what the probe saw
through the Python API (:func:`probe`), and returns :class:`Problem` s;
``tools/fuzz.py`` makes them findings. They can be fed fake runs: a
traceback text, a raw ESC, exit 0 for an impersonating id.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from .text import bad_texts, escapes_folder, id_problem, nested_ids, raw_controls

#: A command of a case meant to be read in linear time that takes longer is a finding.
SLOW_SECONDS = 5.0
POSITIONED_LINE = re.compile(r"^case\.ya?ml:(\d+):(\d+): ")


class Problem(NamedTuple):
    kind: str
    signature: str
    message: str
    argv: tuple[str, ...] = ()  # the command that showed it, if one did


class RunLike(Protocol):
    argv: list[str]
    status: int | None
    stdout: str
    stderr: str
    seconds: float


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _on_main(run: RunLike) -> bool:
    return len(run.argv) > 1 and run.argv[1] in ("case.yaml", "case.yml")


# -- checks of every run and every accepted file ------------------------------------------

def output_problems(run: RunLike) -> list[Problem]:
    """Raw control characters, bidi controls, separators or lone surrogates printed."""
    found = []
    for stream, text in (("stdout", run.stdout), ("stderr", run.stderr)):
        lines = text.split("\n")  # as a terminal shows them
        for line, char, family in raw_controls(text):
            note = " (a real UTF-8 stdout cannot encode it: the command would crash)" \
                if family == "surrogate" else ""
            found.append(Problem(
                "raw-control", f"{run.argv[0]}:{stream}:{family}",
                f"{stream} line {line} holds a raw {char!a} ({family}){note}: "
                f"{_short(lines[line - 1])!a}", tuple(run.argv)))
    return found


def accepted_id_problems(ruleset_id: object) -> list[Problem]:
    """An accepted rule file whose id is no safe file name (the site names files by it)."""
    family = id_problem(ruleset_id)
    if family is None:
        return []
    outside = isinstance(ruleset_id, str) and "\x00" not in ruleset_id and \
        escapes_folder(ruleset_id)
    return [Problem("unsafe-id", f"id:{family}",
                    f"the file is accepted with the id {_short(ascii(ruleset_id), 120)}, which "
                    f"is not a safe file name ({family})" + (
                        "; the site's table writer would write "
                        f"{_short(ascii(ruleset_id), 60)}.table outside its folder"
                        if outside else ""))]


def slow_problems(runs: Sequence[RunLike]) -> list[Problem]:
    return [Problem("slow", run.argv[0], f"'{run.argv[0]}' took {run.seconds:.1f} s on a case "
                    f"that must be read in linear time (at most {SLOW_SECONDS:g} s)",
                    tuple(run.argv))
            for run in runs if run.seconds > SLOW_SECONDS]


# -- the class's own checks ------------------------------------------------------------------

def printed_value(stdout: str) -> int | None:
    """The value ``ambigu evaluate`` printed (its JSON, or its sentence).

    >>> printed_value('{"value": 40000}'), printed_value("...: worth -25536 from each")
    (40000, -25536)
    """
    try:
        data = json.loads(stdout)
    except ValueError:
        match = re.search(r"worth (-?\d+) from", stdout)
        return int(match.group(1)) if match else None
    value = data.get("value") if isinstance(data, dict) else None
    return value if type(value) is int else None


def _differs(got: int, want: int) -> str:
    return "negative" if got < 0 <= want else "differs"


def check_values(expect: dict[str, Any], runs: Sequence[RunLike],
                 probe: dict[str, Any] | None) -> list[Problem]:
    want, found = expect["value"], []
    for run in runs:
        if run.argv[0] != "evaluate" or run.status != 0:
            continue
        got = printed_value(run.stdout)
        if got is None:
            found.append(Problem("wrong-value", "evaluate:unreadable",
                                 f"no value in the output of 'evaluate': "
                                 f"{_short(run.stdout)!r}", tuple(run.argv)))
        elif got != want:
            found.append(Problem("wrong-value", f"evaluate:{_differs(got, want)}",
                                 f"'evaluate' prints {got} for {expect['hand']}; the file makes "
                                 f"it {want} ({expect['combination']})", tuple(run.argv)))
    if probe is not None:
        if probe.get("combination") != expect["combination"]:
            found.append(Problem("wrong-value", "api:combination",
                                 f"the evaluator finds {probe.get('combination')!r} in "
                                 f"{expect['hand']}, not {expect['combination']!r}"))
        elif probe.get("value") != want:
            got = probe.get("value")
            found.append(Problem("wrong-value", f"api:{_differs(got, want)}"
                                 if isinstance(got, int) else "api:not a number",
                                 f"Evaluator.evaluate({expect['hand']!r}).value is {got!r}; the "
                                 f"file makes it {want} ({expect['combination']})"))
    return found


def check_scripts(expect: dict[str, Any], runs: Sequence[RunLike],
                  probe: dict[str, Any] | None) -> list[Problem]:
    if not expect.get("refuse"):
        return []
    return [Problem("accepted-inconsistent", f"replay:{expect['variant']}",
                    f"'replay' exits {run.status} on an inconsistent script "
                    f"({expect['variant']}): it must be refused (exit 2)", tuple(run.argv))
            for run in runs if run.argv[0] == "replay" and _on_main(run)
            and run.status in (0, 1)]


def check_texts(expect: dict[str, Any], runs: Sequence[RunLike],
                probe: dict[str, Any] | None) -> list[Problem]:
    found: dict[str, Problem] = {}
    for path, family, shown in (probe or {}).get("bad", []):
        found.setdefault(family, Problem(
            "accepted-control", family,
            f"the file is accepted while {path} holds {shown} ({family})"))
    return list(found.values())


def check_paths(expect: dict[str, Any], runs: Sequence[RunLike],
                probe: dict[str, Any] | None) -> list[Problem]:
    return [Problem("path-not-refused", f"{run.argv[0]}:{run.status}",
                    f"'{run.argv[0]}' exits {run.status} on the path "
                    f"{_short(ascii(expect['path']), 80)}: it must be refused (exit 2) "
                    f"with one line", tuple(run.argv))
            for run in runs if run.argv[0] in ("validate", "replay") and _on_main(run)
            and run.status != 2]


def check_impersonation(expect: dict[str, Any], runs: Sequence[RunLike],
                        probe: dict[str, Any] | None) -> list[Problem]:
    return [Problem("impersonation", expect["form"],
                    f"'validate' accepts a file that changes {expect['of']!r} under the id "
                    f"{expect['id']!a} ({expect['form']}): {_short(run.stdout.strip())!r}",
                    tuple(run.argv))
            for run in runs if run.argv[0] == "validate" and _on_main(run) and run.status == 0]


def check_merges(expect: dict[str, Any], runs: Sequence[RunLike],
                 probe: dict[str, Any] | None) -> list[Problem]:
    found = [Problem("merge-refused", run.argv[0],
                     f"a merge key that YAML lets the mapping override is refused as a "
                     f"duplicate ({expect['form']}): {_short(run.stderr.strip())!r}",
                     tuple(run.argv))
             for run in runs if "duplicate key" in run.stderr]
    main = [run for run in runs if _on_main(run)]
    expanded = [run for run in runs if len(run.argv) > 1 and run.argv[1] == expect["expanded"]]
    if main and expanded and (main[0].status == 0) != (expanded[0].status == 0):
        found.append(Problem(
            "merge-differs", f"{main[0].argv[0]}:{main[0].status}-{expanded[0].status}",
            f"the file with merges ({expect['form']}) exits {main[0].status}, the same file "
            f"without them exits {expanded[0].status}: {_short(main[0].stderr.strip())!r}",
            tuple(main[0].argv)))
    return found


def check_line_breaks(expect: dict[str, Any], runs: Sequence[RunLike],
                      probe: dict[str, Any] | None) -> list[Problem]:
    found = []
    allowed = {*expect["lines"], expect["error_line"]}
    for run in runs:
        if run.argv[0] not in ("validate", "replay") or not _on_main(run):
            continue
        if run.status == 0:
            found.append(Problem("missed-error", run.argv[0],
                                 f"'{run.argv[0]}' accepts a file with an unknown key at line "
                                 f"{expect['error_line']}", tuple(run.argv)))
        for line in run.stderr.splitlines():
            match = POSITIONED_LINE.match(line)
            if match and int(match.group(1)) not in allowed:
                found.append(Problem(
                    "line-number", run.argv[0],
                    f"a message names line {match.group(1)}, where an editor (lines counted "
                    f"by \\n) shows the planted characters on line(s) "
                    f"{', '.join(map(str, expect['lines']))} and the error on line "
                    f"{expect['error_line']}: {_short(ascii(line))}", tuple(run.argv)))
                break
    return found


def check_ids(expect: dict[str, Any], runs: Sequence[RunLike],
              probe: dict[str, Any] | None) -> list[Problem]:
    """The ids inside an accepted file (combinations, steps...: the site makes anchors and
    names of them); the file's own id is checked for every accepted file."""
    found: dict[str, Problem] = {}
    for path, value in (probe or {}).get("ids", []):
        family = id_problem(value)
        if family is not None:
            found.setdefault(family, Problem(
                "unsafe-id", f"nested-id:{family}",
                f"the file is accepted with {path} = {_short(ascii(value), 120)}, which is not "
                f"an identifier ({family})"))
    return list(found.values())


ORACLES: dict[str, Callable[[dict[str, Any], Sequence[RunLike], dict[str, Any] | None],
                            list[Problem]]] = {
    "ids": check_ids, "values": check_values, "scripts": check_scripts, "escapes": check_texts,
    "surrogates": check_texts, "paths": check_paths, "impersonation": check_impersonation,
    "merges": check_merges, "line-breaks": check_line_breaks,
}


def check(expect: dict[str, Any], runs: Sequence[RunLike],
          probe: dict[str, Any] | None = None) -> list[Problem]:
    """Every problem the class's oracle sees (the file's own id is checked for every
    accepted file, :func:`accepted_id_problems`; ``dag``: the time limit and
    :func:`slow_problems`)."""
    oracle = ORACLES.get(expect["class"])
    found = oracle(expect, runs, probe) if oracle is not None else []
    if expect.get("linear"):
        found += slow_problems(runs)
    return found


# -- what the Python API says (run in the worker, after the command accepted the file) ------

def probe(expect: dict[str, Any], target: str, main: str) -> dict[str, Any] | None:
    """What the class's oracle needs from the package itself; may raise (a finding)."""
    if expect["class"] == "ids":
        from ambigu_rules.load.resolver import load_ruleset

        return {"ids": list(nested_ids(load_ruleset(main).model_dump()))}
    if expect["class"] == "values":
        from ambigu_rules.load.versions import evaluator_for_variant

        hand = evaluator_for_variant(main).evaluate(expect["hand"])
        return {"value": hand.value, "combination": hand.combination_id}
    if expect["class"] in ("escapes", "surrogates"):
        from ambigu_rules.load.resolver import load_ruleset

        if target == "rulesets":
            return {"bad": list(bad_texts(load_ruleset(main).model_dump()))}
        from ambigu_rules.play.replay_format import load_replay

        bad = list(bad_texts(load_replay(Path(main))[0].model_dump()))
        if Path("rules.yaml").exists():
            bad += bad_texts(load_ruleset("rules.yaml").model_dump(), "rules.yaml")
        return {"bad": bad}
    return None
