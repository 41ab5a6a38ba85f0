"""The column of how often a combination is dealt reads « Fréquence » in French.

The French reading (turn 4, M9) read « Donnée », the column's former label on
the version pages and rules cards, as "datum"; the evaluator's column says the
same (« Fréquence », docs/assets/words.js ``evaluator.dealt``).
"""

from __future__ import annotations

from dataclasses import replace

from ambigu_rules.site.generate import load_site
from ambigu_rules.site.pages.card_page import card_page
from ambigu_rules.site.pages.version_page import version_page
from ambigu_rules.words.lang import FR

HEADER = "| Combinaison | Par exemple | Valeur | Fréquence |"


def test_the_version_page_and_the_card_head_the_column_frequence() -> None:
    site = replace(load_site(), lang=FR)
    version = site.by_id["1730"]
    for page in (version_page(site, version), card_page(site, version)):
        assert HEADER in page
        assert "| Donnée |" not in page
