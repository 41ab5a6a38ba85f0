"""The compiled build's list of modules, and the check that it was really compiled.

``setup.py`` names the modules mypyc compiles; ``tools/check_compiled.py``
reads that list and fails when one of them loads as Python source. The
compiled modules themselves are tested by ``make check-compiled``, which runs
the engine, play, hostile and scenario tests inside ``build/compiled``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from check_compiled import listed_modules  # noqa: E402


def test_every_module_setup_py_compiles_exists_in_the_package() -> None:
    names = listed_modules(ROOT / "setup.py")
    assert "ambigu_rules.engine.game" in names and "ambigu_rules.play.bots" in names
    for name in names:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name


def test_check_compiled_refuses_the_pure_sources_of_the_checkout() -> None:
    # From the checkout, every listed module is Python source: the check fails
    # and names them, so tests run on a build that is not compiled cannot pass
    # for tests of the compiled engine.
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "check_compiled.py")],
                          cwd=ROOT, capture_output=True, text=True, check=False,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 1
    assert "not compiled here: ambigu_rules.engine.actions" in done.stderr
    assert "ambigu_rules.play.bots" in done.stderr
