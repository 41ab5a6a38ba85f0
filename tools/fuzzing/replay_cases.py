"""Cases of the ``replays`` target: the replay files of ``tests/scenarios/`` mutated in
their own fields, or as any YAML text, now and then with the version as a file beside.

A replay's own fields are its seats (names, banks, how many), dealer,
limit, seed, agreed amounts, variant and expected end, and its deals: card
and stock strings (unknown or duplicated cards, digits of other scripts,
huge numbers) and action lines (hostile words, someone else speaking, lines
duplicated, dropped or swapped, lines of the wrong shape).
"""

from __future__ import annotations

import copy
from functools import cache
from random import Random

import yaml

from .byte_mutations import mutate_bytes
from .file_case import FileCase, hostile_file_case, mutate_text
from .findings import short
from .hostile_values import HOSTILE_NAMES, HOSTILE_NUMBERS, hostile_value
from .rule_file_cases import CHILD_FOSTER
from .settings import MAX_CASE_BYTES, ROOT, RULESETS_DIR, SCENARIOS_DIR
from .yaml_trees import YamlTree, dump_yaml, load_yaml

HOSTILE_CARDS = ["11H", "0S", "1X", "ZZ", "10", "H", "٢S", "２S", "2S2S", "aH", "1H", "10♥",
                 "10♡", "99999999999999999999S", "-2S", "2s", "JH", "KH", "QS", "8S", "9S", "TS",
                 "2SS", "½S", "\x00S", "🂡", "2\u0301S", "S2", "10HH", "x" * 1000]
HOSTILE_ACTIONS = [
    "pass", "fold", "call", "force", "shuffle", "discard none", "discard -", "discard",
    "open 1", "open 0", "open -1", "open 1.5", "open ١", "open ٣", "open １",
    "open 99999999999999999999", "open " + "9" * 5000, "raise 2", "raise 0", "raise 1000000001",
    "raise ²", "discard 2S", "discard 2S 2S", "discard 11H", "discard 2S 3S 4S 9S 5H",
    "choose redeal", "choose", "choose nothing", "choose " + "x" * 500, "buy 5", "buy 0",
    "buy -5", "buy ٣", "buy ３", "buy ²", "buy 99999999999999999999", "buy " + "9" * 5000,
    "buy 1.5", "buy", "penalty showing_cards", "penalty misdeal", "penalty foul_hand",
    "penalty wrong_number_of_cards", "penalty showing_discards", "penalty", "penalty x y",
    "PASS", "Pass", "dance", "open\t2", "open 2 3", "\x00", "", "call 5", "fold now",
]


@cache
def replay_seeds() -> list[tuple[str, str]]:
    """(path from the root, text) of every scenario."""
    return [(str(path.relative_to(ROOT)), path.read_text("utf-8"))
            for path in sorted(SCENARIOS_DIR.rglob("*.yaml"))]


def mutate_replay(rng: Random, data: YamlTree) -> str:
    """One change of a replay's own fields (``data`` is changed in place); its description.

    An operation that finds nothing to change falls through to the deals.
    """
    if not isinstance(data, dict):
        return "not a mapping"
    seats_value = data.get("seats")
    seats: list[object] = seats_value if isinstance(seats_value, list) else []
    # Names a mutation left hashable (a list is no key of a mapping).
    names = [s.get("name") for s in seats
             if isinstance(s, dict) and isinstance(s.get("name"), str | int | float | None)]
    deals_value = data.get("deals")
    deals: list[object] = deals_value if isinstance(deals_value, list) else []
    op = rng.randrange(12)
    if op == 0 and seats:
        seat = rng.choice(seats)
        if isinstance(seat, dict):
            key = rng.choice(["name", "bank"])
            seat[key] = rng.choice(HOSTILE_NAMES) if key == "name" and rng.random() < 0.6 \
                else hostile_value(rng, seat.get(key))
            return f"seat {key} becomes {short(repr(seat[key]), 40)}"
    if op == 1:
        return _change_seat_count(rng, data, seats)
    if op == 2:
        data["dealer"] = rng.choice([*names, "Nobody", -1, len(seats), 10**19, True, 1.5, None,
                                     "0", "١", []])
        return f"dealer becomes {short(repr(data['dealer']), 40)}"
    if op == 3:
        return _change_setting(rng, data, names)
    if not deals:
        data["deals"] = [{"actions": ["Anna: pass"]}]
        return "a deal added"
    deal = rng.choice(deals)
    if not isinstance(deal, dict):
        return "deal not a mapping"
    if op in (4, 5):
        return _change_cards(rng, deal)
    if op in (6, 7, 8):
        return _change_action(rng, deal, names)
    if op == 9:
        deal["buy"] = rng.choice([{n: rng.choice(HOSTILE_NUMBERS)} for n in names[:2]] or [{}])
        return f"buy becomes {short(repr(deal['buy']), 40)}"
    if op == 10:
        data["deals"] = deals * rng.choice([2, 30])
        return "deals repeated"
    data["deals"] = rng.choice([[], [{}], {}, "x", [[]], [None]])
    return f"deals become {data['deals']!r}"


