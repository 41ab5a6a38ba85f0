"""The typed model of a rule file: what a rule file may say.

One module per part of the file: :mod:`.common` (rule points and provenance),
:mod:`.table`, :mod:`.combinations`, :mod:`.procedure`, :mod:`.ruleset`, and
:mod:`.deck` and :mod:`.sources` for the two support files.
"""
