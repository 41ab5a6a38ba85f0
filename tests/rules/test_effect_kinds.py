"""Each key of an effect has one type, which the engine and the site both match on.

A key added to :class:`~ambigu_rules.rules.procedure.Effect` without its type
in ``EffectKind`` fails here; a type without a meaning in the engine or words
on the site fails the type checker (``assert_never``).
"""

from __future__ import annotations

import typing

from ambigu_rules.rules.procedure import Effect, EffectKind

#: One value for each key, as a rule file would write it.
SAMPLES = {
    "return_bet": "opener",
    "pay": {"amount": 2, "from": "dealer", "to": "opener"},
    "take": {"who": "winner", "what": ["pool"]},
    "combination_payment": "winner",
    "add": {"amount": 1},
    "carry_over": ["pool", "batterie"],
    "show_hand": "winner",
    "goto": "showdown",
    "redeal": True,
    "end_deal": True,
}


def test_every_effect_key_has_a_sample() -> None:
    assert set(SAMPLES) == set(Effect.model_fields)


def test_each_key_gives_its_own_kind_of_effect() -> None:
    kinds = {key: type(Effect.model_validate({key: value}).kind())
             for key, value in SAMPLES.items()}
    assert set(kinds.values()) == set(typing.get_args(EffectKind))
    assert len(set(kinds.values())) == len(kinds)
