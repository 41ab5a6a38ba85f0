"""tools/pyodide_bytecode.py: the site's wheels carry bytecode of their own sources."""

from __future__ import annotations

import py_compile
import shutil
import zipfile
from pathlib import Path

import pytest
from site_helpers import built_site, load_tool

bytecode = load_tool("pyodide_bytecode")


def unchecked_pyc(tmp_path: Path, text: str) -> bytes:
    """An unchecked-hash pyc of ``text`` by this Python (PEP 552)."""
    source = tmp_path / "made.py"
    source.write_text(text, encoding="utf-8")
    return Path(py_compile.compile(
        str(source), cfile=str(tmp_path / "made.pyc"),
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)).read_bytes()


def wheel_with(tmp_path: Path, source: str, pyc: bytes) -> Path:
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as made:
        made.writestr("pkg/mod.py", source)
        made.writestr("pkg/__pycache__/mod.cpython-3xx.pyc", pyc)
    return wheel


def test_a_pyc_of_the_source_beside_it_is_not_stale(tmp_path: Path) -> None:
    wheel = wheel_with(tmp_path, "X = 1\n", unchecked_pyc(tmp_path, "X = 1\n"))
    assert bytecode.stale_bytecode(wheel) == []


def test_a_pyc_of_another_source_is_stale(tmp_path: Path) -> None:
    wheel = wheel_with(tmp_path, "X = 1\n", unchecked_pyc(tmp_path, "X = 2\n"))
    assert bytecode.stale_bytecode(wheel) == [
        "pkg/__pycache__/mod.cpython-3xx.pyc: compiled from another pkg/mod.py"]


def test_a_pyc_dated_rather_than_hashed_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "dated.py"
    source.write_text("X = 1\n", encoding="utf-8")
    dated = Path(py_compile.compile(
        str(source), cfile=str(tmp_path / "dated.pyc"),
        invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP)).read_bytes()
    wheel = wheel_with(tmp_path, "X = 1\n", dated)
    assert bytecode.stale_bytecode(wheel) == [
        "pkg/__pycache__/mod.cpython-3xx.pyc: not an unchecked-hash pyc"]


@pytest.fixture(scope="module")
def shipped() -> Path:
    """The wheels of the built site (the suite's own build, or ``$AMBIGU_SITE_DIR``)."""
    if shutil.which("node") is None:
        pytest.skip("no Node: the wheels are shipped without bytecode")
    wheels = built_site().path / "pyodide" / "wheels"
    if not any(wheels.glob("*.whl")):
        pytest.skip("the site was built without the Pyodide assets (make pyodide-assets)")
    return wheels


def test_every_module_the_site_ships_has_the_bytecode_of_its_source(shipped: Path) -> None:
    for wheel in sorted(shipped.glob("*.whl")):
        with zipfile.ZipFile(wheel) as archive:
            names = set(archive.namelist())
        sources = {name for name in names if name.endswith(".py")}
        pycs = {name for name in names if name.endswith(".pyc")}
        assert len(pycs) == len(sources), wheel.name  # one pyc for each module
        assert bytecode.stale_bytecode(wheel) == [], wheel.name
