"""The limits that keep a hostile rule file, replay or call harmless.

Every number a rule file or a caller can give is bounded here, so that no
input can make the package loop without end, allocate without end or
overflow a table. Each limit is far above what any real version needs; the
README and ``docs/rule-format.md`` list them.
"""

from __future__ import annotations

#: Largest count of counters anywhere: a combination's value (its parts
#: added), an ante, a stake, a bank, a betting limit.
MAX_COUNTERS = 10**9

#: Most players a version may seat (a 40-card pack deals four cards to ten;
#: a version's own pack may allow fewer, which validation checks).
MAX_PLAYERS = 52

#: Largest number of combinations, and of steps in a procedure.
MAX_COMBINATIONS = 64
MAX_STEPS = 64

#: Steps one deal may run (ante, deal, each exchange or betting round, each
#: showdown, and all of them again after each redeal) before it is stopped as
#: a loop. A real deal runs about ten.
MAX_STEPS_PER_DEAL = 10_000
