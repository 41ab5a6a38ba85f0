"""Worked examples: play a scenario file and print its outcome in a few lines.

The pages under ``docs/examples/`` load their scenarios (replay files, see
:mod:`ambigu_rules.play.replay_format`) with :func:`play` and print what happened: the
hands shown, who won, who paid whom, each player's counters before and after,
and what is left on the table. The lines those pages expect are worked out by
hand from the source texts (DESIGN.md, honesty rule 2); these helpers only
format what the interpreter did, so that a page and the engine can be
compared line by line.

>>> example = play("docs/examples/scenarios/german-example.yaml")
>>> example.variant, example.winner()
('foster', 'Anna')
>>> print(example.payments())
Ben pays Anna 8 for Doublet (sequence and flush)
Carla pays Anna 8 for Doublet (sequence and flush)
Dan pays Anna 8 for Doublet (sequence and flush)
>>> print(example.summary())
Anna   50 -> 91  (+41)
Ben    50 -> 35  (-15)
Carla  50 -> 35  (-15)
Dan    50 -> 39  (-11)
>>> print(example.table())
pool 0, batterie 0, bets 0
>>> example.mismatches
[]

:func:`bot_deal` plays one shuffle with the same heuristic bots under any
version; the "same deal, every rulebook" page uses it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ..engine.events import (
    AnyEvent,
    BestHand,
    BetReturned,
    CombinationHeld,
    DealEnded,
    DealStarted,
    Event,
    Exchanged,
    HandExposed,
    HandShown,
    Paid,
    Took,
)
from ..engine.game import Game
from ..load.catalog import standard_deck
from ..load.resolver import load_ruleset
from ..words.lang import EN, Catalog, Lang
from .bots import HeuristicBot
from .narration import Narrator
from .replay_format import ReplaySpec, load_replay
from .replay_run import ReplayResult, play_replay

#: The repository root (the scenario paths on the pages are relative to it).
#:
#: :meta hide-value:
ROOT = Path(__file__).resolve().parent.parent.parent
#: Where the worked examples' scenario files live.
#:
#: :meta hide-value:
SCENARIOS = ROOT / "docs" / "examples" / "scenarios"


def _locate(path: str | Path) -> Path:
    """``path`` as given if it exists, else relative to the repository root."""
    path = Path(path)
    if path.exists() or path.is_absolute():
        return path
    return ROOT / path


def deals_of(events: Sequence[AnyEvent]) -> list[list[AnyEvent]]:
    """Split a log into deals (each starts with its :class:`DealStarted` event).

    >>> from ambigu_rules.engine.events import AntePaid, DealStarted
    >>> start = DealStarted(number=1, dealer=0, players=(1, 0))
    >>> ante = AntePaid(seat=1, amount=1, into="pool")
    >>> [len(deal) for deal in deals_of([start, ante, start])]
    [2, 1]
    """
    deals: list[list[AnyEvent]] = []
    for event in events:
        if isinstance(event, DealStarted) or not deals:
            deals.append([])
        deals[-1].append(event)
    return deals


EventT = TypeVar("EventT", bound=Event)


@dataclass
class Example:
    """A scenario played to its end, with its starting banks."""

    path: Path
    spec: ReplaySpec
    result: ReplayResult

    @property
    def game(self) -> Game:
        return self.result.game

    @property
    def variant(self) -> str:
        return self.game.ruleset.id

    @property
    def mismatches(self) -> list[str]:
        """What the file's ``expect:`` block says and the play did not give."""
        return self.result.mismatches

    def _deal(self, deal: int) -> list[AnyEvent]:
        return deals_of(self.result.events)[deal]

    def banks(self) -> dict[str, int]:
        """Each player's counters at the end."""
        return {self.game.name(seat): bank for seat, bank in enumerate(self.game.table.banks)}

    def summary(self) -> str:
        """One line per player: counters at the start, at the end, and the change."""
        width = max(len(seat.name) for seat in self.spec.seats)
        lines = []
        for seat, start in enumerate(self.spec.seats):
            end = self.game.table.banks[seat]
            lines.append(f"{start.name:<{width}}  {start.bank} -> {end}  ({end - start.bank:+d})")
        return "\n".join(lines)

    def after(self, deal: int) -> str:
        """Each player's counters when a deal ended, and what was left on the table."""
        game = self.game
        end = [e for e in self._deal(deal) if isinstance(e, DealEnded)]
        if not end:
            return "the deal did not end"
        banks = end[-1].banks
        left = game.table.brought + game.table.bought - sum(banks)
        names = ", ".join(f"{game.name(seat)} {bank}" for seat, bank in enumerate(banks))
        return f"{names}; on the table {left}"

    def table(self) -> str:
        """What lies on the table at the end: the pool, the batterie and any bets."""
        table = self.game.table
        return f"pool {table.pool}, batterie {table.batterie}, bets {sum(table.bets)}"

    def showdown(self, deal: int = -1) -> str:
        """The hands shown in a deal, with the combination each makes in this version."""
        game = self.game
        shown = [e for e in self._deal(deal) if isinstance(e, HandShown | HandExposed)]
        width = max((len(game.name(e.seat)) for e in shown), default=0)
        lines = []
        for event in shown:
            evaluation = game.evaluator.evaluate(list(event.cards))
            lines.append(f"{game.name(event.seat):<{width}}  "
                         f"{game.deck.format_hand(event.cards)}  {evaluation.name}")
        return "\n".join(lines) or "no hand is shown"

    def winner(self, deal: int = -1) -> str | None:
        """Who won the deal: the best hand at the showdown, or the player who
        took the pool without one; ``None`` when the pool stays on the table."""
        events = self._deal(deal)
        for event in events:
            if isinstance(event, BestHand):
                return self.game.name(event.seat)
        for event in events:
            if isinstance(event, Took) and event.pile == "pool":
                return self.game.name(event.seat)
        return None

    def payments(self, deal: int = -1) -> str:
        """Every payment from one player to another in a deal, in order."""
        game = self.game
        lines = []
        names = {}
        for event in self._deal(deal):
            if isinstance(event, CombinationHeld):
                names[event.seat] = game.evaluator.evaluate(list(event.cards)).name
            if not isinstance(event, Paid):
                continue
            to = event.to
            if to is None:
                lines.append(f"{game.name(event.seat)} pays {event.amount} into the pool")
                continue
            line = f"{game.name(event.seat)} pays {game.name(to)} {event.amount}"
            if event.combination is not None:
                line += f" for {names.get(to, event.combination)}"
            lines.append(line)
        return "\n".join(lines) or "no payment"

    def takes(self, deal: int = -1) -> str:
        """What each player took from the table in a deal: the pool, the bets
        (a share of them when a player was all in), the batterie, a bet taken back."""
        game = self.game
        lines = []
        for event in self._deal(deal):
            if isinstance(event, Took):
                lines.append(f"{game.name(event.seat)} takes {event.amount} from the "
                             f"{event.pile}")
            elif isinstance(event, BetReturned):
                lines.append(f"{game.name(event.seat)} takes back a bet of {event.amount}")
        return "\n".join(lines) or "nobody takes anything"

    def hands(self) -> str:
        """The cards each player held at the end of the last deal."""
        game = self.game
        assert game.deal is not None
        width = max(len(name) for name in game.names)
        return "\n".join(f"{game.name(seat):<{width}}  {game.deck.format_hand(game.hand(seat))}"
                         for seat in game.deal.players)

    def events(self, kind: type[EventT], deal: int = -1) -> list[EventT]:
        """The events of one kind in a deal (:class:`~ambigu_rules.engine.events.Paid`…)."""
        return [event for event in self._deal(deal) if isinstance(event, kind)]

    def discarded(self, name: str, deal: int = -1) -> tuple[int, ...]:
        """The cards a player threw away in a deal, in the order he threw them."""
        seat = self.game.names.index(name)
        return tuple(card for event in self.events(Exchanged, deal) if event.seat == seat
                     for card in event.cards)

    def final_hands(self) -> dict[str, tuple[int, ...]]:
        """The cards each player of the last deal holds at its end."""
        game = self.game
        assert game.deal is not None
        return {game.name(seat): tuple(game.hand(seat)) for seat in game.deal.players}

    def transcript(self, deal: int = -1) -> str:
        """The interpreter's own account of a deal, one event a line."""
        narrator = Narrator(self.game.names, self.game.deck)
        return "\n".join(narrator.lines(self._deal(deal)))


