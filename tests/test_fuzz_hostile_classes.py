"""``tools/fuzz_hostile_classes/``: each generator makes the class it claims, and each
finding check recognises a planted failure and passes a correct answer.

The generators are read back with PyYAML (what the file says, not what the
package makes of it); the checks are fed fake runs (a raw ESC on stdout, exit
0 for an impersonating id, a message on the wrong line...). Whether the
package has such defects today is for ``make fuzz`` to say, not these tests.
"""

from __future__ import annotations

import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass
from random import Random
from typing import Any

import pytest
import yaml

from conftest import ROOT

if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

import fuzz_hostile_classes as hostile
from fuzz_hostile_classes import cases, oracles, replay_files, rule_files, text

SEEDS = range(40)


def rng(tag: str, seed: int) -> Random:
    return Random(f"test:{tag}:{seed}")


def parsed(case: cases.HostileCase, name: str | None = None) -> Any:
    return yaml.safe_load(case.files[name or case.main].decode("utf-8", "surrogatepass"))


def every_variant(make: Any, key: str, wanted: set[str], tag: str) -> dict[str, Any]:
    """The first case of each value of ``expect[key]`` among seeded cases."""
    found: dict[str, Any] = {}
    for seed in range(400):
        case = make(rng(tag, seed))
        found.setdefault(case.expect[key], case)
        if set(found) >= wanted:
            return found
    raise AssertionError(f"never made {wanted - set(found)}")


def strings(node: Any) -> list[Any]:  # every key and scalar of a tree
    if isinstance(node, dict):
        return [item for key, value in node.items() for item in (key, *strings(value))]
    if isinstance(node, list):
        return [item for value in node for item in strings(value)]
    return [node]


@dataclass
class FakeRun:
    argv: list[str]
    status: int | None = 0
    stdout: str = ""
    stderr: str = ""
    seconds: float = 0.1


# -- the registry ---------------------------------------------------------------------


@pytest.mark.parametrize("target", ["rulesets", "replays"])
def test_a_share_of_the_cases_is_hostile_and_every_class_comes_up(target: str) -> None:
    made = [hostile.make_case(target, 0, index) for index in range(300)]
    tags = Counter(case.expect["class"] for case in made if case is not None)
    assert set(tags) == {c.tag for c in hostile.CLASSES if target in c.makers}
    assert 0.2 < sum(tags.values()) / len(made) < 0.5  # SHARE is 0.35


def test_the_ten_classes_make_cases_as_a_function_of_seed_target_and_number() -> None:
    assert [c.number for c in hostile.CLASSES] == list(range(1, 11))
    assert hostile.class_of("scripts").makers.keys() == {"replays"}
    assert hostile.class_of("values").label == "class 2 (values)"
    first = [hostile.make_case("replays", 3, i) for i in range(30)]
    again = [hostile.make_case("replays", 3, i) for i in range(30)]
    assert [(c.files, c.expect) if c else None for c in first] == \
        [(c.files, c.expect) if c else None for c in again]
    only = [hostile.make_case("rulesets", 3, i, only="dag") for i in range(5)]
    assert all(c is not None and c.expect["class"] == "dag" for c in only)


# -- class 1: ids -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_the_id_generator_writes_an_unsafe_id(seed: int) -> None:
    case = rule_files.make_ids(rng("ids", seed))
    data = parsed(case)
    if case.expect["where"] == "id":
        written = data["id"]
    else:  # a combination's id, in the ranking too
        (written,) = [c["id"] for c in data["combinations"] if text.id_problem(c["id"])]
        order = [i for tier in data["ranking"]["order"]
                 for i in (tier if isinstance(tier, list) else [tier])]
        assert written in order
    assert written == case.expect["id"]
    assert text.id_problem(written) is not None
    assert not text.SAFE_ID.fullmatch(written)


