"""The refusals of "What should I keep?" are said in the page's language.

The French reading (turn 4, H3) found the tool on /fr/combinations/ answering
« Refusé : the second exchange of foster (Second draw) is made on 4 cards, got
3 ». The site's worker asks ``advise_report`` in the page's language
(``lang``); every refusal the advice makes is said in it, spaced as that
language spaces its signs (the page shows it as it is), while the English
command line keeps its words.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ambigu_rules.advice.report import advise_report
from ambigu_rules.errors import AmbiguError
from ambigu_rules.play.web import reply
from ambigu_rules.words.lang import FR

# What each refusal says, asked in English and in French:
# (version, hand, seen, exchange, English, French).
REFUSALS = [
    ("foster", "9H 9C 7H", "", "second",
     "the second exchange of foster (Second draw) is made on 4 cards, got 3",
     "le second échange de Foster (Second échange) se fait sur 4 cartes ; "
     "vous en avez écrit 3"),
    ("foster", "9H 9C", "9H", "first",
     "9♥ cannot be both in the hand and seen",
     "9♥ ne peut être à la fois dans la main et parmi les cartes vues"),
    ("foster", "9H 9C", "2S, 2s", "first",
     "'2s' appears twice in the seen cards '2S, 2s'",
     "'2s' figure deux fois parmi les cartes vues '2S, 2s'"),
    ("foster", "9H 9H", "", "first",
     "'9H' appears twice in the hand '9H 9H'",
     "'9H' figure deux fois dans la main '9H 9H'"),
    ("foster", "9H 9X", "", "first",
     "'9X' is not a card: unknown suit 'X' (use S/♠, H/♥, D/♦, C/♣)",
     "'9X' n'est pas une carte de ce jeu : écrivez un rang puis une couleur "
     "(rangs : A 2 3 4 5 6 7 8 9 10 ; couleurs : S/♠, H/♥, D/♦, C/♣)"),
]


@pytest.mark.parametrize(("version", "hand", "seen", "exchange", "english", "french"),
                         REFUSALS, ids=[row[4][:30] for row in REFUSALS])
def test_each_refusal_is_said_in_the_language_asked(
        version: str, hand: str, seen: str, exchange: str, english: str, french: str) -> None:
    for code, said in (("en", english), ("fr", FR.typeset(french))):
        with pytest.raises(AmbiguError) as refused:
            advise_report(version, hand, seen, exchange, lang=code)
        assert str(refused.value) == said


def test_the_worker_reply_carries_the_french_refusal() -> None:
    """What the page shows after « Refusé : » (play-worker.js's "advise" request)."""
    answer = json.loads(reply(lambda: advise_report("foster", "9H 9C 7H", "", "second",
                                                    lang="fr"), "advice"))
    assert answer == {"kind": "error", "text": FR.typeset(REFUSALS[0][5])}


ONE_EXCHANGE = """\
format: 1
id: one-exchange
extends: "1730"
title: The 1730 rules without the exchange of four
short_title: One exchange
summary: The second exchange removed.
fr:
  title: Les règles de 1730 sans l'échange de quatre cartes
  short_title: Un seul échange
  summary: Sans le second échange.
remove: [procedure.second_exchange]
"""


def test_a_version_without_the_exchange_asked_says_so_in_each_language(
        tmp_path: Path) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(ONE_EXCHANGE, encoding="utf-8")
    for code, said in (("en", "one-exchange has only 1 exchange, so no second exchange"),
                       ("fr", FR.typeset("Un seul échange n'a qu'un échange : il n'y a pas "
                                         "de second échange"))):
        with pytest.raises(AmbiguError) as refused:
            advise_report(path, "9H 9C", exchange="second", lang=code)
        assert str(refused.value) == said
