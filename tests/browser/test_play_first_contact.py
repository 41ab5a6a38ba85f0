"""The Play page as a player expects a card table to behave (issue "first contact").

1. The hint names an action the table offers now, worded as its button: at
   1730's first decision (pass, or call for the shuffle) it named a discard.
2. A player who cannot pay the next antes is told so, and offered to buy
   counters back in where the version allows (1730: ajo §Time to buy back in);
   where it does not (the Russian entry leaves it to the table's agreement,
   which the page does not make), the page says the player sits out and the
   session ends.
3. The end of every deal says who won, with what (the combination's name from
   the rule file, in the page's language; the pips where they decided), and
   what each player won or paid.
4. A house rule that only pays a combination otherwise (the fredon 10, as
   Foster pays it, rather than 1730's 8) plays on the page.
5. The deals played are saved as a replay file that ``ambigu replay`` plays
   back to the same banks.

The tables are seated with fixed seeds (``window.AMBIGU_PLAY_SEED``) and, for
item 2, few counters (``window.AMBIGU_PLAY_BANKS``); the expert bots then play
the same moves as in CPython (tests/play/test_web_deal_end_and_buy_back.py).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_fixtures import base_url, browser, page, site_dir, with_python  # noqa: F401
from browser_support import require_browser, wait_until

from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.words.lang import FR

pytestmark = require_browser()

WAIT_MS = 120_000
AMBIGU = Path(sys.executable).with_name("ambigu")

#: Per edition: the page, and the words of docs/assets/words.js the tests look for
#: (served with French spacing).
EDITIONS: dict[str, dict[str, str]] = {
    "en": {"page": "/play/", "pass": "pass", "fold": "fold", "call": "call",
           "shuffle": "call for the shuffle", "best": "Best: ", "next": "Next deal",
           "wins": "{name} wins deal {n} with {hand}.", "pips": "pips",
           "title": "How deal 1 ended"},
    "fr": {"page": "/fr/play/", "pass": "passer", "fold": "se retirer", "call": "tenir",
           "shuffle": "demander à rebattre", "best": FR.typeset("Le mieux : "),
           "next": "Coup suivant", "wins": "{name} gagne le coup {n} avec {hand}.",
           "pips": "points", "title": "Comment le coup 1 a fini"},
}


def seat(page: Any, edition: str, version: str, players: int, people: int, seed: int,
         banks: int | None = None, buy_back_agreed: bool = False) -> None:
    """Open the Play page and deal ``version`` with this seed (and bank), the box of
    the table's agreement to buy back ticked if asked."""
    setup = f"window.AMBIGU_PLAY_PACE_MS = 0; window.AMBIGU_PLAY_SEED = {seed};"
    if banks is not None:
        setup += f" window.AMBIGU_PLAY_BANKS = {banks};"
    page.add_init_script(setup)
    page.set_default_timeout(WAIT_MS)
    page.goto(EDITIONS[edition]["page"] + f"?v={version}")
    page.wait_for_selector("form.play-form select[name=version] option", state="attached")
    page.select_option("select[name=players]", str(players))
    page.select_option("select[name=people]", str(people))
    if buy_back_agreed:
        page.check("input[name=buy_back_agreed]")
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-step")


def labels(page: Any) -> list[str]:
    return [text.strip() for text in page.locator(".play-actions button").all_inner_texts()]


def quiet_move(page: Any, edition: str) -> None:
    """As tests/play/test_web_deal_end_and_buy_back.quiet_move: pass or fold if one
    may, else throw the first card away, else call."""
    words = EDITIONS[edition]
    buttons = page.locator(".play-actions button")
    before = page.locator(".play-log li").count()
    for kind in ("pass", "fold"):
        button = buttons.filter(has_text=re.compile(f"^{re.escape(words[kind])}$"))
        if button.count():
            button.first.click()
            break
    else:
        if page.locator(".play-actions .play-discard").count():
            page.locator(".play-seat.at-b .play-pick").first.click()
            page.locator(".play-actions .play-discard").click()
        else:
            call = buttons.filter(has_text=re.compile(f"^{re.escape(words['call'])}$"))
            (call if call.count() else buttons).first.click()
    wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
               "a move played nothing", before)


