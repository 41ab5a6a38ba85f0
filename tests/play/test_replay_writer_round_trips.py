"""A game played, written as a replay (:mod:`ambigu_rules.play.replay_writer`), plays back
to the same table.

Deals of every built-in version are played by seeded random and expert bots; the
replay written from the game is played by the replay runner and by ``ambigu
replay``, which must end with the banks and the pool the game itself ended with
(the ``expect:`` the writer wrote is checked too: the command exits 0). Every card
is scripted, so the replay needs no shuffle: a replay with another ``seed:`` plays
the same. Buying back, leaving and penalties, done out of turn, are written in
their places; a deal in progress is left out; a name of YAML's special signs is
read back as it was, and one no replay can hold is refused in a clear line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ambigu_rules.engine.events import DealEnded
from ambigu_rules.engine.game import Game
from ambigu_rules.errors import AmbiguError
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bot_names import BOTS
from ambigu_rules.play.replay_run import play_replay
from ambigu_rules.play.replay_writer import CardsReceived, replay_text

from conftest import ROOT, run_cli


def play_deals(game: Game, bots: str, seed: int, deals: int) -> None:
    """Play ``deals`` deals (fewer if the table breaks up) between ``bots`` bots."""
    players = {seat: BOTS[bots](seed * 10 + seat) for seat in range(game.players)}
    for _ in range(deals):
        if not game.can_start_deal():
            break
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))


def written(tmp_path: Path, game: Game, cards: CardsReceived, name: str = "replay.yaml",
            **options: object) -> Path:
    path = tmp_path / name
    path.write_text(replay_text(game, cards, **options), encoding="utf-8")  # type: ignore[arg-type]
    return path


def table_of(game: Game) -> dict[str, object]:
    return {"banks": dict(zip(game.names, game.table.banks, strict=True)),
            "pool": game.table.pool, "batterie": game.table.batterie}


@pytest.mark.parametrize("bots", ["random", "expert"])
@pytest.mark.parametrize("variant", builtin_ids())
def test_deals_of_every_version_replay_to_the_same_banks(tmp_path: Path, variant: str,
                                                          bots: str) -> None:
    for seed in (1, 2):
        ruleset = load_ruleset(variant)
        players = 2 + seed % (min(ruleset.players.max, 5) - 1)
        # dealer=None: the first dealer is chosen by the version's rule (drawn, by lot).
        game = Game(ruleset, players=players, seed=seed, banks=30, dealer=None)
        cards = CardsReceived(game)
        play_deals(game, bots, seed, 6)
        path = written(tmp_path, game, cards)
        result = play_replay(path)
        assert result.mismatches == []
        final = result.final_state()
        assert {key: final[key] for key in ("banks", "pool", "batterie")} == table_of(game)
        assert len(yaml.safe_load(path.read_text(encoding="utf-8"))["deals"]) == game.deal_count
        run = run_cli("replay", str(path))
        assert run.returncode == 0, run.stdout + run.stderr
        assert "expectation not met" not in run.stdout


def test_every_card_is_scripted_so_the_replay_needs_no_shuffle(tmp_path: Path) -> None:
    # Foster (4 players): the stock runs out only where the discards come back, and a
    # redeal is dealt anew; another seed must not change what is dealt.
    game = Game(load_ruleset("foster"), seed=11, banks=40)
    cards = CardsReceived(game)
    play_deals(game, "random", 11, 6)
    data = yaml.safe_load(replay_text(game, cards))
    for seed in (0, 99):
        data["seed"] = seed
        path = tmp_path / f"seed-{seed}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        result = play_replay(path)
        assert result.mismatches == []
        assert result.final_state()["banks"] == table_of(game)["banks"]


def test_buying_leaving_and_a_penalty_are_written_in_their_places(tmp_path: Path) -> None:
    # Foster lets a player buy counters and leave between deals (duration.leaving is
    # not stated), and names penalties (Irregularities).
    game = Game(load_ruleset("foster"), names=["Anna", "Ben", "Carla", "Dan"], seed=5,
                banks=30)
    cards = CardsReceived(game)
    game.buy_back(2, 10)  # before the first deal: that deal's buy:
    play_deals(game, "expert", 5, 1)
    game.buy_back(0, 7)  # between deals
    game.leave(3)
    game.start_deal()
    game.penalize(1, "showing_cards")  # out of turn, during the deal
    bots = {seat: BOTS["random"](seat) for seat in range(4)}
    while not game.deal_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    path = written(tmp_path, game, cards)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    first, second = data["deals"]
    assert first["buy"] == {"Carla": 10}
    assert first["actions"][-2:] == [{"Anna": "buy 7"}, {"Dan": "leave"}]
    assert {"Ben": "penalty showing_cards"} in second["actions"]
    assert "Dan" not in second["cards"]
    assert data["seats"][2] == {"name": "Carla", "bank": 30}  # the bank brought, not bought
    result = play_replay(path)
    assert result.mismatches == []
    assert result.final_state()["banks"] == table_of(game)["banks"]
    assert run_cli("replay", str(path)).returncode == 0


def test_a_deal_in_progress_is_left_out(tmp_path: Path) -> None:
    game = Game(load_ruleset("1730"), players=3, seed=8, banks=30)
    cards = CardsReceived(game)
    play_deals(game, "expert", 8, 2)
    game.buy_back(1, 4)  # between the second deal and the third
    game.start_deal()
    game.apply(game.legal_actions()[0])
    assert not game.deal_over
    path = written(tmp_path, game, cards)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert len(data["deals"]) == 2
    ended = [event for event in game.log if isinstance(event, DealEnded)][-1]
    banks = dict(zip(game.names, ended.banks, strict=True))
    banks[game.names[1]] += 4
    assert data["expect"]["banks"] == banks
    assert data["expect"]["pool"] == ended.pool
    assert play_replay(path).mismatches == []


def test_the_first_deals_only_when_asked(tmp_path: Path) -> None:
    game = Game(load_ruleset("russian"), players=3, seed=3, banks=30)
    cards = CardsReceived(game)
    play_deals(game, "random", 3, 4)
    path = written(tmp_path, game, cards, deals=2)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert len(data["deals"]) == 2
    ended = [event for event in game.log if isinstance(event, DealEnded)][1]
    assert data["expect"]["banks"] == dict(zip(game.names, ended.banks, strict=True))
    assert play_replay(path).mismatches == []


HOSTILE = ["- Anna: {x}", "#Ben", "'Carla'", '"Dan"', "yes", "null", "~", "42", " Emma ",
           "&anchor", "*alias", "!tag", "%dir", "@at", "`tick`", "[list]", "? key", "| pipe",
           "> fold", "Hélène", "back\\slash", "time up", "refused"]


@pytest.mark.parametrize("start", range(0, len(HOSTILE), 4))
def test_names_of_yaml_special_signs_round_trip(tmp_path: Path, start: int) -> None:
    names = HOSTILE[start:start + 4]
    names += [f"Seat {index}" for index in range(2 - len(names))]
    game = Game(load_ruleset("foster"), names=names, seed=start, banks=30)
    cards = CardsReceived(game)
    play_deals(game, "random", start, 3)
    path = written(tmp_path, game, cards)
    result = play_replay(path)
    assert result.game.names == names
    assert result.mismatches == []
    assert result.final_state()["banks"] == table_of(game)["banks"]


@pytest.mark.parametrize("name", ["Anna\nBen", "Anna\u202e"])
def test_a_name_no_replay_can_hold_is_refused_in_one_line(name: str) -> None:
    # A replay names a seat with printable characters (replay_format). (A seat named
    # 'refused', the key of an expected refusal, round-trips: an action line of one
    # key is that player's action.)
    game = Game(load_ruleset("foster"), names=[name, "Ben"], seed=1, banks=30)
    cards = CardsReceived(game)
    play_deals(game, "random", 1, 1)
    with pytest.raises(AmbiguError) as refused:
        replay_text(game, cards)
    assert "\n" not in str(refused.value)
    assert "name" in str(refused.value)


def test_nothing_is_written_before_a_deal_is_over() -> None:
    game = Game(load_ruleset("foster"), players=2, seed=1)
    cards = CardsReceived(game)
    game.start_deal()
    with pytest.raises(AmbiguError, match="no deal is over yet"):
        replay_text(game, cards)


def test_cards_must_be_recorded_from_the_first_deal() -> None:
    game = Game(load_ruleset("foster"), players=2, seed=1)
    play_deals(game, "random", 1, 1)
    cards = CardsReceived(game)
    with pytest.raises(ValueError, match="before the game's first deal"):
        replay_text(game, cards)


def test_the_watcher_set_before_still_sees_every_event() -> None:
    game = Game(load_ruleset("foster"), players=2, seed=1)
    seen: list[object] = []
    game.watcher = seen.append
    CardsReceived(game)
    play_deals(game, "random", 1, 1)
    assert seen == game.log[len(game.log) - len(seen):] and len(seen) > 10


def test_a_rule_file_of_ones_own_is_named_by_the_path_given(tmp_path: Path) -> None:
    house = tmp_path / "rules" / "third-draw.yaml"
    house.parent.mkdir()
    house.write_text((ROOT / "docs" / "variants" / "third-draw.yaml").read_text(
        encoding="utf-8"), encoding="utf-8")
    game = Game(load_ruleset(str(house)), players=3, seed=2, banks=30)
    cards = CardsReceived(game)
    play_deals(game, "random", 2, 2)
    with pytest.raises(AmbiguError, match="not a built-in version"):
        replay_text(game, cards)
    path = written(tmp_path, game, cards, variant="rules/third-draw.yaml")
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["variant"] == "rules/third-draw.yaml"
    result = play_replay(path)
    assert result.mismatches == []
    assert result.final_state()["banks"] == table_of(game)["banks"]
