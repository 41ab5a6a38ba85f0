"""The base of every sentence about one ruleset: its deck, names and links.

:class:`RuleWords` holds the ruleset the sentences are about and how to
name its parts: a combination by the version's own name or by its
canonical English one, a step by a link to its section.
"""

from __future__ import annotations

from ..errors import CardError
from ..hands.evaluator import canonical_of
from ..load.catalog import deck_of
from ..rules.deck import Deck
from ..rules.ruleset import Ruleset
from ..rules.vocabulary import said
from .lang import EN, Catalog, Lang
from .markup import Md, anchor, esc

#: The canonical combinations' names, in each language (the French ones are the
#: words of the French texts: *flux* for the flush, *grande prime*).
CANONICAL = Catalog(__name__, "CANONICAL", {
    "point": "point",
    "prime": "prime",
    "grand_prime": "grand prime",
    "sequence": "sequence",
    "tricon": "tricon",
    "flush": "flush",
    "tricon_prime": "tricon with prime",
    "flush_sequence": "flush with sequence",
    "fredon": "fredon",
})
CANONICAL_LABEL = {key: CANONICAL(key, EN) for key, _ in CANONICAL}


class RuleWords:
    """What the sentences about the rule points of one ruleset share.

    ``link_prefix`` is put before ``#anchor`` in links to the ruleset's own
    steps: empty on the version's page, ``../versions/1730.md`` elsewhere.
    ``canonical_names`` names combinations by their canonical English name
    instead of the version's own (so that two versions compare equal when
    only their names differ). ``lang`` is the language of the sentences.
    """

    def __init__(
        self, ruleset: Ruleset, link_prefix: str = "", canonical_names: bool = False,
        lang: Lang = EN,
    ) -> None:
        self.ruleset = ruleset
        self.lang = lang
        self.link_prefix = link_prefix
        self.canonical_names = canonical_names
        self._steps = {step.id: step for step in ruleset.procedure}
        self._combinations = {c.id: c for c in ruleset.combinations}

    @property
    def deck(self) -> Deck | None:
        """The ruleset's deck, or ``None`` when it cannot be read."""
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
        known = canonical in CANONICAL_LABEL
        if self.canonical_names:
            return CANONICAL(canonical, self.lang) if known else combination.name
        name = combination.name
        if self.lang.code != "en":
            # The version's own name in the language when its sources give one,
            # else the canonical name in the language.
            own = (combination.names or {}).get(self.lang.code)
            name = own or (CANONICAL(canonical, self.lang) if known else name)
        if name[:1].isupper() and not name[1:2].isupper():
            name = name[0].lower() + name[1:]
        return name

    def step_link(self, step_id: str) -> Md:
        """A link to the section of the step ``step_id`` (its id as text if unknown)."""
        step = self._steps.get(step_id)
        if step is None:
            return esc(step_id)
        return Md("[{}]({}#{})").format(step.text_in("title", self.lang.code), self.link_prefix,
                                        anchor("step-" + step.id))

    def who(self, who: str) -> str:
        """The players a step concerns: all of them, or those still in the deal."""
        return said("taking_part", who, language=self.lang.code)
