"""French reading 4 (H5, H6, H9, H10, M8, M12, M13, M22, L8, L13): the game's own
words in French, in the account of a deal (the Play page, ``ambigu play`` and
``ambigu replay``), at the terminal and in the hint.

- No English tag on a French action: a payment the version does not name is
  told without a tag (1730, Russian: no « ante »), and a call or a name quoted
  from an English source (Foster's « I play », « Enough », « blind ») is told
  in the French form its rule file gives.
- A choice's options are named in French (« redonner », « forcer »).
- One word for folding, « se retirer », in the rules, the account and at the
  terminal; « quitter » alone neither folds nor ends the game.
- Each version's combinations by its own names, in French.
"""

from __future__ import annotations

import re

import pytest
from terminal_session import THREE, table
from test_terminal_in_french import french_session

from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.replay_run import play_replay
from ambigu_rules.play.terminal import HUMAN
from ambigu_rules.play.web import WebTable
from ambigu_rules.site.generate import edition_pages, load_site
from ambigu_rules.words.lang import FR

from conftest import ROOT

GERMAN_EXAMPLE = ROOT / "docs" / "examples" / "scenarios" / "german-example.yaml"
#: English words a French account quoted as the players' or the version's words.
ENGLISH_TAGS = ("« ante »", "« blind »", "« Enough »", "« I play »", "« I pass »",
                "« play »")


def told_in_french(variant: str, deals: int = 6, seed: int = 3) -> list[str]:
    """The Play page's account, in French, of a few deals played by random bots."""
    web = WebTable(variant, players=4, seed=seed, people=0, lang="fr", bots="random")
    lines: list[str] = []
    for _ in range(deals):
        if not web.game.can_start_deal():
            break
        lines += web.start()["lines"]
    return lines


@pytest.mark.parametrize("variant", builtin_ids())
def test_a_french_account_tags_no_action_with_an_english_word(variant: str) -> None:
    lines = told_in_french(variant)
    assert [line for line in lines if any(tag in line for tag in ENGLISH_TAGS)] == []
    # The antes are told, tagged or not.
    assert any(" dans la poule" in line for line in lines)


def test_a_payment_the_version_does_not_name_has_no_tag_in_french() -> None:
    ante = [line for line in told_in_french("1730", deals=1) if " dans la poule" in line]
    assert ante and all(line.endswith("dans la poule") for line in ante), ante


def test_fosters_calls_are_told_in_their_french_form() -> None:
    lines = told_in_french("foster", deals=8)
    said = " ".join(lines)
    assert "(« je m'y tiens »)" in said or "(« je joue »)" in said or "(« je passe »)" in said
    assert "(mise à l'aveugle)" in said


def test_the_choice_of_options_is_said_in_french_in_the_rules() -> None:
    pages = edition_pages(load_site(), FR)
    foster = next(text for path, text in pages.items() if path.endswith("versions/foster.fr.md"))
    assert "*redeal*" not in foster and "*force*" not in foster
    assert "*redonner*" in foster and "*forcer*" in foster


def test_the_dealer_s_choice_is_told_in_french() -> None:
    from ambigu_rules.engine.events import OptionChosen
    from ambigu_rules.play.narration import Narrator

    game = table("foster")
    narrator = Narrator(game.names, game.deck, FR, game.ruleset)
    assert narrator.line(OptionChosen(seat=0, option="redeal")) == "You choisit : redonner"


def test_each_version_s_combinations_are_told_by_its_own_names() -> None:
    # The German example is Foster's game: Anna's hand is Foster's doublet of
    # sequence and flush, as the Foster pages call it.
    french = play_replay(GERMAN_EXAMPLE).transcript(FR)
    assert "Anna montre 2♠ 3♠ 4♠ 9♠ : doublet (séquence et flux)" in french
    assert not any("flux avec séquence" in line for line in french)
    assert "Carla garde son jeu (« je m'y tiens »)" in french


# -- the terminal ------------------------------------------------------------------

def test_quitter_alone_neither_folds_nor_ends_the_game() -> None:
    output = french_session("1730", ["quitter", "aide"])
    before_help = " ".join(output.split("> aide")[0].split())
    assert "Au revoir." not in before_help
    assert "pour vous retirer du coup, tapez « se retirer »" in before_help
    assert "Ce que vous pouvez faire maintenant" in output


def test_the_game_ends_with_quitter_la_partie_or_q() -> None:
    for words in (["quitter la partie"], ["q"], ["Quitter  la partie"]):
        output = french_session("1730", words)
        assert "Au revoir." in output and "Classement (" in output
        assert "Pas compris" not in output and output.count("> ") == 1


