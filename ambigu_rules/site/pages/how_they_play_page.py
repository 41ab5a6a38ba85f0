"""The page *How the versions play*: figures of simulated play, version by version.

Made from ``rulesets/site/how-the-versions-play.json``
(:mod:`ambigu_rules.site.play_data`), which ``make analysis`` writes: how
deals end, the pot and what is paid for combinations, which combination
wins the showdowns, what each place at the table gains or loses, and the
spread of a session. Each figure is printed with its 95 % interval; each
section opens with a sentence that says, from the figures alone, which
versions lie furthest apart and whether their intervals tell them apart.
Every phrase is in :data:`T`, in English and in French.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...engine.input_checks import NO_AGREED_LIMIT
from ...errors import SiteError
from ...play.play_statistics import ENDINGS
from ...rules.common import Agreed
from ...rules.table import BettingLimit
from ...rules.vocabulary import said
from ...rules.where_silent import PLAYED_WHERE_SILENT
from ...words.lang import Catalog, Lang
from ...words.markup import attr, esc, plain
from ...words.names import CANONICAL
from ..play_data import FILE_NAME, Figure, Figures, PlayData
from .context import Site, data_file

#: The page's path in the docs folder.
PAGE = "how-the-versions-play.md"

T = Catalog(__name__, "T", {
    "title": "How the versions play",
    "bot_random": "random",
    "bot_heuristic": "heuristic",
    "bot_expert": "expert",
    "and": " and ",
    "between": ", ",
    "groups": "; ",
    "alike": ("Some versions give exactly the same figures, and share a row: {groups}. Where "
              "their texts differ, the bots' play does not."),
    "played_alike": ("Some versions share a row: {groups}. Their rule files differ only in what "
                     "is not played (names, notes, sources), so the same seed plays the very "
                     "same deals with them, and they were simulated once."),
    "intro": ("What the rules do at the table, measured: each version played by {bots} bots at "
              "{players} seats, {deals} deals per version in {blocks} blocks of {block_size}, "
              "seed {seed}, a player's bank bought back whenever it runs out. Each figure is "
              "followed by its 95 % interval in brackets, taken over the blocks of the run (the "
              "session percentiles excepted: see their section): two versions whose intervals "
              "do not overlap play differently on that point."),
    "settings": ("The table: every player starts with {bank} counters; where a rule file has "
                 "the players agree a betting limit ({limited}), they agreed {limit} counters, "
                 "a figure of ours, since no rule file names one; {amounts}."),
    "settings_no_limit": ("The table: every player starts with {bank} counters; {no_limit}; "
                          "{amounts}."),
    "no_limit": "no rule file has the players agree a betting limit, so none is played",
    "defaults": ("every amount a rule file leaves to the players' agreement is played at the "
                 "default the file gives ({amounts})"),
    "agreed": ("the amounts a rule file leaves to the players' agreement are played as follows: "
               "{amounts}"),
    "no_amounts": "no rule file leaves an amount to agreement",
    "amount": "{title}: {n}",
    "items": ", ",
    "amounts_of": "{versions} — {amounts}",
    "again": ("`make analysis` makes these figures again, to the last digit ({command}); the "
              "figures themselves are in {file}."),
    "bots_note": ("The bots are the package's own (`ambigu simulate --bots`); stronger players "
                  "would bet otherwise, so read the figures as how these versions play between "
                  "such bots."),
    "expert_note": ("An expert bot chooses its discard by weighing its chance of winning "
                    "against what the pot and the payments bring, not by the advice's best "
                    "expected value; it counts the unseen cards as equally likely, except its "
                    "own discards, which it keeps out of reach for the whole deal, even after a "
                    "redeal has put them back in the pack."),
    "endings": "How deals end",
    "endings_lead": "The share of deals that end in each way.",
    "showdown": "showdown",
    "uncontested": "won without a showdown",
    "all_pass": "all pass (the stakes carried over)",
    "forced": "forced by the dealer",
    "other": "other (a redeal)",
    "version": "Version",
    "money": "The pot and the payments",
    "money_lead": ("Per deal: the counters the winners take from the table (the pool, the "
                   "batterie and the bets), and what the players pay for combinations besides."),
    "pot": "Pot per deal",
    "by_limit": "By the kind of betting limit each rule file gives: {groups}.",
    "limit_group": "where {limit} ({versions}), a pot of {pot} per deal",
    "range": "{low} to {high}",
    "combination_paid": "Paid for combinations per deal",
    "wins": "Which combination wins the showdown",
    "wins_lead": ("Of the showdowns, the share won by a hand of each combination (— where the "
                  "version has no such combination)."),
    "combination": "Combination",
    "places": "Each place at the table",
    "places_lead": ("What a player gains or loses per deal, on average, by where he sits: the "
                    "dealer, the first to his right (who speaks first), and so on."),
    "dealer": "Dealer",
    "place": "Place {n} from the dealer",
    "first": "First to speak",
    "session": "A session of {n} deals",
    "session_lead": ("What one player has won or lost after {n} deals in a row, over {sessions} "
                     "such sessions per version: the percentiles of the result (5 % of sessions "
                     "end below the first figure, half below the median). Their intervals are "
                     "not taken over the blocks: they are the order statistics around each "
                     "percentile, with the sessions counted as independent, which sessions "
                     "following one another at a table nearly are."),
    "percentile": "{p} %",
    "median": "median",
    "spread": "{what}: from {low} ({low_version}) to {high} ({high_version}); {told}",
    "apart": "their intervals do not overlap.",
    "close": "their intervals overlap, so the run cannot tell them apart.",
})


MINUS = "\u2212"


def _number(value: float, digits: int, lang: Lang) -> str:
    """A figure as a page prints it: a true minus sign, the language's decimal mark."""
    text = lang.decimal(f"{abs(value):.{digits}f}")
    return (MINUS + text) if round(value, digits) < 0 else text