def test_the_id_generator_also_renames_a_combination_everywhere() -> None:
    data = cases.builtin_data("foster")
    rule_files.rename_combination(data, "prime", "<b>x</b>")
    tricon_prime = next(c for c in data["combinations"] if c["id"] == "tricon_prime")
    assert tricon_prime["parts"] == ["tricon", {"best_of": ["grand_prime", "<b>x</b>"]}]
    assert "<b>x</b>" in data["ranking"]["order"] and "prime" not in data["ranking"]["order"]
    wheres = {rule_files.make_ids(rng("ids", s)).expect["where"] != "id" for s in SEEDS}
    assert wheres == {True, False}


def test_an_accepted_unsafe_id_inside_the_file_is_a_finding() -> None:
    expect = {"class": "ids", "id": "<b>x</b>", "where": "the combination 'prime'"}
    (problem,) = hostile.check(expect, [], {"ids": [("combinations[1].id", "<b>x</b>"),
                                                   ("procedure[0].id", "blind")]})
    assert (problem.kind, problem.signature) == ("unsafe-id", "nested-id:slash")
    assert hostile.check(expect, [], {"ids": [("combinations[1].id", "prime")]}) == []
    assert hostile.check(expect, [], None) == []


def test_the_accepted_id_check_flags_an_unsafe_id_and_passes_a_safe_one() -> None:
    (problem,) = oracles.accepted_id_problems("../../../tmp/x")
    assert problem.kind == "unsafe-id" and "outside its folder" in problem.message
    assert oracles.accepted_id_problems("a\\b")[0].signature == "id:backslash"
    assert oracles.accepted_id_problems("x\x00y")[0].signature == "id:nul"
    assert oracles.accepted_id_problems("x" * 65)[0].signature == "id:long"
    assert oracles.accepted_id_problems("foster\u200b")[0].signature == "id:character"
    for safe in ("house", "russian-courts", "1730", "my_rules-2", "x" * 64):
        assert oracles.accepted_id_problems(safe) == []


# -- class 2: values past 16 bits ----------------------------------------------------------


def file_value(data: Any, combination: str, hand_pips: int) -> int:
    """A hand's value from the file alone (its own value or value_if, plus its parts'
    when it adds them), for the hands of VALUE_SHAPES."""
    combos = {c["id"]: c for c in data["combinations"]}
    item = combos[combination]
    value = item.get("value", 0)
    for rule in item.get("value_if") or []:
        if hand_pips > rule["when"]["pips"]["gt"]:
            value = rule["value"]
            break
    if item.get("payment") == "adds":
        parts = {"flush_sequence": ("flush", "sequence"), "tricon_prime": ("tricon", "prime")}
        value += sum(combos[part]["value"] for part in parts[combination])
    return value


def pips(hand: str) -> int:
    return sum(int(card[:-1]) for card in hand.split())


@pytest.mark.parametrize("seed", SEEDS)
def test_the_value_generator_plants_values_past_16_bits_the_file_adds_up_to(seed: int) -> None:
    case = rule_files.make_values(rng("values", seed))
    expect = case.expect
    data = parsed(case)
    if data.get("extends") == "foster":  # the house file: its combinations over Foster's
        base = {c["id"]: c for c in cases.builtin_data("foster")["combinations"]}
        for item in data["combinations"]:
            base[item["id"]] = {**base[item["id"]], **item}
        data = {"combinations": list(base.values())}
    assert file_value(data, expect["combination"], pips(expect["hand"])) == expect["value"]
    assert 32_767 <= expect["value"] <= cases.BIG
    assert case.options["hand"] == expect["hand"] and case.options["json"]