def play(path: str | Path) -> Example:
    """Play a scenario file (relative to the current directory or the
    repository root) and keep its starting banks for :meth:`Example.summary`."""
    found = _locate(path)
    spec, _ = load_replay(found)
    return Example(found, spec, play_replay(found))


# -- the same shuffle under every version --------------------------------------

#: The four players of the "same deal, every rulebook" page; Dan deals.
NAMES = ("Anna", "Ben", "Carla", "Dan")
#: The shuffle of the "same deal, every rulebook" page.
EVERY_RULEBOOK_SEED = 54


@dataclass
class BotDeal:
    """One deal played by bots: the game at its end and the first cards dealt."""

    game: Game
    bank: int
    first_cards: dict[str, str]

    def changes(self) -> dict[str, int]:
        """Each player's gain or loss in the deal."""
        return {self.game.name(s): b - self.bank for s, b in enumerate(self.game.table.banks)}

    def outcome(self, lang: Lang = EN) -> dict[str, Any]:
        """How the deal ended: the winner, how he won, and his combination (named in
        ``lang``, by the French name of the rule file for French)."""
        game = self.game
        winner, ending, combination = None, "pool stays", None
        for event in deals_of(game.log)[-1]:
            if isinstance(event, BestHand):
                winner, ending = game.name(event.seat), "showdown"
            elif isinstance(event, Took) and event.pile == "pool" and winner is None:
                winner, ending = game.name(event.seat), "uncontested"
            elif isinstance(event, CombinationHeld):
                name = game.evaluator.evaluate(list(event.cards)).name
                if lang is not EN:
                    held = next((c for c in game.ruleset.combinations
                                 if c.id == event.combination), None)
                    name = held.text_in("name", lang.code) if held is not None else name
                combination = f"{name}, {event.value}"
        return {"winner": winner, "ending": ending, "combination": combination}


