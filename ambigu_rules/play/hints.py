"""A hint for the person to act at a web table, on request (the Play page's *Hint*).

At an exchange it is the exact advice
(:func:`~ambigu_rules.advice.options.advise_cards`) for the hand held, the
cards the seat has discarded or seen shown counted as seen
(:func:`~ambigu_rules.advice.seen.out_of_reach`), each discard the rules
allow here with its chances and expected value, the best first. Where the
seat does not discard but passes or calls for the shuffle (1730's two-card
rounds: if every player passes, each exchanges; a call means nobody does),
the hint names one of those two actions (``would``): the call when keeping
the cards held is worth more on average than the best discard, else the pass;
the advice, with keeping every card as one more option, is its reason. At any other
decision it is what the expert bot would do in that seat, from that seat's
view only, with the chance of winning it reckons (an estimate of the bot's:
it counts the players who bet as holding better than chance).

>>> from ambigu_rules import Game
>>> from ambigu_rules.words.lang import EN
>>> game = Game("foster", players=2, seed=3)
>>> _ = game.start_deal()
>>> seat = game.to_act
>>> found = hint(game, seat, EN)  # Foster begins with the first draw, on two cards
>>> found["kind"], found["title"], len(found["options"])  # stand, either card, or both
('exchange', 'First draw', 4)
>>> _ = game.apply(game.legal_actions().of_kind("discard")[0])
>>> while "discard" in game.legal_actions().kinds():  # the other seats draw too
...     _ = game.apply(game.legal_actions().of_kind("discard")[0])
>>> found = hint(game, game.to_act, EN)
>>> found["kind"], 0 <= found["chance"] <= 1, found["would"]["kind"] in game.legal_actions().kinds()
('bet', True, True)

>>> game = Game("1730", players=3, seed=1)
>>> _ = game.start_deal()
>>> sorted(game.legal_actions().kinds())  # 1730's first round: pass, or call for the shuffle
['pass', 'shuffle']
>>> found = hint(game, game.to_act, EN)
>>> found["hand"], found["would"]  # keeping both spades is worth more than any discard
('3♠ 5♠', {'kind': 'shuffle'})
>>> [(option["discard"], round(option["expected_value"], 3)) for option in found["options"]]
[('', 1.309), ('3♠ 5♠', 1.234), ('3♠', 1.228), ('5♠', 1.225)]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..advice.counting import count_completions
from ..advice.exchanges import ORDINALS, exchanges_of
from ..advice.options import NO_COMBINATION, Advice, DiscardOption, advise_cards
from ..advice.report import advice_data
from ..advice.seen import out_of_reach
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.view import SeatView
from ..hands.evaluator import canonical_of
from ..words.lang import Lang
from .expert import ExpertBot

#: The kinds of action at which the hint is the advice (an exchange, or the call
#: for the shuffle that makes one).
EXCHANGE_KINDS = ("discard", "shuffle")


def hint(game: Game, seat: int, lang: Lang) -> dict[str, Any]:
    """The hint for ``seat``, which is to act: ``{"kind": "exchange", ...}`` (the
    advice's data, :func:`~ambigu_rules.advice.report.advice_data`), ``{"kind":
    "call", "would", ...}`` (the pass or the call for the shuffle, with the
    advice's data, keeping every card among its options), ``{"kind": "bet",
    "chance", "value", "would"}``, or ``{"kind": "none"}``."""
    if game.deal_over or game.to_act != seat:
        return {"kind": "none"}
    view = game.view(seat)
    legal = view.legal
    kinds = legal.kinds()
    rules = exchanges_of(game.ruleset)
    at = next((place for place, rule in enumerate(rules[:len(ORDINALS)])
               if rule.step_id == view.step_id), None)
    if (at is not None and any(kind in kinds for kind in EXCHANGE_KINDS)
            and len(view.hand) == rules[at].hand_size):
        advice = advise_cards(game.ruleset, view.evaluator, view.hand, out_of_reach(view),
                              ORDINALS[at])
        if "discard" in kinds:  # only the discards the rules allow here and now
            allowed = {frozenset(action.cards) for action in legal.of_kind("discard")}
            advice = replace(advice, options=[option for option in advice.options
                                              if frozenset(option.discard) in allowed])
            return {"kind": "exchange", **advice_data(game.ruleset, advice, lang.code)}
        return shuffle_call_hint(game, view, advice, lang)
    expert = ExpertBot()
    chance, value = expert.reckoning(view)
    return {"kind": "bet", "chance": chance, "value": value,
            "would": action_data(expert.choose(view), game)}


def shuffle_call_hint(game: Game, view: SeatView, advice: Advice,
                      lang: Lang) -> dict[str, Any]:
    """The hint where the seat passes or calls for the shuffle: a pass leads to an
    exchange (if every player passes), the call to none. The call is named when
    keeping every card is worth more on average than the best discard."""
    stand = _stand_option(game, view, advice)
    best_discard = advice.options[0] if advice.options else None
    kinds = view.legal.kinds()
    keeps = best_discard is None or stand.expected_value > best_discard.expected_value
    would = "shuffle" if keeps and "shuffle" in kinds else "pass"
    options = sorted([stand, *advice.options], key=lambda option: -option.expected_value)
    data = advice_data(game.ruleset, replace(advice, options=options), lang.code)
    return {**data, "kind": "call", "would": {"kind": would},
            "keep": data["hand"], "keep_value": stand.expected_value,
            "discard": None if best_discard is None
            else game.deck.format_hand(best_discard.discard),
            "discard_value": None if best_discard is None else best_discard.expected_value}


def _stand_option(game: Game, view: SeatView, advice: Advice) -> DiscardOption:
    """Keeping every card held, as one more option of ``advice``: the final hand is
    those cards and the cards the next deal steps bring, from the cards unseen."""
    known = set(advice.hand) | set(advice.seen)
    unseen = [card for card in game.deck.cards() if card not in known]
    tally = count_completions(view.evaluator, advice.hand, unseen)
    names = [canonical_of(combination) or combination.id
             for combination in game.ruleset.combinations]
    counts = {(names[index] if index >= 0 else NO_COMBINATION): count
              for index, count in sorted(tally.counts.items())}
    return DiscardOption((), tuple(advice.hand), tally.total, counts, tally.value_sum)


def action_data(action: Action, game: Game) -> dict[str, Any]:
    """An action as the page names it: its kind, and its amount or cards if any."""
    found: dict[str, Any] = {"kind": action.kind}
    if action.amount is not None:
        found["amount"] = action.amount
    if action.kind == "discard":
        found["cards"] = [game.deck.format_hand((card,)) for card in action.cards]
    if action.option is not None:
        found["option"] = action.option
    return found
