"""The worked examples as hands on a table: seats, cards, counters after each step.

A worked example's page tells its deal in words, worked out by hand from the
sources, and checks the outcome with a Python session. This module adds the
picture: it replays the example's scenario file with the interpreter and
draws, as HTML, the seats around the table (who deals, which way play goes)
and a table of the counters after each step of the deal (pool, batterie,
each player's bank and bet, the cards each holds, who is out). The numbers
are the interpreter's; the page's own prose and its doctest, written from
the sources, are what check them.

The pages mark where the view goes with two comments, and
:func:`fill_table_views` writes it between them (``tools/gen_site.py`` does,
and the site build refuses a page whose view is out of date), in the
language of the page: a French twin (``NAME.fr.md``) gets its view in
French, the steps named by the French titles of the rule file::

    <!-- table-view: scenarios/german-example.yaml -->
    <!-- table-view: end -->
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from ..engine.events import AnyEvent, DealStarted
from ..engine.game import Game
from ..errors import SiteError
from ..languages import LANGS
from ..play.replay_run import play_replay
from ..words.lang import EN, Catalog, Lang
from ..words.markup import Md, cards_html
from ..words.phrases import counters

#: The comment that opens a view, naming the scenario (relative to the page).
START = re.compile(r"^(?P<indent>[ \t]*)<!-- table-view: (?P<path>[^ ]+\.ya?ml) -->$", re.M)
END = "<!-- table-view: end -->"

#: The words of the view.
T = Catalog(__name__, "T", {
    "deals": "deals",
    "direction": "play goes to the right ↺",
    "seating": "{dealer} deals; play goes to the right: {order}",
    "steps": "Counters and cards after each step",
    "after": "After",
    "pool": "Pool",
    "batterie": "Batterie",
    "start": "Start",
    "deal": "Deal {n}",
    "bet": "bet {n}",
    "out": "out",
})


@dataclass(frozen=True)
class Snapshot:
    """The table after one or more steps of a deal."""

    deal: int
    steps: tuple[str, ...]
    pool: int
    batterie: int
    banks: tuple[int, ...]
    bets: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    out: frozenset[int]


@dataclass(frozen=True)
class TableView:
    """A replayed scenario: the seats and the snapshots of its deals."""

    game: Game
    start: tuple[int, ...]
    dealers: tuple[int, ...]
    snapshots: tuple[Snapshot, ...]


def replay_view(path: Path, lang: Lang = EN) -> TableView:
    """Replay ``path`` and keep the table as it is when each step of a deal is over.

    The engine records each event after the change it describes, so the
    table as it stands at a step's last event is the table after that step.
    """
    snapshots: list[Snapshot] = []
    starts: list[tuple[int, ...]] = []
    dealers: list[int] = []
    current: list[Snapshot | None] = [None]  # the table at the last event of the step

    def close() -> None:
        if current[0] is not None:
            snapshots.append(current[0])
            current[0] = None

    def watch(game: Game, event: AnyEvent) -> None:
        if isinstance(event, DealStarted):
            close()
            if not starts:
                starts.append(tuple(game.table.banks))
            dealers.append(event.dealer)
            return
        if event.step is None:
            return
        step = next((s for s in game.ruleset.procedure if s.id == event.step), None)
        if step is None:
            return
        last = current[0]
        title = step.text_in("title", lang.code)
        if last is not None and last.steps != (title,):
            close()
        current[0] = _snapshot(game, (title,))

    result = play_replay(path, watch)
    close()
    return TableView(result.game, starts[0] if starts else tuple(result.game.table.banks),
                     tuple(dealers), tuple(snapshots))


def _snapshot(game: Game, steps: tuple[str, ...]) -> Snapshot:
    table = game.table
    deal = game.deal
    return Snapshot(
        deal=game.deal_count,
        steps=steps,
        pool=table.pool,
        batterie=table.batterie,
        banks=tuple(table.banks),
        bets=tuple(table.bets),
        hands=tuple(tuple(sorted(game.hand(seat))) for seat in range(game.players)),
        out=frozenset(deal.out) if deal is not None else frozenset(),
    )


# -- drawing ------------------------------------------------------------------------


def seat_positions(players: int, dealer: int) -> list[tuple[float, float]]:
    """Where each seat sits around an oval table, in percent of the drawing.

    The dealer sits at the bottom; play goes to his right, which, seen from
    above with the dealer facing the table, is counterclockwise on the page.

    >>> [(round(x), round(y)) for x, y in seat_positions(4, 3)]
    [(88, 50), (50, 14), (12, 50), (50, 86)]
    """
    places = []
    for seat in range(players):
        turn = (dealer - seat) % players  # 0 for the dealer, 1 on his right, ...
        angle = 2 * math.pi * ((players - turn) % players) / players
        places.append((50 + 38 * math.sin(angle), 50 + 36 * math.cos(angle)))
    return places


def seating_html(view: TableView, lang: Lang = EN) -> Md:
    """The seats around the table for the first deal, with the starting counters."""
    game = view.game
    dealer = view.dealers[0] if view.dealers else game.dealer
    seats = []
    for seat, (x, y) in enumerate(seat_positions(game.players, dealer)):
        role = (Md(' <span class="seat-role">{}</span>').format(T("deals", lang))
                if seat == dealer else Md(""))
        seats.append(Md(
            '<div class="seat" style="left: {:.1f}%; top: {:.1f}%">'
            '<span class="seat-name">{}</span>{}<span class="seat-bank">{}</span></div>'
        ).format(x, y, game.name(seat), role,
                 counters(view.start[seat], lang)))
    return Md(
        '<div class="seating" role="img" aria-label="{}">'
        '<div class="seating-table"><span>{}</span></div>{}</div>'
    ).format(_seating_label(view, dealer, lang), T("direction", lang), Md("").join(seats))


def _seating_label(view: TableView, dealer: int, lang: Lang = EN) -> str:
    game = view.game
    order = [game.name((dealer - k) % game.players) for k in range(1, game.players + 1)]
    return T("seating", lang, dealer=game.name(dealer), order=", ".join(order))


def steps_html(view: TableView, lang: Lang = EN) -> Md:
    """A table of the counters and cards after each step of each deal."""
    game = view.game
    players = range(game.players)
    batterie = any(s.batterie for s in view.snapshots)
    head = [Md("<th>{}</th><th>{}</th>").format(T("after", lang), T("pool", lang))]
    if batterie:
        head.append(Md("<th>{}</th>").format(T("batterie", lang)))
    head += [Md("<th>{}</th>").format(game.name(seat)) for seat in players]
    rows = [Md("<tr class=\"start\"><th scope=\"row\">{}</th><td>0</td>{}{}</tr>").format(
        T("start", lang), Md("<td>0</td>") if batterie else Md(""),
        Md("").join(Md('<td><span class="bank">{}</span></td>').format(
            lang.count(view.start[seat])) for seat in players))]
    deals = len({s.deal for s in view.snapshots})
    current = 0
    for snap in view.snapshots:
        if deals > 1 and snap.deal != current:
            current = snap.deal
            rows.append(Md('<tr class="deal"><th colspan="{}">{}</th></tr>').format(
                len(head), T("deal", lang, n=current)))
        rows.append(_row(game, snap, batterie, lang))
    # The table scrolls sideways on a phone: a named region that takes the
    # keyboard's focus, so it can be scrolled without a mouse.
    return Md(
        '<div class="table-view-steps" role="region" tabindex="0" '
        'aria-label="{}"><table class="table-view">'
        "<thead><tr>{}</tr></thead><tbody>{}</tbody></table></div>"
    ).format(T("steps", lang), Md("").join(head), Md("").join(rows))


def _row(game: Game, snap: Snapshot, batterie: bool, lang: Lang = EN) -> Md:
    cells = [Md('<th scope="row">{}</th>').format(" · ".join(snap.steps)),
             Md("<td>{}</td>").format(lang.count(snap.pool))]
    if batterie:
        cells.append(Md("<td>{}</td>").format(lang.count(snap.batterie)))
    for seat in range(game.players):
        bet = (Md(' <span class="bet">{}</span>').format(
            T("bet", lang, n=lang.count(snap.bets[seat]))) if snap.bets[seat] else Md(""))
        status = (Md(' <span class="out">{}</span>').format(T("out", lang))
                  if seat in snap.out else Md(""))
        hand = cards_html(game.deck, snap.hands[seat], lang) if snap.hands[seat] else Md("")
        cells.append(Md('<td{}><span class="bank">{}</span>{}{}<br>{}</td>').format(
            Md(' class="folded"') if seat in snap.out else Md(""),
            lang.count(snap.banks[seat]), bet, status, hand))
    return Md("<tr>{}</tr>").format(Md("").join(cells))


def table_view_html(path: Path, lang: Lang = EN) -> str:
    """The whole view of one scenario: the seats, then the steps, in ``lang``."""
    view = replay_view(path, lang)
    return str(Md('<div class="table-view-box">{}{}</div>').format(
        seating_html(view, lang), steps_html(view, lang)))


def edition_of(name: str) -> Lang:
    """The language of a page by its name: ``NAME.fr.md`` is French, ``NAME.md`` English.

    >>> edition_of("german-example.fr.md").code, edition_of("index.md").code
    ('fr', 'en')
    """
    code = name.removesuffix(".md").rpartition(".")[2] if name.count(".") > 1 else ""
    return next((lang for lang in LANGS if lang.code == code), EN)


def fill_table_views(text: str, page: Path) -> str:
    """``text`` (a worked example's page) with each view between its markers redrawn.

    A scenario path is read relative to the page's folder; a twin in another
    language (``NAME.fr.md``, ``NAME.ru.md``) gets its views in that language.
    """
    lang = edition_of(page.name)
    out: list[str] = []
    position = 0
    for start in START.finditer(text):
        end = text.find(END, start.end())
        if end < 0:
            raise SiteError(f"{page}: {start.group(0).strip()} has no {END} after it")
        indent = start.group("indent")
        html = table_view_html(page.parent / start.group("path"), lang)
        out.append(text[position:start.end()])
        out.append(f"\n{indent}{html}\n{indent}")
        position = end
    out.append(text[position:])
    return "".join(out)


__all__ = ["TableView", "fill_table_views", "replay_view", "table_view_html"]