def until_deal_over(page: Any, edition: str) -> None:
    """Quiet moves, and Next deal, until a deal ends where a person may buy counters
    back in or no next deal is offered."""
    next_label = re.compile(f"^{EDITIONS[edition]['next']}$")
    for _ in range(400):
        page.wait_for_selector(".play-actions button")
        next_deal = page.locator(".play-actions button", has_text=next_label)
        if page.locator(".play-buy").count() or (
                page.locator(".play-end").count() and not next_deal.count()):
            return
        if next_deal.count():
            before = page.locator(".play-log li").count()
            next_deal.click()
            wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
                       "Next deal dealt nothing", before)
        else:
            quiet_move(page, edition)
    raise AssertionError("no deal ended short of counters")


@pytest.mark.parametrize(("edition", "seeds"), [("en", (1, 3)), ("fr", (3,))])
def test_the_hint_names_an_action_of_the_table_worded_as_its_button(
        page: Any, with_python: None, edition: str, seeds: tuple[int, ...]) -> None:
    # WebTable("1730", players=3, seed=1): Anna holds 2♠ 8♣, and a discard is
    # worth more than keeping both: pass. Seed 3: 9♦ 8♦, worth keeping: call.
    words = EDITIONS[edition]
    for seed in seeds:
        if seed != seeds[0]:  # a new table (the Deal empties the table shown at once)
            page.evaluate(f"window.AMBIGU_PLAY_SEED = {seed}")
            page.click("form.play-form button[type=submit]")
        else:
            seat(page, edition, "1730", 3, 1, seed)
        page.wait_for_selector(".play-hint-button")
        shown = labels(page)
        assert words["pass"] in shown and words["shuffle"] in shown, shown
        assert not any(label.startswith(("discard", "écarter")) for label in shown)
        page.click(".play-hint-button")
        page.wait_for_function("() => document.querySelector('.play-hint').textContent !== ''")
        said = page.inner_text(".play-hint p")
        named = said[len(words["best"]):].split(".")[0]
        assert said.startswith(words["best"]) and named in shown, (said, shown)
        assert named == (words["pass"] if seed == 1 else words["shuffle"])


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_a_deal_ends_saying_who_won_with_what_and_what_each_won_or_paid(
        page: Any, with_python: None, edition: str) -> None:
    words = EDITIONS[edition]
    # WebTable("1730", players=3, seed=1, people=0): the bots play the deal through.
    seat(page, edition, "1730", 3, 0, 1)
    page.wait_for_selector(".play-end")
    assert page.inner_text(".play-end-title") == words["title"]
    result = page.inner_text(".play-end-result")
    names = [c.text_in("name", edition) for c in load_ruleset("1730").combinations]
    found = re.match(r"^(\w+) .*?(" + "|".join(map(re.escape, names)) + r") \(([^:]+?) ?: (\d+) "
                     + words["pips"] + r"\)\.", result.replace("\u00a0", " "))
    assert found, result
    winner, _, cards, pips = found.groups()
    # The pips are those of the cards named (1730's forty-card pack: face values, the ace 1).
    assert sum(1 if card[:-1] == "A" else int(card[:-1]) for card in cards.split()) == int(pips)
    # Each player's gain or loss: every bank began at 50, and the banks are the seats'.
    rows = [row.split("\t") for row in page.locator(".play-end-banks tbody tr").all_inner_texts()]
    banks = [int(text.split()[0]) for text in page.locator(".play-bank").all_inner_texts()]
    assert [int(bank) for _, _, bank in rows] == banks
    changes = {name: int(change.replace("\u2212", "-")) for name, change, _ in rows}
    assert all(int(bank) - changes[name] == 50 for name, _, bank in rows)
    assert changes[winner] > 0 and sum(changes.values()) == 0
    assert result in page.inner_text(".play-said")  # said in the live region too


def test_a_player_out_of_counters_is_told_and_may_buy_back_in(
        page: Any, with_python: None) -> None:
    # 1730, three players with 3 counters each (WebTable seed 1): after two deals
    # Anna has 0 and Ben owes 1; Carla alone cannot play, so no deal without buying.
    seat(page, "en", "1730", 3, 1, 1, banks=3)
    until_deal_over(page, "en")
    short = page.inner_text(".play-short")
    assert "Anna has too few counters to play the next deal (1 needed, 0 left)." in short
    assert "Anna may buy 3 counters back in now; otherwise Anna sits out." in short
    assert "Ben has too few counters to play and sits out." in short
    assert labels(page)[0] == "Anna: buy 3 counters"
    assert "Next deal" not in labels(page)
    before = page.locator(".play-log li").count()
    page.click(".play-buy")
    wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
               "buying did nothing", before)
    assert page.locator(".play-log li").last.inner_text() == "Anna buys 3 counters"
    assert page.locator(".play-seat.at-b .play-bank").inner_text() == "3 counters"
    assert "Next deal" in labels(page) and not page.locator(".play-buy").count()


