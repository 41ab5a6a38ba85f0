"""Class 13 of issue 42: real reports of parts of one ``ambigu simulate`` run, tampered,
then given to ``ambigu merge``: the tampers, what a report states, and the oracle.

The fuzzer (``tools/fuzzing/report_cases.py``) writes the parts with
``simulate --blocks A:B --json`` and hands their texts to :func:`tamper`,
which changes one of them (now and then two) the way a hand-edited, broken or
forged file would: counts that do not add up, more pot deals than deals,
10**50, 401 digits, negative numbers, ``NaN``/``Infinity``, keys written
twice, hands 0, wrong types, truncated JSON, blocks and settings of another
run... and, to be sure that ``merge`` does not refuse what it must take,
changes that keep the reports consistent (counts moved between the ways deals
ended, counters moved between seats, a combination renamed, the figures
``merge`` works out again).

The invariants are stated in :mod:`.report_invariants`, independently of the
project's own check (``ambigu_rules.play.simulation_report.check_figures``),
which the fuzzer only uses as a cross-check on what ``merge`` prints: every
count bounded by the deals, the ways deals ended adding up to them (their
shares to one), the counters conserved, the net and the average pot worked
out right, and the merged figures the sums of the parts'.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from .oracles import Problem, RunLike, output_problems
from .report_invariants import (
    COUNT_MAPS,
    FIGURES,
    RUN_SETTINGS,
    WHOLE,
    figure_problems,
    is_whole,
    merge_problems,
    read_strictly,
    report_problems,
    run_problems,
    shape_problems,
)

# -- the tampers ------------------------------------------------------------------------------

@dataclass
class Tampered:
    """The parts' texts after the tamper, what was done, and whether the reports stay
    consistent by construction (then ``merge`` must take them)."""

    texts: list[str]
    notes: list[str]
    consistent: bool


#: A tamper: the random stream, the part's data (its own copy) and its text; the new
#: text (or data, dumped as ``simulate`` dumps it), a note, and whether it keeps the
#: report consistent.
TamperFunction = Callable[[Random, dict[str, Any], str], tuple[object, str, bool]]


def _figure(rng: Random, data: dict[str, Any]) -> tuple[Any, Any, str]:
    """A figure of the report: its container, its key there, and its name."""
    name = rng.choice(FIGURES)
    if "[" not in name:
        return data, name, name
    key = name.split("[")[0]
    holder = data.get(key)
    if isinstance(holder, dict) and holder:
        inner = sorted(holder)[0]
        return holder, inner, f"{key}[{inner!r}]"
    if isinstance(holder, list) and holder:
        return holder, 0, name
    return data, key, key


def _set_figure(rng: Random, data: dict[str, Any], value: Any) -> str:
    holder, key, name = _figure(rng, data)
    holder[key] = value
    return name


def _key_text(rng: Random, text: str, data: dict[str, Any]) -> tuple[str, str]:
    """A top-level number of the text, as ``"key": value`` (for tampers of the text)."""
    key = rng.choice([k for k in WHOLE if k in data and is_whole(data[k])] or ["hands"])
    return key, f'"{key}": {data.get(key)}'


def ended_off(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    ended = data["ended"]
    key = rng.choice(sorted(ended) or ["showdown"])
    change = rng.choice([1, 2, 7, -1]) if ended.get(key, 0) > 0 else rng.choice([1, 3])
    ended[key] = ended.get(key, 0) + change
    return data, f"ended[{key!r}] {change:+d}: the ways deals ended no longer add up", False


def hands_off(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    change = rng.choice([1, 2, -1, data["hands"]]) or 1
    change = change if data["hands"] + change >= 0 else 1
    data["hands"] += change
    return data, f"hands {change:+d}", False


def count_over(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    key = rng.choice(["pot_deals", "tables"])
    data[key] = data["hands"] + rng.randint(1, 5)
    return data, f"{key} {data[key]}, more than the {data['hands']} deals", False


def counters_off(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    change = rng.choice([1, -1, 100, data["initial_bank"] or 1])
    if rng.random() < 0.5:
        seat = rng.randrange(len(data["banks"]))
        data["banks"][seat] += change
        return data, f"banks[{seat}] {change:+d}: counters from nowhere", False
    data["on_table"] += abs(change)
    return data, f"on_table +{abs(change)}: counters from nowhere", False


def bought_off(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    seat = rng.randrange(len(data["bought"]))
    data["bought"][seat] += rng.randint(1, 50)
    data["banks"][seat] += data["bought"][seat]  # conserved, but bought without a rebuy
    if data["rebuy"]:  # or more rebuys than counters bought (each buys one at least)
        data["rebuys"] = sum(data["bought"]) + 1
    return data, f"bought[{seat}] {data['bought'][seat]} with {data['rebuys']} rebuys", False


def huge(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    value = rng.choice([10**50, -(10**50), 10**99, 10**100 - 1, 2**63, 2**64 + 1])
    return data, f"{_set_figure(rng, data, value)} = {value:.3g}", False


def long_number(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    key, written = _key_text(rng, text, data)
    digits = rng.choice([101, 401, 5000])
    return text.replace(written, f'"{key}": {"9" * digits}', 1), \
        f"{key}: a number of {digits} digits", False


def negative(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    value = -rng.choice([1, 5, 10**6])
    return data, f"{_set_figure(rng, data, value)} = {value}", False


def not_a_number(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    key, written = _key_text(rng, text, data)
    word = rng.choice(["NaN", "Infinity", "-Infinity", "1e400", "-0.0", "1.5", "1e3", "30.0"])
    return text.replace(written, f'"{key}": {word}', 1), f"{key}: {word}", False


def duplicate_key(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    key, _ = _key_text(rng, text, data)
    again = rng.choice([data.get(key), 0, 10**6])
    return text.replace("{", "{\n  " + f'"{key}": {again},', 1), \
        f"{key} written twice ({again} first)", False


def hands_zero(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    data["hands"] = 0
    return data, "hands 0 (the other figures kept)", False


def stopped_at_once(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    """A part that stopped before its first deal: hands 0 and every figure with it."""
    players, bank = data["players"], data["initial_bank"]
    data.update(hands=0, tables=0, pot_total=0, pot_deals=0, decisions=0, rebuys=0,
                on_table=0, banks=[bank] * players, bought=[0] * players, ended={},
                combinations_shown={}, combinations_winning={},
                stopped_early=rng.choice(["the table broke up", "no one could pay the ante"]),
                net=[0] * players, average_pot=0.0)
    return data, "hands 0 with every figure at zero, stopped early (consistent)", True


def wrong_type(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    value = rng.choice(["30", True, False, None, [], {}, [1, 2], {"n": 1}, 3.0, "", "NaN"])
    if rng.random() < 0.2:
        key = rng.choice(["ended", "banks", "blocks", "rebuy", "variant", "players"])
        data[key] = value
        return data, f"{key} = {value!r}", False
    return data, f"{_set_figure(rng, data, value)} = {value!r}", False


def truncate(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    cut = rng.randrange(len(text.rstrip()))  # the closing brace at least is lost
    return text[:cut], f"cut after {cut} of {len(text)} characters", False


def not_a_report(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    choice = rng.choice(["[]", "null", '"a report"', "", "\ufeff" + text, text + "\n{}",
                         text.rstrip().removesuffix("}") + ',\n}', "[" * 100_000 + "]" * 100_000,
                         '{"ended": ' + "[" * 100_000 + "]" * 100_000 + "}", text + "\x00"])
    return choice, f"not a report: {choice[:40]!r}...", False


def blocks_off(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    start, end = data["blocks"]
    value = rng.choice([[start, end + 1], [end, start], [start, start], [start + 1, end + 1],
                        [0, 10**6], *([[start - 1, end]] if start else [])])
    data["blocks"] = value
    return data, f"blocks {start}:{end} -> {value}", False


def setting_off(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    key = rng.choice(RUN_SETTINGS)
    value = data.get(key)
    data[key] = (not value if isinstance(value, bool) else value + 1 if isinstance(value, int)
                 else f"{value}x" if isinstance(value, str) else 5)
    return data, f"{key} {value!r} -> {data[key]!r} (another run's)", False


def players_off(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    data["players"] += rng.choice([1, -1, 100])
    return data, f"players {data['players']} for {len(data['banks'])} banks", False


def move_ended(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    ended = data["ended"]
    full = [key for key, count in ended.items() if count > 0]
    if not full:
        return data, "no deal ended: nothing to move", True
    source = rng.choice(sorted(full))
    target = rng.choice([*sorted(ended), "showdown", "final_betting: all pass", "a new way"])
    moved = rng.randint(1, ended[source])
    ended[source] -= moved
    ended[target] = ended.get(target, 0) + moved
    return data, f"{moved} deals moved from ended[{source!r}] to [{target!r}] (consistent)", True


def move_counters(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    banks = data["banks"]
    giver, taker = rng.sample(range(len(banks)), 2)
    moved = rng.randint(1, 500)
    banks[giver] -= moved
    banks[taker] += moved
    return data, f"{moved} counters moved from seat {giver} to seat {taker} (consistent)", True


def rename_key(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    key = rng.choice(COUNT_MAPS)
    counts = data[key]
    if not counts:
        return data, f"{key} empty: nothing to rename", True
    old = rng.choice(sorted(counts))
    new = rng.choice(["fredon_bis", "Flush", "a\u001b[31mred", "\u202eevil", "x" * 300, ""])
    if new in counts:
        new += "_2"
    counts[new] = counts.pop(old)
    return data, f"{key}[{old!r}] renamed {new!r} (consistent)", True


def derived_off(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    if rng.random() < 0.5:
        data["net"] = [rng.randint(-999, 999) for _ in data["banks"]]
        return data, "net changed (merge works it out again: consistent)", True
    data["average_pot"] = rng.choice([1e308, -1.0, 0, "x", None])
    return data, f"average_pot {data['average_pot']!r} (merge works it out again)", True


def reformat(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    keys = list(data)
    rng.shuffle(keys)
    indent = rng.choice([None, 0, 4, "\t"])
    out = json.dumps({key: data[key] for key in keys}, indent=indent,
                     ensure_ascii=rng.random() < 0.5)
    return out, f"written again (keys shuffled, indent {indent!r}) (consistent)", True


def extra_key(rng: Random, data: dict[str, Any], text: str) -> tuple[object, str, bool]:
    data[rng.choice(["comment", "machine", "x"])] = rng.choice(["part one", [1, 2], {"a": 1}])
    return data, "a key no report has (consistent)", True


TAMPERS: dict[str, TamperFunction] = {
    "ended-off": ended_off, "hands-off": hands_off, "count-over": count_over,
    "counters-off": counters_off, "bought-off": bought_off, "huge": huge,
    "long-number": long_number, "negative": negative, "not-a-number": not_a_number,
    "duplicate-key": duplicate_key, "hands-zero": hands_zero, "stopped-at-once": stopped_at_once,
    "wrong-type": wrong_type, "truncate": truncate, "not-a-report": not_a_report,
    "blocks-off": blocks_off, "setting-off": setting_off, "players-off": players_off,
    "move-ended": move_ended, "move-counters": move_counters, "rename-key": rename_key,
    "derived-off": derived_off, "reformat": reformat, "extra-key": extra_key,
}


#: The tampers that keep a report consistent (their third value is True): a share
#: (:data:`CONSISTENT_SHARE`) of the cases, so that ``merge`` prints often enough.
CONSISTENT = ("stopped-at-once", "move-ended", "move-counters", "rename-key", "derived-off",
              "reformat", "extra-key")
CONSISTENT_SHARE = 0.35


def tamper(rng: Random, texts: Sequence[str], name: str | None = None) -> Tampered:
    """The parts ``texts`` (as ``simulate --json`` wrote them) with one of them, now and
    then two, tampered by ``name`` (if None, one of :data:`CONSISTENT` for a share
    :data:`CONSISTENT_SHARE` of the cases, else any of :data:`TAMPERS`)."""
    out, notes, consistent = list(texts), [], True
    times = 2 if name is None and len(texts) > 1 and rng.random() < 0.2 else 1
    pool = sorted(CONSISTENT if rng.random() < CONSISTENT_SHARE else TAMPERS)
    for part in rng.sample(range(len(texts)), times):
        chosen = name or rng.choice(pool)
        data = json.loads(out[part])
        result, note, keeps = TAMPERS[chosen](rng, copy.deepcopy(data), out[part])
        out[part] = result if isinstance(result, str) else json.dumps(result, indent=2) + "\n"
        notes.append(f"part {part + 1}: {chosen}: {note}")
        consistent = consistent and keeps
    return Tampered(out, notes, consistent)


# -- the oracle ---------------------------------------------------------------------------------

def _text_problems(stdout: str) -> list[str]:
    """The text report's own sums: the deals of its first line are the ways they ended."""
    lines = stdout.splitlines()
    if not lines or " deals of " not in lines[0]:
        return ["no 'N deals of' line"]
    try:
        deals = int(lines[0].split(" ", 1)[0])
        at = lines.index("How deals ended:")
        counts = []
        for line in lines[at + 1:]:
            if not line.startswith("  "):
                break
            counts.append(int(line.rsplit(": ", 1)[1]))
    except (ValueError, IndexError) as error:
        return [f"the text report cannot be read back ({error})"]
    return [] if sum(counts) == deals else [f"the ways deals ended count {sum(counts)} deals, "
                                            f"the first line {deals}"]


