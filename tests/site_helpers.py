"""The built site, shared by the site tests and the browser tests.

:func:`built_site` builds the site once per test run, the way ``make site``
does (``tools/build_site.py``: Sphinx into ``docs/api/``, then
``mkdocs build --strict``), into a temporary folder; with
``AMBIGU_SITE_DIR`` set (``make check-site`` sets it to ``site``) it uses that
already-built folder instead.
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import sys
import tempfile
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"


def load_tool(name: str) -> ModuleType:
    """Import ``tools/<name>.py`` (the tools are scripts, not a package)."""
    module_name = f"ambigu_tools_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


class BuiltSite:
    """A built site folder and the seconds each build step took (empty if reused)."""

    def __init__(self, path: Path, timings: dict[str, float]) -> None:
        self.path = path
        self.timings = timings

    def html_pages(self) -> list[Path]:
        return sorted(self.path.rglob("*.html"))


def built_site() -> BuiltSite:
    """Build the site once (or reuse ``$AMBIGU_SITE_DIR``); raise if the build fails.

    A failed build is not retried: every test that needs the site reports the
    same error.
    """
    result = _build_once()
    if isinstance(result, Exception):
        raise result
    return result


@cache
def _build_once() -> BuiltSite | Exception:
    try:
        return _build()
    except Exception as error:  # reported by every caller of built_site()
        return error


def _build() -> BuiltSite:
    given = os.environ.get("AMBIGU_SITE_DIR")
    if given:
        path = Path(given)
        if not path.is_absolute():
            path = ROOT / path
        if not (path / "index.html").is_file():
            raise FileNotFoundError(f"AMBIGU_SITE_DIR={given}: no index.html; run make site")
        return BuiltSite(path, {})
    out = Path(tempfile.mkdtemp(prefix="ambigu-site-"))
    atexit.register(shutil.rmtree, out, ignore_errors=True)
    timings = load_tool("build_site").build(out / "site", generate=False, quiet=True)
    return BuiltSite(out / "site", timings)