def test_the_value_generator_is_right_where_the_package_is_sure_to_be(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    # Below 16 bits the evaluator has always been right: the generator's arithmetic
    # (what the file makes a hand worth) is checked against it there.
    from ambigu_rules.load.versions import evaluator_for_variant

    monkeypatch.setattr(rule_files, "big_value", lambda r: r.randint(100, 9000))

    class NoSmallSums(Random):
        def random(self) -> float:  # never the branch of three parts near 32,767
            return 0.9

    for shape, hands, combination, names in rule_files.VALUE_SHAPES:
        changes, value = rule_files.planted_values(NoSmallSums(shape), shape, names)
        items = [{"id": n, **c, **rule_files.EDITORIAL} for n, c in changes.items()]
        block = "".join("  " + line + "\n" for line in yaml.safe_dump(
            items, sort_keys=False).splitlines())
        path = tmp_path / f"{combination}-{shape}.yaml"
        path.write_text(cases.house(combinations=block), encoding="utf-8")
        for hand in hands:
            got = evaluator_for_variant(str(path)).evaluate(hand)
            assert (got.combination_id, got.value) == (combination, value), (shape, hand)


def test_the_value_check_flags_a_wrong_or_negative_value_and_passes_the_right_one() -> None:
    expect = {"class": "values", "hand": "2H 2D 2C 2S", "combination": "fredon",
              "value": 40_000}
    evaluate = ["evaluate", "case.yaml", "2H 2D 2C 2S", "--json"]
    wrapped = FakeRun(evaluate, stdout='{"value": -25536}')
    right = FakeRun(evaluate, stdout='{"value": 40000}')
    assert [p.signature for p in hostile.check(expect, [wrapped])] == ["evaluate:negative"]
    text_form = FakeRun(evaluate[:3], stdout="2♥ 2♦ 2♣ 2♠: Fredon (fredon), worth 7232 from "
                        "each other player")
    assert [p.signature for p in hostile.check(expect, [text_form])] == ["evaluate:differs"]
    assert hostile.check(expect, [right], {"value": 40_000, "combination": "fredon"}) == []
    api = hostile.check(expect, [right], {"value": -25_536, "combination": "fredon"})
    assert [(p.kind, p.signature) for p in api] == [("wrong-value", "api:negative")]
    refused = FakeRun(evaluate, status=2, stderr="case.yaml:3:5: value: too big")
    assert hostile.check(expect, [refused]) == []


# -- class 3: DAG-shaped parts ------------------------------------------------------------


@pytest.mark.parametrize("shape", rule_files.DAG_SHAPES)
def test_the_dag_generator_builds_each_combination_of_earlier_ones(shape: str) -> None:
    items = rule_files.dag_combinations(30, shape, "own")
    ids = [item["id"] for item in items]
    assert len(set(ids)) == 30
    for index, item in enumerate(items):
        parts = [p for part in item.get("parts", [])
                 for p in (part["best_of"] if isinstance(part, dict) else [part])]
        assert all(ids.index(p) < index for p in parts)  # earlier ones only: no cycle
        if index >= 2:
            assert ids[index - 1] in parts and ids[index - 2] in parts
        else:
            assert "when" in item and not parts
    if shape == "two before":
        assert items[10]["parts"] == [ids[9], ids[8]]


@pytest.mark.parametrize("seed", SEEDS[:10])
def test_the_dag_case_is_a_whole_rule_file_of_20_to_64_combinations(seed: int) -> None:
    case = rule_files.make_dag(rng("dag", seed))
    data = parsed(case)
    n = case.expect["n"]
    assert 20 <= n <= 64 and len(data["combinations"]) == n
    assert data["ranking"]["order"] == [c["id"] for c in data["combinations"]]
    assert case.expect["linear"]


def test_a_slow_command_on_a_linear_case_is_a_finding() -> None:
    expect = {"class": "dag", "linear": True}
    slow = FakeRun(["odds", "case.yaml"], seconds=oracles.SLOW_SECONDS + 2)
    assert [p.kind for p in hostile.check(expect, [slow])] == ["slow"]
    assert hostile.check(expect, [FakeRun(["odds", "case.yaml"], seconds=0.4)]) == []
    assert hostile.check({"class": "ids"}, [slow]) == []  # not a case that must be quick


# -- class 4: long and inconsistent scripts -------------------------------------------------


def test_the_script_generator_makes_every_variant_as_it_says() -> None:
    made = every_variant(replay_files.make_scripts, "variant",
                         set(replay_files.SCRIPT_VARIANTS), "scripts")
    for variant, case in made.items():
        data = parsed(case)
        assert len(case.files[case.main]) < cases.MAX_FILE_BYTES
        deals = [d for d in data["deals"] if d.get("stock") or d.get("redeals")
                 or variant in ("extra cards", "long cards")]
        scripts = {name: str(cards).split() for deal in deals
                   for name, cards in deal["cards"].items()}
        if variant == "extra cards":
            assert any(len(scripts[name]) > replay_files.received(deal, name)
                       for deal in deals for name in deal["cards"])
        elif variant == "stock repeats hand cards":
            (deal,) = [d for d in data["deals"] if d.get("stock")]
            dealt = {card for cards in deal["cards"].values() for card in cards.split()[:4]}
            assert set(deal["stock"].split()) <= dealt
        elif variant == "long cards":
            assert max(map(len, scripts.values())) >= 2000
        elif variant == "long stock":
            assert max(len(d["stock"].split()) for d in deals) >= 2000
        elif variant == "long redeal":
            assert max(len(c.split()) for d in deals for r in d["redeals"]
                       for c in r.values()) >= 2000
        else:
            assert max(len(d["redeals"]) for d in deals) >= 500
        assert case.expect["refuse"]  # cards never served, or a stock of dealt cards
        assert case.expect["linear"] == variant.startswith(("long", "many"))


def test_a_replay_that_plays_an_inconsistent_script_is_a_finding() -> None:
    expect = {"class": "scripts", "variant": "extra cards", "refuse": True, "linear": False}
    for status in (0, 1):
        (problem,) = hostile.check(expect, [FakeRun(["replay", "case.yaml"], status=status)])
        assert problem.kind == "accepted-inconsistent"
    assert hostile.check(expect, [FakeRun(["replay", "case.yaml"], status=2)]) == []
    merely_long = {**expect, "refuse": False}
    assert hostile.check(merely_long, [FakeRun(["replay", "case.yaml"], status=0)]) == []


# -- classes 5 and 6: escapes and lone surrogates ---------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_the_escape_generator_writes_an_escape_that_pyyaml_reads_as_the_control(
        seed: int) -> None:
    case = rule_files.make_escapes(rng("escapes", seed))
    value = rule_files.get_at(parsed(case), case.expect["path"])
    source = case.files[case.main].decode("utf-8")
    if isinstance(value, bytes):  # !!binary
        assert "!!binary" in source and repr(value) == case.expect["char"]
        assert text.text_problem(value.decode("utf-8")) is not None
    else:
        char = case.expect["char"]
        assert char in value and text.category(char) is not None
        assert char not in source  # written as an escape, never raw


