"""The axe-core half of the site's audit (``tools/audit_site.py``, which re-exports it).

axe-core 4.x, injected with Playwright into a page, lists the accessibility
findings a page has; :func:`axe_page` measures one page of one kind,
:func:`axe_sweep` every page of the site at one width in both colour schemes
(``audit_site.py --every-page``), and :func:`serious_findings` says the
serious and critical ones in a line each. axe-core comes from npm, installed
into ``$AMBIGU_AUDIT_TOOLS`` (default ``~/.cache/ambigu-audit``); the
browser is Debian's Chromium (``$AMBIGU_CHROMIUM``).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

TOOLS_VARIABLE = "AMBIGU_AUDIT_TOOLS"
CHROMIUM = os.environ.get("AMBIGU_CHROMIUM", "/usr/bin/chromium")
SCHEMES = ("light", "dark")
#: Chromium without the sandbox (root), the GPU or its background connections.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-extensions", "--disable-default-apps",
]
#: The API reference's two kinds of page (Sphinx), by kind: its paths under the site.
API_PAGES: dict[str, str] = {
    "api": "api/index.html",
    "api-module": "api/ambigu_rules.engine.game.html",
}


def tools_dir() -> Path:
    """Where ``npm i --prefix`` put Lighthouse and axe-core."""
    given = os.environ.get(TOOLS_VARIABLE)
    return Path(given) if given else Path.home() / ".cache" / "ambigu-audit"


def axe_path() -> Path:
    return tools_dir() / "node_modules" / "axe-core" / "axe.min.js"



AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(" "),
                              summary: (n.failureSummary || "").slice(0, 300)})),
  }));
}"""


def axe(page: Any, url: str) -> list[dict[str, Any]]:
    """axe-core's violations on ``url``, opened in the Playwright ``page``."""
    page.goto(url, wait_until="networkidle")
    # A long page shows its blocks marked "later" a few per frame after it
    # loads (docs/assets/on-page.js): axe checks the page once all are shown.
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-later')")
    page.wait_for_timeout(400)  # the theme's colour transitions end
    page.add_script_tag(path=str(axe_path()))
    violations: list[dict[str, Any]] = page.evaluate(AXE_RUN)
    return violations


def axe_counts(violations: list[dict[str, Any]]) -> dict[str, int]:
    """How many elements each impact has (critical, serious, moderate, minor)."""
    counts = dict.fromkeys(("critical", "serious", "moderate", "minor"), 0)
    for violation in violations:
        counts[violation["impact"] or "minor"] += len(violation["nodes"])
    return counts


@contextmanager
def axe_browser() -> Iterator[Any]:
    """Headless Chromium, launched by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def axe_page(browser: Any, url: str, scheme: str) -> list[dict[str, Any]]:
    """axe on ``url`` in a fresh 1280 x 900 context of ``scheme``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  color_scheme=scheme)
    try:
        return axe(context.new_page(), url)
    finally:
        context.close()


#: The widths every page is measured at by :func:`axe_sweep`: a phone, a desktop.
SWEEP_WIDTHS = (390, 1280)
#: The API reference's pages (Sphinx) measured by the sweep: its two kinds.
API_KINDS = ("api", "api-module")
#: The serious and critical findings of one axe run, as short lines.
SERIOUS = ("serious", "critical")


def site_pages(site: Path) -> list[str]:
    """Every page of ``site`` the sweep measures, as paths under the site.

    Each page the MkDocs build made, in both editions (``fr/...``), without
    the 404 pages (no address leads to them as such), and of the API
    reference (Sphinx, one template for some 160 module pages) the pages of
    its two kinds (:data:`API_PAGES`).
    """
    pages: list[str] = []
    for path in sorted(site.rglob("index.html")):
        relative = path.relative_to(site).as_posix()
        if relative.startswith(("api/", "assets/", "pyodide/")):
            continue
        pages.append(relative[: -len("index.html")])
    return pages + [API_PAGES[kind] for kind in API_KINDS]


#: The palette's switch, as the reader presses it (the theme's and the API reference's).
PALETTE_SWITCH = "form[data-md-component=palette] label:not([hidden])"
SCHEME_NAMES = {"default": "light", "slate": "dark"}


def _scheme_of(page: Any) -> str:
    return SCHEME_NAMES.get(
        page.evaluate("document.body.getAttribute('data-md-color-scheme')") or "", "light")


def axe_sweep(browser: Any, url: str, pages: list[str], width: int,
              say: Callable[[str], None] | None = None) -> dict[str, dict[str, list[Any]]]:
    """axe-core's violations on each of ``pages`` at ``width``, in both schemes.

    One context per width, one load per page: axe runs in the scheme the page
    opens in, then the palette's switch is pressed (as a reader does; the
    context keeps the choice, so the next page opens in it) and axe runs
    again. Colour transitions are off, so each run sees a scheme's final
    colours. Returns ``{page: {scheme: violations}}``.
    """
    say = say or (lambda line: print(line, file=sys.stderr))
    found: dict[str, dict[str, list[Any]]] = {}
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 800 else 844},
                                  color_scheme="light")
    try:
        page = context.new_page()
        for path in pages:
            start = time.monotonic()
            page.goto(url + path, wait_until="load")
            page.wait_for_function(
                "() => !document.documentElement.hasAttribute('data-later')")
            page.add_style_tag(
                content="*, *::before, *::after { transition: none !important; }")
            page.add_script_tag(path=str(axe_path()))
            runs: dict[str, list[Any]] = {}
            for _ in SCHEMES:
                runs[_scheme_of(page)] = page.evaluate(AXE_RUN)
                if len(runs) == len(SCHEMES):
                    break
                before = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
                page.locator(PALETTE_SWITCH).first.click()
                page.wait_for_function(
                    "before => document.body.getAttribute('data-md-color-scheme') !== before",
                    arg=before)
            found[path] = runs
            say(f"audit: axe {width} px {path or '/'} in {time.monotonic() - start:.1f} s")
    finally:
        context.close()
    return found


def serious_findings(found: dict[str, dict[str, list[Any]]], width: int) -> list[str]:
    """The serious and critical findings of a sweep, one line each."""
    lines: list[str] = []
    for path, runs in found.items():
        for scheme, violations in runs.items():
            lines.extend(
                f"/{path} ({width} px, {scheme}): {v['impact']} {v['id']} x{len(v['nodes'])}: "
                f"{v['help']} [{'; '.join(node['target'] for node in v['nodes'][:4])}]"
                for v in violations if v["impact"] in SERIOUS)
    return lines
