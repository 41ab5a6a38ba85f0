"""Running a case of the file targets as a user would, and judging what it did.

A rule file is given ``validate``; once that accepts it, the Python API must
load it too (and its id must be a safe file name), and ``show``,
``evaluate``, ``showdown``, ``odds`` and ``simulate`` must not reject it as a
bad rule file. A replay is given ``replay``. A hostile-class case then runs
its extra commands and its class's oracle (``fuzz_hostile_classes.check``,
with what ``fuzz_hostile_classes.probe`` reads through the Python API).
"""

from __future__ import annotations

from pathlib import Path

import fuzz_hostile_classes as hostile

from .case_context import Context
from .command_checks import check_cli, positioned_failure
from .commands import CliRun, run_cli, shown_command
from .file_case import FileCase
from .findings import (
    Finding,
    exception_finding,
    exception_signature,
    format_exception,
    message_shape,
    short,
)
from .settings import USER_ERROR


def write_case(case: FileCase, folder: Path) -> None:
    """Write the case's files into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        (folder / name).write_bytes(data)


def hostile_findings(case: FileCase, runs: list[CliRun], ctx: Context,
                     accepted: bool) -> list[Finding]:
    """The oracle of a hostile-class case (nothing for another case): its extra commands,
    what the Python API says of the file once a command accepted it, and the class's
    checks (``fuzz_hostile_classes.check``)."""
    made = case.options.get("hostile")
    if made is None:
        return []
    findings: list[Finding] = []
    for argv in made.extra:
        run = run_cli(list(argv), ctx)
        findings += check_cli(run, case.target, (0, 1, 2) if argv[0] == "replay" else (0, 2),
                              False, ctx)
        runs.append(run)
    probe = None
    if accepted:
        from ambigu_rules.errors import AmbiguError

        ctx.command = f"(the Python API on {case.main}: see tools/fuzz_hostile_classes/oracles.py)"
        try:
            probe = hostile.probe(made.expect, case.target, case.main)
        except AmbiguError as error:
            findings.append(Finding(case.target, "validate-gap",
                                    f"probe:{message_shape(str(error))}",
                                    "the command accepts the file but the Python API refuses it: "
                                    f"{type(error).__name__}: {short(str(error))}", ctx.command))
        except Exception as error:
            kind = "memory" if isinstance(error, MemoryError) else "exception"
            findings.append(exception_finding(case.target, kind, error, ctx.command))
    for problem in hostile.check(made.expect, runs, probe):
        command = shown_command(problem.argv) if problem.argv else ctx.command
        findings.append(Finding(case.target, problem.kind, problem.signature, problem.message,
                                command))
    return findings


def run_ruleset_case(case: FileCase, ctx: Context) -> tuple[list[Finding], str]:
    """The commands of a ``rulesets`` case and their findings; the outcome."""
    runs: list[CliRun] = []
    findings, outcome = _ruleset_commands(case, ctx, runs)
    accepted = bool(runs) and runs[0].status == 0
    return findings + hostile_findings(case, runs, ctx, accepted), outcome


def _ruleset_commands(case: FileCase, ctx: Context, runs: list[CliRun],
                      ) -> tuple[list[Finding], str]:
    """``validate``, then the other commands if it accepts the file (each run kept in
    ``runs``)."""
    as_json = bool(case.options.get("json"))
    flag = ["--json"] if as_json else []
    findings: list[Finding] = []
    validate = run_cli(["validate", case.main, *flag], ctx)
    runs.append(validate)
    validated = ctx.command
    findings += check_cli(validate, "rulesets", (0, 2), as_json, ctx)
    if validate.status != 0 or findings:
        return findings, "invalid"
    players = 4
    try:
        from ambigu_rules.load.resolver import load_ruleset

        rules = load_ruleset(case.main)
        players = min(max(4, rules.players.min), rules.players.max)
        findings += [Finding("rulesets", p.kind, p.signature, p.message, validated)
                     for p in hostile.accepted_id_problems(rules.id)]  # ids name files
    except Exception as error:  # validate said ok: loading it again must work
        findings.append(Finding("rulesets", "validate-gap", f"load:{exception_signature(error)}",
                                f"validate accepts the file but load_ruleset raises "
                                f"{type(error).__name__}: {short(str(error))}",
                                "load_ruleset('case.yaml')", format_exception(error)))
        return findings, "valid"
    commands: list[tuple[list[str], bool]] = [
        (["show", case.main], True),
        (["evaluate", case.main, case.options["hand"]], False),
        (["showdown", case.main, *case.options["hands"]], False),
        (["odds", case.main], True),
        (["simulate", case.main, "--players", str(players), *case.options["simulate"]], False),
    ]
    for argv, must_work in commands:
        run = run_cli([*argv, *flag], ctx)
        runs.append(run)
        problems = check_cli(run, "rulesets", (0, 2), as_json, ctx)
        findings += problems
        if not problems and run.status == USER_ERROR and (must_work or positioned_failure(run)):
            findings.append(Finding(
                "rulesets", "validate-gap", f"{argv[0]}:{message_shape(run.stderr.strip())}",
                f"validate accepts the file but '{argv[0]}' rejects it: "
                f"{short(run.stderr.strip(), 500)!r}", ctx.command))
    return findings, "valid"


def run_replay_case(case: FileCase, ctx: Context) -> tuple[list[Finding], str]:
    """``replay`` on a ``replays`` case and its findings; the outcome."""
    as_json = bool(case.options.get("json"))
    run = run_cli(["replay", case.main, *(["--json"] if as_json else [])], ctx)
    outcome = {0: "played", 1: "mismatch", 2: "refused"}.get(run.status or 0, "other")
    findings = check_cli(run, "replays", (0, 1, 2), as_json, ctx)
    return findings + hostile_findings(case, [run], ctx, run.status in (0, 1)), outcome