@pytest.mark.parametrize("seed", SEEDS)
def test_the_replay_escape_generator_plants_a_control_in_the_replay_or_its_rules(
        seed: int) -> None:
    case = replay_files.make_escapes(rng("replay-escapes", seed))
    found = [item for name in case.files for item in strings(parsed(case, name))
             if isinstance(item, bytes) or (isinstance(item, str)
                                            and text.text_problem(item) is not None)]
    assert found, case.mutations
    if "rules.yaml" in case.files:
        assert parsed(case)["variant"] == "rules.yaml"


@pytest.mark.parametrize("maker", [rule_files.make_surrogates, replay_files.make_surrogates],
                         ids=["rulesets", "replays"])
def test_the_surrogate_generator_plants_a_lone_surrogate_the_file_spells_as_an_escape(
        maker: Any) -> None:
    for seed in SEEDS:
        case = maker(rng("surrogates", seed))
        for data in case.files.values():
            data.decode("utf-8")  # strict: no raw surrogate in the bytes
        found = [item for name in case.files for item in strings(parsed(case, name))
                 if isinstance(item, str) and text.text_problem(item) == "surrogate"]
        assert found, case.mutations


def test_the_output_check_flags_every_raw_control_and_passes_clean_text() -> None:
    def families(**streams: str) -> list[str]:
        return [p.signature for p in hostile.output_problems(FakeRun(["show", "x"], **streams))]

    assert families(stdout="title: \x1b[31mred\x1b[0m\n") == ["show:stdout:C0"]
    assert families(stderr="case.yaml:1:1: bad \x07\n") == ["show:stderr:C0"]
    assert families(stdout="a\tb") == ["show:stdout:C0"]  # none at all in a line
    assert families(stdout="\x85 \x9b") == ["show:stdout:C1"]
    assert families(stdout="\u202eevil\u2066") == ["show:stdout:bidi"]
    assert families(stdout="a\u2028b") == ["show:stdout:separator"]
    assert families(stdout="x \ud800") == ["show:stdout:surrogate"]
    assert families(stdout="\x7f") == ["show:stdout:DEL"]
    clean = "2♥ 2♦ 2♣ 2♠: Fredon — ÿ «ok» 'Ѳ'\nline two\n"
    assert families(stdout=clean, stderr="case.yaml:3:5: 'a\\x1b' is not allowed\n") == []


