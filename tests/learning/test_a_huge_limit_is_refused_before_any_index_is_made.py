"""Issue 42, defect 7: ``env(version, limit=10**9)`` gave every amount from 1 to the
limit an index of its own, two billion of them, and filled memory. An action space
whose amounts would pass :data:`~ambigu_rules.learning.action_table.MAX_AMOUNT_CAP`
is now refused in words, before any index is made, saying the bound, why, and
``amount_cap``, which gives the environment a bounded space whatever the limit."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from ambigu_rules import Game
from ambigu_rules.errors import GameSetupError
from ambigu_rules.learning.action_table import MAX_AMOUNT_CAP, ActionTable
from ambigu_rules.rl import env, raw_env, single_agent

REFUSAL = (
    "the table's limit of 1,000,000,000 would give each amount from 1 to 1,000,000,000 "
    "an index of its own (2,000,000,025 actions): at most 1,000 amounts have one, since "
    "the action mask is worked out index by index at every turn and a policy has one "
    "output per index; give amount_cap=N (N up to 1,000): the amounts above N are then "
    "played as the index of the largest amount allowed")

#: The address space the child may use: the environment needs about 150 MB; two
#: billion indices need hundreds of times more, and are stopped at this.
MEMORY_CAP = 1536 * 1024 * 1024


def test_the_bound_is_far_above_any_agreed_limit_of_the_versions() -> None:
    assert MAX_AMOUNT_CAP == 1000


def test_a_limit_of_a_billion_is_refused_in_words_without_filling_memory() -> None:
    # In a child whose memory is capped, so that a regression fails at the cap
    # instead of taking the machine's memory.
    child = textwrap.dedent("""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[1]), int(sys.argv[1])))
        from ambigu_rules.errors import GameSetupError
        from ambigu_rules.rl import env
        try:
            env("foster", players=4, limit=10**9, banks=10**9)
        except GameSetupError as error:
            print(error)
    """)
    environment = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    result = subprocess.run([sys.executable, "-c", child, str(MEMORY_CAP)],
                            capture_output=True, text=True, timeout=120, env=environment)
    assert result.stdout.strip() == REFUSAL, result.stderr[-2000:]


@pytest.mark.parametrize("make", [env, raw_env, single_agent])
def test_every_environment_refuses_the_huge_limit(make: object) -> None:
    with pytest.raises(GameSetupError) as caught:
        make("foster", players=4, limit=10**9, banks=10**9)  # type: ignore[operator]
    assert str(caught.value) == REFUSAL


def test_an_amount_cap_gives_a_bounded_space_under_the_huge_limit() -> None:
    environment = raw_env("foster", players=4, seed=1, limit=10**9, banks=10**9,
                          amount_cap=20)
    environment.reset(seed=1)
    actions = environment.table.actions
    for kind in ("open", "raise"):  # 1 to 20, then the largest allowed (-1)
        assert [detail for named, detail in actions if named == kind] == [*range(1, 21), -1]
    assert environment.table.size < 100


def test_a_limit_at_the_bound_still_gives_each_amount_an_index() -> None:
    game = Game("foster", players=4, limit=MAX_AMOUNT_CAP, banks=10**6)
    table = ActionTable.for_game(game)
    assert ("raise", MAX_AMOUNT_CAP) in table.actions


@pytest.mark.parametrize(("cap", "shown"), [
    (0, "0"), (-3, "-3"), (1001, "1001"), (2.5, "2.5"), (True, "True"), ("10", "'10'"),
])
def test_an_amount_cap_outside_the_bound_is_refused(cap: object, shown: str) -> None:
    with pytest.raises(GameSetupError) as caught:
        raw_env("foster", players=4, amount_cap=cap)
    assert str(caught.value) == (
        f"amount_cap: expected a whole number of amounts from 1 to 1,000, got {shown}")
