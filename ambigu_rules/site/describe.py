"""Rule points in English sentences, written from the typed model.

The sentences are ours: each step kind, effect, condition and table rule
has one way of being said, filled in with the values of the YAML. Texts the
YAML supplies (a call such as "battez", a title, an option name) are escaped
with :func:`~.markup.esc`; the functions return
:class:`~.markup.Md` fragments of inline Markdown, filled in from literal
templates (see :mod:`.markup`).

>>> from ambigu_rules.load.resolver import load_ruleset
>>> d = Describer(load_ruleset("1730"))
>>> str(d.effect(load_ruleset("1730").procedure[4].on_uncalled_open[2]))
'the dealer pays the opener 2 counters (not when the opener is the dealer)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from ..errors import CardError
from ..hands.evaluator import canonical_of
from ..load.catalog import deck_of
from ..rules.combinations import (
    BestOf,
    Combination,
    CombinationPayment,
    Comparison,
    PartRef,
    Predicate,
    Ranking,
)
from ..rules.common import Agreed, Range
from ..rules.deck import Deck
from ..rules.procedure import (
    AddEffect,
    AnteStep,
    BettingStep,
    CarryOver,
    Choice,
    CombinationPaid,
    DealStep,
    Effect,
    EndDeal,
    ExchangeStep,
    Goto,
    Outcome,
    PayEffect,
    Redeal,
    ReturnBet,
    ShowdownStep,
    ShowHand,
    ShuffleCallStep,
    Step,
    TakeEffect,
)
from ..rules.ruleset import Ruleset
from ..rules.table import (
    AllIn,
    Bank,
    BettingLimit,
    BuyBack,
    DealerOutOfDeal,
    DealerRotation,
    Direction,
    Duration,
    FirstDealer,
    Penalty,
    Players,
    StockExhaustion,
    TableRule,
)
from .markup import Md, anchor, esc, sentence

CANONICAL_LABEL = {
    "point": "point",
    "prime": "prime",
    "grand_prime": "grand prime",
    "sequence": "sequence",
    "tricon": "tricon",
    "flush": "flush",
    "tricon_prime": "tricon with prime",
    "flush_sequence": "flush with sequence",
    "fredon": "fredon",
}

WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

WHO = {
    "opener": "the opener",
    "winner": "the winner",
    "last_player": "the last player left",
    "dealer": "the dealer",
    "last_refuser": "the last player who refused",
    "each_player": "each player",
}
PILES = {"pool": "the pool", "bets": "the bets", "batterie": "the batterie"}

FEATURES = {
    # feature: (noun after the number, whether numbers are card counts)
    "distinct_suits": ("different suits", True),
    "distinct_ranks": ("different ranks", True),
    "max_suit_count": ("cards in its longest suit", True),
    "max_rank_count": ("cards of one rank", True),
    "pips": ("pips in all", False),
    "longest_suit_run": ("cards of one suit in sequence", True),
    "longest_run": ("cards in sequence, suits ignored", True),
}

TIES = {
    "card_count": "more cards",
    "pips": "more pips",
    "run": "cards in sequence (the longer run in one suit)",
    "top_rank": "the higher top card",
    "ranks_desc": "the higher top card, then the next card down, and so on",
    "group_rank": "the higher rank",
    "run_top": "the higher top card of the sequence",
}
TIE_CARDS = {
    "hand": "",
    "suit_group": "counted on the cards of its best suit",
    "rank_group": "counted on the cards of one rank",
    "suit_run": "counted on the cards of the sequence",
}
FINAL_TIE = {"nearest_dealer_right": "the player nearest the dealer's right",
             "split": "the tied players share the winnings"}

OFFENCES = {
    "showing_cards": "showing one's cards",
    "showing_discards": "showing one's discards",
    "wrong_number_of_cards": "holding too many or too few cards",
    "misdeal": "a misdeal",
}


def number_word(value: int) -> str:
    """Small whole numbers in words (card counts read better so).

    >>> number_word(3), number_word(12)
    ('three', '12')
    """
    return WORDS[value] if 0 <= value < len(WORDS) else str(value)


def counters(value: int) -> str:
    """A number of counters.

    >>> counters(1), counters(2)
    ('1 counter', '2 counters')
    """
    return f"{value} counter" if value == 1 else f"{value} counters"


def or_list(items: Sequence[object]) -> str:
    """Items joined with commas and a final "or".

    >>> or_list(["1", "2", "3"])
    '1, 2 or 3'
    """
    texts = [str(item) for item in items]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " or " + texts[-1]


def and_list(items: Sequence[object]) -> Md:
    """Fragments joined with commas and a final "and" (escaped as needed)."""
    parts = [esc(item) for item in items]
    if len(parts) <= 1:
        return Md("").join(parts)
    return Md(", ").join(parts[:-1]) + Md(" and ") + parts[-1]


def amount(value: int | Agreed) -> str:
    """An amount of counters, fixed or agreed at the table.

    >>> amount(2), amount(Agreed(default=1, choices=[1, 2]))
    ('2 counters', '1 or 2 counters (as agreed)')
    """
    if isinstance(value, Agreed):
        return f"{or_list(value.choices)} counters (as agreed)"
    return counters(value)


def card_range(value: Range) -> str:
    """How many cards may be discarded.

    >>> card_range(Range(min=0, max=4)), card_range(Range(min=1, max=2))
    ('up to four cards', 'one or two cards')
    """
    low, high = number_word(value.min), number_word(value.max)
    if value.min == value.max:
        return f"{low} card" if value.max == 1 else f"{low} cards"
    if value.min == 0:
        return f"up to {high} cards"
    if value.max == value.min + 1:
        return f"{low} or {high} cards"
    return f"{low} to {high} cards"


def quoted(call: str) -> Md:
    """A call as the players say it, in curly quotes."""
    return Md("“{}”").format(call)


def comparison(test: Comparison, card_counts: bool) -> list[str]:
    """The tests of one comparison as number phrases ("more than 30")."""
    word = number_word if card_counts else str
    phrases = []
    if test.eq is not None:
        phrases.append(word(test.eq))
    if test.ne is not None:
        phrases.append(f"not {word(test.ne)}")
    if test.gt is not None:
        phrases.append(f"more than {word(test.gt)}")
    if test.ge is not None:
        phrases.append(f"at least {word(test.ge)}")
    if test.lt is not None:
        phrases.append(f"fewer than {word(test.lt)}")
    if test.le is not None:
        phrases.append(f"at most {word(test.le)}")
    if test.in_ is not None:
        phrases.append(or_list([word(item) for item in test.in_]))
    return phrases


def condition(predicate: Predicate) -> str:
    """A ``when`` condition in words.

    >>> condition(Predicate.model_validate({"distinct_suits": 4, "pips": {"gt": 30}}))
    'four different suits and more than 30 pips in all'
    """
    clauses: list[str] = []
    for feature, (noun, card_counts) in FEATURES.items():
        test = getattr(predicate, feature)
        if test is not None:
            clauses.extend(f"{phrase} {noun}" for phrase in comparison(test, card_counts))
    if predicate.all:
        clauses.append("all of (" + "; ".join(condition(p) for p in predicate.all) + ")")
    if predicate.any:
        clauses.append("one of (" + "; ".join(condition(p) for p in predicate.any) + ")")
    if predicate.not_ is not None:
        clauses.append("not (" + condition(predicate.not_) + ")")
    return " and ".join(clauses)


class Describer:
    """Sentences about the rule points of one ruleset.

    ``link_prefix`` is put before ``#anchor`` in links to the ruleset's own
    steps: empty on the version's page, ``../versions/1730.md`` elsewhere.
    ``canonical_names`` names combinations by their canonical English name
    instead of the version's own (so that two versions compare equal when
    only their names differ).
    """

    def __init__(
        self, ruleset: Ruleset, link_prefix: str = "", canonical_names: bool = False
    ) -> None:
        self.ruleset = ruleset
        self.link_prefix = link_prefix
        self.canonical_names = canonical_names
        self._steps = {step.id: step for step in ruleset.procedure}
        self._combinations = {c.id: c for c in ruleset.combinations}

    # -- names and links ------------------------------------------------

    @property
    def deck(self) -> Deck | None:
        try:
            return deck_of(self.ruleset.deck, self.ruleset.id)
        except (KeyError, CardError):
            return None

    def name(self, combination_id: str) -> str:
        """A combination's name as it reads inside a sentence."""
        combination = self._combinations.get(combination_id)
        if combination is None:
            return combination_id
        canonical = canonical_of(combination) or combination.id
        if self.canonical_names:
            return CANONICAL_LABEL.get(canonical, combination.name)
        name = combination.name
        if name[:1].isupper() and not name[1:2].isupper():
            name = name[0].lower() + name[1:]
        return name

    def step_link(self, step_id: str) -> Md:
        step = self._steps.get(step_id)
        if step is None:
            return esc(step_id)
        return Md("[{}]({}#{})").format(step.title, self.link_prefix, anchor("step-" + step.id))

    # -- effects and outcomes -------------------------------------------

    def clause(self, effect: Effect) -> tuple[str, Md]:
        """One effect as a subject and the rest of its clause."""
        match effect.kind():
            case ReturnBet(who=who):
                return WHO[who], esc("takes back his bet")
            case PayEffect() as pay:
                return WHO[pay.from_], esc(self._payment(pay))
            case TakeEffect() as take:
                piles = and_list([PILES[p] for p in take.what])
                return WHO[take.who], Md("takes {}").format(piles)
            case CombinationPaid(who=who):
                return WHO[who], esc("is paid the value of his combination")
            case AddEffect() as add:
                return WHO[add.who], esc(f"adds {counters(add.amount)} to the {add.into}")
            case CarryOver(piles=piles):
                verb = "stays" if len(piles) == 1 else "stay"
                listed = and_list([PILES[p] for p in piles])
                return "", Md("{} {} on the table for the next deal").format(listed, verb)
            case ShowHand(who=who):
                return WHO[who], esc("shows his hand")
            case Goto(step=step_id):
                return "", Md("play goes on with {}").format(self.step_link(step_id))
            case Redeal():
                return "", esc("the cards are gathered and the same dealer deals again")
            case EndDeal():
                return "", esc("the deal ends")
            case other:
                assert_never(other)

    @staticmethod
    def _payment(pay: PayEffect) -> str:
        if pay.to == "pool":
            return f"puts {counters(pay.amount)} into the pool"
        text = f"pays {WHO[pay.to]} {counters(pay.amount)}"
        if pay.from_ == "dealer":
            text += f" (not when {WHO[pay.to]} is the dealer)"
        return text

    def effect(self, effect: Effect) -> Md:
        """One effect as a clause (no capital, no full stop)."""
        subject, rest = self.clause(effect)
        return Md("{} {}").format(subject, rest) if subject else rest

    def effects(self, effects: Sequence[Effect]) -> Md:
        """Several effects as one clause list, or "play goes on" when empty.

        Consecutive effects with the same subject share it: "the opener takes
        back his bet and takes the batterie".
        """
        if not effects:
            return esc("play goes on with the next step")
        groups: list[tuple[str, list[Md]]] = []
        for item in effects:
            subject, rest = self.clause(item)
            if subject and groups and groups[-1][0] == subject:
                groups[-1][1].append(rest)
            else:
                groups.append((subject, [rest]))
        clauses = []
        for subject, rests in groups:
            joined = and_list(rests)
            clauses.append(Md("{} {}").format(subject, joined) if subject else joined)
        return Md("; ").join(clauses)

    def outcome(self, outcome: Outcome) -> Md:
        if isinstance(outcome, Choice):
            options = [
                Md("*{}* ({})").format(name, self.effects(effects))
                for name, effects in outcome.options.items()
            ]
            return Md("the {} chooses between {}").format(outcome.by, and_list(options))
        return self.effects(outcome)

    # -- steps -----------------------------------------------------------

    def who(self, who: str) -> str:
        return "each player still in the deal" if who == "players_in" else "each player"

    def step(self, step: Step) -> list[Md]:
        """The sentences that describe one step of the deal."""
        match step:
            case AnteStep():
                return self._ante(step)
            case DealStep():
                return self._deal(step)
            case ExchangeStep():
                return self._exchange(step)
            case ShuffleCallStep():
                return self._shuffle_call(step)
            case BettingStep():
                return self.betting(step)
            case ShowdownStep():
                return self._showdown(step)
            case _:
                assert_never(step)

    def _ante(self, step: AnteStep) -> list[Md]:
        payer = "each player" if step.payer == "each_player" else "the dealer"
        text = [sentence(f"{payer} puts {amount(step.amount)} into the {step.into}")]
        if step.label:
            text.append(Md("This payment is called the {}.").format(quoted(step.label)))
        return text

    def _is_first_deal(self, step: DealStep) -> bool:
        deals = [s for s in self.ruleset.procedure if isinstance(s, DealStep)]
        return bool(deals) and deals[0].id == step.id

    def _deal(self, step: DealStep) -> list[Md]:
        text = []
        pack = "pack" if self._is_first_deal(step) else "stock"
        if step.shuffle_stock and step.cut:
            text.append(sentence(f"the {pack} is shuffled and cut first"))
        elif step.shuffle_stock:
            text.append(sentence(f"the {pack} is shuffled first, without a cut"))
        elif step.cut:
            text.append(sentence(f"the {pack} is cut first"))
        how = "one at a time" if step.one_at_a_time else "together"
        cards = f"{number_word(step.cards)} card" + ("" if step.cards == 1 else "s")
        text.append(sentence(f"the dealer gives {cards} to {self.who(step.to)}, {how}"))
        return text

    def _exchange(self, step: ExchangeStep) -> list[Md]:
        text = []
        if step.shuffle_stock_first:
            text.append(sentence("the dealer shuffles the stock first"))
        text.append(
            sentence(
                f"in turn, {self.who(step.who)} may discard {card_range(step.discard)} "
                "and is served as many from the stock"
            )
        )
        if step.draw_call:
            text.append(Md("A player who exchanges says {}.").format(quoted(step.draw_call)))
        stand = Md("A player who keeps his cards")
        if step.stand_call:
            stand += Md(" says {}").format(quoted(step.stand_call))
        if step.stand_pays is not None:
            joiner = Md(" and ") if step.stand_call else Md(" ")
            stand += joiner + esc(f"puts {amount(step.stand_pays)} into the pool")
        if step.stand_call or step.stand_pays is not None:
            text.append(stand + Md("."))
        return text

    def _shuffle_call(self, step: ShuffleCallStep) -> list[Md]:
        served = (
            "from the stock, shuffled first" if step.reshuffle_between_rounds
            else "from the stock, without a shuffle"
        )
        return [
            Md(
                "In turn, each player either passes ({}) or calls for the shuffle ({})."
            ).format(quoted(step.pass_call), quoted(step.shuffle_call)),
            sentence(
                f"the first player to call puts {amount(step.stake)} into the {step.into}, "
                "and the two-card rounds end"
            ),
            sentence(
                f"if everyone passes, each player discards {card_range(step.exchange)} and is "
                f"served as many {served}; then a new round of speaking begins"
            ),
        ]

    def opening(self, step: BettingStep) -> str:
        """How much an opening bet may be."""
        if step.open_max is not None and step.open_max == step.open_min:
            text = f"an opening of exactly {counters(step.open_min)}"
        elif step.open_max is not None:
            text = f"an opening of {step.open_min} to {counters(step.open_max)}"
        else:
            text = f"an opening of at least {counters(step.open_min)}, up to the betting limit"
        if step.open_min_from_previous:
            text += ", and no less than the last stake of the previous betting interval"
        return text

    def raising(self, step: BettingStep) -> str:
        """What the others may do after an opening."""
        if not step.raises:
            return "after an opening the others may only call it or fold; nobody raises"
        text = "after an opening the others may call, raise or fold"
        if step.raise_rounds == "until_no_raise":
            text += "; each raise starts a new round, until nobody raises"
            if not step.last_raiser_may_reraise:
                text += " (the last raiser may not raise himself again)"
        else:
            text += "; each player speaks once, and the interval ends when all have spoken"
        return text

    def passing(self, step: BettingStep) -> str:
        """What passing before an opening means."""
        if step.passers_before_open_may_call:
            return "a player who passed before the opening may still come in after it"
        return (
            "passing means leaving the deal; when all but one have passed, "
            "the one left wins at once"
        )

    def betting(self, step: BettingStep) -> list[Md]:
        passes = Md("passes ({})").format(quoted(step.pass_call)) if step.pass_call else "passes"
        opens = (Md("opens the betting ({})").format(quoted(step.open_call)) if step.open_call
                 else "opens the betting")
        text = [
            Md("From the dealer's right, {} in turn {} or {}.").format(
                self.who(step.who), passes, opens
            ),
            sentence(f"the first to bet makes {self.opening(step)}"),
            sentence(self.raising(step)),
            sentence(self.passing(step)),
        ]
        if step.dealer_force is not None:
            force = step.dealer_force
            text.append(
                Md(
                    "If every player before the dealer passes, the dealer may force play by "
                    "putting in {}: {}."
                ).format(counters(force.amount), self.effects(force.then))
            )
        text.append(Md("If everyone passes: {}.").format(self.outcome(step.on_all_pass)))
        text.append(
            Md("If nobody calls the opening: {}.").format(self.outcome(step.on_uncalled_open))
        )
        if step.on_uncalled_raise is not None:
            text.append(
                Md("If nobody calls a raise: {}.").format(self.outcome(step.on_uncalled_raise))
            )
        if step.on_called:
            text.append(Md("When the bet is called: {}.").format(self.outcome(step.on_called)))
        return text

    def _showdown(self, step: ShowdownStep) -> list[Md]:
        return [
            sentence(
                "the players still in show their hands, and the best combination wins "
                "(see the ranking)"
            ),
            Md("Then {}.").format(self.effects(step.then)),
        ]

    # -- combinations ----------------------------------------------------

    def part(self, part: PartRef) -> str:
        if isinstance(part, BestOf):
            return "a " + " or a ".join(self.name(name) for name in part.best_of)
        return f"a {self.name(part)}"

    def definition(self, combination: Combination) -> Md:
        """The formal condition of a combination, in words."""
        clauses = []
        if combination.when is not None:
            clauses.append(condition(combination.when))
        if combination.parts:
            held = " and ".join(self.part(part) for part in combination.parts)
            clauses.append(f"it also holds {held}" if clauses else f"holds {held}")
        return esc("; ".join(clauses))

    def _value_of(self, combination_id: str) -> str:
        combination = self._combinations.get(combination_id)
        return str(combination.value) if combination else "?"

    def value(self, combination: Combination, values: str | None = None) -> Md:
        """What the combination is paid, with how the sum is made."""
        shown = values or str(combination.value)
        if combination.payment == "own" or not combination.parts:
            return esc(shown)
        pieces = []
        for part in combination.parts:
            names = part.best_of if isinstance(part, BestOf) else [part]
            pieces.append(
                " or ".join(f"{self.name(n)} ({self._value_of(n)})" for n in names)
            )
        if combination.value:
            held = " plus the ".join(pieces)
            return esc(f"{shown}: {combination.value} plus the {held} it holds")
        return esc(f"{shown}: the " + " plus the ".join(pieces) + " it holds, added together")

    def ties(self, combination: Combination) -> Md:
        """How two hands holding the same combination are separated."""
        keys = [TIES[key] for key in combination.ties]
        where = TIE_CARDS[combination.cards]
        last = FINAL_TIE[self.ruleset.ranking.final_tie]
        if not keys:
            return esc(f"{last} wins")
        text = "; then ".join(keys)
        if where and any(key not in ("group_rank", "run_top") for key in combination.ties):
            text += f" ({where})"
        return esc(f"{text}; last, {last}")

    def ranking(self, ranking: Ranking) -> Md:
        tiers = [" = ".join(self.name(name) for name in tier) for tier in ranking.order]
        return esc(" < ".join(tiers))

    # -- payment, table rules, penalties ----------------------------------

    def payment(self, payment: CombinationPayment) -> list[Md]:
        payers = {
            "each_other_player_dealt_in": (
                "every other player dealt into the deal, even one who folded early, "
                "but not one sitting out the deal under a penalty"
            ),
            "each_other_player_at_table": (
                "every other player at the table, including one sitting out under a penalty"
            ),
            "each_other_player_still_in": "every other player still in at the end of the deal",
        }[payment.payers]
        uncontested = {
            "paid": "a player who wins because nobody called him is paid his combination too",
            "not_paid": (
                "a player who wins because nobody called him shows nothing and is not paid "
                "a combination"
            ),
        }[payment.uncontested]
        shortfall = {
            "debt": "a player who cannot pay owes the rest to the winner",
            "pay_what_one_can": "a player who cannot pay in full pays what he has",
        }[payment.shortfall]
        return [
            sentence(f"the winner is paid the value of his combination by {payers}"),
            sentence(uncontested),
            sentence(shortfall),
        ]

    def table_rule(self, rule: TableRule) -> list[Md]:
        """The sentences of one rule of ``table``, whichever it is."""
        match rule:
            case FirstDealer():
                return [self.first_dealer(rule)]
            case DealerRotation():
                return [self.dealer_rotation(rule)]
            case BettingLimit():
                return [self.betting_limit(rule)]
            case Bank():
                return [self.bank(rule)]
            case BuyBack():
                return [self.buy_back(rule)]
            case AllIn():
                return [self.all_in(rule)]
            case StockExhaustion():
                return [self.stock_exhaustion(rule)]
            case Duration():
                return self.duration(rule)
            case DealerOutOfDeal():
                return [self.dealer_out_of_deal(rule)]
            case _:
                assert_never(rule)

    def players(self, players: Players) -> Md:
        text = f"from {players.min} to {players.max} players"
        if players.best:
            text += f"; best with {or_list(players.best)}"
        return sentence(text)

    def deck_text(self) -> Md:
        deck = self.deck
        if deck is None:
            return esc(self.ruleset.deck.use)
        return sentence(f"{deck.spec.name}: {deck.spec.description}")

    def direction(self, direction: Direction) -> Md:
        turn = {"counterclockwise": "to the right (counterclockwise)",
                "clockwise": "to the left (clockwise)"}[direction.turn]
        first = {"dealer_right": "the player on the dealer's right",
                 "dealer_left": "the player on the dealer's left"}[direction.first_to_speak]
        text = f"the deal and the turn to speak go {turn}; {first} speaks first"
        if direction.cut_by:
            cutter = direction.cut_by.replace("dealer_", "dealer's ")
            text += f"; the player on the {cutter} cuts"
        return sentence(text)

    def first_dealer(self, rule: FirstDealer) -> Md:
        return sentence({
            "highest_card": "each player draws a card and the highest card deals first",
            "by_lot": "the first dealer is chosen by lot, by drawing cards",
            "as_agreed": "the first dealer is chosen as the players agree",
        }[rule.method])

    def dealer_rotation(self, rule: DealerRotation) -> Md:
        return sentence(f"after each deal the deal passes to the {rule.to}")

    def betting_limit(self, rule: BettingLimit) -> Md:
        return sentence({
            "agreed_limit": "a betting limit is agreed before play",
            "purse_only": "there is no limit but the counters each player has",
            "fixed_stakes_allowed": "a limit is agreed before play, and the stakes may be fixed",
            "pool": "no bet or raise may be larger than what lies on the table",
        }[rule.kind])

    def bank(self, rule: Bank) -> Md:
        text = (
            "every player starts with the same number of counters"
            if rule.equal_banks else "players start with the counters they choose"
        )
        if rule.banker:
            text += "; one player keeps the bank"
        return sentence(text)

    def buy_back(self, rule: BuyBack) -> Md:
        if not rule.allowed:
            return sentence("a player may not buy more counters")
        when = {
            "between_deals": " between deals",
            "before_third_card": " between deals, at the latest before his third card is dealt",
        }[rule.deadline]
        return sentence(f"a player may buy more counters{when}")

    def all_in(self, rule: AllIn) -> Md:
        text = ("a player who cannot meet a bet may go all in" if rule.allowed
                else "a player may not go all in")
        if not rule.wins_up_to_own_stake:
            return sentence(f"{text}; the best hand takes every stake, whatever it put in")
        text += ("; a player with less in than others can win from each of them only as much "
                 "as he put in")
        if rule.remainder_to == "next_best_hand":
            return sentence(f"{text}, and the rest goes to the next best hand")
        return sentence(f"{text}, and each takes back what is left of his own bet")

    def stock_exhaustion(self, rule: StockExhaustion) -> Md:
        if not rule.discards_reused:
            return sentence("the discards are never used again in the same deal")
        how = []
        if rule.shuffle:
            how.append("shuffled")
        if rule.cut:
            how.append("cut")
        treated = (", " + " and ".join(how) + ",") if how else ""
        text = f"when the stock runs short, the discards are gathered{treated} and used as stock"
        if rule.keep_own_discards_apart:
            text += "; a player who sees this coming may keep his own discards out of it"
        return sentence(text)

    def dealer_out_of_deal(self, rule: DealerOutOfDeal) -> Md:
        who = {
            "next_in_turn": "the next player in turn still in the deal (the one the deal "
                            "passes to)",
            "last_in_turn": "the last player still in the deal to speak",
        }[rule.role_passes_to]
        return sentence(f"if a penalty puts the dealer out of the deal, {who} takes his "
                        "part: the dealer's choice, his force and what he pays for them")

    def duration(self, rule: Duration) -> list[Md]:
        agreed = or_list([{"agreed_time": "a time", "agreed_deals": "a number of deals"}[b]
                          for b in rule.by])
        text = [sentence(f"the players agree beforehand on {agreed}")]
        leaving = {
            "only_broke_player": "only a player who has lost all his counters may leave early",
            "loser_may_leave_under_time_limit": (
                "under a time limit a losing player may leave early and a winning one must "
                "stay; under a number of deals everyone plays them all"
            ),
            "not_stated": "",
        }[rule.leaving]
        if leaving:
            text.append(sentence(leaving))
        if rule.finish_current_deal:
            text.append(sentence("when the time is up, the deal in progress is finished"))
        return text

    def penalty(self, penalty: Penalty) -> Md:
        payer = "the offender" if penalty.payer == "offender" else "the dealer"
        consequences = []
        if penalty.amount:
            consequences.append(f"puts {counters(penalty.amount)} into the {penalty.into}")
        consequence = {
            "abandon_hand": "abandons his hand",
            "sit_out_deal": "takes no part in the deal",
            "none": "",
        }[penalty.consequence]
        if consequence:
            consequences.append(consequence)
        what = " and ".join(consequences) or "pays nothing"
        return sentence(f"for {OFFENCES[penalty.offence]}, {payer} {what}")