def _interval(low: str, high: str, lang: Lang) -> str:
    """An interval in brackets: ``[a, b]`` in English, ``[a ; b]`` in French (whose
    decimal mark is the comma)."""
    return f"[{low}{T('between', lang)}{high}]"


def _percent(figure: Figure, lang: Lang, interval: bool = True) -> str:
    """A share as a percentage, with its interval (kept within 0 and 100 %).

    >>> from ambigu_rules.words.lang import EN
    >>> _percent(Figure(mean=0.5634, low=0.5395, high=0.5865), EN)
    '56.3 % [53.9, 58.7]'
    >>> from ambigu_rules.words.lang import FR
    >>> _percent(Figure(mean=0.001, low=-0.001, high=0.003), FR)
    '0,1 % [0,0 ; 0,3]'
    """
    text = _number(figure.mean * 100, 1, lang) + " %"
    if interval:
        low, high = max(0.0, figure.low), min(1.0, figure.high)
        text += " " + _interval(_number(low * 100, 1, lang), _number(high * 100, 1, lang), lang)
    return text


def _amount(figure: Figure, lang: Lang, digits: int = 2, interval: bool = True) -> str:
    """A number of counters, with its interval.

    >>> from ambigu_rules.words.lang import EN
    >>> _amount(Figure(mean=-0.32, low=-0.43, high=-0.22), EN)
    '−0.32 [−0.43, −0.22]'
    """
    text = _number(figure.mean, digits, lang)
    if interval:
        text += " " + _interval(_number(figure.low, digits, lang),
                                _number(figure.high, digits, lang), lang)
    return text


