"""tools/pyodide_assets.py: pinned downloads are checked, PyYAML is repacked pure."""

from __future__ import annotations

import base64
import hashlib
import json
import zipfile
from pathlib import Path

import pytest
from site_helpers import load_tool

assets = load_tool("pyodide_assets")


def test_npm_integrity_is_sha512_in_base64() -> None:
    data = b"pyodide"
    expected = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    assert assets.npm_integrity(data) == expected


def test_every_pin_names_a_file_and_its_hash() -> None:
    lock = assets.lock()
    assert lock["runtime"]["integrity"].startswith("sha512-")
    for wheel in lock["wheels"]:
        assert wheel["file"].endswith(".whl") and len(wheel["sha256"]) == 64
        assert "==" in wheel["requirement"]  # an exact version


def test_repacking_drops_the_compiled_extension_and_marks_the_wheel_pure(tmp_path: Path) -> None:
    source = tmp_path / "pkg-1.0-cp311-cp311-manylinux_x86_64.whl"
    with zipfile.ZipFile(source, "w") as wheel:
        wheel.writestr("pkg/__init__.py", "X = 1\n")
        wheel.writestr("pkg/_speed.cpython-311-x86_64-linux-gnu.so", b"\0ELF")
        wheel.writestr("pkg-1.0.dist-info/WHEEL",
                       "Wheel-Version: 1.0\nRoot-Is-Purelib: false\nTag: cp311-cp311-linux\n")
        wheel.writestr("pkg-1.0.dist-info/RECORD", "stale\n")
    target = tmp_path / "pkg-1.0-py3-none-any.whl"
    assets.repack_pure(source, target)
    with zipfile.ZipFile(target) as wheel:
        names = wheel.namelist()
        tags = wheel.read("pkg-1.0.dist-info/WHEEL").decode()
        record = wheel.read("pkg-1.0.dist-info/RECORD").decode()
    assert not any(name.endswith(".so") for name in names)
    assert "Root-Is-Purelib: true" in tags and "Tag: py3-none-any" in tags
    assert "cp311" not in tags and "pkg/__init__.py,sha256=" in record


def test_install_refuses_a_runtime_that_is_missing_or_changed(tmp_path: Path) -> None:
    runtime = assets.lock()["runtime"]
    (tmp_path / Path(runtime["tarball"]).name).write_bytes(b"not the tarball")
    with pytest.raises(assets.AssetError, match="missing or changed"):
        assets.install(tmp_path / "out", cache=tmp_path)
    assert json.loads(Path(assets.LOCK).read_text(encoding="utf-8"))["runtime"]
