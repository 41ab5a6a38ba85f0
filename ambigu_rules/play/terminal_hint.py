"""The terminal game's ``hint``: what the site's Play page hints, said at the prompt.

The hint is :func:`~ambigu_rules.play.hints.hint`'s, the Play page's own. At
an exchange it is the exact advice: each discard the rules allow here, best
first (the few best are shown, with how many more there are), each with the
expected value of the final hand and the chance of its likeliest best
combinations. Where the player passes or calls for the shuffle (1730's
two-card rounds: a pass leads to an exchange if every player passes, the
call to none), it is the pass or the call, with the expected value of
keeping the cards held and of the best discard, its reason. At any other
decision it is what the expert bot would do in the player's seat, from that
seat's view only, with the chance of winning it reckons.

Every action the hint names is one allowed now, written as the player types
it in his language (``écarter 9S``, ``ouvrir 2``, ``discard none``:
:func:`typed_action`); chances are percentages as the Play page writes them
(:func:`percent`).
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..engine.game import Game
from ..words.lang import EN, Lang
from ..words.terminal import T, typed, typed_keep
from .hints import hint
from .terminal_help import quoted, typed_cards, wrapped

#: How many discards of an exchange the hint shows, the best first.
SHOWN_OPTIONS = 3
#: How many of a discard's likeliest final combinations it names.
SHOWN_COMBINATIONS = 3


def percent(chance: float, lang: Lang = EN) -> str:
    """A chance as the Play page writes it: ``12.5 %``, exact 0 and 100 as such.

    >>> from ambigu_rules.words.lang import FR
    >>> percent(0.125), percent(0.125, FR), percent(0.0004), percent(1.0)
    ('12.5 %', '12,5 %', '< 0.1 %', '100 %')
    """
    if chance <= 0:
        return T("percent", lang, share="0")
    if chance >= 1:
        return T("percent", lang, share="100")
    if chance < 0.001:
        return T("below_tenth", lang)
    if chance > 0.999:
        return T("above_almost", lang)
    return T("percent", lang, share=lang.decimal(f"{100 * chance:.1f}"))


def typed_action(game: Game, action: Action, lang: Lang = EN) -> str:
    """An action as the player types it in ``lang``: ``relancer 2``, ``discard 5S 9H``.

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> from ambigu_rules.words.lang import FR
    >>> game = Game(load_ruleset("foster"), players=2)
    >>> typed_action(game, Action("discard", cards=game.deck.parse_cards("9S 10H")), FR)
    'écarter 9P 10C'
    >>> typed_action(game, Action("discard"), EN), typed_action(game, Action("raise", 2), FR)
    ('discard none', 'relancer 2')
    """
    word = typed(action.kind, lang)
    if action.kind == "discard":
        return (f"{word} {typed_cards(game, action.cards, lang)}" if action.cards
                else typed_keep(lang))
    if action.amount is not None:
        return f"{word} {action.amount}"
    if action.option is not None:
        return f"{word} {action.option}"
    return word


def action_of(game: Game, found: dict[str, Any]) -> Action:
    """The action a hint's data names (:func:`~ambigu_rules.play.hints.action_data`)."""
    cards = tuple(sorted(game.deck.parse_cards(" ".join(found.get("cards", [])))))
    return Action(found["kind"], amount=found.get("amount"), cards=cards,
                  option=found.get("option"))


def _chances(option: dict[str, Any], names: dict[str, str], lang: Lang) -> str:
    """The likeliest final combinations of a discard with their chances."""
    ranked = sorted(option["combinations"].items(), key=lambda item: -item[1])
    return ", ".join(f"{names.get(key) or T('no_combination', lang)} {percent(chance, lang)}"
                     for key, chance in ranked[:SHOWN_COMBINATIONS] if chance > 0)


def _exchange_lines(game: Game, found: dict[str, Any], lang: Lang, width: int) -> list[str]:
    """The advice at an exchange: the few best discards allowed, each as it is typed."""
    options = found["options"]
    if not options:
        return [T("hint_no_option", lang)]
    lines = wrapped(T("hint_exchange", lang, title=quoted(found["title"], lang),
                      hand=found["hand"], unseen=lang.count(found["unseen"])), width)
    for option in options[:SHOWN_OPTIONS]:
        discard = Action("discard", cards=tuple(sorted(
            game.deck.parse_cards(option["discard"]) if option["discard"] else ())))
        value = lang.decimal(f"{option['expected_value']:.2f}")
        lines += wrapped("  " + T("hint_option", lang, typed=typed_action(game, discard, lang),
                                  value=value, chances=_chances(option, found["names"], lang)),
                         width, "      ")
    more = len(options) - SHOWN_OPTIONS
    if more > 0:
        lines += wrapped("  " + (T("hint_more_one", lang) if more == 1 else
                                 T("hint_more", lang, n=lang.count(more))), width)
    return lines


def _call_lines(game: Game, found: dict[str, Any], lang: Lang, width: int) -> list[str]:
    """The pass or the call for the shuffle, with the values that decide it."""
    typed_ = typed_action(game, action_of(game, found["would"]), lang)
    keep = lang.decimal(f"{found['keep_value']:.2f}")
    if found["discard"] is None:
        return wrapped(T("hint_call_keep", lang, typed=typed_, keep=found["keep"],
                         keep_value=keep), width)
    return wrapped(T("hint_call", lang, typed=typed_, keep=found["keep"], keep_value=keep,
                     discard=found["discard"],
                     discard_value=lang.decimal(f"{found['discard_value']:.2f}")), width)


def hint_lines(game: Game, seat: int, lang: Lang = EN, width: int = 80) -> list[str]:
    """The hint for ``seat`` (to act) as lines of at most ``width`` columns where words allow."""
    found = hint(game, seat, lang)
    if found["kind"] == "exchange":
        return _exchange_lines(game, found, lang, width)
    if found["kind"] == "call":
        return _call_lines(game, found, lang, width)
    if found["kind"] == "bet":
        action = action_of(game, found["would"])
        return wrapped(T("hint_bet", lang, chance=percent(found["chance"], lang),
                         typed=typed_action(game, action, lang)), width)
    return [T("hint_none", lang)]
