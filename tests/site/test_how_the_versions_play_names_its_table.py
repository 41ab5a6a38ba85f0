"""*How the versions play* names the table its figures were played at.

A pot or a session's spread means little without the banks, the betting
limit and the agreed amounts behind it, and no rule file gives a number for
the limit. ``tools/analysis.py`` records what it plays in the figures file;
the page must say it, in English and in French, and call the figures' limit
ours. The ending it calls "won without a showdown" also counts Russian deals
where all but one passed before anyone bet, so it must not be called a bet
nobody called.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from site_helpers import load_tool

from ambigu_rules.engine.input_checks import DEFAULT_LIMIT
from ambigu_rules.site.generate import load_site
from ambigu_rules.site.pages.how_they_play_page import how_they_play_page
from ambigu_rules.site.play_data import load_play_data
from ambigu_rules.words.lang import FR

analysis = load_tool("analysis")
DATA = load_play_data()


def page(lang: str = "en") -> str:
    assert DATA is not None
    site = load_site(sorted(DATA.versions))
    return how_they_play_page(site if lang == "en" else replace(site, lang=FR), DATA)


def test_the_file_records_what_the_analysis_plays() -> None:
    assert DATA is not None
    assert DATA.initial_bank == analysis.INITIAL_BANK == 200
    assert DATA.agreed_limit == DEFAULT_LIMIT == 10
    assert DATA.agreed == {}  # every agreed amount at its rule file's default


@pytest.fixture(scope="module")
def english() -> str:
    return page()


@pytest.fixture(scope="module")
def french() -> str:
    return page("fr")


def test_the_page_names_the_banks_the_limit_and_the_agreed_amounts(english: str) -> None:
    assert "every player starts with 200 counters" in english
    # The limit where a rule file has one agreed, said to be our figure.
    assert "they agreed 10 counters, a figure of ours, since no rule file names one" in english
    assert "(Russian, Russian (court cards), Foster and Encyclopedia)" in english
    # The 1730 ante and batterie are "1 or 2" by agreement: played at 1.
    assert "played at the default the file gives" in english
    assert "1659, 1702 and 1730 — Ante: 1, Two-card rounds and the batterie: 1" in english


def test_the_french_page_names_them_too(french: str) -> None:
    text = french.replace("\u202f", " ").replace("\xa0", " ")
    assert "chaque joueur commence avec 200 jetons" in text
    assert "on est convenu de 10 jetons, chiffre de notre choix" in text
    # French reading 4, M3: « mise d'entrée », not the English « ante »
    assert ("1659, 1702 et 1730 — Mise d&#x27;entrée : 1, Les tours à deux cartes et la "
            "batterie : 1" in text)


def test_a_deal_won_without_showdown_is_not_called_an_uncalled_bet(english: str,
                                                                   french: str) -> None:
    assert "a bet nobody called" not in english and "mise non tenue" not in french
    assert "Won without a showdown" in english and "Gagné sans abattage" in french


def test_the_session_intervals_are_not_said_to_come_from_the_blocks(english: str) -> None:
    assert "the session percentiles excepted" in english
    assert "they are the order statistics around each percentile" in english
