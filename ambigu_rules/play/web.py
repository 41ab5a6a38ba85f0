"""A table to play at from a web page: people in the first seats (Anna, …), bots in the others.

The site's Play page runs this module in the browser (Pyodide, in a Web
Worker): the page sends a version (a built-in id, or the path of a rule file
the reader pasted), the number of players and how many of them are people
at the screen, then the index of each action clicked; this module plays the
bots' turns and answers with the whole state as JSON — the seats, their
counters and bets, the cards of the person to act (the others' once shown),
the pool, the step under way and the page of the rule that governs it, what
may be done (a discard with its cards, so that the page can match the cards
the reader marks), and what happened since, move by move (``frames``: the
table after each move, so that the page can show the bots' moves one after
another). With no person at the table the bots play each deal through. It
holds no rule of its own: the engine plays the version's rule file.

When a deal is over the state says how it ended (``end``: who won, with
what, and what each player won or paid, :mod:`.deal_summary`) and who cannot
pay the next antes (``short``): a person may then buy counters back in
(:meth:`WebTable.buy`) where the version allows it, or the table agreed to it
where the version leaves it to the table (``buy_back``); a bot,
or a person who does not buy, sits the deals out, and the session is over
when too few can pay (``session_over``).

>>> table = WebTable("1730", players=3, seed=5)
>>> state = table.start()
>>> state["you"], len(state["seats"]), state["seats"][0]["name"]
(0, 3, 'Anna')
>>> [seat["bot"] for seat in state["seats"]]
[False, True, True]
>>> state["deal_over"] or bool(state["actions"])
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from ..engine.actions import Action, simple
from ..engine.events import HandExposed, HandShown
from ..engine.game import Game
from ..engine.view import SeatView
from ..errors import AmbiguError, GameSetupError, IllegalActionError, TableMissingError
from ..hands.table import rules_digest
from ..limits import MAX_COUNTERS
from ..load.catalog import builtin_ids, display_name
from ..load.resolver import resolve
from ..load.yaml_source import load_file
from ..rules.ruleset import Ruleset
from ..words.lang import lang_of
from .bot_names import BOTS
from .deal_summary import deal_summary
from .hints import hint
from .narration import Narrator
from .replay_writer import CardsReceived, replay_text

#: The kinds of action that name an amount: the page offers each as one choice with its range.
AMOUNT_KINDS = ("open", "raise")

NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Felix", "Gaspard", "Hélène", "Igor", "Jeanne")


class WebTable:
    """One session at one table, driven by the indexes of the actions the people pick.

    ``people`` seats (the first ones) are played from the page, the others by
    the bots named ``bots`` (:data:`.bot_names.BOTS`: the expert, unless the
    reader picks another); several people take turns at one screen, and
    each sees only their own cards while it is their turn. ``buy_back_agreed``
    is the table's agreement, made before the first deal, to let a player buy
    counters back in where the version leaves that to the table (the Russian
    versions); a version that forbids it refuses the agreement.
    """

    def __init__(self, variant: str, players: int = 4, seed: int = 1, banks: int = 50,
                 people: int = 1, lang: str = "en", bots: str = "expert",
                 buy_back_agreed: bool = False) -> None:
        resolved = resolve(variant)
        ruleset = resolved.ruleset
        self.variant = ruleset.id
        self.pages = rule_pages(ruleset, resolved.data.get("extends"),
                                steps_written_in(resolved.path))
        if not isinstance(people, int) or isinstance(people, bool) or not 0 <= people <= players:
            raise GameSetupError(f"the people at the table are from 0 to the {players} "
                                 f"players, not {people!r}")
        if not isinstance(buy_back_agreed, bool):
            raise GameSetupError(f"the table's agreement to buy back is true or false, "
                                 f"not {buy_back_agreed!r}")
        names = list(NAMES[:players]) if 0 < players <= len(NAMES) else None
        try:
            self.game = Game(ruleset, players=players, seed=seed, banks=banks, names=names,
                             buy_back_agreed=buy_back_agreed)
        except TableMissingError:
            raise TableMissingError(
                f"{ruleset.id} changes the pack, the combinations or their ranking, so it needs "
                "a table of hands of its own, and the browser cannot compile one (that needs "
                "numpy); play it on your computer with 'ambigu play FILE'") from None
        #: Every card each seat receives, for a replay of the deals played (:meth:`save`).
        self.cards = CardsReceived(self.game)
        #: What a replay names as its version: the built-in id, or the rule file pasted.
        self.file = None if ruleset.id in builtin_ids() else resolved.path.name
        if bots not in BOTS:
            raise GameSetupError(f"the bots are {', '.join(sorted(BOTS))}, not {bots!r}")
        self.people = people
        self.bank = banks
        #: The banks before the deal under way (or the last one) began: its gains and losses.
        self.before = list(self.game.table.banks)
        self.bots = {seat: BOTS[bots](seed * 10 + seat) for seat in range(people, players)}
        # The page's language (the French edition: "fr"): the account of the deal,
        # the steps' titles, the hint.
        self.lang = lang_of(str(lang))
        self.narrator = Narrator(self.game.names, self.game.deck, self.lang,
                                 self.game.ruleset)
        self.read = 0  # events already told
        self.frames: list[dict[str, Any]] = []  # the moves since the last answer

    # -- what the page asks -------------------------------------------------------

    def start(self) -> dict[str, Any]:
        """Deal the next deal and play the bots until it is the reader's turn."""
        if not self.game.deal_over:
            raise IllegalActionError("the deal under way is not finished")
        if not self.game.can_start_deal():
            return self.state(note="Too few players can pay the antes: the session is over.")
        self.before = list(self.game.table.banks)
        self.game.start_deal()
        self._record()
        self._bots_play()
        return self.state()

    def act(self, index: int, amount: int | None = None) -> dict[str, Any]:
        """Play choice number ``index`` of :meth:`state`'s ``actions``; a choice of
        amounts (``low`` to ``high``) takes the ``amount`` too."""
        choices = self._choices()
        if not isinstance(index, int) or not 0 <= index < len(choices):
            raise IllegalActionError(f"no action number {index}: there are {len(choices)}")
        action, span = choices[index]
        if span is not None:
            low, high = span
            if not isinstance(amount, int) or isinstance(amount, bool) or not low <= amount <= high:
                raise IllegalActionError(f"{action.kind}: give an amount from {low} to {high}, "
                                         f"not {amount!r}")
            action = simple(action.kind, amount)
        self.game.apply(action)
        self._record()
        self._bots_play()
        return self.state()

    def buy(self, seat: int) -> dict[str, Any]:
        """A person who cannot pay the next antes buys counters back in, between deals:
        the bank he began with (more if he owes), as the version allows
        (:meth:`~ambigu_rules.engine.game.Game.why_not_buy_back` says why not)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.people:
            raise IllegalActionError(f"only the people at the table buy counters, not seat "
                                     f"{seat!r}")
        if not self.game.deal_over:
            raise IllegalActionError("counters are bought here between deals")
        amount = self._buy_amount(seat)
        refused = ("this player can pay the antes" if not self.game.short_of_antes(seat)
                   else self.game.why_not_buy_back(seat, amount) if amount else
                   "this bank is at the most counters buying may bring it to")
        if refused is not None:
            raise IllegalActionError(refused)
        self.game.buy_back(seat, amount)
        return self.state()

    def save(self) -> dict[str, Any]:
        """A replay of the deals played to their end (:func:`.replay_writer.replay_text`),
        which ``ambigu replay`` plays back to the same banks: ``text``, and ``name``,
        a file name for it; ``rules``, the name the replay gives the rule file
        pasted (to be kept beside it), else ``None``."""
        game = self.game
        deals = game.deal_count - (0 if game.deal_over else 1)
        text = replay_text(game, self.cards, variant=self.file)
        stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in game.ruleset.id)
        return {"text": text, "name": f"ambigu-{stem}-{deals}-deals.replay.yaml",
                "deals": deals, "rules": self.file}

    def hint(self) -> dict[str, Any]:
        """What the person to act might do (:func:`.hints.hint`): the exact advice at an
        exchange, the expert bot's reckoning and choice at any other decision."""
        you = self._you()
        if you is None or you in self.bots:
            return {"kind": "none"}
        return hint(self.game, you, self.lang)

    def state(self, note: str | None = None) -> dict[str, Any]:
        """What the page shows now: the table, what may be done, the events not
        yet told as sentences (``lines``), and the same told move by move
        (``frames``: the table after each move since the last answer, each
        with its ``lines`` and ``said``, the move in one sentence)."""
        if len(self.game.log) > self.read or not self.frames:
            self._record()
        frames, self.frames = self.frames, []
        game = self.game
        over = game.deal_over
        short = self._short() if over else []
        return {
            "version": self.variant,
            "deal": game.deal_count,
            "can_deal": over and game.can_start_deal(),
            "end": deal_summary(game, self.before, self.lang) if over else None,
            "short": short,
            "buy_back": self._buy_back(),
            "session_over": over and not game.can_start_deal()
            and not any(seat["buy"] for seat in short),
            **self._table(),
            "actions": [_choice_json(action, span, self.game.deck.format_hand)
                        for action, span in self._choices()],
            "lines": [line for frame in frames for line in frame["lines"]],
            "frames": frames,
            "note": note,
        }

    # -- inside ----------------------------------------------------------------------

    def _buy_back(self) -> str:
        """Whether players may buy counters here: ``allowed``; ``not_agreed`` (the
        version leaves it to the table, and this one has not agreed); ``never``."""
        plan = self.game.plan
        if plan.buy_back_allowed:
            return "allowed"
        return "not_agreed" if "buy_back" in plan.silent else "never"

    def _buy_amount(self, seat: int) -> int:
        """What a player short of the antes buys: the bank he began with, more if he
        owes, never past the most counters buying may bring a bank to."""
        bank = self.game.table.banks[seat]
        return max(0, min(max(self.bank, self.bank - bank), MAX_COUNTERS - bank))

    def _short(self) -> list[dict[str, Any]]:
        """The players still at the table who cannot pay the next deal's antes, each
        with what he may buy back in (``buy``: ``None`` where he may not, or is a bot)."""
        game = self.game
        found = []
        for seat in range(game.players):
            if not game.short_of_antes(seat):
                continue
            amount = self._buy_amount(seat)
            may = (seat not in self.bots and amount > 0
                   and game.why_not_buy_back(seat, amount) is None)
            found.append({"seat": seat, "name": game.names[seat], "bank": game.table.banks[seat],
                          "antes": game.state.required_antes(), "bot": seat in self.bots,
                          "buy": amount if may else None})
        return found

    def _table(self) -> dict[str, Any]:
        """The table as the screen shows it now: whose cards, the step, the seats, the pool."""
        game = self.game
        you = self._you()
        view = game.view(0 if you is None else you)
        shown = self._shown_cards(view, you)
        step = next((s for s in game.ruleset.procedure if s.id == view.step_id), None)
        return {
            "deal_over": game.deal_over,
            "you": you,
            "step": None if step is None else {
                "id": step.id, "title": step.text_in("title", self.lang.code),
                "page": self.pages.get(step.id, self.pages.get("", None))},
            "pool": view.pool,
            "batterie": view.batterie,
            "seats": [{
                "name": view.names[seat],
                "bank": view.banks[seat],
                "bet": view.bets[seat],
                "out": seat in view.out,
                "dealer": seat == view.dealer,
                "to_act": seat == view.to_act,
                "bot": seat in self.bots,
                "cards": [self.lang.show_cards(view.deck.format_hand((card,)))
                          for card in shown.get(seat, ())],
                "hidden": 0 if seat in shown else view.hand_sizes[seat],
            } for seat in range(game.players)],
        }

    def _record(self) -> None:
        """Keep the table as it is after a move (or a deal dealt), with the events it told."""
        lines = self.narrator.lines(self.game.log[self.read:])
        self.read = len(self.game.log)
        self.frames.append({**self._table(), "lines": lines,
                            "said": lines[0] if lines else ""})

    def _you(self) -> int | None:
        """The person whose cards the screen shows: the one to act, or the only one."""
        game = self.game
        if not game.deal_over and game.to_act is not None and game.to_act not in self.bots:
            return game.to_act
        return 0 if self.people == 1 else None

    def _choices(self) -> list[tuple[Action, tuple[int, int] | None]]:
        """What the person to act may do: each action, an opening or a raise once with its
        range of amounts (the first amount standing for them all)."""
        game = self.game
        if game.deal_over or game.to_act is None or game.to_act in self.bots:
            return []
        legal = game.legal_actions()
        choices: list[tuple[Action, tuple[int, int] | None]] = []
        for kind in legal.kinds():
            span = legal.amount_range(kind) if kind in AMOUNT_KINDS else None
            if span is not None:
                choices.append((legal.of_kind(kind)[0], span))
            else:
                choices += [(action, None) for action in legal.of_kind(kind)]
        return choices

    def _bots_play(self) -> None:
        game = self.game
        while not game.deal_over and game.to_act in self.bots:
            seat = game.to_act
            game.apply(self.bots[seat].choose(game.view(seat)))
            self._record()

    @staticmethod
    def _shown_cards(view: SeatView, you: int | None) -> dict[int, tuple[int, ...]]:
        """The cards the screen may show: those shown in the deal under way
        (or just ended), and the hand of ``you`` (whose view it is)."""
        shown: dict[int, tuple[int, ...]] = {}
        for event in reversed(view.events):
            if isinstance(event, HandShown | HandExposed) and event.seat not in shown:
                shown[event.seat] = tuple(event.cards)
        if you is not None:
            shown[you] = view.hand
        return shown