def test_se_retirer_folds_at_the_terminal() -> None:
    from ambigu_rules.words.terminal import engine_words

    assert engine_words("se retirer") == "fold"
    assert engine_words("Se Retirer") == "fold"
    assert engine_words("fold") == "fold"
    assert engine_words("quitter") is None
    assert engine_words("tout garder") == "discard none"


def test_the_terminal_names_folding_and_keeping_as_the_rules_do() -> None:
    game = table("foster", THREE)
    game.start_deal()
    from ambigu_rules.play.terminal import describe_actions

    while game.to_act != HUMAN:
        game.apply(game.view(game.to_act).legal[0])
    offered = describe_actions(game, game.view(HUMAN).legal, FR)
    assert "écarter rien" not in offered and "tout garder" in offered
    from ambigu_rules.words.terminal import T, typed

    assert typed("fold", FR) == "se retirer"
    assert T("quit_word", FR) == "quitter la partie"
    assert "abandonner" not in T("fold", FR) and "quitter" not in T("fold", FR)


def test_the_rules_fold_with_se_retirer() -> None:
    pages = edition_pages(load_site(), FR)
    said = " ".join(pages.values())
    assert "tenir, relancer ou se retirer" in said
    assert not re.search(r"tenir, relancer ou quitter|tenir ou quitter", said)


def test_the_account_folds_with_se_retirer() -> None:
    from ambigu_rules.engine.events import Folded
    from ambigu_rules.play.narration import Narrator

    game = table("1730")
    assert Narrator(game.names, game.deck, FR).line(Folded(seat=1)) == "Bot 2 se retire"


# -- the closing table, the stack, the grammar -------------------------------------


def test_the_standings_say_solde_and_jetons() -> None:
    output = french_session("1730", ["quitter la partie"])
    assert re.search(r"^joueur +début +jetons +solde$", output, re.M), output[-400:]
    assert "masse" not in output.lower()
    assert "Jetons : " in output or "jetons :" in output.lower()


def test_the_account_elides_and_names_a_seat_with_its_article() -> None:
    from ambigu_rules.engine.events import CombinationHeld, Paid
    from ambigu_rules.play.narration import Narrator

    game = table("1730")
    narrator = Narrator(["Anna", "Robot 2", "Joueur 1 (vous)"], game.deck, FR)
    held = narrator.line(CombinationHeld(seat=0, cards=(0, 1, 2, 3), combination="fredon",
                                         name="Fredon", value=8))
    assert held.startswith("Combinaison d'Anna : ")
    paid = narrator.line(Paid(seat=1, amount=2, to=2))
    assert paid == "Robot 2 paie 2 au joueur 1 (vous)"
    assert narrator.line(Paid(seat=2, amount=2, to=1)) == "Joueur 1 (vous) paie 2 au robot 2"
    assert narrator.line(Paid(seat=1, amount=2, to=0)) == "Robot 2 paie 2 à Anna"


def test_the_terminal_shuffles_with_meler_as_the_rules_do() -> None:
    from ambigu_rules.words.terminal import T, typed

    for key in ("call_for_shuffle", "no_shuffle", "shuffle", "hint_call"):
        assert "batte" not in T.forms(key, FR) and "mêle" in T.forms(key, FR), key
    assert typed("shuffle", FR) == "mêler"


def test_the_hint_says_the_bettors_hold_better_than_chance() -> None:
    from ambigu_rules.words.terminal import T

    hint = T("hint_bet", FR, chance="40 %", typed="tenir")
    assert "tiennent mieux que le hasard" not in hint
    assert "ont en main mieux que le hasard" in hint
    play = (ROOT / "docs" / "play.fr.md").read_text(encoding="utf-8")
    assert "tiennent mieux" not in " ".join(play.split())
    from ambigu_rules.site.script_words import T as SCRIPT_WORDS  # docs/assets/words.js

    assert "tiennent mieux que le hasard" not in SCRIPT_WORDS.forms("play.hint-bet", FR)
    assert "ont en main mieux que le hasard" in SCRIPT_WORDS.forms("play.hint-bet", FR)


def test_a_version_names_its_calls_in_french_in_its_rule_file() -> None:
    foster = load_ruleset("foster")
    steps = {step.id: step for step in foster.procedure}
    assert steps["first_draw"].text_in("stand_call", "fr") == "je m'y tiens"
