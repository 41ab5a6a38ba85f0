"""A hint for the person to act at a web table, on request (the Play page's *Hint*).

At an exchange it is the exact advice
(:func:`~ambigu_rules.advice.options.advise_cards`) for the hand held, the
cards the seat has discarded or seen shown counted as seen
(:func:`~ambigu_rules.advice.seen.out_of_reach`), each discard the rules
allow here with its chances and expected value, the best first. At any other
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
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..advice.exchanges import ORDINALS, exchanges_of
from ..advice.options import advise_cards
from ..advice.report import advice_data
from ..advice.seen import out_of_reach
from ..engine.actions import Action
from ..engine.game import Game
from ..words.lang import Lang
from .expert import ExpertBot

#: The kinds of action at which the hint is the advice (an exchange, or the call
#: for the shuffle that makes one).
EXCHANGE_KINDS = ("discard", "shuffle")


def hint(game: Game, seat: int, lang: Lang) -> dict[str, Any]:
    """The hint for ``seat``, which is to act: ``{"kind": "exchange", ...}`` (the
    advice's data, :func:`~ambigu_rules.advice.report.advice_data`), ``{"kind":
    "bet", "chance", "value", "would"}``, or ``{"kind": "none"}``."""
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
    expert = ExpertBot()
    chance, value = expert.reckoning(view)
    return {"kind": "bet", "chance": chance, "value": value,
            "would": action_data(expert.choose(view), game)}


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