def _change_seat_count(rng: Random, data: dict[object, object], seats: list[object]) -> str:
    choice = rng.choice(["one", "none", "many", "dup"])
    if choice == "one":
        data["seats"] = seats[:1]
    elif choice == "none":
        data["seats"] = []
    elif choice == "many" and seats:
        data["seats"] = [{"name": f"P{i}", "bank": 10} for i in range(rng.choice([7, 53,
                                                                                   1000]))]
    elif seats:
        data["seats"] = [*seats, copy.deepcopy(seats[0])]
    return f"seats: {choice}"


def _change_setting(rng: Random, data: dict[object, object], names: list[object]) -> str:
    """A top-level field of the replay: limit, seed, agreed amounts, the seats whose
    discards are kept apart, the variant or the expected end."""
    key = rng.choice(["limit", "seed", "agreed", "keep_discards_apart", "variant", "expect"])
    if key == "agreed":
        data[key] = rng.choice([{"ante": rng.choice(HOSTILE_NUMBERS)}, {"nope": 1},
                                {"battez": 2}, {"ante": 2, "battez": 10**19}, [1], "ante"])
    elif key == "keep_discards_apart":
        data[key] = rng.choice([[*names[:1]], ["Nobody"], [0], [None], "Anna", [names[:1]]])
    elif key == "variant":
        data[key] = rng.choice(["foster", "1730", "russian", "russian-courts",
                                "encyclopedia", "1659", "rules.yaml", "./rules.yaml",
                                "../rules.yaml", "/etc/hosts.yaml", "nope", "", 1730,
                                "case.yaml", "sources", "decks"])
    elif key == "expect":
        data[key] = rng.choice([{"banks": {"Nobody": 5}}, {"pool": -1}, {"debts": [{}]},
                                {"debts": "x"}, {"dealer": 5}, {"on_table": 10**19},
                                {"banks": [1, 2]}])
    else:
        data[key] = hostile_value(rng, data.get(key))
    return f"{key} becomes {short(repr(data[key]), 60)}"


def _change_cards(rng: Random, deal: dict[object, object]) -> str:
    """A card string of a deal (a hand or the stock): a card replaced by a hostile one,
    a card given twice, a card dropped, the string repeated, or a hostile value."""
    spots: list[tuple[dict[object, object], object]] = []
    cards = deal.get("cards") or deal.get("hands")
    if isinstance(cards, dict):
        spots += [(cards, key) for key in cards]
    if isinstance(deal.get("stock"), str):
        spots.append((deal, "stock"))
    if not spots:
        deal["stock"] = " ".join(rng.choice(HOSTILE_CARDS) for _ in range(4))
        return "stock added"
    holder, key = rng.choice(spots)
    tokens = str(holder[key]).split()
    all_tokens = [t for h, k in spots for t in str(h[k]).split()]
    how = rng.randrange(5)
    if how == 0 and tokens:
        tokens[rng.randrange(len(tokens))] = rng.choice(HOSTILE_CARDS)
    elif how == 1 and all_tokens:
        tokens.append(rng.choice(all_tokens))  # a card twice
    elif how == 2 and tokens:
        del tokens[rng.randrange(len(tokens))]
    elif how == 3:
        tokens = tokens * rng.choice([2, 50])
    else:
        holder[key] = hostile_value(rng)
        return f"cards of {key!r} become {short(repr(holder[key]), 40)}"
    holder[key] = " ".join(tokens)
    if rng.random() < 0.2 and key != "stock":
        holder[rng.choice(["Nobody", 0, None, True, ""])] = holder.pop(key)
    return f"cards of {key!r} become {short(str(holder.get(key, '')), 60)!r}"