def test_the_text_check_flags_an_accepted_control_and_passes_an_accepted_clean_file() -> None:
    planted = {"title": "House \x1b[31m", "names": {"fr\ud800": "x"}, "note": "a\nb\tc"}
    bad = list(text.bad_texts(planted))
    assert {family for _, family, _ in bad} == {"C0", "surrogate"}
    problems = hostile.check({"class": "escapes"}, [], {"bad": bad})
    assert {p.kind for p in problems} == {"accepted-control"} and len(problems) == 2
    clean = list(text.bad_texts(cases.builtin_data("foster")))
    assert clean == []
    assert hostile.check({"class": "surrogates"}, [], {"bad": []}) == []
    assert hostile.check({"class": "surrogates"}, [], None) == []  # refused: nothing accepted


# -- class 7: hostile paths -------------------------------------------------------------------


def hostile_path(path: str) -> bool:
    raw = path.encode("utf-8", "surrogatepass")
    return ("\x00" in path or "\n" in path or any(text.category(c) for c in path)
            or any(len(part) > 255 for part in raw.split(b"/")) or len(raw) > 4096)


def test_every_path_of_the_class_is_hostile() -> None:
    assert all(hostile_path(path) for path in rule_files.HOSTILE_PATHS)
    assert not hostile_path("./parent.yaml")


@pytest.mark.parametrize("maker", [rule_files.make_paths, replay_files.make_paths],
                         ids=["extends", "variant"])
def test_the_path_generator_names_the_version_by_a_hostile_path(maker: Any) -> None:
    for seed in SEEDS[:20]:
        case = maker(rng("paths", seed))
        named = [data.get("extends") or data.get("variant")
                 for name in case.files for data in [parsed(case, name)]]
        assert case.expect["path"] in named


def test_a_hostile_path_not_refused_with_status_2_is_a_finding() -> None:
    expect = {"class": "paths", "path": "foster\x00.yaml"}
    crash = FakeRun(["validate", "case.yaml"], status=None)  # a traceback
    assert [p.signature for p in hostile.check(expect, [crash])] == ["validate:None"]
    assert [p.kind for p in hostile.check(expect, [FakeRun(["replay", "case.yaml"])])] == \
        ["path-not-refused"]
    refused = FakeRun(["validate", "case.yaml"], status=2,
                      stderr="case.yaml:6:10: extends: a control character\n")
    assert hostile.check(expect, [refused]) == []


# -- class 8: impersonation ------------------------------------------------------------------


def looks_like(fake: str) -> str:
    folded = unicodedata.normalize("NFKC", fake).casefold()
    visible = "".join(c for c in folded if unicodedata.category(c) != "Cf").strip()
    return visible.replace("_", "-")


@pytest.mark.parametrize("seed", SEEDS)
def test_the_impersonation_generator_passes_a_changed_file_off_as_a_built_in(
        seed: int) -> None:
    case = rule_files.make_impersonation(rng("impersonation", seed))
    data = parsed(case)
    assert data["id"] == case.expect["id"]
    assert looks_like(data["id"]) == case.expect["of"]
    assert data != cases.builtin_data(case.expect["of"])  # it changes something


