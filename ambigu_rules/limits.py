"""The limits that keep a hostile rule file, replay or call harmless.

Every number a rule file or a caller can give is bounded here, so that no
input can make the package loop without end, allocate without end or
overflow a table. Each limit is far above what any real version needs; the
README and ``docs/rule-format.md`` list them.
"""

from __future__ import annotations

# -- files (rule files and replays) --------------------------------------------

#: Largest rule or replay file read, in bytes (measured: the biggest built-in
#: ruleset, russian.yaml, is 19 KiB; the biggest YAML file, the site's
#: glossary, 25 KiB). At most one byte more is ever read.
MAX_FILE_BYTES = 1024 * 1024

#: Most values (mappings, lists and plain values) in one file, counted after
#: every alias is expanded, so that a few bytes of nested aliases cannot stand
#: for millions of values (measured: russian.yaml holds 810, the glossary
#: 1,233, a scenario fewer than 300).
MAX_VALUES = 100_000

#: Deepest nesting of mappings and lists, aliases expanded (measured: 9).
MAX_NESTING = 64

#: Longest number, in characters (longer ones take seconds to read).
MAX_NUMBER_LENGTH = 100

#: Most files in one chain of ``extends``.
MAX_EXTENDS_DEPTH = 8

#: Resolved rulesets and compiled hand tables (about 17 MB each) kept in
#: memory by one process; the oldest go first.
MAX_CACHED_RULESETS = 16

# -- rules and play -------------------------------------------------------------

#: Largest count of counters anywhere: a combination's value (its parts
#: added), an ante, a stake, a bank, a betting limit.
MAX_COUNTERS = 10**9

#: Most players a version may seat (a 40-card pack deals four cards to ten;
#: a version's own pack may allow fewer, which validation checks).
MAX_PLAYERS = 52

#: Longest identifier (a version, a combination, a step, a source...); ids are
#: also made of ASCII letters, digits, ``_`` and ``-`` only (``rules.common``), since
#: they name files and pages (measured: the longest built-in id has 25 characters).
MAX_ID_LENGTH = 64

#: Largest number of combinations, and of steps in a procedure.
MAX_COMBINATIONS = 64
MAX_STEPS = 64

#: Most items in any other list of a rule file (effects of an outcome,
#: parts, tie keys, penalties, sources of a rule point, ...).
MAX_ITEMS = 64

#: Most work the table of every hand may cost: the tests of the combinations'
#: conditions (``rules.combinations.condition_size``) times the hands of the pack.
#: Aliases can make a small file hold thousands of tests, each run over up to
#: 487,635 hands (a pack of 60 cards); at this limit a table compiles in about two
#: seconds (measured: the built-in versions need about 2 million, the 52-card house
#: pack about 5 million).
MAX_TABLE_WORK = 250_000_000

#: Steps one deal may run (ante, deal, each exchange or betting round, each
#: showdown, and all of them again after each redeal) before it is stopped as
#: a loop. A real deal runs about ten.
MAX_STEPS_PER_DEAL = 10_000

#: Decisions one deal may take (every discard, call, bet, raise, choice)
#: before it is stopped: a real deal takes a few dozen, but two players with
#: huge banks could raise each other one counter at a time for days.
MAX_DECISIONS_PER_DEAL = 100_000