def _bots(names: str, lang: Lang) -> str:
    """The bots of the run in words: the package's names in the language."""
    known = {"random": "bot_random", "heuristic": "bot_heuristic", "expert": "bot_expert"}
    said = [T(known[name], lang) if name in known else esc(name)
            for name in dict.fromkeys(names.split(","))]
    return T("and", lang).join(said)


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _spread(what: str, figures: dict[str, Figure], names: dict[str, str], lang: Lang,
            show: Callable[[Figure], str]) -> list[str]:
    """The sentence, as a list item, on the two versions furthest apart on one
    figure (``show`` writes a figure without its interval); none for one version."""
    if len(figures) < 2:
        return []
    low_id = min(figures, key=lambda version: figures[version].mean)
    high_id = max(figures, key=lambda version: figures[version].mean)
    low, high = figures[low_id], figures[high_id]
    told = T("apart" if low.high < high.low else "close", lang)
    return ["- " + T("spread", lang, what=what, low=show(low), low_version=esc(names[low_id]),
                     high=show(high), high_version=esc(names[high_id]), told=told)]


def _endings_chart(runs: dict[str, Figures], kinds: list[str], names: dict[str, str],
                   lang: Lang) -> str:
    """A bar per version, cut into the shares of the ways its deals end.

    The bars draw the table below them, which holds the same figures: they
    are hidden from screen readers, and the legend names each colour.
    """
    legend = "".join(f'<span class="play-key play-{kind}">{esc(T(kind, lang))}</span>'
                     for kind in kinds)
    rows = []
    for version, figures in runs.items():
        parts = "".join(
            f'<span class="play-{kind}" style="width: {_width(figures.endings[kind])}%">'
            f"</span>" for kind in kinds)
        rows.append(f'<span class="play-name">{esc(names[version])}</span>'
                    f'<span class="play-bar">{parts}</span>')
    return (f'<div class="play-chart" aria-hidden="true"><div class="play-legend">{legend}'
            f'</div><div class="play-rows">{"".join(rows)}</div></div>')


def _width(figure: Figure) -> str:
    """A share as the width of its part of a bar, in per cent, kept within 0 and 100.

    >>> _width(Figure(mean=0.5634, low=0.55, high=0.57)), _width(Figure(mean=3.0, low=3, high=3))
    ('56.3', '100.0')
    """
    return f"{min(100.0, max(0.0, figure.mean * 100)):.1f}"


def _pot_by_limit(site: Site, data: PlayData, every: list[str], lang: Lang) -> list[str]:
    """The sentence that sets the pot beside the betting limit of each rule file
    (:data:`~ambigu_rules.rules.vocabulary.VOCABULARY`'s words for it), most pot first;
    none where the versions shown share one limit."""
    groups: dict[str, list[str]] = {}
    for version_id in every:
        limit = site.by_id[version_id].ruleset.table.betting_limit
        if limit is not None:
            groups.setdefault(limit.kind, []).append(version_id)
    if len(groups) < 2:
        return []
    parts = []
    for kind, members in sorted(groups.items(), key=lambda group: -max(
            data.versions[v].figures.pot.mean for v in group[1])):
        means = sorted({round(data.versions[v].figures.pot.mean, 2) for v in members})
        pots = [_number(mean, 2, lang) for mean in means]
        titles = [_title(site, member, lang) for member in members]
        versions = esc(", ".join(titles[:-1]) + T("and", lang) + titles[-1]
                       if len(titles) > 1 else titles[0])
        pot = pots[0] if len(pots) == 1 else T("range", lang, low=pots[0], high=pots[-1])
        parts.append(T("limit_group", lang, limit=said("betting_limit", kind, "full", lang.code),
                       versions=versions, pot=pot))
    return [T("by_limit", lang, groups=T("groups", lang).join(parts)), ""]


def _limit_kind(site: Site, version_id: str) -> str:
    """The kind of betting limit a version plays: its rule file's, or the one played
    where it gives none."""
    limit = site.by_id[version_id].ruleset.table.betting_limit
    if limit is None:
        silent = PLAYED_WHERE_SILENT["betting_limit"]
        assert isinstance(silent, BettingLimit)
        limit = silent
    return limit.kind


