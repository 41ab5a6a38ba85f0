"""Hands: what four cards are worth under a ruleset.

:mod:`.features` measures a hand, :mod:`.predicates` and :mod:`.selectors`
test and pick its cards, :mod:`.tie_keys` orders hands of one combination
(:mod:`.key_space` says how much room its keys take), :mod:`.compiler`
builds the table of every hand with numpy, :mod:`.table` holds that table as
plain data (and writes and reads it), :mod:`.evaluator` answers from it, and
:mod:`.showdown` compares the hands shown. Only :mod:`.compiler` and the
modules it uses import numpy.
"""
