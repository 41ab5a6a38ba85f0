"""A replay that cannot be played raises a ReplayError, and a ReplayError is no RulesetError.

The replay is what is wrong, not the rule file of the version it plays. Both
errors are located problems (``SourceError``): ``ambigu replay`` prints a
replay's as it prints a rule file's, one line ``file:line:col: ...`` with
nothing before it, and exits with status 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambigu_rules.errors import AmbiguError, ReplayError, RulesetError, SourceError
from ambigu_rules.play.replay_run import play_replay

from conftest import run_cli

# Ben deals, so Anna, on his right, speaks first: Ben's line is out of turn.
OUT_OF_TURN = """\
variant: foster
seats: [Anna, Ben]
bank: 50
dealer: Ben
deals:
  - actions:
      - Ben: discard none
"""


def test_a_replay_error_is_not_a_ruleset_error_and_is_printed_at_its_line(
        tmp_path: Path) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text(OUT_OF_TURN, encoding="utf-8")
    # "      - " is 8 characters: the action starts at column 9 of line 7.
    expected = f"{path}:7:9: it is Anna's turn, not Ben's"

    with pytest.raises(ReplayError) as refused:
        play_replay(path)
    assert not isinstance(refused.value, RulesetError)
    assert isinstance(refused.value, SourceError) and isinstance(refused.value, AmbiguError)
    assert str(refused.value) == expected

    result = run_cli("replay", str(path))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [expected]