def _choice_json(action: Action, span: tuple[int, int] | None,
                 format_cards: Callable[[tuple[int, ...]], str]) -> dict[str, Any]:
    """One choice for the page: its words and kind (by which the page names it in
    its language); for a range of amounts its bounds; for a discard its cards,
    each written as the seats' cards are; for a choice of the rules its option.

    >>> _choice_json(simple("raise", 1), (1, 8), str)
    {'label': 'raise', 'kind': 'raise', 'low': 1, 'high': 8}
    >>> _choice_json(simple("pass"), None, str)
    {'label': 'pass', 'kind': 'pass'}
    >>> _choice_json(Action("discard", cards=(3, 9)), None, lambda cards: f"{list(cards)}")
    {'label': 'discard [3, 9]', 'kind': 'discard', 'cards': ['[3]', '[9]']}
    """
    if span is not None:
        return {"label": action.kind, "kind": action.kind, "low": span[0], "high": span[1]}
    choice: dict[str, Any] = {"label": action.describe(format_cards), "kind": action.kind}
    if action.kind == "discard":
        choice["cards"] = [format_cards((card,)) for card in action.cards]
    if action.option is not None:
        choice["option"] = action.option
    return choice


def rule_pages(ruleset: Ruleset, parent: object, own_steps: Collection[str]) -> dict[str, str]:
    """Which built-in version's page states each step's rule.

    A built-in version's steps are on its own page (the key ``""`` stands
    for every step). A file of one's own that extends a built-in version
    points to the parent's page for the steps it takes over; the steps its
    own ``procedure`` adds or changes (``own_steps``) have no page.

    >>> from ambigu_rules.load.resolver import load_ruleset
    >>> rule_pages(load_ruleset("1730"), None, ())
    {'': '1730'}
    >>> third_draw = load_ruleset("docs/variants/third-draw.yaml")
    >>> pages = rule_pages(third_draw, "foster", {"third_draw"})
    >>> pages["first_draw"], "third_draw" in pages
    ('foster', False)
    """
    if ruleset.id in builtin_ids():
        return {"": ruleset.id}
    if not isinstance(parent, str) or parent not in builtin_ids():
        return {}
    return {step.id: parent for step in ruleset.procedure if step.id not in own_steps}


