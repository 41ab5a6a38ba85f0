"""The target ``reports`` (class 13 of issue 42): real reports of the parts of one
``ambigu simulate`` run, tampered, given to ``ambigu merge``, and what it did handed to
the class's oracle (``fuzz_hostile_classes.tampered_reports.check_merge``).

The parts are played by the package under test in the worker (``simulate
--blocks A:B --json``, one process, as a user splits a run), so they are made
while the case runs, not while it is generated; the tampered files are added
to the case's files, so that a finding carries them.
"""

from __future__ import annotations

import json
from random import Random

from fuzz_hostile_classes.tampered_reports import check_merge, tamper

from .case_context import Context
from .command_checks import check_cli
from .commands import run_cli, shown_command
from .file_case import FileCase
from .findings import Finding, exception_finding

VERSIONS = ("foster", "1730", "russian", "russian-courts", "encyclopedia")


def make_report_case(seed: int, index: int) -> FileCase:
    """Case ``index`` of ``reports``: the run, how it is split, the tamper's seed."""
    rng = Random(f"{seed}:reports:{index}")
    size = rng.choice([4, 5, 10, 25])
    blocks = rng.randint(1, 4)
    hands = max(1, size * blocks - rng.choice([0, 0, rng.randrange(size)]))
    cuts = sorted(rng.sample(range(1, blocks), min(blocks - 1, rng.randint(0, 2))))
    spans = list(zip([0, *cuts], [*cuts, blocks], strict=True))
    run = ["--hands", str(hands), "--players", str(rng.randint(2, 5)), "--block-size", str(size),
           "--seed", str(rng.randrange(1000)), "--bots", rng.choice(["random", "heuristic"]),
           "--jobs", "1"]
    if rng.random() < 0.3:
        run.append("--rebuy")
    if rng.random() < 0.4:
        run += ["--bank", str(rng.choice([3, 10, 50, 1000]))]
    plan = {"version": rng.choice(VERSIONS), "run": run, "spans": spans,
            "json": rng.random() < 0.7, "order": rng.sample(range(len(spans)), len(spans)),
            "tamper": f"{seed}:reports:{index}:tamper"}
    mutations = [f"hostile class 13 (reports): simulate {plan['version']} {' '.join(run)}, in "
                 f"parts {', '.join(f'{a}:{b}' for a, b in spans)} (--blocks), each --json; "
                 "then tampered (see below) and given to merge"]
    return FileCase("reports", index, {}, "part-1.json", mutations, plan=plan)


def run_report_case(case: FileCase, ctx: Context) -> tuple[list[Finding], str]:
    """Play the parts, tamper with them, merge them; the findings and the outcome
    (``merged`` or ``refused``)."""
    from ambigu_rules.errors import ReportError
    from ambigu_rules.play.simulation_report import report_from_json

    plan = case.plan
    texts, findings = [], []
    for start, end in plan["spans"]:
        run = run_cli(["simulate", plan["version"], *plan["run"], "--blocks", f"{start}:{end}",
                       "--json"], ctx)
        findings += check_cli(run, "reports", (0,), True, ctx)
        if findings:
            return findings, "simulate failed"
        texts.append(run.stdout)
    tampered = tamper(Random(plan["tamper"]), texts)
    case.mutations += tampered.notes
    names = [f"part-{number + 1}.json" for number in range(len(texts))]
    for name, text in zip(names, tampered.texts, strict=True):
        data = text.encode("utf-8", "surrogatepass")
        case.files[name] = data
        (ctx.workdir / name).write_bytes(data)
    argv = ["merge", *[names[number] for number in plan["order"]],
            *(["--json"] if plan["json"] else [])]
    merged = run_cli(argv, ctx)
    if merged.error is not None:
        kind = "memory" if isinstance(merged.error, MemoryError) else "exception"
        return [exception_finding("reports", kind, merged.error, ctx.command)], "crashed"
    cross: str | None = None
    if merged.status == 0 and plan["json"]:
        ctx.command = f"report_from_json(<the output of {shown_command(argv)}>)"
        try:
            report_from_json(json.loads(merged.stdout))
        except ReportError as error:
            cross = str(error)
        except ValueError:
            pass  # not JSON: the oracle says so
        except Exception as error:  # the project's reader crashed on what merge printed
            findings.append(exception_finding("reports", "exception", error, ctx.command))
        ctx.command = shown_command(argv)
    expect = {"tampers": "+".join(note.split(": ")[1] for note in tampered.notes),
              "notes": "; ".join(tampered.notes), "consistent": tampered.consistent,
              "json": plan["json"]}
    findings += [Finding("reports", p.kind, p.signature, p.message, shown_command(argv))
                 for p in check_merge(expect, merged, tampered.texts, cross)]
    return findings, "merged" if merged.status == 0 else "refused"
