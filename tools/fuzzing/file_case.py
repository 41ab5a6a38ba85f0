"""A case of the file targets (``rulesets``, ``replays``): what it is, and the steps
that make every one of them.

A :class:`FileCase` is the files to write into an empty folder, the main
one, how they were made and the options of the commands run on them. Its
text is mutated in its structure (if it parses) and maybe in its bytes
(:func:`mutate_text`); a share of the cases is made instead by
``tools/fuzz_hostile_classes/`` (:func:`hostile_file_case`), one class of
issue 20 each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

import fuzz_hostile_classes as hostile
import yaml
from fuzz_hostile_classes import HostileCase, RunOptions, round_four_class

from .byte_mutations import mutate_bytes
from .settings import MAX_CASE_BYTES
from .structure_mutations import mutate_structure
from .yaml_trees import YamlTree, dump_yaml, load_yaml

#: Hands of four that ``evaluate`` and ``showdown`` are given.
HANDS = ["2S 3S 4S 9S", "2S 3S 4S KS", "AH 2H 3D 4C", "10H 9D 7C 6S", "8H 8D 8C 8S"]


class CaseOptions(RunOptions, total=False):
    """How a case's commands are run: ``--json`` or not, the hands given to
    ``evaluate`` and ``showdown``, the arguments of ``simulate``, and the
    hostile-class case it comes from (its oracle runs after the commands)."""

    simulate: list[str]
    hostile: HostileCase


@dataclass
class FileCase:
    """A case of the file targets: files to write and commands to run; a case of the
    targets of issue 42's classes is one too, with its ``plan`` (plain data: what to
    run and what to do to it)."""

    target: str
    index: int
    files: dict[str, bytes]
    main: str
    mutations: list[str]
    options: CaseOptions = field(default_factory=CaseOptions)
    plan: dict[str, Any] = field(default_factory=dict)


def mutate_text(rng: Random, text: str, mutations: list[str], rounds: int) -> bytes:
    """Mutate a YAML text: structure first (if it parses), then maybe bytes; each change
    is described in ``mutations``."""
    data: YamlTree = load_yaml(text)
    structural = rng.random() < 0.8
    out = text.encode("utf-8")
    if structural:
        for _ in range(rounds):
            data, what = mutate_structure(rng, data)
            mutations.append(what)
        try:
            out = dump_yaml(data)
        except (yaml.YAMLError, RecursionError, ValueError) as error:
            mutations.append(f"(dump failed: {type(error).__name__}; original text kept)")
    if not structural or rng.random() < 0.3:
        for _ in range(rng.randint(1, 3)):
            out, what = mutate_bytes(rng, out)
            mutations.append(what)
    if len(out) > MAX_CASE_BYTES:
        out = out[:MAX_CASE_BYTES]
        mutations.append(f"(cut to {MAX_CASE_BYTES} bytes)")
    return out


def hostile_file_case(target: str, seed: int, index: int) -> FileCase | None:
    """Case ``index`` of ``target`` as a case of one of the hostile classes
    (``tools/fuzz_hostile_classes/``, a share of the cases), or None."""
    made = hostile.make_case(target, seed, index)
    if made is None:
        return None
    options: CaseOptions = {"json": False, "hand": HANDS[0], "hands": HANDS[:2],
                            "simulate": ["--hands", "3", "--seed", "0"], **made.options,
                            "hostile": made}
    return FileCase(target, index, made.files, made.main, made.mutations, options)


def hostile_label(case: FileCase | None) -> str:
    """``class N (tag)`` of a hostile-class case (every case of the targets of issue
    42's classes is one), ``""`` for any other."""
    if case is not None and case.plan:
        return round_four_class(case.target).label
    made = case.options.get("hostile") if case is not None else None
    return hostile.class_of(made.expect["class"]).label if made is not None else ""
