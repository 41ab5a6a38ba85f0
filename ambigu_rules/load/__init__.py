"""From a rule file to a checked ruleset.

:mod:`.yaml_source` reads YAML keeping each value's position,
:mod:`.validation` turns model errors into messages that say where,
:mod:`.inheritance` merges what a file ``extends``, :mod:`.checks` checks the
cross-references, :mod:`.catalog` knows the built-in versions, decks and
sources, :mod:`.resolver` puts these together, and :mod:`.schema` publishes
the JSON Schema of the format.
"""
