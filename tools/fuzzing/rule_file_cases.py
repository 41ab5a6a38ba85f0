"""Cases of the ``rulesets`` target: a built-in rule file, or a small user file that
extends one, mutated; and the arguments its commands get.

The starting points are every version of ``rulesets/`` (but the bibliography
and the decks) and four user files: three extending a version by its id, one
extending, by a relative path, a parent file that extends Foster's rules.
Each case runs ``validate``, then the other commands (see
:mod:`.file_case_runs`) with hands and ``simulate`` arguments that are now
and then hostile too.
"""

from __future__ import annotations

from functools import cache
from random import Random

from .file_case import HANDS, CaseOptions, FileCase, hostile_file_case, mutate_text
from .settings import BIG, RULESETS_DIR, SUPPORT_FILES

CHILD_FOSTER = """\
format: 1
id: house
title: Our house rules
short_title: House
summary: Foster's rules with a bigger blind and a richer fredon.
extends: foster
inherit:
  downgrade_to: inferred
  note: Everything not stated here is Foster's.
procedure:
  - id: blind
    amount: 2
    source: editors
    evidence: editorial
combinations:
  - id: fredon
    payment: own
    value: 12
    source: editors
    evidence: editorial
"""

CHILD_1730 = """\
format: 1
id: house
title: Our 1730
short_title: House 1730
summary: The 1730 reconstruction without the tricon-and-prime doublet and a bigger ante.
extends: "1730"
inherit: {downgrade_to: inferred, note: All else from 1730.}
remove: [combinations.tricon_prime]
ranking:
  order: [point, prime, grand_prime, sequence, tricon, flush, flush_sequence, fredon]
  final_tie: nearest_dealer_right
  source: editors
  evidence: editorial
procedure:
  - id: ante
    amount: {default: 2, choices: [1, 2, 3]}
    source: editors
    evidence: editorial
"""

CHILD_RUSSIAN = """\
format: 1
id: house
title: Russian house rules
short_title: House
summary: The Russian entry with a flush worth more.
extends: russian
combinations:
  - id: flush
    value: 7
    source: editors
    evidence: editorial
"""

CHILD_OF_PARENT = """\
format: 1
id: grandchild
title: Our house rules, twice removed
short_title: Grandchild
summary: The house rules of parent.yaml, with a fredon paid 13.
extends: ./parent.yaml
combinations:
  - id: fredon
    payment: own
    value: 13
    source: editors
    evidence: editorial
"""


HOSTILE_HANDS = ["", "2S", "2S 2S 3S 4S", "2S 3S 4S 9S 5H", "11H 2S 3S 4S", "٢S 3S 4S 9S",
                 "２S 3S 4S 9S", "99999999999999999999S 3S 4S 9S", "2s,3s,4s,9s", "2S\x003S 4S 9S",
                 "ZZ ZZ ZZ ZZ", "10♥ 9♦ 7♣ 6♠", "10♡ 9♢ 7♧ 6♤", "2S 3S 4S 9S " * 1000, "x" * 10_000]
HOSTILE_ARGS = ["0", "-1", "1.5", "١٢", "３", "²", "1000000001", "99999999999999999999",
                "9" * 5000, "", " 3", "3 ", "+3", "0x10", "1e3", "nan", "inf", "True"]


@cache
def ruleset_seeds() -> list[tuple[str, dict[str, str]]]:
    """(description, {file name: text}) of every starting point; ``case.yaml`` is the main one."""
    seeds = []
    for path in sorted(RULESETS_DIR.glob("*.yaml")):
        if path.stem not in SUPPORT_FILES:
            seeds.append((f"rulesets/{path.name}", {"case.yaml": path.read_text("utf-8")}))
    seeds.append(("a user file extending foster", {"case.yaml": CHILD_FOSTER}))
    seeds.append(("a user file extending 1730", {"case.yaml": CHILD_1730}))
    seeds.append(("a user file extending russian", {"case.yaml": CHILD_RUSSIAN}))
    seeds.append(("a user file extending ./parent.yaml (which extends foster)",
                  {"case.yaml": CHILD_OF_PARENT,
                   "parent.yaml": CHILD_FOSTER.replace("id: house", "id: parent")}))
    return seeds


def make_ruleset_case(seed: int, index: int) -> FileCase:
    """Case ``index`` of the ``rulesets`` target (a function of ``seed`` and ``index``)."""
    special = hostile_file_case("rulesets", seed, index)
    if special is not None:
        return special
    rng = Random(f"{seed}:rulesets:{index}")
    seeds = ruleset_seeds()
    described, files = seeds[rng.randrange(len(seeds))]
    mutations = [f"start from {described}"]
    out = {name: text.encode("utf-8") for name, text in files.items()}
    target = "case.yaml"
    if "parent.yaml" in files and rng.random() < 0.3:
        target = "parent.yaml"
        mutations.append("mutate parent.yaml")
    if rng.random() < 0.95:
        out[target] = mutate_text(rng, files[target], mutations, rng.choice([1, 1, 1, 2, 3]))
    hostile_args = rng.random() < 0.3
    options: CaseOptions = {
        "json": rng.random() < 0.3,
        "hand": rng.choice(HOSTILE_HANDS) if hostile_args and rng.random() < 0.5
        else rng.choice(HANDS),
        "hands": [rng.choice(HANDS + HOSTILE_HANDS[:6]) for _ in range(rng.randint(1, 4))],
        "simulate": simulate_args(rng, hostile_args),
    }
    return FileCase("rulesets", index, out, "case.yaml", mutations, options)


def simulate_args(rng: Random, hostile: bool) -> list[str]:
    """The arguments of ``simulate`` after the file and ``--players``: sensible ones,
    and one hostile option value when ``hostile``."""
    args = ["--hands", "3", "--seed", str(rng.randrange(1000))]
    if rng.random() < 0.3:
        args += ["--bots", rng.choice(["random", "heuristic"])]
    if rng.random() < 0.3:
        args += ["--bank", str(rng.choice([1, 2, 10, 200, BIG]))]
    if rng.random() < 0.3:
        args += ["--limit", str(rng.choice([1, 10, BIG]))]
    if hostile:
        option = rng.choice(["--hands", "--players", "--bank", "--limit", "--seed", "--bots"])
        args += [option, rng.choice(HOSTILE_ARGS)]
    return args