def _listed(titles: Sequence[str], lang: Lang) -> str:
    """Names in a list: ``a, b and c``."""
    return (", ".join(titles[:-1]) + T("and", lang) + titles[-1]) if len(titles) > 1 \
        else titles[0]


def _agreed_amounts(site: Site, data: PlayData, every: list[str], lang: Lang) -> str:
    """Each amount a rule file leaves to agreement with the amount the run played, the
    versions that play the same amounts named together."""
    groups: dict[str, list[str]] = {}
    for version_id in every:
        items = []
        for step in site.by_id[version_id].ruleset.procedure:
            for _, value in step:
                if isinstance(value, Agreed):
                    title = plain(step.text_in("title", lang.code))
                    items.append(T("amount", lang, title=title,
                                   n=lang.number(data.agreed.get(step.id, value.default))))
        if items:
            groups.setdefault(T("items", lang).join(items), []).append(version_id)
    if not groups:
        return T("no_amounts", lang)
    amounts = T("groups", lang).join(
        T("amounts_of", lang, versions=_listed([_title(site, v, lang) for v in members], lang),
          amounts=items) for items, members in groups.items())
    return T("agreed" if data.agreed else "defaults", lang, amounts=amounts)


def _settings(site: Site, data: PlayData, every: list[str], lang: Lang) -> str:
    """The table the figures were played at: the banks, the betting limit agreed where a
    version has one agreed, and the amounts left to agreement (all from the figures file)."""
    limited = [v for v in every if _limit_kind(site, v) not in NO_AGREED_LIMIT]
    amounts = _agreed_amounts(site, data, every, lang)
    if not limited:
        return T("settings_no_limit", lang, bank=lang.number(data.initial_bank),
                 no_limit=T("no_limit", lang), amounts=amounts)
    return T("settings", lang, bank=lang.number(data.initial_bank),
             limited=_listed([_title(site, v, lang) for v in limited], lang),
             limit=lang.number(data.agreed_limit), amounts=amounts)


def _title(site: Site, version_id: str, lang: Lang) -> str:
    """A version's short title in the language (its rule file's French one in French)."""
    return site.by_id[version_id].ruleset.text_in("short_title", lang.code)


def _one_row_per_figures(site: Site, data: PlayData, every: list[str],
                         lang: Lang) -> tuple[list[str], dict[str, str], dict[str, list[str]]]:
    """The versions that get a row (the first of those with the very same figures),
    each row's name (the names of all its versions) and each row's versions."""
    groups: dict[str, list[str]] = {}
    for version_id in every:
        groups.setdefault(data.versions[version_id].figures.model_dump_json(), []).append(
            version_id)
    names = {}
    for members in groups.values():
        titles = [_title(site, member, lang) for member in members]
        names[members[0]] = titles[0]
        if len(titles) > 1:
            names[members[0]] = ", ".join(titles[:-1]) + T("and", lang) + titles[-1]
    return ([members[0] for members in groups.values()], names,
            {members[0]: members for members in groups.values()})


def _played_as_one(data: PlayData, members: list[str]) -> bool:
    """Whether the versions of a row were simulated once: all but one played as it."""
    simulated = {data.versions[v].played_as or v for v in members}
    return len(simulated) == 1