def bot_deal(variant: str, *, seed: int = EVERY_RULEBOOK_SEED, bot_seed: int = 7, bank: int = 50,
             limit: int | None = None) -> BotDeal:
    """One deal of ``variant`` from the shuffle ``seed``, played by heuristic bots.

    Every seat has its own :class:`~ambigu_rules.play.bots.HeuristicBot`, seeded
    ``bot_seed * 10 + seat`` whatever the version, so that only the rules
    differ. The first two cards of each player are kept: the seeded shuffle
    fixes the stock, and every version deals two cards each, one at a time,
    from the dealer's right, before anyone decides anything.

    >>> played = bot_deal("1730")
    >>> played.game.deal_over, played.game.table.conserved()
    (True, True)
    >>> sum(played.game.table.banks) + played.game.table.on_table
    200
    >>> sorted(played.first_cards)
    ['Anna', 'Ben', 'Carla', 'Dan']
    """
    game = Game(load_ruleset(variant), names=list(NAMES), banks=bank, dealer=len(NAMES) - 1,
                seed=seed, limit=limit)
    bots = [HeuristicBot(bot_seed * 10 + seat) for seat in range(len(NAMES))]
    game.start_deal()
    first = {game.name(seat): game.deck.format_hand(game.hand(seat))
             for seat in range(len(NAMES))}
    while not game.deal_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return BotDeal(game, bank, first)


#: The words of the demonstration block of the "same deal, every rulebook" page.
T = Catalog(__name__, "T", {
    "first": "The shuffle deals first: {cards}.",
    "between": "; ",
    "head": "| Version | How it ended | Winner | Combination paid | {names} | Left on the table |",
    "pool stays": "pool stays",
    "showdown": "showdown",
    "uncontested": "uncontested",
})


def rulebook_markdown(lang: Lang = EN, **options: Any) -> str:
    """The demonstration block of the "same deal, every rulebook" page, in ``lang``.

    The first cards of the shuffle and :func:`rulebook_table`, as Markdown.
    The page and its French twin embed this text verbatim; a test checks that
    it is up to date (``python -m ambigu_rules.play.examples [fr]`` prints it).
    """
    # Every version on the standard deck deals the same first cards from one shuffle.
    from ..load.catalog import builtin_ids
    from ..load.resolver import load_ruleset

    standard = standard_deck().id
    reference = next(v for v in builtin_ids() if load_ruleset(v).deck.use == standard)
    first = bot_deal(reference, **options).first_cards
    cards = T("between", lang).join(f"{name} {hand}" for name, hand in first.items())
    return T("first", lang, cards=cards) + f"\n\n{rulebook_table(lang=lang, **options)}"


def rulebook_table(variants: Sequence[str] | None = None, lang: Lang = EN,
                   **options: Any) -> str:
    """The Markdown table of :func:`bot_deal` under each version (a demonstration).

    The numbers are what the bots and the interpreter produced, not rulings
    read from a source; the page that shows this table says so.
    """
    from ..load.catalog import builtin_ids
    from ..load.resolver import load_ruleset

    rows = [T("head", lang, names=" | ".join(NAMES)),
            "|---|---|---|---|" + "---:|" * len(NAMES) + "---:|"]
    for variant in variants or builtin_ids():
        played = bot_deal(variant, **options)
        outcome = played.outcome(lang)
        changes = played.changes()
        title = load_ruleset(variant).text_in("short_title", lang.code)
        rows.append(f"| {title} | {T(outcome['ending'], lang)} | {outcome['winner'] or '—'} | "
                    f"{outcome['combination'] or '—'} | "
                    + " | ".join(f"{changes[name]:+d}" for name in NAMES)
                    + f" | {played.game.table.on_table} |")
    return "\n".join(rows)


if __name__ == "__main__":  # pragma: no cover
    import sys

    from ..words.lang import lang_of

    print(rulebook_markdown(lang_of(sys.argv[1] if len(sys.argv) > 1 else "en")))
