"""Hands: what four cards are worth under a ruleset.

:mod:`.features` measures a hand, :mod:`.predicates` and :mod:`.selectors`
test and pick its cards, :mod:`.tie_keys` orders hands of one combination,
:mod:`.evaluator` compiles the table of every hand, and :mod:`.showdown`
compares the hands shown.
"""