def how_they_play_page(site: Site, data: PlayData) -> str:
    """The page, in the site's language, from the figures ``data``."""
    lang = site.lang
    every = [version.id for version in site.versions if version.id in data.versions]
    if not every:
        raise SiteError(f"rulesets/site/{FILE_NAME}: no figures for any version of the site "
                        f"({', '.join(sorted(site.by_id))}); run make analysis")
    ids, names, row_versions = _one_row_per_figures(site, data, every, lang)
    runs = {version_id: data.versions[version_id].figures for version_id in ids}
    first = runs[ids[0]]
    out = [str(site.notice), "", f"# {T('title', lang)}", ""]
    out.append(T("intro", lang, bots=_bots(data.bots, lang), players=lang.number(data.players),
                 deals=lang.number(data.deals), blocks=lang.number(first.blocks),
                 block_size=lang.number(data.block_size), seed=data.seed))
    link = data_file(f"site/{FILE_NAME}")
    # The command in a code span, which shows any markup in it as text.
    command = "`" + data.command.replace("`", "'").replace("\n", " ") + "`"
    href = attr(site.up + link["href"])
    out += ["", esc(_settings(site, data, every, lang))]
    out += ["", T("again", lang, command=command,
                  file=f'<a href="{href}" download><code>{esc(link["name"])}</code></a>'),
            "", T("bots_note", lang)
            + (" " + T("expert_note", lang) if "expert" in data.bots.split(",") else ""), ""]
    for sentence, same_play in (("played_alike", True), ("alike", False)):
        alike = [names[v] for v in ids if len(row_versions[v]) > 1
                 and _played_as_one(data, row_versions[v]) == same_play]
        if alike:
            out += [T(sentence, lang, groups=T("groups", lang).join(esc(n) for n in alike)), ""]

    shown = [kind for kind in ENDINGS if any(runs[v].endings[kind].mean > 0 for v in ids)]
    out += [f"## {T('endings', lang)}", "", T("endings_lead", lang), ""]
    for kind in shown:
        out += _spread(T(kind, lang).capitalize(), {v: runs[v].endings[kind] for v in ids},
                       names, lang, lambda f: _percent(f, lang, interval=False))
    head = [T("version", lang), *(T(kind, lang).capitalize() for kind in shown)]
    out += ["", _endings_chart(runs, shown, names, lang), "",
            _table(head, [[esc(names[v]), *(_percent(runs[v].endings[kind], lang)
                                            for kind in shown)] for v in ids]), ""]

    out += [f"## {T('money', lang)}", "", T("money_lead", lang), ""]
    for what in ("pot", "combination_paid"):
        out += _spread(T(what, lang), {v: getattr(runs[v], what) for v in ids}, names, lang,
                       lambda f: _amount(f, lang, interval=False))
    out += ["", *_pot_by_limit(site, data, every, lang)]
    out += [_table([T("version", lang), T("pot", lang), T("combination_paid", lang)],
                   [[esc(names[v]), _amount(runs[v].pot, lang),
                     _amount(runs[v].combination_paid, lang)] for v in ids]), ""]

    out += [f"## {T('wins', lang)}", "", T("wins_lead", lang), ""]
    canon = [key for key, _ in CANONICAL]
    rows = []
    for key in canon:
        cells = []
        for v in ids:
            own = [c.id for c in site.by_id[v].ruleset.combinations
                   if (c.canonical or c.id) == key]
            figure = runs[v].best_combination.get(own[0]) if own else None
            cells.append(_percent(figure, lang) if figure else ("0 %" if own else "—"))
        if any(cell not in ("—", "0 %") for cell in cells):
            rows.append([CANONICAL(key, lang), *cells])
    out += [_table([T("combination", lang)] + [esc(names[v]) for v in ids], rows), ""]

    out += [f"## {T('places', lang)}", "", T("places_lead", lang), ""]
    places = [T("dealer", lang), T("first", lang)] + [
        T("place", lang, n=n) for n in range(2, data.players)]
    out += [_table([T("version", lang), *places],
                   [[esc(names[v])] + [_amount(runs[v].net_by_place[str(p)], lang)
                                       for p in range(data.players)] for v in ids]), ""]

    out += [f"## {T('session', lang, n=data.session_deals)}", "",
            T("session_lead", lang, n=data.session_deals,
              sessions=lang.number(first.sessions)), ""]
    heads = [T("percentile", lang, p=p) if p != 50 else T("median", lang)
             for p in (5, 25, 50, 75, 95)]
    out += [_table([T("version", lang), *heads],
                   [[esc(names[v])] + [_amount(runs[v].session_net[str(p)], lang, 0)
                                       for p in (5, 25, 50, 75, 95)] for v in ids]), ""]
    return "\n".join(out) + "\n"

