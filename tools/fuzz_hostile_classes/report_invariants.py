"""What a simulation report states, read and checked independently of the project's own
check (``ambigu_rules.play.simulation_report.check_figures``), for class 13 of issue 42
(:mod:`.tampered_reports`).

A report is read strictly (:func:`read_strictly`: no ``NaN``/``Infinity``, each
key once, an object); its figures are of their kinds (:func:`shape_problems`);
they hold together (:func:`figure_problems`): the deals its blocks hold, every
count bounded by the deals, the ways deals ended adding up to them (their
shares to one), a pot of one counter at least, no figure without a deal,
counters bought only with rebuys, the counters conserved; what ``merge``
works out again is right (:func:`printed_problems`: the net, the average
pot); parts are of one run (:func:`run_problems`), and a merged report is
their sum (:func:`merge_problems`).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

#: The settings of a run: parts merge only when all agree (stated again here).
RUN_SETTINGS = ("program_version", "variant", "rules_digest", "requested", "players",
                "initial_bank", "limit", "rebuy", "seed", "bots", "block_size")
#: Whole numbers of a report that are never below zero (and their least value).
WHOLE = {"hands": 0, "requested": 1, "players": 2, "initial_bank": 0, "on_table": 0, "seed": 0,
         "tables": 0, "pot_total": 0, "pot_deals": 0, "decisions": 0, "rebuys": 0,
         "block_size": 1}
COUNT_MAPS = ("ended", "combinations_shown", "combinations_winning")
TEXTS = ("variant", "bots", "rules_digest", "program_version")
#: Figures the sums of a merge add up.
SUMMED = ("hands", "tables", "pot_total", "pot_deals", "decisions", "rebuys", "on_table")
#: Figures a tamper may set to a hostile value (``banks[0]``: the first seat's bank).
FIGURES = (*SUMMED, "seed", "requested", "initial_bank", "block_size", "players", "limit",
           "banks[0]", "bought[0]", "ended[0]", "combinations_shown[0]", "blocks[0]",
           "blocks[1]")


def is_whole(value: object) -> bool:
    return type(value) is int


# -- reading and what must hold ------------------------------------------------------------

def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"the key {key!r} is written twice")
        data[key] = value
    return data


def read_strictly(text: str) -> tuple[dict[str, Any] | None, str]:
    """A report's JSON object read strictly (no ``NaN``/``Infinity``, each key once, an
    object), or None and why not.

    >>> read_strictly('{"a": 1, "a": 2}')
    (None, "the key 'a' is written twice")
    >>> read_strictly('{"a": NaN}')[1], read_strictly('[1]')[1]
    ('NaN is not a JSON number', 'not a JSON object')
    """
    try:
        data = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_once)
    except RecursionError:
        return None, "nested too deep"
    except ValueError as error:
        return None, str(error)
    if not isinstance(data, dict):
        return None, "not a JSON object"
    return data, ""


def shape_problems(data: dict[str, Any]) -> list[str]:
    """Each figure a report is read back by, of its kind (whole numbers not below their
    least, lists of one number a seat, maps of counts, texts, a flag, the blocks)."""
    found = []
    for key, least in WHOLE.items():
        if not is_whole(data.get(key)) or data[key] < least:
            found.append(f"{key}: {data.get(key)!r} is no whole number of at least {least}")
    limit = data.get("limit")
    if limit is not None and (not is_whole(limit) or limit < 1):
        found.append(f"limit: {limit!r} is neither null nor a whole number from 1")
    players = data.get("players")
    seat_lists: tuple[tuple[str, int | None], ...] = (("banks", None), ("bought", 0))
    for key, floor in seat_lists:
        value = data.get(key)
        if not isinstance(value, list) or len(value) != players or not all(
                is_whole(item) and (floor is None or item >= floor) for item in value):
            found.append(f"{key}: {str(value)[:80]} is not one whole number a seat")
    for key in COUNT_MAPS:
        value = data.get(key)
        if not isinstance(value, dict) or not all(
                is_whole(count) and count >= 0 for count in value.values()):
            found.append(f"{key}: {str(value)[:80]} is not a map of counts")
    for key in TEXTS:
        if not isinstance(data.get(key), str):
            found.append(f"{key}: {data.get(key)!r} is not a text")
    if not (data.get("stopped_early") is None or isinstance(data.get("stopped_early"), str)):
        found.append(f"stopped_early: {data.get('stopped_early')!r} is neither null nor text")
    if not isinstance(data.get("rebuy"), bool):
        found.append(f"rebuy: {data.get('rebuy')!r} is not true or false")
    blocks = data.get("blocks")
    if not (isinstance(blocks, list) and len(blocks) == 2 and all(map(is_whole, blocks))
            and 0 <= blocks[0] < blocks[1]):
        found.append(f"blocks: {blocks!r} is not [START, END] with 0 <= START < END")
    return found


def figure_problems(data: dict[str, Any]) -> list[str]:
    """What the figures of a well-shaped report state of each other."""
    found = []
    start, end = data["blocks"]
    size, requested, hands = data["block_size"], data["requested"], data["hands"]
    if end > -(-requested // size):
        found.append(f"blocks: {start}:{end} past the run's {-(-requested // size)} blocks")
    deals = max(min(end * size, requested) - start * size, 0)
    if hands > deals or (hands < deals and data["stopped_early"] is None):
        found.append(f"hands: {hands} deals where blocks {start}:{end} hold {deals}")
    ended = sum(data["ended"].values())
    if ended != hands:
        found.append(f"ended: the ways deals ended count {ended} deals (their shares add up to "
                     f"{ended}/{hands}), not the {hands} of hands")
    for key in ("pot_deals", "tables"):
        if data[key] > hands:
            found.append(f"{key}: {data[key]}, more than the {hands} deals")
    if hands and not data["tables"]:
        found.append(f"tables: none for {hands} deals")
    if data["pot_total"] < data["pot_deals"] or (data["pot_deals"] == 0 and data["pot_total"]):
        found.append(f"pot_total: {data['pot_total']} counters in {data['pot_deals']} pots "
                     "(each pot holds one at least)")
    if hands == 0:
        for key in ("decisions", "combinations_shown", "combinations_winning"):
            value = data[key]
            if (sum(value.values()) if isinstance(value, dict) else value):
                found.append(f"{key}: figures without a deal")
    bought = data["bought"]
    if not data["rebuy"] and (data["rebuys"] or any(bought)):
        found.append("rebuys: counters bought in a run without rebuys")
    if sum(bought) < data["rebuys"]:
        found.append(f"bought: {sum(bought)} counters in {data['rebuys']} rebuys")
    held = sum(data["banks"]) + data["on_table"]
    brought = data["players"] * data["initial_bank"] + sum(bought)
    if held != brought:
        found.append(f"banks: the banks and the table hold {held} counters, not the {brought} "
                     "brought and bought")
    return found


def printed_problems(data: dict[str, Any]) -> list[str]:
    """What must hold of the figures ``merge`` works out (the net, the average pot)."""
    found = []
    net = data.get("net")
    want = [bank - data["initial_bank"] - bought
            for bank, bought in zip(data["banks"], data["bought"], strict=True)]
    if net != want:
        found.append(f"net: {str(net)[:80]}, not the banks less what was brought and bought "
                     f"({str(want)[:80]})")
    average, pots = data.get("average_pot"), data["pot_deals"]
    if not isinstance(average, int | float) or isinstance(average, bool) or \
            not math.isfinite(average):
        found.append(f"average_pot: {average!r} is not a finite number")
    elif not math.isclose(average, data["pot_total"] / pots if pots else 0.0, rel_tol=1e-9):
        found.append(f"average_pot: {average}, not {data['pot_total']} / {pots}")
    return found


def report_problems(data: dict[str, Any], printed: bool = False) -> list[str]:
    """Every invariant a report breaks (``printed``: also those of what ``merge`` prints)."""
    found = shape_problems(data)
    if found:
        return found
    found = figure_problems(data)
    return found + printed_problems(data) if printed else found


def run_problems(parts: Sequence[dict[str, Any]]) -> list[str]:
    """Why well-shaped parts are not parts of one run: a setting that differs, blocks that
    overlap or leave a gap."""
    found = [f"{key}: {part.get(key)!r} in one part, {parts[0].get(key)!r} in another"
             for key in RUN_SETTINGS for part in parts[1:] if part.get(key) != parts[0].get(key)]
    spans = sorted(tuple(part["blocks"]) for part in parts)
    found += [f"blocks: {a}:{b} then {c}:{d}" for (a, b), (c, d) in pairwise(spans)
              if c != b]
    return found


def merge_problems(parts: Sequence[dict[str, Any]], merged: dict[str, Any]) -> list[str]:
    """Where the merged figures are not those of the parts added up."""
    found = [f"{key}: {merged.get(key)!r}, not the parts' {parts[0].get(key)!r}"
             for key in RUN_SETTINGS if merged.get(key) != parts[0].get(key)]
    spans = sorted(part["blocks"] for part in parts)
    if merged.get("blocks") != [spans[0][0], spans[-1][1]]:
        found.append(f"blocks: {merged.get('blocks')!r}, not {spans[0][0]}:{spans[-1][1]}")
    for key in SUMMED:
        if merged.get(key) != sum(part[key] for part in parts):
            found.append(f"{key}: {merged.get(key)!r}, not the parts' sum "
                         f"{sum(part[key] for part in parts)}")
    for key in COUNT_MAPS:
        total: Counter[str] = Counter()
        for part in parts:
            total.update(part[key])
        if Counter(merged.get(key) or {}) != +total:
            found.append(f"{key}: not the parts' counts added up")
    bank = parts[0]["initial_bank"]
    seats = range(parts[0]["players"])
    banks = [bank + sum(part["banks"][seat] - bank for part in parts) for seat in seats]
    bought = [sum(part["bought"][seat] for part in parts) for seat in seats]
    if merged.get("banks") != banks or merged.get("bought") != bought:
        found.append(f"banks: {str(merged.get('banks'))[:60]} and bought "
                     f"{str(merged.get('bought'))[:60]}, not what the parts' seats won and "
                     f"bought ({banks}, {bought})")
    if (merged.get("stopped_early") is None) != all(p["stopped_early"] is None for p in parts):
        found.append("stopped_early: not said where a part stopped early, or said where none did")
    return found
