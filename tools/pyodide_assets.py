"""Fetch, check and lay out what runs ``ambigu_rules`` in the browser (Pyodide).

Everything is pinned in ``requirements/pyodide.json``: the Pyodide runtime
from the npm registry (checked against the registry's sha512 integrity
hash), the wheels from PyPI (each checked against its sha256), and PyYAML,
whose pure-Python part is repacked into a ``py3-none-any`` wheel without its
C extension (the package only needs ``SafeLoader``). The ``ambigu_rules``
wheel itself is built from the checkout.

Two steps:

``fetch``
    Download into a cache folder (``.venv/pyodide`` from the Makefile) what
    is not there yet or no longer matches its hash. This is the only step
    that reaches the network, like installing packages.
``install DIR``
    Copy the runtime into ``DIR/`` and the wheels (with a freshly built
    ``ambigu_rules`` wheel) into ``DIR/wheels/``, and write
    ``DIR/wheels.json``, the list in the order they must be loaded; each
    wheel gets the bytecode of its modules, compiled by that runtime under
    Node (``tools/pyodide_bytecode.py``). No network.

Usage: python tools/pyodide_assets.py fetch [--cache DIR]
       python tools/pyodide_assets.py install DIR [--cache DIR]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "pyodide.json"
CACHE = ROOT / ".venv" / "pyodide"


class AssetError(Exception):
    """A download that failed or does not match its pinned hash."""


def lock() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(LOCK.read_text(encoding="utf-8"))
    return data


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def npm_integrity(data: bytes) -> str:
    """The integrity string npm publishes for a tarball: ``sha512-`` and base64."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


# -- fetch -----------------------------------------------------------------------


def fetch_runtime(cache: Path) -> Path:
    """The Pyodide npm tarball, downloaded once and checked against its integrity."""
    runtime = lock()["runtime"]
    path = cache / Path(runtime["tarball"]).name
    if path.is_file() and npm_integrity(path.read_bytes()) == runtime["integrity"]:
        return path
    print(f"pyodide_assets: downloading {runtime['tarball']}", flush=True)
    with urllib.request.urlopen(runtime["tarball"], timeout=120) as response:
        data = response.read()
    if npm_integrity(data) != runtime["integrity"]:
        raise AssetError(f"{runtime['tarball']}: the download does not match the integrity "
                         "hash in requirements/pyodide.json")
    path.write_bytes(data)
    return path


def fetch_wheel(cache: Path, wheel: dict[str, str]) -> Path:
    """One pinned wheel from PyPI, checked against its sha256."""
    path = cache / wheel["file"]
    if path.is_file() and sha256(path.read_bytes()) == wheel["sha256"]:
        return path
    print(f"pyodide_assets: downloading {wheel['file']}", flush=True)
    argv = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--dest", str(cache), wheel["requirement"]]
    for option in ("platform", "python_version", "abi"):
        if option in wheel:
            argv += [f"--{option.replace('_', '-')}", wheel[option]]
    result = subprocess.run(argv, capture_output=True, text=True, check=False)
    if result.returncode != 0 or not path.is_file():
        raise AssetError(f"{wheel['requirement']}: pip download failed\n{result.stderr[-800:]}")
    if sha256(path.read_bytes()) != wheel["sha256"]:
        path.unlink()
        raise AssetError(f"{wheel['file']}: the download does not match its sha256 in "
                         "requirements/pyodide.json")
    return path


def fetch(cache: Path = CACHE) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    fetch_runtime(cache)
    for wheel in lock()["wheels"]:
        fetch_wheel(cache, wheel)
    print(f"pyodide_assets: runtime and {len(lock()['wheels'])} wheels checked in {cache}")


# -- install -----------------------------------------------------------------------


def repack_pure(source: Path, target: Path) -> None:
    """A wheel's pure-Python files as a ``py3-none-any`` wheel (no compiled extension)."""
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(source) as wheel:
        for name in wheel.namelist():
            if name.endswith((".so", ".pyd", "/RECORD")):
                continue
            data = wheel.read(name)
            if name.endswith(".dist-info/WHEEL"):
                data = re.sub(rb"Root-Is-Purelib: \w+", b"Root-Is-Purelib: true", data)
                data = re.sub(rb"Tag: .*\n", b"", data) + b"Tag: py3-none-any\n"
            files[name] = data
    info = next(name for name in files if name.endswith(".dist-info/WHEEL")).rsplit("/", 1)[0]
    record = [f"{name},sha256={_record_hash(data)},{len(data)}" for name, data in files.items()]
    files[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)


def _record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