def test_validate_accepting_an_impersonating_id_is_a_finding() -> None:
    expect = {"class": "impersonation", "of": "foster", "id": "foster\u200b",
              "form": "zero-width space"}
    accepted = FakeRun(["validate", "case.yaml"], stdout="case.yaml: ok (foster\u200b)\n")
    (problem,) = hostile.check(expect, [accepted])
    assert (problem.kind, problem.signature) == ("impersonation", "zero-width space")
    refused = FakeRun(["validate", "case.yaml"], status=2,
                      stderr="case.yaml:2:5: id: 'foster' is a built-in id\n")
    assert hostile.check(expect, [refused]) == []


# -- class 9: merges --------------------------------------------------------------------------


@pytest.mark.parametrize("maker", [rule_files.make_merges, replay_files.make_merges],
                         ids=["rulesets", "replays"])
def test_the_merge_case_parses_with_pyyaml_to_the_overriding_value(maker: Any) -> None:
    forms = set()
    for seed in SEEDS:
        case = maker(rng("merges", seed))
        forms.add(case.expect["form"])
        source = case.files[case.main].decode("utf-8")
        assert "<<:" in source
        data = parsed(case)
        assert rule_files.get_at(data, case.expect["path"]) == case.expect["value"]
        expanded = case.files["expanded.yaml"].decode("utf-8")
        assert "<<" not in expanded and yaml.safe_load(expanded) == data
        assert case.extra and case.extra[0][1] == "expanded.yaml"
    assert len(forms) >= 3


def test_a_merge_refused_as_a_duplicate_or_read_otherwise_is_a_finding() -> None:
    expect = {"class": "merges", "form": "override after <<: *a", "expanded": "expanded.yaml"}
    duplicate = FakeRun(["validate", "case.yaml"], status=2,
                        stderr="case.yaml:17:5: duplicate key 'id' (first written at line 9)\n")
    expanded = FakeRun(["validate", "expanded.yaml"], status=0)
    found = hostile.check(expect, [duplicate, expanded])
    assert {p.kind for p in found} == {"merge-refused", "merge-differs"}
    both = [FakeRun(["validate", "case.yaml"]), FakeRun(["validate", "expanded.yaml"])]
    assert hostile.check(expect, both) == []
    other = FakeRun(["validate", "case.yaml"], status=2, stderr="case.yaml:3:5: bad\n")
    assert hostile.check(expect, [other, FakeRun(["validate", "expanded.yaml"], status=2)]) == []


# -- class 10: line breaks before an error ------------------------------------------------------


@pytest.mark.parametrize("maker", [rule_files.make_line_breaks, replay_files.make_line_breaks],
                         ids=["rulesets", "replays"])
def test_the_line_break_generator_plants_the_characters_and_an_error_on_known_lines(
        maker: Any) -> None:
    for seed in SEEDS:
        case = maker(rng("line-breaks", seed))
        source = case.files[case.main].decode("utf-8")
        lines = source.split("\n")  # as an editor counts them
        for number in case.expect["lines"]:
            assert any(c in lines[number - 1] for c in rule_files.SEPARATOR_CHARS)
        assert lines[case.expect["error_line"] - 1] == "colour: red"
        assert case.expect["error_line"] > max(case.expect["lines"])
        assert len(source.splitlines()) > len(lines) - 1  # Python, like YAML, sees more


def test_a_message_on_a_line_the_editor_does_not_show_is_a_finding() -> None:
    expect = {"class": "line-breaks", "lines": [3], "error_line": 9}
    shifted = FakeRun(["validate", "case.yaml"], status=2,
                      stderr="case.yaml:10:1: unknown key 'colour'\n")
    (problem,) = hostile.check(expect, [shifted])
    assert problem.kind == "line-number" and "line 10" in problem.message
    for right in ("case.yaml:9:1: unknown key 'colour'\n",
                  "case.yaml:3:11: a line-break character U+2028 is not allowed\n"):
        assert hostile.check(expect, [FakeRun(["validate", "case.yaml"], status=2,
                                              stderr=right)]) == []
    missed = hostile.check(expect, [FakeRun(["replay", "case.yaml"], status=0)])
    assert [p.kind for p in missed] == ["missed-error"]