def check_merge(expect: dict[str, Any], run: RunLike, texts: Sequence[str],
                cross_check: str | None) -> list[Problem]:
    """What must hold of ``merge`` on the tampered parts ``texts``: exit 0 or 2, a refusal
    in one line, and a report printed only from parts that are whole and consistent,
    itself consistent and the sum of the parts (``cross_check``: why the project's own
    reader refuses the printed report, None if it takes it); parts consistent by
    construction (``expect["consistent"]``) are merged, not refused."""
    argv, tampers = tuple(run.argv), expect["tampers"]
    found = output_problems(run)

    def add(kind: str, detail: str, message: str) -> None:
        found.append(Problem(kind, f"{tampers}:{detail}", message, argv))

    if "Traceback (most recent call last)" in run.stderr:
        add("traceback-text", "traceback", f"a traceback on stderr: {run.stderr[-300:]!r}")
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    parts = [read_strictly(text) for text in texts]
    whole = [data for data, _ in parts if data is not None]
    shapes = [problem for data in whole for problem in shape_problems(data)]
    figures = [] if shapes or len(whole) < len(parts) else \
        [problem for data in whole for problem in figure_problems(data)] + run_problems(whole)
    if run.status not in (0, 2):
        add("exit-status", str(run.status), f"exit status {run.status} (0 or 2 expected)")
    elif run.status == 2:
        if len(lines) != 1:
            add("stderr-format", "lines", f"a refusal in {len(lines)} lines: {run.stderr[:400]!r}")
        if run.stdout.strip():
            add("stdout-on-refusal", "stdout", f"refused, yet printed {run.stdout[:200]!r}")
        if expect["consistent"] and len(whole) == len(parts) and not shapes and not figures:
            add("refused-consistent", "refused", f"parts kept consistent ({expect['notes']}) "
                f"are refused: {run.stderr.strip()[:300]!r}")
        return found
    if run.status != 0:
        return found
    if lines:
        add("stderr-on-success", "stderr", f"exit 0 but stderr says {run.stderr[:300]!r}")
    malformed = [why for data, why in parts if data is None]
    if malformed:
        add("accepted-malformed", malformed[0].split(" ")[0],
            f"merged a part that is no report ({expect['notes']}): {malformed[0]}")
    elif shapes or figures:
        add("accepted-inconsistent", (shapes or figures)[0].split(":")[0],
            f"merged parts that break their invariants ({expect['notes']}): "
            f"{(shapes or figures)[0]}")
    if not expect["json"]:
        for problem in _text_problems(run.stdout):
            add("inconsistent-merge", "text", f"the merged report printed: {problem}")
        return found
    merged, why = read_strictly(run.stdout)
    if merged is None:
        add("json", "stdout", f"--json output is no JSON report: {why}")
        return found
    printed = report_problems(merged, printed=True)
    for problem in printed:
        add("inconsistent-merge", problem.split(":")[0],
            f"the merged report breaks an invariant: {problem}")
    if not printed and not malformed and not shapes:
        for problem in merge_problems(whole, merged):
            add("merge-mismatch", problem.split(":")[0], f"the merged report is not the "
                f"parts added up: {problem}")
    if cross_check is not None and not printed:
        add("cross-check", cross_check.split(":")[0], "merge printed a report that its own "
            f"reader refuses (the project's check; ours finds nothing): {cross_check}")
    return found
