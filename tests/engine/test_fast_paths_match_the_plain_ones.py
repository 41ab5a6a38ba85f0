"""The engine's shortcuts give exactly what the plain reading gives.

A seat's record of the deal is made from one public record shared by all
seats, kept as the events are recorded (each exchange turned face down
once); it must be, at every view, the
deal's log read seat by seat: his own exchanges face up, the others' face
down (Foster, "Method of Playing": discards are not shown), also when a long
run empties the log between views. A deal step with no script serves all its
draws at once; the cards must go exactly where drawing in turn puts them.

The engine also makes its events without calling their classes, makes a
turn's legal actions without the general constructor, counts the cards in
each hand only after one has moved, settles the bets of one best hand that
staked the most without going layer by layer, and runs a step by a table of
step classes: each must give what the plain way gives.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import typing
from collections.abc import Iterator

import pytest

from ambigu_rules.engine import Game, event_makers, slot_code
from ambigu_rules.engine.actions import (
    Action,
    AmountRange,
    DiscardRange,
    LegalActions,
    Part,
    check_action,
    simple,
)
from ambigu_rules.engine.betting import BettingRound
from ambigu_rules.engine.cards import CardSource
from ambigu_rules.engine.chance import below
from ambigu_rules.engine.events import (
    AnyEvent,
    Event,
    Exchanged,
    ExchangedFaceDown,
    Folded,
    SeenEvent,
)
from ambigu_rules.engine.exchange import ExchangeRound, discard_choices
from ambigu_rules.engine.plan import Plan
from ambigu_rules.engine.pots import split_bets, split_in_layers
from ambigu_rules.errors import IllegalActionError, NoLegalActionError
from ambigu_rules.hands.evaluator import evaluator_for
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.bots import RandomBot
from ambigu_rules.rules.common import Range
from ambigu_rules.rules.procedure import AnteStep
from ambigu_rules.rules.where_silent import PLAYED_WHERE_SILENT


def seen_by(seat: int, events: list[AnyEvent]) -> list[SeenEvent]:
    """``events`` as ``seat`` may see them, read one by one."""
    return [ExchangedFaceDown(seat=event.seat, count=len(event.cards), call=event.call,
                              step=event.step)
            if isinstance(event, Exchanged) and event.seat != seat else event
            for event in events]


@pytest.mark.parametrize("variant", builtin_ids())
def test_every_view_holds_the_deals_record_read_seat_by_seat(variant: str) -> None:
    # What a view shows is the deal's own record of what happened, each exchange
    # face down but the seat's own: the same events the watcher was shown, read
    # seat by seat, whether or not the caller has emptied the log since.
    rng = random.Random(5)
    game = Game(load_ruleset(variant), players=4, seed=11, banks=300)
    bots = [RandomBot(seat) for seat in range(4)]
    shown: list[AnyEvent] = []
    game.watcher = shown.append
    for _ in range(25):
        if not game.can_start_deal():
            break
        shown.clear()
        game.start_deal()
        while not game.deal_over:
            for seat in rng.sample(range(4), rng.randint(1, 4)):  # some seats look
                assert list(game.view(seat).events) == seen_by(seat, shown)
            if rng.random() < 0.05:  # a long run empties the log in the middle of a deal
                game.log.clear()
                assert all(list(game.view(seat).events) == seen_by(seat, shown)
                           for seat in range(4))
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat)))
        game.log.clear()


def test_a_view_keeps_the_deals_record_when_the_log_is_changed_by_hand() -> None:
    # The log is the caller's transcript: an event replaced in it by hand changes
    # nothing of what the players saw happen.
    game = Game(load_ruleset("foster"), players=4, seed=3, banks=300)
    game.start_deal()
    seat = game.to_act
    assert seat is not None
    game.apply(Action("discard", cards=(game.hand(seat)[0],)))  # he throws one card
    deal = game.deal
    assert deal is not None
    happened = list(game.log[deal.log_start:])
    before = [game.view(seat).events for seat in range(4)]
    game.log[-1] = dataclasses.replace(game.log[-1], step="elsewhere")
    game.log.append(Exchanged(seat=(seat + 1) % 4, cards=(5,), step="by hand"))
    for seat in range(4):
        assert game.view(seat).events == before[seat]
        assert list(before[seat]) == seen_by(seat, happened)


def source(seed: int) -> CardSource:
    """A shuffled, unscripted source for four seats, speaking from seat 2."""
    deck = evaluator_for(load_ruleset("foster")).deck
    return CardSource.shuffled(deck, random.Random(seed), [2, 3, 0, 1], ["A", "B", "C", "D"],
                               PLAYED_WHERE_SILENT["stock_exhaustion"])


@pytest.mark.parametrize("count", [1, 2, 4])
@pytest.mark.parametrize("one_at_a_time", [True, False])
@pytest.mark.parametrize("seats", [[2, 3, 0, 1], [3, 1], [0]])
def test_a_deal_step_served_in_rounds_gives_each_card_where_drawing_in_turn_does(
        seats: list[int], count: int, one_at_a_time: bool) -> None:
    at_once, in_turn = source(4), source(4)
    assert at_once.serve_rounds(seats, count, one_at_a_time)
    # Drawing in turn, as a deal step draws: a card a round, or all of his at once.
    draws = ([(seat, 1) for _ in range(count) for seat in seats] if one_at_a_time
             else [(seat, count) for seat in seats])
    for seat, drawn in draws:
        assert in_turn.draw(seat, drawn) == []
    assert at_once.hands == in_turn.hands and at_once.stock == in_turn.stock


def test_a_deal_step_is_not_served_in_rounds_when_the_stock_runs_short() -> None:
    cards = source(4)
    cards.stock[:] = cards.stock[-3:]
    before = (dict(cards.hands), list(cards.stock))
    assert not cards.serve_rounds([2, 3], 2, True)
    assert not cards.serve_rounds([2, 3], 2, False)
    assert (dict(cards.hands), list(cards.stock)) == before


def test_a_deal_step_with_scripted_cards_is_not_served_in_rounds() -> None:
    deck = evaluator_for(load_ruleset("foster")).deck
    cards = CardSource.shuffled(deck, random.Random(4), [2, 3, 0, 1], ["A", "B", "C", "D"],
                                PLAYED_WHERE_SILENT["stock_exhaustion"], {3: [5, 6]})
    before = (dict(cards.hands), list(cards.stock))
    assert not cards.serve_rounds([2, 3, 0, 1], 2, True)
    assert (dict(cards.hands), list(cards.stock)) == before


# -- events made by the engine's makers -------------------------------------------


@pytest.mark.parametrize("kind", typing.get_args(AnyEvent), ids=lambda kind: kind.__name__)
def test_an_event_made_by_its_maker_is_the_event_its_class_makes(kind: type[Event]) -> None:
    made_by = getattr(event_makers, kind.__name__)
    fields = dataclasses.fields(kind)
    values: dict[str, object] = {field.name: f"value of {field.name}" for field in fields}
    made, plain = made_by(**values), kind(**values)
    assert type(made) is kind and made == plain
    assert [getattr(made, field.name) for field in fields] == list(values.values())
    # The defaults are the class's own: only the fields without one are given.
    required = {field.name: values[field.name] for field in fields
                if field.default is dataclasses.MISSING}
    assert made_by(**required) == kind(**required)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.step = "elsewhere"  # type: ignore[misc]
    with pytest.raises(TypeError):
        made_by(not_a_field=1, **values)


SHARED_KINDS = [kind for kind in typing.get_args(AnyEvent) if event_makers.is_shared(kind)]


def test_the_kinds_of_events_met_again_and_again_are_shared() -> None:
    # The kinds every random deal records several times, with few values: a card dealt,
    # an ante, a fold, a call, the end of a betting round.
    names = {kind.__name__ for kind in SHARED_KINDS}
    assert {"CardsDealt", "AntePaid", "Folded", "Called", "BettingEnded"} <= names
    # A kind holding cards or seats is made anew each time.
    assert not names & {"Exchanged", "HandShown", "DealStarted", "DealEnded"}


@pytest.mark.parametrize("kind", SHARED_KINDS, ids=lambda kind: kind.__name__)
def test_a_shared_event_is_one_event_for_equal_fields_and_another_for_others(
        kind: type[Event]) -> None:
    made_by = getattr(event_makers, kind.__name__)
    fields = dataclasses.fields(kind)
    values: dict[str, object] = {field.name: f"shared {field.name}" for field in fields}
    first = made_by(**values)
    assert made_by(**values) is first and first == kind(**values)
    other = made_by(**{**values, fields[-1].name: "another value"})
    assert other is not first and other == kind(**{**values, fields[-1].name: "another value"})
    assert made_by(**values) is first  # still shared after another was made
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.step = "elsewhere"  # type: ignore[misc]


@pytest.mark.parametrize("variant", builtin_ids())
def test_every_shared_event_of_a_deal_is_what_its_class_makes_of_the_same_keywords(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each call of a shared maker, in deals played at random, checked against the class
    # called with the very same keywords: equal, and each field of the same type (a
    # True never stands for a 1, nor a 1 for a True).
    calls = 0

    def checked(kind: type[Event]) -> typing.Callable[..., Event]:
        made_by = getattr(event_makers, kind.__name__)

        def make(**keywords: object) -> Event:
            nonlocal calls
            calls += 1
            made, plain = made_by(**keywords), kind(**keywords)
            assert made == plain and repr(made) == repr(plain)
            assert [type(getattr(made, field.name)) for field in dataclasses.fields(kind)] == [
                type(getattr(plain, field.name)) for field in dataclasses.fields(kind)]
            return made
        return make

    for kind in SHARED_KINDS:
        monkeypatch.setattr(event_makers, kind.__name__, checked(kind))
    game = Game(load_ruleset(variant), players=4, seed=21, banks=60)
    bots = [RandomBot(seat) for seat in range(4)]
    for _ in range(30):
        if not game.can_start_deal():
            break
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat)))
    assert calls > 100


def test_a_shared_maker_keeps_at_most_so_many_events_then_starts_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(slot_code, "MOST_SHARED", 3)
    folded = slot_code.slot_function(Folded, makes=True, shares=True)
    first = folded(seat=0, step="betting")
    made = [folded(seat=seat, step="betting") for seat in range(1, 3)]  # three kept
    assert folded(seat=0, step="betting") is first
    fourth = folded(seat=3, step="betting")  # a fourth: the three are let go
    assert fourth == Folded(seat=3, step="betting") and made == [
        Folded(seat=1, step="betting"), Folded(seat=2, step="betting")]
    again = folded(seat=0, step="betting")
    assert again == first and again is not first


# -- legal actions made whole ---------------------------------------------------------


@pytest.mark.parametrize("part", [
    simple("pass"), simple("choose"), AmountRange("open", 2, 9), AmountRange("raise", 5, 4),
    DiscardRange((3, 8, 11, 20), 1, 2), DiscardRange((), 0, 0),
], ids=repr)
def test_a_sequence_of_one_part_is_the_one_the_constructor_makes(part: Part) -> None:
    one, plain = LegalActions.one(part), LegalActions([part])
    assert one == plain and len(one) == len(plain) and list(one) == list(plain)
    assert one.kinds() == plain.kinds() and one.summary() == plain.summary()
    assert all(one.allows(action) for action in plain)


@pytest.mark.parametrize(("hand", "low", "high"), [
    ([9, 7], 0, 2), ([30, 4, 17, 2], 1, 4), ([30, 4, 17, 2], 0, 0), ([5], 1, 1), ([], 0, 0),
])
def test_a_turns_discards_are_the_range_the_constructor_makes(
        hand: list[int], low: int, high: int) -> None:
    made = LegalActions.discards(hand, low, high)
    plain = LegalActions([DiscardRange(tuple(sorted(hand)), low, high)])
    assert made == plain and list(made) == list(plain) and made.kinds() == plain.kinds()
    assert [made[index] for index in range(len(made))] == list(plain)


def test_the_discards_shared_between_turns_are_those_of_each_turns_hand() -> None:
    rng = random.Random(9)
    for _ in range(300):  # hands met again and again, in any order of their cards
        hand = rng.sample(range(12), rng.randint(0, 4))
        high = rng.randint(0, len(hand))
        low = rng.randint(0, high)
        made = LegalActions.discards(hand, low, high)
        plain = LegalActions([DiscardRange(tuple(sorted(hand)), low, high)])
        assert made == plain and list(made) == list(plain) and len(made) == len(plain)


@pytest.mark.parametrize("action", [
    simple("pass"), simple("open", 3), simple("raise", 1), Action("fold"),
    Action("discard", cards=(4, 9)), Action("choose", option="redeal"),
], ids=repr)
def test_a_shared_action_is_checked_as_any_action_with_its_fields(action: Action) -> None:
    assert check_action(action) is action
    assert check_action(Action(*action)) == action  # the same fields, not shared


@pytest.mark.parametrize("amount", ["2", 2.5, (1,)], ids=repr)
def test_a_shared_action_of_the_wrong_fields_is_still_refused(amount: object) -> None:
    shared = simple("open", amount)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        check_action(shared)
    assert simple("open", amount) is shared  # type: ignore[arg-type]


# -- the bets at a showdown ----------------------------------------------------------------


def test_one_best_hand_that_staked_the_most_takes_the_bets_as_the_layers_give_them() -> None:
    rng = random.Random(3)
    for _ in range(500):
        bets = [rng.choice([0, 0, 1, 2, 5, 7]) for _ in range(4)]
        contenders = {seat for seat in range(4) if rng.random() < 0.7} or {0}
        order = [[seat] for seat in rng.sample(range(4), 4)]
        best = next(group for group in order if group[0] in contenders)[0]
        bets[best] = max(bets)  # he staked as much as anyone
        groups = [group for group in order if group[0] in contenders]
        for rest in (True, False):
            assert split_bets(bets, contenders, order, rest_to_next_best=rest) == (
                split_in_layers(bets, contenders, groups, rest_to_next_best=rest))


# -- what every view counts -------------------------------------------------------------


def random_decisions(variant: str, seed: int, deals: int) -> Iterator[Game]:
    """Four random bots playing up to ``deals`` deals of ``variant``: the game before
    each decision (the bot to act plays once the caller has looked)."""
    game = Game(load_ruleset(variant), players=4, seed=seed, banks=300)
    bots = [RandomBot(seat) for seat in range(4)]
    for _ in range(deals):
        if not game.can_start_deal():
            return
        game.start_deal()
        while not game.deal_over:
            yield game
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat)))


@pytest.mark.parametrize("variant", builtin_ids())
def test_every_views_hand_sizes_are_the_cards_each_seat_holds(variant: str) -> None:
    for game in random_decisions(variant, seed=5, deals=15):
        deal = game.deal
        assert deal is not None
        counted = tuple(len(deal.hands.get(seat, [])) for seat in range(4))
        for seat in range(4):
            assert game.view(seat).hand_sizes == counted


@pytest.mark.parametrize("variant", builtin_ids())
def test_a_betting_round_without_a_penalty_counts_its_folds_once_each(variant: str) -> None:
    # The round counts the players contesting as those taking part less those who
    # folded: every player who folded took part, and folded once.
    checked = 0
    for game in random_decisions(variant, seed=8, deals=30):
        deal = game.deal
        assert deal is not None
        round_ = deal.round
        if isinstance(round_, BettingRound) and round_.folded:
            assert not round_.dropped
            assert len(round_.order) - len(round_.folded) == len(round_.active)
            checked += 1
    assert checked  # some folds were seen


def test_a_step_of_a_subclass_of_a_step_kind_is_run_as_that_kind() -> None:
    ruleset = load_ruleset("foster")
    plain = Game(ruleset, players=3, seed=2)
    blind = ruleset.procedure[0]
    assert isinstance(blind, AnteStep)

    class HouseAnte(AnteStep):
        pass

    house = ruleset.model_copy(update={"procedure": [
        HouseAnte.model_validate(blind.model_dump()), *ruleset.procedure[1:]]})
    game = Game(house, players=3, seed=2)
    assert game.start_deal() == plain.start_deal()


# -- the random bot's draws, and the actions a turn gave ---------------------------------


@pytest.mark.parametrize("variant", builtin_ids())
def test_a_random_bot_draws_a_kind_then_an_action_as_below_draws_them(variant: str) -> None:
    # The plain way: a kind uniformly (below), then an action of that kind uniformly.
    looked = 0
    for game in random_decisions(variant, seed=6, deals=10):
        view = game.view(game.to_act or 0)
        legal = view.legal
        assert legal.groups() == tuple(legal.of_kind(kind) for kind in legal.kinds())
        for seed in range(3):
            bot, plain = RandomBot(seed), random.Random(seed)
            kinds = legal.kinds()
            kind = kinds[below(plain, len(kinds))]
            same = legal.of_kind(kind)
            assert bot.choose(view) == same[below(plain, len(same))]
            assert bot.rng.getstate() == plain.getstate()  # and the draws that follow
        looked += 1
    assert looked > 20


def test_a_random_bot_with_nothing_allowed_is_refused_as_below_refuses() -> None:
    game = Game(load_ruleset("foster"), players=3, seed=1)
    game.start_deal()
    idle = next(seat for seat in range(3) if seat != game.to_act)
    with pytest.raises(ValueError, match="nothing to choose from"):
        RandomBot(1).choose(game.view(idle))


@pytest.mark.parametrize("variant", builtin_ids())
def test_an_action_a_turn_gave_plays_as_the_same_action_checked_in_full(variant: str) -> None:
    # Two tables in step: one plays the very action the turn's legal actions gave
    # (the shortcut), the other an equal copy of it, checked in full.
    given_game = Game(load_ruleset(variant), players=4, seed=21, banks=300)
    copied_game = Game(load_ruleset(variant), players=4, seed=21, banks=300)
    bots = [RandomBot(seat) for seat in range(4)]
    shortcuts = 0
    for _ in range(12):
        if not given_game.can_start_deal():
            break
        assert given_game.start_deal() == copied_game.start_deal()
        while not given_game.deal_over:
            seat = given_game.to_act
            assert seat is not None
            legal = given_game.legal_actions()
            action = bots[seat].choose(given_game.view(seat))
            copy = Action(*action)
            assert not legal.gave(copy)
            if legal.gave(action):  # (not a choice of one kind in two parts: checked in full)
                assert given_game.why_not_apply(action) is None  # the plain way allows it
                shortcuts += 1
            assert given_game.apply(action) == copied_game.apply(copy)
        assert given_game.log == copied_game.log
    assert shortcuts > 50


def test_a_sequence_gave_nothing_that_it_did_not_give_by_index() -> None:
    legal = LegalActions([simple("fold"), simple("call"), AmountRange("raise", 1, 4)])
    assert not legal.gave(None) and not legal.gave(simple("fold"))
    assert legal.gave(legal.groups()[0][0])
    raise_three = legal.groups()[2][2]
    assert raise_three == simple("raise", 3) and legal.gave(raise_three)
    with pytest.raises(IllegalActionError):  # given elsewhere: checked in full, refused
        Game(load_ruleset("foster"), players=3, seed=1).apply(raise_three)


# -- discards picked in C, seats in play -----------------------------------------------


@pytest.mark.parametrize("hand", [(), (5,), (3, 7), (3, 7, 9), (2, 4, 17, 30)], ids=repr)
def test_each_discard_is_picked_as_combinations_lists_the_hands_cards(
        hand: tuple[int, ...]) -> None:
    for low in range(len(hand) + 1):
        for high in range(low, len(hand) + 1):
            picked = DiscardRange(hand, low, high)
            plain = [cards for count in range(low, high + 1)
                     for cards in itertools.combinations(hand, count)]
            assert [picked.action(index).cards for index in range(picked.size)] == plain
            assert all(type(picked.action(index).cards) is tuple
                       for index in range(picked.size))


def test_the_seats_in_play_are_those_dealt_in_and_not_out_in_speaking_order() -> None:
    rng = random.Random(4)
    game = Game(load_ruleset("foster"), players=5, seed=2)
    game.start_deal()
    deal = game.deal
    assert deal is not None
    for _ in range(200):
        deal.out = {seat for seat in range(5) if rng.random() < 0.4}
        assert deal.in_play() == [seat for seat in deal.players if seat not in deal.out]


def test_a_two_card_hands_discards_are_shared_and_a_four_card_hands_made_anew_alike() -> None:
    two = LegalActions.discards([9, 7], 0, 2)
    assert LegalActions.discards([7, 9], 0, 2) is two  # shared: met again and again
    four = LegalActions.discards([30, 4, 17, 2], 0, 4)
    again = LegalActions.discards([2, 17, 4, 30], 0, 4)
    plain = LegalActions([DiscardRange((2, 4, 17, 30), 0, 4)])
    assert again is not four and four == again == plain and list(four) == list(plain)


def test_an_exchange_moves_the_cards_as_a_discard_then_a_draw_and_keeps_the_sizes() -> None:
    exchanged, plain = source(6), source(6)
    for cards in (exchanged, plain):
        assert cards.serve_rounds([2, 3, 0, 1], 4, True)
    sizes = exchanged.hand_sizes()
    thrown = tuple(exchanged.hands[3][:2])
    assert exchanged.exchange(3, thrown) == []
    plain.discard(3, thrown)
    assert plain.draw(3, 2) == []
    assert (exchanged.hands, exchanged.stock, exchanged.discards) == (
        plain.hands, plain.stock, plain.discards)
    assert exchanged.hand_sizes() == sizes == plain.hand_sizes()


def test_an_exchange_from_a_stock_run_short_refills_as_a_discard_then_a_draw() -> None:
    # A pack of 40: 16 served round by round, 12 more, 11 drawn by seat 0 (after he
    # throws 3): one card is left, so an exchange of two gathers the discards into the
    # stock, as draw() does.
    exchanged, plain = source(8), source(8)
    for cards in (exchanged, plain):
        assert cards.serve_rounds([2, 3, 0, 1], 4, True)
        assert cards.serve_rounds([2, 3, 0, 1], 3, True)
        cards.discard(0, cards.hands[0][:3])
        assert cards.draw(0, 11) == []
        assert len(cards.stock) == 1
    thrown = tuple(exchanged.hands[3][:2])
    refills = exchanged.exchange(3, thrown)
    plain.discard(3, thrown)
    assert refills == plain.draw(3, 2) and len(refills) == 1
    assert (exchanged.hands, exchanged.stock, exchanged.discards) == (
        plain.hands, plain.stock, plain.discards)
    assert exchanged.rng.getstate() == plain.rng.getstate()


@pytest.mark.parametrize(("variant", "agreed"), [
    *((variant, None) for variant in builtin_ids()), ("1730", {"ante": 2})])
def test_an_antes_terms_are_its_steps_read_once_for_the_game(
        variant: str, agreed: dict[str, int] | None) -> None:
    ruleset = load_ruleset(variant)
    plan = Plan.of(ruleset, agreed=agreed)
    antes = [step for step in ruleset.procedure if isinstance(step, AnteStep)]
    assert antes and sorted(plan.antes) == sorted(step.id for step in antes)
    for step in antes:
        terms = plan.antes[step.id]
        assert (terms.step_id, terms.amount, terms.grows_by, terms.each_player, terms.into,
                terms.label) == (step.id, plan.amount(step.id, step.amount), step.grows_by,
                                 step.payer == "each_player", step.into,
                                 step.label or step.title.lower())
    if agreed:  # the table's choice, not the version's default (1)
        assert plan.antes["ante"].amount == 2


@pytest.mark.parametrize("hand", [[3, 9, 17, 30], [5, 6], []])
@pytest.mark.parametrize("available", [4, 1, 0])
@pytest.mark.parametrize(("fewest", "most"), [(0, 4), (1, 3), (2, 2)])
def test_an_exchange_turns_discards_are_those_discard_choices_gives(
        hand: list[int], available: int, fewest: int, most: int) -> None:
    # The plain way: at most what the step allows and the stock can serve, at least
    # the step's fewest (or that most, if fewer), from the hand as it is.
    round_ = ExchangeRound([0], Range(min=fewest, max=most), {0: list(hand)},
                           lambda seat: available)
    high = min(most, available)
    expected = discard_choices(hand, min(fewest, high), high)
    if not expected:  # bounds the hand cannot meet: the turn says so (issue 42)
        with pytest.raises(NoLegalActionError, match="no discard is allowed"):
            round_.legal()
        return
    assert round_.legal() == expected and list(round_.legal()) == list(expected)