def _change_action(rng: Random, deal: dict[object, object], names: list[object]) -> str:
    """An action line of a deal: a hostile word (said by someone else now and then), the
    line duplicated, dropped or swapped, or a line of the wrong shape."""
    actions = deal.get("actions")
    if not isinstance(actions, list) or not actions:
        deal["actions"] = [f"{rng.choice(names or ['Anna'])}: {rng.choice(HOSTILE_ACTIONS)}"]
        return "actions added"
    at = rng.randrange(len(actions))
    how = rng.randrange(7)
    if how <= 2:
        current = actions[at]
        who = next(iter(current)) if isinstance(current, dict) and current else "Anna"
        if rng.random() < 0.3:  # someone else speaks (out of turn, or unknown)
            who = rng.choice([*names, "Nobody", ""]) if names else "Anna"
        actions[at] = {who: rng.choice(HOSTILE_ACTIONS)}
    elif how == 3:
        actions.insert(at, copy.deepcopy(actions[at]))
    elif how == 4:
        del actions[at]
    elif how == 5 and len(actions) > 1:
        other = rng.randrange(len(actions))
        actions[at], actions[other] = actions[other], actions[at]
    else:
        actions[at] = rng.choice([f"{rng.choice(names or ['Anna'])} pass", {"a": "pass",
                                  "b": "fold"}, ["pass"], None, 5, {"Anna": None},
                                  {"Anna": 5}, {None: "pass"}])
    return f"action {at}: {short(repr(actions[at]), 60) if at < len(actions) else 'deleted'}"


def make_replay_case(seed: int, index: int) -> FileCase:
    """Case ``index`` of the ``replays`` target (a function of ``seed`` and ``index``)."""
    special = hostile_file_case("replays", seed, index)
    if special is not None:
        return special
    rng = Random(f"{seed}:replays:{index}")
    seeds = replay_seeds()
    name, text = seeds[rng.randrange(len(seeds))]
    mutations = [f"start from {name}"]
    files: dict[str, bytes] = {}
    data = load_yaml(text)
    if rng.random() < 0.15 and isinstance(data, dict):
        # The version as a file beside the replay: a copy of the built-in one, maybe mutated.
        variant = str(data.get("variant", "foster"))
        rules = (RULESETS_DIR / f"{variant}.yaml").read_text("utf-8") \
            if (RULESETS_DIR / f"{variant}.yaml").exists() else CHILD_FOSTER
        files["rules.yaml"] = mutate_text(rng, rules, mutations, 1) if rng.random() < 0.5 \
            else rules.encode("utf-8")
        data["variant"] = "rules.yaml"
        mutations.append(f"variant: rules.yaml (a copy of {variant})")
    roll = rng.random()
    if roll < 0.6:
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutations.append(mutate_replay(rng, data))
        try:
            out = dump_yaml(data)
        except (yaml.YAMLError, RecursionError, ValueError):
            out = text.encode("utf-8")
    else:
        out = mutate_text(rng, dump_yaml(data).decode("utf-8", "surrogatepass"), mutations,
                          rng.choice([1, 2]))
    if rng.random() < 0.15:
        out, what = mutate_bytes(rng, out)
        mutations.append(what)
    files["case.yaml"] = out[:MAX_CASE_BYTES]
    return FileCase("replays", index, files, "case.yaml", mutations,
                    {"json": rng.random() < 0.3})