#: With this variable set to a folder, the ``ambigu_rules`` wheel is kept there under
#: a digest of what it is built from, and built again only when that changes (the
#: test run sets it, so that its two site builds build the wheel once).
WHEEL_CACHE_VARIABLE = "AMBIGU_WHEEL_CACHE"


def own_wheel_inputs() -> str:
    """A digest of what the ``ambigu_rules`` wheel is built from: the files at the top
    of the checkout (``pyproject.toml``, ``README.md`` ...), the package and the rule
    files (which the wheel carries), and the Python that runs pip."""
    digest = hashlib.sha256(sys.version.encode())
    files = [path for path in ROOT.iterdir() if path.is_file()]
    for folder in ("ambigu_rules", "rulesets"):
        files += [path for path in (ROOT / folder).rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts]
    for path in sorted(files):
        digest.update(f"\0{path.relative_to(ROOT).as_posix()}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def build_own_wheel(target: Path) -> Path:
    """The ``ambigu_rules`` wheel, built from the checkout (pure Python), or the one
    built from the same files before, when :data:`WHEEL_CACHE_VARIABLE` is set."""
    given = os.environ.get(WHEEL_CACHE_VARIABLE)
    kept = Path(given) / own_wheel_inputs() if given else None
    found = sorted(kept.glob("ambigu_rules-*.whl")) if kept is not None and kept.is_dir() else []
    if found:
        return Path(shutil.copy2(found[0], target / found[0].name))
    with tempfile.TemporaryDirectory() as out:
        argv = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
                out, str(ROOT)]
        result = subprocess.run(argv, capture_output=True, text=True, check=False)
        built = sorted(Path(out).glob("ambigu_rules-*.whl"))
        if result.returncode != 0 or not built:
            raise AssetError(f"building the ambigu_rules wheel failed\n{result.stderr[-800:]}")
        if kept is not None:
            _keep(built[0], kept)
        return Path(shutil.copy2(built[0], target / built[0].name))


def _keep(wheel: Path, folder: Path) -> None:
    """Put ``wheel`` in ``folder`` whole or not at all (another build may race us)."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(dir=folder.parent, prefix=".partial-"))
    shutil.copy2(wheel, scratch / wheel.name)
    try:
        os.replace(scratch, folder)
    except OSError:  # kept by another build meanwhile
        shutil.rmtree(scratch, ignore_errors=True)


def install(target: Path, cache: Path = CACHE) -> list[str]:
    """Lay the runtime and the wheels out in ``target``; return the wheels in load order."""
    runtime = lock()["runtime"]
    tarball = cache / Path(runtime["tarball"]).name
    if not tarball.is_file() or npm_integrity(tarball.read_bytes()) != runtime["integrity"]:
        raise AssetError(f"{tarball}: missing or changed; run: python tools/pyodide_assets.py "
                         "fetch")
    (target / "wheels").mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(tarball.read_bytes()), mode="r:gz") as archive:
        for name in runtime["files"]:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise AssetError(f"{tarball}: no package/{name} in the tarball")
            (target / name).write_bytes(member.read())
    order = []
    for wheel in lock()["wheels"]:
        source = cache / wheel["file"]
        if not source.is_file() or sha256(source.read_bytes()) != wheel["sha256"]:
            raise AssetError(f"{source}: missing or changed; run: python "
                             "tools/pyodide_assets.py fetch")
        name = wheel.get("repack_pure", wheel["file"])
        if "repack_pure" in wheel:
            repack_pure(source, target / "wheels" / name)
        else:
            shutil.copy2(source, target / "wheels" / name)
        order.append(name)
    order.append(build_own_wheel(target / "wheels").name)
    shipped = [target / "wheels" / name for name in order]
    print(f"pyodide_assets: {_bytecode().add_bytecode(target, shipped, cache)}", flush=True)
    (target / "wheels.json").write_text(json.dumps(order, indent=1) + "\n", encoding="utf-8")
    return order


def _bytecode() -> Any:
    """``tools/pyodide_bytecode.py`` (the tools are scripts, not a package)."""
    import importlib.util

    name = "ambigu_tools_pyodide_bytecode"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).with_name("pyodide_bytecode.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["fetch", "install"])
    parser.add_argument("target", nargs="?", type=Path, help="install: the folder to fill")
    parser.add_argument("--cache", type=Path, default=CACHE,
                        help=f"where downloads are kept (default {CACHE.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    try:
        if args.step == "fetch":
            fetch(args.cache)
        else:
            if args.target is None:
                parser.error("install needs the folder to fill")
            order = install(args.target, args.cache)
            print(f"pyodide_assets: runtime and {len(order)} wheels in {args.target}")
    except (AssetError, OSError) as error:
        print(f"pyodide_assets: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
