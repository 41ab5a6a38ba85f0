"""The quick starts and rules cards say how much may be opened, and what a pass does.

Read alone, a rules card must not allow a bet its version forbids. The
expected words are written from the sources, not from the generator:

- the 1730 reconstruction (*Académie des jeux oubliés*, §Phase 2): an opener
  stakes "from 2 to 4 counters" (the vade); when all before the dealer pass,
  he may put in 2 counters to go on, or pass, and the hand ends. 1659 and 1702
  inherit these rules;
- the Russian entry (§Прикупка): a player content with his two cards says
  "баста" and puts a stake into the pool (1 or 2 as agreed is our editorial
  amount); (§Первый ставочный интервал) to pass is to drop out of the deal.

The committed pages are checked (another test holds them to what the
generator writes today), in English and in French: on each version page the
quick start (its numbered lines and its stakes) and on each rules card the
whole card.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
VERSIONS = ROOT / "docs" / "versions"

#: (language, the vade's range, the dealer's force, his pass ending the deal)
VADE_WORDS = {
    "": ("an opening of 2 to 4 counters", "he may put in 2 counters",
         "or he passes too, and the deal ends"),
    ".fr": ("une ouverture de 2 à 4 jetons", "il peut mettre 2 jetons",
            "ou il passe lui aussi, et le coup prend fin"),
}
RUSSIAN_WORDS = {
    "": ("(“баста”) puts 1 or 2 counters (as agreed) into the pool",
         "Passing means leaving the deal"),
    ".fr": ("(« баста ») met 1 ou 2 jetons (selon la convention) dans la poule",
            "Passer, c&#x27;est se retirer du coup"),
}


def quick_start_lines(path: Path) -> list[str]:
    """The lines of a page's quick start: its deal in numbered lines and its stakes
    (a version page goes on with every rule in full, which is not the quick start)."""
    text = path.read_text(encoding="utf-8")
    head = text
    if path.parent == VERSIONS:  # a version page: its quick start's box only
        head = text.split('<div class="quick-start" markdown>', 1)[1].split("\n</div>", 1)[0]
    head = head.replace("\u202f", " ").replace("\xa0", " ")  # French spacing
    return [line for line in head.splitlines()
            if re.match(r"\d+\. ", line) or line.startswith("- **")]


def pages(version: str, suffix: str) -> list[Path]:
    return [VERSIONS / f"{version}{suffix}.md", VERSIONS / version / f"card{suffix}.md"]


@pytest.mark.parametrize("version", ["1730", "1659", "1702"])
@pytest.mark.parametrize("suffix", ["", ".fr"])
def test_the_vade_is_two_to_four_on_the_card_and_the_quick_start(version: str,
                                                                 suffix: str) -> None:
    vade_range, force, dealer_passes = VADE_WORDS[suffix]
    for path in pages(version, suffix):
        lines = quick_start_lines(path)
        vade = [line for line in lines if "#step-vade)" in line]
        assert len(vade) == 1, path
        assert vade_range in vade[0], path
        assert force in vade[0] and dealer_passes in vade[0], path
        # The stakes line too: the purse is the limit, but not for the vade.
        stakes = [line for line in lines if line.startswith("- **") and vade_range in line]
        assert stakes, f"{path}: the stakes line does not give the vade's range"


@pytest.mark.parametrize("version", ["russian", "russian-courts"])
@pytest.mark.parametrize("suffix", ["", ".fr"])
def test_the_russian_cards_give_the_basta_stake_and_what_a_pass_does(version: str,
                                                                     suffix: str) -> None:
    stake, passing = RUSSIAN_WORDS[suffix]
    for path in pages(version, suffix):
        lines = quick_start_lines(path)
        exchange = [line for line in lines if "#step-first_exchange)" in line]
        assert len(exchange) == 1 and stake in exchange[0], path
        for step in ("first_betting", "second_betting"):
            betting = [line for line in lines if f"#step-{step})" in line]
            assert len(betting) == 1 and passing in betting[0], (path, step)


@pytest.mark.parametrize("suffix", ["", ".fr"])
def test_versions_without_a_bounded_opening_add_nothing(suffix: str) -> None:
    # Foster's openings go up to the agreed limit: his card names no range of its own.
    for path in pages("foster", suffix):
        lines = quick_start_lines(path)
        assert not any("2 to 4" in line or "2 à 4" in line for line in lines), path
