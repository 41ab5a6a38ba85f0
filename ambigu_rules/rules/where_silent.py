"""What is played where a version says nothing: one rule point per table rule.

A version's file may leave out any rule of ``table``: its sources do not
state it. The engine must still play something there, and a reader must be
able to see what. Each row below is that choice, written once as a rule
point of the format (the same type a file would hold), sourced to the
editors and badged ``editorial``. The engine's plan takes the row where the
file is silent; the version pages show it as "not stated in the sources;
played as ..."; the generated format reference lists them all.

>>> PLAYED_WHERE_SILENT["dealer_rotation"].to
'right'
>>> all(point.evidence == "editorial" for point in PLAYED_WHERE_SILENT.values())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar

from ..languages import SOURCE, Catalog
from .common import RulePoint
from .table import (
    AllIn,
    Bank,
    BettingLimit,
    BuyBack,
    DealerOutOfDeal,
    DealerRotation,
    Duration,
    FirstDealer,
    StockExhaustion,
    TableRule,
)

RuleT = TypeVar("RuleT", bound=RulePoint)


NOTES = Catalog(__name__, "NOTES", {
    "first_dealer": "The table names the first dealer; the first seat if it names none.",
    "dealer_rotation": "After each deal the deal passes to the player on the dealer's right.",
    "betting_limit": "The table agrees a limit on each opening and raise before play.",
    "bank": "The players may start with different numbers of counters.",
    "buy_back": "Only if the table agrees to it beforehand, and then between deals.",
    "all_in": ("No one goes all in; a contender with less in than others wins from each only as "
               "much as he put in, and the rest goes to the next best hand."),
    "stock_exhaustion": ("No exchange asks for more cards than the stock holds; should a deal "
                         "still empty it, the discards are gathered and shuffled."),
    "duration": ("The table agrees a time or a number of deals; anyone may leave between deals; "
                 "a deal under way when the time is up is played out."),
    "dealer_out_of_deal": ("The first player still in the deal from the dealer's right takes "
                           "his part."),
})
"""What the editors' rule says where a version is silent, by ``table`` key.

:meta hide-value:
"""


def _editorial(rule_type: type[RuleT], key: str, **values: object) -> RuleT:
    """A rule point of ``rule_type`` chosen by the editors, saying the note :data:`NOTES`
    has under ``key`` (in English, and in every language that has its form)."""
    forms = NOTES.phrases[key]
    translations = {code: {"note": text} for code, text in forms.items() if code != SOURCE}
    return rule_type.model_validate({**values, "source": "editors", "evidence": "editorial",
                                     "note": forms[SOURCE], "translations": translations})


FIRST_DEALER = _editorial(
    FirstDealer, "first_dealer",
    method="as_agreed")
"""The editors' ``first_dealer`` rule.

:meta hide-value:
"""
DEALER_ROTATION = _editorial(
    DealerRotation, "dealer_rotation",
    to="right")
"""The editors' ``dealer_rotation`` rule.

:meta hide-value:
"""
BETTING_LIMIT = _editorial(
    BettingLimit, "betting_limit",
    kind="agreed_limit")
"""The editors' ``betting_limit`` rule.

:meta hide-value:
"""
BANK = _editorial(
    Bank, "bank",
    equal_banks=False)
"""The editors' ``bank`` rule.

:meta hide-value:
"""
BUY_BACK = _editorial(
    BuyBack, "buy_back",
    allowed=False, deadline="between_deals")
"""The editors' ``buy_back`` rule.

:meta hide-value:
"""
ALL_IN = _editorial(
    AllIn, "all_in",
    allowed=False, wins_up_to_own_stake=True, remainder_to="next_best_hand")
"""The editors' ``all_in`` rule.

:meta hide-value:
"""
STOCK_EXHAUSTION = _editorial(
    StockExhaustion, "stock_exhaustion",
    discards_reused=False, shuffle=True, cut=False, keep_own_discards_apart=False)
"""The editors' ``stock_exhaustion`` rule.

:meta hide-value:
"""
DURATION = _editorial(
    Duration, "duration",
    by=["agreed_time", "agreed_deals"], leaving="not_stated", finish_current_deal=True)
"""The editors' ``duration`` rule.

:meta hide-value:
"""
DEALER_OUT_OF_DEAL = _editorial(
    DealerOutOfDeal, "dealer_out_of_deal",
    role_passes_to="next_in_turn")
"""The editors' ``dealer_out_of_deal`` rule.

:meta hide-value:
"""

PLAYED_WHERE_SILENT: Mapping[str, TableRule] = MappingProxyType({
    "first_dealer": FIRST_DEALER,
    "dealer_rotation": DEALER_ROTATION,
    "betting_limit": BETTING_LIMIT,
    "bank": BANK,
    "buy_back": BUY_BACK,
    "all_in": ALL_IN,
    "stock_exhaustion": STOCK_EXHAUSTION,
    "duration": DURATION,
    "dealer_out_of_deal": DEALER_OUT_OF_DEAL,
})
"""The rule the engine plays for each ``table`` key a version leaves out.

:meta hide-value:
"""
