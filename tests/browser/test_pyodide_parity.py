"""The interpreter in the browser (Pyodide) plays exactly as CPython does (issue 12).

The runtime and the wheels are the pinned, checked ones of
``requirements/pyodide.json`` (``tools/pyodide_assets.py``: ``make
check-site`` fetches them into ``.venv/pyodide``), the ``ambigu_rules``
wheel is built from this checkout and the hand tables are the ones the site
build ships. A page served on 127.0.0.1 loads them all in headless Chromium,
installs the tables and runs, for every version, the same seeded hands and
deals as this process does (``tests/parity_play.py``); the two records must
be equal. No request may leave the local server and numpy must never load.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from browser_fixtures import browser, site_dir  # noqa: F401 (fixtures)
from browser_support import TIMEOUT_MS, require_browser, serve
from parity_play import PLAY
from site_helpers import load_tool

from ambigu_rules.load.catalog import builtin_ids

pytestmark = require_browser()

pyodide_assets = load_tool("pyodide_assets")

PAGE = """<!doctype html><meta charset="utf-8"><title>parity</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.ready = (async () => {
  const start = performance.now();
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
  const wheels = await (await fetch("./pyodide/wheels.json")).json();
  await pyodide.loadPackage(wheels.map(w => new URL("./pyodide/wheels/" + w, location.href).href));
  const index = await (await fetch("./tables/index.json")).json();
  for (const version of index.versions) {
    const bytes = new Uint8Array(await (await fetch("./tables/" + version.table)).arrayBuffer());
    pyodide.globals.set("table_bytes", bytes);
    pyodide.globals.set("version_id", version.id);
    pyodide.runPython(`
from ambigu_rules.hands.evaluator import install_table
from ambigu_rules.load.resolver import load_ruleset
install_table(load_ruleset(version_id), bytes(table_bytes.to_py()))`);
  }
  window.run = code => pyodide.runPython(code);
  return performance.now() - start;
})();
</script>
"""


def assets_missing() -> str | None:
    try:
        runtime = pyodide_assets.lock()["runtime"]
        tarball = pyodide_assets.CACHE / Path(runtime["tarball"]).name
    except (OSError, KeyError, ValueError) as error:
        return str(error)
    if not tarball.is_file():
        return (f"no Pyodide runtime in {pyodide_assets.CACHE} "
                "(make pyodide-assets, or python tools/pyodide_assets.py fetch)")
    return None


@pytest.fixture(scope="module")
def parity_site(tmp_path_factory: pytest.TempPathFactory, site_dir: Path) -> Path:
    missing = assets_missing()
    if missing:
        if os.environ.get("AMBIGU_REQUIRE_BROWSER") == "1":
            pytest.fail(missing)
        pytest.skip(missing)
    root = tmp_path_factory.mktemp("parity")
    pyodide_assets.install(root / "pyodide")
    shutil.copytree(site_dir / "assets" / "tables", root / "tables")
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    return root


def test_every_version_plays_the_same_in_the_browser(browser: Any, parity_site: Path) -> None:
    variants = builtin_ids()
    namespace: dict[str, Any] = {}
    exec(PLAY, namespace)
    expected = {v: namespace["record"](v) for v in variants}
    code = PLAY + (
        "\nimport json, sys\n"
        f"_out = json.dumps({{v: record(v) for v in {variants!r}}})\n"
        "assert 'numpy' not in sys.modules\n_out")
    with serve(parity_site) as base:
        context = browser.new_context(base_url=base)
        offsite: list[str] = []
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
            base) else (offsite.append(route.request.url), route.abort()))
        try:
            page = context.new_page()
            page.set_default_timeout(max(TIMEOUT_MS, 120_000))
            page.goto("/")
            page.evaluate("() => window.ready")
            shown = page.evaluate("code => window.run(code)", code)
        finally:
            context.close()
    assert offsite == []
    assert json.loads(shown) == json.loads(json.dumps(expected))


#: Imports the package again with every source compile counted: the modules the
#: site's wheels carry bytecode for must load from it (tools/pyodide_bytecode.py),
#: whose magic number must be the browser's Python's.
FROM_BYTECODE = """
import importlib.util, json, sys
from importlib import _bootstrap_external as external
for name in [name for name in sys.modules if name.split(".")[0] == "ambigu_rules"]:
    del sys.modules[name]
compiled = []
plain = external.SourceLoader.source_to_code
def counted(self, data, path, **options):
    compiled.append(path)
    return plain(self, data, path, **options)
external.SourceLoader.source_to_code = counted
try:
    import ambigu_rules.play.web
finally:
    external.SourceLoader.source_to_code = plain
loaded = [module for name, module in sys.modules.items() if name.split(".")[0] == "ambigu_rules"]
def magic(path):
    try:
        with open(path, "rb") as pyc:
            return pyc.read(4) == importlib.util.MAGIC_NUMBER
    except OSError:
        return False
magic = {magic(module.__cached__) for module in loaded}
json.dumps({"loaded": len(loaded), "compiled": compiled, "magic": sorted(magic)})
"""


def test_the_package_loads_from_the_bytecode_the_site_ships(
        browser: Any, parity_site: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("no Node: the site's wheels carry no bytecode")
    with serve(parity_site) as base:
        context = browser.new_context(base_url=base)
        try:
            page = context.new_page()
            page.set_default_timeout(max(TIMEOUT_MS, 120_000))
            page.goto("/")
            page.evaluate("() => window.ready")
            shown = json.loads(page.evaluate("code => window.run(code)", FROM_BYTECODE))
        finally:
            context.close()
    assert shown["loaded"] > 20  # the Play page's table imports most of the package
    assert shown["compiled"] == []  # nothing compiled from source in the browser
    assert shown["magic"] == [True]
