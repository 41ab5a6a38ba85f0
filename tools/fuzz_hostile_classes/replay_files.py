"""Hostile-class cases of the ``replays`` target: replay files (``tests/scenarios/``) made
to show one class each."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import yaml

from .cases import (
    BINARY_VALUES,
    MARK,
    MAX_FILE_BYTES,
    SURROGATE_ESCAPES,
    HostileCase,
    Quoted,
    builtin_data,
    control_escape,
    dump,
    load,
    peek,
    scenarios,
)
from .rule_files import HOSTILE_PATHS, plant_line_breaks
from .text import quoted

MAIN = "case.yaml"
CALL_KEYS = ("stand_call", "draw_call", "pass_call", "open_call", "shuffle_call")
#: Words of an action line after which the deal is no plain script (a redeal, a
#: penalty, a choice, a player leaving): the cards a player receives are not counted.
IRREGULAR = re.compile(r"\b(penalty|choose|leave|buy|redeal|time up)\b")


def _scenario(rng: Random, want: Any = None) -> tuple[str, Any]:
    """A scenario's path and data (one that ``want(data)`` accepts, if given)."""
    pool = list(scenarios())
    if want is not None:
        pool = [(name, text) for name, text in pool if want(peek(text))] or pool
    name, text = rng.choice(pool)
    return name, load(text)


def _action_words(action: Any) -> tuple[str | None, str, bool]:
    """``(who, what, refused)`` of an action line (``{Anna: pass}`` or ``"Anna: pass"``)."""
    if isinstance(action, dict):
        refused = "refused" in action
        rest = [(k, v) for k, v in action.items() if k != "refused"]
        if len(rest) == 1:
            return str(rest[0][0]), str(rest[0][1]), refused
        return None, "", refused
    if isinstance(action, str) and ":" in action:
        who, _, what = action.partition(":")
        return who.strip(), what.strip(), False
    return None, str(action), False


def plain_deals(data: Any) -> list[tuple[int, dict[str, Any]]]:
    """The deals whose cards are scripted and whose players only draw what they discard."""
    found = []
    deals = data.get("deals") if isinstance(data, dict) else None
    for index, deal in enumerate(deals if isinstance(deals, list) else []):
        if not isinstance(deal, dict) or not isinstance(deal.get("cards"), dict) or any(
                key in deal for key in ("redeals", "refused", "refill", "stock", "buy")):
            continue
        words = [_action_words(a) for a in deal.get("actions") or []]
        if any(IRREGULAR.search(what) or who is None for who, what, _ in words):
            continue
        found.append((index, deal))
    return found


def received(deal: dict[str, Any], name: str) -> int:
    """How many cards ``name`` is served in a plain deal: four, then one per card he
    discards (an action refused on purpose discards nothing)."""
    count = 4
    for action in deal.get("actions") or []:
        who, what, refused = _action_words(action)
        words = what.split()
        if who == name and not refused and words[:1] == ["discard"]:
            count += len([w for w in words[1:] if w not in ("none", "-")])
    return count


# -- class 4: long and inconsistent scripts ---------------------------------------------

SCRIPT_VARIANTS = ("extra cards", "stock repeats hand cards", "long cards", "long stock",
                   "long redeal", "many redeals")


def _busiest(rng: Random) -> tuple[str, Any]:
    """A scenario with the plain deal of the most actions (what is done per action is
    then done most often)."""
    def actions(data: Any) -> int:
        return max((len(deal.get("actions") or []) for _, deal in plain_deals(data)),
                   default=0)

    most = max(actions(peek(text)) for _, text in scenarios())
    return _scenario(rng, lambda data: actions(data) == most)


