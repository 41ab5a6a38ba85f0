"""What a replay scripts for each deal: its cards, read in one pass and checked.

A deal's ``cards``, ``stock``, ``redeals`` and ``refill`` and the session's
``draw_for_deal`` are read here, each value once (the expected ``hands`` too,
with :func:`read_cards`, by :mod:`ambigu_rules.play.replay_expectations`):
its cards are read with the deck one after the other, and the place of a card
in the file (``file:line:col``) is worked out only for the card a message
names, by one more pass over that value. So reading costs time in proportion
to the length of the file, however long a script is.

Before play, a script must hold together:

- every card is one of the deck's; a stock, a refill, an expected hand names
  a card at most once;
- the first four cards of each hand of a deal, or of a redeal, come from one
  full pack: no card is in two of them (a later card may come back from the
  discards);
- a ``stock:`` gives the order of the cards the unscripted draws take, top
  card first: no card of a scripted first hand is in it;
- no hand is scripted more cards than its player can receive in the deal:
  the cards the deal steps deal him (four), and one more for each card his
  own discards in the deal's actions name (lines expected to be refused
  left out). Where a ``goto`` can lead back to a deal step, the deal steps
  may deal again, and this bound is not applied before play.

After the deal (:func:`check_used`), every script must have been used: each
scripted card served to its player, each redeal script dealt by a redeal,
the refill served when the stock ran short. A script the deal never reached
is reported at its place. A ``stock:`` is used as soon as the deal starts.

The deals are played, and :func:`check_used` called after each, by
:mod:`ambigu_rules.play.replay_run`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ..errors import CardError, ReplayError
from ..load.yaml_source import Mark, marks_of, position_in
from ..rules.deck import HAND_SIZE, Deck
from ..rules.procedure import DealStep, Effect
from ..rules.ruleset import Ruleset

if TYPE_CHECKING:  # the engine is imported only when a replay is played
    from ..engine.events import AnyEvent
    from .replay_format import DealSpec

_SEPARATORS = re.compile(r"[\s,]+")


@dataclass
class Script:
    """The cards of one scripted value, as read, and how to say where each one is.

    ``what`` names the value in messages (``deal 1, cards of Anna``);
    ``fallback`` is the place given when the value has no mark of its own.
    """

    what: str
    mark: Mark | None
    fallback: str
    tokens: list[str] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)

    def where(self, index: int) -> str:
        """``file:line:col`` of card ``index``: one pass over the value, made only when asked."""
        if self.mark is None:
            return self.fallback
        token = self.tokens[index]
        occurrence = self.tokens[:index + 1].count(token)
        return str(position_in(self.mark, token, occurrence))

    def refused(self, index: int, problem: str) -> ReplayError:
        """The error for card ``index``, at its place."""
        return ReplayError(f"{self.where(index)}: {self.what}: {problem}")


def read_cards(deck: Deck, text: str, mark: Mark | None, what: str, *, fallback: str,
               distinct: str | None = None, dealt: dict[int, str] | None = None,
               owner: str = "") -> Script:
    """The cards of a scripted value, each error at the offending card's place.

    ``distinct`` names what may hold a card only once (``the stock``), if so.
    ``dealt`` records who is scripted to hold each card of the first hands
    (the first four cards of each hand come from a full pack, so no card
    can be in two of them); a later card may come back from the discards.
    """
    script = Script(what, mark, fallback, [t for t in _SEPARATORS.split(text.strip()) if t])
    seen: set[int] = set()
    for index, token in enumerate(script.tokens):
        try:
            card = deck.parse_card(token)
        except CardError as error:
            raise script.refused(index, str(error)) from None
        if distinct is not None:
            if card in seen:
                raise script.refused(index, f"{token!r} appears twice in {distinct}")
            seen.add(card)
        if dealt is not None and index < HAND_SIZE:
            if card in dealt:
                holder = "earlier in this hand" if dealt[card] == owner else \
                    f"in the hand scripted for {dealt[card]}"
                raise script.refused(index, f"{token!r} is already {holder}: one pack holds "
                                            "each card once")
            dealt[card] = owner
        script.cards.append(card)
    return script


# -- what a player can receive --------------------------------------------------


def _gotos(value: object) -> Iterator[str]:
    """The step ids every ``goto`` effect inside ``value`` (a step, an outcome) names."""
    if isinstance(value, Effect):
        if value.goto is not None:
            yield value.goto
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _gotos(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _gotos(item)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _gotos(getattr(value, name))


def dealt_per_script(ruleset: Ruleset) -> int | None:
    """The cards the deal steps give a player while one script holds (four), or None.

    None when a ``goto`` leads back to a deal step (or before it): the deal
    steps may then deal again, as often as the players' decisions take the
    deal round. A redeal starts the next script.
    """
    steps = ruleset.procedure
    deals = [index for index, step in enumerate(steps) if isinstance(step, DealStep)]
    if not deals:
        return 0
    index_of = {step.id: index for index, step in enumerate(steps)}
    if any(index_of.get(target, len(steps)) <= deals[-1] for target in _gotos(steps)):
        return None
    return sum(step.cards for step in steps if isinstance(step, DealStep))


def action_parts(item: dict[str, str] | str) -> tuple[str, str, str | None] | None:
    """``(who, action, refused)`` of an action line, or None if it is not 'Name: action'.

    >>> action_parts({"Anna": "discard 5H", "refused": "not allowed"})
    ('Anna', 'discard 5H', 'not allowed')
    >>> action_parts("Ben open 2")
    ('Ben', 'open 2', None)

    A line of one key is a player's action, whatever his name (a seat may be
    named ``refused``):

    >>> action_parts({"refused": "call"})
    ('refused', 'call', None)
    """
    if isinstance(item, str):
        who, _, text = item.strip().partition(" ")
        return who, text, None
    if len(item) == 1:
        ((who, text),) = item.items()
        return who, text, None
    if len(item) == 2 and "refused" in item:
        ((who, text),) = ((k, v) for k, v in item.items() if k != "refused")
        return who, text, item.get("refused")
    return None


def discards_named(actions: Sequence[dict[str, str] | str]) -> Counter[str]:
    """How many cards each player's ``discard`` actions in a deal name: the most he
    can be served for them.

    A line expected to be refused is left out: it draws nothing, or, played
    after all, stops the replay. Any other discard is served as many cards as
    it names, or stops the replay.
    """
    named: Counter[str] = Counter()
    for item in actions:
        parts = action_parts(item)
        if parts is None or parts[2] is not None:
            continue
        who, text, _ = parts
        words = str(text).strip().split(None, 1)
        if len(words) == 2 and words[0].lower() == "discard" \
                and words[1].strip().lower() not in ("none", "-"):
            named[who] += sum(1 for token in _SEPARATORS.split(words[1].strip()) if token)
    return named


# -- the scripts of a deal --------------------------------------------------------


def seat_of(names: list[str], who: str | int, where: str) -> int:
    """The seat of a player named (or numbered from 0), or an error at ``where``."""
    if isinstance(who, int) and not isinstance(who, bool):
        if 0 <= who < len(names):
            return who
    elif who in names:
        return names.index(who)
    raise ReplayError(f"{where}: no seat {who!r} (seats: {', '.join(names)})")


@dataclass
class RedealScript:
    """The cards of one redeal, and where the script is written."""

    where: str
    hands: dict[int, Script]


@dataclass
class DealScripts:
    """What one deal of a replay scripts, read and checked before play."""

    number: int
    hands: dict[int, Script] = field(default_factory=dict)
    stock: Script | None = None
    redeals: list[RedealScript] = field(default_factory=list)
    refill: Script | None = None

    def engine_arguments(self) -> dict[str, Any]:
        """The scripts as :meth:`~ambigu_rules.engine.game.Game.start_deal` takes them."""
        return {
            "cards": {seat: list(s.cards) for seat, s in self.hands.items()} or None,
            "stock": None if self.stock is None else list(self.stock.cards),
            "redeals": [{seat: list(s.cards) for seat, s in redeal.hands.items()}
                        for redeal in self.redeals],
            "refill": None if self.refill is None else list(self.refill.cards),
        }


def _hands(deck: Deck, scripted: dict[str, str], data: Any, names: list[str], what: str,
           fallback: str, dealt: int | None, named: Counter[str]) -> dict[int, Script]:
    """The hands of a deal or a redeal: one pack for their first cards, each within
    what its player can receive (``dealt`` by the deal steps, None if unbounded, and
    the cards ``named`` by his discards)."""
    marks = marks_of(data)
    one_pack: dict[int, str] = {}
    hands: dict[int, Script] = {}
    for name, text in scripted.items():
        seat = seat_of(names, name, f"{marks.get(name) or fallback}: {what}cards of {name}")
        script = read_cards(deck, text, marks.get(name), f"{what}cards of {name}",
                            fallback=fallback, dealt=one_pack, owner=name)
        most = None if dealt is None else dealt + named[name]
        if most is not None and len(script.cards) > most:
            raise script.refused(most, f"{name} is scripted {len(script.cards):,} cards, but "
                                       f"can receive at most {most} in this deal: the {dealt} "
                                       "the deal steps deal, and one for each card "
                                       f"{name} discards in the deal's actions "
                                       f"({named[name]})")
        hands[seat] = script
    return hands


def read_deal_scripts(deck: Deck, deal: DealSpec, data: Any, names: list[str], number: int,
                      where: str, dealt: int | None) -> DealScripts:
    """Read and check the scripts of deal ``number`` (``data`` is its marked mapping).

    ``dealt`` is what :func:`dealt_per_script` gives for the version.
    """
    marks = marks_of(data)
    named = discards_named(deal.actions)
    scripts = DealScripts(number)
    first_hands: dict[int, str] = {}
    if deal.cards:
        scripts.hands = _hands(deck, deal.cards, data.get("cards"), names, f"deal {number}, ",
                               where, dealt, named)
        for seat, script in scripts.hands.items():
            first_hands.update((card, names[seat]) for card in script.cards[:HAND_SIZE])
    if deal.stock:
        stock = read_cards(deck, deal.stock, marks.get("stock"), f"deal {number}, stock",
                           fallback=where, distinct="the stock")
        for index, card in enumerate(stock.cards):
            if card in first_hands:
                raise stock.refused(index, f"{stock.tokens[index]!r} is scripted in the first "
                                           f"hand of {first_hands[card]}, so it is not in the "
                                           "stock: a stock lists, top card first, the cards "
                                           "the scripted hands leave")
        scripts.stock = stock
    redeal_marks = marks_of(data.get("redeals"))
    for index, scripted in enumerate(deal.redeals):
        at = redeal_marks.get(index)
        scripts.redeals.append(RedealScript(str(at) if at else where, _hands(
            deck, scripted, data["redeals"][index], names,
            f"deal {number}, redeal {index + 1}, ", str(at) if at else where, dealt, named)))
    if deal.refill:
        scripts.refill = read_cards(deck, deal.refill, marks.get("refill"),
                                    f"deal {number}, refill", fallback=where,
                                    distinct="the refill")
    return scripts


def read_draws(deck: Deck, drawn: dict[str, str], data: Any, names: list[str],
               fallback: str) -> dict[int, int]:
    """``draw_for_deal``: one card for each player named, no card twice."""
    marks = marks_of(data)
    cards: dict[int, int] = {}
    holder: dict[int, str] = {}
    for name, text in drawn.items():
        script = read_cards(deck, text, marks.get(name), f"draw_for_deal.{name}",
                            fallback=fallback)
        if len(script.cards) != 1:
            at = marks.get(name)
            raise ReplayError(f"{at or fallback}: draw_for_deal.{name}: one card, got "
                              f"{len(script.cards)}")
        card = script.cards[0]
        if card in holder:
            raise script.refused(0, f"{script.tokens[0]!r} is already drawn by "
                                    f"{holder[card]}: one pack holds each card once")
        holder[card] = name
        cards[names.index(name)] = card
    return cards


# -- after the deal: was every script used? -------------------------------------------


def served_cards(events: Sequence[AnyEvent]) -> tuple[list[Counter[int]], bool]:
    """The cards each seat was served under each script of a deal, and whether the
    stock ran short.

    The first counter is for the deal's own ``cards``; each redeal starts the
    next. A seat is served the cards of the deal steps and one for each card
    he discards; while his script holds cards, they are those.
    """
    from ..engine.events import CardsDealt, Exchanged, Redealt, StockExhausted

    served: list[Counter[int]] = [Counter()]
    ran_short = False
    for event in events:
        if isinstance(event, CardsDealt):
            served[-1][event.seat] += event.count
        elif isinstance(event, Exchanged):
            served[-1][event.seat] += len(event.cards)
        elif isinstance(event, Redealt):
            served.append(Counter())
        elif isinstance(event, StockExhausted):
            ran_short = True
    return served, ran_short


def _unserved(hands: dict[int, Script], served: Counter[int], names: list[str]) -> None:
    for seat, script in hands.items():
        got = served[seat]
        if len(script.cards) > got:
            left = len(script.cards) - got
            received = (f"{names[seat]} received {got} card(s) while this script held"
                        if got else f"{names[seat]} received no card while this script held")
            more = f" and the {left - 1:,} after it are" if left > 1 else " is"
            raise script.refused(got, f"{script.tokens[got]!r} (card {got + 1}){more} never "
                                      f"dealt: {received}; script only the cards a player "
                                      "receives")


def check_used(scripts: DealScripts, events: Sequence[AnyEvent], names: list[str]) -> None:
    """Refuse, at its place, a script the deal that is over never used.

    ``events`` are the deal's, from its start to its end.
    """
    served, ran_short = served_cards(events)
    _unserved(scripts.hands, served[0], names)
    redealt = len(served) - 1
    for index, redeal in enumerate(scripts.redeals):
        if index >= redealt:
            times = "never redealt" if redealt == 0 else f"redealt only {redealt} time(s)"
            raise ReplayError(f"{redeal.where}: deal {scripts.number}, redeal {index + 1}: "
                              f"this script is never used: the deal was {times}")
        _unserved(redeal.hands, served[index + 1], names)
    if scripts.refill is not None and not ran_short:
        mark = scripts.refill.mark
        raise ReplayError(f"{mark or scripts.refill.fallback}: deal {scripts.number}, refill: "
                          "never used: the stock never ran short in this deal")
