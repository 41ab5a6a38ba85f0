"""A table to play at from a web page: the reader in the first seat (Anna), bots in the others.

The site's Play page runs this module in the browser (Pyodide, in a Web
Worker): the page sends a version and a number of players, then the index of
the action the reader clicks; this module plays the bots' turns and answers
with the whole state as JSON — the seats, their counters and bets, the
reader's cards (the others' once shown), the pool, the step under way and
the rule that governs it, what the reader may do, and what happened since.
It holds no rule of its own: the engine plays the version's rule file.

>>> table = WebTable("1730", players=3, seed=5)
>>> state = table.start()
>>> state["you"], len(state["seats"]), state["seats"][0]["name"]
(0, 3, 'Anna')
>>> state["deal_over"] or bool(state["actions"])
True
"""

from __future__ import annotations

from typing import Any

from ..engine.events import DealStarted, HandExposed, HandShown
from ..engine.game import Game
from ..errors import IllegalActionError
from ..load.resolver import load_ruleset
from .bots import HeuristicBot
from .narration import Narrator

YOU = 0
NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Felix", "Gaspard")


class WebTable:
    """One session at one table, driven by the indexes of the actions the reader picks."""

    def __init__(self, variant: str, players: int = 4, seed: int = 1, banks: int = 50) -> None:
        ruleset = load_ruleset(variant)
        self.variant = ruleset.id
        self.game = Game(ruleset, players=players, seed=seed, banks=banks,
                         names=list(NAMES[:players]))
        self.bots = {seat: HeuristicBot(seed * 10 + seat) for seat in range(1, players)}
        self.narrator = Narrator(self.game.names, self.game.deck)
        self.read = 0  # events already told

    # -- what the page asks -------------------------------------------------------

    def start(self) -> dict[str, Any]:
        """Deal the next deal and play the bots until it is the reader's turn."""
        if not self.game.deal_over:
            raise IllegalActionError("the deal under way is not finished")
        if not self.game.can_start_deal():
            return self.state(note="Too few players can pay the antes: the session is over.")
        self.game.start_deal()
        self._bots_play()
        return self.state()

    def act(self, index: int) -> dict[str, Any]:
        """Play the reader's action number ``index`` of :meth:`state`'s list."""
        actions = self._actions()
        if not 0 <= index < len(actions):
            raise IllegalActionError(f"no action number {index}: there are {len(actions)}")
        self.game.apply(actions[index])
        self._bots_play()
        return self.state()

    def state(self, note: str | None = None) -> dict[str, Any]:
        game = self.game
        table = game.table
        deal = game.deal
        out = set(deal.out) if deal is not None else set()
        shown = self._shown_cards()
        step = next((s for s in game.ruleset.procedure if s.id == game.step_id), None)
        lines = self.narrator.lines(game.log[self.read:])
        self.read = len(game.log)
        return {
            "version": self.variant,
            "deal": game.deal_count,
            "deal_over": game.deal_over,
            "can_deal": game.deal_over and game.can_start_deal(),
            "you": YOU,
            "step": None if step is None else {"id": step.id, "title": step.title},
            "pool": table.pool,
            "batterie": table.batterie,
            "seats": [{
                "name": game.name(seat),
                "bank": table.banks[seat],
                "bet": table.bets[seat],
                "out": seat in out,
                "dealer": seat == game.dealer,
                "to_act": seat == game.to_act and not game.deal_over,
                "cards": [game.deck.format_hand((card,)) for card in
                          (game.hand(seat) if seat == YOU else shown.get(seat, ()))],
                "hidden": 0 if seat == YOU or seat in shown else len(game.hand(seat)),
            } for seat in range(game.players)],
            "actions": [action.describe(game.deck.format_hand) for action in self._actions()],
            "lines": lines,
            "note": note,
        }

    # -- inside ----------------------------------------------------------------------

    def _actions(self) -> list[Any]:
        game = self.game
        if game.deal_over or game.to_act != YOU:
            return []
        return list(game.legal_actions())

    def _bots_play(self) -> None:
        game = self.game
        while not game.deal_over and game.to_act != YOU:
            seat = game.to_act
            assert seat is not None
            game.apply(self.bots[seat].choose(game, game.legal_actions()))

    def _shown_cards(self) -> dict[int, tuple[int, ...]]:
        """The cards each other player has shown in the deal under way (or just ended)."""
        shown: dict[int, tuple[int, ...]] = {}
        for event in reversed(self.game.log):
            if isinstance(event, HandShown | HandExposed) and event.seat not in shown:
                shown[event.seat] = tuple(event.cards)
            if isinstance(event, DealStarted):
                break
        shown.pop(YOU, None)
        return shown