def make_scripts(rng: Random) -> HostileCase:
    variant = rng.choice(SCRIPT_VARIANTS)
    if variant in ("long redeal", "many redeals"):
        name, data = _busiest(rng)
        deals = plain_deals(data)
        index, deal = max(deals, key=lambda item: len(item[1].get("actions") or []))
    else:
        name, data = _scenario(rng, plain_deals)
        index, deal = rng.choice(plain_deals(data) or [(0, {"cards": {}})])
    cards = deal.setdefault("cards", {})
    player = rng.choice(sorted(cards) or ["Anna"])
    script = str(cards.get(player, "")).split()
    tokens = [t for text in cards.values() for t in str(text).split()] or ["2S"]
    base = len(dump(data))
    budget = max(1000, (MAX_FILE_BYTES - base - 8192) // (max(map(len, tokens)) + 1))
    # Sizes a linear reading takes well under SLOW_SECONDS for (a 100,000-card script
    # takes about 2 s, 10,000 redeals about 1 s); a quadratic one runs past --timeout.
    count = min(rng.choice([2000, 10_000, 50_000, 100_000]), budget)
    # Every variant is inconsistent, so refused: cards scripted that are never served (a
    # redeal scripted in a deal never redealt, too), or a stock that repeats dealt cards.
    linear = variant.startswith(("long", "many"))
    if variant == "extra cards":
        extra = max(0, received(deal, player) - len(script)) + rng.randint(1, 3)
        cards[player] = " ".join(script + [rng.choice(tokens) for _ in range(extra)])
        what = f"{extra} cards more than {player} is served (4 and one per card discarded)"
    elif variant == "stock repeats hand cards":
        repeated = rng.sample(script[:4], rng.randint(1, min(4, len(script)))) if script \
            else tokens[:1]
        deal["stock"] = " ".join(repeated)
        what = f"a stock {' '.join(repeated)!r} of cards dealt to {player}"
    elif variant == "long cards":
        cards[player] = " ".join(script + [rng.choice(tokens) for _ in range(count)])
        what = f"{count} more cards for {player}"
    elif variant == "long stock":
        deal["stock"] = " ".join(rng.choice(tokens) for _ in range(count))
        what = f"a stock of {count} cards (repeating)"
    elif variant == "long redeal":
        deal["redeals"] = [{player: " ".join(rng.choice(tokens) for _ in range(count))}]
        what = f"a redeal of {count} cards for {player}"
    else:
        count = min(count // 4, 10_000)
        deal["redeals"] = [{player: " ".join(script[:4] or tokens[:4])}] * count
        what = f"{count} redeals"
    return HostileCase(
        "scripts", {MAIN: dump(data)[:MAX_FILE_BYTES]}, MAIN,
        [f"start from {name}", f"hostile class 4 (replay scripts): deal {index + 1}, "
         f"{variant}: {what}"],
        {"variant": variant, "refuse": True, "linear": linear})


# -- classes 5 and 6: control characters and lone surrogates in a replay -----------------

def rename(node: Any, old: str, new: str | bytes) -> Any:
    """The tree with the seat name ``old`` written ``new`` everywhere it names the seat."""
    if isinstance(node, dict):
        return {(new if key == old else key): rename(value, old, new)
                for key, value in node.items()}
    if isinstance(node, list):
        return [rename(item, old, new) for item in node]
    if node == old:
        return new
    if isinstance(new, str) and isinstance(node, str) and node.startswith(f"{old}:"):
        return Quoted(new + node[len(old):])
    return node


def _seat_names(data: Any) -> list[str]:
    seats = data.get("seats") if isinstance(data, dict) else None
    return [s["name"] if isinstance(s, dict) else s for s in seats or []
            if isinstance(s, dict | str) and isinstance(s["name"] if isinstance(s, dict)
                                                         else s, str)]


def _plant(rng: Random, data: Any, text: Any, places: tuple[str, ...]) -> tuple[
        Any, Any, str]:
    """Put ``text`` (a :class:`Quoted` holding :data:`MARK`, or bytes) at one of
    ``places``: a seat's name, the title, a call of the version (whose copy, returned,
    goes beside the replay as ``rules.yaml``), an action line or a card string.
    Returns the replay's data, the copied version's data (or None) and the place."""
    names = _seat_names(data)
    place = rng.choice([p for p in places if p != "seat name" or names] or ["title"])
    if place == "seat name":
        old = rng.choice(names)
        new = text if isinstance(text, bytes) else Quoted(str(text).replace("Text", old[:2]))
        return rename(data, old, new), None, f"the seat name {old!r}"
    if place == "call" and str(data.get("variant")) in ("foster", "1730", "russian",
                                                        "encyclopedia", "russian-courts"):
        rules = builtin_data(str(data["variant"]))
        rules["id"] = "house_copy"
        steps = [s for s in rules.get("procedure", []) if any(k in s for k in CALL_KEYS)]
        if steps:
            step = rng.choice(steps)
            key = rng.choice([k for k in CALL_KEYS if k in step])
            step[key] = text
            data["variant"] = "rules.yaml"
            return data, rules, f"{step['id']}.{key} of rules.yaml (the replay's variant)"
    deals = plain_deals(data)
    if place in ("action", "cards") and deals:
        _, deal = rng.choice(deals)
        if place == "action" and deal.get("actions"):
            at = rng.randrange(len(deal["actions"]))
            who, what, _ = _action_words(deal["actions"][at])
            verb = what.split()[0] if what else "pass"
            deal["actions"][at] = {who: Quoted(f"{verb} {MARK}")}
            return data, None, f"action {at + 1} of a deal"
        seat = rng.choice(sorted(deal["cards"]))
        deal["cards"][seat] = Quoted(f"{deal['cards'][seat]} {MARK}")
        return data, None, f"the cards of {seat}"
    data["title"] = text
    return data, None, "the title"


def _files(data: Any, rules: Any, spelled: str) -> dict[str, bytes]:
    files = {MAIN: dump(data, spelled)}
    if rules is not None:
        files["rules.yaml"] = dump(rules, spelled)
    return files


def make_escapes(rng: Random) -> HostileCase:
    name, data = _scenario(rng)
    spelled = ""
    if rng.random() < 0.2:
        value: Any = rng.choice(BINARY_VALUES)
        planted = f"!!binary of {value!r}"
    else:
        _, spelled = control_escape(rng)
        value = Quoted(f"Text {MARK} here")
        planted = f'"{spelled}"'
    data, rules, where = _plant(rng, data, value, ("seat name", "seat name", "title", "call",
                                                   "call"))
    return HostileCase(
        "escapes", _files(data, rules, spelled), MAIN,
        [f"start from {name}", f"hostile class 5 (escaped control characters): {planted} in "
         f"{where}"], {"place": where}, {"json": rng.random() < 0.5})


def make_surrogates(rng: Random) -> HostileCase:
    name, data = _scenario(rng)
    spelled = rng.choice(SURROGATE_ESCAPES)
    data, rules, where = _plant(rng, data, Quoted(f"Text {MARK} here"),
                                ("seat name", "title", "call", "action", "cards"))
    return HostileCase(
        "surrogates", _files(data, rules, spelled), MAIN,
        [f"start from {name}", f"hostile class 6 (lone surrogates): \"{spelled}\" in "
         f"{where}"], {"place": where}, {"json": rng.random() < 0.7})


# -- class 7: a hostile variant: path ---------------------------------------------------

def make_paths(rng: Random) -> HostileCase:
    name, data = _scenario(rng)
    path = rng.choice(HOSTILE_PATHS)
    data["variant"] = Quoted(MARK)
    shown = repr(path) if len(repr(path)) < 60 else repr(path)[:48] + f"...({len(path)} ch)"
    return HostileCase("paths", {MAIN: dump(data, quoted(path)[1:-1])}, MAIN,
                       [f"start from {name}", f"hostile class 7 (hostile path names): "
                        f"variant: {shown}"], {"path": path})


# -- class 9: merge keys in the seats ------------------------------------------------------

MERGE_SEAT_FORMS = ("override after <<: *a", "flow {<<: *a, key}", "<<: [*a, *b] sharing keys")


def merged_seats(seats: list[dict[str, Any]], form: str) -> str:
    """The seats written with merge keys: the first seat anchored, each later one merging
    it (and the second) and overriding the name and the bank."""
    lines = ["seats:", f"  - &s0 {{name: {quoted(seats[0]['name'])}, bank: {seats[0]['bank']}}}"]
    for i, seat in enumerate(seats[1:], start=1):
        name, bank = quoted(seat["name"]), seat["bank"]
        if form == "flow {<<: *a, key}":
            lines.append(f"  - {{<<: *s0, name: {name}, bank: {bank}}}")
        elif form == "<<: [*a, *b] sharing keys" and i >= 2:
            lines += ["  - <<: [*s1, *s0]", f"    name: {name}", f"    bank: {bank}"]
        else:
            lines += [f"  - &s{i}" if i == 1 else "  -", "    <<: *s0",
                      f"    name: {name}", f"    bank: {bank}"]
    return "\n".join(lines) + "\n"


def make_merges(rng: Random) -> HostileCase:
    def dict_seats(data: Any) -> bool:
        seats = data.get("seats") if isinstance(data, dict) else None
        return isinstance(seats, list) and len(seats) >= 2 and all(
            isinstance(s, dict) and set(s) == {"name", "bank"} for s in seats)

    name, data = _scenario(rng, dict_seats)
    if not dict_seats(data):
        data["seats"] = [{"name": "Anna", "bank": 50}, {"name": "Ben", "bank": 50}]
    form = rng.choice(MERGE_SEAT_FORMS)
    seats = data.pop("seats")
    text = merged_seats(seats, form) + dump(data).decode("utf-8", "surrogatepass")
    expanded = dump(yaml.safe_load(text))
    return HostileCase(
        "merges", {MAIN: text.encode("utf-8", "surrogatepass"), "expanded.yaml": expanded},
        MAIN, [f"start from {name}", f"hostile class 9 (YAML merges): seats written with "
               f"{form} (expanded.yaml: the same replay without merges)"],
        {"form": form, "path": ["seats", 1, "name"], "value": seats[1]["name"],
         "expanded": "expanded.yaml"}, extra=[["replay", "expanded.yaml"]])


# -- class 10: line breaks editors do not show ----------------------------------------------

def make_line_breaks(rng: Random) -> HostileCase:
    name, text = rng.choice(scenarios())
    lines = text.rstrip("\n").splitlines()
    top_keys = [i for i, line in enumerate(lines) if line[:1].isalpha()]
    spots = [i for i in top_keys if re.match(r"(title|variant|dealer|seed|limit): ", lines[i])]
    spots = spots or top_keys[:1]
    lines, planted, error_line, how = plant_line_breaks(rng, lines, spots, top_keys)
    return HostileCase(
        "line-breaks", {MAIN: ("\n".join(lines) + "\n").encode()}, MAIN,
        [f"start from {name}", f"hostile class 10 (line breaks editors do not show): {how}; "
         f"an unknown key at line {error_line} (lines counted by \\n)"],
        {"lines": planted, "error_line": error_line})
