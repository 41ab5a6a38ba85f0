"""The target ``playability`` (class 14 of issue 42): rule files mutated, and each that
``ambigu validate`` accepts played by ``simulate`` and through the engine; what they did
handed to the class's oracle (``fuzz_hostile_classes.playability.check_playable``).

The starting points are those of the ``rulesets`` target, the built-in files
given an id of their own (``my-foster``: a copy under a built-in id is refused
as an impersonation, so it would never be played). Each case makes one or two
changes: now and then one of the ``rulesets`` target's own
(:func:`.structure_mutations.mutate_structure`, which mostly makes files
``validate`` refuses), more often one a house file might make
(:func:`plausible_change`: a whole number nudged, a value that the file gives
the same key elsewhere, a flag turned, list items swapped, duplicated or
deleted), which ``validate`` accepts far more often.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

import yaml
from fuzz_hostile_classes.playability import MAX_DECISIONS, EnginePlay, check_playable

from .case_context import Context
from .command_checks import check_cli
from .commands import CliRun, run_cli
from .file_case import FileCase
from .findings import Finding, exception_signature, format_exception, short
from .rule_file_cases import ruleset_seeds
from .structure_mutations import delete_node, duplicate_item, mutate_structure, swap_items
from .yaml_trees import TreePath, YamlTree, dump_yaml, load_yaml, set_at, show_path, walk

if TYPE_CHECKING:
    from ambigu_rules.rules.ruleset import Ruleset

#: Deals ``simulate`` plays with each kind of bot.
HANDS = "20"


def _leaves(data: YamlTree) -> list[tuple[TreePath, YamlTree]]:
    return [(path, node) for path, node in walk(data) if path and not isinstance(node, dict | list)]


def plausible_change(rng: Random, data: YamlTree) -> tuple[YamlTree, str]:
    """One change of the kind a house file makes; another of the ``rulesets`` target's
    where the tree has nothing for it."""
    kind = rng.choice(["number", "number", "same-key", "same-key", "flag", "swap", "copy",
                       "delete"])
    leaves = _leaves(data)
    if kind == "number":
        numbers = [(p, n) for p, n in leaves if type(n) is int]
        if numbers:
            path, old = rng.choice(numbers)
            assert isinstance(old, int)
            new = rng.choice([old + 1, old - 1, old + 2, 0, 1, 2 * old, old // 2, 3, 4, 5])
            return set_at(data, path, new), f"{show_path(path)}: {old} -> {new}"
    if kind == "same-key":
        given: dict[str, set[object]] = {}
        for path, node in leaves:
            if isinstance(path[-1], str) and type(node) in (str, int):
                given.setdefault(path[-1], set()).add(node)
        places = [(p, n) for p, n in leaves if isinstance(p[-1], str)
                  and type(n) in (str, int) and len(given.get(p[-1], ())) > 1]
        if places:
            path, was = rng.choice(places)
            assert isinstance(path[-1], str)
            now = rng.choice(sorted((v for v in given[path[-1]] if v != was), key=repr))
            return set_at(data, path, now), f"{show_path(path)}: {was!r} -> {now!r}"
    if kind == "flag":
        flags = [(p, n) for p, n in leaves if type(n) is bool]
        if flags:
            path, old = rng.choice(flags)
            return set_at(data, path, not old), f"{show_path(path)}: {old} -> {not old}"
    change = {"swap": swap_items, "copy": duplicate_item, "delete": delete_node}.get(kind)
    return (change or mutate_structure)(rng, data)


def make_playability_case(seed: int, index: int) -> FileCase:
    """Case ``index`` of ``playability``: a mutated rule file (a function of the seed)."""
    rng = Random(f"{seed}:playability:{index}")
    seeds = ruleset_seeds()
    described, files = seeds[rng.randrange(len(seeds))]
    mutations = [f"hostile class 14 (playability): start from {described}"]
    target = "parent.yaml" if "parent.yaml" in files and rng.random() < 0.3 else "case.yaml"
    data = load_yaml(files[target])
    if described.startswith("rulesets/") and isinstance(data, dict):
        data["id"] = f"my-{data.get('id')}"
        mutations.append(f"id: my-{data['id'].removeprefix('my-')} (a house file's own id)")
    for _ in range(rng.choice([1, 1, 2])):
        change = plausible_change if rng.random() < 0.7 else mutate_structure
        data, what = change(rng, data)
        mutations.append(f"in {target}: {what}")
    out = {name: text.encode("utf-8") for name, text in files.items()}
    try:
        out[target] = dump_yaml(data)
    except (yaml.YAMLError, RecursionError, ValueError) as error:
        mutations.append(f"(dump failed: {type(error).__name__}; the file kept as it was)")
    plan = {"seed": rng.randrange(1000), "deals": rng.randint(2, 5),
            "bank": rng.choice([None, 20, 200, 1000]), "players": rng.random()}
    return FileCase("playability", index, out, "case.yaml", mutations, plan=plan)


ENGINE_GAME = '''\
"""A short game through the engine, as the playability target plays it."""
from random import Random

from ambigu_rules.engine import Game
from ambigu_rules.load.resolver import load_ruleset

rng = Random({seed})
game = Game(load_ruleset("case.yaml"), players={players}, seed={seed}, banks={bank})
for _ in range({deals}):
    if game.session_over or not game.can_start_deal():
        break
    game.start_deal()
    while not game.deal_over:
        legal = game.legal_actions()
        assert len(legal), f"no legal action at step {{game.step_id!r}}"
        game.apply(legal[rng.randrange(len(legal))])
print("played", game.deal_count, "deals")
'''


def play_engine(rules: Ruleset, players: int, plan: dict[str, Any]) -> EnginePlay:
    """A few deals of ``rules`` through the engine, each decision one of the legal
    actions at random (the game of :data:`ENGINE_GAME`); what it came to."""
    from ambigu_rules.engine import Game
    from ambigu_rules.engine.invariants import breaches
    from ambigu_rules.errors import AmbiguError, NoLegalActionError

    rng, play = Random(plan["seed"]), EnginePlay()
    try:
        game = Game(rules, players=players, seed=plan["seed"], banks=plan["bank"] or 100)
        for _ in range(plan["deals"]):
            if game.session_over or not game.can_start_deal():
                break
            game.start_deal()
            play.deals += 1
            decisions = 0
            while not game.deal_over:
                legal = game.legal_actions()
                if not len(legal):
                    play.no_legal = (f"deal {play.deals}, step {game.step_id!r}: seat "
                                     f"{game.to_act} to act has no legal action")
                    return play
                game.apply(legal[rng.randrange(len(legal))])
                decisions += 1
                play.decisions += 1
                if decisions > MAX_DECISIONS:
                    play.no_end = True
                    return play
            for breach in breaches(game):
                play.breach = f"{breach.kind}: {breach.message}"
                return play
    except NoLegalActionError as error:
        play.no_legal = str(error)
    except AmbiguError as error:
        play.refused, play.refused_type = str(error), type(error).__name__
    except Exception as error:  # the engine crashed: a finding with its traceback
        play.error, play.traceback = exception_signature(error), format_exception(error)
    return play


def run_playability_case(case: FileCase, ctx: Context) -> tuple[list[Finding], str]:
    """``validate``; if it accepts the file, ``simulate`` with random and heuristic bots
    and a short game through the engine; the findings and the outcome."""
    plan = case.plan
    validate = run_cli(["validate", case.main], ctx)
    findings = check_cli(validate, "playability", (0, 2), False, ctx)
    if validate.status != 0 or findings:
        return findings, "invalid"
    try:
        from ambigu_rules.load.resolver import load_ruleset

        rules = load_ruleset(case.main)
    except Exception as error:  # validate said ok: loading it again must work
        return [Finding("playability", "validate-gap", f"load:{exception_signature(error)}",
                        f"validate accepts the file but load_ruleset raises "
                        f"{type(error).__name__}: {short(str(error))}",
                        "load_ruleset('case.yaml')", format_exception(error))], "valid"
    low, high = rules.players.min, max(rules.players.min, min(rules.players.max, 6))
    players = min(high, low + int(plan["players"] * (high - low + 1)))
    bank = ["--bank", str(plan["bank"])] if plan["bank"] else []
    runs: list[CliRun] = []
    for bots in ("random", "heuristic"):
        run = run_cli(["simulate", case.main, "--hands", HANDS, "--bots", bots, "--players",
                       str(players), "--seed", str(plan["seed"]), "--jobs", "1", *bank], ctx)
        findings += check_cli(run, "playability", (0, 1, 2), False, ctx)
        runs.append(run)
    ctx.command = "python repro.py (a short game through ambigu_rules.engine)"
    engine = play_engine(rules, players, plan)
    repro = ENGINE_GAME.format(seed=plan["seed"], players=players, bank=plan["bank"] or 100,
                               deals=plan["deals"])
    for problem in check_playable(runs, engine):
        on_engine = not problem.argv
        command = ctx.command if on_engine else \
            "ambigu " + " ".join(problem.argv)
        findings.append(Finding(
            "playability", problem.kind, problem.signature, problem.message, command,
            engine.traceback if on_engine and problem.kind == "exception" else "",
            repro if on_engine else ""))
    played = not any(f.kind in ("unplayable", "no-legal-action", "exit-1") for f in findings)
    return findings, "played" if played else "unplayable"
