"""Bytecode for the wheels the site ships, compiled by the browser's own Python.

Pyodide would otherwise compile every module the Play page imports from its
source at each first visit (about half a second of the page's first start).
A ``.pyc`` must come from the interpreter that loads it (its magic number is
the Python version's), and here that is Pyodide's CPython, not the one
running the build: ``tools/pyodide_compile.mjs`` runs it under Node, from the
runtime :mod:`pyodide_assets` has just laid out, over the wheels' ``.py``
files. Each wheel then gets its ``__pycache__/*.pyc`` members (and their
lines in its ``RECORD``), dated as their sources.

The pycs are "unchecked hash" ones (PEP 552): they carry their source's hash
rather than a date, so the same sources give the same bytes (the build stays
reproducible), and Python loads them without hashing the source each time.
:func:`stale_bytecode` finds a pyc whose hash is not its source's; the tests
run it on the wheels a build ships.

Without Node the wheels are shipped as they are (the page then compiles the
modules itself, as before), and the build says so. A wheel made once is kept
in the cache folder under a digest of what it is made from.

No network: the runtime is read from disk.
"""

from __future__ import annotations

import _imp
import base64
import hashlib
import os
import shutil
import subprocess
import tempfile
import time
import zipfile
from pathlib import Path, PurePosixPath
from typing import IO

SCRIPT = Path(__file__).resolve().parent / "pyodide_compile.mjs"

#: The flags word of an unchecked-hash pyc (PEP 552: hash-based, not checked).
UNCHECKED_HASH = 0b01


def _digest(wheel: Path, runtime: Path) -> str:
    """What a wheel with bytecode is made from: the wheel, the runtime, the script."""
    digest = hashlib.sha256()
    for path in (wheel, runtime / "pyodide.asm.wasm", runtime / "python_stdlib.zip", SCRIPT):
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def _pyc_name(source: str, tag: str) -> str:
    """``pkg/mod.py`` -> ``pkg/__pycache__/mod.<tag>.pyc``.

    >>> _pyc_name("pkg/mod.py", "cpython-314")
    'pkg/__pycache__/mod.cpython-314.pyc'
    """
    path = PurePosixPath(source)
    return str(path.parent / "__pycache__" / f"{path.stem}.{tag}.pyc")


def _record_line(name: str, data: bytes) -> str:
    hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={hashed},{len(data)}"


def _with_bytecode(wheel: Path, compiled: Path, target: Path) -> int:
    """Write ``wheel`` to ``target`` with the pycs found in ``compiled`` (where its
    ``.py`` members were compiled); answer how many were added."""
    added: list[tuple[zipfile.ZipInfo, bytes]] = []
    with zipfile.ZipFile(wheel) as source:
        members = [(info, source.read(info)) for info in source.infolist()]
    for info, _ in members:
        if not info.filename.endswith(".py"):
            continue
        found = sorted((compiled / info.filename).parent.glob(
            f"__pycache__/{PurePosixPath(info.filename).stem}.*.pyc"))
        if len(found) != 1:
            continue  # not compiled (a file Python cannot parse is left to the page)
        tag = found[0].name.split(".")[-2]
        pyc = zipfile.ZipInfo(_pyc_name(info.filename, tag), info.date_time)
        pyc.compress_type = zipfile.ZIP_DEFLATED
        pyc.external_attr = info.external_attr
        added.append((pyc, found[0].read_bytes()))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in members:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                data = ("\n".join([*lines[:-1], *(_record_line(pyc.filename, pycdata)
                                                 for pyc, pycdata in added), lines[-1]])
                        + "\n").encode() if lines else data
            out.writestr(info, data)
        for pyc, data in added:
            out.writestr(pyc, data)
    return len(added)


def add_bytecode(runtime: Path, wheels: list[Path], cache: Path) -> str:
    """Give each of ``wheels`` (in place) the bytecode of its ``.py`` files, compiled by
    the Pyodide laid out in ``runtime``; answer a line saying what was done."""
    node = shutil.which("node")
    if node is None:
        return "no Node: the wheels are shipped without bytecode (the page compiles them)"
    kept = cache / "bytecode"
    todo = [wheel for wheel in wheels
            if not (kept / _digest(wheel, runtime) / wheel.name).is_file()]
    if todo:
        with tempfile.TemporaryDirectory() as scratch:
            compiled = Path(scratch) / "compiled"
            for wheel in todo:
                with zipfile.ZipFile(wheel) as archive:
                    archive.extractall(compiled, [name for name in archive.namelist()
                                                  if name.endswith(".py")])
            result = subprocess.run([node, str(SCRIPT), str(runtime), str(compiled)],
                                    capture_output=True, text=True, check=False)
            if result.returncode != 0:
                return f"the bytecode could not be compiled: {result.stderr.strip()[-400:]}"
            for wheel in todo:
                folder = kept / _digest(wheel, runtime)
                folder.mkdir(parents=True, exist_ok=True)
                handle, partial = tempfile.mkstemp(dir=folder, suffix=".partial")
                os.close(handle)  # another build may write the same wheel meanwhile
                _with_bytecode(wheel, compiled, Path(partial))
                Path(partial).replace(folder / wheel.name)
    used = {_digest(wheel, runtime) for wheel in wheels}
    for wheel in wheels:
        shutil.copyfile(kept / _digest(wheel, runtime) / wheel.name, wheel)
    _prune(kept, used)
    return f"bytecode compiled by Pyodide in {len(wheels)} wheels ({len(todo)} compiled now)"


#: A kept wheel that no build has used for this long is deleted (seconds).
UNUSED = 24 * 3600


def _prune(kept: Path, used: set[str]) -> None:
    """Delete the kept wheels of older builds (those another build may be using now
    are younger than :data:`UNUSED`); touch the ones just used."""
    now = time.time()
    for folder in kept.iterdir():
        if folder.name in used:
            os.utime(folder)
        elif now - folder.stat().st_mtime > UNUSED:
            shutil.rmtree(folder, ignore_errors=True)


def stale_bytecode(wheel: Path | IO[bytes]) -> list[str]:
    """The pycs in ``wheel`` that are not an unchecked-hash pyc of the source beside them
    (the hash a Python with the pyc's magic number gives that source), each with why.

    >>> import io
    >>> buffer = io.BytesIO()
    >>> with zipfile.ZipFile(buffer, "w") as made:
    ...     made.writestr("m.py", "X = 1\\n")
    ...     made.writestr("__pycache__/m.cpython-399.pyc", b"ab\\r\\n" + bytes(12))
    >>> stale_bytecode(buffer)
    ['__pycache__/m.cpython-399.pyc: not an unchecked-hash pyc']
    """
    stale = []
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for name in sorted(names):
            if not name.endswith(".pyc"):
                continue
            path = PurePosixPath(name)
            source = str(path.parent.parent / (path.name.split(".")[0] + ".py"))
            if source not in names:
                stale.append(f"{name}: no {source} beside it")
                continue
            data = archive.read(name)
            if int.from_bytes(data[4:8], "little") != UNCHECKED_HASH:
                stale.append(f"{name}: not an unchecked-hash pyc")
                continue
            key = int.from_bytes(data[:4], "little")
            if data[8:16] != _imp.source_hash(key, archive.read(source)):
                stale.append(f"{name}: compiled from another {source}")
    return stale