def test_where_buying_back_is_not_agreed_the_page_says_so_and_the_session_ends(
        page: Any, with_python: None) -> None:
    # The Russian entry: buying back only if the table agreed beforehand (editorial).
    seat(page, "fr", "russian", 3, 1, 7, banks=3)
    until_deal_over(page, "fr")
    short = page.inner_text(".play-short")
    assert short.startswith("Anna n'a plus assez de jetons pour jouer le coup suivant")
    assert FR.typeset("cette table n'en est pas convenue : Anna reste hors du jeu") in short
    assert FR.typeset("La partie est finie : trop peu de joueurs peuvent payer") in short
    assert not page.locator(".play-buy").count()
    assert "Coup suivant" not in labels(page)


def test_a_table_that_agreed_to_buy_back_offers_it_under_the_russian_rules(
        page: Any, with_python: None) -> None:
    # The same Russian table, the box of the table's agreement ticked before the
    # deal (tests/play/test_buy_back_by_the_tables_agreement.py: Anna may buy 3).
    seat(page, "en", "russian", 3, 1, 7, banks=3, buy_back_agreed=True)
    until_deal_over(page, "en")
    short = page.inner_text(".play-short")
    assert "Anna may buy 3 counters back in now; otherwise Anna sits out." in short
    assert labels(page)[0] == "Anna: buy 3 counters"
    # 1730 allows buying back by itself: no agreement is asked for.
    page.select_option("select[name=version]", "1730")
    assert page.locator("label.play-agreement").is_hidden()
    page.select_option("select[name=version]", "russian")
    assert page.locator("label.play-agreement").is_visible()


FREDON_TEN = """format: 1
id: fredon-ten
title: 1730 with the fredon paid 10
short_title: Fredon 10
summary: The 1730 rules, with the fredon paid 10 as Foster pays it.
extends: "1730"
combinations:
  - id: fredon
    value: 10
    source: editors
    evidence: editorial
"""


def test_a_house_rule_that_only_pays_a_combination_otherwise_plays(
        page: Any, with_python: None) -> None:
    page.add_init_script("window.AMBIGU_PLAY_PACE_MS = 0; window.AMBIGU_PLAY_SEED = 2;")
    page.set_default_timeout(WAIT_MS)
    page.goto("/play/")
    page.select_option("select[name=version]", "own")
    wait_until(page, "() => document.querySelector('textarea[name=rules]').value.length > 0",
               "the first house variant was not loaded into the box")
    page.locator("textarea[name=rules]").fill(FREDON_TEN)
    page.select_option("select[name=people]", "0")
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-step, .play-status.play-refused")
    assert page.inner_text(".play-status") == ""
    assert page.inner_text(".play-step").startswith("Deal 1 · fredon-ten · ")
    page.wait_for_selector(".play-end")
    # A file that changes a condition still needs a table of its own.
    page.locator("textarea[name=rules]").fill(FREDON_TEN.replace(
        "    value: 10\n", "    when: {max_rank_count: 3}\n"))
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-status.play-refused")
    assert "needs a table of hands of its own" in page.inner_text(".play-status")


def test_the_deals_saved_play_back_to_the_same_banks(
        page: Any, with_python: None, tmp_path: Path) -> None:
    seat(page, "en", "1730", 3, 0, 1)
    page.wait_for_selector(".play-end")
    before = page.locator(".play-log li").count()
    page.click(".play-actions button:text-is('Next deal')")
    wait_until(page, "n => document.querySelectorAll('.play-log li').length > n",
               "Next deal dealt nothing", before)
    page.wait_for_selector(".play-actions button:text-is('Save the 2 deals')")
    with page.expect_download() as saving:
        page.click(".play-save")
    download = saving.value
    assert download.suggested_filename == "ambigu-1730-2-deals.replay.yaml"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    page.wait_for_selector(".play-status:has-text('Saved as')")
    banks = [text.split()[0] for text in page.locator(".play-bank").all_inner_texts()]
    names = ["Anna", "Ben", "Carla"]
    played = subprocess.run([str(AMBIGU), "replay", str(path)], capture_output=True,
                            text=True, timeout=120, check=False)
    assert played.returncode == 0, played.stderr
    expected = "Banks: " + ", ".join(f"{name} {bank}" for name, bank in zip(names, banks,
                                                                             strict=True))
    assert expected in played.stdout.splitlines(), played.stdout[-500:]