def steps_written_in(path: Path) -> set[str]:
    """The ids of the steps a rule file's own ``procedure`` lists (not those it inherits).

    The file is named as the resolver names it, so that the parse the resolver
    kept (:func:`.yaml_source.loads` keeps a parse per text and name) is reused
    rather than made again (half a second in the browser).
    """
    data = load_file(path, display_name(path))
    steps = data.get("procedure") if isinstance(data, dict) else None
    if not isinstance(steps, list):
        return set()
    return {str(step.get("id")) for step in steps if isinstance(step, dict)}


def table_rules(variant: str) -> str:
    """The fingerprint of the table of hands ``variant`` needs (:func:`.table.rules_digest`);
    the page fetches the shipped table with that fingerprint before seating anyone."""
    return rules_digest(resolve(variant).ruleset)


def reply(call: Callable[[], dict[str, Any]], kind: str = "state") -> str:
    """The page's answer as JSON: ``{"kind": kind, kind: what call returns}``, or the
    message of a refusal (``{"kind": "error", "text": ...}``).

    >>> reply(lambda: WebTable("1730", players=12).state())
    '{"kind": "error", "text": "this version is for 2 to 6 players, not 12"}'
    >>> reply(lambda: {"rules": table_rules("1702")}, "table") == reply(
    ...     lambda: {"rules": table_rules("1730")}, "table")  # one table for both
    True
    """
    try:
        return json.dumps({"kind": kind, kind: call()}, ensure_ascii=False)
    except AmbiguError as error:
        return json.dumps({"kind": "error", "text": str(error)}, ensure_ascii=False)
