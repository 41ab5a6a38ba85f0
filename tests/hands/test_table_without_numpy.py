"""A version plays from a table written elsewhere, without numpy (issue 12, item 1).

The child stands in for the browser's Python: it can import the standard
library, the package and the wheels ``requirements/pyodide.json`` ships, nothing else.

The table of every hand is compiled with numpy (:mod:`ambigu_rules.hands.compiler`)
and written to bytes; a Python without numpy (the site's, in the browser)
reads it back and must play exactly as the compiling Python does. A child
process with numpy made unimportable loads the tables, evaluates hands and
plays seeded deals with bots; its record must equal the parent's, byte for
byte. The child has no disk cache of tables either (``BROWSER_LIKE``), as
Python in the browser has none: it has only the tables it is given.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from parity_play import PLAY

from ambigu_rules.errors import RulesetError
from ambigu_rules.hands.evaluator import Evaluator, evaluator_for
from ambigu_rules.hands.table import HandTable
from ambigu_rules.load.catalog import builtin_ids
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.web import WebTable

ROOT = Path(__file__).resolve().parents[2]
#: The environment of a child standing in for the browser's Python: no table cache.
BROWSER_LIKE = dict(os.environ, AMBIGU_NO_CACHE="1")

#: The import name of each package the site ships to the browser's Python
#: (``requirements/pyodide.json``, keyed by its requirement's name).
BROWSER_PACKAGES = {"typing_extensions": "typing_extensions", "annotated-types": "annotated_types",
                    "typing-inspection": "typing_inspection", "pydantic_core": "pydantic_core",
                    "pydantic": "pydantic", "PyYAML": "yaml", "MarkupSafe": "markupsafe"}

NO_NUMPY = f'''
import sys
ALLOWED = set(sys.stdlib_module_names) | {{"ambigu_rules", *{sorted(BROWSER_PACKAGES.values())!r}}}
class BrowserImports:
    """Only what the browser's Python has: the standard library, the package and
    the wheels the site ships with it (numpy, for one, is not there)."""
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top not in ALLOWED and not top.startswith("_sysconfigdata"):
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, BrowserImports())
'''


def test_the_child_allows_exactly_the_packages_the_site_ships() -> None:
    """The stand-in for the browser lets through the wheels of requirements/pyodide.json,
    no more: a package the package imports and the site does not ship fails the
    tests below (as MarkupSafe once did, when only the browser found out)."""
    shipped = json.loads((ROOT / "requirements" / "pyodide.json").read_text(encoding="utf-8"))
    names = {wheel["requirement"].partition("==")[0] for wheel in shipped["wheels"]}
    assert names == set(BROWSER_PACKAGES)


CHILD = NO_NUMPY + '''
from pathlib import Path
from ambigu_rules.hands.evaluator import install_table
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.web import WebTable
tables = Path(sys.argv[1])
for path in sorted(tables.glob("*.table")):
    install_table(load_ruleset(path.stem), path.read_bytes())
''' + PLAY + '''
import json
print(json.dumps({v: record(v) for v in sys.argv[2:]}))
assert "numpy" not in sys.modules
'''


def test_every_version_plays_the_same_from_a_table_without_numpy(tmp_path: Path) -> None:
    variants = builtin_ids()
    for variant in variants:
        table = evaluator_for(load_ruleset(variant)).to_table()
        (tmp_path / f"{variant}.table").write_bytes(table)
    namespace: dict[str, object] = {}
    exec(PLAY, namespace)  # the same code, here with numpy
    expected = {v: namespace["record"](v) for v in variants}  # type: ignore[operator]
    run = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path), *variants],
                         capture_output=True, text=True, cwd=ROOT, check=False, timeout=300,
                         env=BROWSER_LIKE)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout) == json.loads(json.dumps(expected))


def test_a_table_is_small_and_reads_back_unchanged() -> None:
    evaluator = evaluator_for(load_ruleset("1730"))
    data = evaluator.to_table()
    assert len(data) < 150_000  # about 1.6 bytes a hand, compressed
    assert HandTable.from_bytes(data) == evaluator.table


def test_a_table_of_other_combinations_is_refused() -> None:
    foster = evaluator_for(load_ruleset("foster")).to_table()
    with pytest.raises(RulesetError, match="made for other combinations"):
        Evaluator.from_table(load_ruleset("russian-courts"), foster)


@pytest.mark.parametrize("damage", [b"", b"not a table", b"AMBIGU-TABLE 2\nxx"])
def test_a_damaged_table_is_a_clear_error(damage: bytes) -> None:
    with pytest.raises(RulesetError):
        HandTable.from_bytes(damage)


HOUSE_CHILD = NO_NUMPY + '''
import json
from ambigu_rules.errors import TableMissingError
from ambigu_rules.hands.evaluator import install_table
from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.web import WebTable
from ambigu_rules.play.web import WebTable
install_table(load_ruleset("foster"), open(sys.argv[1], "rb").read())
played = WebTable("docs/variants/pool-limit.yaml", players=4, seed=3, people=0).start()
try:
    WebTable("docs/variants/two-pairs.yaml", players=4, seed=3)
    refusal = None
except TableMissingError as error:
    refusal = str(error)
print(json.dumps({"played": played, "refusal": refusal}))
assert "numpy" not in sys.modules
'''


def test_a_house_file_plays_from_its_parents_table_or_says_it_needs_its_own(
        tmp_path: Path) -> None:
    """pool-limit changes only the betting, so Foster's table serves; two-pairs adds a
    combination, and a Python without numpy cannot compile its table: it says so."""
    table = tmp_path / "foster.table"
    table.write_bytes(evaluator_for(load_ruleset("foster")).to_table())
    run = subprocess.run([sys.executable, "-c", HOUSE_CHILD, str(table)], capture_output=True,
                         text=True, cwd=ROOT, check=False, timeout=300, env=BROWSER_LIKE)
    assert run.returncode == 0, run.stderr[-2000:]
    answer = json.loads(run.stdout)
    expected = WebTable("docs/variants/pool-limit.yaml", players=4, seed=3, people=0).start()
    assert answer["played"] == json.loads(json.dumps(expected))
    assert answer["refusal"].startswith("two-pairs changes the pack, the combinations or their "
                                        "ranking, so it needs a table of hands of its own")
